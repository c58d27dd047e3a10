"""Wild deuces (OPR-538 1.3 to 1.4, 5.4): every example of the document and each house reading."""

from __future__ import annotations

import itertools
import random
from dataclasses import fields, replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import DECK_52, Card, parse_cards
from scoring.errors import InputError
from scoring.hands import Category, describe, evaluate, strength5
from scoring.island_readings import (
    ALTERNATIVE_READINGS,
    PLAIN_READINGS,
    SWITCHES,
    IslandReadings,
)
from scoring.wilds import read_codes, read_five, strength_reader, wild_kind

SWITCHED = ALTERNATIVE_READINGS  # every question read the other way, as a host may switch it
BOTH = pytest.mark.parametrize("readings", [PLAIN_READINGS, SWITCHED], ids=["plain", "switched"])
# Every combination of the wild questions' readings (H1, H4, H5).
READINGS = st.builds(
    IslandReadings,
    wheel=st.sampled_from(["natural", "best"]),
    flush_ace=st.sampled_from(["top", "gap"]),
    straight_ace=st.sampled_from(["top", "gap"]),
)


def reading_of(
    text: str, straights: bool = False, readings: IslandReadings = PLAIN_READINGS
) -> tuple[Category, int, dict[str, str]]:
    """The category, top rank and wild substitutions of five cards."""
    reading = read_five(parse_cards(text), straights, readings)
    category, ranks = describe(reading.value)
    return category, ranks[0], {str(wild): str(stood) for wild, stood in reading.wilds}


def citation_of(
    text: str, straights: bool = False, readings: IslandReadings = PLAIN_READINGS
) -> tuple[str, str | None]:
    return ruling_of(text, straights, readings)[:2]


def ruling_of(
    text: str, straights: bool = False, readings: IslandReadings = PLAIN_READINGS
) -> tuple[str, str | None, str]:
    cards = parse_cards(text)
    return wild_kind(read_five(cards, straights, readings), cards, readings)


def test_1_3_deuce_fills_the_missing_card_of_its_suit() -> None:
    """OPR-538 1.3: 6s 7s 8s 2s Ts is a straight flush from six to ten, the deuce as the 9s."""
    assert reading_of("6s 7s 8s 2s Ts") == (Category.STRAIGHT_FLUSH, 10, {"2s": "9s"})
    assert citation_of("6s 7s 8s 2s Ts") == ("OPR-538 1.3", None)


def test_1_3_deuce_of_another_suit_is_not_wild() -> None:
    """OPR-538 1.3: the deuce stands in only for a card of its own suit."""
    category, _, wilds = reading_of("6s 7s 8s 2h Ts")
    assert (category, wilds) == (Category.HIGH_CARD, {})


def test_1_3_a_deuce_goes_below_four_in_a_row_not_royal() -> None:
    """OPR-538 1.3(a): 2s Ts Js Qs Ks is nine to king, not a royal flush."""
    assert reading_of("2s Ts Js Qs Ks") == (Category.STRAIGHT_FLUSH, 13, {"2s": "9s"})
    assert citation_of("2s Ts Js Qs Ks") == ("OPR-538 1.3(a)", None)


def test_1_3_b_suited_ace_goes_wild_with_the_deuce_and_fills_the_top() -> None:
    """OPR-538 1.3(b): 2s As 7s 8s 9s is a straight flush from six to ten."""
    assert reading_of("2s As 7s 8s 9s") == (
        Category.STRAIGHT_FLUSH,
        10,
        {"2s": "6s", "As": "Ts"},
    )
    assert citation_of("2s As 7s 8s 9s") == ("OPR-538 1.3(b)", None)


def test_1_3_b_suited_ace_alone_is_not_wild() -> None:
    """OPR-538 1.3(b): the deuce is the key card; As 7s 8s 9s Js is only a flush."""
    category, _, wilds = reading_of("As 7s 8s 9s Js")
    assert (category, wilds) == (Category.FLUSH, {})


def test_1_3_c_deuce_and_ace_not_completing_keep_their_rank() -> None:
    """OPR-538 1.3(c): 2s As 7s 8s Ks completes no straight flush: an ace-high flush."""
    cards = parse_cards("2s As 7s 8s Ks")
    reading = read_five(cards)
    assert reading.wilds == ()
    assert describe(reading.value) == (Category.FLUSH, (14, 13, 8, 7, 2))


def test_1_3_c_deuces_pair_naturally() -> None:
    """OPR-538 1.3(c): outside straight flushes a deuce is a two: 2s 2h Kd Kc 9s is two pair."""
    assert reading_of("2s 2h Kd Kc 9s")[:2] == (Category.TWO_PAIR, 13)


def test_1_3_c_deuce_does_not_complete_a_mixed_straight_in_the_basic_game() -> None:
    """OPR-538 1.3(c), 6.2: 2s Th Jc Qd Kh is king high without Straights with wilds."""
    assert reading_of("2s Th Jc Qd Kh") == (Category.HIGH_CARD, 13, {})


def test_1_4_no_five_of_a_kind() -> None:
    """OPR-538 1.4: 2s with four aces is four of a kind, never five."""
    for straights in (False, True):
        assert reading_of("2s As Ah Ad Ac", straights)[:2] == (Category.FOUR_OF_A_KIND, 14)


def test_h1_1_3_c_deuce_and_ace_beside_a_natural_wheel_keep_their_ranks() -> None:
    """OPR-538 1.3, 1.3(c), H1 plain: 2s As 3s 4s 5s misses no card, so it is a natural wheel.

    A deuce stands in for a missing card (1.3); these five already make a straight flush, so
    the deuce and the ace are not completing one and keep their natural ranks (1.3(c)).
    """
    assert reading_of("2s As 3s 4s 5s") == (Category.STRAIGHT_FLUSH, 5, {})
    assert read_five(parse_cards("2s As 3s 4s 5s")).value == strength5(
        [card.code for card in parse_cards("2s As 3s 4s 5s")]
    )


def test_h1_switched_deuce_and_ace_beside_a_natural_wheel_read_two_to_six() -> None:
    """OPR-538 1.3(b), H1 switched ("best"): 2s As 3s 4s 5s is six high, above the wheel."""
    best = IslandReadings(wheel="best")
    category, top, wilds = reading_of("2s As 3s 4s 5s", readings=best)
    assert (category, top, wilds) == (Category.STRAIGHT_FLUSH, 6, {"2s": "2s", "As": "6s"})
    citation, interpretation, text = ruling_of("2s As 3s 4s 5s", readings=best)
    assert (citation, interpretation) == ("OPR-538 1.3(b)", "H1")
    assert text.startswith("2s as itself, As as 6s: ")
    assert "house reading H1, switched by the host: the deuce may count as itself" in text


@BOTH
def test_h1_5_4_deuce_and_ace_beside_a_natural_mixed_wheel(readings: IslandReadings) -> None:
    """OPR-538 5.4, 1.3(c), H1: 2s As 3h 4c 5d is a wheel, or six high once H1 is switched."""
    category, top, wilds = reading_of("2s As 3h 4c 5d", True, readings)
    if readings.wheel == "natural":
        assert (category, top, wilds) == (Category.STRAIGHT, 5, {})
    else:
        assert (category, top, wilds) == (Category.STRAIGHT, 6, {"2s": "2s", "As": "6s"})


@BOTH
def test_h2_ace_stays_natural_for_a_royal_flush(readings: IslandReadings) -> None:
    """OPR-538 1.3(a), H2: 2s As Ts Js Qs: the deuce fills the king, a royal flush."""
    assert reading_of("2s As Ts Js Qs", readings=readings) == (
        Category.ROYAL_FLUSH,
        14,
        {"2s": "Ks"},
    )
    assert citation_of("2s As Ts Js Qs", readings=readings) == ("OPR-538 1.3(a)", "H2")


def test_h2_wild_ten_to_ace_is_royal() -> None:
    """OPR-538 1.3(a) (not open): a ten-to-ace straight flush made with wild cards is royal."""
    assert reading_of("2s As Ks Qs Js")[:2] == (Category.ROYAL_FLUSH, 14)
    assert reading_of("2s As Ts Js Ks")[:2] == (Category.ROYAL_FLUSH, 14)


@pytest.mark.parametrize(
    ("text", "stood", "citation"),
    [
        # J Q K A in a row: 1.3(a) puts the deuce below the jack, no house reading needed.
        ("2s As Ks Qs Js", "Ts", "OPR-538 1.3(a)"),
        # The deuce fills the gap at the jack; the ace is natural (or wild: a royal either way).
        ("2s As Ts Qs Ks", "Js", "OPR-538 1.3"),
    ],
)
def test_h2_is_cited_only_where_it_decides(text: str, stood: str, citation: str) -> None:
    """OPR-538 1.3, 1.3(a): a royal the deuce makes without H2's choice cites the article alone."""
    assert reading_of(text) == (Category.ROYAL_FLUSH, 14, {"2s": stood})
    assert citation_of(text) == (citation, None)


def test_1_3_a_natural_six_high_straight_flush_is_not_extended_upwards() -> None:
    """OPR-538 1.3(a): in 2h 3h 4h 5h 6h the deuce is natural; it never becomes the seven."""
    for straights in (False, True):
        assert reading_of("2h 3h 4h 5h 6h", straights) == (Category.STRAIGHT_FLUSH, 6, {})


def test_1_3_c_and_5_4_two_deuces_one_suited_run() -> None:
    """OPR-538 1.3, 1.3(c), 5.4: 2s 2h 3s 4s 5s is no straight flush (the 2h is off-suit).

    In the basic game it is a pair of deuces; under Straights with wilds one deuce is wild and,
    sitting below the three, stands for the low ace: a five-high straight (H5).
    """
    assert reading_of("2s 2h 3s 4s 5s") == (Category.PAIR, 2, {})
    category, top, wilds = reading_of("2s 2h 3s 4s 5s", True)
    assert (category, top, len(wilds)) == (Category.STRAIGHT, 5, 1)
    assert next(iter(wilds.values()))[0] == "A"


@BOTH
def test_h3_one_gap_inside_reads_seven_to_jack(readings: IslandReadings) -> None:
    """OPR-538 1.3(b), H3: 2s As 7s 8s Ts is seven to jack (deuce the nine, ace the jack).

    The ace has the empty top, so neither H1 nor H4 is asked: both readings agree.
    """
    assert reading_of("2s As 7s 8s Ts", readings=readings) == (
        Category.STRAIGHT_FLUSH,
        11,
        {"2s": "9s", "As": "Js"},
    )
    assert citation_of("2s As 7s 8s Ts", readings=readings) == ("OPR-538 1.3(b)", "H3")


def test_h4_1_3_b_ace_fills_only_the_top_so_two_inside_gaps_make_a_flush() -> None:
    """OPR-538 1.3(b), 1.3(c), H4 plain: 2s As 6s 8s Ts is an ace-high flush, no straight flush.

    The wild ace fills the gap at the top of the run (1.3(b)); the ten holds the top here, and
    the deuce alone cannot fill both the seven and the nine, so both keep their natural ranks.
    """
    cards = parse_cards("2s As 6s 8s Ts")
    reading = read_five(cards)
    assert reading.wilds == ()
    assert describe(reading.value) == (Category.FLUSH, (14, 10, 8, 6, 2))


def test_h4_switched_ace_fills_an_inside_gap_when_the_top_is_held() -> None:
    """OPR-538 1.3(b), H4 switched ("gap"): 2s As 6s 8s Ts is six to ten, the ace in a gap."""
    gap = IslandReadings(flush_ace="gap")
    assert reading_of("2s As 6s 8s Ts", readings=gap) == (
        Category.STRAIGHT_FLUSH,
        10,
        {"2s": "7s", "As": "9s"},
    )
    citation, interpretation, text = ruling_of("2s As 6s 8s Ts", readings=gap)
    assert (citation, interpretation) == ("OPR-538 1.3(b)", "H4")
    assert "house reading H4, switched by the host: when a natural card holds the top" in text


def test_h4_switch_does_not_move_mixed_straights() -> None:
    """OPR-538 5.4, H4, H5: H4 is the straight-flush question; mixed straights follow H5."""
    gap = IslandReadings(flush_ace="gap")
    assert reading_of("2s As Qh Kc Ad", True, gap)[0] is Category.PAIR


def test_h5_straights_with_wilds_deuce_at_the_bottom() -> None:
    """OPR-538 5.4, H5: 2s Th Jc Qd Kh is nine to king; the deuce never tops the run."""
    assert reading_of("2s Th Jc Qd Kh", True) == (Category.STRAIGHT, 13, {"2s": "9s"})
    citation, interpretation, text = ruling_of("2s Th Jc Qd Kh", True)
    assert (citation, interpretation) == ("OPR-538 5.4", "H5")
    assert "(house reading H5: one deuce at most is wild and goes at the bottom" in text


@BOTH
def test_h5_suited_ace_goes_to_the_top_of_a_mixed_straight(readings: IslandReadings) -> None:
    """OPR-538 5.4, H5: 2s As 7h 8c 9d is six to ten, deuce at the bottom and ace at the top."""
    assert reading_of("2s As 7h 8c 9d", True, readings) == (
        Category.STRAIGHT,
        10,
        {"2s": "6s", "As": "Ts"},
    )


def test_h5_5_4_wild_ace_goes_only_at_the_top() -> None:
    """OPR-538 5.4, H5 plain: in 2s As Qh Kc Ad the natural ace holds the top: no straight.

    The deuce goes at the bottom and the ace at the top; the top of ten-to-ace is the Ad, so
    the As has no place, and without it the deuce cannot fill both the ten and the jack.
    """
    category, top, wilds = reading_of("2s As Qh Kc Ad", True)
    assert (category, top, wilds) == (Category.PAIR, 14, {})


def test_h5_switched_wild_ace_may_sit_below_the_top() -> None:
    """OPR-538 5.4, H5 switched ("gap"): 2s As Qh Kc Ad is ten to ace, the ace below the top."""
    gap = IslandReadings(straight_ace="gap")
    assert reading_of("2s As Qh Kc Ad", True, gap) == (
        Category.STRAIGHT,
        14,
        {"2s": "Ts", "As": "Js"},
    )
    text = ruling_of("2s As Qh Kc Ad", True, gap)[2]
    assert "house reading H5, switched by the host: " in text and "in a gap below it" in text


@BOTH
def test_h5_deuce_at_the_bottom_of_a_wheel_is_a_low_ace(readings: IslandReadings) -> None:
    """OPR-538 5.4, H5: 2s 2h 3c 4d 5h is a wheel (five high), not two to six, either way.

    As the six the deuce would top the run; at the bottom of a wheel it stands for the ace.
    """
    category, top, wilds = reading_of("2s 2h 3c 4d 5h", True, readings)
    assert (category, top, wilds) == (Category.STRAIGHT, 5, {"2s": "As"})


def test_5_4_only_one_deuce_is_wild() -> None:
    """OPR-538 5.4: only one deuce may be wild: 2s 2h 2c 9d Th is three deuces, no straight."""
    assert reading_of("2s 2h 2c 9d Th", True)[:2] == (Category.THREE_OF_A_KIND, 2)


def test_5_4_suited_cards_still_make_a_straight_flush() -> None:
    """OPR-538 1.3, 5.4: under the variant a suited hand still reads as a straight flush."""
    assert reading_of("6s 7s 8s 2s Ts", True)[:2] == (Category.STRAIGHT_FLUSH, 10)


def test_natural_reading_wins_a_tie() -> None:
    """OPR-538 1.3(c): 2s 3s 4s 5s 6s is a natural six-high straight flush, no wild card."""
    assert reading_of("2s 3s 4s 5s 6s") == (Category.STRAIGHT_FLUSH, 6, {})


FIVE = st.lists(st.sampled_from(DECK_52), min_size=5, max_size=5, unique=True)


@settings(max_examples=400, deadline=None)
@given(FIVE, st.booleans(), READINGS)
def test_reading_is_never_weaker_than_natural_and_only_makes_straights(  # type: ignore[no-untyped-def]
    cards, straights, readings
) -> None:
    """OPR-538 1.3(c), 1.4: wild cards only ever turn a hand into a straight or straight flush.

    Whichever readings a host picks, the natural reading always counts too.
    """
    reading = read_five(cards, straights, readings)
    natural = strength5([card.code for card in cards])
    assert reading.value >= natural
    if reading.value != natural:
        assert describe(reading.value)[0] in (
            Category.STRAIGHT,
            Category.STRAIGHT_FLUSH,
            Category.ROYAL_FLUSH,
        )
        assert any(card.rank == 2 for card in cards)
    codes = [card.code for card in cards]
    assert read_codes(codes, straights, readings) == reading
    assert strength_reader(straights, readings)(codes) == reading.value


@settings(max_examples=400, deadline=None)
@given(FIVE, st.booleans(), READINGS, st.sampled_from(["wheel", "flush_ace", "straight_ace"]))
def test_each_switch_only_widens_the_readings(cards, straights, readings, field) -> None:  # type: ignore[no-untyped-def]
    """OPR-538 1.3(b), 5.4, H1, H4, H5: a switched reading allows more, so it is never weaker.

    The strongest reading allowed is the hand; switching a question away from its plain reading
    adds readings and removes none.
    """
    plain = replace(readings, **{field: SWITCHES[field].plain})
    switched = replace(readings, **{field: SWITCHES[field].other})
    assert read_five(cards, straights, switched).value >= read_five(cards, straights, plain).value


@settings(max_examples=200, deadline=None)
@given(FIVE, READINGS)
def test_reading_does_not_depend_on_card_order(cards, readings) -> None:  # type: ignore[no-untyped-def]
    """OPR-538 1.2: a hand's value does not depend on the order the cards are listed in."""
    values = {
        read_five(list(order), True, readings).value for order in itertools.permutations(cards)
    }
    assert len(values) == 1


@BOTH
@pytest.mark.parametrize(
    "text",
    ["2s 3s 4s 5s 7s", "2s 9s Ts Js Qs", "2s 5s 6s 7s 8s", "2s As Ks Qs Ts", "2s As 4s 5s 6s"],
)
def test_every_suited_deuce_hand_is_one_below_or_inside_its_run(
    text: str, readings: IslandReadings
) -> None:
    """OPR-538 1.3(a): whatever the deuce stands for, it is never above every natural card."""
    cards = parse_cards(text)
    reading = read_five(cards, readings=readings)
    for wild, _stood in reading.wilds:
        if wild.rank == 2:
            naturals = [c.rank for c in cards if c not in dict(reading.wilds)]
            place = reading.places[wild]
            assert place < max(1 if r == 14 and reading.top == 5 else r for r in naturals)
    assert evaluate(cards).category <= describe(reading.value)[0]


def oracle_top(cards: list[Card], straights: bool, readings: IslandReadings) -> int:
    """Brute force: every rank each wild card could take, kept when the placement rules allow."""
    best = 0
    for deuce in (card for card in cards if card.rank == 2):
        suited = all(card.suit == deuce.suit for card in cards)
        if not (suited or straights):
            continue
        ace = Card(14, deuce.suit)
        ace_gap = (readings.flush_ace if suited else readings.straight_ace) == "gap"
        for wild in [(deuce,), (deuce, ace)] if ace in cards else [(deuce,)]:
            naturals = [card.rank for card in cards if card not in wild]
            for places in itertools.product(range(1, 15), repeat=len(wild)):
                for top in range(5, 15):
                    run = set(range(top - 4, top + 1))
                    nat = [1 if rank == 14 and top == 5 else rank for rank in naturals]
                    if sorted(nat + list(places)) != sorted(run):
                        continue
                    if places[0] >= max(nat):  # 1.3(a): the deuce never tops the run
                        continue
                    if places[0] == 2 and readings.wheel == "natural":
                        continue  # H1 plain: a deuce stands in for a missing card, not itself
                    if len(places) == 2 and places[1] != top and not ace_gap:
                        continue  # 1.3(b), H4/H5 plain: the ace only at the top
                    best = max(best, top + (100 if suited else 0))
    return best


@settings(max_examples=400, deadline=None)
@given(FIVE, st.booleans(), st.sampled_from("shdc"), READINGS)
def test_readings_agree_with_a_brute_force_oracle(cards, straights, suit, readings) -> None:  # type: ignore[no-untyped-def]
    """OPR-538 1.3-1.3(b), 5.4, H1-H5: the fast reading equals trying every wild rank."""
    rng = random.Random(str(cards))
    # Bias towards hands holding the deuce (and often the ace) of one suit: suited for spades
    # and hearts, low or high mixed cards for diamonds.
    if suit in "sh":
        pool = [c for c in DECK_52 if c.suit == suit and c.rank not in (2, 14)]
        extra = [Card(2, suit), Card(14, suit)] if suit == "s" else [Card(2, suit)]
        cards = extra + rng.sample(pool, 5 - len(extra))
    elif suit == "d":
        ranks = rng.choice([(3, 4, 5, 6, 14), (10, 11, 12, 13, 14), (6, 7, 8, 9, 10)])
        pool = [c for c in DECK_52 if c.rank in ranks and c.suit != "d"]
        cards = [Card(2, "d"), Card(14, "d"), *rng.sample(pool, 3)]
    reading = read_five(cards, straights, readings)
    category, ranks = describe(reading.value)
    expected = oracle_top(cards, straights, readings)
    if reading.wilds:
        suited = 100 if category >= Category.STRAIGHT_FLUSH else 0
        assert ranks[0] + suited == expected
    else:
        natural_top = ranks[0] if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) else 0
        assert expected <= natural_top + (100 if category >= Category.STRAIGHT_FLUSH else 0) or (
            expected < 100 and category >= Category.FLUSH
        )


def test_readings_record_names_each_question() -> None:
    """H1, H4, H5, H14: the record has one field per switchable question, plain by default,
    and the saved house rule that set them, if one did (its key and what it cites)."""
    assert [f.name for f in fields(IslandReadings)] == ["house", "cited", *SWITCHES]
    assert PLAIN_READINGS.switched == ()
    assert SWITCHED.switched == tuple(SWITCHES)
    assert {switch.interpretation for switch in SWITCHES.values()} == {"H1", "H4", "H5", "H14"}
    for name, switch in SWITCHES.items():
        assert getattr(PLAIN_READINGS, name) == switch.plain
        assert getattr(SWITCHED, name) == switch.other
        assert PLAIN_READINGS.other(name).other(name) == PLAIN_READINGS


def test_readings_refuse_an_unknown_value_at_its_field() -> None:
    """H1: a reading is one of the two the interpretation describes, refused at its place."""
    with pytest.raises(InputError) as error:
        IslandReadings(wheel="wild")  # type: ignore[arg-type]
    assert error.value.field == "readings.wheel"
    assert str(error.value) == "house reading H1 is 'natural' or 'best', not 'wild'"
