"""Pot division: side pots, hi-lo halves, ties and odd chips (PPR 7.1 as read by H9)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.pots import (
    Pot,
    PotError,
    award,
    best_seats,
    build_pots,
    seat_order,
    single_pot,
    split,
)


def test_h9_side_pots_are_layered_by_each_live_players_total() -> None:
    """PPR 7.1, H9: each pot takes every player's chips up to the next live total.

    Ann all in for 20, Bob all in for 50, Cat in for 100, Dan folded after putting in 40.
    """
    pots, returned = build_pots([20, 50, 100, 40], [True, True, True, False])
    assert [(pot.amount, pot.eligible) for pot in pots] == [(80, (0, 1, 2)), (80, (1, 2))]
    assert returned == (0, 0, 50, 0)  # Cat's last 50 was matched by nobody


def test_h9_folded_chips_stay_in_the_pots_they_reached() -> None:
    """PPR 7.1, H9: a folded player's chips count in the pots but the player is not eligible."""
    pots, returned = build_pots([30, 30, 10], [True, True, False])
    assert pots == [Pot(70, (0, 1), (0, 1, 2))]
    assert returned == (0, 0, 0)


def test_h9_folded_chips_above_every_live_total_go_back() -> None:
    """PPR 7.1, H9: chips no player still in matched are returned to whoever put them in."""
    pots, returned = build_pots([50, 50, 120], [True, True, False])
    assert pots == [Pot(150, (0, 1), (0, 1, 2))]
    assert returned == (0, 0, 70)


def test_h9_a_live_players_unmatched_excess_is_returned_uncalled() -> None:
    """PPR 7.1, H9: a bet nobody called is no pot; it goes back to the bettor."""
    pots, returned = build_pots([200, 80], [True, True])
    assert pots == [Pot(160, (0, 1), (0, 1))]
    assert returned == (120, 0)
    division = award(pots, high=[1, 9], low=[None, None], button=0, returned=returned)
    assert division.wins == (120, 160)


def test_h9_odd_chip_goes_to_the_first_winner_left_of_the_button() -> None:
    """PPR 7.1, H9: a split pot's odd chip goes to the first winner left of the button."""
    pot = single_pot(101, [True, True, True])
    assert award(pot, high=[7, 3, 7], low=[None] * 3, button=1).wins == (50, 0, 51)
    assert award(pot, high=[7, 3, 7], low=[None] * 3, button=2).wins == (51, 0, 50)


def test_h9_the_button_seat_is_last_for_odd_chips() -> None:
    """PPR 7.1, H9: the button itself is the last seat clockwise from the button."""
    assert seat_order(0, 3) == [1, 2, 0]
    assert split(5, [0, 1], seat_order(0, 3)) == {1: 3, 0: 2}


def test_h9_several_odd_chips_go_one_each_in_seat_order() -> None:
    """PPR 7.1, H9: 11 chips among three tied winners: 4, 4, 3 starting left of the button."""
    assert split(11, [0, 1, 2], seat_order(2, 3)) == {0: 4, 1: 4, 2: 3}


def test_ppr_7_3_hi_lo_pot_is_halved_with_the_odd_chip_to_the_high() -> None:
    """PPR 7.3 with H9: the pot is split between the best high and the best low; odd chip high."""
    division = award(single_pot(101, [True, True]), high=[9, 2], low=[None, 5], button=0)
    assert division.wins == (51, 50)
    assert division.awards[0].high_amount == 51
    assert division.awards[0].low_amount == 50


def test_h9_odd_chips_of_a_halved_pot_and_of_a_split_low() -> None:
    """PPR 7.3, H9: 103 chips halve 52 high / 51 low; the tied lows' odd chip goes left first.

    Ann (the button, seat 0) has the best high; Bob and Cat tie for low. Clockwise from the
    button Bob comes before Cat, so Bob gets the odd chip of the 51: 26 to Bob, 25 to Cat.
    """
    division = award(single_pot(103, [True] * 3), [9, 2, 1], [None, 5, 5], button=0)
    assert (division.awards[0].high_amount, division.awards[0].low_amount) == (52, 51)
    assert division.wins == (52, 26, 25)
    assert award(single_pot(103, [True] * 3), [9, 2, 1], [None, 5, 5], button=1).wins == (
        52,
        25,
        26,
    )


def test_ppr_7_3_without_a_qualifying_low_the_high_takes_the_pot() -> None:
    """PPR 7.3: with no qualifying low the whole pot goes to the best high hand."""
    division = award(single_pot(100, [True, True]), high=[9, 2], low=[None, None], button=0)
    assert division.wins == (100, 0)
    assert division.awards[0].low_winners == ()


def test_ppr_7_3_scooping_both_halves() -> None:
    """PPR 7.3: one hand that is best both ways takes both halves."""
    division = award(single_pot(100, [True, True]), high=[9, 2], low=[5, 3], button=0)
    assert division.wins == (100, 0)


def test_ppr_7_3_tied_lows_split_the_low_half() -> None:
    """PPR 7.3, 7.1: two equal lows split the low half (each gets a quarter)."""
    division = award(single_pot(100, [True, True, True]), [9, 2, 1], [5, 5, None], button=2)
    assert division.wins == (75, 25, 0)


def test_h9_each_side_pot_has_its_own_low() -> None:
    """PPR 7.1, 7.3, H9: a side pot with no eligible low goes whole to its best high."""
    pots, returned = build_pots([20, 60, 60], [True, True, True])
    # Seat 0 (all in) has the only low; seats 1 and 2 fight for the side pot on high alone.
    division = award(pots, high=[1, 9, 5], low=[4, None, None], button=2, returned=returned)
    assert [(a.pot.amount, a.high_amount, a.low_amount) for a in division.awards] == [
        (60, 30, 30),
        (80, 80, 0),
    ]
    assert division.wins == (30, 110, 0)


def test_h9_a_pot_only_folded_players_paid_into_goes_back_to_them() -> None:
    """PPR 7.1, H9: chips above every live total, from two folded players, go back to each."""
    pots, returned = build_pots([10, 40, 30], [True, False, False])
    assert pots == [Pot(30, (0,), (0, 1, 2))]
    assert returned == (0, 30, 20)


def test_best_seats_keeps_every_tied_best() -> None:
    """PPR 7.1: identical hands tie; None is no hand."""
    assert best_seats([4, None, 4, 1], [0, 1, 2, 3]) == (0, 2)
    assert best_seats([None, None], [0, 1]) == ()


@pytest.mark.parametrize(
    ("contributed", "message"),
    [
        ([-5, 10], "Seat 1's contribution must be a whole number of chips, 0 or more, not -5"),
        ([10, 2.5], "Seat 2's contribution must be a whole number of chips, 0 or more, not 2.5"),
        ([True, 10], "Seat 1's contribution must be a whole number of chips, 0 or more, not True"),
    ],
)
def test_contributions_must_be_whole_chips(contributed: list[int], message: str) -> None:
    """PPR 7.1: chips are counted in whole units; the message names the seat."""
    with pytest.raises(PotError) as error:
        build_pots(contributed, [True, True])
    assert str(error.value) == message


def test_button_must_be_a_seat() -> None:
    """PPR 2.1: the button marks one of the seats."""
    with pytest.raises(PotError, match="the button must be one of the 2 seats, not seat 3"):
        award(single_pot(10, [True, True]), [1, 2], [None, None], button=2)


# --- Properties -------------------------------------------------------------------------------

table = st.integers(min_value=2, max_value=10).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, 500), min_size=n, max_size=n),  # contributed
        st.lists(st.booleans(), min_size=n, max_size=n),  # live (not folded)
        st.lists(st.integers(0, 3), min_size=n, max_size=n),  # high values: many ties
        st.lists(st.one_of(st.none(), st.integers(0, 2)), min_size=n, max_size=n),  # lows
        st.integers(0, n - 1),  # button
    )
)


def _division(case: tuple[list[int], list[bool], list[int], list[int | None], int]) -> tuple:
    contributed, live, high, low, button = case
    live = live[:]
    live[0] = live[0] or not any(live)  # someone is still in
    high_values: list[int | None] = [h if live[seat] else None for seat, h in enumerate(high)]
    low_values = [value if live[seat] else None for seat, value in enumerate(low)]
    pots, returned = build_pots(contributed, live)
    return contributed, live, award(pots, high_values, low_values, button, returned)


@settings(max_examples=400, deadline=None)
@given(table)
def test_h9_chips_are_conserved_exactly(case: tuple) -> None:
    """PPR 7.1, H9: every chip put in is paid out, none invented, over ties, folds and lows."""
    contributed, _, division = _division(case)
    assert sum(division.wins) == sum(contributed)
    assert all(chips >= 0 for chips in division.wins)


@settings(max_examples=400, deadline=None)
@given(table)
def test_h9_side_pots_never_pay_more_than_each_opponent_could_lose(case: tuple) -> None:
    """PPR 7.1, H9: a player wins at most what they matched from each opponent, plus their own."""
    contributed, _, division = _division(case)
    for seat, chips in enumerate(contributed):
        ceiling = sum(min(chips, other) for other in contributed)
        assert division.wins[seat] <= ceiling


@settings(max_examples=400, deadline=None)
@given(table)
def test_h9_folded_players_only_ever_get_their_own_unmatched_chips_back(case: tuple) -> None:
    """PPR 7.1, H9: a folded player wins nothing; at most unmatched chips come back."""
    contributed, live, division = _division(case)
    top_live = max((c for c, alive in zip(contributed, live, strict=True) if alive), default=0)
    for seat, alive in enumerate(live):
        if not alive:
            assert division.wins[seat] == max(0, contributed[seat] - top_live)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 10), st.integers(0, 9))
def test_split_hands_out_every_chip_and_differs_by_at_most_one(
    amount: int, winners: int, button: int
) -> None:
    """PPR 7.1, H9: a split is even to within one chip and the odd chips go first in order."""
    order = seat_order(button % 10, 10)
    shares = split(amount, list(range(winners)), order)
    assert sum(shares.values()) == amount
    assert max(shares.values()) - min(shares.values()) <= 1
    ranked = sorted(shares, key=order.index)
    assert [shares[seat] for seat in ranked] == sorted(shares.values(), reverse=True)
