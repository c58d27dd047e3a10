"""The evaluator against the whole deck and against pokerkit (slow: deselect with -m "not slow").

Every five-card hand is evaluated once; random five- and seven-card pairs, and random eight-or-
better lows, are compared with pokerkit, an independent implementation, with a fixed seed.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from pokerkit import Card as PokerkitCard
from pokerkit import (
    EightOrBetterLowHand,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    StandardHighHand,
)
from pokerkit.lookups import Label

from scoring.cards import DECK_52, Card
from scoring.hands import (
    Category,
    Group,
    Hand,
    Low,
    best_hand,
    best_low,
    best_of,
    describe,
    evaluate,
    strength5,
)

pytestmark = pytest.mark.slow

FIVE_CARD_PAIRS = 200_000
SEVEN_CARD_PAIRS = 50_000
LOW_PAIRS = 20_000
GROUP_PAIRS = 2_000

# Distinct classes and hands per category for a 52-card deck (the standard combinatorial counts).
CLASSES = {
    Category.ROYAL_FLUSH: 1,
    Category.STRAIGHT_FLUSH: 9,
    Category.FOUR_OF_A_KIND: 156,
    Category.FULL_HOUSE: 156,
    Category.FLUSH: 1277,
    Category.STRAIGHT: 10,
    Category.THREE_OF_A_KIND: 858,
    Category.TWO_PAIR: 858,
    Category.PAIR: 2860,
    Category.HIGH_CARD: 1277,
}
HANDS = {
    Category.ROYAL_FLUSH: 4,
    Category.STRAIGHT_FLUSH: 36,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}

# pokerkit has no royal flush category: it is its best straight flush.
LABELS = {
    Category.HIGH_CARD: Label.HIGH_CARD,
    Category.PAIR: Label.ONE_PAIR,
    Category.TWO_PAIR: Label.TWO_PAIR,
    Category.THREE_OF_A_KIND: Label.THREE_OF_A_KIND,
    Category.STRAIGHT: Label.STRAIGHT,
    Category.FLUSH: Label.FLUSH,
    Category.FULL_HOUSE: Label.FULL_HOUSE,
    Category.FOUR_OF_A_KIND: Label.FOUR_OF_A_KIND,
    Category.STRAIGHT_FLUSH: Label.STRAIGHT_FLUSH,
    Category.ROYAL_FLUSH: Label.STRAIGHT_FLUSH,
}
POKERKIT = {card: next(iter(PokerkitCard.parse(str(card)))) for card in DECK_52}


@pytest.fixture(autouse=True)
def _untraced(cov: Any) -> Iterator[None]:
    """Run without coverage tracing, which makes millions of calls several times slower.

    The fast tests cover the same code. (pytest-cov's no_cover marker fails under --no-cov.)
    """
    if cov is None:
        yield
        return
    cov.stop()
    try:
        yield
    finally:
        cov.start()


def _sign(difference: int) -> int:
    return (difference > 0) - (difference < 0)


def _order(one: object, other: object) -> int:
    return (one > other) - (one < other)  # type: ignore[operator]


def test_all_five_card_hands_fall_into_7462_classes() -> None:
    """OFC-BETA 7.1: all 2,598,960 hands sorted by strength give 7,462 classes in category order."""
    codes = [card.code for card in DECK_52]
    hands_per_value = Counter(map(strength5, itertools.combinations(codes, 5)))
    assert sum(hands_per_value.values()) == 2_598_960
    assert sorted(hands_per_value) == list(range(7462))
    classes: Counter[Category] = Counter()
    hands: Counter[Category] = Counter()
    for value, count in hands_per_value.items():
        category = describe(value)[0]
        classes[category] += 1
        hands[category] += count
    assert dict(classes) == CLASSES
    assert dict(hands) == HANDS
    categories = [describe(value)[0] for value in range(7462)]
    assert categories == sorted(categories)  # every category sits wholly above the one below


def test_every_five_card_hand_has_pokerkits_strength() -> None:
    """OFC-BETA 7.1: all 2,598,960 hands get the same rank among the 7,462 classes as pokerkit's."""
    lookup = StandardHighHand.lookup
    theirs = [POKERKIT[card] for card in DECK_52]
    ours = [card.code for card in DECK_52]
    mismatches = [
        " ".join(map(repr, their_five))
        for our_five, their_five in zip(
            itertools.combinations(ours, 5), itertools.combinations(theirs, 5), strict=True
        )
        if strength5(our_five) != lookup.get_entry(their_five).index
    ]
    assert mismatches == []


def _random_pairs(
    rng: random.Random, size: int, pairs: int
) -> list[tuple[Sequence[Card], Sequence[Card]]]:
    return [(rng.sample(DECK_52, size), rng.sample(DECK_52, size)) for _ in range(pairs)]


def _disagreements(
    pairs: list[tuple[Sequence[Card], Sequence[Card]]], ours: object, theirs: object
) -> list[str]:
    assert callable(ours) and callable(theirs)
    found = []
    for one, other in pairs:
        our_one, our_other = ours(one), ours(other)
        their_one, their_other = theirs(one), theirs(other)
        if (
            LABELS[our_one.category] != their_one.entry.label
            or LABELS[our_other.category] != their_other.entry.label
            or _order(our_one, our_other) != _order(their_one, their_other)
        ):
            found.append(f"{' '.join(map(str, one))} vs {' '.join(map(str, other))}")
    return found


def test_five_card_hands_agree_with_pokerkit() -> None:
    """OFC-BETA 7.1: category and order agree with pokerkit on 200,000 random pairs of hands."""
    pairs = _random_pairs(random.Random(20_261_129), 5, FIVE_CARD_PAIRS)

    def theirs(cards: Sequence[Card]) -> StandardHighHand:
        return StandardHighHand([POKERKIT[card] for card in cards])

    assert _disagreements(pairs, evaluate, theirs) == []


def test_seven_card_hands_agree_with_pokerkit() -> None:
    """PPR 1.3: the best five of seven agrees with pokerkit on 50,000 random pairs of hands."""
    pairs = _random_pairs(random.Random(7_777), 7, SEVEN_CARD_PAIRS)

    def theirs(cards: Sequence[Card]) -> object:
        return StandardHighHand.from_game([POKERKIT[card] for card in cards])

    assert _disagreements(pairs, best_of, theirs) == []


def _low_disagreements(pairs: list[tuple[Sequence[Card], Sequence[Card]]]) -> tuple[int, list[str]]:
    compared, found = 0, []
    for one, other in pairs:
        ours = [best_low([Group(tuple(cards), 0, 7)]) for cards in (one, other)]
        theirs = [
            EightOrBetterLowHand.from_game_or_none([POKERKIT[card] for card in cards])
            for cards in (one, other)
        ]
        qualified = [low is not None for low in ours]
        agree = qualified == [low is not None for low in theirs]
        if agree and all(qualified):
            compared += 1
            a, b = ours
            assert a is not None and b is not None
            agree = _sign(a.beats(b) - b.beats(a)) == _order(theirs[0], theirs[1])
            agree = agree and a.ranks == tuple(
                sorted((1 if c.rank == 14 else c.rank for c in a.cards), reverse=True)
            )
        if not agree:
            found.append(f"{' '.join(map(str, one))} vs {' '.join(map(str, other))}")
    return compared, found


def test_eight_or_better_low_agrees_with_pokerkit() -> None:
    """PPR 7.3: qualification and order of the eight-or-better low agree with pokerkit."""
    rng = random.Random(8)
    pairs = _random_pairs(rng, 7, LOW_PAIRS)
    # Seven cards from A-8 only, so that most pairs hold two qualifying lows to compare.
    low_deck = [card for card in DECK_52 if card.rank <= 8 or card.rank == 14]
    pairs += [(rng.sample(low_deck, 7), rng.sample(low_deck, 7)) for _ in range(LOW_PAIRS)]
    compared, found = _low_disagreements(pairs)
    assert found == []
    assert compared > LOW_PAIRS // 2  # enough pairs where both lows qualified to compare order


def test_royal_flush_is_pokerkits_best_straight_flush() -> None:
    """OFC-BETA 7.1: the royal flush, its own category here, is the top straight flush elsewhere."""
    royal = [card for card in DECK_52 if card.suit == "h" and card.rank >= 10]
    ours: Hand = evaluate(royal)
    theirs = StandardHighHand([POKERKIT[card] for card in royal])
    assert ours.category is Category.ROYAL_FLUSH
    assert theirs.entry.label is Label.STRAIGHT_FLUSH
    assert theirs.entry.index == max(
        StandardHighHand([POKERKIT[card] for card in five]).entry.index
        for five in itertools.combinations(DECK_52[:13], 5)
    )


def _omaha(cards: Sequence[Card]) -> tuple[Hand, Low | None, Any, Any]:
    """Ours and pokerkit's best high and low from exactly 2 of 4 hole and 3 of 5 board cards."""
    groups = [Group(tuple(cards[:4]), 2, 2), Group(tuple(cards[4:]), 3, 3)]
    high = best_hand(groups)
    assert high is not None
    hole, board = [POKERKIT[c] for c in cards[:4]], [POKERKIT[c] for c in cards[4:]]
    return (
        high,
        best_low(groups),
        OmahaHoldemHand.from_game(hole, board),
        OmahaEightOrBetterLowHand.from_game_or_none(hole, board),
    )


def test_group_limits_agree_with_pokerkits_omaha() -> None:
    """OPR-538 4.1: hands under per-group limits agree with pokerkit's Omaha high and low."""
    rng = random.Random(41)
    found = []
    for one, other in _random_pairs(rng, 9, GROUP_PAIRS):
        high, low, their_high, their_low = _omaha(one)
        high2, low2, their_high2, their_low2 = _omaha(other)
        agree = (
            LABELS[high.category] == their_high.entry.label
            and _order(high, high2) == _order(their_high, their_high2)
            and (low is None) == (their_low is None)
            and (low2 is None) == (their_low2 is None)
        )
        if agree and low is not None and low2 is not None:
            agree = _sign(low.beats(low2) - low2.beats(low)) == _order(their_low, their_low2)
        if not agree:
            found.append(f"{' '.join(map(str, one))} vs {' '.join(map(str, other))}")
    assert found == []
