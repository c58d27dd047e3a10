"""Hand evaluation: categories, names, OFC top rows, group limits and the eight-or-better low."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import DECK_52, JOKER, Card, CardError, format_cards, parse_cards
from scoring.hands import (
    Category,
    Group,
    Hand,
    Low,
    best_hand,
    best_low,
    best_of,
    choices,
    describe,
    evaluate,
    evaluate_top,
    hand_name,
    strength,
    strength5,
)

PROPERTY = settings(max_examples=200, deadline=None, database=None)


def hand(text: str) -> Hand:
    return evaluate(parse_cards(text))


def group(text: str, least: int, most: int) -> Group:
    return Group(tuple(parse_cards(text)), least, most)


def low_of(text: str) -> Low | None:
    cards = parse_cards(text)
    return best_low([Group(tuple(cards), 0, len(cards))])


# One hand per category, weakest first, with the name a dealer would say.
LADDER = [
    ("7c 5d 4h 3s 2c", "high_card", "Seven high, then five, four, three, two"),
    ("Qs Qd 7c 5h 4d", "pair", "Pair of queens, kickers seven, five, four"),
    ("Qs Qd Jc Jh 4d", "two_pair", "Queens and jacks, four kicker"),
    ("5s 5d 5c Kh 2d", "three_of_a_kind", "Three fives, kickers king, two"),
    ("9s Th Jc Qd Kh", "straight", "King-high straight"),
    ("Ah 9h 4h 3h 2h", "flush", "Ace-high flush, then nine, four, three, two"),
    ("9s 9d 9c 4h 4d", "full_house", "Nines full of fours"),
    ("As Ad Ac Ah Kd", "four_of_a_kind", "Four aces, king kicker"),
    ("5d 6d 7d 8d 9d", "straight_flush", "Nine-high straight flush"),
    ("Ts Js Qs Ks As", "royal_flush", "Royal flush"),
]


@pytest.mark.parametrize(("text", "slug", "name"), LADDER)
def test_every_category_is_named(text: str, slug: str, name: str) -> None:
    """OFC-BETA 7.1: the ten hand rankings, royal flush at the top, each said in words."""
    made = hand(text)
    assert made.category.slug == slug
    assert made.name == name


def test_categories_rank_from_high_card_to_royal_flush() -> None:
    """OFC-BETA 7.1: royal flush, straight flush, four of a kind ... high card, strongest first."""
    hands = [hand(text) for text, _, _ in LADDER]
    assert all(weaker < stronger for weaker, stronger in itertools.pairwise(hands))
    assert [category.slug for category in sorted(Category, reverse=True)] == [
        "royal_flush",
        "straight_flush",
        "four_of_a_kind",
        "full_house",
        "flush",
        "straight",
        "three_of_a_kind",
        "two_pair",
        "pair",
        "high_card",
    ]
    assert Category.THREE_OF_A_KIND.label == "Three of a kind"
    assert Category.ROYAL_FLUSH.label == "Royal flush"


@pytest.mark.parametrize(
    ("weakest_above", "strongest_below"),
    [
        ("2s 2d 5c 4h 3d", "As Kd Qc Jh 9d"),  # worst pair over the best high card
        ("3s 3d 2c 2h 4d", "As Ad Kc Qh Jd"),  # worst two pair over the best pair
        ("2s 2d 2c 4h 3d", "As Ad Kc Kh Qd"),  # worst trips over the best two pair
        ("As 2d 3c 4h 5d", "As Ad Ac Kh Qd"),  # the wheel over the best trips
        ("7h 5h 4h 3h 2h", "As Kd Qc Jh Td"),  # worst flush over the best straight
        ("2s 2d 2c 3h 3d", "Ah Kh Qh Jh 9h"),  # worst full house over the best flush
        ("2s 2d 2c 2h 3d", "As Ad Ac Kh Kd"),  # worst quads over the best full house
        ("Ah 2h 3h 4h 5h", "As Ad Ac Ah Kd"),  # the steel wheel over the best quads
        ("Ah Kh Qh Jh Th", "Ks Qs Js Ts 9s"),  # royal over the best other straight flush
    ],
)
def test_the_weakest_of_a_category_beats_the_best_below_it(
    weakest_above: str, strongest_below: str
) -> None:
    """OFC-BETA 7.1: categories rank first; no kicker lifts a hand into the next category."""
    assert hand(strongest_below) < hand(weakest_above)
    assert hand(weakest_above).category == hand(strongest_below).category + 1


def test_the_wheel_is_the_lowest_straight() -> None:
    """OFC-BETA 3.1: aces are high except in A-2-3-4-5, where the five is the high card."""
    wheel = hand("As 2d 3c 4h 5s")
    assert wheel.category is Category.STRAIGHT
    assert wheel.name == "Five-high straight"
    assert wheel < hand("2s 3d 4c 5h 6s") < hand("Ts Jd Qc Kh As")
    assert format_cards(wheel.cards) == "5s 4h 3c 2d As"  # the ace reads as the low end
    steel = hand("Ad 2d 3d 4d 5d")
    assert (steel.category, steel.name) == (Category.STRAIGHT_FLUSH, "Five-high straight flush")
    assert steel < hand("2c 3c 4c 5c 6c")


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Qs Kd Ah 2c 3d", "Ace high, then king, queen, three, two"),
        ("Ks Ad 2h 3c 4d", "Ace high, then king, four, three, two"),
        ("Js Qd Ks Ac 2d", "Ace high, then king, queen, jack, two"),
        ("Qh Kh Ah 2h 3h", "Ace-high flush, then king, queen, three, two"),
    ],
)
def test_straights_do_not_wrap_around_the_ace(text: str, name: str) -> None:
    """OFC-BETA 3.1: the ace is high or the bottom of A-2-3-4-5, never the middle of a run."""
    made = hand(text)
    assert made.category in (Category.HIGH_CARD, Category.FLUSH)
    assert made.name == name


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("As Kd Qh Jc 9s", "Ad Kc Qs Jh 9d"),
        ("Ah 9h 4h 3h 2h", "As 9s 4s 3s 2s"),
        ("Qs Qd 7c 5h 4d", "Qh Qc 7s 5d 4c"),
        ("9s Th Jc Qd Kh", "9h Tc Jd Qs Kc"),
        ("5h 6h 7h 8h 9h", "5c 6c 7c 8c 9c"),
        ("Ts Js Qs Ks As", "Td Jd Qd Kd Ad"),
    ],
)
def test_suits_never_break_a_tie(one: str, other: str) -> None:
    """OFC-BETA 3.1 and OPR-538 Hand rankings: two hands with the same ranks are equal."""
    assert hand(one) == hand(other)
    assert not hand(one) < hand(other) and not hand(other) < hand(one)
    assert hash(hand(one)) == hash(hand(other))


@pytest.mark.parametrize(
    ("weaker", "stronger"),
    [
        ("Qs Qd Jc 5h 4d", "Qh Qc Kd 3s 2c"),  # pair: the first kicker decides
        ("Qs Qd Kc 5h 3d", "Qh Qc Kd 5s 4c"),  # pair: the last kicker decides
        ("Ks Kd 7c 7h 4d", "Kh Kc 7s 7d 9c"),  # two pair: the kicker decides
        ("Ks Kd 7c 7h Ad", "Kh Kc 8s 8d 2c"),  # two pair: the second pair before the kicker
        ("As Kd Qc Jh 8d", "Ah Kc Qd Js 9c"),  # high card: down to the fifth card
        ("9s 9d 9c Ah Ad", "Ts Td Tc 2h 2d"),  # full house: the trips before the pair
        ("Ah Qh Jh Th 8h", "As Ks 4s 3s 2s"),  # flush: the second card decides
        ("4s 4d 4c 4h Ad", "5s 5d 5c 5h 2d"),  # quads: the rank before the kicker
    ],
)
def test_ranks_decide_within_a_category(weaker: str, stronger: str) -> None:
    """OFC-BETA 3.3: same kind of hand, compare rank by rank, pairs first, then highest down."""
    assert hand(weaker) < hand(stronger)
    assert hand(weaker).category == hand(stronger).category


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("7c Qs 5h Qd 4d", "Qs Qd 7c 5h 4d"),
        ("4h 9s 4d 9d 9c", "9s 9d 9c 4h 4d"),
        ("Kd 2c As Ks 2d", "Kd Ks 2c 2d As"),
        ("Ks Ac Kd Ad Kh", "Ks Kd Kh Ac Ad"),
    ],
)
def test_cards_are_shown_as_the_hand_is_read(text: str, cards: str) -> None:
    """OFC-BETA 3.3: the pair (or trips) first, then the other cards from the highest down."""
    assert format_cards(hand(text).cards) == cards


# --- OFC top rows ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "slug", "name"),
    [
        ("Qs Qd 7c", "pair", "Pair of queens, seven kicker"),
        ("7c Qs Qd", "pair", "Pair of queens, seven kicker"),
        ("5s 5d 5c", "three_of_a_kind", "Three fives"),
        ("Ks 9d 3c", "high_card", "King high, then nine, three"),
        ("Jh Qh Kh", "high_card", "King high, then queen, jack"),  # no flush, no straight
        ("2s 3d 4c", "high_card", "Four high, then three, two"),
        ("Ah 2h 3h", "high_card", "Ace high, then three, two"),
        ("As Ad 2c", "pair", "Pair of aces, two kicker"),
    ],
)
def test_a_top_row_is_high_card_pair_or_trips(text: str, slug: str, name: str) -> None:
    """OFC-BETA 3.2: three cards count only as high card, pair or three of a kind."""
    top = evaluate(parse_cards(text))
    assert top == evaluate_top(parse_cards(text))
    assert (top.category.slug, top.name) == (slug, name)


@pytest.mark.parametrize(
    ("top", "middle", "top_is_stronger"),
    [
        ("Qs Qd 7c", "Qh Qc 7d 5s 4h", False),  # every top rank matches: the middle is stronger
        ("Qs Qd 7c", "Qh Qc 6d 5s 4h", True),  # QQ7 fouls above QQ654
        ("Qs Qd 7c", "Qh Qc 7d 3s 2h", False),
        ("Qs Qd 7c", "Qh Qc 8d 3s 2h", False),
        ("Ks 9d 3c", "Ts 8d 6c 4h 2s", True),  # King high over ten high: the foul example
        ("As Kd 9c", "Ah Kc 9d 7s 5h", False),
        ("As Kd 9c", "Ah Kc 8d 7s 5h", True),
        ("5s 5d 5c", "Ah 2c 3d 4s 5h", False),  # trips on top never beat a straight
        ("5s 5d 5c", "Qh Qc Ad Ks Jh", True),
        ("Ks Kd 2c", "3h 3c 2d 2s 4h", False),  # a top pair is below any two pair
        ("Ah Kh Qh", "2s 2d 5c 4h 3d", False),  # a top high card is below any pair
    ],
)
def test_top_row_against_middle_row(top: str, middle: str, top_is_stronger: bool) -> None:
    """OFC-BETA 3.3: compare rank by rank; if every top rank matches, the middle is stronger."""
    top_hand, middle_hand = evaluate_top(parse_cards(top)), hand(middle)
    assert (top_hand > middle_hand) is top_is_stronger
    assert (middle_hand >= top_hand) is not top_is_stronger
    assert top_hand != middle_hand


def test_top_rows_compare_among_themselves() -> None:
    """OFC-BETA 6.2: top rows are compared with top rows; suits never break a tie."""
    assert evaluate_top(parse_cards("Qs Qd 7c")) == evaluate_top(parse_cards("Qh Qc 7d"))
    assert evaluate_top(parse_cards("Qs Qd 7c")) < evaluate_top(parse_cards("Qh Qc 8d"))
    assert evaluate_top(parse_cards("As Kd Qc")) < evaluate_top(parse_cards("2s 2d 3c"))
    assert evaluate_top(parse_cards("Ks Kd Kc")) < evaluate_top(parse_cards("As Ad Ac"))


# --- Larger sets and group limits -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name", "used"),
    [
        ("Ah Kd 9h 4h 2h 7c 3h", "Ace-high flush, then nine, four, three, two", "Ah 9h 4h 3h 2h"),
        ("Ks Kd Kc 7s 7d 7c 2h", "Kings full of sevens", "Ks Kd Kc 7s 7d"),
        ("As Ad Ks Kd Qs Qd 2c", "Aces and kings, queen kicker", "As Ad Ks Kd Qs"),
        ("4s 5d 6c 7h 8s 9d 2c", "Nine-high straight", "9d 8s 7h 6c 5d"),
        ("As 2d 3c 4h 5s 6d Kc", "Six-high straight", "6d 5s 4h 3c 2d"),
        ("9h Th Jh Qh Kh Ah 2c", "Royal flush", "Ah Kh Qh Jh Th"),
        ("9h Th Jh Qh Kh Ad 2c", "King-high straight flush", "Kh Qh Jh Th 9h"),
        ("As Ad Ac Ah Ks Kd Kc", "Four aces, king kicker", "As Ad Ac Ah Ks"),
        ("Qs Qd 7c 5h 4d 3s", "Pair of queens, kickers seven, five, four", "Qs Qd 7c 5h 4d"),
        ("Qs Qd 7c 5h 4d", "Pair of queens, kickers seven, five, four", "Qs Qd 7c 5h 4d"),
    ],
)
def test_best_of_five_to_seven_cards(text: str, name: str, used: str) -> None:
    """PPR 1.3: a player makes the best five-card hand from the cards available."""
    best = best_of(parse_cards(text))
    assert best.name == name
    assert format_cards(best.cards) == used


def test_hold_em_uses_both_one_or_neither_hole_card() -> None:
    """PPR 1.3: the best five from two hole cards and five community cards, using 0, 1 or 2."""
    board = group("As Ks Qs Js Ts", 3, 5)
    assert best_hand([group("2c 3d", 0, 2), board]).name == "Royal flush"  # neither
    one = best_hand([group("9s 2d", 0, 2), group("Ks Qs Js Ts 3c", 3, 5)])
    assert one is not None and one.name == "King-high straight flush"
    both = best_hand([group("Ah Ad", 0, 2), group("Ac 7d 7s 2c 3h", 3, 5)])
    assert both is not None and both.name == "Aces full of sevens"


def test_lazy_pineapple_uses_at_most_two_of_three_hole_cards() -> None:
    """PPR 5.2: the best five from any two of three hole cards and the board, never all three."""
    hole, board = group("Ah Kh Qh", 0, 2), group("Jh Th 2c 3d 4s", 3, 5)
    best = best_hand([hole, board])
    # All three hole cards would make a royal flush; two of them make nothing.
    assert best is not None
    assert best.name == "Ace high, then king, jack, ten, four"
    assert best_of(parse_cards("Ah Kh Qh Jh Th 2c 3d")).name == "Royal flush"


def test_island_pineapple_worked_example() -> None:
    """OPR-538 4.3: A's king-high straight loses to B's nines full of fours on another board."""
    first, second, turn, river = "Kh 4c", "9s 9d", "Jh", "Qh 3d"
    boards = [f"{one} {second} {turn} {last}" for one in first.split() for last in river.split()]

    def best_for(hole: str) -> Hand:
        made = [best_hand([group(hole, 1, 2), group(board, 3, 4)]) for board in boards]
        return max(found for found in made if found is not None)

    a, b = best_for("Th 8c"), best_for("9c 4s")
    assert (a.name, format_cards(a.cards)) == ("King-high straight", "Kh Qh Jh Th 9s")
    assert (b.name, format_cards(b.cards)) == ("Nines full of fours", "9c 9s 9d 4s 4c")
    assert a < b


def test_island_pineapple_must_use_a_hole_card() -> None:
    """OPR-538 4.1 and 4.2: one or two hole cards with three or four from one board, never five."""
    best = best_hand([group("2c 3d", 1, 2), group("As Ks Qs Js Ts", 3, 4)])
    assert best is not None
    assert best.name == "Ace high, then king, queen, jack, three"


@pytest.mark.parametrize(
    ("groups", "count"),
    [
        ([("Th 8c", 1, 2), ("Kh 9s 9d Jh Qh", 3, 4)], 2 * 5 + 1 * 10),  # Island: 1+4 or 2+3
        ([("Ah Kh Qh", 0, 2), ("Jh Th 2c 3d 4s", 3, 5)], 1 + 3 * 5 + 3 * 10),  # Lazy: 0, 1 or 2
        ([("Ah Kh", 0, 2), ("Jh Th 2c 3d 4s", 3, 5)], 1 + 2 * 5 + 1 * 10),  # Hold'em
        ([("Ah Kh", 2, 2), ("Jh Th 2c 3d 4s", 3, 3)], 10),  # Omaha-style exactly two
        ([("Ah Kh", 1, 2), ("Jh Th", 3, 4)], 0),  # too few board cards
    ],
)
def test_choices_respect_every_groups_limits(
    groups: list[tuple[str, int, int]], count: int
) -> None:
    """OPR-538 4.1, PPR 1.3, PPR 5.2: every five-card hand within the limits, and only those."""
    built = [group(*spec) for spec in groups]
    found = list(choices(built))
    assert len(found) == count
    assert len(set(found)) == count
    for five in found:
        assert len(five) == 5
        for limits in built:
            assert limits.least <= len(set(five) & set(limits.cards)) <= limits.most


def test_best_hand_is_none_when_no_five_cards_fit() -> None:
    """OPR-538 4.1: a hand needs three or four board cards; with two there is no hand."""
    assert best_hand([group("Ah Kh", 1, 2), group("Jh Th", 3, 4)]) is None
    assert best_low([group("Ah 2h", 1, 2), group("3h 4h", 3, 4)]) is None


# --- Eight-or-better low ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name", "ranks"),
    [
        ("Ah 7d 5c Kd 2s 3h 4h", "Five low", (5, 4, 3, 2, 1)),  # the wheel is a low
        ("2h 3h 4h 5h 7h", "Seven-five-four-three-two low", (7, 5, 4, 3, 2)),  # a flush is ignored
        ("8s 7d 4c 2h As", "Eight-seven-four low", (8, 7, 4, 2, 1)),
        ("As 8d 7c 6h 5s", "Eight-seven-six-five low", (8, 7, 6, 5, 1)),  # the ace counts as one
        ("6s 4d 3c 2h As Ks Kd", "Six low", (6, 4, 3, 2, 1)),
        ("8s 8d 7c 7h 2s 3d Ac", "Eight-seven low", (8, 7, 3, 2, 1)),  # pairs do not count
        ("As Ad 2c 3d 4h 6s 9c", "Six low", (6, 4, 3, 2, 1)),
    ],
)
def test_eight_or_better_low(text: str, name: str, ranks: tuple[int, ...]) -> None:
    """PPR 7.3: five distinct ranks eight or lower, ace low, straights and flushes ignored."""
    low = low_of(text)
    assert low is not None
    assert (low.name, low.ranks) == (name, ranks)


@pytest.mark.parametrize(
    "text",
    [
        "9s 7d 5c 3h 2s",  # a nine is too high
        "Ah 2d 3c 4s Ks Qd Jd",  # only four low ranks
        "Ah Ad 2c 2s 3d 4h Kc",  # four distinct low ranks, paired
        "Ts Jd Qc Kh 9s",
    ],
)
def test_no_low_without_five_distinct_ranks_eight_or_lower(text: str) -> None:
    """PPR 7.3: a low qualifies only with five different ranks of eight or lower."""
    assert low_of(text) is None


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("5s 4d 3c 2h As", "6s 4d 3c 2h As"),
        ("6s 4d 3c 2h As", "6s 5d 3c 2h As"),
        ("7s 6d 5c 4h 3s", "8s 4d 3c 2h As"),
        ("8s 6d 5c 4h 3s", "8s 7d 3c 2h As"),
        ("8s 7d 6c 5h As", "8s 7d 6c 5h 2s"),  # the ace is the lowest card
    ],
)
def test_the_lower_low_wins(better: str, worse: str) -> None:
    """PPR 7.3: lows compare from the highest card down; the lower hand wins."""
    one, other = low_of(better), low_of(worse)
    assert one is not None and other is not None
    assert one.beats(other)
    assert not other.beats(one)


def test_equal_lows_tie_whatever_the_suits() -> None:
    """PPR 7.3 with PPR 1.2: suits have no rank, so equal lows split."""
    one, other = low_of("8s 7d 4c 2h As"), low_of("8h 7c 4d 2s Ad")
    assert one is not None and other is not None
    assert one == other
    assert not one.beats(other) and not other.beats(one)
    assert format_cards(one.cards) == "8s 7d 4c 2h As"


def test_hi_lo_example_from_the_api_design() -> None:
    """PPR 5.2 and 7.3: Lazy hi-lo, each half from the board and up to two hole cards."""
    board = group("Ah 7d 5c Kd 2s", 3, 5)
    a, b = group("3h 4h Qs", 0, 2), group("Kc Ks 8d", 0, 2)
    low_a, low_b = best_low([a, board]), best_low([b, board])
    assert low_a is not None and low_b is not None
    assert (low_a.name, low_b.name) == ("Five low", "Eight-seven-five low")
    assert low_a.beats(low_b)
    high_a, high_b = best_hand([a, board]), best_hand([b, board])
    assert high_a is not None and high_b is not None
    assert (high_a.name, high_b.name) == ("Five-high straight", "Three kings, kickers ace, seven")
    assert high_b < high_a


# --- Bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "text", "message"),
    [
        (evaluate, "As Kd", "a hand needs 3 or 5 cards, not 2"),
        (evaluate, "As Kd Qc Jh", "a hand needs 3 or 5 cards, not 4"),
        (evaluate, "As Kd Qc Jh Ts 9s", "a hand needs 3 or 5 cards, not 6"),
        (evaluate, "", "a hand needs 3 or 5 cards, not 0"),
        (evaluate_top, "As Kd Qc Jh Ts", "a hand needs 3 cards, not 5"),
        (best_of, "As Kd Qc Jh", "a hand needs 5, 6 or 7 cards, not 4"),
        (best_of, "As Kd Qc Jh Ts 9s 8s 7s", "a hand needs 5, 6 or 7 cards, not 8"),
        (evaluate, "As As Qc Jh Ts", "a hand cannot hold the same card twice"),
        (evaluate, "Qs Qs 7c", "a hand cannot hold the same card twice"),
        (best_of, "As Kd Qc Jh Ts 9s As", "a hand cannot hold the same card twice"),
        (evaluate, "As X Qc Jh Ts", "a Joker must be resolved before the hand is evaluated"),
        (evaluate, "X X Qc", "a Joker must be resolved before the hand is evaluated"),
        (best_of, "As X Qc Jh Ts 2c", "a Joker must be resolved before the hand is evaluated"),
    ],
)
def test_bad_hands_raise_card_error(call: object, text: str, message: str) -> None:
    """OFC-BETA 2.1: a hand is a set of distinct real cards of the right size, or an error."""
    assert callable(call)
    with pytest.raises(CardError) as raised:
        call(parse_cards(text))
    assert str(raised.value) == message


@pytest.mark.parametrize("finder", [best_hand, best_low])
@pytest.mark.parametrize(
    ("hole", "board", "message"),
    [
        ("As 2d", "As 3c 4h 5s 6d", "a hand cannot hold the same card twice"),
        ("X 2d", "Ac 3c 4h 5s 6d", "a Joker must be resolved before the hand is evaluated"),
    ],
)
def test_groups_with_a_repeated_card_or_a_joker_raise_card_error(
    finder: object, hole: str, board: str, message: str
) -> None:
    """DESIGN.md Cards: a card cannot be in two places; a Joker is resolved before evaluation."""
    assert callable(finder)
    with pytest.raises(CardError) as raised:
        finder([group(hole, 0, 2), group(board, 3, 5)])
    assert str(raised.value) == message


# --- Invariants ---------------------------------------------------------------------------------

five_to_seven = st.lists(st.sampled_from(DECK_52), min_size=5, max_size=7, unique=True)
three_or_five = st.one_of(
    st.lists(st.sampled_from(DECK_52), min_size=3, max_size=3, unique=True),
    st.lists(st.sampled_from(DECK_52), min_size=5, max_size=5, unique=True),
)


@PROPERTY
@given(five_to_seven, st.randoms(use_true_random=False))
def test_card_order_does_not_matter(cards: list[Card], rng: random.Random) -> None:
    """OFC-BETA 3.1: a hand is its cards, in whatever order they were typed."""
    shuffled = list(cards)
    rng.shuffle(shuffled)
    assert best_of(shuffled) == best_of(cards)
    assert strength([c.code for c in shuffled]) == strength([c.code for c in cards])
    assert evaluate(shuffled[:5]) == evaluate(sorted(shuffled[:5], key=str))
    assert evaluate(shuffled[:3]) == evaluate(sorted(shuffled[:3], key=str))
    low_one, low_two = low_of(format_cards(cards)), low_of(format_cards(shuffled))
    assert low_one == low_two


@PROPERTY
@given(three_or_five, three_or_five, three_or_five)
def test_hands_are_totally_ordered(
    first: list[Card], second: list[Card], third: list[Card]
) -> None:
    """OFC-BETA 3.3 and 6.2: any two rows compare as stronger, weaker or equal, consistently."""
    a, b, c = evaluate(first), evaluate(second), evaluate(third)
    assert (a < b) + (a == b) + (a > b) == 1  # exactly one of the three
    assert (a < b) == (b > a)
    if a <= b and b <= c:
        assert a <= c
    if a == b:
        assert hash(a) == hash(b)


@PROPERTY
@given(
    st.lists(st.sampled_from(DECK_52), min_size=5, max_size=5, unique=True),
    st.lists(st.sampled_from(DECK_52), min_size=5, max_size=5, unique=True),
)
def test_hand_order_is_strength_order(first: list[Card], second: list[Card]) -> None:
    """OFC-BETA 7.1: the fast strength and the Hand agree on category, ranks and order."""
    s1, s2 = strength5([c.code for c in first]), strength5([c.code for c in second])
    a, b = evaluate(first), evaluate(second)
    assert (a.category, a.ranks) == describe(s1)
    assert (a < b) == (s1 < s2) and (a == b) == (s1 == s2)
    assert a.name == hand_name(*describe(s1))


@PROPERTY
@given(five_to_seven)
def test_strength_is_the_best_five_card_subset(cards: list[Card]) -> None:
    """PPR 1.3: the best hand from more than five cards is the best of its five-card subsets."""
    codes = [card.code for card in cards]
    best = max(strength5(five) for five in itertools.combinations(codes, 5))
    assert strength(codes) == best
    assert 0 <= best <= 7461
    made = best_of(cards)
    assert strength5([card.code for card in made.cards]) == best
    assert set(made.cards) <= set(cards)
    assert best_hand([Group(tuple(cards), 0, len(cards))]) == made


@PROPERTY
@given(st.lists(st.sampled_from(DECK_52), min_size=7, max_size=7, unique=True))
def test_island_hands_stay_within_the_limits(cards: list[Card]) -> None:
    """OPR-538 4.1: one or two hole cards with three or four board cards, whatever is best."""
    hole, board = Group(tuple(cards[:2]), 1, 2), Group(tuple(cards[2:]), 3, 4)
    made = best_hand([hole, board])
    assert made is not None
    used_hole = len(set(made.cards) & set(hole.cards))
    assert 1 <= used_hole <= 2
    expected = max(evaluate(list(five)) for five in choices([hole, board]))
    assert made == expected


@PROPERTY
@given(st.lists(st.sampled_from(DECK_52), min_size=5, max_size=7, unique=True))
def test_the_best_low_is_the_five_lowest_distinct_ranks(cards: list[Card]) -> None:
    """PPR 7.3: a low needs five distinct ranks of eight or lower; the lowest five are best."""
    low_ranks = sorted({1 if card.rank == 14 else card.rank for card in cards} & set(range(1, 9)))
    low = best_low([Group(tuple(cards), 0, len(cards))])
    if len(low_ranks) < 5:
        assert low is None
    else:
        assert low is not None
        assert low.ranks == tuple(sorted(low_ranks[:5], reverse=True))
        assert len(low.cards) == 5 and set(low.cards) <= set(cards)


def test_joker_constant_is_refused_everywhere() -> None:
    """JOKER-OFC 3.1: a Joker stands for a card only once resolved; unresolved it has no rank."""
    with pytest.raises(CardError):
        best_of([JOKER, *parse_cards("As Kd Qc Jh")])


def test_no_two_lows_share_a_name() -> None:
    """PPR 7.3: a low's name tells it from every other, so a won low never looks tied."""
    lows = [Low(ranks) for ranks in itertools.combinations(range(8, 0, -1), 5)]
    assert len(lows) == 56
    assert len({low.name for low in lows}) == 56
    assert Low((7, 5, 3, 2, 1)).name != Low((7, 5, 4, 2, 1)).name
