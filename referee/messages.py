"""The engines' messages (``scoring.messages``) said in the reader's language.

A message comes as the engine made it or as a case stored it (``Message.as_dict()``): its
English template, looked up in the catalogue, and its values, each said in the same language
(a hand by ``hand_names``, a row by its dealer's name). English is the engine's own text, so
it is used as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.functional import lazy
from django.utils.translation import get_language, gettext, pgettext

from referee.hand_names import hand_name, low_name, row_name
from scoring.errors import InputError
from scoring.hands import Category, Hand, Low
from scoring.messages import Message
from scoring.readings import Switch


def english() -> bool:
    """Whether the reader's language is English, the engines' own."""
    return (get_language() or "en").split("-")[0] == "en"


def _listed(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return pgettext("list", ", ").join(items[:-1]) + pgettext("list", " and ") + items[-1]


def _value(value: Any) -> str:
    if not isinstance(value, Mapping):
        return str(value)
    if "hand" in value:
        category, ranks = value["hand"]
        return hand_name(Hand(Category(category), tuple(ranks)))
    if "low" in value:
        return low_name(Low(tuple(value["low"])))
    if "row" in value:
        return row_name(value["row"]).lower()
    if "message" in value:
        return _said(value["message"])
    if "capital" in value:
        said_here = _value(value["capital"])
        return said_here[:1].upper() + said_here[1:]
    return _listed([_value(item) for item in value["list"]])


def _said(message: Mapping[str, Any]) -> str:
    template = gettext(message["template"])
    fields = message.get("fields") or {}
    return template % {key: _value(value) for key, value in fields.items()} if fields else template


def said(message: str | Message | Mapping[str, Any], english_text: str = "") -> str:
    """A message in the reader's language; a stored one that no longer reads falls back to its
    English (``english_text``), and plain text is said as it is."""
    if isinstance(message, str):
        return message
    if english():
        return str(message) if isinstance(message, Message) else english_text
    stored = message.as_dict() if isinstance(message, Message) else message
    try:
        return _said(stored)
    except (KeyError, TypeError, ValueError):  # a case from an older catalogue or engine
        return english_text or str(message)


# A message said when it is shown, not when it is made: for labels and choices built at import.
said_lazy = lazy(said, str)


def reads(switch: Switch, value: str) -> str:
    """What a switchable reading holds, in the reader's language."""
    return said(switch.said.get(value) or switch.says[value])


def localized_errors(error: InputError) -> dict[str, list[str]]:
    """An engine's refusal, each message at its place, in the reader's language."""
    return {place: [said(m) for m in messages] for place, messages in error.messages.items()}
