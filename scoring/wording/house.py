"""Sentences of a table's own house rules: settings, bases, readings (scoring/house.py)."""

from __future__ import annotations

from scoring.wording.base import Sentence

SENTENCES: dict[str, Sentence] = {}
