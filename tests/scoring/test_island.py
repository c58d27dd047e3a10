"""Island Pineapple showdowns (OPR-538): boards, hands, winners, variants and deal checks."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import DECK_52, Card, parse_cards
from scoring.hands import Category, Group, best_hand
from scoring.island import (
    IslandError,
    IslandResult,
    Seat,
    boards_of,
    bonus_ladder,
    card_count,
    showdown,
)
from scoring.island_readings import (
    ALTERNATIVE_READINGS,
    PLAIN_READINGS,
    SWITCHES,
    IslandReadings,
)
from scoring.rulings import CITATIONS, INTERPRETATIONS

SWITCHED = ALTERNATIVE_READINGS  # every house question read the other way
BOTH = pytest.mark.parametrize("readings", [PLAIN_READINGS, SWITCHED], ids=["plain", "switched"])


def seat(name: str, hole: str, discarded: bool = True) -> Seat:
    return Seat(name, tuple(parse_cards(hole)), discarded)


def deal(board: str, *players: Seat, **options) -> IslandResult:  # type: ignore[no-untyped-def]
    """Referee a showdown from the seven board cards in order: first, second set, turn, river."""
    cards = parse_cards(board)
    return showdown(cards[0:2], cards[2:4], cards[4:5], cards[5:7], list(players), **options)


def player(result: IslandResult, name: str):  # type: ignore[no-untyped-def]
    return next(p for p in result.players if p.name == name)


def citations(result: IslandResult) -> set[tuple[str, str | None]]:
    return {(r.citation, r.interpretation) for r in result.rulings}


EXAMPLE = "Kh 4c 9s 9d Jh Qh 3d"  # OPR-538 4.3


def example() -> IslandResult:
    return deal(EXAMPLE, seat("A", "Th 8c"), seat("B", "9c 4s"))


# --- Boards and the basic showdown -----------------------------------------------------------


def test_3_5_four_boards_in_design_order() -> None:
    """OPR-538 3.5, 6.1: each board is one first-set card, the second set, turn, one river card."""
    cards = parse_cards(EXAMPLE)
    boards = boards_of(cards[0:2], cards[2:4], cards[4], cards[5:7])
    assert [" ".join(map(str, b)) for b in boards] == [
        "Kh 9s 9d Jh Qh",
        "Kh 9s 9d Jh 3d",
        "4c 9s 9d Jh Qh",
        "4c 9s 9d Jh 3d",
    ]


def test_4_3_example_full_house_beats_straight_on_another_board() -> None:
    """OPR-538 4.3: A's king-high straight on one board loses to B's nines full of fours."""
    result = example()
    assert result.winners == ("B",)
    a, b = player(result, "A"), player(result, "B")
    assert a.best is not None and b.best is not None
    assert a.best.board == 1
    assert a.best.hand.category is Category.STRAIGHT and a.best.hand.ranks == (13,)
    assert [str(c) for c in a.best.hole_used] == ["Th"]
    assert sorted(map(str, a.best.hand.cards)) == sorted(["Th", "Kh", "9s", "Jh", "Qh"])
    assert b.best.hand.name == "Nines full of fours"
    # The document plays it on board 4 (4c 9s 9d Jh 3d); board 3 gives the same hand.
    assert 4 in (b.best.board, *b.best.also_on)
    on_four = b.per_board[3]
    assert on_four.hand.category is Category.FULL_HOUSE
    assert sorted(map(str, on_four.hole_used)) == ["4s", "9c"]
    assert ("OPR-538 4.3", None) in citations(result)


def test_4_3_api_shape() -> None:
    """OPR-538 4.3: as_dict gives DESIGN.md's showdown response (boards, players, winners)."""
    shown = example().as_dict()
    json.dumps(shown)
    assert shown["winners"] == ["B"]
    assert shown["boards"][0] == ["Kh", "9s", "9d", "Jh", "Qh"]
    a = shown["players"][0]
    assert a["name"] == "A" and len(a["per_board"]) == 4
    assert a["best"]["board"] == 1
    assert a["best"]["category"] == "straight"
    assert a["best"]["hand"] == "King-high straight"
    assert a["best"]["hole_used"] == ["Th"]
    assert a["best"]["cards"] == ["Kh", "Qh", "Jh", "Th", "9s"]
    assert {"citation", "subject", "text", "interpretation"} <= set(shown["rulings"][0])


def test_4_1_player_may_use_different_boards_per_board_results() -> None:
    """OPR-538 4.1: each board is judged on its own; board 2 gives A no straight."""
    a = player(example(), "A")
    assert [p.board for p in a.per_board] == [1, 2, 3, 4]
    assert a.per_board[1].hand.category is Category.PAIR


def test_4_2_board_alone_is_not_a_hand() -> None:
    """OPR-538 4.2, 6.3: with a royal flush on board 1, a player still has to use a hole card."""
    result = deal("Ah 3c Kh Qh Jh Th 4s", seat("Ann", "5d 6c"), seat("Bob", "7d 8c"))
    ann = player(result, "Ann")
    assert ann.best is not None
    assert ann.best.hand.category < Category.STRAIGHT
    assert all(1 <= len(p.hole_used) <= 2 for p in ann.per_board)


def test_4_3_identical_hands_split() -> None:
    """OPR-538 4.3, Hand rankings: identical hands split the pot; suits never break ties."""
    result = deal("Ah 3c Kd Qh Jc 7s 6d", seat("Ann", "Ts 4h"), seat("Bob", "Td 4c"))
    assert result.winners == ("Ann", "Bob")
    assert any(r.citation == "OPR-538 4.3" and "split" in r.text for r in result.rulings)


def test_h7_two_players_may_contest_a_showdown() -> None:
    """OPR-538 4.3, H7: a two-player showdown is allowed; one player is not a showdown."""
    assert ("OPR-538 4.3", "H7") in citations(example())
    with pytest.raises(IslandError) as error:
        deal(EXAMPLE, seat("A", "Th 8c"))
    assert error.value.field == "players"


def test_3_3_player_who_did_not_discard_is_fouled() -> None:
    """OPR-538 3.3: a player who fails to discard has a fouled hand and cannot win."""
    result = deal(EXAMPLE, seat("A", "Th 8c"), seat("B", "9c 4s 2d", discarded=False))
    b = player(result, "B")
    assert b.fouled and b.best is None
    assert result.winners == ("A",)
    assert ("OPR-538 3.3", None) in citations(result)


def test_3_3_all_fouled_leaves_the_pot_to_the_house() -> None:
    """OPR-538 3.3, Final authority: when every hand is fouled no hand wins."""
    result = deal(EXAMPLE, seat("A", "Th 8c", discarded=False), seat("B", "9c 4s", discarded=False))
    assert result.winners == ()
    assert ("OPR-538 Final authority", None) in citations(result)


# --- Wild deuces in a showdown ---------------------------------------------------------------


def test_1_3_wild_deuce_in_a_showdown_reports_what_it_stood_for() -> None:
    """OPR-538 1.3: a hole deuce completes a straight flush on the board; the result says how."""
    result = deal("6s 3c 7s 8s Kd 4h Qc", seat("Ann", "2s Ts"), seat("Bob", "Kh Kc"))
    ann = player(result, "Ann")
    assert ann.best is not None
    assert ann.best.hand.category is Category.STRAIGHT_FLUSH
    assert ann.best.hand.ranks == (10,)
    assert ann.best.board in (1, 2)
    assert ann.best.as_dict()["wilds"] == [{"card": "2s", "as": "9s"}]
    assert [str(c) for c in ann.best.hand.cards] == ["Ts", "2s", "8s", "7s", "6s"]
    assert result.winners == ("Ann",)
    assert ("OPR-538 1.3", None) in citations(result)


def test_1_3_a_showdown_nine_to_king_loses_to_natural_ten_to_ace() -> None:
    """OPR-538 1.3(a): 2s Ts Js Qs Ks is nine to king, so it loses to a natural royal flush."""
    result = deal("Ts 3c Js Qs Ks 4h 5d", seat("Ann", "2s 7c"), seat("Bob", "As 8c"))
    assert player(result, "Ann").best.hand.ranks == (13,)  # type: ignore[union-attr]
    assert player(result, "Bob").best.hand.category is Category.ROYAL_FLUSH  # type: ignore[union-attr]
    assert result.winners == ("Bob",)
    assert ("OPR-538 1.3(a)", None) in citations(result)


def test_1_3_b_showdown_deuce_and_ace_make_six_to_ten() -> None:
    """OPR-538 1.3(b): 2s As with 7s 8s 9s on the board is a six-to-ten straight flush."""
    result = deal("7s 3c 8s 9s Kd 4h Qc", seat("Ann", "2s As"), seat("Bob", "Kh Kc"))
    ann = player(result, "Ann").best
    assert ann is not None and ann.hand.ranks == (10,)
    assert ann.as_dict()["wilds"] == [{"card": "2s", "as": "6s"}, {"card": "As", "as": "Ts"}]
    assert ("OPR-538 1.3(b)", None) in citations(result)


@pytest.mark.parametrize(
    ("board", "hole", "plain", "switched", "interpretation"),
    [
        # H1: a natural wheel, or six high with the deuce as itself and the ace as the six.
        ("3s Kc 4s 5s 9d Qh Jc", "2s As", (Category.STRAIGHT_FLUSH, 5), None, "H1"),
        ("3s Kc 4s 5s 9d Qh Jc", "2s As", None, (Category.STRAIGHT_FLUSH, 6), "H1"),
        # H2 and H3 do not depend on a switch.
        ("Ts 3c Js Qs 9d 4h 5c", "2s As", (Category.ROYAL_FLUSH, 14), None, "H2"),
        ("Ts 3c Js Qs 9d 4h 5c", "2s As", None, (Category.ROYAL_FLUSH, 14), "H2"),
        ("7s 3c 8s Ts Kd 4h Qc", "2s As", (Category.STRAIGHT_FLUSH, 11), None, "H3"),
        ("7s 3c 8s Ts Kd 4h Qc", "2s As", None, (Category.STRAIGHT_FLUSH, 11), "H3"),
        # H4: an ace-high flush, or six to ten with the ace in a gap.
        ("6s 3c 8s Ts Kd 4h Qc", "2s As", (Category.FLUSH, 14), None, "H4"),
        ("6s 3c 8s Ts Kd 4h Qc", "2s As", None, (Category.STRAIGHT_FLUSH, 10), "H4"),
    ],
)
def test_h1_to_h4_deuce_and_ace_readings_in_a_showdown(
    board: str,
    hole: str,
    plain: tuple[Category, int] | None,
    switched: tuple[Category, int] | None,
    interpretation: str,
) -> None:
    """OPR-538 1.3(a), 1.3(b), 1.3(c), H1-H4: the deuce-and-ace readings decide the showdown."""
    readings = PLAIN_READINGS if plain else SWITCHED
    result = deal(board, seat("Ann", hole), seat("Bob", "Jd Jh"), readings=readings)
    ann = player(result, "Ann").best
    assert ann is not None
    assert (ann.hand.category, ann.hand.ranks[0]) == (plain or switched)
    assert interpretation in {r.interpretation for r in result.rulings}
    assert result.winners == ("Ann",)


@pytest.mark.parametrize(
    ("board", "interpretation", "plain_hand", "switched_hand"),
    [
        ("3s Kc 4s 5s 9d Qh Jc", "H1", "five-high straight flush", "six-high straight flush"),
        ("6s 3c 8s Ts Kd 4h Qc", "H4", "ace-high flush", "ten-high straight flush"),
    ],
)
def test_h1_h4_rulings_say_which_reading_applied(
    board: str, interpretation: str, plain_hand: str, switched_hand: str
) -> None:
    """OPR-538 1.3(b), H1, H4: the ruling names the reading, and a host's switch reads apart."""
    texts = {}
    for readings in (PLAIN_READINGS, SWITCHED):
        result = deal(board, seat("Ann", "2s As"), seat("Bob", "Jd Jh"), readings=readings)
        cited = [r for r in result.rulings if r.interpretation == interpretation]
        assert len(cited) == 1 and cited[0].subject == "Ann"
        texts[readings] = cited[0].text
    plain, switched = texts[PLAIN_READINGS], texts[SWITCHED]
    assert f"house reading {interpretation}: " in plain and "switched by the host" not in plain
    assert f"with {interpretation} switched, the hand would read {switched_hand}" in plain
    assert f"house reading {interpretation}, switched by the host: " in switched
    assert f"with {interpretation}'s plain reading, the hand would read {plain_hand}" in switched


def test_h1_plain_deuce_and_ace_of_a_natural_wheel_are_cited_as_natural() -> None:
    """OPR-538 1.3(c), H1: the natural wheel's 2s As keep their ranks, and H1 says why."""
    result = deal("3s Kc 4s 5s 9d Qh Jc", seat("Ann", "2s As"), seat("Bob", "Jd Jh"))
    ann = player(result, "Ann").best
    assert ann is not None and ann.wilds == () and ann.hand.name == "Five-high straight flush"
    ruling = next(r for r in result.rulings if r.interpretation == "H1")
    assert ruling.citation == "OPR-538 1.3(c)"
    assert ruling.text.startswith("Ann: 2s As are not standing in for another card")


@BOTH
def test_h5_wild_ace_below_the_top_in_a_showdown(readings: IslandReadings) -> None:
    """OPR-538 5.4, H5: 2s As with Qh Kc Ad: no straight plainly, ten to ace once switched."""
    result = deal(
        "Qh 3c Kc Ad 9d 4h 8c",
        seat("Ann", "2s As"),
        seat("Bob", "Jd Jh"),
        variants=["straights_with_wilds"],
        readings=readings,
    )
    ann = player(result, "Ann").best
    assert ann is not None
    h5 = [r for r in result.rulings if r.interpretation == "H5"]
    assert len(h5) == 1 and h5[0].citation == "OPR-538 5.4"
    if readings.straight_ace == "top":
        assert (ann.hand.category, ann.hand.ranks[0]) == (Category.PAIR, 14)
        assert "house reading H5: " in h5[0].text
        assert "with H5 switched, the hand would read ace-high straight" in h5[0].text
    else:
        assert (ann.hand.category, ann.hand.ranks[0]) == (Category.STRAIGHT, 14)
        assert ann.as_dict()["wilds"] == [{"card": "2s", "as": "Ts"}, {"card": "As", "as": "Js"}]
        assert "house reading H5, switched by the host: " in h5[0].text
    assert result.winners == ("Ann",)


def test_1_3_c_showdown_ace_high_flush_keeps_natural_ranks() -> None:
    """OPR-538 1.3(c): 2s As with 7s 8s Ks is an ace-high flush, and the ruling says so."""
    result = deal("7s 3c 8s Ks 9d 4h Qc", seat("Ann", "2s As"), seat("Bob", "Kh Kd"))
    ann = player(result, "Ann").best
    assert ann is not None and ann.hand.category is Category.FLUSH and ann.wilds == ()
    assert ("OPR-538 1.3(c)", None) in citations(result)


def test_1_4_no_five_of_a_kind_in_a_showdown() -> None:
    """OPR-538 1.4: a deuce with four aces is four of a kind, even with Straights with wilds."""
    result = deal(
        "Ah 3c Ad Ac 9d 4h Qc",
        seat("Ann", "2s As"),
        seat("Bob", "Kh Kd"),
        variants=["straights_with_wilds"],
    )
    ann = player(result, "Ann").best
    assert ann is not None and ann.hand.category is Category.FOUR_OF_A_KIND


def test_no_natural_beats_wild_rule_identical_straight_flushes_split() -> None:
    """OPR-538 4.3: a wild straight flush and an identical natural one split the pot."""
    result = deal("7s 7h 8s 8h 9s 9h Kc", seat("Ann", "2s Ts"), seat("Bob", "6h Th"))
    ann, bob = player(result, "Ann").best, player(result, "Bob").best
    assert ann is not None and bob is not None
    assert ann.wilds and not bob.wilds
    assert ann.hand == bob.hand  # both six to ten
    assert result.winners == ("Ann", "Bob")


def test_1_3_two_suited_deuces_each_serve_their_own_suit() -> None:
    """OPR-538 1.3, 4.3: with 2s and 2h in the first set each deuce completes its suit only.

    Boards 1-2 hold 2s 8s 9s, board 3 holds 2h 8h 9h: Ann's Ts Js and Bob's Th Jh each make a
    seven-to-jack straight flush (the deuce below the run, 1.3(a)); identical hands split.
    """
    result = deal("2s 2h 8s 8h 9s 9h Kc", seat("Ann", "Ts Js"), seat("Bob", "Th Jh"))
    ann, bob = player(result, "Ann").best, player(result, "Bob").best
    assert ann is not None and bob is not None
    assert (ann.hand.category, ann.hand.ranks) == (Category.STRAIGHT_FLUSH, (11,))
    assert ann.board in (1, 2) and ann.as_dict()["wilds"] == [{"card": "2s", "as": "7s"}]
    assert (bob.hand.category, bob.hand.ranks) == (Category.STRAIGHT_FLUSH, (11,))
    assert bob.board == 3 and bob.as_dict()["wilds"] == [{"card": "2h", "as": "7h"}]
    assert result.winners == ("Ann", "Bob")


def test_5_4_only_one_of_two_board_deuces_is_wild() -> None:
    """OPR-538 5.4: with 2s 2h in the second set, one deuce fills the six of 3-4-5-_-7."""
    result = deal(
        "Kh 9c 2s 2h 5c 7d Jd",
        seat("Ann", "3c 4d"),
        seat("Bob", "Qc Qs"),
        variants=["straights_with_wilds"],
    )
    ann = player(result, "Ann").best
    assert ann is not None
    assert (ann.hand.category, ann.hand.ranks) == (Category.STRAIGHT, (7,))
    assert len(ann.wilds) == 1 and ann.wilds[0][1].rank == 6
    assert result.winners == ("Ann",)


# --- Variants --------------------------------------------------------------------------------


def test_5_4_h5_straights_with_wilds_completes_a_mixed_straight() -> None:
    """OPR-538 5.4, H5: under the variant a deuce completes a mixed straight; not without it."""
    board = "Th 3c Jc Qd 7s 4h 5c"
    plain = deal(board, seat("Ann", "2s Kh"), seat("Bob", "Qh 9c"))
    wild = deal(
        board, seat("Ann", "2s Kh"), seat("Bob", "Qh 9c"), variants=["straights_with_wilds"]
    )
    assert plain.winners == ("Bob",)
    ann = player(wild, "Ann").best
    assert ann is not None and (ann.hand.category, ann.hand.ranks) == (Category.STRAIGHT, (13,))
    assert wild.winners == ("Ann",)
    assert ("OPR-538 5.4", "H5") in citations(wild)


def test_5_5_playing_the_board_allows_zero_hole_cards_and_splits() -> None:
    """OPR-538 5.5: no one can beat a royal flush on a board, so all active players split."""
    board = "Ah 3c Kh Qh Jh Th 4s"
    result = deal(
        board,
        seat("Ann", "5d 6c"),
        seat("Bob", "7d 8c"),
        seat("Cy", "9d 9c", discarded=False),
        variants=["playing_the_board"],
    )
    ann = player(result, "Ann").best
    assert ann is not None and ann.hand.category is Category.ROYAL_FLUSH and ann.hole_used == ()
    assert result.winners == ("Ann", "Bob")
    assert ("OPR-538 5.5", None) in citations(result)


def test_5_5_beating_the_board_still_wins_alone() -> None:
    """OPR-538 5.5: a player who beats the best board alone wins the pot."""
    result = deal(EXAMPLE, seat("A", "Th 8c"), seat("B", "9c 4s"), variants=["playing_the_board"])
    assert result.winners == ("B",)


# Board 1 is 6s 8s Ts 2s As: an ace-high flush plainly, ten-high straight flush once H4 switches.
H4_BOARD = "6s 3c 8s Ts 2s As 4h"


def pot_rulings(result: IslandResult) -> list[tuple[str, str | None, str]]:
    return [(r.citation, r.interpretation, r.text) for r in result.rulings if r.subject == "Pot"]


def test_5_5_a_pot_shared_on_a_board_alone_cites_the_reading_that_made_the_board() -> None:
    """OPR-538 5.5, H4: the shared pot names the board's hand and the reading it rests on."""
    plain = deal(
        H4_BOARD, seat("Ann", "Kd Qc"), seat("Bob", "Jd Jh"), variants=["playing_the_board"]
    )
    switched = deal(
        H4_BOARD,
        seat("Ann", "Kd Qc"),
        seat("Bob", "Jd Jh"),
        variants=["playing_the_board"],
        readings=SWITCHED,
    )
    assert plain.winners == switched.winners == ("Ann", "Bob")
    (_, none, shared), (citation, h4, reading) = pot_rulings(plain)
    assert none is None and shared.startswith("No one beats the best board alone (ace-high flush")
    assert (citation, h4) == ("OPR-538 5.5", "H4")
    assert reading.startswith("The best board alone is ace-high flush")
    assert reading.endswith("with H4 switched, it would be ten-high straight flush.")
    (_, _, shared), (_, h4, reading) = pot_rulings(switched)
    assert h4 == "H4" and "(ten-high straight flush)" in shared
    assert "switched by the host" in reading
    assert reading.endswith(
        "with H4's plain reading, it would be ace-high flush, then ten, eight, six, two."
    )


def test_5_5_a_pot_won_over_the_board_cites_the_reading_that_would_have_shared_it() -> None:
    """OPR-538 5.5, H4: Ann's king-high flush beats the board's ace-high flush plainly; with H4
    switched the board is a straight flush no one beats, and the ruling says so."""
    result = deal(
        H4_BOARD, seat("Ann", "Ks Qd"), seat("Bob", "Jd Jh"), variants=["playing_the_board"]
    )
    assert result.winners == ("Ann",)
    [(citation, h4, reading)] = pot_rulings(result)
    assert (citation, h4) == ("OPR-538 5.5", "H4")
    assert reading.endswith("with H4 switched, it would be ten-high straight flush.")
    # No wild pair on the boards: the board's hand rests on no reading, and no pot ruling cites one.
    royal = deal(
        "Ah 3c Kh Qh Jh Th 4s",
        seat("Ann", "5d 6c"),
        seat("Bob", "7d 8c"),
        variants=["playing_the_board"],
    )
    assert [h for _, h, _ in pot_rulings(royal)] == [None]


PHANTOM_BOARD = "7d 3c Kh 8s 4d Qc Jc"  # the fourth seven is in the first set


def phantom(caller_hole: str, other_hole: str, board: str = PHANTOM_BOARD, **options):  # type: ignore[no-untyped-def]
    options.setdefault("variants", ["phantom_ship"])
    return deal(board, seat("Cap", caller_hole), seat("Eve", other_hole), caller="Cap", **options)


@BOTH
def test_5_1_phantom_ship_caller_wins_with_four_of_a_kind(readings: IslandReadings) -> None:
    """OPR-538 5.1: matched trips win; each player may use all three hole cards with two."""
    result = phantom("7s 7h 7c", "As Ad Qd", readings=readings)
    cap = player(result, "Cap").best
    assert cap is not None and cap.hand.category is Category.FOUR_OF_A_KIND
    assert len(cap.hole_used) == 3
    assert result.winners == ("Cap",)
    used = {len(p.hole_used) for r in result.players for p in r.per_board}
    assert used == {3} if readings.phantom_ship == "replaces" else used <= {1, 2, 3}


def test_h6_higher_quads_do_not_beat_the_phantom_ship() -> None:
    """OPR-538 5.1, H6: only a straight flush beats the caller, not higher fours of a kind."""
    result = phantom("7s 7h 7c", "Kd Ks Kc", board="7d 3c Kh 8s 4d Qc Jc")
    eve = player(result, "Eve").best
    assert eve is not None and eve.hand.category is Category.FOUR_OF_A_KIND
    assert eve.hand.ranks[0] == 13
    assert result.winners == ("Cap",)
    assert ("OPR-538 5.1", "H6") in citations(result)


def test_h6_wild_straight_flush_beats_the_phantom_ship() -> None:
    """OPR-538 5.1, H6: a straight flush made with a wild deuce beats the caller."""
    result = phantom("7s 7h 7c", "2c 9c Tc", board="7d 3h Jc Qc 4d Qs 5h")
    eve = player(result, "Eve").best
    assert eve is not None and eve.hand.category is Category.STRAIGHT_FLUSH and eve.wilds
    assert result.winners == ("Eve",)


def test_h13_phantom_ship_without_matching_card_fouls_the_caller() -> None:
    """OPR-538 5.1, H13: trips without the fourth card on the board foul; the others play on."""
    result = phantom("7s 7h 7c", "As Ad Qd", board="9d 3c Kh 8s 4d Qc 7d")
    assert player(result, "Cap").fouled
    assert result.winners == ("Eve",)
    assert ("OPR-538 5.1", "H13") in citations(result)


def test_5_1_phantom_ship_called_after_discards_fouls() -> None:
    """OPR-538 5.1: declaring after the discards have begun fouls the caller's hand."""
    result = phantom("7s 7h 7c", "As Ad Qd", called_after_discards=True)
    assert player(result, "Cap").fouled
    assert result.winners == ("Eve",)


def test_5_1_phantom_ship_needs_three_hole_cards_and_a_real_caller() -> None:
    """OPR-538 5.1: under Phantom Ship every hole is three cards; the caller is a player."""
    with pytest.raises(IslandError) as error:
        phantom("7s 7h 7c", "As Ad")
    assert error.value.field == "players.1.hole"
    with pytest.raises(IslandError) as error:
        deal(
            PHANTOM_BOARD,
            seat("Cap", "7s 7h 7c"),
            seat("Eve", "As Ad Qd"),
            variants=["phantom_ship"],
            caller="Zed",
        )
    assert error.value.field == "phantom_ship.caller"


SHIP_BOARD = "7d 9h Th Jh Qh 2c 5s"  # 7d matches the caller; board 3 is 9h Th Jh Qh 2c


@BOTH
def test_h14_5_1_phantom_ship_hands_may_also_be_made_the_usual_way(
    readings: IslandReadings,
) -> None:
    """OPR-538 5.1, 4.1, H14: players "may" use all three hole cards, so the usual ways count.

    Eve's Kh with 9h Th Jh Qh is a king-high straight flush, which beats the Phantom Ship; if
    the host switches H14, every hand is the three hole cards with two board cards, and Eve's
    Kh 4c 3d make no straight flush.
    """
    result = phantom("7s 7h 7c", "Kh 4c 3d", board=SHIP_BOARD, readings=readings)
    eve = player(result, "Eve").best
    assert eve is not None
    ship = next(r for r in result.rulings if r.subject == "Variants" and r.interpretation)
    assert (ship.citation, ship.interpretation) == ("OPR-538 5.1", "H14")
    if readings.phantom_ship == "adds":
        assert (eve.hand.category, eve.hand.ranks) == (Category.STRAIGHT_FLUSH, (13,))
        assert [str(card) for card in eve.hole_used] == ["Kh"]
        assert result.winners == ("Eve",)
        assert ship.text.startswith("In the Phantom Ship showdown each player may also use")
        assert "(house reading H14: all three hole cards" in ship.text
        how = next(r for r in result.rulings if r.subject == "Eve" and r.citation == "OPR-538 4.1")
        assert how.interpretation == "H14" and "house reading H14: " in how.text
    else:
        assert eve.hand.category < Category.STRAIGHT_FLUSH and len(eve.hole_used) == 3
        assert result.winners == ("Cap",)
        assert "(house reading H14, switched by the host: every hand is" in ship.text
    assert ("OPR-538 5.1", "H6") in citations(result)


@BOTH
def test_h14_5_5_playing_the_board_in_a_phantom_ship_showdown(readings: IslandReadings) -> None:
    """OPR-538 5.5, 5.1, H14: under the plain reading a board alone may be played there too.

    Board 3 alone is a king-high straight flush. Played by everyone, it beats the four sevens
    and no one beats it, so all share the pot (5.5); if H14 is switched, Playing the board has
    no effect and the Phantom Ship stands.
    """
    result = phantom(
        "7s 7h 7c",
        "4c 3d 5c",
        board="7d 9h Th Jh Qh Kh 5s",
        variants=["phantom_ship", "playing_the_board"],
        readings=readings,
    )
    eve = player(result, "Eve").best
    assert eve is not None
    if readings.phantom_ship == "adds":
        assert eve.hole_used == () and eve.hand.category is Category.STRAIGHT_FLUSH
        assert result.winners == ("Cap", "Eve")
        assert ("OPR-538 5.5", None) in citations(result)
        assert ("OPR-538 5.1", "H6") in citations(result)
    else:
        assert len(eve.hole_used) == 3
        assert result.winners == ("Cap",)
        ship = next(r for r in result.rulings if r.interpretation == "H14")
        assert "Playing the board has no effect" in ship.text


@BOTH
def test_h13_h14_fouled_call_others_play_on_under_either_reading(
    readings: IslandReadings,
) -> None:
    """OPR-538 5.1, H13, H14: after a fouled call the others' hands are read as H14 says."""
    result = phantom("7s 7h 7c", "Kh 4c 3d", board="9d 9h Th Jh Qh 2c 5s", readings=readings)
    assert player(result, "Cap").fouled
    assert result.winners == ("Eve",)
    eve = player(result, "Eve").best
    assert eve is not None
    expected = Category.STRAIGHT_FLUSH if readings.phantom_ship == "adds" else Category.HIGH_CARD
    assert eve.hand.category is expected


@pytest.mark.parametrize(
    ("previous", "reached", "required", "continues"),
    [
        (None, Category.STRAIGHT, Category.STRAIGHT, True),
        (None, Category.THREE_OF_A_KIND, Category.STRAIGHT, False),
        (Category.STRAIGHT, Category.FLUSH, Category.FLUSH, True),
        (Category.STRAIGHT, Category.FULL_HOUSE, Category.FLUSH, True),
        (Category.FLUSH, Category.FLUSH, Category.FULL_HOUSE, False),
        (Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH, Category.ROYAL_FLUSH, True),
        (Category.ROYAL_FLUSH, Category.ROYAL_FLUSH, None, False),
    ],
)
def test_5_3_h15_secondary_bonus_ladder(
    previous: Category | None, reached: Category, required: Category | None, continues: bool
) -> None:
    """OPR-538 5.3, H15: each Island winner must reach the next rung, straight up to royal."""
    step = bonus_ladder(previous, reached)
    assert (step.required, step.continues) == (required, continues)
    assert step.ruling.citation == "OPR-538 5.3" and step.ruling.interpretation == "H15"


def test_5_3_secondary_bonus_in_a_showdown() -> None:
    """OPR-538 5.3: the example's full house meets a flush qualifier, so the bonus continues."""
    result = deal(
        EXAMPLE,
        seat("A", "Th 8c"),
        seat("B", "9c 4s"),
        variants=["secondary_bonus"],
        bonus_previous=Category.STRAIGHT,
    )
    assert result.bonus is not None and result.bonus.continues
    assert result.as_dict()["secondary_bonus"]["required"] == "flush"


def test_5_variants_are_cited_as_announced() -> None:
    """OPR-538 5, 5.2: every announced variant is a ruling; Arcade Ante changes no hand."""
    result = deal(EXAMPLE, seat("A", "Th 8c"), seat("B", "9c 4s"), variants=["arcade_ante"])
    assert ("OPR-538 5.2", None) in citations(result)
    assert result.winners == ("B",)
    with pytest.raises(IslandError) as error:
        deal(EXAMPLE, seat("A", "Th 8c"), seat("B", "9c 4s"), variants=["jokers_wild"])
    assert error.value.field == "variants"


# --- Deal checks -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "exchanged", "cards", "burns", "fits"),
    [
        (3, 0, 3 * 3 + 7 + 4, 4, True),
        (7, 0, 21 + 7 + 4, 4, True),
        (7, 6, 21 + 7 + 18 + 4, 4, True),
        (7, 7, 52, 3, True),  # 2.5: without the river burn the deck just lasts
    ],
)
def test_2_2_to_2_5_card_accounting(
    table: int, exchanged: int, cards: int, burns: int, fits: bool
) -> None:
    """OPR-538 2.2-2.5, 3.2, 3.4: hole cards, board, burns and replacements fit one deck."""
    count = card_count(table, exchanged)
    assert (count.cards, count.burns, count.fits) == (cards, burns, fits)


def test_2_5_seven_exchanges_omit_the_burn_in_a_showdown() -> None:
    """OPR-538 2.5: with seven players all exchanging, the river burn is left out."""
    result = deal(EXAMPLE, seat("A", "Th 8c"), seat("B", "9c 4s"), table_size=7, exchanged=7)
    assert result.deal is not None and result.deal.cards == 52
    assert ("OPR-538 2.5", None) in citations(result)
    assert result.as_dict()["deal"]["fits"] is True


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"table_size": 2}, "table_size"),
        ({"table_size": 8}, "table_size"),
        ({"exchanged": 3}, "table_size"),
        ({"table_size": 3, "exchanged": 4}, "exchanged"),
        ({"table_size": 3, "exchanged": -1}, "exchanged"),
    ],
)
def test_1_1_table_checks(options: dict[str, int], field: str) -> None:
    """OPR-538 1.1, 2.3: the table seats 3 to 7, and no more can exchange than sit at it."""
    with pytest.raises(IslandError) as error:
        deal(EXAMPLE, seat("A", "Th 8c"), seat("B", "9c 4s"), **options)
    assert error.value.field == field


def test_1_1_more_in_the_hand_than_at_the_table() -> None:
    """OPR-538 1.1: the showdown cannot hold more players than the table."""
    players = [
        seat(n, h) for n, h in (("A", "Th 8c"), ("B", "9c 4s"), ("C", "2c 2d"), ("D", "5h 6h"))
    ]
    with pytest.raises(IslandError) as error:
        deal(EXAMPLE, *players, table_size=3)
    assert error.value.field == "players"


@pytest.mark.parametrize(
    ("board", "holes", "field", "words"),
    [
        ("Kh 4c 9s 9d Jh Qh", ("Th 8c", "9c 4s"), "river", "the split river needs exactly 2"),
        (EXAMPLE, ("Th 8c 7c", "9c 4s"), "players.0.hole", "A's hole needs two"),
        (EXAMPLE, ("Th", "9c 4s"), "players.0.hole", "got 1 card"),
        (EXAMPLE, ("Th 8c", "9c Kh"), "players.1.hole", "Kh is in the first set and in B's hole"),
        (EXAMPLE, ("Th 8c", "Th 4s"), "players.1.hole", "Th is in A's hole and in B's hole"),
        (EXAMPLE, ("Th 8c", "9c X"), "players.1.hole", "Joker"),
        (EXAMPLE, ("Th Th", "9c 4s"), "players.0.hole", "Th is in A's hole 2 times"),
    ],
)
def test_deal_errors_name_the_place(
    board: str, holes: tuple[str, str], field: str, words: str
) -> None:
    """OPR-538 1.1, 3.3: wrong counts, Jokers and duplicates are refused at the right place."""
    cards = parse_cards(board)
    players = [Seat(n, tuple(parse_cards(h))) for n, h in zip("AB", holes, strict=True)]
    with pytest.raises(IslandError) as error:
        showdown(cards[0:2], cards[2:4], cards[4:5], cards[5:7], players)
    assert error.value.field == field
    assert words in str(error.value)


def test_duplicate_names_are_refused() -> None:
    """OPR-538 4.3: winners are named, so two players cannot share a name."""
    with pytest.raises(IslandError) as error:
        deal(EXAMPLE, seat("A", "Th 8c"), seat("A", "9c 4s"))
    assert error.value.field == "players.1.name"


@BOTH
def test_every_citation_is_registered(readings: IslandReadings) -> None:
    """OPR-538 4.3: every ruling of a busy showdown cites an article of the registry."""
    busy = deal(
        "6s 3c 7s 8s Kd 4h Qc",
        seat("Ann", "2s Ts"),
        seat("Bob", "Kh Kc"),
        seat("Cy", "As 5d", discarded=False),
        variants=["straights_with_wilds", "playing_the_board", "arcade_ante", "secondary_bonus"],
        table_size=5,
        exchanged=2,
        readings=readings,
    )
    ship = phantom("7s 7h 7c", "Kh 4c 3d", board=SHIP_BOARD, readings=readings)
    for result in (busy, ship):
        assert all(r.citation in CITATIONS for r in result.rulings)
        assert all(r.interpretation in (None, *INTERPRETATIONS) for r in result.rulings)


# --- Properties ------------------------------------------------------------------------------


def random_deal(
    seed: int, players: int, deck: tuple[Card, ...] = DECK_52
) -> tuple[str, list[Seat]]:
    rng = random.Random(seed)
    cards = rng.sample(deck, 7 + 2 * players)
    board = " ".join(map(str, cards[:7]))
    seats = [Seat(f"P{i}", tuple(cards[7 + 2 * i : 9 + 2 * i])) for i in range(players)]
    return board, seats


SEEDS = st.integers(min_value=0, max_value=2**32)
PLAYERS = st.integers(min_value=2, max_value=7)


@settings(max_examples=60, deadline=None)
@given(SEEDS, PLAYERS)
def test_basic_hand_uses_one_or_two_hole_cards(seed: int, count: int) -> None:
    """OPR-538 4.1, 4.2: a basic-game hand never uses zero or three hole cards."""
    board, seats = random_deal(seed, count)
    for result in deal(board, *seats).players:
        for played in result.per_board:
            assert len(played.hole_used) in (1, 2)
            assert len(played.hand.cards) == 5


@settings(max_examples=60, deadline=None)
@given(SEEDS, PLAYERS)
def test_without_deuces_results_equal_the_standard_evaluator(seed: int, count: int) -> None:
    """OPR-538 1.2, 1.3(c): with no deuce in play every hand is the standard best hand."""
    no_deuces = tuple(card for card in DECK_52 if card.rank != 2)
    board, seats = random_deal(seed, count, no_deuces)
    result = deal(board, *seats)
    for seat_, shown in zip(seats, result.players, strict=True):
        for played, cards in zip(shown.per_board, result.boards, strict=True):
            standard = best_hand([Group(seat_.hole, 1, 2), Group(cards, 3, 4)])
            assert standard is not None
            assert (played.hand.category, played.hand.ranks) == (standard.category, standard.ranks)


@settings(max_examples=60, deadline=None)
@given(SEEDS, PLAYERS, st.randoms(use_true_random=False))
def test_winners_do_not_depend_on_player_order(seed: int, count: int, rng: random.Random) -> None:
    """OPR-538 4.3: the best hand wins wherever its player sits."""
    board, seats = random_deal(seed, count)
    shuffled = list(seats)
    rng.shuffle(shuffled)
    variants = ["straights_with_wilds"] if seed % 2 else []
    first = deal(board, *seats, variants=variants)
    second = deal(board, *shuffled, variants=variants)
    assert set(first.winners) == set(second.winners)


READINGS = st.builds(
    IslandReadings,
    wheel=st.sampled_from(["natural", "best"]),
    flush_ace=st.sampled_from(["top", "gap"]),
    straight_ace=st.sampled_from(["top", "gap"]),
    phantom_ship=st.sampled_from(["adds", "replaces"]),
)


def deal_with_a_wild_pair(seed: int, players: int, suit: str, hole: int) -> tuple[str, list[Seat]]:
    """A random deal holding the deuce and ace of one suit, often with cards that fit them."""
    rng = random.Random(seed)
    pair = [Card(2, suit), Card(14, suit)]
    near = [c for c in DECK_52 if c not in pair and (c.suit == suit or c.rank in (3, 4, 5, 12, 13))]
    count = 7 + hole * players
    cards = pair + rng.sample(near, (count - 2) // 2)
    cards += rng.sample([c for c in DECK_52 if c not in cards], count - len(cards))
    rng.shuffle(cards)
    board = " ".join(map(str, cards[:7]))
    seats = [Seat(f"P{i}", tuple(cards[7 + hole * i : 7 + hole * (i + 1)])) for i in range(players)]
    return board, seats


@settings(max_examples=120, deadline=None)
@given(SEEDS, PLAYERS, READINGS, st.booleans(), st.booleans(), st.sampled_from("shdc"))
def test_a_hand_cites_each_wild_reading_that_decides_it(  # type: ignore[no-untyped-def]
    seed, count, readings, straights, ship, suit
) -> None:
    """OPR-538 1.3(b), 5.4, H1, H4, H5: a reading is cited exactly where the other one changes
    the hand, and the ruling says whether it is the plain reading or a host's switch."""
    board, seats = deal_with_a_wild_pair(seed, count, suit, 3 if ship else 2)
    variants = ["straights_with_wilds"] * straights + ["phantom_ship"] * ship
    caller = {"caller": "P0"} if ship else {}
    result = deal(board, *seats, variants=variants, readings=readings, **caller)
    for name, switch in SWITCHES.items():
        if name == "phantom_ship":
            continue
        other = deal(board, *seats, variants=variants, readings=readings.other(name), **caller)
        for mine, theirs in zip(result.players, other.players, strict=True):
            if mine.best is None or theirs.best is None:
                continue
            decided = dict(mine.decided_by)
            assert (name in decided) == (mine.best.value != theirs.best.value)
            if name not in decided:
                continue
            assert decided[name].value == theirs.best.value
            cited = [
                r.text
                for r in result.rulings
                if r.subject == mine.name and r.interpretation == switch.interpretation
            ]
            switched = getattr(readings, name) != switch.plain
            assert any(("switched by the host" in text) == switched for text in cited)
