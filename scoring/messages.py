"""Engine prose as messages: an English template and the values in it.

The engines speak English, but a ruling or a refusal is also read in other languages. So a
sentence is built as ``say(template, **values)``: ``str()`` of it is the English, and its
``as_dict()`` keeps the template (the translation catalogue's msgid: ``makemessages`` finds
every ``say("...")`` in the code, see ``referee/management/commands/makemessages.py``) with its
values, from which the web layer says it again in the reader's language (``referee.messages``).
The engine never imports Django.

A value is kept as what it is, so each language can say it its own way:

- text and numbers (a player's name, a card such as ``Qs``, ``+3``) read the same in every
  language;
- a ``Term`` is a value each language names its own way: a ``Hand`` or a ``Low``
  (``scoring.hands``), named by the web layer (English puts it mid-sentence: "pair of queens");
  ``Row("top")``, an OFC row; ``Capital(value)``, a value that starts a clause, so English
  capitalises it ("best hand: Pair of aces");
- a ``Message`` is a phrase said on its own (a variant's name, a clause), and a list of values is
  said as a list ("A, B and C").

>>> from scoring.hands import Category, Hand
>>> str(say("%(name)s's %(row)s row is %(hand)s.", name="Ann", row=Row("top"),
...         hand=Hand(Category.PAIR, (12, 7))))
"Ann's top row is pair of queens, seven kicker."
>>> say("%(items)s fold.", items=["Ann", "Bob", "Cy"]).as_dict()["fields"]["items"]
{'list': ['Ann', 'Bob', 'Cy']}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Union


class Term:
    """A value each language names its own way; this module names it in English and encodes it.

    It imports nothing from the engines, so that every module may say things: the things said
    (hands, lows, rows) are Terms, and say themselves.
    """

    __slots__ = ()

    def english(self) -> str:
        """The term in an English sentence."""
        raise NotImplementedError

    def encoded(self) -> Any:
        """The term as ``Message.as_dict()`` keeps it, for the web layer to say again."""
        raise NotImplementedError


@dataclass(frozen=True)
class Row(Term):
    """An OFC row ("top", "middle", "bottom") inside a sentence."""

    name: str

    def english(self) -> str:
        return self.name

    def encoded(self) -> Any:
        return {"row": self.name}


@dataclass(frozen=True)
class Capital(Term):
    """A value that starts a clause: capitalised in English."""

    value: Value

    def english(self) -> str:
        said = _english(self.value)
        return said[:1].upper() + said[1:]

    def encoded(self) -> Any:
        return {"capital": _encoded(self.value)}


Value = Union[str, int, Term, "Message", Sequence["Value"]]


def and_list(items: Sequence[str]) -> str:
    """English's list: "Ann", "Ann and Bob", "Ann, Bob and Cy"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _english(value: Value) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, Term):
        return value.english()
    if isinstance(value, Message | int):
        return str(value)
    return and_list([_english(item) for item in value])


def _encoded(value: Value) -> Any:
    if isinstance(value, str | int):
        return value
    if isinstance(value, Term):
        return value.encoded()
    if isinstance(value, Message):
        return {"message": value.as_dict()}
    return {"list": [_encoded(item) for item in value]}


@dataclass(frozen=True)
class Message:
    """One sentence or phrase: its English template (``%(name)s`` placeholders) and values."""

    template: str
    values: Mapping[str, Value]

    def __str__(self) -> str:
        if not self.values:
            return self.template
        return self.template % {key: _english(value) for key, value in self.values.items()}

    def as_dict(self) -> dict[str, Any]:
        return {
            "template": self.template,
            "fields": {key: _encoded(value) for key, value in self.values.items()},
        }


def say(template: str, **values: Value) -> Message:
    """A message to be read in any language; the template must be a string literal."""
    return Message(template, values)
