"""Hand evaluation: the single source of hand strength for every game.

How it works. There are 7,462 distinct five-card high hands. At import they are listed weakest
first, so a hand's *strength* is its index in that list (0 = 7-5-4-3-2 offsuit, 7461 = royal
flush). Each card's ``code`` (see ``cards.py``) holds one 4-bit counter per rank above one bit
per suit (3 bits apart), so adding the codes of a hand counts its ranks and its suits at once:

    ===========  ==============================  =========================================
    hand         sum >> 12 (rank counters)       low 12 bits (suit counters, octal digits)
    ===========  ==============================  =========================================
    Qs Qd 7c...  two in the Q nibble, one in 7   one per suit digit
    ===========  ==============================  =========================================

Five cards are a flush exactly when the AND of their codes keeps a suit bit. One dictionary
lookup on the rank counters then gives the strength (one table for flushes, one for the rest).
For six or seven cards, a suit digit of five or more marks the flush (and then nothing but a
flush or straight flush can be best); otherwise the best five-card hand depends only on the
rank counters, and is memoised per counter value (49,205 possible seven-card values). Eight
cards (Island Pineapple's three hole cards with a board) may hold a full house beside a flush,
so both are read, the rank counters seven cards at a time; eight cards of one suit overflow
their suit digit and are read seven at a time.

>>> from scoring.cards import parse_cards
>>> evaluate(parse_cards("Qs Qd 7c 5h 4d")).name
'Pair of queens, kickers seven, five, four'
>>> evaluate(parse_cards("Ah Kh Qh Jh Th")).category.slug
'royal_flush'
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from functools import cache, lru_cache
from typing import Any

from scoring.cards import RANK_NAMES, RANK_PLURALS, Card, CardError
from scoring.messages import Either, Message, Term, say


class Category(IntEnum):
    """Hand categories, weakest first."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9

    @property
    def slug(self) -> str:
        return self.name.lower()

    @classmethod
    def from_slug(cls, slug: str) -> Category:
        """The category a slug names: "full_house" -> Category.FULL_HOUSE.

        >>> Category.from_slug("two_pair").label
        'Two pair'
        """
        return cls[slug.upper()]

    @property
    def label(self) -> str:
        return self.name.replace("_", " ").capitalize()


# Each category inside a sentence ("a straight or better"), to be said in the reader's language.
CATEGORY_WORDS: Mapping[Category, Message] = {
    Category.HIGH_CARD: say("common.category_high_card"),
    Category.PAIR: say("common.category_pair"),
    Category.TWO_PAIR: say("common.category_two_pair"),
    Category.THREE_OF_A_KIND: say("common.category_three_of_a_kind"),
    Category.STRAIGHT: say("common.category_straight"),
    Category.FLUSH: say("common.category_flush"),
    Category.FULL_HOUSE: say("common.category_full_house"),
    Category.FOUR_OF_A_KIND: say("common.category_four_of_a_kind"),
    Category.STRAIGHT_FLUSH: say("common.category_straight_flush"),
    Category.ROYAL_FLUSH: say("common.category_royal_flush"),
}


@dataclass(frozen=True, order=True)
class Hand(Term):
    """A made hand: its category, its ranks in order of significance, and the cards in it.

    Hands compare by category, then rank by rank. A three-card top row compares with a
    five-card row the way OFC does: when every rank of the shorter hand matches, the longer
    one is stronger (QQ7 is below QQ754 and above QQ654).
    """

    category: Category
    ranks: tuple[int, ...]
    cards: tuple[Card, ...] = field(default=(), compare=False)

    @property
    def name(self) -> str:
        return hand_name(self.category, self.ranks)

    def english(self) -> str:
        """The hand mid-sentence: "pair of queens, seven kicker"."""
        name = self.name
        return name[0].lower() + name[1:]

    def encoded(self) -> Any:
        return {"hand": [int(self.category), list(self.ranks)]}


def _word(rank: int) -> str:
    return RANK_NAMES[rank]


def _kickers(ranks: Sequence[int]) -> str:
    if not ranks:
        return ""
    if len(ranks) == 1:
        return f", {_word(ranks[0])} kicker"
    return ", kickers " + ", ".join(_word(rank) for rank in ranks)


@cache  # a few thousand distinct hands, each named many times in rulings and answers
def hand_name(category: Category, ranks: tuple[int, ...]) -> str:
    """Say a hand the way a dealer would.

    >>> hand_name(Category.FULL_HOUSE, (9, 4))
    'Nines full of fours'
    """
    top = ranks[0]
    match category:
        case Category.HIGH_CARD:
            text = f"{_word(top)} high" + (
                ", then " + ", ".join(map(_word, ranks[1:])) if ranks[1:] else ""
            )
        case Category.PAIR:
            text = f"pair of {RANK_PLURALS[top]}" + _kickers(ranks[1:])
        case Category.TWO_PAIR:
            text = f"{RANK_PLURALS[top]} and {RANK_PLURALS[ranks[1]]}" + _kickers(ranks[2:])
        case Category.THREE_OF_A_KIND:
            text = f"three {RANK_PLURALS[top]}" + _kickers(ranks[1:])
        case Category.STRAIGHT:
            text = f"{_word(top)}-high straight"
        case Category.FLUSH:
            text = f"{_word(top)}-high flush, then " + ", ".join(map(_word, ranks[1:]))
        case Category.FULL_HOUSE:
            text = f"{RANK_PLURALS[top]} full of {RANK_PLURALS[ranks[1]]}"
        case Category.FOUR_OF_A_KIND:
            text = f"four {RANK_PLURALS[top]}" + _kickers(ranks[1:])
        case Category.STRAIGHT_FLUSH:
            text = f"{_word(top)}-high straight flush"
        case _:
            text = "royal flush"
    return text[0].upper() + text[1:]


# --- The table of 7,462 classes -------------------------------------------------------------

_STRAIGHT_TOPS = range(5, 15)


def _straight_ranks(top: int) -> tuple[int, ...]:
    return (5, 4, 3, 2, 14) if top == 5 else tuple(range(top, top - 5, -1))


def _classes() -> list[tuple[Category, tuple[int, ...], tuple[int, ...]]]:
    """Every class weakest first, as (category, ranks by significance, the five ranks)."""
    ranks = range(2, 15)
    straights = {frozenset(_straight_ranks(top)) for top in _STRAIGHT_TOPS}
    unpaired = [
        combo[::-1]
        for combo in itertools.combinations(ranks, 5)
        if frozenset(combo) not in straights
    ]
    out: list[tuple[Category, tuple[int, ...], tuple[int, ...]]] = []
    out += [(Category.HIGH_CARD, combo, combo) for combo in unpaired]
    for pair in ranks:
        others = [r for r in ranks if r != pair]
        for kicks in itertools.combinations(others, 3):
            k = kicks[::-1]
            out.append((Category.PAIR, (pair, *k), (pair, pair, *k)))
    for low, high in itertools.combinations(ranks, 2):
        for kick in ranks:
            if kick not in (low, high):
                out.append((Category.TWO_PAIR, (high, low, kick), (high, high, low, low, kick)))
    for trip in ranks:
        others = [r for r in ranks if r != trip]
        for pair_kicks in itertools.combinations(others, 2):
            k2 = pair_kicks[::-1]
            out.append((Category.THREE_OF_A_KIND, (trip, *k2), (trip, trip, trip, *k2)))
    out += [(Category.STRAIGHT, (top,), _straight_ranks(top)) for top in _STRAIGHT_TOPS]
    out += [(Category.FLUSH, combo, combo) for combo in unpaired]
    for trip, pair in itertools.permutations(ranks, 2):
        out.append((Category.FULL_HOUSE, (trip, pair), (trip, trip, trip, pair, pair)))
    for quad, kick in itertools.permutations(ranks, 2):
        out.append((Category.FOUR_OF_A_KIND, (quad, kick), (quad,) * 4 + (kick,)))
    for top in _STRAIGHT_TOPS:
        category = Category.ROYAL_FLUSH if top == 14 else Category.STRAIGHT_FLUSH
        out.append((category, (top,), _straight_ranks(top)))
    out.sort(key=lambda entry: (entry[0], entry[1]))
    return out


def _rank_key(ranks: Iterable[int]) -> int:
    return sum(16 ** (rank - 2) for rank in ranks)


CLASSES = _classes()
_FLUSH: dict[int, int] = {}
_PLAIN: dict[int, int] = {}
for _strength, (_category, _, _five) in enumerate(CLASSES):
    _flushy = _category in (Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH)
    (_FLUSH if _flushy else _PLAIN)[_rank_key(_five)] = _strength
_PLAIN_FIVE = frozenset(_PLAIN)

# Best flush among the cards of one suit, by the bit mask of their ranks (5-7 bits set).
_FLUSH_BY_MASK: dict[int, int] = {}
for _count in (5, 6, 7):
    for _combo in itertools.combinations(range(13), _count):
        _FLUSH_BY_MASK[sum(1 << i for i in _combo)] = max(
            _FLUSH[sum(16**i for i in five)] for five in itertools.combinations(_combo, 5)
        )
# The suit digit (as a mask on the code) that holds five or more cards, by the suit counters.
_FLUSH_SUIT: dict[int, int] = {}
for _counts in itertools.product(range(8), repeat=4):
    if 5 <= sum(_counts) <= 8:
        _digits = sum(count << (3 * suit) for suit, count in enumerate(_counts))
        _FLUSH_SUIT[_digits] = next(
            (1 << (3 * suit) for suit, count in enumerate(_counts) if count >= 5), 0
        )
_RANK_BIT = {16**i << 12: 1 << i for i in range(13)}


def _best_plain(rank_key: int) -> int:
    """Best non-flush strength for 6 or 7 cards given their rank counters; memoised."""
    ranks = [i for i in range(13) for _ in range((rank_key >> (4 * i)) & 15)]
    best = max(
        _PLAIN[key]
        for five in itertools.combinations(ranks, 5)
        if (key := sum(16**i for i in five)) in _PLAIN_FIVE
    )
    _PLAIN[rank_key] = best
    return best


def strength5(codes: Sequence[int]) -> int:
    """Strength (0-7461, higher is better) of exactly five card codes."""
    a, b, c, d, e = codes
    if a & b & c & d & e & 0xFFF:
        return _FLUSH[(a + b + c + d + e) >> 12]
    return _PLAIN[(a + b + c + d + e) >> 12]


def strength(codes: Sequence[int]) -> int:
    """Strength of the best five-card hand among five to eight card codes."""
    total = sum(codes)
    suit_mask = _FLUSH_SUIT.get(total & 0xFFF)
    if suit_mask is None:  # eight cards of one suit: its digit overflowed
        return max(map(strength, itertools.combinations(codes, 7)))
    key = total >> 12
    if suit_mask:
        flush = _FLUSH_BY_MASK[sum(_RANK_BIT[code & ~0xFFF] for code in codes if code & suit_mask)]
        if len(codes) < 8:
            return flush  # beside five suited cards, two more make no full house
        return max(flush, _plain8(key))
    if len(codes) == 8:
        return _plain8(key)
    found = _PLAIN.get(key)
    return _best_plain(key) if found is None else found


@lru_cache(maxsize=1 << 15)
def _plain8(key: int) -> int:
    """Best non-flush strength of eight cards by their rank counters: the best of each seven
    (120,055 eight-card values, so the most recent are kept, not all)."""
    best = -1
    for rank in range(13):  # drop one card of each rank held
        if (key >> 4 * rank) & 15:
            seven = key - (1 << 4 * rank)
            found = _PLAIN.get(seven)
            best = max(best, _best_plain(seven) if found is None else found)
    return best


def describe(value: int) -> tuple[Category, tuple[int, ...]]:
    """The category and significant ranks of a strength."""
    category, ranks, _ = CLASSES[value]
    return category, ranks


def _check(cards: Sequence[Card], sizes: Iterable[int]) -> None:
    allowed = tuple(sizes)
    if len(cards) not in allowed:
        raise CardError(
            say(
                "common.hand_size",
                wanted=Either(tuple(str(size) for size in allowed)),
                count=len(cards),
            )
        )
    _check_cards(cards)


def _check_cards(cards: Sequence[Card]) -> None:
    if any(card.is_joker for card in cards):
        raise CardError(say("common.hand_joker_unresolved"))
    if len(set(cards)) != len(cards):
        raise CardError(say("common.hand_card_twice"))


def _order_cards(cards: Iterable[Card], five_ranks: Sequence[int]) -> tuple[Card, ...]:
    """Order cards as the hand is read: pair before kickers, the wheel's ace last."""
    return tuple(sorted(cards, key=lambda card: five_ranks.index(card.rank)))


def evaluate(cards: Sequence[Card]) -> Hand:
    """Evaluate a five-card hand, or a three-card OFC top row (high card, pair or trips only)."""
    _check(cards, (3, 5))
    if len(cards) == 3:
        return evaluate_top(cards)
    value = strength5([card.code for card in cards])
    category, ranks = describe(value)
    return Hand(category, ranks, _order_cards(cards, _five_ranks(value)))


def made_hand(cards: Sequence[Card], category: Category, ranks: tuple[int, ...]) -> Hand:
    """The hand of cards already known to make ``category`` with ``ranks`` (a search that
    ranked them itself), the cards in the order ``evaluate`` reads them.

    >>> from scoring.cards import parse_cards
    >>> cards = parse_cards("4d Ah 3c 5s 2h")
    >>> hand = made_hand(cards, Category.STRAIGHT, (5,))
    >>> hand.cards == evaluate(cards).cards, hand.cards[-1]
    (True, Card('Ah'))
    """
    order: Sequence[int] = ranks
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH):
        order = (5, 4, 3, 2, 14) if ranks[0] == 5 else range(ranks[0], ranks[0] - 5, -1)
    return Hand(category, ranks, _order_cards(cards, order))


def _five_ranks(value: int) -> tuple[int, ...]:
    return CLASSES[value][2]


def top_hand(ranks: Iterable[int]) -> tuple[Category, tuple[int, ...]]:
    """The category and significant ranks of a three-card top row, from its ranks alone.

    >>> top_hand([7, 12, 12])
    (<Category.PAIR: 1>, (12, 7))
    """
    high, middle, low = sorted(ranks, reverse=True)
    if high == low:
        return Category.THREE_OF_A_KIND, (high,)
    if high == middle:
        return Category.PAIR, (high, low)
    if middle == low:
        return Category.PAIR, (middle, high)
    return Category.HIGH_CARD, (high, middle, low)


def evaluate_top(cards: Sequence[Card]) -> Hand:
    """Evaluate a three-card top row: three in sequence or of one suit are nothing special."""
    _check(cards, (3,))
    category, ranks = top_hand(card.rank for card in cards)
    return Hand(category, ranks, _order_cards(cards, ranks))


def best_of(cards: Sequence[Card]) -> Hand:
    """The best five-card hand among five to seven cards.

    >>> from scoring.cards import parse_cards
    >>> best_of(parse_cards("Ah Kd 9h 4h 2h 7c 3h")).name
    'Ace-high flush, then nine, four, three, two'
    """
    _check(cards, (5, 6, 7))
    value = strength([card.code for card in cards])
    for five in itertools.combinations(cards, 5):
        if strength5([card.code for card in five]) == value:
            category, ranks = describe(value)
            return Hand(category, ranks, _order_cards(five, _five_ranks(value)))
    raise AssertionError("no best five")  # the best is always one of the fives


@dataclass(frozen=True)
class Group:
    """Cards a hand may draw from, with how many it must and may use."""

    cards: tuple[Card, ...]
    least: int
    most: int


def choices(groups: Sequence[Group], size: int = 5) -> Iterable[tuple[Card, ...]]:
    """Every way to take ``size`` cards from the groups within their limits."""
    ranges = [range(g.least, min(g.most, len(g.cards)) + 1) for g in groups]
    for counts in itertools.product(*ranges):
        if sum(counts) != size:
            continue
        picks = [itertools.combinations(g.cards, n) for g, n in zip(groups, counts, strict=True)]
        for parts in itertools.product(*picks):
            yield tuple(itertools.chain.from_iterable(parts))


def best_hand(groups: Sequence[Group]) -> Hand | None:
    """The best five-card high hand using each group's cards within its limits.

    Serves Hold'em-style play (0-2 hole cards) and Lazy Pineapple (at most 2 of 3). None when
    no five cards fit the limits. Island Pineapple reads wild deuces and keeps its own search
    (``scoring.island._best_codes`` says why, with its measured cost).

    >>> from scoring.cards import parse_cards
    >>> hole = Group(tuple(parse_cards("Th 8c")), 1, 2)
    >>> board = Group(tuple(parse_cards("Kh 9s 9d Jh Qh")), 3, 4)
    >>> best_hand([hole, board]).name
    'King-high straight'
    """
    _check_cards([card for group in groups for card in group.cards])
    best_value = -1
    best_cards: tuple[Card, ...] = ()
    for five in choices(groups):
        value = strength5([card.code for card in five])
        if value > best_value:
            best_value, best_cards = value, five
    if best_value < 0:
        return None
    category, ranks = describe(best_value)
    return Hand(category, ranks, _order_cards(best_cards, _five_ranks(best_value)))


# --- Eight-or-better low ---------------------------------------------------------------------


@dataclass(frozen=True)
class Low(Term):
    """A qualifying eight-or-better low: five distinct ranks, ace as one. Lower is better."""

    ranks: tuple[int, ...]  # highest first, ace counted as 1
    cards: tuple[Card, ...] = field(default=(), compare=False)

    def beats(self, other: Low) -> bool:
        return self.ranks < other.ranks

    @property
    def name(self) -> str:
        """Its ranks down to the last one that tells it from every other low.

        The ranks after the named ones are the lowest they could be, so two different lows
        never share a name: 7-5-3-2-A is a seven-five low, 7-5-4-2-A a seven-five-four.

        >>> Low((7, 5, 4, 2, 1)).name, Low((7, 5, 3, 2, 1)).name, Low((5, 4, 3, 2, 1)).name
        ('Seven-five-four low', 'Seven-five low', 'Five low')
        """
        named = 1
        while tuple(self.ranks[named:]) != tuple(range(len(self.ranks) - named, 0, -1)):
            named += 1
        words = ["ace" if rank == 1 else RANK_NAMES[rank] for rank in self.ranks[:named]]
        return "-".join(words).capitalize() + " low"

    def english(self) -> str:
        name = self.name
        return name[0].lower() + name[1:]

    def encoded(self) -> Any:
        return {"low": list(self.ranks)}


def _low_rank(card: Card) -> int:
    return 1 if card.rank == 14 else card.rank


def best_low(groups: Sequence[Group]) -> Low | None:
    """The best eight-or-better low within the groups' limits, or None if none qualifies.

    Straights and flushes do not count against a low.

    >>> from scoring.cards import parse_cards
    >>> best_low([Group(tuple(parse_cards("Ah 7d 5c Kd 2s 3h 4h")), 0, 7)]).name
    'Five low'
    """
    _check_cards([card for group in groups for card in group.cards])
    # Five different ranks eight or lower, each group giving at most its own limit: when the
    # groups cannot give five, no five is tried (most Hold'em-style hands at a ten-seat table).
    lows = [{_low_rank(card) for card in group.cards if _low_rank(card) <= 8} for group in groups]
    given = sum(min(group.most, len(ranks)) for group, ranks in zip(groups, lows, strict=True))
    if min(given, len(set().union(*lows))) < 5:
        return None
    best: Low | None = None
    for five in choices(groups):
        ranks = sorted({_low_rank(card) for card in five if _low_rank(card) <= 8}, reverse=True)
        if len(ranks) == 5 and (best is None or tuple(ranks) < best.ranks):
            order = sorted(five, key=_low_rank, reverse=True)
            best = Low(tuple(ranks), tuple(order))
    return best
