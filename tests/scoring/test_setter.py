"""The Fantasyland setter (issue 15) against the exhaustive reference, the rule documents and
the scoring engine.

``bench/fantasyland_reference.py`` tries every setting with no pruning and shares no code with
``scoring.setter_search``; random deals with a fixed seed must get the same figures from both.
Every setting the setter returns is scored again by ``scoring.ofc.score_table``, the path a
finished table takes, and must get the same royalties, stay and resolved Jokers. The hand-picked
deals' figures are worked out by hand from the royalty tables and stay rules of
pineapple-2p-v1 and JOKER-OFC (``/work/shared/seeds``), as the comments show.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from bench.fantasyland_reference import best_shapes, figures, shape
from scoring.cards import DECK_52, JOKER, Card, parse_cards
from scoring.jokers import Key, key_of, resolve_board
from scoring.ofc import PlayerBoard, score_table
from scoring.rulesets import ROWS, get_ruleset
from scoring.setter import (
    SetterError,
    SetterResult,
    Setting,
    _fantasyland_of,
    _joker_rulings,
    make_setting,
    set_fantasyland,
)

PLAIN = "pineapple-2p-v1"  # 52 cards, 14-card Fantasyland
JOKERS = "joker-ofc"  # 54 cards, 14-17-card Ultimate Fantasyland


# --- Deals --------------------------------------------------------------------------------------


def deal(rng: random.Random, size: int, jokers: int) -> list[Card]:
    """A random Fantasyland hand of ``size`` cards, ``jokers`` of them Jokers, in random order."""
    cards = rng.sample(DECK_52, size - jokers) + [JOKER] * jokers
    rng.shuffle(cards)
    return cards


def _sweep() -> list[tuple[str, list[Card]]]:
    """300 fixed-seed deals: 150 of 14 cards without Jokers, 120 of 14 and 30 of 15 cards with
    one or two Jokers."""
    rng = random.Random(20260915)
    deals = [(PLAIN, deal(rng, 14, 0)) for _ in range(150)]
    deals += [(JOKERS, deal(rng, 14, rng.choice((1, 2)))) for _ in range(120)]
    deals += [(JOKERS, deal(rng, 15, rng.choice((1, 2)))) for _ in range(30)]
    return deals


SWEEP = _sweep()
_big = random.Random(17)
BIG = [(JOKERS, deal(_big, 16, 1)), (JOKERS, deal(_big, 16, 2)), (JOKERS, deal(_big, 17, 2))]
# A few deals for the default (fast) run; the whole sweep is marked slow.
QUICK = [0, 1, 2, 3, 150, 151, 152, 153]


@pytest.fixture
def untraced(cov: Any) -> Iterator[None]:
    """Run without coverage tracing, which makes the exhaustive reference several times slower
    (as in test_evaluator_exhaustive.py); the quick tests cover the same code."""
    if cov is None:
        yield
        return
    cov.stop()
    try:
        yield
    finally:
        cov.start()


# --- What every answer must satisfy -------------------------------------------------------------


def ranking(setting: Setting) -> tuple[Key, Key, Key]:
    """The tie-break of H34: the strongest bottom, then middle, then top."""
    return (
        key_of(setting.hands["bottom"]),
        key_of(setting.hands["middle"]),
        key_of(setting.hands["top"]),
    )


def objective_key(setting: Setting, objective: str) -> tuple[object, ...]:
    first = (setting.stays, setting.royalties)
    if objective == "royalties":
        first = (setting.royalties, setting.stays)
    return (*first, *ranking(setting))


def shapes(setting: Setting) -> tuple[object, ...]:
    """What makes a setting distinct (H35), as the reference spells it."""
    return tuple(shape(key_of(setting.hands[row])) for row in ("bottom", "middle", "top"))


def check_scored_alike(ruleset: str, dealt: Sequence[Card], setting: Setting) -> None:
    """The setting uses the dealt cards and score_table says the same of its board."""
    placed = [*setting.top, *setting.middle, *setting.bottom, *setting.discards]
    assert Counter(placed) == Counter(dealt)
    assert [len(setting.row(row)) for row in ROWS] == [3, 5, 5]
    opponent_cards = [card for card in DECK_52 if card not in dealt][:13]
    player = PlayerBoard(
        "Setter",
        setting.top,
        setting.middle,
        setting.bottom,
        discards=setting.discards,
        in_fantasyland=True,
        fantasyland_cards=len(dealt),
    )
    opponent = PlayerBoard("Other", opponent_cards[:3], opponent_cards[3:8], opponent_cards[8:13])
    scored = score_table(ruleset, [player, opponent]).players[0]
    assert not scored.fouled and not setting.fouled
    assert scored.royalties == setting.royalties
    assert {row: scored.rows[row].royalty for row in ROWS} == dict(setting.row_royalties)
    assert {row: scored.rows[row].resolved for row in ROWS} == dict(setting.resolved)
    assert {row: scored.rows[row].hand for row in ROWS} == dict(setting.hands)
    resolution = resolve_board(setting.top, setting.middle, setting.bottom)
    assert {row: resolution.row(row).best_alone for row in ROWS} == dict(setting.strongest)
    assert scored.fantasyland is not None
    assert scored.fantasyland.stays == setting.stays


def check_answer(ruleset: str, dealt: Sequence[Card], result: SetterResult) -> None:
    """Best first, the alternatives distinct and in order, every figure as score_table's."""
    settings = [result.best, *result.alternatives]
    keys = [objective_key(setting, result.objective) for setting in settings]
    assert keys == sorted(keys, reverse=True)
    assert len({shapes(setting) for setting in settings}) == len(settings)
    assert len(result.alternatives) <= 5
    for setting in settings:
        check_scored_alike(ruleset, dealt, setting)
    check_joker_rulings(result)


def check_joker_rulings(result: SetterResult) -> None:
    """Each Joker the recommended setting sets is ruled on as resolve_board resolves it: what
    it becomes, and whether the order kept it below its row's strongest (JOKER-OFC 4.1)."""
    best = result.best
    resolution = resolve_board(best.top, best.middle, best.bottom)
    expected = [
        ("JOKER-OFC 4.1" if part.lowered else "JOKER-OFC 3.1", str(card))
        for part in (resolution.top, resolution.middle, resolution.bottom)
        for card in part.jokers
    ]
    ruled = [r for r in result.rulings if r.citation in ("JOKER-OFC 3.1", "JOKER-OFC 4.1")]
    assert [ruling.citation for ruling in ruled] == [citation for citation, _ in expected]
    for ruling, (_, card) in zip(ruled, expected, strict=True):
        assert f"becomes the {card}" in ruling.text
    discarded = any(card.is_joker for card in best.discards)
    assert discarded == any(r.citation == "JOKER-OFC 6.1" for r in result.rulings)


def check_against_reference(ruleset: str, dealt: Sequence[Card]) -> None:
    rules = get_ruleset(ruleset)
    expected = figures(rules, dealt)
    for objective in ("stay", "royalties"):
        result = set_fantasyland(ruleset, dealt, objective=objective)
        shown = " ".join(map(str, dealt))
        assert (result.max_royalties, result.max_royalties_staying) == (
            expected.max_royalties,
            expected.max_royalties_staying,
        ), f"{ruleset} {shown} ({objective})"
        staying = expected.max_royalties_staying
        best = result.best
        if objective == "stay" and staying is not None:
            assert (best.stays, best.royalties) == (True, staying)
        elif objective == "stay":
            assert (best.stays, best.royalties) == (False, expected.max_royalties)
        else:
            assert best.royalties == expected.max_royalties
            assert best.stays == (staying == expected.max_royalties)
        check_answer(ruleset, dealt, result)


# --- Against the exhaustive reference -----------------------------------------------------------


@pytest.mark.parametrize("index", QUICK)
def test_the_setter_agrees_with_the_exhaustive_search_on_a_few_deals(index: int) -> None:
    """Issue 15: max_royalties and max_royalties_staying as every setting tried gives them."""
    check_against_reference(*SWEEP[index])


@pytest.mark.slow
@pytest.mark.usefixtures("untraced")
@pytest.mark.parametrize("index", range(len(SWEEP)))
def test_the_setter_agrees_with_the_exhaustive_search(index: int) -> None:
    """Issue 15: 300 random deals (14 cards without Jokers under pineapple-2p-v1; 14 and 15
    with one or two Jokers under JOKER-OFC), both objectives."""
    check_against_reference(*SWEEP[index])


@pytest.mark.slow
@pytest.mark.usefixtures("untraced")
@pytest.mark.parametrize(("ruleset", "dealt"), BIG, ids=["16+1", "16+2", "17+2"])
def test_the_setter_agrees_with_the_exhaustive_search_on_big_deals(
    ruleset: str, dealt: list[Card]
) -> None:
    """JOKER-OFC 7.2: 16 and 17 cards with Jokers, the deals of AA and trips."""
    check_against_reference(ruleset, dealt)


@pytest.mark.slow
@pytest.mark.usefixtures("untraced")
@pytest.mark.parametrize("index", [0, 150])
@pytest.mark.parametrize("objective", ["stay", "royalties"])
def test_the_alternatives_are_the_next_best_distinct_settings(index: int, objective: str) -> None:
    """H34 and H35: the best and up to five alternatives are the best distinct settings by the
    objective, as every setting tried ranks them (royalties, stay and the tie-break)."""
    ruleset, dealt = SWEEP[index]
    expected = best_shapes(get_ruleset(ruleset), dealt, objective)
    result = set_fantasyland(ruleset, dealt, objective=objective)
    settings = [result.best, *result.alternatives]
    assert [objective_key(setting, objective) for setting in settings] == [
        value for value, _ in expected
    ]
    assert [shapes(setting) for setting in settings] == [key for _, key in expected]


@pytest.mark.slow
@pytest.mark.usefixtures("untraced")
@pytest.mark.parametrize(
    ("cards", "objective"),
    [
        ("As Ah Ad Ac 2s 2h Kd Js Qc 9s 5c Kh Th 6s", "royalties"),
        ("7s 7h 7d 7c Ks Kh 2c Td As 4h Kd Kc 2s 8c", "stay"),
    ],
)
def test_four_of_a_rank_split_between_the_top_and_the_middle(cards: str, objective: str) -> None:
    """Four cards of a rank make a pair on top under the same pair in the middle (OFC-BETA 3.3:
    the middle's kickers keep it above): those settings are among the alternatives, where the
    bound on a top under a middle of two pair or less once left them out."""
    dealt = parse_cards(cards)
    expected = best_shapes(get_ruleset(PLAIN), dealt, objective)
    result = set_fantasyland(PLAIN, dealt, objective=objective)
    settings = [result.best, *result.alternatives]
    assert [shapes(setting) for setting in settings] == [key for _, key in expected]


# --- Hand-picked deals --------------------------------------------------------------------------


def setter(ruleset: str, cards: str, objective: str = "stay") -> SetterResult:
    dealt = parse_cards(cards)
    result = set_fantasyland(ruleset, dealt, objective=objective)
    check_answer(ruleset, dealt, result)
    return result


def test_four_aces_four_kings_and_two_jokers() -> None:
    """JOKER-OFC 3.1-3.2, 7.2; OFC-BETA's royalties as pineapple-2p-v1 prints them.

    All four aces and kings, two Jokers, and 9c 7d 4h 2s (no three cards of a suit within five
    ranks, so no straight flush; no straight). The bottom pays at most quads (10), the middle,
    not above it, at most quads (20): AAAA under KKKK is a foul, so aces bottom, kings middle.
    The Jokers then go to the top with the highest card left, 9c: 999 pays 9 + 8 = 17 (trips
    222 pay 10, +1 a rank). A top of aces or kings breaks up a quads row: at best AAA 22 over
    KKK (2) and KKKK (10), 34. So 10 + 20 + 17 = 47, and it stays (trips on top, quads below).
    """
    result = setter(JOKERS, "As Ah Ad Ac Ks Kh Kd Kc X X 9c 7d 4h 2s")
    assert (result.max_royalties, result.max_royalties_staying) == (47, 47)
    best = result.best
    assert [best.hands[row].name for row in ROWS] == [
        "Three nines",
        "Four kings, four kicker",
        "Four aces, seven kicker",
    ]
    assert dict(best.row_royalties) == {"top": 17, "middle": 20, "bottom": 10}
    assert best.stays
    assert best.resolved["top"] == tuple(parse_cards("9c 9s 9h"))  # H12: spades, then hearts


def test_seventeen_cards_of_quads_and_two_trips() -> None:
    """JOKER-OFC 7.2 (17 cards for trips), no Jokers dealt.

    AAAA KKK QQQ JJ and 9s 7h 6d 3c 2h: no straight (no 8, T, 4 or 5 completes one), one flush
    (Ah Kh Qh 7h 2h). The bottom pays at most quads (10: only the aces make quads, no straight
    flush), the middle at most a full house (12: no second quads). The top at most KKK (21):
    AAA on top needs a middle above it, a full house or the flush, and a bottom above that,
    which the cards left (one ace, at most two of any other rank but the trips used) cannot
    make. KKK on top, QQQJJ in the middle and AAAA below pay 21 + 12 + 10 = 43, and stay.
    """
    result = setter(JOKERS, "As Ah Ad Ac Ks Kh Kd Qs Qh Qc Jd Jc 9s 7h 6d 3c 2h")
    assert (result.max_royalties, result.max_royalties_staying) == (43, 43)
    assert dict(result.best.row_royalties) == {"top": 21, "middle": 12, "bottom": 10}
    assert result.best.hands["middle"].name.startswith("Queens full of jacks")


def test_no_setting_stays() -> None:
    """pineapple-2p-v1 Fantasyland stay: trips on top, a full house or better in the middle, or
    quads or better below.

    Qs Qd, 8s 8d 8c, 5c and six hearts (A J 9 6 5 3), Kc 2d. One trips only, so no full house
    middle under a full house bottom and no quads; 888 on top needs a middle of a straight or
    better (no straight: no 7, T or 4; the heart flush) over a bottom at least a flush, and no
    second flush or full house is left. So none stays. The most: 888 with a pair below (6),
    the heart flush in the middle (8), QQ on top (7): 21.
    """
    result = setter(PLAIN, "Qs Qd 8s 8d 8c 5h 5c Ah Jh 9h 6h 3h Kc 2d")
    assert (result.max_royalties, result.max_royalties_staying) == (21, None)
    assert not result.best.stays and result.best.royalties == 21
    assert any("No setting of these cards stays" in ruling.text for ruling in result.rulings)


def test_staying_costs_a_royalty() -> None:
    """H34: by default the setting that stays, else the most royalties.

    To stay with As Ad Ah Td Tc 9s 9c 9d 7c 7h 5c 4c 3s 2h takes a full house in the middle
    under one in the bottom: 999 77 (12) over AAA TT (6), the top 5 4 3 (0): 18. Without the
    stay, TT999 below (6), the wheel A 5 4 3 2 in the middle (4) and AA on top (9) pay 19.
    """
    cards = "As Ad Ah Td Tc 9s 9c 9d 7c 7h 5c 4c 3s 2h"
    staying = setter(PLAIN, cards)
    most = setter(PLAIN, cards, objective="royalties")
    assert (staying.max_royalties, staying.max_royalties_staying) == (19, 18)
    assert (most.max_royalties, most.max_royalties_staying) == (19, 18)
    assert (staying.best.stays, staying.best.royalties) == (True, 18)
    assert dict(staying.best.row_royalties) == {"top": 0, "middle": 12, "bottom": 6}
    assert (most.best.stays, most.best.royalties) == (False, 19)
    assert dict(most.best.row_royalties) == {"top": 9, "middle": 4, "bottom": 6}
    assert any("leaves Fantasyland" in ruling.text for ruling in most.rulings)


def test_a_joker_royal_flush_in_the_middle_under_a_real_one() -> None:
    """JOKER-OFC 3.1 and its royalties: a royal flush made with a Joker pays as usual.

    Ac Kc Qc Jc Tc are a royal flush (25 below), Ah Kh Qh Jh and a Joker another (50 in the
    middle: equal to the bottom is not above it). The top gets the other Joker and 9s 8s: 99
    (4). 79 in all, and it stays (a royal flush is better than quads). Nothing pays more: with
    one royal flush only, the middle is at most a straight flush (30) and 25 + 30 + AAA's 22
    make 77. Spades come before hearts, so a bound that stopped at the spade straight flush
    (9s to 5s) would have missed the hearts' royal flush (the search once found 77).
    """
    result = setter(JOKERS, "Ac Kc Qc Jc Tc 9s 8s 7s 6s 5s Ah Kh Qh Jh X X 2d")
    assert (result.max_royalties, result.max_royalties_staying) == (79, 79)
    assert dict(result.best.row_royalties) == {"top": 4, "middle": 50, "bottom": 25}
    assert result.best.stays


@pytest.mark.slow
@pytest.mark.usefixtures("untraced")
@pytest.mark.parametrize(
    ("ruleset", "cards"),
    [
        (JOKERS, "As Ah Ad Ac Ks Kh Kd Kc X X 9c 7d 4h 2s"),
        (PLAIN, "Qs Qd 8s 8d 8c 5h 5c Ah Jh 9h 6h 3h Kc 2d"),
        (PLAIN, "As Ad Ah Td Tc 9s 9c 9d 7c 7h 5c 4c 3s 2h"),
        # Six pairs and two Jokers: under most bottoms the cards left make no trips without a
        # Joker, and the bounds count the Jokers a middle and a top share.
        (JOKERS, "Ks Kh 7s 7c 6s 6h 4d 4c 3s 3h 2d 2c X X"),
    ],
)
def test_the_hand_picked_deals_agree_with_the_exhaustive_search(ruleset: str, cards: str) -> None:
    """The hand-worked figures above, checked once more by trying every setting."""
    check_against_reference(ruleset, parse_cards(cards))


def test_a_recommended_joker_kept_low_by_the_order_is_ruled_under_4_1() -> None:
    """JOKER-OFC 4.1 (H31): a top Joker at its strongest would make QQ over the middle's 77, so
    it becomes the 5s; the ruling names both hands. No deal's best setting has shown this yet
    (placing the Joker in a lower row or discarding it has always done better), so the ruling
    is checked on the setting as ``make_setting`` resolves it."""
    rules = get_ruleset(JOKERS)
    setting = make_setting(
        rules,
        parse_cards("Qs 5d X"),
        parse_cards("7c 7d 9h 4s 2c"),
        parse_cards("8s 8h Ks Jd 3c"),
        parse_cards("6h"),
    )
    assert not setting.fouled
    assert setting.resolved["top"] == tuple(parse_cards("Qs 5d 5s"))
    [ruling] = _joker_rulings(_fantasyland_of(rules), setting)
    assert (ruling.citation, ruling.interpretation) == ("JOKER-OFC 4.1", "H31")
    assert ruling.text == (
        "The Joker in the recommended top row becomes the 5s (pair of fives, queen kicker): at "
        "its strongest (pair of queens, five kicker) the row would break the order."
    )


# --- The audit of a played setting -------------------------------------------------------------

STAY_COSTS = "As Ad Ah Td Tc 9s 9c 9d 7c 7h 5c 4c 3s 2h"  # test_staying_costs_a_royalty


def test_a_played_setting_is_scored_and_set_against_the_best() -> None:
    """Issue 15's audit: the played setting's figures are score_table's; what it gave up is the
    difference with the recommended setting, here 1 royalty more but the stay lost."""
    played = {"top": "Ah Ad 7h", "middle": "As 5c 4c 3s 2h", "bottom": "Td Tc 9s 9d 9c"}
    result = set_fantasyland(PLAIN, STAY_COSTS, played=played)
    assert result.played is not None and result.lost is not None
    check_scored_alike(PLAIN, parse_cards(STAY_COSTS), result.played)
    assert result.lost.royalties == result.best.royalties - result.played.royalties == -1
    assert result.lost.stays == (result.best.stays and not result.played.stays) is True
    assert result.rulings[-1].text == (
        "The played setting pays 19 and leaves Fantasyland: it earns 1 more than the "
        "recommended setting, but gives up the stay."
    )
    assert result.as_dict()["lost"] == {"royalties": -1, "stays": True}


def test_a_played_setting_that_fouls_earns_nothing() -> None:
    """pineapple-2p-v1 Foul definition: AA on top over a five-high straight's middle is fine,
    but a pair of tens and nines below the straight breaks the order."""
    played = {"top": "As Ad 7h", "middle": "Ah 5c 4c 3s 2h", "bottom": "Td Tc 9s 9d 7c"}
    result = set_fantasyland(PLAIN, STAY_COSTS, played=played)
    assert result.played is not None and result.lost is not None
    assert result.played.fouled and result.played.royalties == 0 and not result.played.stays
    assert result.lost.royalties == result.best.royalties
    assert "fouls" in result.rulings[-1].text


def test_a_played_setting_of_cards_not_dealt_is_refused_by_row() -> None:
    played = {"top": "As Ad Kh", "middle": "Ah 5c 4c 3s", "bottom": "Td Tc 9s 9d 7c"}
    with pytest.raises(SetterError) as raised:
        set_fantasyland(PLAIN, STAY_COSTS, played=played)
    assert raised.value.errors == {
        "played.middle": ["the played middle row needs 5 cards, not 4 (pineapple-2p-v1 Rows)"],
        "played.top": [
            "Kh in the played top row was not dealt: a Fantasyland hand is set from the cards dealt"
        ],
    }


# --- Refusals -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "cards", "field", "message"),
    [
        (
            PLAIN,
            "As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s",
            "cards",
            "Default Pineapple OFC, heads-up (pineapple-2p-v1) deals a Fantasyland hand of 14 "
            "cards, not 13 (pineapple-2p-v1 Fantasyland deal size)",
        ),
        (
            JOKERS,
            "As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s Ah Ad Ac Kd Kc",
            "cards",
            "Joker OFC Pineapple (JOKER-OFC) deals a Fantasyland hand of 14, 15, 16 or 17 "
            "cards, not 18 (JOKER-OFC 7.2)",
        ),
        (
            PLAIN,
            "As As Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s Ah",
            "cards",
            "As is in the dealt cards 2 times: each card is in the deck once",
        ),
        (
            PLAIN,
            "As X Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s Ah",
            "cards",
            "the dealt cards hold a Joker, but Default Pineapple OFC, heads-up (pineapple-2p-v1) "
            "uses a 52-card deck without Jokers (pineapple-2p-v1 Deck); choose Joker OFC "
            "Pineapple (JOKER-OFC) to play with Jokers",
        ),
        (
            JOKERS,
            "As X X X Ts 9s 8s 7s 6s 5s 4s 3s 2s Ah",
            "cards",
            "the dealt cards hold 3 Jokers, but the Joker OFC Pineapple (JOKER-OFC) deck has "
            "only 2 (JOKER-OFC 2.1)",
        ),
        (
            "pineapple-ofc",
            "As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s Ah",
            "cards",
            "Pineapple OFC (OFC-BETA) has no Fantasyland (OFC-BETA 9.1), so there is no "
            "Fantasyland hand to set: choose Default Pineapple OFC, heads-up (pineapple-2p-v1) "
            "or Joker OFC Pineapple (JOKER-OFC)",
        ),
    ],
    ids=["too-few", "too-many", "duplicate", "joker-in-52", "third-joker", "no-fantasyland"],
)
def test_deals_the_ruleset_never_makes_are_refused(
    ruleset: str, cards: str, field: str, message: str
) -> None:
    """pineapple-2p-v1 and JOKER-OFC 7.2 deal sizes, JOKER-OFC 2.1 (two Jokers), OFC-BETA 9.1."""
    with pytest.raises(SetterError) as raised:
        set_fantasyland(ruleset, cards)
    assert raised.value.errors == {field: [message]}


def test_an_unknown_objective_is_refused() -> None:
    with pytest.raises(SetterError) as raised:
        set_fantasyland(JOKERS, "As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s Ah", objective="most")
    assert raised.value.errors == {
        "objective": [
            "'most' is not an objective: choose stay (stay in Fantasyland first) or royalties "
            "(the most royalties first)"
        ]
    }


@pytest.mark.parametrize(
    ("ruleset", "cards", "article"),
    [
        ("pineapple-2p-v1", "As Ad 2c 3c 4c 5c 9c Kd Kh Qs Js 8h 7d 6h", "pineapple-2p-v1"),
        ("joker-ofc", "As Ad 2c 3c 4c 5c 9c Kd Kh Qs Js 8h 7d X X 6h 9d", "JOKER-OFC"),
    ],
)
def test_the_setters_readings_cite_the_ruleset_in_play(ruleset: str, cards: str, article: str):
    """H34 (the objective) and H35 (distinct alternatives) at the article of the ruleset that
    deals the hand: Joker OFC's, not pineapple-2p-v1's (issue 37)."""
    result = set_fantasyland(ruleset, cards)
    readings = {r.interpretation: r.citation for r in result.rulings if r.interpretation}
    deal = get_ruleset(ruleset).fantasyland.deal_citation
    assert readings["H34"] == readings["H35"] == deal
    assert deal.startswith(article)
