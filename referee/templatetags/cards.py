"""Render cards as cards: `{% load cards %}{% cards card_list %}`."""

from collections.abc import Iterable
from dataclasses import dataclass

from django import template
from django.utils.translation import get_language, pgettext

from referee.hand_names import rank_symbol
from scoring.cards import Card, CardError, parse_cards

register = template.Library()

# The suits' spoken names, for a screen reader (the card itself shows its symbol).
SUIT_NAMES = {
    "s": lambda: pgettext("suit", "spades"),
    "h": lambda: pgettext("suit", "hearts"),
    "d": lambda: pgettext("suit", "diamonds"),
    "c": lambda: pgettext("suit", "clubs"),
}


@dataclass(frozen=True)
class CardFace:
    """What the template needs to draw one card."""

    card: Card

    is_joker = property(lambda self: self.card.is_joker)
    is_red = property(lambda self: self.card.is_red)
    suit = property(lambda self: self.card.suit)
    symbol = property(lambda self: self.card.symbol)

    @property
    def name(self) -> str:
        """The card's spoken name in the reader's language: "queen of spades", スペードのQ."""
        if (get_language() or "en").split("-")[0] == "en":
            return self.card.name
        if self.card.is_joker:
            return pgettext("card", "Joker")
        suit = SUIT_NAMES[self.card.suit]()
        return pgettext("card: suit, rank", "%(rank)s of %(suit)s") % {
            "rank": rank_symbol(self.card.rank),
            "suit": suit,
        }

    @property
    def rank_label(self) -> str:
        return "10" if self.card.rank == 10 else self.card.rank_char


def _faces(value: object) -> list[CardFace]:
    if value is None or value == "":
        return []
    if isinstance(value, Card):
        return [CardFace(value)]
    if isinstance(value, str):
        try:
            return [CardFace(card) for card in parse_cards(value)]
        except CardError:
            return []
    if isinstance(value, Iterable):
        return [face for item in value for face in _faces(item)]
    return []


@register.inclusion_tag("includes/cards.html")
def cards(value: object, extra_class: str = "") -> dict[str, object]:
    """Draw Card objects or card text (a string or a list of strings) as small cards; with the
    class "wild", each is a Joker that became that card, and is named so."""
    return {
        "cards": _faces(value),
        "extra_class": extra_class,
        "wild": "wild" in extra_class.split(),
    }
