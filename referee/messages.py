"""The engines' records (``scoring.messages``) said in the reader's language.

The wording layer says them (``scoring.wording.speak``) through the project's catalogue for the
active language, read by the standard library's ``gettext`` as anywhere else the wording runs:
the engines' sentences are all in that catalogue, and a ``GNUTranslations`` answers a sentence in
a dict lookup (Django's translation functions, for the same answer, cost a ruled answer in
Japanese some 0.16 ms more on a 3-player table's 12 rulings). English is the engine's own
text, so it is used as it is.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from django.conf import settings
from django.utils.functional import lazy
from django.utils.translation import get_language

from scoring.errors import InputError
from scoring.messages import Message
from scoring.readings import Switch
from scoring.wording.speak import listed, speak


def english() -> bool:
    """Whether the reader's language is English, the engines' own."""
    return (get_language() or "en").split("-")[0] == "en"


@cache  # the catalogue is compiled before the server starts (make messages)
def catalogue(language: str) -> gettext.NullTranslations:
    """The project's catalogue for a language (none: the English as written)."""
    return gettext.translation("django", settings.LOCALE_PATHS[0], [language], fallback=True)


def said(message: str | Message | Mapping[str, Any], english_text: str = "") -> str:
    """A message in the reader's language; a stored one that no longer reads falls back to its
    English (``english_text``), and plain text is said as it is."""
    if isinstance(message, str):
        return message
    if english():
        return str(message) if isinstance(message, Message) else english_text
    stored = message.as_dict() if isinstance(message, Message) else message
    try:
        return speak(stored, catalogue(get_language()))
    except (KeyError, TypeError, ValueError):  # a case from an older catalogue or engine
        return english_text or str(message)


def either(choices: Iterable[object]) -> str:
    """Choices in the reader's language, as the engines list them: "2 or 3", "14, 15, 16 or 17"."""
    return listed([str(choice) for choice in choices], catalogue(get_language() or "en"), "either")


# A message said when it is shown, not when it is made: for labels and choices built at import.
said_lazy = lazy(said, str)


def reads(switch: Switch, value: str) -> str:
    """What a switchable reading holds, in the reader's language."""
    return said(switch.said.get(value) or switch.says[value])


def localized_errors(error: InputError) -> dict[str, list[str]]:
    """An engine's refusal, each message at its place, in the reader's language."""
    return {place: [said(m) for m in messages] for place, messages in error.messages.items()}
