"""The dealt cards of a Fantasyland hand as the setter's search holds them, and its rows.

Real cards are indices into one fixed order (highest rank first, then s, h, d, c), sets of them
bit masks, and their ranks a counter (``scoring.setter_scale.unit``). A five-card row is a
``Row``, a top a ``Top``: plain tuples, read by unpacking them into their names,

    place, mask, jokers, counter, options = row
    place, cards, jokers = top

never by a bare position (a key function names its field: ``_PLACE = itemgetter(0)``). Not
NamedTuples: the search makes and reads rows by the thousand, and on CPython 3.11 a tuple
subclass misses the interpreter's fast paths for tuples (building one calls a Python
``__new__``; unpacking it, indexing it and reading a field are generic operations): as
NamedTuples they made ``bench/fantasyland.py`` 4-11% slower in CPU time. The search's other
records made in bulk (``setter_rows.Group`` and ``MiddleGroup``, ``setter_bounds.Claimed``)
are plain tuples for the same reason.

>>> from scoring.cards import parse_cards
>>> deal = Deal(parse_cards("Ah Kd Qs Jc Th 9h X"))
>>> place, mask, jokers, counter, options = deal.row([0, 1, 2, 3, 4], 0)
>>> KEYS[place], jokers, deal.jokers
((4, (14,)), 0, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scoring.cards import SUITS, Card
from scoring.hands import Category
from scoring.setter_bounds import best_category as _best_category
from scoring.setter_scale import (
    FLUSH5,
    KEYS,
    PAIR_TOP,
    PLAIN5,
    STRAIGHTS,
    SUIT_BITS,
    TRIPS_TOP,
    UNIT,
    WEAKEST_TOP,
    five_options,
)

# A five-card row: place, mask, jokers, counter, options = row. The hand it makes at its
# strongest (a place on the scale), its real cards (a bit mask), its Jokers, the counter of its
# real ranks, and every hand it can make with its Jokers, strongest first (its one hand when it
# holds none).
Row = tuple[int, int, int, int, tuple[int, ...]]
# A top row: place, cards, jokers = top. Its hand (a place on the scale), its real cards
# (indices) and its Jokers.
Top = tuple[int, tuple[int, ...], int]

Held = Sequence[tuple[int, list[int]]]  # ranks held, highest first, each with its cards
_KICKED = (Category.PAIR, Category.TWO_PAIR, Category.THREE_OF_A_KIND, Category.FOUR_OF_A_KIND)


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
        windows = [sum(map(self.rank_masks.__getitem__, window)) for window in STRAIGHTS]
        self.suit_windows = [[cards & window for window in windows] for cards in self.suit_masks]

    def improvers(self, row: Row, available: int) -> int:
        """The available cards that would raise the row's lowest kicker, its shape unchanged,
        as a mask; 0 unless the row is a pair, two pair, trips or quads whose lowest kicker is a
        real card beside real pairs.

        The dominance of kickers: royalties and the stay depend on each row's category (a top's
        on its rank too), not on its kickers. If a setting discards one of these cards, swapping
        it for the row's lowest kicker keeps every row's shape, royalties and stay and makes the
        row stronger: the setting is beaten by one with the same figures and the same shapes
        (H35), so it is neither kept nor raises a figure, and the search need not try it. The
        search applies this only where the swap cannot change how a Joker resolves nor break
        the order of the rows (``Search._bottom``, ``Search._middle_category``).
        """
        # A pair with a Joker is the Joker pairing the highest real card: the kickers are the
        # other real cards, and a higher one would be paired instead (another hand).
        place, _, jokers, counter, _ = row
        category, ranks = KEYS[place]
        if category not in _KICKED or (jokers and category == Category.PAIR):
            return 0
        if jokers == 2 and category == Category.THREE_OF_A_KIND:
            return 0  # two Jokers follow the highest rank: a higher card would change the trips
        lowest = ranks[2] if category == Category.TWO_PAIR else ranks[-1]
        if (counter >> (4 * (lowest - 2))) & 15 != 1:
            return 0  # the lowest kicker is a Joker
        # A card raises the kicker, the shape unchanged, when it is of a rank above the lowest
        # kicker and not already in the row (a rank in the row would make another hand).
        held = 0
        for rank in range(2, 15):
            if counter >> (4 * (rank - 2)) & 15:
                held |= self.rank_masks[rank]
        return self.above[lowest] & ~held & available

    # The best category five of some of the cards and Jokers can make, never understated
    # (``scoring.setter_bounds.best_category``).
    best_category = _best_category

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
        same = SUIT_BITS  # the suit bits all the cards share (the evaluator's flush test)
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
        """What a top without Jokers can be made of from a mask (``top_parts``), remembered."""
        parts = self._top_parts.get(mask)
        if parts is None:
            parts = self._top_parts[mask] = top_parts(self.ranks_in(mask))
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


def top_parts(held: Held) -> list[tuple[int, int]]:
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
