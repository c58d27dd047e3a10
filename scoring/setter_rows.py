"""The rows the Fantasyland setter's search tries, strongest first: five-card rows of a straight
or better listed once per deal (``StrongRows``), weaker ones made shape by shape as needed
(``weak_groups``), and the tops that fit under a middle (``top_choices``).

>>> from scoring.cards import parse_cards
>>> from scoring.setter_scale import KEYS
>>> deal = Deal(parse_cards("Ah Kh Qh Jh Th 9s 9d 9c 2c 3d 4s 5h 6d 7c"))
>>> [KEYS[place] for place, _, _, _, _ in StrongRows(deal).every(9)]
[(9, (14,))]
"""

from __future__ import annotations

import heapq
import itertools
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from operator import itemgetter
from typing import NamedTuple

from scoring.cards import SUITS
from scoring.hands import Category
from scoring.setter_deal import Deal, Held, Row, Top
from scoring.setter_scale import (
    CATEGORY,
    PAIR_TOP,
    PLAIN5,
    SHAPE,
    STRAIGHTS,
    TOP3,
    TRIPS_TOP,
    UNIT,
    Shape,
    first_at_most,
    five_options,
    top_options,
    unit,
)

# A row's place and Jokers (place, mask, jokers, counter, options = row), for sorting and
# filtering in C.
_PLACE, _JOKERS = itemgetter(0), itemgetter(2)


def _negated_place(row: Row) -> int:
    place, _, _, _, _ = row
    return -place


def row_shape(row: Row) -> Shape:
    """What a row makes, kickers left out (H35)."""
    place, _, _, _, _ = row
    return SHAPE[place]


# --- Rows of a straight or better: listed once per deal ------------------------------------------


def _suited(deal: Deal, held: Held, jokers: int) -> Iterator[Row]:
    """Rows whose real cards are all of one suit: flushes and straight flushes."""
    for suit in SUITS:
        cards = [i for i in range(deal.size) if deal.suit[i] == suit]
        for part in itertools.combinations(cards, 5 - jokers):
            yield deal.row(part, jokers)


def _quads(deal: Deal, held: Held, jokers: int) -> Iterator[Row]:
    """Rows with four of a rank once the Jokers join it (never five: JOKER-OFC 3.2). When the
    row holds every Joker, a kicker with more than eight better cards outside the row is left
    out: the middle and the top cannot take them all (the dominance of kickers,
    ``Deal.improvers``)."""
    size = 5 - jokers
    for rank, cards in held:
        others = [i for other, more in held if other != rank for i in more]
        better = _better(deal, others)
        for count in range(4 - jokers, min(4, len(cards), size) + 1):
            for part in itertools.combinations(cards, count):
                for kick in itertools.combinations(others, size - count):
                    if kick and jokers == deal.jokers and better[kick[0]] > 8:
                        break
                    yield deal.row(part + kick, jokers)


def _better(deal: Deal, cards: Sequence[int]) -> dict[int, int]:
    """How many of the cards (highest first) outrank each of them."""
    better, above, last = {}, 0, 0
    for place, i in enumerate(cards):
        if deal.rank[i] != last:
            above, last = place, deal.rank[i]
        better[i] = above
    return better


def _full_houses(deal: Deal, held: Held, jokers: int) -> Iterator[Row]:
    """Rows of two ranks only: three and two, or two and two with a Joker."""
    if jokers > 1:
        return
    sizes = (3, 2) if jokers == 0 else (2, 2)
    for (high, many), (low, few) in itertools.permutations(held, 2):
        if jokers and high < low:
            continue  # two and two: each pair of ranks once
        for part in itertools.combinations(many, sizes[0]):
            for rest in itertools.combinations(few, sizes[1]):
                yield deal.row(part + rest, jokers)


def _straights(deal: Deal, held: Held, jokers: int) -> Iterator[Row]:
    """Rows of different ranks within five in a row, not all of one suit (those are flushes);
    the ranks fix the hand, so it is looked up once for every choice of suits."""
    by_rank = dict(held)
    seen = set()
    for window in STRAIGHTS:
        present = [rank for rank in window if rank in by_rank]
        for chosen in itertools.combinations(present, 5 - jokers):
            if chosen in seen:
                continue
            seen.add(chosen)
            counter = sum(map(UNIT.__getitem__, chosen))
            options = five_options(counter, False, jokers) if jokers else (PLAIN5[counter],)
            for part in itertools.product(*(by_rank[rank] for rank in chosen)):
                mask = deal.mask(part)
                if mask & deal.suit_mask_of[part[0]] != mask:  # not all of one suit
                    yield (options[0], mask, jokers, counter, options)


_MAKERS: dict[int, Callable[[Deal, Held, int], Iterator[Row]]] = {
    int(Category.ROYAL_FLUSH): _suited,
    int(Category.STRAIGHT_FLUSH): _suited,
    int(Category.FLUSH): _suited,
    int(Category.FOUR_OF_A_KIND): _quads,
    int(Category.FULL_HOUSE): _full_houses,
    int(Category.STRAIGHT): _straights,
}


class _Tier(NamedTuple):
    """The rows of one category, strongest first, and their places negated (rising, to bisect)."""

    every: list[Row]
    plain: list[Row]  # those without Jokers
    with_jokers: list[Row]
    every_below: list[int]
    plain_below: list[int]


class StrongRows:
    """Every row of the deal that makes a straight or better, by category, strongest first;
    listed when first asked for (one maker lists the flushes and straight flushes)."""

    def __init__(self, deal: Deal) -> None:
        self.deal = deal
        self.held = deal.ranks_in(deal.all)
        self.best_category = deal.best_category(deal.all, deal.counter, deal.jokers)
        self.tiers: dict[int, _Tier] = {}

    def _tier(self, category: int) -> _Tier:
        """The rows of a category, listed the first time it or one of the same maker is asked
        for."""
        if category not in self.tiers:
            made: dict[int, list[Row]] = {
                c: [] for c, maker in _MAKERS.items() if maker is _MAKERS[category]
            }
            for jokers in range(min(self.deal.jokers, 2) + 1):
                for row in _MAKERS[category](self.deal, self.held, jokers):
                    made[CATEGORY[_PLACE(row)]].append(row)
            for tier, rows in made.items():
                rows.sort(key=_PLACE, reverse=True)
                plain = [row for row in rows if not _JOKERS(row)]
                self.tiers[tier] = _Tier(
                    rows,
                    plain,
                    [row for row in rows if _JOKERS(row)],
                    [-place for place, _, _, _, _ in rows],
                    [-place for place, _, _, _, _ in plain],
                )
        return self.tiers[category]

    def every(self, category: int) -> list[Row]:
        """The rows of a category, strongest first."""
        return self._tier(category).every

    def with_jokers_above(self, category: int, cap: int) -> list[Row]:
        """The rows of a category that hold a Joker and are above cap, strongest first."""
        rows = self._tier(category).with_jokers
        end = bisect_left(rows, -cap, key=_negated_place)
        return rows[:end]

    def at_most(self, category: int, cap: int, jokers: int) -> list[Row]:
        """The rows of a category not above cap (with Jokers only when any are left)."""
        tier = self._tier(category)
        rows, keys = (tier.every, tier.every_below) if jokers else (tier.plain, tier.plain_below)
        start = bisect_left(keys, -cap)
        return rows[start:] if start else rows


# --- Rows of trips or less: made on demand, shape by shape, strongest first ----------------------


# The rows of one shape and one number of Jokers, made when asked for:
#     shape, made, jokers, make = group
# ``made``: the ranks every row of the group holds (a counter); ``make()``: the group's rows,
# strongest first. A plain tuple, as a ``Row`` is (``scoring.setter_deal``): made per middle
# category under every bottom.
Group = tuple[Shape, int, int, Callable[[], Iterator[Row]]]
# Middles of one shape (and Jokers) under a bottom, strongest first:
#     shape, made, jokers, rows = group
MiddleGroup = tuple[Shape, int, int, Iterable[Row]]


def _kickers(held: Held, count: int, limit: int | None = None) -> Iterator[tuple[int, ...]]:
    """Cards of ``count`` different ranks among ``held``, highest ranks first; with a limit,
    only those passing over at most ``limit`` cards ranked above the lowest one chosen (the
    rest are dominated: ``Deal.improvers``)."""
    if limit is None:
        for chosen in itertools.combinations([cards for _, cards in held], count):
            yield from itertools.product(*chosen)
        return
    yield from _kickers_within(held, 0, count, limit, ())


def _kickers_within(
    held: Held, start: int, count: int, limit: int, chosen: tuple[list[int], ...]
) -> Iterator[tuple[int, ...]]:
    if count == 0:
        yield from itertools.product(*chosen)
        return
    for place in range(start, len(held) - count + 1):
        yield from _kickers_within(held, place + 1, count - 1, limit, (*chosen, held[place][1]))
        limit -= len(held[place][1])  # passed over: above every kicker still to choose
        if limit < 0:
            return


def _with(
    deal: Deal,
    parts: Iterable[tuple[int, ...]],
    held: Held,
    count: int,
    jokers: int,
    limit: int | None,
) -> Iterator[Row]:
    """Each part with ``count`` kickers from ``held``; kickers outside, so the order holds."""
    parts = list(parts)
    for kick in _kickers(held, count, limit):
        for part in parts:
            yield deal.row(part + kick, jokers)


def _trips(deal: Deal, held: Held, jokers: int, limit: int | None) -> Iterator[Group]:
    """Three of a rank (two and a Joker) and two kickers."""
    for rank, cards in held:
        if len(cards) >= 3 - jokers:
            others = [(r, c) for r, c in held if r != rank]
            parts = list(itertools.combinations(cards, 3 - jokers))
            make = lambda parts=parts, others=others: _with(deal, parts, others, 2, jokers, limit)  # noqa: E731
            yield ((3, (rank,)), (3 - jokers) * unit(rank), jokers, make)


def _two_pairs(deal: Deal, held: Held, limit: int | None) -> Iterator[Group]:
    """Two pairs and a kicker."""
    pairs = [(rank, cards) for rank, cards in held if len(cards) >= 2]
    for (high, upper), (low, lower) in itertools.combinations(pairs, 2):
        others = [(r, c) for r, c in held if r not in (high, low)]
        parts = [
            a + b
            for a in itertools.combinations(upper, 2)
            for b in itertools.combinations(lower, 2)
        ]
        make = lambda parts=parts, others=others: _with(deal, parts, others, 1, 0, limit)  # noqa: E731
        yield ((2, (high, low)), 2 * unit(high) + 2 * unit(low), 0, make)


def _pairs(deal: Deal, held: Held, limit: int | None) -> Iterator[Group]:
    """A pair and three kickers."""
    for rank, cards in held:
        if len(cards) >= 2:
            others = [(r, c) for r, c in held if r != rank]
            parts = list(itertools.combinations(cards, 2))
            make = lambda parts=parts, others=others: _with(deal, parts, others, 3, 0, limit)  # noqa: E731
            yield ((1, (rank,)), 2 * unit(rank), 0, make)


def _distinct(deal: Deal, held: Held, jokers: int, category: int) -> Iterator[Group]:
    """Real cards of different ranks that make ``category`` with the Jokers (not a straight or a
    flush): high card alone, a pair of the highest rank with one Joker, trips with two."""
    if category == Category.HIGH_CARD:
        yield ((0, ()), 0, 0, partial(_distinct_rows, deal, [()], held, 5, 0, category))
        return
    for place, (rank, cards) in enumerate(held):
        parts = [(card,) for card in cards]
        make = partial(_distinct_rows, deal, parts, held[place + 1 :], 4 - jokers, jokers, category)
        yield ((category, (rank,)), unit(rank), jokers, make)


def _distinct_rows(
    deal: Deal,
    parts: Sequence[tuple[int, ...]],
    lower: Held,
    count: int,
    jokers: int,
    category: int,
) -> Iterator[Row]:
    for row in _with(deal, parts, lower, count, jokers, None):
        place, _, _, _, _ = row
        if CATEGORY[place] == category:
            yield row


def weak_groups(
    deal: Deal, mask: int, jokers: int, category: int, least: int = 0, limit: int | None = None
) -> list[Group]:
    """The rows of trips or less from these cards, with up to ``jokers`` Jokers (at least
    ``least``), as groups of one shape each, strongest shape first; with a limit, kickers pass
    over at most that many better cards (``_kickers``)."""
    held = deal.ranks_in(mask)
    streams: list[tuple[int, Iterator[Group]]] = []
    if category == Category.THREE_OF_A_KIND:
        streams = [(j, _trips(deal, held, j, limit)) for j in range(min(jokers, 1) + 1)]
        if jokers >= 2:
            streams.append((2, _distinct(deal, held, 2, category)))
    elif category == Category.TWO_PAIR:
        streams = [(0, _two_pairs(deal, held, limit))]
    elif category == Category.PAIR:
        streams = [(0, _pairs(deal, held, limit))]
        if jokers >= 1:
            streams.append((1, _distinct(deal, held, 1, category)))
    else:
        streams = [(0, _distinct(deal, held, 0, category))]
    found = [group for least_jokers, groups in streams if least_jokers >= least for group in groups]
    return sorted(found, key=_strongest_shape, reverse=True)


def _strongest_shape(group: Group) -> tuple[Shape, int]:
    """Groups sort by shape, and of one shape the fewer Jokers first."""
    shape, _, jokers, _ = group
    return shape, -jokers


def merged_rows(groups: Sequence[Group]) -> Iterator[Row]:
    """The rows of several groups, strongest first."""
    if len(groups) == 1:
        _, _, _, make = groups[0]
        return make()
    return heapq.merge(*(make() for _, _, _, make in groups), key=_PLACE, reverse=True)


# --- The top row, given what is left ------------------------------------------------------------


_NO_TOP: Top = (-1, (), 0)  # below every top


def top_choices(
    deal: Deal, left: int, jokers: int, cap: int, needed: int = 0, plain_needed: int = 0
) -> list[Top]:
    """The strongest top of each shape that the cards left can make without exceeding cap;
    every top must hold the ``needed`` cards, and a top without Jokers the ``plain_needed``."""
    # Only the strongest of each shape: the others of that shape pay and stay the same and are
    # weaker, and an alternative is a shape, not a version of one (H35).
    best: dict[Shape, Top] = {}

    def consider(key: int, cards: tuple[int, ...], used: int) -> None:
        shape = SHAPE[key]
        place, _, _ = best.get(shape, _NO_TOP)
        if key > place:
            best[shape] = (key, cards, used)

    if needed or plain_needed:
        _tops_holding(deal, left, jokers, cap, needed, plain_needed | needed, consider)
        return list(best.values())
    held = deal.ranks_in(left)

    for rank, cards in held:
        if len(cards) >= 3 and TRIPS_TOP[rank] <= cap:
            consider(TRIPS_TOP[rank], tuple(cards[:3]), 0)
        if len(cards) >= 2:  # the pair with the highest kicker that fits
            for kick, more in held:
                if kick != rank and PAIR_TOP[rank][kick] <= cap:
                    consider(PAIR_TOP[rank][kick], (cards[0], cards[1], more[0]), 0)
                    break
    for (first, high), (second, middle), (third, low) in itertools.combinations(held, 3):
        key = TOP3[UNIT[first] + UNIT[second] + UNIT[third]]  # three ranks, highest first
        if key <= cap:
            consider(key, (high[0], middle[0], low[0]), 0)
            break
    if jokers:
        reals = [i for _, cards in held for i in cards]
        for used in range(1, min(jokers, 2) + 1):
            seen = set()
            for part in itertools.combinations(reals, 3 - used):
                counter = deal.counter_of(part)
                if counter not in seen:
                    seen.add(counter)
                    key = first_at_most(top_options(counter, used), cap)
                    if key >= 0:
                        consider(key, part, used)
    return list(best.values())


def _tops_holding(
    deal: Deal,
    left: int,
    jokers: int,
    cap: int,
    needed: int,
    plain_needed: int,
    consider: Callable[[int, tuple[int, ...], int], None],
) -> None:
    """Every top holding the needed cards (without Jokers: the plain_needed), tried in turn."""
    reals = deal.indices(left)
    for used in range(min(jokers, 2) + 1):
        must = plain_needed if used == 0 else needed
        fixed = tuple(i for i in reals if must >> i & 1)
        if len(fixed) > 3 - used:
            continue
        free = [i for i in reals if not must >> i & 1]
        for more in itertools.combinations(free, 3 - used - len(fixed)):
            cards = tuple(sorted(fixed + more))
            counter = deal.counter_of(cards)
            key = TOP3[counter] if used == 0 else first_at_most(top_options(counter, used), cap)
            if 0 <= key <= cap:
                consider(key, cards, used)
