"""Sentences of Pineapple, Crazy and Lazy Pineapple: hands, pots, hi-lo.

The deciding modules: scoring/pineapple*.py, pots.py.
"""

from __future__ import annotations

from scoring.wording.base import Sentence

SENTENCES: dict[str, Sentence] = {}
