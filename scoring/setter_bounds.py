"""The bounds of the Fantasyland setter's search (``scoring.setter_search``): upper bounds on
what the rows not yet chosen can make and pay.

The search fixes a bottom, then a middle, then a top, and before each step forms a *hope*: a
value no setting completing what is fixed can exceed. A setting's value is compared left to
right (stays, royalties, bottom, middle, top, or royalties first), so the hope is an upper bound
when each of its parts bounds the same part of every completion: the stay is true if any open
row could stay, the royalties add per open row the most any hand it could still make pays, and a
row not chosen yet counts as the top of the scale (``INFINITY``). Each function here bounds one
of those parts; the comment beside each step says why it never understates. A bound may
overstate as it likes: that only costs the search time, never a setting.

What every bound here rests on, from the rulesets (``scoring.house`` refuses tables that break
it): middle and bottom royalties and every stay depend on the hand's category alone; on top,
trips pay more than any pair, and a higher rank pays no less than a lower one of the same kind.
A stay names the least category that stays (``Fantasyland.stay``), so a stronger category stays
whenever a weaker one does. The stay of a top is read from the pay table for trips, pairs and a
high card alike (``Pay.trips``, ``Pay.pairs``, ``Pay.high``), never assumed: the built-in
rulesets stay on top at trips, but ``scoring.house`` accepts a stay on a top ``pair`` or
``high_card``, and a bound that took a pair or a high card not to stay would understate such a
stay and prune the best setting (``tests/scoring/test_setter_house_stays.py``).

>>> from scoring.rulesets import get_ruleset
>>> from scoring.setter_pay import pay_table
>>> from scoring.setter_scale import UNIT, NO_TOP_LIMIT
>>> pay = pay_table(get_ruleset("pineapple-2p-v1"))
>>> top_bound(pay, UNIT[12] * 2 + UNIT[9], 0, NO_TOP_LIMIT)  # QQ9: the queens pay 7
(7, False)
>>> top_bound(pay, UNIT[12] * 2 + UNIT[9], 1, NO_TOP_LIMIT)  # a Joker makes QQQ: 20, and stays
(20, True)
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Protocol

from scoring.hands import Category
from scoring.setter_pay import Pay
from scoring.setter_scale import (
    CATEGORY,
    FIRST_RANK,
    KEYS,
    NIBBLES,
    NO_TOP_LIMIT,
    STRAIGHTS,
    STRONGEST,
    unit,
)

# --- What five of the cards left can make: the middle's reach ----------------------------------


class SuitedCards(Protocol):
    """The cards of a deal by suit, as ``scoring.setter_deal.Deal`` keeps them."""

    suit_masks: list[int]  # each suit's cards, a bit per card
    suit_windows: list[list[int]]  # per suit, its cards of each five ranks in a row


_WINDOW_NIBBLES = [sum(map(unit, window)) for window in STRAIGHTS]
# For every set of ranks held (nibble bits), the most of them within five in a row.
_LONGEST_RUN: dict[int, int] = {}
for _size in range(14):
    for _held in itertools.combinations(range(2, 15), _size):
        _present = sum(map(unit, _held))
        _LONGEST_RUN[_present] = max((_present & w).bit_count() for w in _WINDOW_NIBBLES)


def best_category(deal: SuitedCards, mask: int, counter: int, jokers: int, cap: int = 9) -> int:
    """The best category five of these cards (``mask``, their ranks as ``counter``) and Jokers
    can make, or ``cap`` if that is lower: categories above the cap are not looked for.

    It may overstate what the cards make, never understate it: each test below asks only
    whether enough cards of a suit, of a rank or of a run are among them (the Jokers filling
    in), not whether one row of five can hold them all beside the other rows. The search skips
    every middle above this bound (``Search._reaches``), so an understatement would lose one.
    """
    need = 5 - jokers  # the real cards a five-card row holds beside the Jokers
    # The suits holding that many cards: only these can make a flush of any kind.
    suits = [s for s, cards in enumerate(deal.suit_masks) if (cards & mask).bit_count() >= need]
    if cap >= Category.STRAIGHT_FLUSH and suits:
        # A royal flush in any suit before a straight flush in any: the bound must not stop
        # at the first suit's straight flush when a later suit makes a royal one.
        made = max(_straight_flush(deal, mask, s, need) for s in suits)
        if made:
            return min(cap, made)
    ones = NIBBLES  # the lowest bit of each rank's nibble: n >> k & ones marks counts >= 2**k
    if cap >= Category.FOUR_OF_A_KIND:
        # Four of a rank: four held, three and a Joker, or two and two Jokers (never five:
        # JOKER-OFC 3.2, and a rank holds four at most).
        at_least = (counter >> 2) & ones if jokers == 0 else 0
        if jokers == 1:
            at_least = ((counter >> 1) & counter | counter >> 2) & ones
        elif jokers >= 2:
            at_least = (counter >> 1 | counter >> 2) & ones
        if at_least:
            return int(Category.FOUR_OF_A_KIND)
    if cap >= Category.FULL_HOUSE:
        held = [
            ones,
            (counter | counter >> 1 | counter >> 2) & ones,
            (counter >> 1 | counter >> 2) & ones,
            ((counter >> 1) & counter | counter >> 2) & ones,
        ]  # the ranks held at least 0, 1, 2, 3 times, as nibble bits
        if _full_house(held, jokers):
            return int(Category.FULL_HOUSE)
    if suits and cap >= Category.FLUSH:
        return int(Category.FLUSH)  # enough of one suit (the Jokers are any suit)
    if cap >= Category.STRAIGHT:
        # Enough ranks within five in a row, the Jokers taking the ranks missing.
        present = (counter | counter >> 1 | counter >> 2) & ones
        if _LONGEST_RUN[present] >= need:
            return int(Category.STRAIGHT)
    return min(cap, _paired_category(counter, jokers))


def _straight_flush(deal: SuitedCards, mask: int, suit: int, need: int) -> int:
    """Royal flush or straight flush if this suit's cards and Jokers make one, else 0."""
    windows = deal.suit_windows[suit]
    if (mask & windows[9]).bit_count() >= need:  # the last window is ten to ace
        return int(Category.ROYAL_FLUSH)
    for window in windows:
        if (mask & window).bit_count() >= need:
            return int(Category.STRAIGHT_FLUSH)
    return 0


def _full_house(at_least: Sequence[int], jokers: int) -> bool:
    """Whether three of one rank and two of another can be made, Jokers filling in
    (``at_least[k]``: the ranks held at least k times, as nibble bits)."""
    if jokers == 0:
        return bool(at_least[3]) and at_least[2].bit_count() >= 2
    if jokers == 1:
        return at_least[2].bit_count() >= 2 or (bool(at_least[3]) and at_least[1].bit_count() >= 2)
    return bool(at_least[3]) or (bool(at_least[2]) and at_least[1].bit_count() >= 2)


def _paired_category(counter: int, jokers: int) -> int:
    """The best of trips, two pair, a pair or a high card that these ranks (a counter) and
    Jokers can make: a Joker joins a pair for trips, two join any card."""
    pairs = (counter >> 1 | counter >> 2) & NIBBLES  # ranks held at least twice
    if (
        jokers >= 2
        or (jokers == 1 and pairs)
        or ((counter >> 1) & counter | counter >> 2) & NIBBLES
    ):
        return int(Category.THREE_OF_A_KIND)
    if jokers == 1 or pairs.bit_count() == 1:
        return int(Category.PAIR)
    return int(Category.TWO_PAIR) if pairs else int(Category.HIGH_CARD)


# --- What a top can make and pay under a cap --------------------------------------------------


def _top_limits(cap: int) -> tuple[int, int]:
    """The ranks (nibble bits) whose trips, and whose pairs, a top may hold below cap."""
    every = NIBBLES
    if cap >= NO_TOP_LIMIT:
        return every, every  # a straight or better: every top is below it
    # The ranks up to the cap's first rank, itself included: a top of that rank may still be
    # below the cap by its kicker, and a bound may overstate.
    category, below = CATEGORY[cap], ((1 << (4 * (FIRST_RANK[cap] - 2) + 1)) - 1) & NIBBLES
    if category == Category.THREE_OF_A_KIND:
        return below, every
    if category == Category.TWO_PAIR:
        return 0, every
    return 0, below if category == Category.PAIR else 0


TOP_LIMITS = tuple(_top_limits(cap) for cap in range(len(KEYS)))


def top_reach(counter: int, jokers: int, cap: int) -> tuple[int, int]:
    """The ranks (nibble bits) of the trips, and of the pairs, that a top could make from these
    real ranks (a counter) and Jokers without exceeding cap: three of a rank, Jokers filling
    in, for trips; two for a pair (two Jokers pair any rank)."""
    # A rank's nibble n counts its cards: n >> 1 has its low bit set for n >= 2, n >> 2 for
    # n >= 4, and (n >> 1) & n for n = 3. Bits above a nibble's lowest are cleared by the
    # limits, which hold the lowest bits alone.
    if jokers == 0:
        trips = ((counter >> 1) & counter) | (counter >> 2)  # three or four held
        pairs = (counter >> 1) | (counter >> 2)  # two or more
    elif jokers == 1:
        trips = (counter >> 1) | (counter >> 2)  # two or more, and the Joker
        pairs = counter | (counter >> 1) | (counter >> 2)  # one or more, and the Joker
    else:
        trips = counter | (counter >> 1) | (counter >> 2)  # one or more, and both Jokers
        pairs = NIBBLES  # the two Jokers pair any rank
    allowed_trips, allowed_pairs = TOP_LIMITS[cap]
    return trips & allowed_trips, pairs & allowed_pairs


def top_bound(pay: Pay, counter: int, jokers: int, cap: int) -> tuple[int, bool]:
    """The most a top from these ranks and Jokers can pay below cap, and whether it can stay.

    Trips pay more than any pair and royalties grow with the rank, so the highest trips the top
    could make, else its highest pair, else a high card, bound it (``top_reach``).
    """
    trips, pairs = top_reach(counter, jokers, cap)
    # bit_length() of nibble bits: 4 * (rank - 2) + 1, so (bit_length + 7) // 4 is the rank.
    # Each return is the (royalty, stays) of the strongest kind the top can make, and bounds
    # every weaker top too: the royalty by the pay tables' order, the stay because a stay is
    # by category and a weaker category stays only if this one does (a house stay on a top
    # pair makes every pair and trips stay; on a high card, every top).
    if trips:
        return pay.trips[(trips.bit_length() + 7) // 4]
    if pairs:
        return pay.pairs[(pairs.bit_length() + 7) // 4]
    return pay.high  # a high card: nothing under every ruleset, but it stays on a high_card stay


def weak_top_bound(
    pay: Pay, counter: int, jokers: int, category: int, cap: int
) -> tuple[int, bool]:
    """The most a top can pay over a middle of ``category`` two pair or less (not above cap).

    The top, below such a middle, is at best a pair. A top pair needs a middle above it: two
    other pairs, or a higher pair, or the other two cards of its own rank (from four). So the
    top may hold the highest pair with three pairs to hand under two pair, or when four cards
    of that rank are left; otherwise only the second highest.
    """
    # As in ``top_bound``, each return is the (royalty, stays) of the strongest top left
    # possible, which bounds the weaker ones: a high card's is ``pay.high``, not (0, False),
    # since a house stay on a top high card makes every top stay.
    if category == Category.HIGH_CARD:
        return pay.high  # below a high-card middle, the top is a high card
    if jokers:
        return top_bound(pay, counter, jokers, cap)  # a Joker can pair any rank: no sharper
    pairs = ((counter >> 1) | (counter >> 2)) & TOP_LIMITS[cap][1]
    if not pairs:
        return pay.high
    highest = 1 << (pairs.bit_length() - 1)
    # The highest pair can go on top only if the middle can still beat it without it: with
    # four of its rank left (the middle pairs the other two), or with two more pairs for a
    # middle of two pair. Otherwise the middle needs the highest pair and the top gets the next.
    if highest & (counter >> 2) or (pairs.bit_count() >= 3 and category == Category.TWO_PAIR):
        return pay.pairs[(pairs.bit_length() + 7) // 4]
    pairs ^= highest
    return pay.pairs[(pairs.bit_length() + 7) // 4] if pairs else pay.high


# --- The middle and top together, under a bottom ---------------------------------------------


def rest_bound(pay: Pay, counter: int, jokers: int, bottom: int, reach: int) -> tuple[int, bool]:
    """The most a middle and a top below this bottom can pay together (and whether they can
    stay), from these ranks and Jokers, the middle making at best a ``reach``: the best over
    the middle's category of its best royalty and the best top below it."""
    # The middle is at most the bottom's category and at most what the cards reach. Every such
    # middle falls in one of three bands below, and each band's term bounds its middles: the
    # best royalty of the band (pay grows with the category) plus the best top below the
    # band's strongest middle. Their maximum bounds them all.
    category = min(CATEGORY[bottom], reach)
    paid, stays = 0, False
    if category >= Category.STRAIGHT:
        # A middle of a straight or better: any top fits under it.
        middle, middle_stays = pay.middle_up_to[category]
        top, top_stays = top_bound(pay, counter, jokers, NO_TOP_LIMIT)
        paid, stays = middle + top, middle_stays or top_stays
    if category >= Category.THREE_OF_A_KIND:
        # A middle of trips: the top below the strongest trips (and below the bottom).
        middle, middle_stays = pay.middle_up_to[Category.THREE_OF_A_KIND]
        cap = min(bottom, STRONGEST[Category.THREE_OF_A_KIND])
        top, top_stays = top_bound(pay, counter, jokers, cap)
        paid, stays = max(paid, middle + top), stays or middle_stays or top_stays
    # A middle of two pair or less: the top is at best a pair (``weak_top_bound``).
    weak = min(category, int(Category.TWO_PAIR))
    middle, middle_stays = pay.middle_up_to[weak]
    top, top_stays = weak_top_bound(pay, counter, jokers, weak, min(bottom, STRONGEST[weak]))
    return max(paid, middle + top), stays or middle_stays or top_stays


def split_bound(
    pay: Pay, counter: int, jokers: int, bottom: int, reaches: Sequence[int]
) -> tuple[int, bool]:
    """As ``rest_bound``, the Jokers shared between the middle and the top: ``reaches[j]`` is
    the best the middle can make with j of them, the top getting the rest."""
    # Every completion gives the middle some j of the Jokers left; the j-th term bounds those
    # (the middle reaches at most reaches[j], the top has jokers - j), so the best term bounds
    # them all.
    best, stays = 0, False
    for used, reach in enumerate(reaches):
        paid, can_stay = rest_bound(pay, counter, jokers - used, bottom, reach)
        best, stays = max(best, paid), stays or can_stay
    return best, stays


# --- Tops already tried under a group of middles -----------------------------------------------


# The tops already tried under a group of middles: their trips and pairs (ranks as nibble bits),
# and whether a high-card top was: trips, pairs, high = claimed. A plain tuple, as a ``Row``
# is (``scoring.setter_deal``): one is made for every middle tried.
Claimed = tuple[int, int, bool]
NONE_CLAIMED: Claimed = (0, 0, False)


def unclaimed(pay: Pay, reach: tuple[int, int], claimed: Claimed) -> tuple[int, bool] | None:
    """The most a top could pay (and stay) among the trips and pairs within reach that are not
    claimed yet, or a high card's (``Pay.high``) if that is not claimed; None if all are."""
    # The middles of a group share one shape and come strongest first. A top of a shape
    # already tried under an earlier middle of the group (claimed) would give the same three
    # shapes (H35: the same alternative), the same royalties and stay, and a lower value (its
    # middle is weaker): nothing to keep and no figure to raise. So only the unclaimed ranks
    # count, bounded as in ``top_bound``.
    # The stay of a pair or a high card is the pay table's, as in ``top_bound``.
    claimed_trips, claimed_pairs, high = claimed
    trips, pairs = reach[0] & ~claimed_trips, reach[1] & ~claimed_pairs
    if trips:
        return pay.trips[(trips.bit_length() + 7) // 4]
    if pairs:
        return pay.pairs[(pairs.bit_length() + 7) // 4]
    return None if high else pay.high
