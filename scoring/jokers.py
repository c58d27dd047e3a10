"""Joker resolution for Joker OFC: what each Joker on a board becomes at showdown.

The rule (JOKER-OFC 3.1-4.2). A Joker may become any card that is not already in its own row
(cards elsewhere do not matter: six aces on one table are fine). The bottom row is made as strong
as possible, then the middle as strong as possible without exceeding the bottom, then the top as
strong as possible without exceeding the middle ("without exceeding" allows a tie, because the
order rule only asks each row to be at least as strong as the one above it). If the strongest
bottom leaves no middle that fits, the Jokers are resolved "a little lower": the search goes down
the bottom's possible hands until the rows can be put in order (house interpretation H31: the
resolution is the in-order one with the strongest bottom, then the strongest middle, then the
strongest top). The board fouls only when no resolution at all keeps the order.

The algorithm, in four steps.

1. *Each row's possible hands.* A row's real cards are fixed; only its Jokers vary. A hand's
   strength depends on the multiset of its ranks and on whether it is a flush, never on which
   suits make it so. So, rather than try every card (48 per Joker, 1,176 pairs for two), try every
   multiset of Joker ranks (13 for one Joker, 91 for two) that leaves no rank more than four
   times in the row (no five of a kind, no duplicate), once as a plain hand and, when the real
   cards are all of one suit and the Joker ranks are new and distinct, once as a flush of that
   suit (a plain hand is always possible: a Joker may take a suit the row does not hold). A top
   row has no flushes or straights, so its ranks alone decide. Keep each distinct strength once,
   strongest first.
2. *Search down, bottom first.* Walk the bottom's list from the top; for each bottom, the middle is
   the first (strongest) entry of its list that does not exceed it, and the top the first entry
   of its list that does not exceed that middle. The first bottom for which both exist wins. Two
   pointers only move down the middle and top lists, so the walk is linear in their lengths.
   (Rows choose their cards independently, so a weaker bottom can never admit a stronger middle:
   the walk stops at the first bottom unless the board fouls, which it then proves by exhaustion.)
3. *Pick the cards.* A strength fixes the ranks; among the cards giving it, each Joker in the
   order it was entered takes the highest suit in the order spades, hearts, diamonds, clubs, then
   the highest rank, that keeps the hand equal (house interpretation H12).
4. *A fouled board* (no in-order resolution) shows each row at its own strongest, as if it stood
   alone (house interpretation H10); scoring does not depend on it.

Worked example: top ``As Ad X``, middle ``Kh Kd 7s 7c 2d`` (two pair), bottom ``9h 8h 5h 2h X``.

    =======  ===========================  ===============================================
    row      strongest possible           chosen (does not exceed the row below)
    =======  ===========================  ===============================================
    bottom   Ah: ace-high flush            Ah: nothing below to exceed, strongest wins
    middle   kings and sevens (no Joker)   kings and sevens: below the flush, stands
    top      As Ad + Ah: three aces         trips beat two pair, so the next strongest:
                                           As Ad + Ks, pair of aces, king kicker
    =======  ===========================  ===============================================

The top Joker could be any king (all equal); H12 picks the spade. The top is a pair of aces,
so the board enters Fantasyland with 16 cards rather than 17 (JOKER-OFC 5.2).

>>> from scoring.cards import parse_cards
>>> board = resolve_board(
...     parse_cards("As Ad X"), parse_cards("Kh Kd 7s 7c 2d"), parse_cards("9h 8h 5h 2h X")
... )
>>> board.in_order, board.top.jokers, board.bottom.jokers
(True, (Card('Ks'),), (Card('Ah'),))
>>> board.top.hand.name
'Pair of aces, king kicker'
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from scoring.cards import CARDS, SUITS, Card, CardError
from scoring.hands import Hand, describe, evaluate, strength5, top_hand
from scoring.messages import say

# A comparable strength shared by three- and five-card rows: (category, ranks in significance).
Key = tuple[int, tuple[int, ...]]


@dataclass(frozen=True)
class RowOption:
    """One strength a row can reach, with the Joker ranks (highest first) and a flush suit."""

    key: Key
    joker_ranks: tuple[int, ...]
    flush_suit: str | None


@dataclass(frozen=True)
class RowResolution:
    """A row as entered, as resolved, its hand, and the strongest it could be on its own."""

    cards: tuple[Card, ...]
    resolved: tuple[Card, ...]
    hand: Hand
    best_alone: Hand
    # How many choices of cards for the Jokers give exactly this hand (H12 picks one).
    alternatives: int = 1
    # What each Joker became, in the order the Jokers were entered: the cards the resolution
    # chose (``joker_cards(cards, resolved)``), kept as chosen for the answer, the rulings and
    # the foul check.
    jokers: tuple[Card, ...] = ()

    @property
    def lowered(self) -> bool:
        """Whether the Jokers were resolved below the row's own strongest to keep the order."""
        return key_of(self.hand) < key_of(self.best_alone)


@dataclass(frozen=True)
class BoardResolution:
    """The three rows resolved together; ``in_order`` is False when the board fouls."""

    top: RowResolution
    middle: RowResolution
    bottom: RowResolution
    in_order: bool
    has_jokers: bool = False  # whether any row held a Joker to resolve

    def row(self, name: str) -> RowResolution:
        """A row by its name: top, middle or bottom."""
        row: RowResolution = getattr(self, name)
        return row


def joker_cards(cards: Sequence[Card], resolved: Sequence[Card]) -> tuple[Card, ...]:
    """What each Joker of a row became, in the order the Jokers were entered.

    >>> from scoring.cards import parse_cards
    >>> joker_cards(parse_cards("As X Ad"), parse_cards("As Ks Ad"))
    (Card('Ks'),)
    """
    return tuple(new for old, new in zip(cards, resolved, strict=True) if old.is_joker)


def key_of(hand: Hand) -> Key:
    """The comparable strength of a hand (category first, then its ranks).

    >>> from scoring.cards import parse_cards
    >>> key_of(evaluate(parse_cards("Qs Qd 7c")))
    (1, (12, 7))
    """
    return (int(hand.category), hand.ranks)


def _top_key(ranks: Iterable[int]) -> Key:
    category, significant = top_hand(ranks)
    return (int(category), significant)


def _five_key(codes: Sequence[int]) -> Key:
    category, ranks = describe(strength5(codes))
    return (int(category), ranks)


@lru_cache(maxsize=4096)
def _options(real: frozenset[Card], jokers: int, size: int) -> tuple[RowOption, ...]:
    """Every distinct strength the row can reach, strongest first (step 1 of the docstring)."""
    real_ranks = [card.rank for card in real]
    real_codes = [card.code for card in real]
    suits = {card.suit for card in real}
    flush_suit = next(iter(suits)) if size == 5 and len(suits) == 1 else None
    # A plain hand: give the Jokers a suit the row does not hold, so no flush appears.
    off_suit = next(suit for suit in SUITS if suit != flush_suit)
    seen: dict[Key, RowOption] = {}
    for ranks in itertools.combinations_with_replacement(range(14, 1, -1), jokers):
        every = [*real_ranks, *ranks]
        if any(every.count(rank) > 4 for rank in ranks):
            continue
        if size == 3:
            key = _top_key(every)
            seen.setdefault(key, RowOption(key, ranks, None))
            continue
        key = _five_key([*real_codes, *(CARDS[rank, off_suit].code for rank in ranks)])
        seen.setdefault(key, RowOption(key, ranks, None))
        new_and_distinct = len(set(ranks)) == jokers and not set(ranks) & set(real_ranks)
        if flush_suit and new_and_distinct:
            codes = [*real_codes, *(CARDS[rank, flush_suit].code for rank in ranks)]
            key = _five_key(codes)
            seen.setdefault(key, RowOption(key, ranks, flush_suit))
    return tuple(sorted(seen.values(), key=lambda option: option.key, reverse=True))


def clear_cache() -> None:
    """Forget the memoised row options, so a benchmark measures rows never seen before."""
    _options.cache_clear()


def card_preference(card: Card) -> tuple[int, int]:
    """Sort key for equal candidates under H12: spades first, then hearts, diamonds, clubs; then
    the highest rank.

    >>> sorted(map(Card.parse, ["2c", "Ah", "Ks"]), key=card_preference)
    [Card('Ks'), Card('Ah'), Card('2c')]
    """
    return (SUITS.index(card.suit), -card.rank)


def _row_key(cards: Sequence[Card]) -> Key:
    if len(cards) == 3:
        return _top_key([card.rank for card in cards])
    return _five_key([card.code for card in cards])


def _pick_cards(cards: Sequence[Card], option: RowOption) -> tuple[tuple[Card, ...], int]:
    """The Joker cards reaching the option's strength that H12 prefers, and how many choices
    reach it (step 3)."""
    if not option.joker_ranks:
        return (), 1
    real = {card for card in cards if not card.is_joker}
    best: tuple[Card, ...] | None = None
    best_order: tuple[tuple[int, int], ...] | None = None
    found = 0
    for ranks in set(itertools.permutations(option.joker_ranks)):
        per_joker = [[CARDS[rank, suit] for suit in SUITS] for rank in ranks]
        for chosen in itertools.product(*per_joker):
            if len(set(chosen)) < len(chosen) or real.intersection(chosen):
                continue
            if _row_key([*real, *chosen]) != option.key:
                continue
            found += 1
            order = tuple(map(card_preference, chosen))
            if best_order is None or order < best_order:
                best, best_order = chosen, order
    if best is None:  # every option was built from reachable cards
        raise CardError(
            say(
                "ofc.joker_unreachable",
                key=str(option.key),
                cards=str(cards),
            )
        )
    return best, found


def _substitute(cards: Sequence[Card], substitutes: Sequence[Card]) -> tuple[Card, ...]:
    replacements = iter(substitutes)
    return tuple(next(replacements) if card.is_joker else card for card in cards)


def _row(cards: Sequence[Card], option: RowOption, best: RowOption) -> RowResolution:
    chosen, alternatives = _pick_cards(cards, option)
    resolved = _substitute(cards, chosen)
    hand = evaluate(resolved)
    alone = hand if best is option else evaluate(_substitute(cards, _pick_cards(cards, best)[0]))
    return RowResolution(tuple(cards), resolved, hand, alone, alternatives, tuple(chosen))


def _as_entered(cards: Sequence[Card]) -> RowResolution:
    hand = evaluate(cards)
    return RowResolution(tuple(cards), tuple(cards), hand, hand)


def row_options(cards: Sequence[Card]) -> tuple[RowOption, ...]:
    """The distinct strengths a row can reach with its Jokers, strongest first.

    >>> from scoring.cards import parse_cards
    >>> len(row_options(parse_cards("As Ah Ad Ac X")))  # four aces with any of 12 kickers
    12
    """
    real = frozenset(card for card in cards if not card.is_joker)
    jokers = len(cards) - len(real)
    if len(real) + jokers != len(cards) or len(cards) not in (3, 5):
        raise CardError(say("ofc.row_cards", cards=str([str(c) for c in cards])))
    if not jokers:  # the common case: the row is what it is
        return (RowOption(_row_key(cards), (), None),)
    return _options(real, jokers, len(cards))


def resolve_board(
    top: Sequence[Card], middle: Sequence[Card], bottom: Sequence[Card]
) -> BoardResolution:
    """Resolve a board's Jokers by JOKER-OFC 3.1-4.2 (see the module docstring).

    >>> from scoring.cards import parse_cards
    >>> resolve_board(
    ...     parse_cards("Ks 8d 3s"), parse_cards("Tc 7s 5d 4h 2d"), parse_cards("6c 7d 8c 9c Td")
    ... ).in_order
    False
    """
    if not any(card.is_joker for row in (top, middle, bottom) for card in row):
        # Nothing to resolve: each row is what it is, and the order is plain to see.
        rows = _as_entered(top), _as_entered(middle), _as_entered(bottom)
        in_order = key_of(rows[0].hand) <= key_of(rows[1].hand) <= key_of(rows[2].hand)
        return BoardResolution(*rows, in_order)
    tops, middles, bottoms = row_options(top), row_options(middle), row_options(bottom)
    m = t = 0
    for b_option in bottoms:
        while m < len(middles) and middles[m].key > b_option.key:
            m += 1
        if m == len(middles):
            continue  # a weaker bottom is tried next ("a little lower", H31)
        while t < len(tops) and tops[t].key > middles[m].key:
            t += 1
        if t < len(tops):
            return BoardResolution(
                _row(top, tops[t], tops[0]),
                _row(middle, middles[m], middles[0]),
                _row(bottom, b_option, bottoms[0]),
                in_order=True,
                has_jokers=True,
            )
    # No resolution keeps the order: the board fouls; show each row at its own best (H10).
    return BoardResolution(
        _row(top, tops[0], tops[0]),
        _row(middle, middles[0], middles[0]),
        _row(bottom, bottoms[0], bottoms[0]),
        in_order=False,
        has_jokers=True,
    )
