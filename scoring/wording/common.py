"""Sentences shared by every game: cards, hands, players, readings, rulesets, rulings."""

from __future__ import annotations

from scoring.wording.base import Sentence

SENTENCES: dict[str, Sentence] = {}
