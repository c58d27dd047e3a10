"""Joker resolution (JOKER-OFC 3-5), against the document's examples and a brute-force search."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.ofc import brute_force_resolve
from scoring.cards import DECK_52, JOKER, Card, CardError, parse_cards
from scoring.hands import Category, evaluate
from scoring.jokers import key_of, resolve_board, row_options


def resolve(top: str, middle: str, bottom: str):  # type: ignore[no-untyped-def]
    return resolve_board(parse_cards(top), parse_cards(middle), parse_cards(bottom))


def test_four_aces_and_a_joker_are_four_aces_with_a_king() -> None:
    """JOKER-OFC 3.2: no five of a kind; the best is four aces with the highest kicker. H12: any
    king does, the king of spades is shown."""
    board = resolve("2c 3d 4h", "As Ah Ad Ac X", "Kh Qh Jh Th 9h")
    assert board.in_order
    assert board.middle.hand.category == Category.FOUR_OF_A_KIND
    assert board.middle.hand.ranks == (14, 13)
    assert board.middle.jokers == (Card.parse("Ks"),)
    assert board.middle.alternatives == 4


def test_a_joker_never_duplicates_a_card_of_its_row() -> None:
    """JOKER-OFC 3.3: A K 8 3 of one suit and a Joker is the A K Q 8 3 flush, the Joker the
    queen of that suit, not the ace already in the row."""
    board = resolve("2c 3d 4h", "5s 5h 6c 7d 9c", "Ad Kd 8d 3d X")
    assert board.bottom.jokers == (Card.parse("Qd"),)
    assert board.bottom.hand.category == Category.FLUSH
    assert board.bottom.hand.ranks == (14, 13, 12, 8, 3)


def test_aces_and_a_joker_on_top_over_a_straight_are_three_aces() -> None:
    """JOKER-OFC 5.2: top AA + Joker over a middle straight or better is three aces."""
    board = resolve("Ac Ad X", "5s 6h 7c 8d 9d", "Kh Kd Ks 2c 2d")
    assert board.in_order
    assert board.top.hand.category == Category.THREE_OF_A_KIND
    assert board.top.jokers == (Card.parse("As"),)


def test_aces_and_a_joker_on_top_over_two_pair_stay_a_pair() -> None:
    """JOKER-OFC 5.2 and 4.1: over a two-pair middle the top cannot be trips, so the Joker is
    an unpaired card: the highest, a king (of spades, H12), and the top is a pair of aces."""
    board = resolve("Ac Ad X", "5s 5h 7c 7d 9d", "Kh Kd Ks 2c 2d")
    assert board.in_order
    assert board.top.hand.name == "Pair of aces, king kicker"
    assert board.top.jokers == (Card.parse("Ks"),)
    assert board.top.lowered
    assert board.top.best_alone.category == Category.THREE_OF_A_KIND


def test_nines_and_a_joker_on_top_below_nines_joker_ace_king() -> None:
    """JOKER-OFC 3.5: top 9-9 + Joker and middle 9-9 + Joker + A-K are both three nines; the
    middle's kickers make it higher, so the board stands."""
    board = resolve("9s 9d X", "9h 9c X Ah Kd", "2s 2h 2d 2c 3d")
    assert board.in_order
    assert board.top.hand.name == "Three nines"
    assert board.middle.hand.name == "Three nines, kickers ace, king"
    assert key_of(board.top.hand) < key_of(board.middle.hand)


def test_rows_are_independent_and_six_aces_are_legal() -> None:
    """JOKER-OFC 3.4: top AA + Joker and middle AA + Joker are both three aces at once; the
    Jokers may be aces that stand in another row."""
    board = resolve("As Ad X", "Ah Ac X Kc Qd", "2h 3h 4h 5h 6h")
    assert board.in_order
    assert board.top.hand.name == "Three aces"
    assert board.middle.hand.name == "Three aces, kickers king, queen"
    aces = [c for row in (board.top, board.middle) for c in row.resolved if c.rank == 14]
    assert len(aces) == 6
    assert board.top.jokers == (Card.parse("Ah"),)
    assert board.middle.jokers == (Card.parse("As"),)


def test_a_joker_makes_a_royal_flush() -> None:
    """JOKER-OFC 5.1: a royal flush made with a Joker is a royal flush."""
    board = resolve("2c 3d 4h", "5s 5h 6c 7d 9c", "X Kd Qd Jd Td")
    assert board.bottom.hand.category == Category.ROYAL_FLUSH
    assert board.bottom.jokers == (Card.parse("Ad"),)


def test_a_middle_joker_is_resolved_a_little_lower_to_stay_below_the_bottom() -> None:
    """JOKER-OFC 4.1 (H31): K K 7 2 + Joker under trips queens cannot be three kings; the
    strongest middle that does not exceed the bottom is kings and sevens."""
    board = resolve("2c 3d 4h", "X Kc Kd 7s 2h", "Qs Qh Qd 3c 5d")
    assert board.in_order
    assert board.middle.hand.name == "Kings and sevens, two kicker"
    assert board.middle.jokers == (Card.parse("7h"),)
    assert board.middle.lowered


def test_a_row_may_tie_the_row_below() -> None:
    """JOKER-OFC 3.1 with OFC-BETA 1.2: "without exceeding" allows equal strength, because a row
    need only be at least as strong as the one above it."""
    board = resolve("2c 3d 4h", "X Kc Qd Js 9h", "Ac Kd Qs Jh 9c")
    assert board.in_order
    assert board.middle.hand.ranks == board.bottom.hand.ranks
    assert board.middle.jokers == (Card.parse("As"),)


def test_a_top_joker_makes_no_straight_or_flush() -> None:
    """OFC-BETA 3.2: a top row is only high card, pair or trips, Jokers or not: Q K + Joker of
    hearts is at best a pair of kings, not a flush or a straight draw."""
    board = resolve("Qh Kh X", "Ts Th Tc 2d 2s", "As Ad Ac 3h 3s")
    assert board.top.hand.name == "Pair of kings, queen kicker"
    assert board.top.jokers == (Card.parse("Ks"),)


def test_no_resolution_keeps_the_order_so_the_board_fouls() -> None:
    """JOKER-OFC 4.2: a board whose rows cannot be put in order fouls; H10: each Joker is shown
    as its row's strongest on its own."""
    board = resolve("As Ad X", "2c 3d 4h 5s 7c", "9c 9d 8h 8s X")
    assert not board.in_order
    assert board.top.hand.name == "Three aces"
    assert board.middle.hand.name == "Seven high, then five, four, three, two"
    assert board.bottom.hand.name == "Nines full of eights"


def test_two_jokers_in_one_row_take_the_preferred_cards() -> None:
    """JOKER-OFC 3.1 with H12: two Jokers in one row; each in turn takes the highest suit
    (spades first) that keeps the hand, then the highest rank."""
    board = resolve("2c 3d 4h", "5s 5h 6c 7d 9c", "X X Ad Ac Kd")
    assert board.bottom.hand.name == "Four aces, king kicker"
    assert set(board.bottom.jokers) == {Card.parse("As"), Card.parse("Ah")}
    assert board.bottom.jokers == (Card.parse("As"), Card.parse("Ah"))


def test_row_options_count_distinct_strengths() -> None:
    """JOKER-OFC 3.2: AAAA + Joker can only be four aces with one of 12 kickers."""
    options = row_options(parse_cards("As Ah Ad Ac X"))
    assert len(options) == 12
    assert options[0].key == (int(Category.FOUR_OF_A_KIND), (14, 13))


# --- Against brute force ----------------------------------------------------------------------


@st.composite
def joker_boards(draw: st.DrawFn) -> tuple[list[Card], list[Card], list[Card]]:
    """A board of 13 places holding one or two Jokers in random places, other cards random."""
    seed = draw(st.integers(0, 2**32 - 1))
    jokers = draw(st.integers(1, 2))
    rng = random.Random(seed)
    cards: list[Card] = rng.sample(DECK_52, 13 - jokers)
    for _ in range(jokers):
        cards.insert(rng.randrange(len(cards) + 1), JOKER)
    return cards[:3], cards[3:8], cards[8:]


@st.composite
def tight_joker_boards(draw: st.DrawFn) -> tuple[list[Card], list[Card], list[Card]]:
    """Boards built near the order boundary (pairs and trips), where resolution must search."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    ranks = rng.sample(range(2, 15), 5)
    pool = [c for c in DECK_52 if c.rank in ranks]
    cards: list[Card] = rng.sample(pool, 11)
    for _ in range(2):
        cards.insert(rng.randrange(len(cards) + 1), JOKER)
    return cards[:3], cards[3:8], cards[8:]


def _same_as_brute_force(top: list[Card], middle: list[Card], bottom: list[Card]) -> None:
    fast = resolve_board(top, middle, bottom)
    in_order, rows = brute_force_resolve(top, middle, bottom)
    assert fast.in_order == in_order
    assert (fast.top.resolved, fast.middle.resolved, fast.bottom.resolved) == rows


@settings(max_examples=40, deadline=None)
@given(joker_boards())
def test_fast_resolution_equals_brute_force(board: tuple[list[Card], ...]) -> None:
    """JOKER-OFC 3.1-4.2 (H31, H12, H10): trying every card for every Joker and keeping the
    in-order resolution with the strongest bottom, then middle, then top gives the same cards."""
    _same_as_brute_force(*board)


@settings(max_examples=30, deadline=None)
@given(tight_joker_boards())
def test_fast_resolution_equals_brute_force_near_fouls(board: tuple[list[Card], ...]) -> None:
    """JOKER-OFC 4.1 and 4.2: the same on paired boards, where Jokers must often be lowered and
    boards often foul."""
    _same_as_brute_force(*board)


@settings(max_examples=60, deadline=None)
@given(joker_boards())
def test_resolved_rows_replace_only_jokers_and_never_repeat_a_card(
    board: tuple[list[Card], ...],
) -> None:
    """JOKER-OFC 3.1 and 3.3: real cards stay where they are; no row holds a card twice."""
    resolution = resolve_board(*board)
    for row, cards in zip(
        (resolution.top, resolution.middle, resolution.bottom), board, strict=True
    ):
        assert len(set(row.resolved)) == len(cards)
        assert all(old == new for old, new in zip(cards, row.resolved, strict=True) if old != JOKER)
        assert key_of(row.hand) == key_of(evaluate(row.resolved))
        assert key_of(row.hand) <= key_of(row.best_alone)


def test_a_row_of_the_wrong_size_is_refused() -> None:
    """OFC-BETA 1.1: rows of 3 and 5 cards; anything else is an error, not a crash."""
    with pytest.raises(CardError, match="a row holds 3 or 5 different cards"):
        row_options(parse_cards("As Ah X X"))
