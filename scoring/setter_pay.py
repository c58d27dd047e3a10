"""What each hand pays under a ruleset, on the setter's scale (``scoring.setter_scale``).

Each row's royalty and whether it stays in Fantasyland, for every place on the scale, tabulated
once per ruleset, with the best of each per category that the bounds (``scoring.setter_bounds``)
read.

>>> from scoring.rulesets import get_ruleset
>>> from scoring.setter_scale import PLACE
>>> pay = pay_table(get_ruleset("pineapple-2p-v1"))
>>> queens, deuces = PLACE[(1, (12, 2))], PLACE[(3, (2,))]  # a pair of queens, trips of twos
>>> pay.royalty["top"][queens], pay.stays["top"][queens], pay.stays["top"][deuces]
(7, False, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.hands import Category
from scoring.rulesets import ROWS, Ruleset
from scoring.setter_scale import CATEGORY, KEYS, PAIR_TOP, STRONGEST, TOP3, TRIPS_TOP


@dataclass(frozen=True)
class Pay:
    """Each row's royalty and stay for every place on the scale, and their best per category."""

    royalty: dict[str, tuple[int, ...]]
    stays: dict[str, tuple[bool, ...]]
    # For a middle of category at most c: the best royalty and whether any such middle stays.
    middle_up_to: tuple[tuple[int, bool], ...]
    # For a bottom of category c: its royalty and stay (they depend on the category alone).
    bottom_of: tuple[tuple[int, bool], ...]
    # For a top: trips by rank, pairs by rank (royalty, stays), and a high card (the most any
    # high-card top pays, and whether it stays). A pair or a high card stays under a house stay
    # on top of ``pair`` or ``high_card`` (``scoring.house`` accepts both); the bounds read the
    # stay from here, never assume it.
    trips: tuple[tuple[int, bool], ...]
    pairs: tuple[tuple[int, bool], ...]
    high: tuple[int, bool]


_PAY_TABLES: dict[str, tuple[Ruleset, Pay]] = {}


def pay_table(rules: Ruleset) -> Pay:
    """Tabulate a ruleset's royalties and stay rule on the scale (once per ruleset)."""
    known = _PAY_TABLES.get(rules.key)
    if known is not None and (known[0] is rules or known[0] == rules):
        return known[1]
    pay = _tabulate(rules)
    _PAY_TABLES[rules.key] = (rules, pay)
    return pay


def _tabulate(rules: Ruleset) -> Pay:
    assert rules.fantasyland is not None
    stay = rules.fantasyland.stay
    royalty = {
        row: tuple(rules.royalty(row, Category(key[0]), key[1][0]) for key in KEYS) for row in ROWS
    }
    stays = {
        row: tuple(stay[row] is not None and key[0] >= stay[row] for key in KEYS)  # type: ignore[operator]
        for row in ROWS
    }
    middle_up_to = []
    for category in range(10):
        places = [p for p in range(len(KEYS)) if CATEGORY[p] <= category]
        middle_up_to.append(
            (max(royalty["middle"][p] for p in places), any(stays["middle"][p] for p in places))
        )
    bottom_of = tuple(
        (royalty["bottom"][STRONGEST[c]], stays["bottom"][STRONGEST[c]]) for c in range(10)
    )
    trips = tuple(
        (royalty["top"][TRIPS_TOP[r]], stays["top"][TRIPS_TOP[r]]) if r > 1 else (0, False)
        for r in range(15)
    )
    # A pair's royalty and stay look at its rank and category alone: any kicker stands for all.
    pair_places = [PAIR_TOP[r][2 if r != 2 else 3] for r in range(15)]
    pairs = tuple(
        (royalty["top"][pair_places[r]], stays["top"][pair_places[r]]) if r > 1 else (0, False)
        for r in range(15)
    )
    high_tops = [p for p in TOP3.values() if CATEGORY[p] == Category.HIGH_CARD]
    high = (max(royalty["top"][p] for p in high_tops), any(stays["top"][p] for p in high_tops))
    return Pay(royalty, stays, tuple(middle_up_to), bottom_of, trips, pairs, high)
