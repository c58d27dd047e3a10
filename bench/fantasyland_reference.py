"""The exhaustive Fantasyland setter: every setting of every card, no pruning, for checking.

``scoring.setter`` finds the best settings of a Fantasyland hand with a search that skips most
settings by a bound. This module tries them all: every bottom of five of the dealt cards, every
middle of five of the rest, every top of three of what is left (Jokers included, as cards of
their own), resolves each board's Jokers by JOKER-OFC 3.1-4.2 through ``scoring.jokers`` (each
row's possible hands, ``row_options``; the bottom at its strongest, the middle at its strongest
not above it, the top at its strongest not above that), and keeps the figures. It shares no code
with the search, so the tests and ``bench/fantasyland.py`` use it as the oracle. It is slow:
about a million boards for 14 cards.

A *shape* is what ``scoring.setter`` calls the same setting (house interpretation H35): a row's
category with the ranks that make it, kickers left out; this module spells the definition out
again on the hands' keys, so that a slip in either is caught.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scoring.cards import Card
from scoring.hands import CLASSES, Category, top_hand
from scoring.jokers import Key, row_options
from scoring.rulesets import Ruleset

Row = tuple[int, ...]  # indices into the dealt cards
_TOPS = list(itertools.combinations_with_replacement(range(2, 15), 3))


@dataclass(frozen=True)
class ReferenceFigures:
    """The best royalties of any setting that stands, and of any that also stays."""

    max_royalties: int
    max_royalties_staying: int | None


@dataclass(frozen=True)
class ReferenceSetting:
    """One setting as the reference sees it: rows by card index, resolved keys and figures."""

    top: Row
    middle: Row
    bottom: Row
    keys: tuple[Key, Key, Key]  # top, middle, bottom as resolved
    royalties: int
    stays: bool


def shape(key: Key, top: bool = False) -> tuple[int, tuple[int, ...]]:
    """The category and the ranks that make it, kickers left out (H35).

    >>> shape((1, (12, 9, 5, 2)))
    (1, (12,))
    """
    category, ranks = key
    made = {
        Category.HIGH_CARD: 0,
        Category.PAIR: 1,
        Category.TWO_PAIR: 2,
        Category.THREE_OF_A_KIND: 1,
        Category.STRAIGHT: 1,
        Category.FLUSH: 1,
        Category.FULL_HOUSE: 2,
        Category.FOUR_OF_A_KIND: 1,
        Category.STRAIGHT_FLUSH: 1,
        Category.ROYAL_FLUSH: 0,
    }[Category(category)]
    return category, ranks[:made]


def _options(cards: Sequence[Card], size: int) -> dict[Row, tuple[Key, ...]]:
    """Every row of ``size`` cards by index, with the hands its Jokers allow, strongest first."""
    found: dict[Row, tuple[Key, ...]] = {}
    for row in itertools.combinations(range(len(cards)), size):
        found[row] = tuple(option.key for option in row_options([cards[i] for i in row]))
    return found


def _first_at_most(options: Iterable[Key], cap: Key) -> Key | None:
    return next((key for key in options if key <= cap), None)


class _Royalties:
    """Royalty and stay of each row's key, remembered."""

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.cache: dict[tuple[str, Key], tuple[int, bool]] = {}
        assert rules.fantasyland is not None
        self.stay = rules.fantasyland.stay

    def __call__(self, row: str, key: Key) -> tuple[int, bool]:
        found = self.cache.get((row, key))
        if found is None:
            category = Category(key[0])
            least = self.stay[row]
            found = (
                self.rules.royalty(row, category, key[1][0]),
                least is not None and category >= least,
            )
            self.cache[row, key] = found
        return found


def settings(rules: Ruleset, cards: Sequence[Card]) -> Iterable[ReferenceSetting]:
    """Every setting of the dealt cards that does not foul (equal Jokers give repeats)."""
    fives, threes = _options(cards, 5), _options(cards, 3)
    pay = _Royalties(rules)
    everything = frozenset(range(len(cards)))
    for bottom, bottom_options in fives.items():
        bottom_key = bottom_options[0]
        bottom_pay, bottom_stay = pay("bottom", bottom_key)
        rest = sorted(everything.difference(bottom))
        for middle in itertools.combinations(rest, 5):
            middle_key = _first_at_most(fives[middle], bottom_key)
            if middle_key is None:
                continue
            middle_pay, middle_stay = pay("middle", middle_key)
            left = sorted(set(rest).difference(middle))
            for top in itertools.combinations(left, 3):
                top_key = _first_at_most(threes[top], middle_key)
                if top_key is None:
                    continue
                top_pay, top_stay = pay("top", top_key)
                yield ReferenceSetting(
                    top,
                    middle,
                    bottom,
                    (top_key, middle_key, bottom_key),
                    bottom_pay + middle_pay + top_pay,
                    bottom_stay or middle_stay or top_stay,
                )


# Every hand a row can make, three cards or five, on one scale: its place in their sorted list.
_SCALE: dict[Key, int] = {
    key: place
    for place, key in enumerate(
        sorted(
            {(int(category), ranks) for category, ranks, _ in CLASSES}
            | {(int(c), r) for c, r in (top_hand(t) for t in _TOPS)}
        )
    )
}


def _step_table(
    tops: Sequence[tuple[int, ...]], pays: Sequence[dict[int, tuple[int, bool]]]
) -> tuple[list[int], list[tuple[int, int]]]:
    """For a leftover's tops, the best top royalty (and best staying one, -1 for none) under
    each cap. A top resolves to its strongest hand not above the cap, so the figures only
    change at the tops' own hands: sweep the caps upwards through them, each top holding the
    strongest of its hands passed so far, and write the figures down at each."""
    events = sorted((option, index) for index, options in enumerate(tops) for option in options)
    held: list[int | None] = [None] * len(tops)
    caps: list[int] = []
    values: list[tuple[int, int]] = []
    for place, (cap, index) in enumerate(events):
        held[index] = cap
        if place + 1 < len(events) and events[place + 1][0] == cap:
            continue
        best = staying = -1
        for option, pay in zip(held, pays, strict=True):
            if option is not None:
                royalty, stays = pay[option]
                best = max(best, royalty)
                if stays:
                    staying = max(staying, royalty)
        caps.append(cap)
        values.append((best, staying))
    return caps, values


def figures(rules: Ruleset, cards: Sequence[Card]) -> ReferenceFigures:
    """The most royalties of a setting that stands, and of one that also stays (None: none).

    Every bottom and every middle is tried; every top of each leftover is tried once per hand
    it can make, in a table of the leftover's figures under each cap (``_step_table``).
    """
    pay = _Royalties(rules)
    n = len(cards)
    fives = {
        sum(1 << i for i in row): tuple(_SCALE[key] for key in options)
        for row, options in _options(cards, 5).items()
    }
    threes = {
        sum(1 << i for i in row): tuple(_SCALE[key] for key in options)
        for row, options in _options(cards, 3).items()
    }
    unscale = {place: key for key, place in _SCALE.items()}
    top_pay = {m: {o: pay("top", unscale[o]) for o in opts} for m, opts in threes.items()}
    tables = {}
    for left in itertools.combinations(range(n), n - 10):
        mask = sum(1 << i for i in left)
        tops = [sum(1 << i for i in top) for top in itertools.combinations(left, 3)]
        tables[mask] = _step_table([threes[m] for m in tops], [top_pay[m] for m in tops])
    full = (1 << n) - 1
    bits = [1 << i for i in range(n)]
    jokers = [bits[i] for i, card in enumerate(cards) if card.is_joker]
    # Two Jokers are the same card: of two settings that only swap them, try one.
    twin = jokers[0] | jokers[1] if len(jokers) == 2 else 0
    second = jokers[1] if twin else -1
    best, staying = -1, -1
    for bottom, bottom_options in fives.items():
        if bottom & twin == second:
            continue
        bottom_key = bottom_options[0]
        bottom_pay, bottom_stay = pay("bottom", unscale[bottom_key])
        rest = full ^ bottom
        spare = [bit for bit in bits if bit & rest]
        for middle in map(sum, itertools.combinations(spare, 5)):
            if middle & twin == second and rest & twin == twin:
                continue
            middle_options = fives[middle]
            middle_key = next((o for o in middle_options if o <= bottom_key), None)
            if middle_key is None:
                continue
            middle_pay, middle_stay = pay("middle", unscale[middle_key])
            caps, values = tables[rest ^ middle]
            place = bisect.bisect_right(caps, middle_key) - 1
            if place < 0:
                continue
            top_best, top_staying = values[place]
            if top_best < 0:
                continue
            total = bottom_pay + middle_pay
            best = max(best, total + top_best)
            if bottom_stay or middle_stay:
                staying = max(staying, total + top_best)
            elif top_staying >= 0:
                staying = max(staying, total + top_staying)
    return ReferenceFigures(best, None if staying < 0 else staying)


def ranking(setting: ReferenceSetting, objective: str = "stay") -> tuple[object, ...]:
    """The objective as a sort key, larger is better: stay, royalties, bottom, middle, top."""
    top, middle, bottom = setting.keys
    first = (setting.stays, setting.royalties)
    if objective == "royalties":
        first = (setting.royalties, setting.stays)
    return (*first, bottom, middle, top)


def best_shapes(
    rules: Ruleset, cards: Sequence[Card], objective: str = "stay", count: int = 6
) -> list[tuple[tuple[object, ...], tuple[object, ...]]]:
    """The ``count`` best distinct settings (by H35's shapes), each as (ranking, shape)."""
    best: dict[tuple[object, ...], tuple[object, ...]] = {}
    for setting in settings(rules, cards):
        top, middle, bottom = setting.keys
        key = (shape(bottom), shape(middle), shape(top, top=True))
        value = ranking(setting, objective)
        if key not in best or value > best[key]:
            best[key] = value
    ordered = sorted(best.items(), key=lambda item: item[1], reverse=True)
    return [(value, key) for key, value in ordered[:count]]
