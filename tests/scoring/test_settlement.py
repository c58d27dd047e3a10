"""Settle-up: the fewest transfers that clear every debt, to the cent (scoring.settlement)."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.errors import InputError
from scoring.settlement import MOST_PLAYERS, fewest_transfers, nets


def fewest_by_search(balances: tuple[int, ...]) -> int:
    """Breadth-first over payments that each settle a debtor or a creditor: the true least."""
    seen, queue = {balances}, deque([(balances, 0)])
    while queue:
        state, steps = queue.popleft()
        if not any(state):
            return steps
        for i, owes in enumerate(state):
            for j, owed in enumerate(state):
                if owes < 0 < owed:
                    amount = min(-owes, owed)
                    after = list(state)
                    after[i] += amount
                    after[j] -= amount
                    key = tuple(after)
                    if key not in seen:
                        seen.add(key)
                        queue.append((key, steps + 1))
    raise AssertionError("no settlement found")


@st.composite
def tables(draw: st.DrawFn) -> dict[str, int]:
    count = draw(st.integers(2, 6))
    amounts = draw(st.lists(st.integers(-6, 6), min_size=count - 1, max_size=count - 1))
    amounts.append(-sum(amounts))
    return {f"P{i}": amount * 25 for i, amount in enumerate(amounts)}


@settings(max_examples=300, deadline=None)
@given(net=tables())
def test_the_transfers_are_fewest_and_clear_every_debt_to_the_cent(net: dict[str, int]) -> None:
    """Checked against a search of every settling order, for up to six players."""
    transfers = fewest_transfers(net)
    balance = dict(net)
    for transfer in transfers:
        assert transfer.amount > 0 and transfer.payer != transfer.payee
        balance[transfer.payer] += transfer.amount
        balance[transfer.payee] -= transfer.amount
    assert all(amount == 0 for amount in balance.values())
    assert len(transfers) == fewest_by_search(tuple(net.values()))


def test_two_groups_that_settle_apart_take_one_transfer_fewer() -> None:
    """The module's worked table: five players, two zero-sum groups, three transfers."""
    net = {"Ann": 30, "Bob": -10, "Cy": -20, "Di": 5, "Ed": -5}
    assert [t.as_dict() for t in fewest_transfers(net)] == [
        {"from": "Cy", "to": "Ann", "amount": 20},
        {"from": "Bob", "to": "Ann", "amount": 10},
        {"from": "Ed", "to": "Di", "amount": 5},
    ]


def test_points_become_cents_and_still_sum_to_zero() -> None:
    """A point is a whole number of cents, so no rounding: the nets sum to exactly zero."""
    money = nets({"Ann": 23, "Bob": -17, "Cy": -6}, 15)
    assert money == {"Ann": 345, "Bob": -255, "Cy": -90} and sum(money.values()) == 0


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: nets({"Ann": 3, "Bob": -2}, 10), "do not sum to zero"),
        (lambda: fewest_transfers({"Ann": 3, "Bob": -2}), "do not sum to zero"),
        (lambda: fewest_transfers({f"P{i}": 1 - 2 * (i % 2) for i in range(12)}), "at most"),
    ],
)
def test_sums_that_do_not_settle_are_refused(call, words) -> None:
    with pytest.raises(InputError, match=words):
        call()
    assert MOST_PLAYERS == 10
