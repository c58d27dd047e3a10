"""Sentences of Island Pineapple: boards, variants, wild deuces and aces, the showdown.

The deciding modules: scoring/island*.py.
"""

from __future__ import annotations

from scoring.wording.base import Sentence

SENTENCES: dict[str, Sentence] = {}
