"""Hand names in a language, built from the hand as a record keeps it: its category and ranks.

The engine (``scoring.hands``) names hands in English; another language puts its words from
the catalogue around the ranks, written as on the cards (``Q``, ``10``, ``A``):
"Qのワンペア（7キッカー）". A category is its number in ``scoring.hands.Category`` (high card
0 ... royal flush 9), as ``Hand.encoded()`` writes it; this module imports no engine.
``t`` is a translations object (``pgettext``), as ``scoring.wording.speak`` describes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class Translations(Protocol):
    """The standard interface: ``django.utils.translation`` or a ``gettext.GNUTranslations``."""

    def gettext(self, message: str, /) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...
    def pgettext(self, context: str, message: str, /) -> str: ...


def category_name(category: int, t: Translations) -> str:
    """The category alone (a choice, a setting): "Two pair", or ツーペア in Japanese."""
    match category:
        case 0:
            return t.pgettext("hand category", "High card")
        case 1:
            return t.pgettext("hand category", "Pair")
        case 2:
            return t.pgettext("hand category", "Two pair")
        case 3:
            return t.pgettext("hand category", "Three of a kind")
        case 4:
            return t.pgettext("hand category", "Straight")
        case 5:
            return t.pgettext("hand category", "Flush")
        case 6:
            return t.pgettext("hand category", "Full house")
        case 7:
            return t.pgettext("hand category", "Four of a kind")
        case 8:
            return t.pgettext("hand category", "Straight flush")
        case _:
            return t.pgettext("hand category", "Royal flush")


def row_name(row: str, t: Translations) -> str:
    """An OFC row's name as the dealer calls it, capitalised: "Top", or トップ in Japanese."""
    match row:
        case "top":
            return t.pgettext("OFC row", "Top")
        case "middle":
            return t.pgettext("OFC row", "Middle")
        case _:
            return t.pgettext("OFC row", "Bottom")


def rank_symbol(rank: int) -> str:
    """A rank as printed on a card: 2-9, 10, J, Q, K, A (an ace in a low is 1, printed A)."""
    if rank in (1, 14):
        return "A"
    return "10" if rank == 10 else "23456789TJQK"[rank - 2]


def _ranks(ranks: Sequence[int], t: Translations) -> str:
    return t.pgettext("hand name: between ranks", ", ").join(map(rank_symbol, ranks))


def _kickers(ranks: Sequence[int], t: Translations) -> str:
    if not ranks:
        return ""
    if len(ranks) == 1:
        return t.pgettext("hand name", ", %(rank)s kicker") % {"rank": rank_symbol(ranks[0])}
    return t.pgettext("hand name", ", kickers %(ranks)s") % {"ranks": _ranks(ranks, t)}


def hand_name(category: int, ranks: Sequence[int], t: Translations) -> str:
    """Say a hand the way a dealer at this reader's table would."""
    top = rank_symbol(ranks[0])
    match category:
        case 0:
            text = t.pgettext("hand name", "%(rank)s high") % {"rank": top}
            if ranks[1:]:
                text += t.pgettext("hand name", ", then %(ranks)s") % {
                    "ranks": _ranks(ranks[1:], t)
                }
            return text
        case 1:
            text = t.pgettext("hand name", "Pair of %(rank)s") % {"rank": top}
            return text + _kickers(ranks[1:], t)
        case 2:
            text = t.pgettext("hand name", "%(high)s and %(low)s, two pair") % {
                "high": top,
                "low": rank_symbol(ranks[1]),
            }
            return text + _kickers(ranks[2:], t)
        case 3:
            text = t.pgettext("hand name", "Three %(rank)s") % {"rank": top}
            return text + _kickers(ranks[1:], t)
        case 4:
            return t.pgettext("hand name", "%(rank)s-high straight") % {"rank": top}
        case 5:
            text = t.pgettext("hand name", "%(rank)s-high flush") % {"rank": top}
            return text + t.pgettext("hand name", ", then %(ranks)s") % {
                "ranks": _ranks(ranks[1:], t)
            }
        case 6:
            return t.pgettext("hand name", "%(three)s full of %(two)s") % {
                "three": top,
                "two": rank_symbol(ranks[1]),
            }
        case 7:
            text = t.pgettext("hand name", "Four %(rank)s") % {"rank": top}
            return text + _kickers(ranks[1:], t)
        case 8:
            return t.pgettext("hand name", "%(rank)s-high straight flush") % {"rank": top}
        case _:
            return t.pgettext("hand name", "Royal flush")


def low_name(low: Sequence[int], t: Translations) -> str:
    """An eight-or-better low (its ranks, highest first, an ace as 1) by the ranks that tell
    it apart: "7-5-4 low"."""
    named = 1
    while tuple(low[named:]) != tuple(range(len(low) - named, 0, -1)):
        named += 1
    ranks = "-".join(rank_symbol(rank) for rank in low[:named])
    return t.pgettext("hand name", "%(ranks)s low") % {"ranks": ranks}
