"""Hand names in the reader's language, built from the hand itself (its category and ranks).

The engine (`scoring.hands`) names hands in English prose; the web layer says them in the
active language from the same structure, never by reading the English back. English is the
engine's own wording; another language puts its words from the catalogue around the ranks,
written as on the cards (`Q`, `10`, `A`): "Qのワンペア（7キッカー）".
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import get_language, pgettext

from scoring.cards import RANK_CHARS
from scoring.hands import Category, Hand, Low

# The category's name alone (a choice, a setting), in the reader's language.
CATEGORY_NAMES = {
    Category.HIGH_CARD: lambda: pgettext("hand category", "High card"),
    Category.PAIR: lambda: pgettext("hand category", "Pair"),
    Category.TWO_PAIR: lambda: pgettext("hand category", "Two pair"),
    Category.THREE_OF_A_KIND: lambda: pgettext("hand category", "Three of a kind"),
    Category.STRAIGHT: lambda: pgettext("hand category", "Straight"),
    Category.FLUSH: lambda: pgettext("hand category", "Flush"),
    Category.FULL_HOUSE: lambda: pgettext("hand category", "Full house"),
    Category.FOUR_OF_A_KIND: lambda: pgettext("hand category", "Four of a kind"),
    Category.STRAIGHT_FLUSH: lambda: pgettext("hand category", "Straight flush"),
    Category.ROYAL_FLUSH: lambda: pgettext("hand category", "Royal flush"),
}


# The OFC rows, as the dealer calls them.
ROW_NAMES = {
    "top": lambda: pgettext("OFC row", "Top"),
    "middle": lambda: pgettext("OFC row", "Middle"),
    "bottom": lambda: pgettext("OFC row", "Bottom"),
}


def row_name(row: str) -> str:
    """An OFC row's name, capitalised: "Top", or トップ in Japanese."""
    return ROW_NAMES[row]()


def _english() -> bool:
    return (get_language() or "en").split("-")[0] == "en"


def rank_symbol(rank: int) -> str:
    """A rank as printed on a card: 2-9, 10, J, Q, K, A (an ace in a low is 1, printed A)."""
    if rank in (1, 14):
        return "A"
    return "10" if rank == 10 else RANK_CHARS[rank - 2]


def _ranks(ranks: Sequence[int]) -> str:
    return pgettext("hand name: between ranks", ", ").join(map(rank_symbol, ranks))


def _kickers(ranks: Sequence[int]) -> str:
    if not ranks:
        return ""
    if len(ranks) == 1:
        return pgettext("hand name", ", %(rank)s kicker") % {"rank": rank_symbol(ranks[0])}
    return pgettext("hand name", ", kickers %(ranks)s") % {"ranks": _ranks(ranks)}


def category_name(category: Category) -> str:
    """The category alone: "Two pair", or ツーペア in Japanese."""
    return CATEGORY_NAMES[category]()


def hand_name(hand: Hand) -> str:
    """Say a hand the way a dealer at this reader's table would."""
    if _english():
        return hand.name
    ranks = hand.ranks
    top = rank_symbol(ranks[0])
    match hand.category:
        case Category.HIGH_CARD:
            text = pgettext("hand name", "%(rank)s high") % {"rank": top}
            if ranks[1:]:
                text += pgettext("hand name", ", then %(ranks)s") % {"ranks": _ranks(ranks[1:])}
            return text
        case Category.PAIR:
            text = pgettext("hand name", "Pair of %(rank)s") % {"rank": top}
            return text + _kickers(ranks[1:])
        case Category.TWO_PAIR:
            text = pgettext("hand name", "%(high)s and %(low)s, two pair") % {
                "high": top,
                "low": rank_symbol(ranks[1]),
            }
            return text + _kickers(ranks[2:])
        case Category.THREE_OF_A_KIND:
            text = pgettext("hand name", "Three %(rank)s") % {"rank": top}
            return text + _kickers(ranks[1:])
        case Category.STRAIGHT:
            return pgettext("hand name", "%(rank)s-high straight") % {"rank": top}
        case Category.FLUSH:
            text = pgettext("hand name", "%(rank)s-high flush") % {"rank": top}
            return text + pgettext("hand name", ", then %(ranks)s") % {"ranks": _ranks(ranks[1:])}
        case Category.FULL_HOUSE:
            return pgettext("hand name", "%(three)s full of %(two)s") % {
                "three": top,
                "two": rank_symbol(ranks[1]),
            }
        case Category.FOUR_OF_A_KIND:
            text = pgettext("hand name", "Four %(rank)s") % {"rank": top}
            return text + _kickers(ranks[1:])
        case Category.STRAIGHT_FLUSH:
            return pgettext("hand name", "%(rank)s-high straight flush") % {"rank": top}
        case _:
            return pgettext("hand name", "Royal flush")


def low_name(low: Low) -> str:
    """An eight-or-better low by the ranks that tell it apart: "7-5-4 low"."""
    if _english():
        return low.name
    named = 1
    while tuple(low.ranks[named:]) != tuple(range(len(low.ranks) - named, 0, -1)):
        named += 1
    ranks = "-".join(rank_symbol(rank) for rank in low.ranks[:named])
    return pgettext("hand name", "%(ranks)s low") % {"ranks": ranks}
