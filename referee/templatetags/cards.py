"""Render cards as cards: `{% load cards %}{% cards card_list %}`."""

from collections.abc import Iterable
from dataclasses import dataclass

from django import template

from scoring.cards import Card, CardError, parse_cards

register = template.Library()


@dataclass(frozen=True)
class CardFace:
    """What the template needs to draw one card."""

    card: Card

    is_joker = property(lambda self: self.card.is_joker)
    is_red = property(lambda self: self.card.is_red)
    suit = property(lambda self: self.card.suit)
    symbol = property(lambda self: self.card.symbol)
    name = property(lambda self: self.card.name)

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
    """Draw Card objects or card text (a string or a list of strings) as small cards."""
    return {"cards": _faces(value), "extra_class": extra_class}
