"""Sentences of the discard referee: missed, early and late discards (scoring/discards.py)."""

from __future__ import annotations

from scoring.wording.base import Sentence

SENTENCES: dict[str, Sentence] = {}
