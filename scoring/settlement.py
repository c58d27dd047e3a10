"""Settle up: who pays whom, in the fewest transfers, when a match is played for money.

Each player's net is their points times the value of a point, in whole cents, so the nets sum to
exactly zero and no rounding is needed (a value per point is a whole number of cents).

The fewest transfers. Every transfer settles at least one player, so a group of k players whose
nets sum to zero needs at most k - 1 transfers, and a group that cannot be split into smaller
zero-sum groups needs exactly that many. So the fewest transfers for everyone is the number of
players owed or owing minus the most zero-sum groups they can be split into. The most groups is
found over subsets (bit masks) of the n players with a net:

    groups[mask] = max(groups[mask without i] for i in mask) + (1 if the nets in mask sum to 0)

Walking the masks in order of size, the answer is groups[all]. A worked table for nets
Ann +30, Bob -10, Cy -20, Di +5, Ed -5: Di and Ed settle alone (one transfer: Ed pays Di 5),
Ann, Bob and Cy need two (Bob pays Ann 10, Cy pays Ann 20): five players, two groups, three
transfers. Inside each group the largest debtor pays the largest creditor until all are even,
one player settled per transfer, so a group of k takes k - 1.

>>> [(t.payer, t.payee, t.amount) for t in fewest_transfers({"Ann": 30, "Bob": -10, "Cy": -20})]
[('Cy', 'Ann', 20), ('Bob', 'Ann', 10)]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scoring.errors import InputError
from scoring.messages import say

MOST_PLAYERS = 10  # the subset search grows as 3**n


@dataclass(frozen=True)
class Transfer:
    """One payment that settles part of the match."""

    payer: str
    payee: str
    amount: int  # cents

    def as_dict(self) -> dict[str, object]:
        return {"from": self.payer, "to": self.payee, "amount": self.amount}


def nets(points: Mapping[str, int], cents_per_point: int) -> dict[str, int]:
    """Each player's points in cents.

    >>> nets({"Ann": 8, "Bob": -8}, 25)
    {'Ann': 200, 'Bob': -200}
    """
    if sum(points.values()) != 0:
        raise InputError(say("match.points_unbalanced"), "points")
    return {name: total * cents_per_point for name, total in points.items()}


def _groups(amounts: list[int]) -> list[list[int]]:
    """The indexes of the amounts, split into the most groups that each sum to zero."""
    count = len(amounts)
    full = (1 << count) - 1
    best = [0] * (full + 1)
    sums = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + amounts[low.bit_length() - 1]
        best[mask] = max(best[mask ^ (1 << i)] for i in range(count) if mask >> i & 1)
        best[mask] += sums[mask] == 0
    groups = []
    rest = full
    while rest:
        # A group holding the lowest player left, which leaves the most groups for the rest.
        low = rest & -rest
        group = next(
            sub
            for sub in _submasks(rest)
            if sub & low and sums[sub] == 0 and best[rest ^ sub] == best[rest] - 1
        )
        groups.append([i for i in range(count) if group >> i & 1])
        rest ^= group
    return groups


def _submasks(mask: int) -> list[int]:
    """Every non-empty submask of mask, smallest first."""
    subs, sub = [], mask
    while sub:
        subs.append(sub)
        sub = (sub - 1) & mask
    return sorted(subs, key=lambda m: (bin(m).count("1"), m))


def fewest_transfers(net: Mapping[str, int]) -> list[Transfer]:
    """The fewest payments that settle every net (cents, summing to zero), largest first."""
    owed = {name: amount for name, amount in net.items() if amount}
    if sum(owed.values()) != 0:
        raise InputError(say("match.amounts_unbalanced"), "net")
    if len(owed) > MOST_PLAYERS:
        raise InputError(say("match.settle_too_many", most=MOST_PLAYERS), "net")
    names = sorted(owed)
    transfers: list[Transfer] = []
    for group in _groups([owed[name] for name in names]):
        transfers += _settle({names[i]: owed[names[i]] for i in group})
    return sorted(transfers, key=lambda t: (-t.amount, t.payer, t.payee))


def _settle(group: dict[str, int]) -> list[Transfer]:
    """Settle one zero-sum group: the largest debtor pays the largest creditor, repeatedly."""
    balance = dict(group)
    transfers = []
    while any(balance.values()):
        payer = min(balance, key=lambda name: (balance[name], name))
        payee = max(balance, key=lambda name: (balance[name], name))
        amount = min(-balance[payer], balance[payee])
        transfers.append(Transfer(payer, payee, amount))
        balance[payer] += amount
        balance[payee] -= amount
    return transfers
