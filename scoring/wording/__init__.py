"""The wording layer: every sentence the engines say, one module per game, pure Python.

The engines decide and keep records (``scoring.messages.say(kind, **values)``); the modules here
hold each kind's sentence, and ``scoring.wording.speak`` says a record in any language through a
translations object with the standard ``gettext``/``ngettext``/``pgettext`` interface (Django's
``django.utils.translation`` on the server, a ``gettext.GNUTranslations`` anywhere else).
"""

from __future__ import annotations

from scoring.wording import common, discards, house, island, match, ofc, pineapple, setter
from scoring.wording.base import Plural, Sentence

__all__ = ["SENTENCES", "Plural", "Sentence", "sentence"]

SENTENCES: dict[str, Sentence] = {}
for _module in (common, ofc, island, pineapple, discards, house, match, setter):
    _clash = SENTENCES.keys() & _module.SENTENCES.keys()
    assert not _clash, f"kinds worded twice: {sorted(_clash)}"
    SENTENCES.update(_module.SENTENCES)


def sentence(kind: str) -> Sentence:
    """The English sentence for a kind of record; a name's own msgid (a ruleset's ``name``,
    ``say("Joker OFC")``) is its own sentence."""
    return SENTENCES.get(kind, kind)
