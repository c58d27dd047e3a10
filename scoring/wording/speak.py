"""A record said in a language: its sentence from the wording layer, its values said alike.

``t`` is a translations object with the standard interface (``gettext``, ``ngettext``,
``pgettext``): Django's ``django.utils.translation`` on the server, a ``gettext.GNUTranslations``
from the same catalogues anywhere else. A record comes as the engine made it (``Message``) or as
a case stored it (``Message.as_dict()``); a case stored before records had kinds (``Case.schema``
1 and 2) keeps its English template, which is looked up as it is. English readers are given the
engine's own English (``str(record)``: "pair of queens" where a catalogue says "Pair of Q").

>>> import gettext
>>> from scoring.messages import say
>>> speak(say("%(items)s fold.", items=["Ann", "Bob", "Cy"]), gettext.NullTranslations())
'Ann, Bob and Cy fold.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.wording import SENTENCES, Plural
from scoring.wording.hands import Translations, hand_name, low_name, row_name


def listed(items: list[str], t: Translations, kind: str) -> str:
    """A list in the language's way: "A, B and C" (a list), "A, B or C" (``Either``) or
    "A, B, C" (``Commas``)."""
    if len(items) <= 1:
        return "".join(items)
    comma = t.pgettext("list", ", ")
    if kind == "either":
        last = t.pgettext("list", " or ")
    elif kind == "list":
        last = t.pgettext("list", " and ")
    else:
        last = comma
    return comma.join(items[:-1]) + last + items[-1]


def _value(value: Any, t: Translations) -> str:
    if not isinstance(value, Mapping):
        return str(value)
    if "hand" in value:
        category, ranks = value["hand"]
        return hand_name(category, ranks, t)
    if "low" in value:
        return low_name(value["low"], t)
    if "row" in value:
        return row_name(value["row"], t).lower()
    if "message" in value:
        return speak(value["message"], t)
    if "capital" in value:
        said_here = _value(value["capital"], t)
        return said_here[:1].upper() + said_here[1:]
    kind = next(iter(value))
    if kind not in ("list", "either", "commas"):
        raise KeyError(kind)
    return listed([_value(item, t) for item in value[kind]], t, kind)


def _template(stored: Mapping[str, Any], t: Translations) -> str:
    said = SENTENCES.get(stored.get("kind", ""))
    if said is None:  # a name's own msgid, or a case stored before kinds
        return t.gettext(stored.get("template") or stored["kind"])
    if isinstance(said, Plural):
        return t.ngettext(said.one, said.other, int(stored["fields"][said.count]))
    return t.gettext(said)


def speak(record: Any, t: Translations) -> str:
    """The record's sentence in the language of ``t``; raises KeyError, TypeError or ValueError
    on a stored record that no longer reads.

    ``record`` is a ``scoring.messages.Message`` or what its ``as_dict()`` gives: the wording
    reads records as they are stored, and imports no engine."""
    stored = record if isinstance(record, Mapping) else record.as_dict()
    template = _template(stored, t)
    fields = stored.get("fields") or {}
    if not fields:
        return template
    return template % {key: _value(value, t) for key, value in fields.items()}
