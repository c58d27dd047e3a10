"""The setter under house rules whose Fantasyland stay on top is a pair or a high card.

``scoring.house`` accepts a top stay of ``pair`` or ``high_card`` (every built-in ruleset stays
on top at trips). The search's bounds (``scoring.setter_bounds``) once took a top pair or a high
card never to stay: under such a house rule the bound understated the stay of every setting
left open, and the search pruned the best one (the deal in
``test_a_top_pair_that_stays_is_not_pruned``: a setting staying on a pair of jacks with 12
royalties lost to one paying 11). Here the setter's best setting and its value by each
objective are checked against an exhaustive search written for this test.

The exhaustive search (``best_value``) tries every bottom, middle and top of the dealt cards,
each row's hands from ``scoring.jokers.row_options`` and resolved as ``resolve_board`` does
(the bottom at its strongest, the middle at its strongest not above it, the top at its
strongest not above that), paid by ``Ruleset.royalty`` and the ruleset's stay. It shares no code
with the setter's search. To run in seconds it skips a bottom or a middle only by a bound that
looks at no card: the most any middle, and any top, below it could pay on the ruleset's tables,
and whether any could stay. A skipped row's settings are all at most that bound (each part of
the value is at most the bound's part), and the bound is at most the best value found, so no
setting skipped could be strictly better. Its answer is checked against
``bench/fantasyland_reference.py`` on a few deals.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from bench.fantasyland_reference import figures
from scoring.cards import DECK_52, JOKER, Card, parse_cards
from scoring.hands import CLASSES, Category, top_hand
from scoring.house import house_ruleset
from scoring.jokers import Key, key_of, row_options
from scoring.rulesets import Ruleset, get_ruleset
from scoring.setter import set_fantasyland
from scoring.setter_bounds import NONE_CLAIMED, top_bound, unclaimed, weak_top_bound
from scoring.setter_pay import pay_table
from scoring.setter_scale import NO_TOP_LIMIT, UNIT

ROWS_SCORED = ("bottom", "middle", "top")
_TOPS = list(itertools.combinations_with_replacement(range(2, 15), 3))
# Every hand a row can make, three cards or five, on one scale (as the reference module does).
SCALE: dict[Key, int] = {
    key: place
    for place, key in enumerate(
        sorted(
            {(int(category), ranks) for category, ranks, _ in CLASSES}
            | {(int(c), r) for c, r in (top_hand(t) for t in _TOPS)}
        )
    )
}
UNSCALE = {place: key for key, place in SCALE.items()}
TOP_KEYS = {SCALE[(int(c), r)] for c, r in (top_hand(t) for t in _TOPS)}
Value = tuple[Any, ...]


def house(house_id: str, base: str, top: str, **more: Any) -> Ruleset:
    """A house rule on ``base`` staying on ``top`` (and whatever else ``more`` changes)."""
    stay = {"top": top, **more.pop("stay", {})}
    return house_ruleset(house_id, base, {"fantasyland_stay": stay, **more})


# --- The exhaustive search -----------------------------------------------------------------------


def _options(cards: Sequence[Card], size: int) -> dict[int, tuple[int, ...]]:
    """Every row of ``size`` of the cards (a mask of indices) with its hands, strongest first."""
    return {
        sum(1 << i for i in row): tuple(
            SCALE[option.key] for option in row_options([cards[i] for i in row])
        )
        for row in itertools.combinations(range(len(cards)), size)
    }


def best_value(rules: Ruleset, cards: Sequence[Card], stay_first: bool) -> Value:
    """The best value of any setting that stands: (stays, royalties, bottom, middle, top) when
    a stay comes first, (royalties, stays, ...) when royalties do; rows as places on SCALE."""
    assert rules.fantasyland is not None
    least = rules.fantasyland.stay
    size = len(SCALE)
    pay: dict[str, list[tuple[int, bool]]] = {}
    for row in ROWS_SCORED:
        pay[row] = []
        for place in range(size):
            category, ranks = UNSCALE[place]
            made = row != "top" or place in TOP_KEYS
            royalty = rules.royalty(row, Category(category), ranks[0]) if made else 0
            stays = made and least[row] is not None and category >= least[row]
            pay[row].append((royalty, stays))
    # The card-blind bound: under each cap, the most a middle (a top) pays and whether any stays.
    up_to: dict[str, list[tuple[int, bool]]] = {}
    for row in ("middle", "top"):
        best, stays, up_to[row] = 0, False, []
        for place in range(size):
            best, stays = max(best, pay[row][place][0]), stays or pay[row][place][1]
            up_to[row].append((best, stays))

    def value(stays: bool, royalties: int, *rows: int) -> Value:
        return (stays, royalties, *rows) if stay_first else (royalties, stays, *rows)

    fives, threes = _options(cards, 5), _options(cards, 3)
    bits = [1 << i for i in range(len(cards))]
    full = sum(bits)
    tops: dict[int, list[tuple[int, ...]]] = {}
    found: Value | None = None
    above = size  # above every hand: a row not chosen yet
    for bottom, bottom_options in sorted(fives.items(), key=lambda item: -item[1][0]):
        b = bottom_options[0]
        paid, stays = pay["bottom"][b]
        middle_most, middle_stays = up_to["middle"][b]
        top_most, top_stays = up_to["top"][b]
        hope = value(stays or middle_stays or top_stays, paid + middle_most + top_most, b, above)
        if found is not None and hope <= found:
            continue
        rest = [bit for bit in bits if bit & full & ~bottom]
        for middle in map(sum, itertools.combinations(rest, 5)):
            m = next((option for option in fives[middle] if option <= b), None)
            if m is None:
                continue
            middle_paid, middle_stays = pay["middle"][m]
            top_most, top_stays = up_to["top"][m]
            so_far, staying = paid + middle_paid, stays or middle_stays
            hope = value(staying or top_stays, so_far + top_most, b, m, above)
            if found is not None and hope <= found:
                continue
            left = full & ~bottom & ~middle
            if left not in tops:
                spare = [bit for bit in bits if bit & left]
                tops[left] = [threes[sum(top)] for top in itertools.combinations(spare, 3)]
            for top_options in tops[left]:
                t = next((option for option in top_options if option <= m), None)
                if t is None:
                    continue
                top_paid, top_stays = pay["top"][t]
                setting = value(staying or top_stays, so_far + top_paid, b, m, t)
                if found is None or setting > found:
                    found = setting
    assert found is not None
    return found


def setter_value(rules: Ruleset, cards: Sequence[Card], objective: str) -> Value:
    """The setter's best setting as a value by the objective, its rows as places on SCALE."""
    best = set_fantasyland(rules, cards, objective=objective).best
    rows = tuple(SCALE[key_of(best.hands[row])] for row in ROWS_SCORED)
    first = (best.stays, best.royalties) if objective == "stay" else (best.royalties, best.stays)
    return (*first, *rows)


# --- Deals ---------------------------------------------------------------------------------------

# Each house rule with the deals it plays: (cards dealt, Jokers among them).
HOUSES = [
    (lambda: house("pairstay", "pineapple-2p-v1", "pair"), [(14, 0)]),
    (lambda: house("highstay", "pineapple-2p-v1", "high_card"), [(14, 0)]),
    (
        lambda: house("jokerpair", "joker-ofc", "pair"),
        [(14, 0), (14, 1), (14, 2), (15, 1), (15, 2), (16, 1), (17, 0), (17, 2)],
    ),
    (
        lambda: house("jokerhigh", "joker-ofc", "high_card"),
        [(14, 0), (14, 1), (14, 2), (15, 2), (16, 0), (16, 2), (17, 1)],
    ),
    (  # a pair stays on top beside quads on the bottom, top pairs paying from 22
        lambda: house(
            "pairquads",
            "joker-ofc",
            "pair",
            stay={"bottom": "four_of_a_kind"},
            top_pairs={"twos": 1, "threes": 1, "fours": 1, "fives": 1},
        ),
        [(14, 1), (15, 0), (16, 2)],
    ),
]


def deals(seed: int, count: int) -> Iterator[tuple[Ruleset, list[Card]]]:
    """``count`` deals per house rule, of the sizes it plays, from a fixed seed."""
    rng = random.Random(seed)
    for make, sizes in HOUSES:
        rules = make()
        for _ in range(count):
            size, jokers = rng.choice(sizes)
            cards = rng.sample(DECK_52, size - jokers) + [JOKER] * jokers
            rng.shuffle(cards)
            yield rules, cards


@pytest.fixture
def untraced(cov: Any) -> Iterator[None]:
    """Run without coverage tracing (as test_setter.py): the exhaustive search is pure Python."""
    if cov is None:
        yield
        return
    cov.stop()
    try:
        yield
    finally:
        cov.start()


# --- Tests ---------------------------------------------------------------------------------------


def test_the_bounds_see_a_stay_on_a_top_pair_or_a_high_card() -> None:
    """QQ9: the queens pay 7 and stay under a pair stay; a high card stays under a high-card
    stay. Under the built-in rules neither stays (trips on top)."""
    queens = UNIT[12] * 2 + UNIT[9]
    high = UNIT[12] + UNIT[9] + UNIT[4]
    pair_stay = pay_table(house("pairstay", "pineapple-2p-v1", "pair"))
    high_stay = pay_table(house("highstay", "pineapple-2p-v1", "high_card"))
    built_in = pay_table(get_ruleset("pineapple-2p-v1"))
    assert top_bound(pair_stay, queens, 0, NO_TOP_LIMIT) == (7, True)
    assert top_bound(pair_stay, high, 0, NO_TOP_LIMIT) == (0, False)
    assert top_bound(high_stay, high, 0, NO_TOP_LIMIT) == (0, True)
    assert top_bound(built_in, queens, 0, NO_TOP_LIMIT) == (7, False)
    # Below a high-card middle the top is a high card: it stays under a high-card stay.
    assert weak_top_bound(high_stay, queens, 0, int(Category.HIGH_CARD), NO_TOP_LIMIT) == (0, True)
    assert weak_top_bound(pair_stay, queens, 0, int(Category.PAIR), NO_TOP_LIMIT) == (0, False)
    assert weak_top_bound(pair_stay, queens, 0, int(Category.TWO_PAIR), NO_TOP_LIMIT)[1] is False
    assert unclaimed(high_stay, (0, 0), NONE_CLAIMED) == (0, True)


def test_a_top_pair_that_stays_is_not_pruned() -> None:
    """A house rule staying on any top pair (JOKER-OFC otherwise). The best staying setting is
    Jh Jc 5h / Ad Kd Kc Qc 8h / Th Tc 6s 6c X: tens full on the bottom (6), a pair of kings in
    the middle (0) and jacks on top (6), 12 royalties. The search once answered 11 (tens on
    top, jacks in the middle, kings full on the bottom): its bound took no top pair to stay, so
    once a staying setting was kept every bottom after it looked hopeless."""
    rules = house("jokerpair", "joker-ofc", "pair")
    cards = parse_cards("8h 2s Jh Qc 5h 6s Kc 6c Jc Th Kd Tc Ad X")
    expected = figures(rules, cards)
    assert (expected.max_royalties, expected.max_royalties_staying) == (25, 12)
    result = set_fantasyland(rules, cards, objective="stay")
    assert (result.max_royalties, result.max_royalties_staying) == (25, 12)
    assert (result.best.stays, result.best.royalties) == (True, 12)
    assert setter_value(rules, cards, "stay") == best_value(rules, cards, True)


@pytest.mark.parametrize("index", range(3))
def test_the_exhaustive_search_agrees_with_the_reference(index: int) -> None:
    """The test's own exhaustive search gives the reference's figures (its best by each
    objective is the most royalties staying, and the most royalties)."""
    rules, cards = list(deals(36, 1))[index * 2]
    expected = figures(rules, cards)
    staying = best_value(rules, cards, True)
    most = best_value(rules, cards, False)
    assert most[0] == expected.max_royalties
    assert (staying[1] if staying[0] else None) == expected.max_royalties_staying


@pytest.mark.slow
@pytest.mark.usefixtures("untraced")
def test_the_setter_finds_the_best_setting_under_house_stays() -> None:
    """Random deals of 14 to 17 cards, with and without Jokers, under house rules staying on a
    top pair or a high card: the setter's best setting (each row's hand) and its value by each
    objective are the exhaustive search's."""
    wrong = []
    for rules, cards in deals(2026, 24):
        for objective in ("stay", "royalties"):
            got = setter_value(rules, cards, objective)
            expected = best_value(rules, cards, objective == "stay")
            if got != expected:
                wrong.append((rules.key, objective, " ".join(map(str, cards)), got, expected))
    assert not wrong
