"""Records of what the engines decided, worded only when they are read.

An engine decides and records: ``say(kind, **values)``, the kind of decision ("ofc.foul") and
its values. Its sentence lives in the game's wording module (``scoring.wording``), which says it
in any language (``scoring.wording.speak``); ``str()`` of a record is its English, and
``as_dict()`` keeps the kind and the values (with the English msgid), as a case stores it.
The engine never imports Django.

A value is kept as what it is, so each language can say it its own way:

- text and numbers (a player's name, a card such as ``Qs``, ``+3``) read the same in every
  language;
- a ``Term`` is a value each language names its own way: a ``Hand`` or a ``Low``
  (``scoring.hands``), named by the web layer (English puts it mid-sentence: "pair of queens");
  ``Row("top")``, an OFC row; ``Capital(value)``, a value that starts a clause, so English
  capitalises it ("best hand: Pair of aces");
- a ``Message`` is a phrase said on its own (a variant's name, a clause), and a list of values is
  said as a list ("A, B and C"); ``Either(items)``, choices ("A, B or C"); ``Commas(items)``,
  parts side by side ("A, B, C").

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

from scoring.wording import Plural, sentence


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


@dataclass(frozen=True)
class Either(Term):
    """Choices, said as the language lists alternatives: "5", "5 or 7", "3, 5 or 7"."""

    items: tuple[Value, ...]

    def english(self) -> str:
        return joined([_english(item) for item in self.items], " or ")

    def encoded(self) -> Any:
        return {"either": [_encoded(item) for item in self.items]}


@dataclass(frozen=True)
class Commas(Term):
    """Parts side by side, never joined by "and": "+3 against Bob, -2 against Cy"."""

    items: tuple[Value, ...]

    def english(self) -> str:
        return ", ".join(_english(item) for item in self.items)

    def encoded(self) -> Any:
        return {"commas": [_encoded(item) for item in self.items]}


Value = Union[str, int, Term, "Message", Sequence["Value"]]


def joined(items: Sequence[str], last: str = " and ") -> str:
    """English's list: "Ann", "Ann and Bob", "Ann, Bob and Cy" (or with ``last`` " or ")."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + last + items[-1]


def _english(value: Value) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, Term):
        return value.english()
    if isinstance(value, Message | int):
        return str(value)
    return joined([_english(item) for item in value])


def _encoded(value: Value) -> Any:
    if isinstance(value, str | int):
        return value
    if isinstance(value, Term):
        return value.encoded()
    if isinstance(value, Message):
        return {"message": value.as_dict()}
    return {"list": [_encoded(item) for item in value]}


@dataclass(frozen=True, slots=True)
class Message:
    """A record of what was decided, to be worded: its kind and its values.

    The kind names the sentence in the wording layer (``scoring.wording``: "ofc.foul"); a name
    kept as data (a ruleset's ``say("Joker OFC")``) is its own msgid. ``str()`` is the English.
    """

    kind: str
    values: Mapping[str, Value]

    @property
    def template(self) -> str:
        """The English sentence this record is said with: the catalogue's msgid."""
        said = sentence(self.kind)
        if isinstance(said, Plural):
            return said.one if self.values[said.count] == 1 else said.other
        return said

    def __str__(self) -> str:
        template = self.template
        if not self.values:
            return template
        return template % {key: _english(value) for key, value in self.values.items()}

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "template": self.template,
            "fields": {key: _encoded(value) for key, value in self.values.items()},
        }


class Unstopped(Message):
    """A sentence inside a longer one: its English without the final period (other languages
    say it whole, from the same sentence)."""

    __slots__ = ()

    def __str__(self) -> str:
        return super().__str__().rstrip(".")


# The engines make tens of records per call: ``say`` fills a new record's two slots directly,
# as the frozen dataclass's own __init__ would through object.__setattr__ (3,500 instructions a
# record instead of 5,000, counted by cachegrind).
_new_record = object.__new__
_set_kind = Message.__dict__["kind"].__set__  # the slots' own setters
_set_values = Message.__dict__["values"].__set__


def say(kind: str, /, **values: Value) -> Message:
    """A record to be said in any language: ``kind`` is a sentence's key in ``scoring.wording``
    (or a name's own msgid), a string literal."""
    record = _new_record(Message)
    _set_kind(record, kind)
    _set_values(record, values)
    return record
