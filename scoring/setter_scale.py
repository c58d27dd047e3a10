"""One scale for every hand a row of the Fantasyland setter can make (``scoring.setter_search``).

Every hand a row can make, three cards or five, has a place on one scale (``KEYS``), weakest
first, so rows compare as integers. A row's ranks are kept as a counter (``unit``: a nibble per
rank, so the ranks of a row add up) and looked up in tables built once (``PLAIN5``, ``FLUSH5``,
``TOP3``). A row holding Jokers carries every hand they let it make, strongest first (each Joker
any card not already in the row, no five of a kind: ``five_options``, ``top_options``).

>>> from scoring.cards import parse_cards
>>> KEYS[place_of(parse_cards("Ah Ad Kc"))], KEYS[place_of(parse_cards("9s 8s 7s 6s 5s"))]
((1, (14, 13)), (8, (9,)))
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from functools import cache

from scoring.cards import CARDS, SUITS, Card
from scoring.hands import CLASSES, Category, top_hand

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
INFINITY = len(KEYS)  # above every hand: a row not chosen yet, in a bound


def unit(rank: int) -> int:
    """A rank's counter, as in the evaluator: a nibble per rank, so a row's ranks add up."""
    return 1 << (4 * (rank - 2))


UNIT = [unit(rank) if rank >= 2 else 0 for rank in range(15)]  # unit, looked up

FLUSHY = (Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH)
PLAIN5: dict[int, int] = {}
FLUSH5: dict[int, int] = {}
for _category, _ranks, _five in CLASSES:
    _table = FLUSH5 if _category in FLUSHY else PLAIN5
    _table[sum(map(unit, _five))] = PLACE[(int(_category), _ranks)]
TOP3: dict[int, int] = {
    sum(map(unit, ranks)): PLACE[(int(category), made)]
    for ranks in _TOP_RANKS
    for category, made in [top_hand(ranks)]
}
# The ranks of every card of a row making each hand: five for a five-card hand, three for a top.
RANKS_OF: dict[int, tuple[int, ...]] = {
    PLACE[(int(category), ranks)]: five for category, ranks, five in CLASSES
}
for _ranks in _TOP_RANKS:
    RANKS_OF[TOP3[sum(map(unit, _ranks))]] = _ranks
TRIPS_TOP = [PLACE[(3, (rank,))] if rank > 1 else -1 for rank in range(15)]
PAIR_TOP = [
    [PLACE[(1, (rank, kick))] if 1 < kick != rank > 1 else -1 for kick in range(15)]
    for rank in range(15)
]
NIBBLES = sum(unit(rank) for rank in range(2, 15))
SUIT_BITS = 0xFFF  # the low bits of a card's code: one per suit (see scoring.cards)
WEAKEST_TOP = TOP3[unit(4) + unit(3) + unit(2)]  # stands for any high-card top: pays nothing
STRAIGHTS = [(5, 4, 3, 2, 14)] + [tuple(range(top, top - 5, -1)) for top in range(6, 15)]


def _ranks_of(counter: int) -> dict[int, int]:
    """How many of each rank a counter holds."""
    return {rank: (counter >> (4 * (rank - 2))) & 15 for rank in range(2, 15)}


@cache
def five_options(counter: int, suited: bool, jokers: int) -> tuple[int, ...]:
    """Every hand five cards can make, strongest first: the real cards' ranks (a counter), all of
    one suit or not, and how many Jokers (each any card not already in the row).

    >>> [KEYS[p] for p in five_options(unit(14) * 4, False, 1)][:2]
    [(7, (14, 13)), (7, (14, 12))]
    """
    held = _ranks_of(counter)
    found = set()
    for ranks in itertools.combinations_with_replacement(range(2, 15), jokers):
        if any(held[rank] + ranks.count(rank) > 4 for rank in ranks):
            continue  # no five of a kind (JOKER-OFC 3.2)
        total = counter + sum(map(unit, ranks))
        found.add(PLAIN5[total])
        if suited and len(set(ranks)) == jokers and not any(held[rank] for rank in ranks):
            found.add(FLUSH5[total])  # new ranks of the row's suit: no duplicate (3.3)
    return tuple(sorted(found, reverse=True))


@cache
def top_options(counter: int, jokers: int) -> tuple[int, ...]:
    """Every hand a top row can make from real ranks (a counter) and Jokers, strongest first.

    >>> [KEYS[p] for p in top_options(unit(14) * 2, 1)][:2]
    [(3, (14,)), (1, (14, 13))]
    """
    held = _ranks_of(counter)
    found = {
        TOP3[counter + sum(map(unit, ranks))]
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
    counter = sum(unit(card.rank) for card in cards)
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
    suits = real[0].suit if CATEGORY[place] in FLUSHY and len(real) + jokers == 5 else SUITS
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
