"""Wild deuces (OPR-538 1.3 to 1.4, 5.4): every example of the document and each house reading."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import DECK_52, Card, parse_cards
from scoring.hands import Category, describe, evaluate, strength5
from scoring.wilds import read_five, wild_kind


def reading_of(text: str, straights: bool = False) -> tuple[Category, int, dict[str, str]]:
    """The category, top rank and wild substitutions of five cards."""
    reading = read_five(parse_cards(text), straights)
    category, ranks = describe(reading.value)
    return category, ranks[0], {str(wild): str(stood) for wild, stood in reading.wilds}


def citation_of(text: str, straights: bool = False) -> tuple[str, str | None]:
    cards = parse_cards(text)
    return wild_kind(read_five(cards, straights), cards)[:2]


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


def test_h1_deuce_ace_and_natural_wheel_read_two_to_six() -> None:
    """OPR-538 1.3(b), H1: 2s As 3s 4s 5s is six high, above the natural wheel."""
    category, top, wilds = reading_of("2s As 3s 4s 5s")
    assert (category, top, wilds["As"]) == (Category.STRAIGHT_FLUSH, 6, "6s")
    assert read_five(parse_cards("2s As 3s 4s 5s")).value > strength5(
        [card.code for card in parse_cards("2s As 3s 4s 5s")]
    )
    assert citation_of("2s As 3s 4s 5s") == ("OPR-538 1.3(b)", "H1")
    five = parse_cards("2s As 3s 4s 5s")
    assert wild_kind(read_five(five), five)[2].startswith("2s as itself, As as 6s: ")


def test_h2_ace_stays_natural_for_a_royal_flush() -> None:
    """OPR-538 1.3(a), H2: 2s As Ts Js Qs: the deuce fills the king, a royal flush."""
    assert reading_of("2s As Ts Js Qs") == (Category.ROYAL_FLUSH, 14, {"2s": "Ks"})
    assert citation_of("2s As Ts Js Qs") == ("OPR-538 1.3(a)", "H2")


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


def test_h3_one_gap_inside_reads_seven_to_jack() -> None:
    """OPR-538 1.3(b), H3: 2s As 7s 8s Ts is seven to jack (deuce the nine, ace the jack)."""
    assert reading_of("2s As 7s 8s Ts") == (
        Category.STRAIGHT_FLUSH,
        11,
        {"2s": "9s", "As": "Js"},
    )
    assert citation_of("2s As 7s 8s Ts") == ("OPR-538 1.3(b)", "H3")


def test_h4_ace_fills_an_inside_gap_when_the_top_is_held() -> None:
    """OPR-538 1.3(b), H4: 2s As 6s 8s Ts is six to ten, the ace in a gap."""
    category, top, wilds = reading_of("2s As 6s 8s Ts")
    assert (category, top) == (Category.STRAIGHT_FLUSH, 10)
    assert sorted(wilds.values()) == ["7s", "9s"]
    assert citation_of("2s As 6s 8s Ts") == ("OPR-538 1.3(b)", "H4")


def test_h5_straights_with_wilds_deuce_at_the_bottom() -> None:
    """OPR-538 5.4, H5: 2s Th Jc Qd Kh is nine to king; the deuce never tops the run."""
    assert reading_of("2s Th Jc Qd Kh", True) == (Category.STRAIGHT, 13, {"2s": "9s"})
    assert citation_of("2s Th Jc Qd Kh", True) == ("OPR-538 5.4", "H5")


def test_h5_suited_ace_goes_to_the_top_of_a_mixed_straight() -> None:
    """OPR-538 5.4, H5: 2s As 7h 8c 9d is six to ten, deuce at the bottom and ace at the top."""
    assert reading_of("2s As 7h 8c 9d", True) == (
        Category.STRAIGHT,
        10,
        {"2s": "6s", "As": "Ts"},
    )


def test_h5_wild_ace_may_sit_below_the_top() -> None:
    """OPR-538 5.4, H5: 2s As Qh Kc Ad is ten to ace, the wild ace below the natural one."""
    category, top, wilds = reading_of("2s As Qh Kc Ad", True)
    assert (category, top) == (Category.STRAIGHT, 14)
    assert sorted(wilds.values()) == ["Js", "Ts"]


def test_h5_deuce_at_the_bottom_of_a_wheel_is_a_low_ace() -> None:
    """OPR-538 5.4, H5: 2s 2h 3c 4d 5h is a wheel (five high), not two to six."""
    category, top, wilds = reading_of("2s 2h 3c 4d 5h", True)
    assert (category, top) == (Category.STRAIGHT, 5)
    assert len(wilds) == 1 and next(iter(wilds.values()))[0] == "A"


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
@given(FIVE, st.booleans())
def test_reading_is_never_weaker_than_natural_and_only_makes_straights(cards, straights) -> None:  # type: ignore[no-untyped-def]
    """OPR-538 1.3(c), 1.4: wild cards only ever turn a hand into a straight or straight flush."""
    reading = read_five(cards, straights)
    natural = strength5([card.code for card in cards])
    assert reading.value >= natural
    if reading.value != natural:
        assert describe(reading.value)[0] in (
            Category.STRAIGHT,
            Category.STRAIGHT_FLUSH,
            Category.ROYAL_FLUSH,
        )
        assert any(card.rank == 2 for card in cards)


@settings(max_examples=200, deadline=None)
@given(FIVE)
def test_reading_does_not_depend_on_card_order(cards) -> None:  # type: ignore[no-untyped-def]
    """OPR-538 1.2: a hand's value does not depend on the order the cards are listed in."""
    values = {read_five(list(order), True).value for order in itertools.permutations(cards)}
    assert len(values) == 1


@pytest.mark.parametrize(
    "text",
    ["2s 3s 4s 5s 7s", "2s 9s Ts Js Qs", "2s 5s 6s 7s 8s", "2s As Ks Qs Ts", "2s As 4s 5s 6s"],
)
def test_every_suited_deuce_hand_is_one_below_or_inside_its_run(text: str) -> None:
    """OPR-538 1.3(a): whatever the deuce stands for, it is never above every natural card."""
    cards = parse_cards(text)
    reading = read_five(cards)
    for wild, _stood in reading.wilds:
        if wild.rank == 2:
            naturals = [c.rank for c in cards if c not in dict(reading.wilds)]
            place = reading.places[wild]
            assert place < max(1 if r == 14 and reading.top == 5 else r for r in naturals)
    assert evaluate(cards).category <= describe(reading.value)[0]


def oracle_top(cards: list[Card], straights: bool) -> int:
    """Brute force: every rank each wild card could take, kept when the placement rules allow."""
    best = 0
    for deuce in (card for card in cards if card.rank == 2):
        suited = all(card.suit == deuce.suit for card in cards)
        if not (suited or straights):
            continue
        ace = Card(14, deuce.suit)
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
                    if len(places) == 2 and top not in nat and places[1] != top:
                        continue  # 1.3(b): the ace takes an empty top
                    best = max(best, top + (100 if suited else 0))
    return best


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(DECK_52), min_size=5, max_size=5, unique=True),
    st.booleans(),
    st.sampled_from("shdc"),
)
def test_readings_agree_with_a_brute_force_oracle(cards, straights, suit) -> None:  # type: ignore[no-untyped-def]
    """OPR-538 1.3-1.3(b), 5.4, H1-H5: the fast reading equals trying every wild rank."""
    # Bias towards suited hands holding the deuce (and often the ace) of one suit.
    if suit in "sh":
        pool = [c for c in DECK_52 if c.suit == suit and c.rank not in (2, 14)]
        extra = [Card(2, suit), Card(14, suit)] if suit == "s" else [Card(2, suit)]
        cards = extra + random.Random(str(cards)).sample(pool, 5 - len(extra))
    reading = read_five(cards, straights)
    category, ranks = describe(reading.value)
    expected = oracle_top(cards, straights)
    if reading.wilds:
        suited = 100 if category >= Category.STRAIGHT_FLUSH else 0
        assert ranks[0] + suited == expected
    else:
        natural_top = ranks[0] if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) else 0
        assert expected <= natural_top + (100 if category >= Category.STRAIGHT_FLUSH else 0) or (
            expected < 100 and category >= Category.FLUSH
        )
