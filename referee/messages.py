"""The engines' records (``scoring.messages``) said in the reader's language.

The wording layer says them (``scoring.wording.speak``) through Django's active translation.
English is the engine's own text, so it is used as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils import translation
from django.utils.functional import lazy
from django.utils.translation import get_language

from scoring.errors import InputError
from scoring.messages import Message
from scoring.readings import Switch
from scoring.wording.speak import speak


def english() -> bool:
    """Whether the reader's language is English, the engines' own."""
    return (get_language() or "en").split("-")[0] == "en"


def said(message: str | Message | Mapping[str, Any], english_text: str = "") -> str:
    """A message in the reader's language; a stored one that no longer reads falls back to its
    English (``english_text``), and plain text is said as it is."""
    if isinstance(message, str):
        return message
    if english():
        return str(message) if isinstance(message, Message) else english_text
    stored = message.as_dict() if isinstance(message, Message) else message
    try:
        return speak(stored, translation)
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
