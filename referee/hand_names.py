"""Hand names in the reader's language: the wording layer's (``scoring.wording.hands``), said
through Django's active translation. English is the engine's own wording (``Hand.name``)."""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import get_language

from scoring.hands import Category, Hand, Low
from scoring.wording import hands
from scoring.wording.hands import rank_symbol

__all__ = ["category_name", "hand_name", "low_name", "rank_symbol", "row_name"]


def _english() -> bool:
    return (get_language() or "en").split("-")[0] == "en"


def category_name(category: Category) -> str:
    """The category alone: "Two pair", or ツーペア in Japanese."""
    return hands.category_name(int(category), translation)


def row_name(row: str) -> str:
    """An OFC row's name, capitalised: "Top", or トップ in Japanese."""
    return hands.row_name(row, translation)


def hand_name(hand: Hand) -> str:
    """Say a hand the way a dealer at this reader's table would."""
    return hand.name if _english() else hands.hand_name(hand.category, hand.ranks, translation)


def low_name(low: Low) -> str:
    """An eight-or-better low by the ranks that tell it apart: "7-5-4 low"."""
    return low.name if _english() else hands.low_name(low.ranks, translation)
