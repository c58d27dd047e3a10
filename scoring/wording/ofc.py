"""Sentences of Open-Face Chinese Poker: rows, fouls, royalties, matchups, Jokers, Fantasyland.

The deciding modules: scoring/ofc*.py.
"""

from __future__ import annotations

from scoring.wording.base import Sentence

SENTENCES: dict[str, Sentence] = {}
