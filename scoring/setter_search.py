"""The Fantasyland setter's search: the best settings of 14 to 17 cards, exactly, by bounds.

Every hand a row can make, three cards or five, has a place on one scale (``KEYS``), so rows
compare as integers. A row holding Jokers carries every hand they let it make (each Joker any
card not already in the row, no five of a kind: ``five_options``, ``top_options``), strongest
first, and a setting is resolved as ``scoring.jokers.resolve_board`` does (JOKER-OFC 3.1-4.2):
the bottom at its strongest, the middle at its strongest not above the bottom (middles that
would exceed it are listed again, resolved lower: ``Search._capped``), the top at its strongest
not above the middle. A setting's value is a tuple compared left to right, larger better: (stays,
royalties, bottom, middle, top) by default, (royalties, stays, ...) for the royalties objective
(H34). Two settings are the same (H35) when each row makes the same shape, its category with
the ranks that make it; the search keeps the best ``count`` shapes, and ``threshold`` is the
value of the last one kept, once it has ``count``.

The search goes through bottoms by category, strongest first, and within one strongest first;
under each bottom through middles by category and shape, strongest first; under each middle
the strongest top of each shape (``top_choices``). Rows of a straight or better are listed once
per deal (``StrongRows``), weaker ones made shape by shape as needed (``weak_groups``).

Why nothing it skips can be the optimum, or a kept alternative, or raise a figure:

- Bounds. Before a category, a bottom, a middle category or a group of middles, the search forms
  a ``hope``: a value no completion of what is fixed can exceed. Each part is an upper bound:
  the stay is true if any open row could stay; the royalties add, per open row, the most any
  hand it could still make pays (``Pay.middle_up_to``: the best middle of a category or less;
  ``top_bound``: the highest trips the cards and Jokers left could make under the cap, else the
  highest pair, since trips pay more than pairs and pay grows with the rank; ``weak_top_bound``:
  a top pair under a middle of two pair or less needs two other pairs, a higher pair, or the
  other two of its rank); rows not yet chosen count as the top of the scale (``INFINITY``). What
  a middle can make at best comes from the cards left (``Deal.best_category``, which may only
  overstate it), for every split of the Jokers left between middle and top (``split_bound``).
  As each part bounds the same part of any completion, and values compare left to right, the
  hope bounds the value of every completion. Settings whose hope is at most ``threshold`` could
  not be kept (``offer`` keeps only what beats it, and the threshold only rises), so they are
  skipped, unless they might raise the other objective's figure (``hopeless``: with the stay
  first, the most royalties of any setting; with royalties first, the most of one that stays),
  so one pass gives both ``max_royalties`` and ``max_royalties_staying``. Where the bounds only
  fall along the order of the search (weaker categories, weaker bottoms, weaker middles of one
  shape, weaker groups of middles of a straight or better, which set no cards apart), the loop
  stops at the first hopeless one instead of going on. A bound found hopeless stays so (the
  threshold and the figures only rise), so rows of the same hand and ranks share it. Bottoms of
  one four of a kind that differ by their kicker alone share one bound, taken with the kicker
  still among the cards left (``_beside``): more cards make no less, and the later of them are
  weaker, so once it is hopeless it is for each of them.
- Dominance of kickers. Royalties and the stay depend on each row's category (a top's on its
  rank too), not on its kickers. If a setting discards a card that would raise the lowest
  kicker of a row of a pair, two pair, trips or quads without changing its shape (a rank not in
  the row, above the kicker: ``Deal.improvers``), swapping the two keeps every row's shape,
  royalties and stay and makes that row stronger, so the setting is beaten and need not be
  tried. This is used only where the swap cannot change how a Joker resolves (no Joker in the
  rows that rest on the raised one) and cannot break the order (the bottom, or a middle of a
  lower category than the bottom): a bottom whose kicker passes over more improvers than the
  middle and top can hold (8), or a middle leaving more than the top can hold (3), is skipped,
  and the top of a setting must hold the improvers left. When no Joker was dealt, the rows of
  trips or less are completed greedily for the same reason (``_plain_bottoms``,
  ``_plain_middles``): the cards each row's hand is made of are tried one choice of suits each
  (no flush is possible beside a pair), and the best kickers go to the bottom, then the middle,
  then the top; where such a completion fails, every row of the category is tried instead.
- Shapes. Of the tops of one shape under a middle only the strongest is tried: the others pay
  and stay the same and are weaker, and an alternative is a shape, not a version of one.

The tests compare the search with the exhaustive reference, ``bench/fantasyland_reference.py``.
"""

from __future__ import annotations

import heapq
import itertools
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, partial
from operator import itemgetter
from typing import Any

from scoring.cards import CARDS, SUITS, Card
from scoring.hands import CLASSES, Category, top_hand
from scoring.rulesets import ROWS, Ruleset

# --- One scale for every hand a row can make ---------------------------------------------------

Key = tuple[int, tuple[int, ...]]  # as scoring.jokers.Key: category, ranks by significance
_TOP_RANKS = list(itertools.combinations_with_replacement(range(2, 15), 3))
KEYS: tuple[Key, ...] = tuple(
    sorted(
        {(int(category), ranks) for category, ranks, _ in CLASSES}
        | {(int(category), ranks) for category, ranks in map(top_hand, _TOP_RANKS)}
    )
)
PLACE: dict[Key, int] = {key: place for place, key in enumerate(KEYS)}
CATEGORY: tuple[int, ...] = tuple(key[0] for key in KEYS)
FIRST_RANK: tuple[int, ...] = tuple(key[1][0] for key in KEYS)
# How many leading ranks make a hand, kickers left out (H35): a pair by its rank, a full house by
# its two, a straight or a flush by its top card; a high-card hand makes nothing.
MADE_RANKS = {0: 0, 1: 1, 2: 2, 3: 1, 4: 1, 5: 1, 6: 2, 7: 1, 8: 1, 9: 0}
Shape = tuple[int, tuple[int, ...]]
SHAPE: tuple[Shape, ...] = tuple((key[0], key[1][: MADE_RANKS[key[0]]]) for key in KEYS)
# The strongest place of each category, and the weakest straight (no top row reaches it).
STRONGEST = tuple(max(p for p in range(len(KEYS)) if CATEGORY[p] == c) for c in range(10))
NO_TOP_LIMIT = min(p for p in range(len(KEYS)) if CATEGORY[p] == Category.STRAIGHT)
STRONG = int(Category.STRAIGHT)  # rows of a straight or better are listed once per deal


def _unit(rank: int) -> int:
    """A rank's counter, as in the evaluator: a nibble per rank, so a row's ranks add up."""
    return 1 << (4 * (rank - 2))


UNIT = [_unit(rank) if rank >= 2 else 0 for rank in range(15)]  # _unit, looked up

_FLUSHY = (Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH)
PLAIN5: dict[int, int] = {}
FLUSH5: dict[int, int] = {}
for _category, _ranks, _five in CLASSES:
    _table = FLUSH5 if _category in _FLUSHY else PLAIN5
    _table[sum(map(_unit, _five))] = PLACE[(int(_category), _ranks)]
TOP3: dict[int, int] = {
    sum(map(_unit, ranks)): PLACE[(int(category), made)]
    for ranks in _TOP_RANKS
    for category, made in [top_hand(ranks)]
}
# The ranks of every card of a row making each hand: five for a five-card hand, three for a top.
RANKS_OF: dict[int, tuple[int, ...]] = {
    PLACE[(int(category), ranks)]: five for category, ranks, five in CLASSES
}
for _ranks in _TOP_RANKS:
    RANKS_OF[TOP3[sum(map(_unit, _ranks))]] = _ranks
TRIPS_TOP = [PLACE[(3, (rank,))] if rank > 1 else -1 for rank in range(15)]
PAIR_TOP = [
    [PLACE[(1, (rank, kick))] if 1 < kick != rank > 1 else -1 for kick in range(15)]
    for rank in range(15)
]
_NIBBLES = sum(_unit(rank) for rank in range(2, 15))
_SUIT_BITS = 0xFFF  # the low bits of a card's code: one per suit (see scoring.cards)
WEAKEST_TOP = TOP3[_unit(4) + _unit(3) + _unit(2)]  # stands for any high-card top: pays nothing
_STRAIGHTS = [(5, 4, 3, 2, 14)] + [tuple(range(top, top - 5, -1)) for top in range(6, 15)]


_KICKED = (Category.PAIR, Category.TWO_PAIR, Category.THREE_OF_A_KIND, Category.FOUR_OF_A_KIND)
_WINDOW_NIBBLES = [sum(map(_unit, window)) for window in _STRAIGHTS]
# For every set of ranks held (nibble bits), the most of them within five in a row.
_LONGEST_RUN: dict[int, int] = {}
for _size in range(14):
    for _held in itertools.combinations(range(2, 15), _size):
        _present = sum(map(_unit, _held))
        _LONGEST_RUN[_present] = max((_present & w).bit_count() for w in _WINDOW_NIBBLES)


def _full_house(at_least: Sequence[int], jokers: int) -> bool:
    """Whether three of one rank and two of another can be made, Jokers filling in
    (``at_least[k]``: the ranks held at least k times, as nibble bits)."""
    if jokers == 0:
        return bool(at_least[3]) and at_least[2].bit_count() >= 2
    if jokers == 1:
        return at_least[2].bit_count() >= 2 or (bool(at_least[3]) and at_least[1].bit_count() >= 2)
    return bool(at_least[3]) or (bool(at_least[2]) and at_least[1].bit_count() >= 2)


def _paired_category(counter: int, jokers: int) -> int:
    """The best of trips, two pair, a pair or a high card that these ranks (a counter) and
    Jokers can make: a Joker joins a pair for trips, two join any card."""
    pairs = (counter >> 1 | counter >> 2) & _NIBBLES  # ranks held at least twice
    if (
        jokers >= 2
        or (jokers == 1 and pairs)
        or ((counter >> 1) & counter | counter >> 2) & _NIBBLES
    ):
        return int(Category.THREE_OF_A_KIND)
    if jokers == 1 or pairs.bit_count() == 1:
        return int(Category.PAIR)
    return int(Category.TWO_PAIR) if pairs else int(Category.HIGH_CARD)


def _ranks_of(counter: int) -> dict[int, int]:
    return {rank: (counter >> (4 * (rank - 2))) & 15 for rank in range(2, 15)}


@cache
def five_options(counter: int, suited: bool, jokers: int) -> tuple[int, ...]:
    """Every hand five cards can make, strongest first: the real cards' ranks (a counter), all of
    one suit or not, and how many Jokers (each any card not already in the row).

    >>> [KEYS[p] for p in five_options(_unit(14) * 4, False, 1)][:2]
    [(7, (14, 13)), (7, (14, 12))]
    """
    held = _ranks_of(counter)
    found = set()
    for ranks in itertools.combinations_with_replacement(range(2, 15), jokers):
        if any(held[rank] + ranks.count(rank) > 4 for rank in ranks):
            continue  # no five of a kind (JOKER-OFC 3.2)
        total = counter + sum(map(_unit, ranks))
        found.add(PLAIN5[total])
        if suited and len(set(ranks)) == jokers and not any(held[rank] for rank in ranks):
            found.add(FLUSH5[total])  # new ranks of the row's suit: no duplicate (3.3)
    return tuple(sorted(found, reverse=True))


@cache
def top_options(counter: int, jokers: int) -> tuple[int, ...]:
    """Every hand a top row can make from real ranks (a counter) and Jokers, strongest first.

    >>> [KEYS[p] for p in top_options(_unit(14) * 2, 1)][:2]
    [(3, (14,)), (1, (14, 13))]
    """
    held = _ranks_of(counter)
    found = {
        TOP3[counter + sum(map(_unit, ranks))]
        for ranks in itertools.combinations_with_replacement(range(2, 15), jokers)
        if all(held[rank] + ranks.count(rank) <= 4 for rank in ranks)
    }
    return tuple(sorted(found, reverse=True))


def place_of(cards: Sequence[Card]) -> int:
    """The place on the scale of a row of real cards (three or five).

    >>> from scoring.cards import parse_cards
    >>> KEYS[place_of(parse_cards("Qs Qd 7c"))]
    (1, (12, 7))
    """
    counter = sum(_unit(card.rank) for card in cards)
    if len(cards) == 3:
        return TOP3[counter]
    return FLUSH5[counter] if len({card.suit for card in cards}) == 1 else PLAIN5[counter]


def cards_for_jokers(real: Sequence[Card], jokers: int, place: int) -> tuple[Card, ...]:
    """The cards a row's Jokers become for the row to make the hand at ``place``, as
    ``scoring.jokers.resolve_board`` shows them (H12: each Joker in turn takes the highest
    suit in the order spades, hearts, diamonds, clubs that keeps the hand).

    >>> from scoring.cards import parse_cards
    >>> cards_for_jokers(parse_cards("As Ad"), 1, PLACE[(1, (14, 13))])
    (Card('Ks'),)
    """
    if not jokers:
        return ()
    wanted = list(RANKS_OF[place])
    for card in real:
        wanted.remove(card.rank)
    # A flush is in the real cards' suit; no other suit can make it.
    suits = real[0].suit if CATEGORY[place] in _FLUSHY and len(real) + jokers == 5 else SUITS
    for chosen in _preferred(tuple(wanted), frozenset(real), suits):
        if place_of([*real, *chosen]) == place:
            return chosen
    raise ValueError(f"no cards make {KEYS[place]} with {real}")


def _preferred(
    ranks: tuple[int, ...], held: frozenset[Card], suits: str
) -> Iterator[tuple[Card, ...]]:
    """Cards of these ranks and suits for the Jokers in turn, not already held, most preferred
    first (H12: the first Joker's card, then the next's, each by
    ``scoring.jokers.card_preference``)."""
    if not ranks:
        yield ()
        return
    for suit in suits:
        for rank in sorted(set(ranks), reverse=True):
            card = CARDS[rank, suit]
            if card in held:
                continue
            rest = list(ranks)
            rest.remove(rank)
            for more in _preferred(tuple(rest), held | {card}, suits):
                yield (card, *more)


def first_at_most(options: Sequence[int], cap: int) -> int:
    """The strongest of a row's hands (strongest first) that does not exceed cap, or -1."""
    for option in options:
        if option <= cap:
            return option
    return -1


# --- What each hand pays, per ruleset -----------------------------------------------------------


@dataclass(frozen=True)
class Pay:
    """Each row's royalty and stay for every place on the scale, and their best per category."""

    royalty: dict[str, tuple[int, ...]]
    stays: dict[str, tuple[bool, ...]]
    # For a middle of category at most c: the best royalty and whether any such middle stays.
    middle_up_to: tuple[tuple[int, bool], ...]
    # For a bottom of category c: its royalty and stay (they depend on the category alone).
    bottom_of: tuple[tuple[int, bool], ...]
    # For a top: trips by rank (royalty, stays) and pairs by rank (royalty).
    trips: tuple[tuple[int, bool], ...]
    pairs: tuple[int, ...]


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
    pairs = tuple(
        royalty["top"][PAIR_TOP[r][2 if r != 2 else 3]] if r > 1 else 0 for r in range(15)
    )
    return Pay(royalty, stays, tuple(middle_up_to), bottom_of, trips, pairs)


def _top_limits(cap: int) -> tuple[int, int]:
    """The ranks (nibble bits) whose trips, and whose pairs, a top may hold below cap."""
    every = _NIBBLES
    if cap >= NO_TOP_LIMIT:
        return every, every
    category, below = CATEGORY[cap], ((1 << (4 * (FIRST_RANK[cap] - 2) + 1)) - 1) & _NIBBLES
    if category == Category.THREE_OF_A_KIND:
        return below, every
    if category == Category.TWO_PAIR:
        return 0, every
    return 0, below if category == Category.PAIR else 0


TOP_LIMITS = tuple(_top_limits(cap) for cap in range(len(KEYS)))


def top_reach(counter: int, jokers: int, cap: int) -> tuple[int, int]:
    """The ranks (nibble bits) of the trips, and of the pairs, that a top could make from these
    real ranks (a counter) and Jokers without exceeding cap: three of a rank, Jokers filling
    in, for trips; two for a pair (two Jokers pair any rank)."""
    if jokers == 0:
        trips = ((counter >> 1) & counter) | (counter >> 2)
        pairs = (counter >> 1) | (counter >> 2)
    elif jokers == 1:
        trips = (counter >> 1) | (counter >> 2)
        pairs = counter | (counter >> 1) | (counter >> 2)
    else:
        trips = counter | (counter >> 1) | (counter >> 2)
        pairs = _NIBBLES
    allowed_trips, allowed_pairs = TOP_LIMITS[cap]
    return trips & allowed_trips, pairs & allowed_pairs


def top_bound(pay: Pay, counter: int, jokers: int, cap: int) -> tuple[int, bool]:
    """The most a top from these ranks and Jokers can pay below cap, and whether it can stay.

    Trips pay more than any pair and royalties grow with the rank, so the highest trips the top
    could make, else its highest pair, bound it (``top_reach``).
    """
    trips, pairs = top_reach(counter, jokers, cap)
    if trips:
        return pay.trips[(trips.bit_length() + 7) // 4]
    if pairs:
        return pay.pairs[(pairs.bit_length() + 7) // 4], False
    return 0, False


def weak_top_bound(
    pay: Pay, counter: int, jokers: int, category: int, cap: int
) -> tuple[int, bool]:
    """The most a top can pay over a middle of ``category`` two pair or less (not above cap).

    The top, below such a middle, is at best a pair. A top pair needs a middle above it: two
    other pairs, or a higher pair, or the other two cards of its own rank (from four). So the
    top may hold the highest pair with three pairs to hand under two pair, or when four cards
    of that rank are left; otherwise only the second highest.
    """
    if category == Category.HIGH_CARD:
        return 0, False
    if jokers:
        return top_bound(pay, counter, jokers, cap)
    pairs = ((counter >> 1) | (counter >> 2)) & TOP_LIMITS[cap][1]
    if not pairs:
        return 0, False
    highest = 1 << (pairs.bit_length() - 1)
    if highest & (counter >> 2) or (pairs.bit_count() >= 3 and category == Category.TWO_PAIR):
        return pay.pairs[(pairs.bit_length() + 7) // 4], False
    pairs ^= highest
    return (pay.pairs[(pairs.bit_length() + 7) // 4], False) if pairs else (0, False)


def rest_bound(pay: Pay, counter: int, jokers: int, bottom: int, reach: int) -> tuple[int, bool]:
    """The most a middle and a top below this bottom can pay together (and whether they can
    stay), from these ranks and Jokers, the middle making at best a ``reach``: the best over
    the middle's category of its best royalty and the best top below it."""
    category = min(CATEGORY[bottom], reach)
    paid, stays = 0, False
    if category >= Category.STRAIGHT:
        middle, middle_stays = pay.middle_up_to[category]
        top, top_stays = top_bound(pay, counter, jokers, NO_TOP_LIMIT)
        paid, stays = middle + top, middle_stays or top_stays
    if category >= Category.THREE_OF_A_KIND:
        middle, middle_stays = pay.middle_up_to[Category.THREE_OF_A_KIND]
        cap = min(bottom, STRONGEST[Category.THREE_OF_A_KIND])
        top, top_stays = top_bound(pay, counter, jokers, cap)
        paid, stays = max(paid, middle + top), stays or middle_stays or top_stays
    weak = min(category, int(Category.TWO_PAIR))
    middle, middle_stays = pay.middle_up_to[weak]
    top, top_stays = weak_top_bound(pay, counter, jokers, weak, min(bottom, STRONGEST[weak]))
    return max(paid, middle + top), stays or middle_stays or top_stays


def split_bound(
    pay: Pay, counter: int, jokers: int, bottom: int, reaches: Sequence[int]
) -> tuple[int, bool]:
    """As ``rest_bound``, the Jokers shared between the middle and the top: ``reaches[j]`` is
    the best the middle can make with j of them, the top getting the rest."""
    best, stays = 0, False
    for used, reach in enumerate(reaches):
        paid, can_stay = rest_bound(pay, counter, jokers - used, bottom, reach)
        best, stays = max(best, paid), stays or can_stay
    return best, stays


_NONE_CLAIMED = (0, 0, False)  # no top's trips, pairs or high card claimed yet


def unclaimed(
    pay: Pay, reach: tuple[int, int], claimed: tuple[int, int, bool]
) -> tuple[int, bool] | None:
    """The most a top could pay (and stay) among the trips and pairs within reach that are not
    claimed yet, or a high card's nothing if that is not claimed; None if all are."""
    trips, pairs = reach[0] & ~claimed[0], reach[1] & ~claimed[1]
    if trips:
        return pay.trips[(trips.bit_length() + 7) // 4]
    if pairs:
        return pay.pairs[(pairs.bit_length() + 7) // 4], False
    return None if claimed[2] else (0, False)


# --- The deal and its rows --------------------------------------------------------------------

# A five-card row: its hand (place on the scale), its real cards (a bit mask), its Jokers, the
# counter of its real ranks, and every hand it can make, strongest first.
Row = tuple[int, int, int, int, tuple[int, ...]]
_KEY = itemgetter(0)


def _negated_key(row: Row) -> int:
    return -row[0]


class Deal:
    """The dealt cards, real ones in a fixed order (highest rank first, then s, h, d, c)."""

    def __init__(self, cards: Sequence[Card]) -> None:
        self.cards = sorted(
            (card for card in cards if not card.is_joker),
            key=lambda card: (-card.rank, SUITS.index(card.suit)),
        )
        self.jokers = len(cards) - len(self.cards)
        self.size = len(self.cards)
        self.all = (1 << self.size) - 1
        self.rank = [card.rank for card in self.cards]
        self.suit = [card.suit for card in self.cards]
        self.units = [UNIT[rank] for rank in self.rank]
        self.codes = [card.code for card in self.cards]
        self.bits = [1 << i for i in range(self.size)]
        self.counter = sum(self.units)
        self._held: dict[int, list[tuple[int, list[int]]]] = {}
        self._top_parts: dict[int, list[tuple[int, int]]] = {}
        self.rank_masks = [0] * 15
        suit_masks = dict.fromkeys(SUITS, 0)
        for i, bit in enumerate(self.bits):
            self.rank_masks[self.rank[i]] |= bit
            suit_masks[self.suit[i]] |= bit
        self.suit_masks = list(suit_masks.values())
        self.suit_mask_of = [suit_masks[suit] for suit in self.suit]  # each card's suit's cards
        # The cards ranked above each rank.
        self.above = [0] * 15
        higher = 0
        for rank in range(14, -1, -1):
            self.above[rank] = higher
            higher |= self.rank_masks[rank]
        # Per suit, the cards of each five ranks in a row (for straight flushes).
        windows = [sum(map(self.rank_masks.__getitem__, window)) for window in _STRAIGHTS]
        self.suit_windows = [[cards & window for window in windows] for cards in self.suit_masks]

    def improvers(self, row: Row, available: int) -> int:
        """The available cards that would raise the row's lowest kicker, its shape unchanged
        (the dominance rule of the module docstring), as a mask; 0 unless the row is a pair,
        two pair, trips or quads whose lowest kicker is a real card beside real pairs."""
        key, _, jokers, counter, _ = row
        category, ranks = KEYS[key]
        if category not in _KICKED or (jokers and category == Category.PAIR):
            return 0
        if jokers == 2 and category == Category.THREE_OF_A_KIND:
            return 0  # two Jokers follow the highest rank: a higher card would change the trips
        lowest = ranks[2] if category == Category.TWO_PAIR else ranks[-1]
        if (counter >> (4 * (lowest - 2))) & 15 != 1:
            return 0  # the lowest kicker is a Joker
        held = 0
        for rank in range(2, 15):
            if counter >> (4 * (rank - 2)) & 15:
                held |= self.rank_masks[rank]
        return self.above[lowest] & ~held & available

    def best_category(self, mask: int, counter: int, jokers: int, cap: int = 9) -> int:
        """The best category five of these cards and Jokers can make, or ``cap`` if that is
        lower: categories above the cap are not looked for. It may overstate what the cards
        make (it counts a suit's or a run's cards, not whether one row can hold them all), never
        understate it."""
        need = 5 - jokers
        suits = [s for s, cards in enumerate(self.suit_masks) if (cards & mask).bit_count() >= need]
        if cap >= Category.STRAIGHT_FLUSH and suits:
            # A royal flush in any suit before a straight flush in any: the bound must not stop
            # at the first suit's straight flush when a later suit makes a royal one.
            made = max(self._straight_flush(mask, s, need) for s in suits)
            if made:
                return min(cap, made)
        ones = _NIBBLES
        if cap >= Category.FOUR_OF_A_KIND:
            at_least = (counter >> 2) & ones if jokers == 0 else 0
            if jokers == 1:
                at_least = ((counter >> 1) & counter | counter >> 2) & ones
            elif jokers >= 2:
                at_least = (counter >> 1 | counter >> 2) & ones
            if at_least:
                return int(Category.FOUR_OF_A_KIND)
        if cap >= Category.FULL_HOUSE:
            held = [
                ones,
                (counter | counter >> 1 | counter >> 2) & ones,
                (counter >> 1 | counter >> 2) & ones,
                ((counter >> 1) & counter | counter >> 2) & ones,
            ]  # the ranks held at least 0, 1, 2, 3 times, as nibble bits
            if _full_house(held, jokers):
                return int(Category.FULL_HOUSE)
        if suits and cap >= Category.FLUSH:
            return int(Category.FLUSH)
        if cap >= Category.STRAIGHT:
            present = (counter | counter >> 1 | counter >> 2) & ones
            if _LONGEST_RUN[present] >= need:
                return int(Category.STRAIGHT)
        return min(cap, _paired_category(counter, jokers))

    def _straight_flush(self, mask: int, suit: int, need: int) -> int:
        """Royal flush or straight flush if this suit's cards and Jokers make one, else 0."""
        windows = self.suit_windows[suit]
        if (mask & windows[9]).bit_count() >= need:
            return int(Category.ROYAL_FLUSH)
        for window in windows:
            if (mask & window).bit_count() >= need:
                return int(Category.STRAIGHT_FLUSH)
        return 0

    def mask(self, cards: Iterable[int]) -> int:
        return sum(map(self.bits.__getitem__, cards))

    def counter_of(self, cards: Iterable[int]) -> int:
        """The counter of these cards' ranks."""
        return sum(map(self.units.__getitem__, cards))

    def indices(self, mask: int) -> list[int]:
        """The cards of a mask, highest first."""
        found = []
        while mask:
            low = mask & -mask
            found.append(low.bit_length() - 1)
            mask ^= low
        return found

    def row(self, cards: Sequence[int], jokers: int) -> Row:
        """The row of these real cards (indices) and Jokers."""
        counter = mask = 0
        same = _SUIT_BITS  # the suit bits all the cards share (the evaluator's flush test)
        units, codes = self.units, self.codes
        for i in cards:
            counter += units[i]
            mask |= 1 << i
            same &= codes[i]
        if jokers:
            options = five_options(counter, bool(same), jokers)
            return (options[0], mask, jokers, counter, options)
        key = FLUSH5[counter] if same else PLAIN5[counter]
        return (key, mask, 0, counter, (key,))

    def ranks_in(self, mask: int) -> list[tuple[int, list[int]]]:
        """The ranks held in a mask, highest first, each with its cards (remembered for the
        deal: the search asks for the same cards left many times; do not change the list)."""
        held = self._held.get(mask)
        if held is None:
            held = self._held[mask] = self._ranks_in(mask)
        return held

    def top_parts(self, mask: int) -> list[tuple[int, int]]:
        """What a top without Jokers can be made of from a mask (``_top_parts``), remembered."""
        parts = self._top_parts.get(mask)
        if parts is None:
            parts = self._top_parts[mask] = _top_parts(self.ranks_in(mask))
        return parts

    def _ranks_in(self, mask: int) -> list[tuple[int, list[int]]]:
        held: list[tuple[int, list[int]]] = []
        last, rank = 0, self.rank
        while mask:
            low = mask & -mask
            i = low.bit_length() - 1
            mask ^= low
            if rank[i] == last:
                held[-1][1].append(i)
            else:
                last = rank[i]
                held.append((last, [i]))
        return held


Held = Sequence[tuple[int, list[int]]]  # ranks held, highest first, each with its cards

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
    out: the middle and the top cannot take them all (the dominance rule)."""
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
    for window in _STRAIGHTS:
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


class StrongRows:
    """Every row of the deal that makes a straight or better, by category, strongest first;
    listed when first asked for (one maker lists the flushes and straight flushes)."""

    def __init__(self, deal: Deal) -> None:
        self.deal = deal
        self.held = deal.ranks_in(deal.all)
        self.best_category = deal.best_category(deal.all, deal.counter, deal.jokers)
        self.tiers: dict[int, tuple[list[Row], list[Row], list[Row], list[int], list[int]]] = {}

    def _tier(self, category: int) -> tuple[list[Row], list[Row], list[Row], list[int], list[int]]:
        """Every row, those without Jokers, those with, and the two lists' keys, negated."""
        if category not in self.tiers:
            made: dict[int, list[Row]] = {
                c: [] for c, maker in _MAKERS.items() if maker is _MAKERS[category]
            }
            for jokers in range(min(self.deal.jokers, 2) + 1):
                for row in _MAKERS[category](self.deal, self.held, jokers):
                    made[CATEGORY[row[0]]].append(row)
            for tier, rows in made.items():
                rows.sort(key=_KEY, reverse=True)
                plain = [row for row in rows if not row[2]]
                jokers_in = [row for row in rows if row[2]]
                self.tiers[tier] = (
                    rows,
                    plain,
                    jokers_in,
                    [-r[0] for r in rows],
                    [-r[0] for r in plain],
                )
        return self.tiers[category]

    def every(self, category: int) -> list[Row]:
        """The rows of a category, strongest first."""
        return self._tier(category)[0]

    def with_jokers_above(self, category: int, cap: int) -> list[Row]:
        """The rows of a category that hold a Joker and are above cap, strongest first."""
        rows = self._tier(category)[2]
        end = bisect_left(rows, -cap, key=_negated_key)
        return rows[:end]

    def at_most(self, category: int, cap: int, jokers: int) -> list[Row]:
        """The rows of a category not above cap (with Jokers only when any are left)."""
        every, plain, _, below, plain_below = self._tier(category)
        rows, keys = (every, below) if jokers else (plain, plain_below)
        start = bisect_left(keys, -cap)
        return rows[start:] if start else rows


# --- Rows of trips or less: made on demand, shape by shape, strongest first ----------------------

# The rows of one shape and one number of Jokers, made when asked for: its shape, the real
# cards every row of it holds at least (a counter), its Jokers, and the maker of its rows
# (strongest first).
Group = tuple[Shape, int, int, Callable[[], Iterator[Row]]]


def _kickers(held: Held, count: int, limit: int | None = None) -> Iterator[tuple[int, ...]]:
    """Cards of ``count`` different ranks among ``held``, highest ranks first; with a limit,
    only those passing over at most ``limit`` cards ranked above the lowest one chosen (the
    rest are dominated: see the module docstring)."""
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
            yield (3, (rank,)), (3 - jokers) * _unit(rank), jokers, make


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
        yield (2, (high, low)), 2 * _unit(high) + 2 * _unit(low), 0, make


def _pairs(deal: Deal, held: Held, limit: int | None) -> Iterator[Group]:
    """A pair and three kickers."""
    for rank, cards in held:
        if len(cards) >= 2:
            others = [(r, c) for r, c in held if r != rank]
            parts = list(itertools.combinations(cards, 2))
            make = lambda parts=parts, others=others: _with(deal, parts, others, 3, 0, limit)  # noqa: E731
            yield (1, (rank,)), 2 * _unit(rank), 0, make


def _distinct(deal: Deal, held: Held, jokers: int, category: int) -> Iterator[Group]:
    """Real cards of different ranks that make ``category`` with the Jokers (not a straight or a
    flush): high card alone, a pair of the highest rank with one Joker, trips with two."""
    if category == Category.HIGH_CARD:
        yield (0, ()), 0, 0, partial(_distinct_rows, deal, [()], held, 5, 0, category)
        return
    for place, (rank, cards) in enumerate(held):
        parts = [(card,) for card in cards]
        make = partial(_distinct_rows, deal, parts, held[place + 1 :], 4 - jokers, jokers, category)
        yield (category, (rank,)), _unit(rank), jokers, make


def _distinct_rows(
    deal: Deal,
    parts: Sequence[tuple[int, ...]],
    lower: Held,
    count: int,
    jokers: int,
    category: int,
) -> Iterator[Row]:
    for row in _with(deal, parts, lower, count, jokers, None):
        if CATEGORY[row[0]] == category:
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
    return sorted(found, key=lambda group: (group[0], -group[2]), reverse=True)


def merged_rows(groups: Sequence[Group]) -> Iterator[Row]:
    """The rows of several groups, strongest first."""
    if len(groups) == 1:
        return groups[0][3]()
    return heapq.merge(*(group[3]() for group in groups), key=_KEY, reverse=True)


def _shape(row: Row) -> Shape:
    return SHAPE[row[0]]


# --- The top row, given what is left ------------------------------------------------------------

# A top: its hand, its real cards (indices) and its Jokers.
Top = tuple[int, tuple[int, ...], int]


def top_choices(
    deal: Deal, left: int, jokers: int, cap: int, needed: int = 0, plain_needed: int = 0
) -> list[Top]:
    """The strongest top of each shape that the cards left can make without exceeding cap;
    every top must hold the ``needed`` cards, and a top without Jokers the ``plain_needed``."""
    best: dict[Shape, Top] = {}

    def consider(key: int, cards: tuple[int, ...], used: int) -> None:
        shape = SHAPE[key]
        if shape not in best or key > best[shape][0]:
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
    for trio in itertools.combinations(held, 3):  # three ranks, highest first
        key = TOP3[UNIT[trio[0][0]] + UNIT[trio[1][0]] + UNIT[trio[2][0]]]
        if key <= cap:
            consider(key, tuple(cards[0] for _, cards in trio), 0)
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


def _made_parts(held: Held, category: int) -> Iterator[tuple[tuple[int, ...], int]]:
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


def _top_parts(held: Held) -> list[tuple[int, int]]:
    """What a top without Jokers can be made of, best first: trips, a pair (its hand with the
    weakest kicker: royalties do not look at kickers) or nothing (a high card)."""
    parts = [
        (TRIPS_TOP[rank], sum(1 << i for i in cards[:3])) for rank, cards in held if len(cards) >= 3
    ]
    parts += [
        (PAIR_TOP[rank][2 if rank != 2 else 3], sum(1 << i for i in cards[:2]))
        for rank, cards in held
        if len(cards) >= 2
    ]
    parts.append((WEAKEST_TOP, 0))
    return parts


def _best_kickers(deal: Deal, mask: int, exclude: tuple[int, ...], count: int) -> int | None:
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


def _top_below(top: int, middle_category: int, middle_ranks: tuple[int, ...]) -> bool:
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


def _best_high_card(deal: Deal, mask: int) -> Row | None:
    """The strongest five cards of different ranks that make no straight and no flush."""
    held = deal.ranks_in(mask)
    for five in itertools.combinations(held, 5):
        choices = [cards for _, cards in five]
        for cards in itertools.product(*choices):
            row = deal.row(cards, 0)
            if CATEGORY[row[0]] == Category.HIGH_CARD:
                return row
            if CATEGORY[row[0]] == Category.STRAIGHT:
                break  # every choice of suits is a straight: try the next ranks
    return None


def _complete_top(deal: Deal, mask: int, part: int, key: int, cap: int) -> Top | None:
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
                return PAIR_TOP[rank][deal.rank[i]], tuple(sorted((*cards, i))), 0
        return None
    held = deal.ranks_in(mask)
    for trio in itertools.combinations(held, 3):
        top = TOP3[UNIT[trio[0][0]] + UNIT[trio[1][0]] + UNIT[trio[2][0]]]
        if top <= cap:
            return top, tuple(sorted(cards[0] for _, cards in trio)), 0
    return None


# --- The search -----------------------------------------------------------------------------------

INFINITY = len(KEYS)


def _stay_first(stays: bool, royalties: int, bottom: int, middle: int, top: int) -> Value:
    return (stays, royalties, bottom, middle, top)


def _royalties_first(stays: bool, royalties: int, bottom: int, middle: int, top: int) -> Value:
    return (royalties, stays, bottom, middle, top)


# The objective as a tuple, larger is better, by whether a stay comes first.
_VALUES = {True: _stay_first, False: _royalties_first}
# Middles of one shape (and Jokers): shape, the ranks each holds (a counter), Jokers, rows.
MiddleGroup = tuple[Shape, int, int, Iterable[Row]]
Value = tuple[int, ...]


@dataclass(frozen=True)
class Found:
    """One setting the search keeps: its value by the objective, rows and resolved hands."""

    value: Value
    bottom: Row
    middle: Row  # as the middle row was listed; ``middle_key`` is its hand under the bottom
    middle_key: int
    top: Top

    @property
    def keys(self) -> tuple[int, int, int]:
        """The resolved hands, top, middle, bottom."""
        return self.top[0], self.middle_key, self.bottom[0]

    @property
    def shapes(self) -> tuple[Shape, Shape, Shape]:
        """What makes the setting distinct (H35): bottom, middle, top shapes."""
        return SHAPE[self.bottom[0]], SHAPE[self.middle_key], SHAPE[self.top[0]]


class Search:
    """Branch and bound over bottoms, then middles, then tops (see the module docstring)."""

    def __init__(
        self,
        rules: Ruleset,
        deal: Deal,
        stay_first: bool,
        count: int,
    ) -> None:
        self.rules = rules
        self.value = _VALUES[stay_first]
        self.pay = pay_table(rules)
        self.deal = deal
        self.stay_first = stay_first
        self.count = count
        self.found: dict[tuple[Shape, Shape, Shape], Found] = {}
        self.threshold: Value | None = None
        # The other objective's figure, as far as seen: the most royalties of any setting
        # (when a stay comes first), or the most of one that stays (when royalties do).
        self.most_royalties = self.most_staying = -1
        self.strong = StrongRows(deal)
        self._bounds: dict[tuple[int, int, int, tuple[int, ...] | None], Value] = {}

    def figures(self, found: Found) -> tuple[int, bool]:
        """A setting's royalties and whether it stays."""
        top, middle, bottom = found.keys
        royalty, stays = self.pay.royalty, self.pay.stays
        return (
            royalty["top"][top] + royalty["middle"][middle] + royalty["bottom"][bottom],
            stays["top"][top] or stays["middle"][middle] or stays["bottom"][bottom],
        )

    def most(self) -> tuple[int, int | None]:
        """The most royalties of any setting that does not foul, and of any that also stays
        (None if none stays), once the search has run. The best setting gives the figure of its
        own objective; the other was followed all along (``hopeless``)."""
        royalties, stays = self.figures(self.results()[0])
        if self.stay_first:
            return self.most_royalties, royalties if stays else None
        return royalties, self.most_staying if self.most_staying >= 0 else None

    def hopeless(self, hope: Value) -> bool:
        """Whether settings that can do at best ``hope`` may all be skipped: none would be kept,
        and none would raise the other objective's figure (see ``most``)."""
        if self.threshold is None or hope > self.threshold:
            return False
        if self.stay_first:
            return hope[1] <= self.most_royalties
        return not hope[1] or hope[0] <= self.most_staying

    def offer(self, value: Value, bottom: Row, middle: Row, middle_key: int, top: Top) -> None:
        """Keep a setting if it is among the best ``count`` distinct ones so far."""
        if self.stay_first:
            self.most_royalties = max(self.most_royalties, value[1])
        elif value[1]:
            self.most_staying = max(self.most_staying, value[0])
        if self.threshold is not None and value <= self.threshold:
            return
        shapes = (SHAPE[bottom[0]], SHAPE[middle_key], SHAPE[top[0]])
        old = self.found.get(shapes)
        if old is not None and old.value >= value:
            return
        self.found[shapes] = Found(value, bottom, middle, middle_key, top)
        if len(self.found) > self.count:
            del self.found[min(self.found, key=lambda shape: self.found[shape].value)]
        if len(self.found) == self.count:
            self.threshold = min(found.value for found in self.found.values())

    def results(self) -> list[Found]:
        """The settings kept, best first."""
        return sorted(self.found.values(), key=lambda found: found.value, reverse=True)

    # --- bottoms ---

    def run(self) -> list[Found]:
        """Search every bottom that might beat the settings kept, strongest first."""
        deal = self.deal
        for category in range(9, -1, -1):
            if self._category_hopeless(category):
                break  # the bound only falls with the category
            if category >= STRONG:
                self._strong_bottoms(category)
            elif not (
                deal.jokers == 0 and category >= Category.PAIR and self._plain_bottoms(category)
            ):
                self._weak_bottoms(category)
        return self.results()

    def _strong_bottoms(self, category: int) -> None:
        """Try every bottom of a category of a straight or better, strongest first, until none
        can beat those kept."""
        deal, pay = self.deal, self.pay
        # Above a straight the bound of the middle and top does not depend on the bottom.
        rest, rest_stays = rest_bound(
            pay, deal.counter, deal.jokers, STRONGEST[category], self.strong.best_category
        )
        # The cards and Jokers left beside each four of a kind, kicker included (None once
        # hopeless): see below.
        fours: dict[tuple[int, int], tuple[int, int, list[int]] | None] = {}
        for row in self.strong.every(category):
            b = row[0]
            hope = self.value(
                pay.stays["bottom"][b] or rest_stays,
                pay.royalty["bottom"][b] + rest,
                b,
                INFINITY,
                INFINITY,
            )
            if self.hopeless(hope):
                break  # the bound only falls with the bottom
            if category == Category.FOUR_OF_A_KIND and self.threshold is not None:
                # Bottoms of the same four differ by their kicker alone: the bound of the cards
                # left with the kicker still among them (more cards make no less) bounds them
                # all, and the later ones are weaker.
                four = (row[1] & deal.rank_masks[FIRST_RANK[b]], row[2])
                if four not in fours:
                    fours[four] = self._beside(*four)
                left = fours[four]
                if left is None:
                    continue
                if self.hopeless(self._bottom_bound(b, *left)):
                    fours[four] = None
                    continue
            self._bottom(row)

    def _beside(self, cards: int, jokers_in: int) -> tuple[int, int, list[int]]:
        """The ranks (a counter) and Jokers left beside these cards and Jokers, and what a
        middle could make of them (``_reaches``, below four of a kind)."""
        deal = self.deal
        counter = deal.counter - deal.counter_of(deal.indices(cards))
        jokers = deal.jokers - jokers_in
        cap = int(Category.FOUR_OF_A_KIND)
        return counter, jokers, self._reaches(deal.all & ~cards, counter, jokers, cap)

    def _weak_bottoms(self, category: int) -> None:
        """Try every bottom of a category of trips or less, strongest first, until none can
        beat those kept."""
        deal = self.deal
        limit = None if deal.jokers else 8  # the middle and top take every better kicker
        for row in merged_rows(weak_groups(deal, deal.all, deal.jokers, category, limit=limit)):
            if self.hopeless(self._bottom_bound(row[0], deal.counter, deal.jokers)):
                break  # the bound only falls with the bottom
            self._bottom(row)

    def _bottom(self, row: Row) -> None:
        """Try one bottom, if its closer bound (the middle's reach from the cards left) leaves it
        any hope."""
        deal, b = self.deal, row[0]
        counter, jokers = deal.counter - row[3], deal.jokers - row[2]
        reaches = self._reaches(deal.all & ~row[1], counter, jokers, CATEGORY[b])
        if self.threshold is not None and self.hopeless(
            self._bottom_bound(b, counter, jokers, reaches)
        ):
            return
        need = deal.improvers(row, deal.all & ~row[1])
        if need.bit_count() > 8 and row[2] == deal.jokers:
            return  # a better kicker is always discarded: a stronger bottom does it
        self._middles(row, need, reaches)

    def _plain_bottoms(self, category: int) -> bool:
        """Bottoms of trips, two pair or a pair when no Joker was dealt: for the cards each
        row's hand is made of, kickers best first, bottom, then middle, then top (the
        dominance rule). False if some row could not be completed: then every bottom of the
        category is tried instead."""
        deal, pay = self.deal, self.pay
        stays, paid = (
            pay.stays["bottom"][STRONGEST[category]],
            pay.royalty["bottom"][STRONGEST[category]],
        )
        for bottom_ranks, bottom_made in _made_parts(deal.ranks_in(deal.all), category):
            rest = deal.all & ~bottom_made
            for middle_category in range(category, -1, -1):
                middle_paid, middle_stays = pay.middle_up_to[middle_category]
                for middle_ranks, middle_made in _made_parts(deal.ranks_in(rest), middle_category):
                    if middle_category == category and middle_ranks >= bottom_ranks:
                        continue  # the middle must be below the bottom
                    left = rest & ~middle_made
                    for top_key, top_part in deal.top_parts(left):
                        if not _top_below(top_key, middle_category, middle_ranks):
                            continue
                        top_paid, top_stays = pay.royalty["top"][top_key], pay.stays["top"][top_key]
                        hope = (stays or middle_stays or top_stays, paid + middle_paid + top_paid)
                        if self.hopeless(self.value(*hope, INFINITY, INFINITY, INFINITY)):
                            break  # the tops are strongest first
                        parts = (
                            bottom_ranks,
                            bottom_made,
                            middle_ranks,
                            middle_made,
                            top_part,
                            top_key,
                        )
                        if not self._plain_setting(category, middle_category, parts, left):
                            return False
        return True

    def _plain_setting(
        self, category: int, middle_category: int, parts: tuple[Any, ...], left: int
    ) -> bool:
        """Complete one choice of made parts with the best kickers, bottom first, and offer it;
        False if a row cannot be completed."""
        deal, pay, value = self.deal, self.pay, self.value
        bottom_ranks, bottom_made, middle_ranks, middle_made, top_part, top_key = parts
        free = left & ~top_part
        kickers = _best_kickers(deal, free, bottom_ranks, 5 - bottom_made.bit_count())
        if kickers is None:
            return False
        bottom = deal.row(deal.indices(bottom_made | kickers), 0)
        b, free = bottom[0], free & ~kickers
        top_paid, top_stays = pay.royalty["top"][top_key], pay.stays["top"][top_key]
        hope = (pay.stays["bottom"][b] or top_stays, pay.royalty["bottom"][b] + top_paid)
        best_middle, middle_stays = pay.middle_up_to[middle_category]
        if self.hopeless(
            self.value(hope[0] or middle_stays, hope[1] + best_middle, b, INFINITY, INFINITY)
        ):
            return True
        if middle_category == Category.HIGH_CARD:
            middle = _best_high_card(deal, free)
        else:
            more = _best_kickers(deal, free, middle_ranks, 5 - middle_made.bit_count())
            middle = None if more is None else deal.row(deal.indices(middle_made | more), 0)
        if middle is None:
            return False
        m = middle[0]
        top = _complete_top(deal, (free & ~middle[1]) | top_part, top_part, top_key, INFINITY)
        if top is None:
            return False
        if top[0] > m:
            top = _complete_top(deal, (free & ~middle[1]) | top_part, top_part, top_key, m)
            if top is None:
                return True  # no top of this shape fits under the middle
        stays = hope[0] or pay.stays["middle"][m]
        paid = hope[1] + pay.royalty["middle"][m]
        self.offer(value(stays, paid, b, m, top[0]), bottom, middle, m, top)
        return True

    def _category_hopeless(self, category: int) -> bool:
        if self.threshold is None:
            return False
        royalty, stays = self.pay.bottom_of[category]
        middle, middle_stays = self.pay.middle_up_to[min(category, self.strong.best_category)]
        cap = STRONGEST[category]
        top, top_stays = top_bound(self.pay, self.deal.counter, self.deal.jokers, cap)
        best = self.value(
            stays or middle_stays or top_stays, royalty + middle + top, *(INFINITY,) * 3
        )
        return self.hopeless(best)

    def _bottom_bound(
        self, bottom: int, counter: int, jokers: int, reaches: Sequence[int] | None = None
    ) -> Value:
        """The best any setting with this bottom can do, the rest drawn from these ranks and
        Jokers, the middle making at best ``reaches[j]`` with j Jokers (``split_bound``); without
        reaches, the best of the whole deal with every Joker left in the top too. Remembered:
        bottoms of the same hand and ranks (a straight in other suits) share it."""
        known = (bottom, counter, jokers, None if reaches is None else tuple(reaches))
        found = self._bounds.get(known)
        if found is not None:
            return found
        pay = self.pay
        best = self.strong.best_category
        if reaches is None:
            rest, rest_stays = rest_bound(pay, counter, jokers, bottom, best)
        else:
            reaches = [min(reach, best) for reach in reaches]
            rest, rest_stays = split_bound(pay, counter, jokers, bottom, reaches)
        found = self._bounds[known] = self.value(
            pay.stays["bottom"][bottom] or rest_stays,
            pay.royalty["bottom"][bottom] + rest,
            bottom,
            INFINITY,
            INFINITY,
        )
        return found

    def _reaches(self, rest: int, counter: int, jokers: int, cap: int) -> list[int]:
        """The best category a middle can make from the cards left with 0, 1... of the Jokers
        left, no higher than ``cap`` (more Jokers only make more)."""
        reaches: list[int] = []
        for used in range(jokers + 1):
            reach = (
                cap
                if reaches and reaches[-1] >= cap
                else self.deal.best_category(rest, counter, used, cap)
            )
            reaches.append(min(reach, cap))
        return reaches

    # --- middles ---

    def _middles(self, bottom: Row, need: int, reaches: Sequence[int]) -> None:
        """Try the middles under a bottom, category by category; ``reaches[j]`` is the best a
        middle can make with j of the Jokers left (the top has the others)."""
        b, bottom_mask, bottom_jokers, bottom_counter, _ = bottom
        deal, pay = self.deal, self.pay
        jokers = deal.jokers - bottom_jokers
        counter = deal.counter - bottom_counter
        paid, stays = pay.royalty["bottom"][b], pay.stays["bottom"][b]
        capped: dict[int, list[Row]] | None = None if jokers else {}
        for category in range(min(CATEGORY[b], reaches[-1]), -1, -1):
            if self.threshold is not None:
                middle, middle_stays = pay.middle_up_to[category]
                cap = b if category == CATEGORY[b] else STRONGEST[category]
                # The middle needs some of the Jokers to make this category (reaches rise with
                # the Jokers); the top has the rest.
                left = jokers - bisect_left(reaches, category)
                if category <= Category.TWO_PAIR:
                    top, top_stays = weak_top_bound(pay, counter, left, category, cap)
                else:
                    top, top_stays = top_bound(pay, counter, left, cap)
                best = self.value(
                    stays or middle_stays or top_stays, paid + middle + top, b, INFINITY, INFINITY
                )
                if self.hopeless(best):
                    continue  # (with fewer Jokers in the middle a weaker one may do better)
            plain = not jokers and Category.PAIR <= category < min(CATEGORY[b], Category.STRAIGHT)
            if plain and self._plain_middles(bottom, category, need):
                continue
            if capped is None:  # made when first needed
                capped = self._capped(b, bottom_mask, jokers)
            groups = self._middle_groups(category, b, bottom_mask, jokers)
            ordered = category >= STRONG
            self._middle_category(bottom, category, groups, counter, jokers, need, ordered)
            lowered = capped.get(category)
            if lowered:
                groups = ((shape, 0, 0, rows) for shape, rows in itertools.groupby(lowered, _shape))
                self._middle_category(bottom, category, groups, counter, jokers, need, True)

    def _plain_middles(self, bottom: Row, category: int, need: int) -> bool:
        """Middles of trips, two pair or a pair under a stronger bottom, with no Joker left:
        for each pair or trips the middle is made of, and each the top is made of, the middle
        takes the best kickers left and the top the best of the rest (the dominance rule of the
        module docstring). False if some top could not be completed: then every middle of the
        category is tried instead."""
        deal, pay, value = self.deal, self.pay, self.value
        b, rest = bottom[0], deal.all & ~bottom[1]
        paid, stays = pay.royalty["bottom"][b], pay.stays["bottom"][b]
        held = deal.ranks_in(rest)
        best_middle, middle_stays = pay.middle_up_to[category]
        for made_ranks, made in _made_parts(held, category):
            left = rest & ~made
            for top_key, top_part in deal.top_parts(left):
                if not _top_below(top_key, category, made_ranks):
                    continue
                royalty, top_stays = pay.royalty["top"][top_key], pay.stays["top"][top_key]
                hope = value(
                    stays or middle_stays or top_stays,
                    paid + best_middle + royalty,
                    b,
                    INFINITY,
                    INFINITY,
                )
                if self.hopeless(hope):
                    break  # the tops are strongest first
                kickers = _best_kickers(deal, left & ~top_part, made_ranks, 5 - made.bit_count())
                if kickers is None:
                    return False
                middle = deal.row(deal.indices(made | kickers), 0)
                m = middle[0]
                paid_here = paid + pay.royalty["middle"][m] + royalty
                stays_here = stays or pay.stays["middle"][m] or top_stays
                if self.hopeless(value(stays_here, paid_here, b, m, INFINITY)):
                    continue
                top = _complete_top(deal, left & ~kickers, top_part, top_key, INFINITY)
                if top is None:
                    return False
                if top[0] > m:
                    top = _complete_top(deal, left & ~kickers, top_part, top_key, m)
                    if top is None:
                        continue  # no top of this shape fits under the middle
                if need & ~(middle[1] | deal.mask(top[1])):
                    continue  # a better bottom kicker is discarded: a stronger bottom does it
                self.offer(value(stays_here, paid_here, b, m, top[0]), bottom, middle, m, top)
        return True

    def _middle_category(
        self,
        bottom: Row,
        category: int,
        groups: Iterable[MiddleGroup],
        counter: int,
        jokers: int,
        need: int,
        ordered: bool = False,
    ) -> None:
        """Try the middles of one category, group by group, each strongest first; a middle
        without Jokers leaves the bottom's improvers (``need``) to the top. ``ordered``: no group
        sets cards or Jokers apart (``made`` and ``used`` are 0, so the top's reach is the same
        for all) and the groups come strongest first, so the bound of a group's first middle
        bounds every later group's: once it is hopeless, so is the rest of the category."""
        pay, b, value, deal = self.pay, bottom[0], self.value, self.deal
        paid, stays = pay.royalty["bottom"][b], pay.stays["bottom"][b]
        best_middle, best_middle_stays = pay.middle_up_to[category]
        cap = min(b, STRONGEST[category])
        hopeless_rows: set[tuple[int, int, int, tuple[int, int, bool]]] = set()
        parts = None
        for _, made, used, rows in groups:
            if (made, used) != parts:  # ordered groups all set (0, 0) apart: reach them once
                parts = (made, used)
                around = top_reach(counter - made, jokers - used, cap)
                # The most a top within the group's reach could add (None once every top in
                # reach is claimed), and the best any middle of the group could do with it.
                first_gain = unclaimed(pay, around, _NONE_CLAIMED)
                start = first_gain or (0, False)
                hope = value(
                    stays or best_middle_stays or start[1],
                    paid + best_middle + start[0],
                    b,
                    INFINITY,
                    INFINITY,
                )
            claimed, around_gain = _NONE_CLAIMED, first_gain
            if self.threshold is not None and self.hopeless(hope):
                if ordered:
                    return  # the same bound for every later group
                continue
            for row in rows:
                needed = 0 if row[2] else need & ~row[1]
                if needed.bit_count() > 3:
                    continue
                m = row[0]
                middle, middle_stays = pay.royalty["middle"][m], pay.stays["middle"][m] or stays
                paid_here = paid + middle
                gain = around_gain
                if gain is None or self.hopeless(
                    value(middle_stays or gain[1], paid_here + gain[0], b, m, INFINITY)
                ):
                    if ordered and claimed == _NONE_CLAIMED:
                        return  # later groups: the same bound with weaker middles
                    break  # nothing more from this group: its bound only falls with the middle
                # Middles of the same hand and ranks (a straight in other suits) share this bound;
                # once hopeless, always (the threshold only rises).
                known = (m, row[3], row[2], claimed)
                if known in hopeless_rows:
                    continue
                gain = unclaimed(pay, top_reach(counter - row[3], jokers - row[2], m), claimed)
                if gain is None or self.hopeless(
                    value(middle_stays or gain[1], paid_here + gain[0], b, m, INFINITY)
                ):
                    hopeless_rows.add(known)
                    continue
                plain_needed = needed
                if not row[2] and CATEGORY[m] < CATEGORY[b]:
                    plain_needed |= deal.improvers(row, deal.all & ~bottom[1] & ~row[1])
                met = self._tops(bottom, row, needed, plain_needed)
                claimed = (claimed[0] | met[0], claimed[1] | met[1], claimed[2] or met[2])
                around_gain = unclaimed(pay, around, claimed)

    def _middle_groups(
        self, category: int, b: int, bottom_mask: int, jokers: int
    ) -> Iterator[MiddleGroup]:
        """The middles of one category that fit under the bottom, by their resolved hand, in
        groups (each strongest first), with the ranks and Jokers every row of a group holds."""
        if category >= STRONG:
            fitting = (
                row
                for row in self.strong.at_most(category, b, jokers)
                if not row[1] & bottom_mask and row[2] <= jokers
            )
            for shape, rows in itertools.groupby(fitting, key=_shape):
                yield shape, 0, 0, rows
        else:
            rest = self.deal.all & ~bottom_mask
            # With no Joker left, the top (three cards) takes every better kicker passed over.
            limit = 3 if not jokers and category < CATEGORY[b] else None
            for shape, made, used, make in weak_groups(
                self.deal, rest, jokers, category, limit=limit
            ):
                yield shape, made, used, (row for row in make() if row[0] <= b)

    def _capped(self, b: int, bottom_mask: int, jokers: int) -> dict[int, list[Row]]:
        """Middles with Jokers that would exceed the bottom, resolved lower (JOKER-OFC 4.1)."""
        found: dict[int, list[Row]] = {}
        rest = self.deal.all & ~bottom_mask
        for category in range(9, CATEGORY[b] - 1, -1):
            if category >= STRONG:
                rows: Iterable[Row] = (
                    row
                    for row in self.strong.with_jokers_above(category, b)
                    if not row[1] & bottom_mask and row[2] <= jokers
                )
            else:  # made from the cards and Jokers left, strongest first
                made = merged_rows(weak_groups(self.deal, rest, jokers, category, least=1))
                rows = itertools.takewhile(lambda row: row[0] > b, made)
            for row in rows:
                key = first_at_most(row[4], b)
                if key >= 0:
                    found.setdefault(CATEGORY[key], []).append(
                        (key, row[1], row[2], row[3], row[4])
                    )
        for rows_of in found.values():
            rows_of.sort(key=_KEY, reverse=True)
        return found

    # --- tops ---

    def _tops(
        self, bottom: Row, middle: Row, needed: int, plain_needed: int
    ) -> tuple[int, int, bool]:
        deal, pay = self.deal, self.pay
        b, m = bottom[0], middle[0]
        left = deal.all & ~bottom[1] & ~middle[1]
        jokers = deal.jokers - bottom[2] - middle[2]
        paid = pay.royalty["bottom"][b] + pay.royalty["middle"][m]
        stays = pay.stays["bottom"][b] or pay.stays["middle"][m]
        royalty, top_stays = pay.royalty["top"], pay.stays["top"]
        trips = pairs = 0
        high = False
        for top in top_choices(deal, left, jokers, m, needed, plain_needed):
            t = top[0]
            value = self.value(stays or top_stays[t], paid + royalty[t], b, m, t)
            self.offer(value, bottom, middle, m, top)
            bit = _unit(FIRST_RANK[t])
            if CATEGORY[t] == Category.THREE_OF_A_KIND:
                trips |= bit
            elif CATEGORY[t] == Category.PAIR:
                pairs |= bit
            else:
                high = True
        return trips, pairs, high
