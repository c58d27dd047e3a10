"""Settings without Jokers completed greedily, for the Fantasyland setter's search.

With no Joker dealt, rows of trips or less need not be tried kicker by kicker: by the dominance
of kickers (``scoring.setter_deal.Deal.improvers``) the best kickers go to the bottom, then the
middle, then the top. These helpers find the cards each row's hand is made of (one choice of
suits: no flush is possible beside a pair) and complete the rows; where a completion fails, the
search tries every row of the category instead.

>>> from scoring.cards import parse_cards
>>> deal = Deal(parse_cards("Ah Ad Kc Qs 9h 7d 5c 3s"))
>>> [(ranks, deal.indices(made)) for ranks, made in made_parts(deal.ranks_in(deal.all), 1)]
[((14,), [0, 1])]
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from scoring.hands import Category
from scoring.setter_deal import Deal, Held, Row, Top
from scoring.setter_scale import CATEGORY, FIRST_RANK, PAIR_TOP, TOP3, UNIT


def made_parts(held: Held, category: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """The cards (one choice of suits) a middle of trips, two pair or a pair is made of, with
    their ranks, strongest first."""
    if category == Category.THREE_OF_A_KIND:
        for rank, cards in held:
            if len(cards) >= 3:
                yield (rank,), sum(1 << i for i in cards[:3])
    elif category == Category.TWO_PAIR:
        pairs = [(rank, cards) for rank, cards in held if len(cards) >= 2]
        for (high, upper), (low, lower) in itertools.combinations(pairs, 2):
            yield (high, low), sum(1 << i for i in upper[:2] + lower[:2])
    else:
        for rank, cards in held:
            if len(cards) >= 2:
                yield (rank,), sum(1 << i for i in cards[:2])


def best_kickers(deal: Deal, mask: int, exclude: tuple[int, ...], count: int) -> int | None:
    """The ``count`` highest cards of different ranks among ``mask``, outside ``exclude``."""
    taken, ranks = 0, set(exclude)
    for i in deal.indices(mask):
        if deal.rank[i] not in ranks:
            ranks.add(deal.rank[i])
            taken |= 1 << i
            count -= 1
            if count == 0:
                return taken
    return None


def top_below(top: int, middle_category: int, middle_ranks: tuple[int, ...]) -> bool:
    """Whether a top of this hand's shape can stand below a middle of these made ranks (a
    middle of trips or less): trips below higher trips, a pair below two pair or a pair no
    lower, a high card below anything."""
    category = CATEGORY[top]
    if category == Category.THREE_OF_A_KIND:
        return middle_category == Category.THREE_OF_A_KIND and FIRST_RANK[top] < middle_ranks[0]
    if category == Category.PAIR:
        if middle_category == Category.PAIR:
            return FIRST_RANK[top] <= middle_ranks[0]
        return middle_category >= Category.TWO_PAIR
    return True


def best_high_card(deal: Deal, mask: int) -> Row | None:
    """The strongest five cards of different ranks that make no straight and no flush."""
    held = deal.ranks_in(mask)
    for five in itertools.combinations(held, 5):
        choices = [cards for _, cards in five]
        for cards in itertools.product(*choices):
            row = deal.row(cards, 0)
            place, _, _, _, _ = row
            if CATEGORY[place] == Category.HIGH_CARD:
                return row
            if CATEGORY[place] == Category.STRAIGHT:
                break  # every choice of suits is a straight: try the next ranks
    return None


def complete_top(deal: Deal, mask: int, part: int, key: int, cap: int) -> Top | None:
    """The best top of a shape (trips, a pair, or nothing made) from its part and the cards
    left, not above cap; None if there is none."""
    cards = deal.indices(part)
    others = deal.indices(mask & ~part)
    if len(cards) == 3:
        return (key, tuple(cards), 0) if key <= cap else None
    if cards:
        rank = deal.rank[cards[0]]
        for i in others:
            if deal.rank[i] != rank and PAIR_TOP[rank][deal.rank[i]] <= cap:
                return (PAIR_TOP[rank][deal.rank[i]], tuple(sorted((*cards, i))), 0)
        return None
    held = deal.ranks_in(mask)
    for (first, high), (second, middle), (third, low) in itertools.combinations(held, 3):
        top = TOP3[UNIT[first] + UNIT[second] + UNIT[third]]
        if top <= cap:
            return (top, tuple(sorted((high[0], middle[0], low[0]))), 0)
    return None
