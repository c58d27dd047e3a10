"""Sentences of the Fantasyland setter: the best setting of a Fantasyland hand.

The deciding modules: scoring/setter*.py.
"""

from __future__ import annotations

from scoring.wording.base import Sentence

SENTENCES: dict[str, Sentence] = {}
