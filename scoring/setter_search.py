"""The Fantasyland setter's search: the best settings of 14 to 17 cards, exactly, by bounds.

A setting is resolved as ``scoring.jokers.resolve_board`` does (JOKER-OFC 3.1-4.2): the bottom
at its strongest, the middle at its strongest not above the bottom (middles that would exceed it
are listed again, resolved lower: ``Search._capped``), the top at its strongest not above the
middle. A setting's value is a tuple compared left to right, larger better: (stays, royalties,
bottom, middle, top) by default, (royalties, stays, ...) for the royalties objective (H34). Two
settings are the same (H35) when each row makes the same shape, its category with the ranks that
make it; the search keeps the best ``count`` shapes, and ``threshold`` is the value of the last
one kept, once it has ``count``.

The search goes through bottoms by category, strongest first, and within one strongest first;
under each bottom through middles by category and shape, strongest first; under each middle the
strongest top of each shape (``top_choices``). Its ideas live apart, each with the argument for
why nothing it skips can be the optimum, a kept alternative, or raise a figure:

- ``scoring.setter_scale``: every hand a row can make as one integer scale;
- ``scoring.setter_pay``: what each hand pays and whether it stays, per ruleset;
- ``scoring.setter_bounds``: the bounds on what open rows can make and pay;
- ``scoring.setter_deal``: the dealt cards, the ``Row`` and ``Top`` records, and the dominance
  of kickers (``Deal.improvers``);
- ``scoring.setter_rows``: the rows to try, strongest first;
- ``scoring.setter_plain``: rows without Jokers completed greedily, by the dominance of kickers;
- here: the order of the search, where each bound is applied and why stopping there is safe.

The tests compare the search with the exhaustive reference, ``bench/fantasyland_reference.py``.

>>> from scoring.cards import parse_cards
>>> from scoring.rulesets import get_ruleset
>>> from scoring.setter_scale import KEYS
>>> deal = Deal(parse_cards("Ah Ad Ac Kh Kd Qs Js Ts 9s 8s 5h 4c 3d 2c"))
>>> best = Search(get_ruleset("pineapple-2p-v1"), deal, True, 6).run()[0]
>>> [KEYS[place] for place in best.keys], best.value[:2]
([(1, (14, 13)), (4, (5,)), (8, (12,))], (True, 28))
"""

from __future__ import annotations

import itertools
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import NamedTuple

from scoring.hands import Category
from scoring.rulesets import Ruleset
from scoring.setter_bounds import (
    NONE_CLAIMED,
    Claimed,
    rest_bound,
    split_bound,
    top_bound,
    top_reach,
    unclaimed,
    weak_top_bound,
)
from scoring.setter_deal import Deal, Row, Top
from scoring.setter_pay import pay_table
from scoring.setter_plain import best_high_card, best_kickers, complete_top, made_parts, top_below
from scoring.setter_rows import (
    MiddleGroup,
    StrongRows,
    merged_rows,
    row_shape,
    top_choices,
    weak_groups,
)
from scoring.setter_scale import (
    CATEGORY,
    FIRST_RANK,
    INFINITY,
    SHAPE,
    STRONG,
    STRONGEST,
    Shape,
    first_at_most,
    unit,
)

_PLACE = itemgetter(0)  # rows sort by their hand: place, mask, jokers, counter, options = row

Value = tuple[int, ...]  # a setting's value by the objective, compared left to right


def _stay_first(stays: bool, royalties: int, bottom: int, middle: int, top: int) -> Value:
    return (stays, royalties, bottom, middle, top)


def _royalties_first(stays: bool, royalties: int, bottom: int, middle: int, top: int) -> Value:
    return (royalties, stays, bottom, middle, top)


# The objective as a tuple, larger is better, by whether a stay comes first.
_VALUES = {True: _stay_first, False: _royalties_first}


@dataclass(frozen=True)
class Found:
    """One setting the search keeps: its value by the objective, rows and resolved hands."""

    value: Value
    bottom: Row
    middle: Row  # as the middle row was listed; ``middle_key`` is its hand under the bottom
    middle_key: int
    top: Top

    @property
    def keys(self) -> tuple[int, int, int]:
        """The resolved hands, top, middle, bottom."""
        (top, _, _), (bottom, _, _, _, _) = self.top, self.bottom
        return top, self.middle_key, bottom

    @property
    def shapes(self) -> tuple[Shape, Shape, Shape]:
        """What makes the setting distinct (H35): bottom, middle, top shapes."""
        top, middle, bottom = self.keys
        return SHAPE[bottom], SHAPE[middle], SHAPE[top]


def _apart(rows: Iterable[Row], bottom_mask: int, jokers: int) -> Iterator[Row]:
    """The rows that share no card with the bottom and hold no more Jokers than are left."""
    for row in rows:
        _, mask, used, _, _ = row
        if not mask & bottom_mask and used <= jokers:
            yield row


def _at_most(rows: Iterable[Row], cap: int) -> Iterator[Row]:
    """The rows not above cap."""
    for row in rows:
        place, _, _, _, _ = row
        if place <= cap:
            yield row


class _PlainParts(NamedTuple):
    """What the rows of a setting without Jokers are made of, before their kickers."""

    bottom_ranks: tuple[int, ...]
    bottom_made: int  # the cards, a mask
    middle_ranks: tuple[int, ...]
    middle_made: int
    top_part: int
    top_key: int


class Search:
    """Branch and bound over bottoms, then middles, then tops (see the module docstring).

    Every skip below rests on one test, ``hopeless(hope)``, where ``hope`` bounds the value of
    every setting skipped (``scoring.setter_bounds``). Where the loop stops rather than skips
    (``break``, ``return``), the comment says why the bound of every later item is no higher.
    """

    def __init__(
        self,
        rules: Ruleset,
        deal: Deal,
        stay_first: bool,
        count: int,
    ) -> None:
        self.rules = rules
        self.value = _VALUES[stay_first]
        self.pay = pay_table(rules)
        self.deal = deal
        self.stay_first = stay_first
        self.count = count
        self.found: dict[tuple[Shape, Shape, Shape], Found] = {}
        self.threshold: Value | None = None
        # The other objective's figure, as far as seen: the most royalties of any setting
        # (when a stay comes first), or the most of one that stays (when royalties do).
        self.most_royalties = self.most_staying = -1
        self.strong = StrongRows(deal)
        self._bounds: dict[tuple[int, int, int, tuple[int, ...] | None], Value] = {}

    def figures(self, found: Found) -> tuple[int, bool]:
        """A setting's royalties and whether it stays."""
        top, middle, bottom = found.keys
        royalty, stays = self.pay.royalty, self.pay.stays
        return (
            royalty["top"][top] + royalty["middle"][middle] + royalty["bottom"][bottom],
            stays["top"][top] or stays["middle"][middle] or stays["bottom"][bottom],
        )

    def most(self) -> tuple[int, int | None]:
        """The most royalties of any setting that does not foul, and of any that also stays
        (None if none stays), once the search has run. The best setting gives the figure of its
        own objective; the other was followed all along (``hopeless``)."""
        royalties, stays = self.figures(self.results()[0])
        if self.stay_first:
            return self.most_royalties, royalties if stays else None
        return royalties, self.most_staying if self.most_staying >= 0 else None

    def hopeless(self, hope: Value) -> bool:
        """Whether settings that can do at best ``hope`` may all be skipped: none would be kept,
        and none would raise the other objective's figure (see ``most``)."""
        # Not kept: ``offer`` keeps only a value above the threshold, and the threshold only
        # rises, so a hope at most the threshold stays hopeless (bounds found hopeless may be
        # remembered).
        if self.threshold is None or hope > self.threshold:
            return False
        # No figure raised: the hope's royalties (and stay) bound those of every setting it
        # covers. With the stay first, the most royalties of any setting is followed; with
        # royalties first, the most of one that stays (hope[1] is the stay).
        if self.stay_first:
            return hope[1] <= self.most_royalties
        return not hope[1] or hope[0] <= self.most_staying

    def offer(self, value: Value, bottom: Row, middle: Row, middle_key: int, top: Top) -> None:
        """Keep a setting if it is among the best ``count`` distinct ones so far."""
        if self.stay_first:
            self.most_royalties = max(self.most_royalties, value[1])
        elif value[1]:
            self.most_staying = max(self.most_staying, value[0])
        if self.threshold is not None and value <= self.threshold:
            return
        (b, _, _, _, _), (t, _, _) = bottom, top
        shapes = (SHAPE[b], SHAPE[middle_key], SHAPE[t])
        old = self.found.get(shapes)
        if old is not None and old.value >= value:
            return  # the same setting (H35) at its best is kept already
        self.found[shapes] = Found(value, bottom, middle, middle_key, top)
        if len(self.found) > self.count:
            del self.found[min(self.found, key=lambda shape: self.found[shape].value)]
        if len(self.found) == self.count:
            self.threshold = min(found.value for found in self.found.values())

    def results(self) -> list[Found]:
        """The settings kept, best first."""
        return sorted(self.found.values(), key=lambda found: found.value, reverse=True)

    # --- bottoms ---

    def run(self) -> list[Found]:
        """Search every bottom that might beat the settings kept, strongest first."""
        deal = self.deal
        for category in range(9, -1, -1):
            if self._category_hopeless(category):
                # The bound only falls with the category: each of its parts (the bottom's pay
                # and stay, the middle's best up to the category, the top under the category's
                # strongest hand) is no higher for a weaker category.
                break
            if category >= STRONG:
                self._strong_bottoms(category)
            elif not (
                deal.jokers == 0 and category >= Category.PAIR and self._plain_bottoms(category)
            ):
                self._weak_bottoms(category)
        return self.results()

    def _strong_bottoms(self, category: int) -> None:
        """Try every bottom of a category of a straight or better, strongest first, until none
        can beat those kept."""
        deal, pay = self.deal, self.pay
        # Above a straight the bound of the middle and top does not depend on the bottom: it is
        # taken under the category's strongest hand with every card and Joker dealt.
        rest, rest_stays = rest_bound(
            pay, deal.counter, deal.jokers, STRONGEST[category], self.strong.best_category
        )
        # The cards and Jokers left beside each four of a kind, kicker included (None once
        # hopeless): see below.
        fours: dict[tuple[int, int], tuple[int, int, list[int]] | None] = {}
        for row in self.strong.every(category):
            b, mask, used, _, _ = row
            hope = self.value(
                pay.stays["bottom"][b] or rest_stays,
                pay.royalty["bottom"][b] + rest,
                b,
                INFINITY,
                INFINITY,
            )
            if self.hopeless(hope):
                # The bottoms come strongest first and pay and stay by their category alone:
                # every later one's hope is this one's with a weaker bottom.
                break
            if category == Category.FOUR_OF_A_KIND and self.threshold is not None:
                # Bottoms of the same four differ by their kicker alone: the bound of the cards
                # left with the kicker still among them (more cards make no less) bounds them
                # all, and the later ones are weaker.
                four = (mask & deal.rank_masks[FIRST_RANK[b]], used)
                if four not in fours:
                    fours[four] = self._beside(*four)
                left = fours[four]
                if left is None:
                    continue
                if self.hopeless(self._bottom_bound(b, *left)):
                    fours[four] = None
                    continue
            self._bottom(row)

    def _beside(self, cards: int, jokers_in: int) -> tuple[int, int, list[int]]:
        """The ranks (a counter) and Jokers left beside these cards and Jokers, and what a
        middle could make of them (``_reaches``, below four of a kind)."""
        deal = self.deal
        counter = deal.counter - deal.counter_of(deal.indices(cards))
        jokers = deal.jokers - jokers_in
        cap = int(Category.FOUR_OF_A_KIND)
        return counter, jokers, self._reaches(deal.all & ~cards, counter, jokers, cap)

    def _weak_bottoms(self, category: int) -> None:
        """Try every bottom of a category of trips or less, strongest first, until none can
        beat those kept."""
        deal = self.deal
        # Without Jokers, a bottom whose kicker passes over more than eight better cards
        # discards one (the middle and top hold eight): dominated (``Deal.improvers``).
        limit = None if deal.jokers else 8
        for row in merged_rows(weak_groups(deal, deal.all, deal.jokers, category, limit=limit)):
            b, _, _, _, _ = row
            if self.hopeless(self._bottom_bound(b, deal.counter, deal.jokers)):
                # Bounded with the whole deal left, the bound depends on the bottom alone, which
                # only weakens along the rows.
                break
            self._bottom(row)

    def _bottom(self, row: Row) -> None:
        """Try one bottom, if its closer bound (the middle's reach from the cards left) leaves it
        any hope."""
        deal = self.deal
        b, mask, used, row_counter, _ = row
        counter, jokers = deal.counter - row_counter, deal.jokers - used
        reaches = self._reaches(deal.all & ~mask, counter, jokers, CATEGORY[b])
        if self.threshold is not None and self.hopeless(
            self._bottom_bound(b, counter, jokers, reaches)
        ):
            return
        need = deal.improvers(row, deal.all & ~mask)
        if need.bit_count() > 8 and used == deal.jokers:
            # More improvers than the middle and top can hold, and no Joker in them to resolve
            # otherwise: one is always discarded, and a stronger bottom does it (the dominance
            # of kickers, ``Deal.improvers``; the swap keeps the bottom the strongest row).
            return
        self._middles(row, need, reaches)

    def _plain_bottoms(self, category: int) -> bool:
        """Bottoms of trips, two pair or a pair when no Joker was dealt: for the cards each
        row's hand is made of, kickers best first, bottom, then middle, then top (the dominance
        of kickers, ``Deal.improvers``). False if some row could not be completed: then every
        bottom of the category is tried instead."""
        deal, pay = self.deal, self.pay
        stays, paid = (
            pay.stays["bottom"][STRONGEST[category]],
            pay.royalty["bottom"][STRONGEST[category]],
        )
        for bottom_ranks, bottom_made in made_parts(deal.ranks_in(deal.all), category):
            rest = deal.all & ~bottom_made
            for middle_category in range(category, -1, -1):
                middle_paid, middle_stays = pay.middle_up_to[middle_category]
                for middle_ranks, middle_made in made_parts(deal.ranks_in(rest), middle_category):
                    if middle_category == category and middle_ranks >= bottom_ranks:
                        continue  # the middle must be below the bottom
                    left = rest & ~middle_made
                    for top_key, top_part in deal.top_parts(left):
                        if not top_below(top_key, middle_category, middle_ranks):
                            continue
                        top_paid, top_stays = pay.royalty["top"][top_key], pay.stays["top"][top_key]
                        can_stay = stays or middle_stays or top_stays
                        hope = self.value(
                            can_stay, paid + middle_paid + top_paid, INFINITY, INFINITY, INFINITY
                        )
                        if self.hopeless(hope):
                            # The tops come trips, then pairs, then nothing, each highest
                            # first: each pays no more than the one before (the pay tables).
                            break
                        parts = _PlainParts(
                            bottom_ranks, bottom_made, middle_ranks, middle_made, top_part, top_key
                        )
                        if not self._plain_setting(middle_category, parts, left):
                            return False
        return True

    def _plain_setting(self, middle_category: int, parts: _PlainParts, left: int) -> bool:
        """Complete one choice of made parts with the best kickers, bottom first, and offer it;
        False if a row cannot be completed."""
        deal, pay, value = self.deal, self.pay, self.value
        free = left & ~parts.top_part
        kickers = best_kickers(deal, free, parts.bottom_ranks, 5 - parts.bottom_made.bit_count())
        if kickers is None:
            return False
        bottom = deal.row(deal.indices(parts.bottom_made | kickers), 0)
        b, _, _, _, _ = bottom
        free &= ~kickers
        top_key = parts.top_key
        top_paid, top_stays = pay.royalty["top"][top_key], pay.stays["top"][top_key]
        fixed_stays = pay.stays["bottom"][b] or top_stays
        fixed_paid = pay.royalty["bottom"][b] + top_paid
        best_middle, middle_stays = pay.middle_up_to[middle_category]
        if self.hopeless(
            value(fixed_stays or middle_stays, fixed_paid + best_middle, b, INFINITY, INFINITY)
        ):
            return True
        if middle_category == Category.HIGH_CARD:
            middle = best_high_card(deal, free)
        else:
            more = best_kickers(deal, free, parts.middle_ranks, 5 - parts.middle_made.bit_count())
            middle = None if more is None else deal.row(deal.indices(parts.middle_made | more), 0)
        if middle is None:
            return False
        m, middle_mask, _, _, _ = middle
        top_left = (free & ~middle_mask) | parts.top_part
        top = complete_top(deal, top_left, parts.top_part, top_key, INFINITY)
        if top is None:
            return False
        t, _, _ = top
        if t > m:
            top = complete_top(deal, top_left, parts.top_part, top_key, m)
            if top is None:
                return True  # no top of this shape fits under the middle
            t, _, _ = top
        stays = fixed_stays or pay.stays["middle"][m]
        paid = fixed_paid + pay.royalty["middle"][m]
        self.offer(value(stays, paid, b, m, t), bottom, middle, m, top)
        return True

    def _category_hopeless(self, category: int) -> bool:
        """Whether no bottom of this category (or a weaker one) leaves any hope."""
        if self.threshold is None:
            return False
        # The bottom pays and stays by its category; the middle is at most that category and
        # at most what the deal reaches; the top is below the category's strongest hand, with
        # every card and Joker dealt to draw on (``top_bound``).
        royalty, stays = self.pay.bottom_of[category]
        middle, middle_stays = self.pay.middle_up_to[min(category, self.strong.best_category)]
        cap = STRONGEST[category]
        top, top_stays = top_bound(self.pay, self.deal.counter, self.deal.jokers, cap)
        best = self.value(
            stays or middle_stays or top_stays, royalty + middle + top, *(INFINITY,) * 3
        )
        return self.hopeless(best)

    def _bottom_bound(
        self, bottom: int, counter: int, jokers: int, reaches: Sequence[int] | None = None
    ) -> Value:
        """The best any setting with this bottom can do, the rest drawn from these ranks and
        Jokers, the middle making at best ``reaches[j]`` with j Jokers (``split_bound``); without
        reaches, the best of the whole deal with every Joker left in the top too. Remembered:
        bottoms of the same hand and ranks (a straight in other suits) share it."""
        # The bound reads nothing but its key: the same key, the same bound. Once hopeless it
        # stays so (``hopeless``).
        known = (bottom, counter, jokers, None if reaches is None else tuple(reaches))
        found = self._bounds.get(known)
        if found is not None:
            return found
        pay = self.pay
        best = self.strong.best_category  # no middle makes more than the whole deal can
        if reaches is None:
            rest, rest_stays = rest_bound(pay, counter, jokers, bottom, best)
        else:
            reaches = [min(reach, best) for reach in reaches]
            rest, rest_stays = split_bound(pay, counter, jokers, bottom, reaches)
        found = self._bounds[known] = self.value(
            pay.stays["bottom"][bottom] or rest_stays,
            pay.royalty["bottom"][bottom] + rest,
            bottom,
            INFINITY,
            INFINITY,
        )
        return found

    def _reaches(self, rest: int, counter: int, jokers: int, cap: int) -> list[int]:
        """The best category a middle can make from the cards left with 0, 1... of the Jokers
        left, no higher than ``cap`` (more Jokers only make more)."""
        reaches: list[int] = []
        for used in range(jokers + 1):
            # A Joker more makes no less: once one count reaches the cap, so do the rest.
            reach = (
                cap
                if reaches and reaches[-1] >= cap
                else self.deal.best_category(rest, counter, used, cap)
            )
            reaches.append(min(reach, cap))
        return reaches

    # --- middles ---

    def _middles(self, bottom: Row, need: int, reaches: Sequence[int]) -> None:
        """Try the middles under a bottom, category by category; ``reaches[j]`` is the best a
        middle can make with j of the Jokers left (the top has the others)."""
        deal, pay = self.deal, self.pay
        b, bottom_mask, bottom_jokers, bottom_counter, _ = bottom
        jokers = deal.jokers - bottom_jokers
        counter = deal.counter - bottom_counter
        paid, stays = pay.royalty["bottom"][b], pay.stays["bottom"][b]
        capped: dict[int, list[Row]] | None = None if jokers else {}
        # No middle above the bottom's category, nor above what the cards left reach.
        for category in range(min(CATEGORY[b], reaches[-1]), -1, -1):
            if self.threshold is not None:
                middle, middle_stays = pay.middle_up_to[category]
                cap = b if category == CATEGORY[b] else STRONGEST[category]
                # The middle needs some of the Jokers to make this category (reaches rise with
                # the Jokers); the top has the rest.
                left = jokers - bisect_left(reaches, category)
                if category <= Category.TWO_PAIR:
                    top, top_stays = weak_top_bound(pay, counter, left, category, cap)
                else:
                    top, top_stays = top_bound(pay, counter, left, cap)
                best = self.value(
                    stays or middle_stays or top_stays, paid + middle + top, b, INFINITY, INFINITY
                )
                if self.hopeless(best):
                    # Skipped, not stopped: a weaker middle needs fewer Jokers and may leave
                    # the top more.
                    continue
            plain = not jokers and Category.PAIR <= category < min(CATEGORY[b], Category.STRAIGHT)
            if plain and self._plain_middles(bottom, category, need):
                continue
            if capped is None:  # made when first needed
                capped = self._capped(b, bottom_mask, jokers)
            groups = self._middle_groups(category, b, bottom_mask, jokers)
            ordered = category >= STRONG
            self._middle_category(bottom, category, groups, counter, jokers, need, ordered)
            lowered = capped.get(category)
            if lowered:
                groups = (
                    (shape, 0, 0, rows) for shape, rows in itertools.groupby(lowered, row_shape)
                )
                self._middle_category(bottom, category, groups, counter, jokers, need, True)

    def _plain_middles(self, bottom: Row, category: int, need: int) -> bool:
        """Middles of trips, two pair or a pair under a stronger bottom, with no Joker left:
        for each pair or trips the middle is made of, and each the top is made of, the middle
        takes the best kickers left and the top the best of the rest (the dominance of kickers,
        ``Deal.improvers``: the middle is below the bottom's category, so a stronger kicker
        keeps the order). False if some top could not be completed: then every middle of the
        category is tried instead."""
        deal, pay, value = self.deal, self.pay, self.value
        b, bottom_mask, _, _, _ = bottom
        rest = deal.all & ~bottom_mask
        paid, stays = pay.royalty["bottom"][b], pay.stays["bottom"][b]
        held = deal.ranks_in(rest)
        best_middle, middle_stays = pay.middle_up_to[category]
        for made_ranks, made in made_parts(held, category):
            left = rest & ~made
            for top_key, top_part in deal.top_parts(left):
                if not top_below(top_key, category, made_ranks):
                    continue
                royalty, top_stays = pay.royalty["top"][top_key], pay.stays["top"][top_key]
                hope = value(
                    stays or middle_stays or top_stays,
                    paid + best_middle + royalty,
                    b,
                    INFINITY,
                    INFINITY,
                )
                if self.hopeless(hope):
                    break  # the tops are strongest first, and pay no more than the one before
                kickers = best_kickers(deal, left & ~top_part, made_ranks, 5 - made.bit_count())
                if kickers is None:
                    return False
                middle = deal.row(deal.indices(made | kickers), 0)
                m, middle_mask, _, _, _ = middle
                paid_here = paid + pay.royalty["middle"][m] + royalty
                stays_here = stays or pay.stays["middle"][m] or top_stays
                if self.hopeless(value(stays_here, paid_here, b, m, INFINITY)):
                    continue
                top = complete_top(deal, left & ~kickers, top_part, top_key, INFINITY)
                if top is None:
                    return False
                t, top_cards, _ = top
                if t > m:
                    top = complete_top(deal, left & ~kickers, top_part, top_key, m)
                    if top is None:
                        continue  # no top of this shape fits under the middle
                    t, top_cards, _ = top
                if need & ~(middle_mask | deal.mask(top_cards)):
                    continue  # a better bottom kicker is discarded: a stronger bottom does it
                self.offer(value(stays_here, paid_here, b, m, t), bottom, middle, m, top)
        return True

    def _middle_category(
        self,
        bottom: Row,
        category: int,
        groups: Iterable[MiddleGroup],
        counter: int,
        jokers: int,
        need: int,
        ordered: bool = False,
    ) -> None:
        """Try the middles of one category, group by group, each strongest first; a middle
        without Jokers leaves the bottom's improvers (``need``) to the top. ``ordered``: no group
        sets cards or Jokers apart (``made`` and ``jokers`` are 0, so the top's reach is the same
        for all) and the groups come strongest first, so the bound of a group's first middle
        bounds every later group's: once it is hopeless, so is the rest of the category."""
        pay, value, deal = self.pay, self.value, self.deal
        b, bottom_mask, _, _, _ = bottom
        paid, stays = pay.royalty["bottom"][b], pay.stays["bottom"][b]
        best_middle, best_middle_stays = pay.middle_up_to[category]
        cap = min(b, STRONGEST[category])
        hopeless_rows: set[tuple[int, int, int, Claimed]] = set()
        parts = None
        for _, made, used, rows in groups:
            if (made, used) != parts:  # ordered groups all set (0, 0) apart: reach them once
                parts = (made, used)
                # The tops any middle of the group leaves room for: the cards and Jokers every
                # middle of it sets apart are not theirs, and the top is below the category's
                # strongest hand and the bottom.
                around = top_reach(counter - made, jokers - used, cap)
                # The most a top within the group's reach could add (None once every top in
                # reach is claimed), and the best any middle of the group could do with it.
                first_gain = unclaimed(pay, around, NONE_CLAIMED)
                start = first_gain or (0, False)
                hope = value(
                    stays or best_middle_stays or start[1],
                    paid + best_middle + start[0],
                    b,
                    INFINITY,
                    INFINITY,
                )
            claimed, around_gain = NONE_CLAIMED, first_gain
            if self.threshold is not None and self.hopeless(hope):
                if ordered:
                    return  # the same bound for every later group
                continue
            for row in rows:
                m, mask, row_jokers, row_counter, _ = row  # unpacked once: the hottest loop
                # A middle without Jokers, below the bottom's category, must leave the bottom's
                # improvers to the top (at most its three cards); else one is discarded and a
                # stronger bottom does it (``Deal.improvers``).
                needed = 0 if row_jokers else need & ~mask
                if needed.bit_count() > 3:
                    continue
                middle, middle_stays = pay.royalty["middle"][m], pay.stays["middle"][m] or stays
                paid_here = paid + middle
                gain = around_gain
                # With the group's reach, less what is claimed: the rows come strongest first,
                # so this bound only falls along the group.
                if gain is None or self.hopeless(
                    value(middle_stays or gain[1], paid_here + gain[0], b, m, INFINITY)
                ):
                    if ordered and claimed == NONE_CLAIMED:
                        return  # later groups: the same bound with weaker middles
                    break  # nothing more from this group: its bound only falls with the middle
                # Middles of the same hand and ranks (a straight in other suits) share this bound;
                # once hopeless, always (the threshold only rises).
                known = (m, row_counter, row_jokers, claimed)
                if known in hopeless_rows:
                    continue
                # The row's own reach: the top from what this middle leaves, below it.
                reach = top_reach(counter - row_counter, jokers - row_jokers, m)
                gain = unclaimed(pay, reach, claimed)
                if gain is None or self.hopeless(
                    value(middle_stays or gain[1], paid_here + gain[0], b, m, INFINITY)
                ):
                    hopeless_rows.add(known)
                    continue
                plain_needed = needed
                if not row_jokers and CATEGORY[m] < CATEGORY[b]:
                    # A top without Jokers must also hold the middle's own improvers.
                    plain_needed |= deal.improvers(row, deal.all & ~bottom_mask & ~mask)
                met = self._tops(bottom, row, needed, plain_needed)
                (trips, pairs, high), (met_trips, met_pairs, met_high) = claimed, met
                claimed = (trips | met_trips, pairs | met_pairs, high or met_high)
                around_gain = unclaimed(pay, around, claimed)

    def _middle_groups(
        self, category: int, b: int, bottom_mask: int, jokers: int
    ) -> Iterator[MiddleGroup]:
        """The middles of one category that fit under the bottom, by their resolved hand, in
        groups (each strongest first), with the ranks and Jokers every row of a group holds."""
        if category >= STRONG:
            fitting = _apart(self.strong.at_most(category, b, jokers), bottom_mask, jokers)
            for shape, rows in itertools.groupby(fitting, key=row_shape):
                yield (shape, 0, 0, rows)
        else:
            rest = self.deal.all & ~bottom_mask
            # With no Joker left, the top (three cards) takes every better kicker passed over.
            limit = 3 if not jokers and category < CATEGORY[b] else None
            for shape, made, used, make in weak_groups(
                self.deal, rest, jokers, category, limit=limit
            ):
                yield (shape, made, used, _at_most(make(), b))  # made from the cards left

    def _capped(self, b: int, bottom_mask: int, jokers: int) -> dict[int, list[Row]]:
        """Middles with Jokers that would exceed the bottom, resolved lower (JOKER-OFC 4.1)."""
        found: dict[int, list[Row]] = {}
        rest = self.deal.all & ~bottom_mask
        for category in range(9, CATEGORY[b] - 1, -1):
            if category >= STRONG:
                rows: Iterable[Row] = self.strong.with_jokers_above(category, b)
            else:  # made from the cards and Jokers left, strongest first
                rows = merged_rows(weak_groups(self.deal, rest, jokers, category, least=1))
            for place, mask, used, counter, options in rows:
                if place <= b:
                    break  # strongest first: the rest fit under the bottom as they are
                if mask & bottom_mask or used > jokers:
                    continue
                key = first_at_most(options, b)
                if key >= 0:
                    found.setdefault(CATEGORY[key], []).append((key, mask, used, counter, options))
        for rows_of in found.values():
            rows_of.sort(key=_PLACE, reverse=True)
        return found

    # --- tops ---

    def _tops(self, bottom: Row, middle: Row, needed: int, plain_needed: int) -> Claimed:
        """Offer the strongest top of each shape under this middle; the tops' shapes, as
        ``Claimed``."""
        deal, pay = self.deal, self.pay
        b, bottom_mask, bottom_jokers, _, _ = bottom
        m, middle_mask, middle_jokers, _, _ = middle
        left = deal.all & ~bottom_mask & ~middle_mask
        jokers = deal.jokers - bottom_jokers - middle_jokers
        paid = pay.royalty["bottom"][b] + pay.royalty["middle"][m]
        stays = pay.stays["bottom"][b] or pay.stays["middle"][m]
        royalty, top_stays = pay.royalty["top"], pay.stays["top"]
        trips = pairs = 0
        high = False
        for top in top_choices(deal, left, jokers, m, needed, plain_needed):
            t, _, _ = top
            value = self.value(stays or top_stays[t], paid + royalty[t], b, m, t)
            self.offer(value, bottom, middle, m, top)
            bit = unit(FIRST_RANK[t])
            if CATEGORY[t] == Category.THREE_OF_A_KIND:
                trips |= bit
            elif CATEGORY[t] == Category.PAIR:
                pairs |= bit
            else:
                high = True
        return (trips, pairs, high)
