"""Render cards as cards: `{% load cards %}{% cards card_list %}`."""

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext, pgettext

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


# One card: its classes, its name (the tooltip), rank, suit symbol, and its name for a screen
# reader. Built with format_html rather than an included template: a result draws some 40 card
# lists, and including a template for each was 60% of an OFC page post's rendering.
CARD = (
    '<span class="{}" title="{}"><span class="rank">{}</span>'
    '<span class="suit" aria-hidden="true">{}</span><span class="visually-hidden">{}</span></span>'
)


@lru_cache(maxsize=1024)
def _drawn(card: Card, extra_class: str, language: str) -> SafeString:
    """One card's HTML, which depends on nothing else: drawn once per worker and language."""
    face = CardFace(card)
    classes = ["card"]
    if face.is_joker:
        classes.append("joker")
    elif face.is_red:
        classes.append("red")
    if face.suit:
        classes.append(f"suit-{face.suit}")
    if extra_class:
        classes.append(extra_class)
    name = face.name
    if "wild" in extra_class.split():
        name = gettext("Joker as %(card)s") % {"card": name}
    rank, symbol = ("★", "J") if face.is_joker else (face.rank_label, face.symbol)
    return format_html(CARD, " ".join(classes), name, rank, symbol, name)


@register.simple_tag
def cards(value: object, extra_class: str = "") -> SafeString:
    """Draw Card objects or card text (a string or a list of strings) as small cards; with the
    class "wild", each is a Joker that became that card, and is named so."""
    faces = _faces(value)
    if not faces:
        return format_html('<span class="cards"><span class="no-cards">{}</span></span>\n', "—")
    language = get_language() or ""
    drawn = format_html_join(
        "", "{}", ((_drawn(face.card, extra_class, language),) for face in faces)
    )
    return format_html('<span class="cards">{}</span>\n', drawn)  # a space after, as text has
