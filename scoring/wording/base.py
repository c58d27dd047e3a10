"""What a wording module is made of: sentences keyed by the kind of decision they word.

A wording module (one per game, ``scoring/wording/<game>.py``) holds ``SENTENCES``: for each kind
of record the engine makes (``say("ofc.foul", ...)``), its English sentence, which is also the
translation catalogue's msgid. ``makemessages`` finds them by the marks below (keywords ``N_``
and ``Plural:1,2``, ``referee/management/commands/makemessages.py``); nothing here imports
Django, so the same sentences are said wherever the engine runs.
"""

from __future__ import annotations

from dataclasses import dataclass


def N_(msgid: str) -> str:
    """Mark an English sentence for the catalogue, as it is."""
    return msgid


@dataclass(frozen=True, slots=True)
class Plural:
    """A sentence whose words follow a number: ``count`` names the value that decides."""

    one: str
    other: str
    count: str = "count"


Sentence = str | Plural
