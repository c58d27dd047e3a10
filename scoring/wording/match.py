"""Sentences of an OFC match: hands, the button, Fantasyland between hands, standings.

The deciding modules: scoring/match.py, settlement.py.
"""

from __future__ import annotations

from scoring.wording.base import Sentence

SENTENCES: dict[str, Sentence] = {}
