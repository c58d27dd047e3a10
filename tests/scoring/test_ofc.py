"""OFC scoring: legality, fouls, royalties, 1-6 scoring, Fantasyland and the rulings."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.ofc import random_table
from scoring.cards import parse_cards
from scoring.hands import Category, evaluate
from scoring.jokers import key_of
from scoring.ofc import OfcError, PlayerBoard, TableResult, score_table


def board(name: str, top: str, middle: str, bottom: str, **extra: object) -> PlayerBoard:
    return PlayerBoard(
        name,
        parse_cards(top),
        parse_cards(middle),
        parse_cards(bottom),
        **extra,  # type: ignore[arg-type]
    )


def citations(result: TableResult) -> set[str]:
    return {ruling.citation for ruling in result.rulings}


def scores(result: TableResult) -> dict[str, int]:
    return {player.name: player.score for player in result.players}


# OFC-BETA 8: Player 1 has QQ on top (7) and a flush at the bottom (4): 11 in royalties. Player 2
# has a king-high top, trips in the middle (2) and a straight at the bottom (2): 4.
ANN_ROWS = ("Qs Qd 7c", "9s 9h 4c 4d 2s", "Ah Jh 8h 6h 3h")
ANN = board("Ann", *ANN_ROWS)
BOB = board("Bob", "Kc 8d 3s", "5s 5h 5c Ad 2h", "6c 7d 8c 9c Td")
BOB_PAIR_OF_TENS = board("Bob", "Kc 8d 3s", "Ts Th 4s 3c 2c", "6c 7d 8c 9c Td")
BOB_TEN_HIGH = board("Bob", "Kc 8d 3s", "Tc 7s 5d 4h 2d", "6c 7d 8c 9c Td")
# An opponent for the Fantasyland tests, sharing no card with any of Ann's boards there.
BOB_FL = board("Bob", "Qh Td 5d", "5c 5h 6c 6d 8c", "Tc Ts 7h 7d 7s")


# --- OFC-BETA's worked examples -----------------------------------------------------------------


def test_worked_example_player_one_scores_eight() -> None:
    """OFC-BETA 8.1: Player 1 wins two rows and loses one (1 point); royalties 7 + 4 = 11
    against 2 + 2 = 4; 1 + 11 - 4 = 8, and Player 2 loses 8."""
    result = score_table("pineapple-ofc", [ANN, BOB])
    ann, bob = result.players
    assert [ann.rows[row].royalty for row in ("top", "middle", "bottom")] == [7, 0, 4]
    assert [bob.rows[row].royalty for row in ("top", "middle", "bottom")] == [0, 2, 2]
    assert (ann.royalties, bob.royalties) == (11, 4)
    matchup = result.matchup("Ann", "Bob")
    assert dict(matchup.rows) == {"top": 1, "middle": -1, "bottom": 1}
    assert (matchup.sweep, matchup.royalties, matchup.foul, matchup.points) == (0, 7, 0, 8)
    assert scores(result) == {"Ann": 8, "Bob": -8}


def test_worked_example_sweep_scores_fifteen() -> None:
    """OFC-BETA 8.2: with a pair of tens in Player 2's middle, Player 1 wins all three rows, 3
    points and 3 more for the sweep; Player 2's royalties fall to 2: 3 + 3 + 11 - 2 = 15."""
    result = score_table("pineapple-ofc", [ANN, BOB_PAIR_OF_TENS])
    matchup = result.matchup("Ann", "Bob")
    assert dict(matchup.rows) == {"top": 1, "middle": 1, "bottom": 1}
    assert (matchup.sweep, matchup.royalties, matchup.points) == (3, 11 - 2, 15)
    assert scores(result) == {"Ann": 15, "Bob": -15}
    assert "OFC-BETA 6.3" in citations(result)


def test_worked_example_foul_scores_seventeen() -> None:
    """OFC-BETA 8.3: a ten-high middle is weaker than the king-high top, so Player 2 fouls: no
    rows compared, Player 2 pays 6 plus Player 1's royalties, 6 + 11 = 17."""
    result = score_table("pineapple-ofc", [ANN, BOB_TEN_HIGH])
    bob = result.players[1]
    assert bob.fouled
    assert bob.foul_reason is not None and "top row (king high" in bob.foul_reason
    assert bob.royalties == 0 and all(row.royalty == 0 for row in bob.rows.values())
    matchup = result.matchup("Ann", "Bob")
    assert dict(matchup.rows) == {"top": 0, "middle": 0, "bottom": 0}
    assert (matchup.foul, matchup.royalties, matchup.points) == (6, 11, 17)
    assert scores(result) == {"Ann": 17, "Bob": -17}
    assert {"OFC-BETA 1.2", "OFC-BETA 6.5"} <= citations(result)


# --- Fouls and comparisons ----------------------------------------------------------------------


def test_queens_seven_on_top_stands_above_queens_seven_five_four() -> None:
    """OFC-BETA 3.3: QQ7 on top is fine above QQ754: every rank of the top matches, so the
    middle is stronger."""
    result = score_table(
        "pineapple-ofc",
        [
            board("Ann", "Qs Qd 7c", "Qh Qc 7d 5s 4h", "2s 2h 2d 3c 3d"),
            board("Bob", "Ks 9d 6c", "Kc Jc 8c 6d 3s", "As Ah 9s 9h 4c"),
        ],
    )
    assert not result.players[0].fouled
    assert "OFC-BETA 3.3" in citations(result)


def test_queens_seven_on_top_fouls_above_queens_six_five_four() -> None:
    """OFC-BETA 3.3: QQ7 on top fouls above QQ654."""
    result = score_table(
        "pineapple-ofc",
        [
            board("Ann", "Qs Qd 7c", "Qh Qc 6d 5s 4h", "2s 2h 2d 3c 3d"),
            board("Bob", "Ks 9d 6c", "Kc Jc 8c 6h 3s", "As Ah 9s 9h 4c"),
        ],
    )
    ann = result.players[0]
    assert ann.fouled
    assert ann.foul_reason is not None and "stronger than the middle row" in ann.foul_reason


def test_three_suited_or_connected_cards_on_top_are_only_high_card() -> None:
    """OFC-BETA 3.2: three cards in sequence or of one suit on top are no straight or flush,
    so Q K A of hearts stands above a pair of twos."""
    result = score_table(
        "pineapple-ofc",
        [
            board("Ann", "Qh Kh Ah", "2s 2d 5c 7d 9s", "3s 3d 3c 8h 8d"),
            board("Bob", "4s 4d 6c", "Js Jd 6d 6h Ts", "Tc Td Th 9h 9d"),
        ],
    )
    assert not result.players[0].fouled
    assert result.players[0].rows["top"].hand.category == Category.HIGH_CARD


def test_a_middle_stronger_than_the_bottom_fouls() -> None:
    """OFC-BETA 1.2: the bottom must be at least as strong as the middle."""
    result = score_table(
        "pineapple-ofc",
        [
            board("Ann", "2s 3d 4c", "Ks Kd Kc 7h 7d", "5s 5d 9c Th Jc"),
            board("Bob", "As Ad 4h", "6s 6d 9h 2c 3c", "Qs Qd Qc 8h 8d"),
        ],
    )
    assert [player.fouled for player in result.players] == [True, True]
    assert scores(result) == {"Ann": 0, "Bob": 0}


def test_two_fouled_boards_score_nothing_against_each_other() -> None:
    """OFC-BETA 6.5 and pineapple-2p-v1 Both players foul: two fouls score 0."""
    ann = board("Ann", "As Ad 4c", "5s 5d 9c Th Jc", "Ks Kd Kc 7h 7d")
    bob = board("Bob", "Ah Ac 4h", "6s 6d 9h 2c 3c", "Qs Qd Qc 8h 8d")
    result = score_table("pineapple-2p-v1", [ann, bob])
    assert scores(result) == {"Ann": 0, "Bob": 0}
    assert "pineapple-2p-v1 Both players foul" in citations(result)


def test_a_foul_pays_six_plus_the_opponents_royalties_in_pineapple_2p_v1() -> None:
    """pineapple-2p-v1 Foul payout: the fouling player pays 6 plus the opponent's royalties."""
    result = score_table("pineapple-2p-v1", [ANN, BOB_TEN_HIGH])
    assert scores(result) == {"Ann": 17, "Bob": -17}
    assert {"pineapple-2p-v1 Foul payout", "pineapple-2p-v1 Foul definition"} <= citations(result)


def test_suits_never_break_a_tie_and_a_tied_row_prevents_the_sweep() -> None:
    """OFC-BETA 3.1 (suits never break a tie), 6.2 (equal rows score nothing) and
    pineapple-2p-v1 Row ties (a tie prevents the scoop): two rows won, one tied, 2 points."""
    ann = board("Ann", "Ks Kc 2c", "Ah Kh 9h 6h 3h", "Js Jc Jh 8s 8c")
    bob = board("Bob", "Qs Qd 2d", "Ad Kd 9d 6d 3d", "Ts Tc Th 8h 8d")
    result = score_table("pineapple-2p-v1", [ann, bob])
    matchup = result.matchup("Ann", "Bob")
    assert dict(matchup.rows) == {"top": 1, "middle": 0, "bottom": 1}
    assert matchup.sweep == 0
    # Royalties: KK 8 + flush middle 8 + full house bottom 6 = 22; QQ 7 + 8 + 6 = 21.
    assert matchup.points == 2 + 22 - 21
    assert {"OFC-BETA 3.1", "pineapple-2p-v1 Row ties"} <= citations(result)


def test_the_wheel_is_the_lowest_straight() -> None:
    """OFC-BETA 3.1 and 7.1: in A-2-3-4-5 the five is the high card, so it loses to 2-6."""
    ann = board("Ann", "2s 3d 7c", "Kc Kd 9c 8h 7d", "Ah 2h 3c 4d 5s")
    bob = board("Bob", "2d 3h 8c", "Ks Kh Tc 8s 7s", "2c 3s 4h 5d 6s")
    matchup = score_table("pineapple-ofc", [ann, bob]).matchup("Ann", "Bob")
    assert matchup.rows["bottom"] == -1


def test_royalties_come_back_as_rulings_with_their_citation() -> None:
    """OFC-BETA 6.4, 6.7 and 6.8: each royalty is a ruling; a bottom of trips pays nothing."""
    result = score_table("pineapple-ofc", [ANN, BOB])
    texts = [(r.citation, r.subject, r.text) for r in result.rulings]
    assert (
        "OFC-BETA 6.7",
        "Ann",
        "Ann's top row, pair of queens, seven kicker, pays a royalty of 7.",
    ) in texts
    assert any(c == "OFC-BETA 6.8" and s == "Bob" and "three fives" in t for c, s, t in texts)


@pytest.mark.parametrize(
    ("middle", "royalty"),
    [
        ("9c 9h 2c 2d 3s", 0),
        ("9c 9h 9d 2d 3s", 2),
        ("5s 6h 7c 8d 9c", 4),
        ("2h 5h 7h 9h Jh", 8),
        ("9c 9h 9d 2d 2s", 12),
        ("9c 9h 9d 9s 2s", 20),
        ("5h 6h 7h 8h 9h", 30),
    ],
)
def test_middle_royalty_boundaries_in_a_scored_board(middle: str, royalty: int) -> None:
    """pineapple-2p-v1 Middle royalties on a board under a royal flush bottom (25)."""
    ann = board("Ann", "3c 4d 6s", middle, "As Ks Qs Js Ts")
    bob = board("Bob", "Kc Qd Jc", "Ac Ad Kd Kh 8c", "Tc Td Th 4c 4h")
    result = score_table("pineapple-2p-v1", [ann, bob])
    assert result.players[0].rows["middle"].royalty == royalty
    assert result.players[0].rows["bottom"].royalty == 25


@pytest.mark.parametrize("ruleset", ["pineapple-ofc", "pineapple-2p-v1", "joker-ofc"])
@pytest.mark.parametrize(
    ("top", "royalty"),
    [
        ("Ac Kd Qs", 0),
        ("5s 5d Ac", 0),
        ("6s 6d Ac", 1),
        ("Js Jd Ac", 6),
        ("Qs Qd 2c", 7),
        ("Ks Kd Ac", 8),
        ("As Ad Kc", 9),
        ("2s 2d 2c", 10),
        ("5s 5d 5c", 13),
        ("As Ad Ac", 22),
    ],
)
def test_top_royalty_boundaries_in_a_scored_board(ruleset: str, top: str, royalty: int) -> None:
    """pineapple-2p-v1 Top royalties and OFC-BETA 6.7: 55 pays nothing, 66 pays 1 up to AA 9,
    222 pays 10 up to AAA 22 (QQ 7 and 555 13 are OFC-BETA's own figures); the pair's rank
    counts, not a higher kicker (66A pays 1)."""
    ann = board("Ann", top, "8h 8c 8d 8s 3h", "9h Th Jh Qh Kh")
    bob = board("Bob", "4c 4d 7s", "7h 7c 7d 2h 3c", "Tc Td Ts 9c 9d")
    player = score_table(ruleset, [ann, bob]).players[0]
    assert not player.fouled
    assert player.rows["top"].royalty == royalty


@pytest.mark.parametrize(
    ("bottom", "royalty"),
    [
        ("9c 9h 9d 2d 3s", 0),
        ("5s 6h 7c 8d 9c", 2),
        ("2h 5h 7h 9h Jh", 4),
        ("9c 9h 9d 2d 2s", 6),
        ("9c 9h 9d 9s 2s", 10),
        ("5h 6h 7h 8h 9h", 15),
        ("As Ks Qs Js Ts", 25),
    ],
)
def test_bottom_royalty_boundaries_in_a_scored_board(bottom: str, royalty: int) -> None:
    """pineapple-2p-v1 Bottom royalties (OFC-BETA 6.8): trips at the bottom pay nothing, a
    straight 2, flush 4, full house 6, quads 10, straight flush 15, royal flush 25."""
    ann = board("Ann", "2c 3d 4s", "Kc Jd 8s 6c 4h", bottom)
    bob = board("Bob", "Ad Qc 3c", "Ac Ah Kd Kh 8c", "Tc Td Th 4c 4d")
    player = score_table("pineapple-2p-v1", [ann, bob]).players[0]
    assert not player.fouled
    assert player.rows["bottom"].royalty == royalty


def test_royal_flushes_made_with_a_joker_pay_their_royalties() -> None:
    """JOKER-OFC 5.1: a royal flush made with a Joker earns its royalty (middle 50, pineapple-2p-v1
    Middle royalties); it may tie a natural royal flush below it (OFC-BETA 1.2: at least as
    strong). Ann loses the top, wins two rows: 1 point, plus 50 + 25 against Bob's straight, 2."""
    ann = board("Ann", "2c 3h 4s", "X Ks Qs Js Ts", "Ah Kh Qh Jh Th")
    bob = board("Bob", "Ac 8c 3s", "Td Tc 4c 3c 2h", "6d 7s 8h 9h 5c")
    result = score_table("joker-ofc", [ann, bob])
    rows = result.players[0].rows
    assert rows["middle"].jokers == tuple(parse_cards("As"))
    assert rows["middle"].hand.category == Category.ROYAL_FLUSH
    assert (rows["middle"].royalty, rows["bottom"].royalty) == (50, 25)
    assert scores(result) == {"Ann": 1 + 75 - 2, "Bob": -(1 + 75 - 2)}


CY = board("Cy", "As 5d 4h", "Jc Js 3c 3d Tc", "Kh Kd Ks Qc Qh")


# --- Three players --------------------------------------------------------------------------------


def test_three_players_each_score_the_sum_of_their_matchups() -> None:
    """OFC-BETA 6.1 and 6.6: each board scores against each opponent, the hand score is the sum,
    and whatever one scores the other loses."""
    result = score_table("pineapple-ofc", [ANN, BOB, CY])
    for player in result.players:
        mine = [m.points for m in result.matchups if m.player == player.name]
        assert player.score == sum(mine)
    assert sum(scores(result).values()) == 0
    assert len(result.matchups) == 6
    assert "OFC-BETA 6.6" in citations(result)


# --- Legality -----------------------------------------------------------------------------------


def errors_of(ruleset: str, boards: Sequence[PlayerBoard]) -> dict[str, list[str]]:
    with pytest.raises(OfcError) as caught:
        score_table(ruleset, boards)
    return caught.value.errors


def test_a_row_needs_its_number_of_cards() -> None:
    """OFC-BETA 1.1: rows of 3, 5 and 5 cards."""
    errors = errors_of(
        "pineapple-ofc", [board("Ann", "Qs Qd", "9s 9h 4c 4d 2s", "Ah Jh 8h 6h 3h"), BOB]
    )
    assert errors == {
        "players.0.top": ["Ann's top row needs 3 cards, not 2 (OFC-BETA 1.1): e.g. As Kd 7c"]
    }


def test_a_card_twice_on_the_table_names_both_places() -> None:
    """OFC-BETA 2.1: one deck, each card once; the error sits at the second place."""
    bob = board("Bob", "Kc 8d 3s", "5s 5h 5c Ad 2h", "6c 7d 8c 9c Qs")
    errors = errors_of("pineapple-ofc", [ANN, bob])
    assert errors == {
        "players.1.bottom": [
            "Qs is in Ann's top row and in Bob's bottom row: each card is in the deck once"
        ]
    }


def test_a_card_twice_in_one_row() -> None:
    """OFC-BETA 2.1 and JOKER-OFC 3.3: no two identical cards in one row."""
    errors = errors_of(
        "pineapple-ofc", [board("Ann", "Qs Qs 7c", "9s 9h 4c 4d 2s", "Ah Jh 8h 6h 3h"), BOB]
    )
    assert errors == {
        "players.0.top": ["Qs is in Ann's top row 2 times: each card is in the deck once"]
    }


def test_no_joker_outside_joker_ofc() -> None:
    """OFC-BETA 2.1: a standard deck without Jokers."""
    errors = errors_of(
        "pineapple-ofc", [board("Ann", "Qs Qd X", "9s 9h 4c 4d 2s", "Ah Jh 8h 6h 3h"), BOB]
    )
    assert list(errors) == ["players.0.top"]
    assert "without Jokers (OFC-BETA 2.1); choose Joker OFC" in errors["players.0.top"][0]


def test_no_more_than_two_jokers_on_the_table() -> None:
    """JOKER-OFC 2.1: 52 cards plus 2 Jokers; discards count too."""
    ann = board("Ann", "Qs Qd X", "9s 9h 4c 4d X", "Ah Jh 8h 6h 3h")
    bob = board(
        "Bob", "Kc 8d 3s", "5s 5h 5c Ad 2h", "6c 7d 8c 9c Td", discards=parse_cards("X 2c 3c 4s")
    )
    errors = errors_of("joker-ofc", [ann, bob])
    assert errors == {
        "players.1.discards": [
            "a Joker too many in Bob's discards: the Joker OFC deck has only 2 (JOKER-OFC 2.1)"
        ]
    }


def test_a_row_with_several_jokers_too_many_gets_one_message() -> None:
    """JOKER-OFC 2.1: two Jokers in the deck; the row holding the extra ones says how many."""
    ann = board("Ann", "X X 7c", "9s 9h 4c 4d 2s", "Ah Jh 8h 6h 3h")
    bob = board("Bob", "Kc 8d 3s", "X X 5c Ad 2h", "6c 7d 8c 9c Td")
    assert errors_of("joker-ofc", [ann, bob]) == {
        "players.1.middle": [
            "2 Jokers too many in Bob's middle row: the Joker OFC deck has only 2 (JOKER-OFC 2.1)"
        ]
    }


def test_a_joker_may_be_discarded() -> None:
    """JOKER-OFC 6.1: a Joker may be the card discarded."""
    bob = board(
        "Bob", "Kc 8d 3s", "5s 5h 5c Ad 2h", "6c 7d 8c 9c Td", discards=parse_cards("X 2c 3c 4s")
    )
    assert scores(score_table("joker-ofc", [ANN, bob])) == {"Ann": 8, "Bob": -8}


@pytest.mark.parametrize(
    ("ruleset", "count", "message"),
    [
        (
            "pineapple-2p-v1",
            3,
            "Heads-up Pineapple OFC takes exactly 2 players; got 3 "
            "(pineapple-2p-v1 Number of players)",
        ),
        ("pineapple-ofc", 1, "Pineapple OFC takes 2 or 3 players; got 1 (OFC-BETA 2.1)"),
        ("joker-ofc", 4, "Joker OFC takes 2 or 3 players; got 4 (JOKER-OFC 7.1)"),
    ],
)
def test_player_count_per_ruleset(ruleset: str, count: int, message: str) -> None:
    """pineapple-2p-v1 Number of players (two); OFC-BETA 2.1 and JOKER-OFC 7.1 (2-3, H11)."""
    boards = random_table(random.Random(count), players=count, jokers=0)
    assert errors_of(ruleset, boards) == {"players": [message]}


def test_two_players_may_play_joker_ofc() -> None:
    """JOKER-OFC 7.1 describes three players; H11: two may use the same rules."""
    result = score_table("joker-ofc", [ANN, BOB])
    assert any(r.interpretation == "H11" and r.citation == "JOKER-OFC 7.1" for r in result.rulings)


def test_discards_are_four_in_a_normal_hand() -> None:
    """OFC-BETA 2.1: 17 cards a player, 13 on the board and 4 discarded."""
    ann = board(
        "Ann", "Qs Qd 7c", "9s 9h 4c 4d 2s", "Ah Jh 8h 6h 3h", discards=parse_cards("2c 3c 4s")
    )
    errors = errors_of("pineapple-ofc", [ann, BOB])
    assert errors == {
        "players.0.discards": [
            "Ann discards 4 cards in a normal hand (17 dealt, 13 placed), not 3 (OFC-BETA 2.1)"
        ]
    }


def test_a_discard_is_a_card_of_the_deck_like_any_other() -> None:
    """OFC-BETA 2.1: a discarded card cannot also be on a board."""
    ann = board(
        "Ann", "Qs Qd 7c", "9s 9h 4c 4d 2s", "Ah Jh 8h 6h 3h", discards=parse_cards("2c 3c 4s Kc")
    )
    errors = errors_of("pineapple-ofc", [ann, BOB])
    assert errors == {
        "players.1.top": [
            "Kc is in Ann's discards and in Bob's top row: each card is in the deck once"
        ]
    }


def test_no_fantasyland_flag_in_pineapple_ofc() -> None:
    """OFC-BETA 9.1: no Fantasyland, so no board can be a Fantasyland hand."""
    ann = board("Ann", "Qs Qd 7c", "9s 9h 4c 4d 2s", "Ah Jh 8h 6h 3h", in_fantasyland=True)
    errors = errors_of("pineapple-ofc", [ann, BOB])
    assert list(errors) == ["players.0.in_fantasyland"]


def test_two_players_need_different_names() -> None:
    """DESIGN.md: matchups name the players, so names must differ."""
    errors = errors_of(
        "pineapple-ofc", [ANN, board("Ann", "Kc 8d 3s", "5s 5h 5c Ad 2h", "6c 7d 8c 9c Td")]
    )
    assert list(errors) == ["players.1.name"]


def test_unnamed_players_are_numbered() -> None:
    """DESIGN.md: names are optional."""
    result = score_table("pineapple-ofc", [PlayerBoard("", ANN.top, ANN.middle, ANN.bottom), BOB])
    assert [p.name for p in result.players] == ["Player 1", "Bob"]


# --- Fantasyland ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("top", "qualifies"),
    [("Js Jd 7c", False), ("Qs Qd 7c", True), ("As Ad Kc", True), ("2s 2d 2c", True)],
)
def test_pineapple_2p_v1_fantasyland_qualification(top: str, qualifies: bool) -> None:
    """pineapple-2p-v1 Fantasyland qualification: QQ or better on top of a valid board, 14
    cards; recorded and reported (pineapple-2p-v1 Fantasyland hands)."""
    ann = board("Ann", top, "9s 9h 9c 4d 3s", "Ah Jh 8h 6h 3h")
    result = score_table("pineapple-2p-v1", [ann, BOB_FL])
    fantasyland = result.players[0].fantasyland
    assert fantasyland is not None
    assert (fantasyland.qualifies, fantasyland.cards, fantasyland.stays) == (
        qualifies,
        14 if qualifies else None,
        False,
    )
    if qualifies:
        assert "pineapple-2p-v1 Fantasyland hands" in citations(result)


def test_a_fouled_board_never_qualifies_for_fantasyland() -> None:
    """pineapple-2p-v1 Fantasyland qualification: only a valid board qualifies."""
    ann = board("Ann", "As Ad 7c", "9s 9h 4c 2d 3s", "Ah Jh 8h 6h 3h")
    result = score_table("pineapple-2p-v1", [ann, BOB_FL])
    fantasyland = result.players[0].fantasyland
    assert result.players[0].fouled
    assert fantasyland is not None and not fantasyland.qualifies
    assert (
        "pineapple-2p-v1 Fantasyland qualification",
        "Ann's top row is pair of aces, seven kicker, but the board fouls, so it earns no "
        "Fantasyland.",
    ) in [(r.citation, r.text) for r in result.rulings]


def test_queens_on_top_earn_nothing_in_pineapple_ofc() -> None:
    """OFC-BETA 9.1: no Fantasyland; the result says so."""
    result = score_table("pineapple-ofc", [ANN, BOB])
    assert result.players[0].fantasyland is None
    assert "OFC-BETA 9.1" in citations(result)


@pytest.mark.parametrize(
    ("top", "middle", "bottom", "stays"),
    [
        ("2s 2d 2c", "9s 9h 9c 4d 3s", "Ah Jh 8h 6h 3h", True),
        ("As Ad 7c", "9s 9h 9c 4d 4s", "Kh Ks Kd 3h 3c", True),
        ("As Ad 7c", "9s 9h 4c 4d 3s", "Kh Ks Kd Kc 3h", True),
        ("As Ad 7c", "9s Th Jc Qd Ks", "Ah Jh 8h 6h 3h", False),
        ("As Ad 7c", "2s 4s 8s 9s Js", "Kh Ks Kd 3h 3c", False),
        ("As Ad 7c", "9s 9h 4c 4d 3s", "Kh Ks Kd 3h 3c", False),
        ("As Ad Ac", "9s 9h 4c 4d 3s", "Kh Ks Kd Kc 3h", False),
    ],
)
def test_pineapple_2p_v1_fantasyland_stay(top: str, middle: str, bottom: str, stays: bool) -> None:
    """pineapple-2p-v1 Fantasyland stay: trips on top, a full house or better in the middle, or
    quads or better at the bottom; a flush in the middle, a full house at the bottom or a board
    that fouls (three aces over two pair) does not keep the player there; H30: a Fantasyland
    board is scored and its stay reported; a Fantasyland player discards 1 of 14
    (pineapple-2p-v1 Fantasyland deal size)."""
    ann = board("Ann", top, middle, bottom, in_fantasyland=True, discards=parse_cards("2h"))
    result = score_table("pineapple-2p-v1", [ann, BOB_FL])
    fantasyland = result.players[0].fantasyland
    assert fantasyland is not None
    assert (fantasyland.stays, fantasyland.qualifies) == (stays, stays)
    assert fantasyland.cards == (14 if stays else None)
    assert any(r.interpretation == "H30" for r in result.rulings)


@pytest.mark.parametrize(
    ("top", "cards"),
    [("Js Jd 7c", None), ("Qs Qd 7c", 14), ("Ks Kd 7c", 15), ("As Ad 7c", 16), ("2s 2d 2c", 17)],
)
def test_joker_ofc_ultimate_fantasyland_entry(top: str, cards: int | None) -> None:
    """JOKER-OFC 7.2: QQ 14, KK 15, AA 16, trips 17."""
    ann = board("Ann", top, "9s 9h 9c 4d 3s", "Ah Jh 8h 6h 3h")
    fantasyland = score_table("joker-ofc", [ann, BOB_FL]).players[0].fantasyland
    assert fantasyland is not None
    assert fantasyland.cards == cards


@pytest.mark.parametrize(("middle", "cards"), [("5s 6h 7c 8d 9d", 17), ("5s 5h 7c 7d 9d", 16)])
def test_joker_on_top_fantasyland_uses_the_resolved_row(middle: str, cards: int) -> None:
    """JOKER-OFC 5.2: top AA + Joker over a straight is three aces (17 cards); over two pair it
    is a pair of aces (16 cards)."""
    ann = board("Ann", "Ac Ad X", middle, "Kh Kd Ks 2c 2d")
    bob = board("Bob", "Qs Jd 3s", "Ts Th 4s 3c 2h", "6c 7s 8c 9c Td")
    result = score_table("joker-ofc", [ann, bob])
    fantasyland = result.players[0].fantasyland
    assert fantasyland is not None and fantasyland.cards == cards
    assert "JOKER-OFC 5.2" in citations(result)


def test_in_fantasyland_three_aces_keep_the_count_entered_with() -> None:
    """JOKER-OFC 5.3 (H33): already in Fantasyland with 15 cards, three aces on top keep the
    player there with 15 cards, not 17; H32: 15 dealt, 13 set, 2 discarded."""
    ann = board(
        "Ann",
        "Ac Ad X",
        "5s 6h 7c 8d 9d",
        "Kh Kd Ks 2c 2d",
        in_fantasyland=True,
        fantasyland_cards=15,
        discards=parse_cards("3c 4c"),
    )
    bob = board("Bob", "Qs Jd 3s", "Ts Th 4s 3h 2h", "6c 7s 8c 9c Td")
    result = score_table("joker-ofc", [ann, bob])
    fantasyland = result.players[0].fantasyland
    assert fantasyland is not None
    assert (fantasyland.stays, fantasyland.cards) == (True, 15)
    assert {r.interpretation for r in result.rulings} >= {"H32", "H33"}


# An opponent sharing no card with any of Ann's boards in the Joker OFC stay tests.
BOB_STAY = board("Bob", "Qc Jd 3d", "Ts Th 4s 3c 2h", "6c 7s 8c 9c Td")


@pytest.mark.parametrize(
    ("top", "middle", "bottom", "stays"),
    [
        ("As Ad 7c", "9s 9h 4c 4d 3s", "Kh Ks Kd Kc 3h", True),
        ("As Ad 7c", "9s 9h 4c 4d 3s", "3h 4h 5h 6h 7h", True),
        ("2s 2d 2c", "9s 9h 9d 4d 3s", "Ah Jh 8h 6h 3h", True),
        ("As Ad 7c", "9s 9h 4c 4d 3s", "Kh Ks Kd 5c 5d", False),
        ("As Ad Ac", "9s 9h 4c 4d 3s", "Kh Ks Kd Kc 3h", False),
    ],
)
def test_joker_ofc_fantasyland_stay_keeps_the_count(
    top: str, middle: str, bottom: str, stays: bool
) -> None:
    """JOKER-OFC 7.2: a player in Fantasyland stays with trips on top or quads or better at the
    bottom (a straight flush is better), keeping the count entered with (JOKER-OFC 5.3); a full
    house at the bottom or a pair of aces on top does not keep them there, nor does a board that
    fouls (three aces over two pair), whatever its bottom."""
    ann = board("Ann", top, middle, bottom, in_fantasyland=True, fantasyland_cards=15)
    result = score_table("joker-ofc", [ann, BOB_STAY])
    fantasyland = result.players[0].fantasyland
    assert fantasyland is not None
    assert (fantasyland.stays, fantasyland.cards) == ((True, 15) if stays else (False, None))


def test_joker_ofc_fantasyland_size_comes_from_the_discards() -> None:
    """JOKER-OFC 7.2 with H32: a player dealt 16 sets 13 and discards 3, so three discards tell
    the deal size; without them or the size, the engine asks."""
    ann = board(
        "Ann",
        "Qs Qd 7c",
        "9s 9h 4c 4d 2s",
        "Ah Jh 8h 6h 3h",
        in_fantasyland=True,
        discards=parse_cards("2c 3c 4s"),
    )
    fantasyland = score_table("joker-ofc", [ann, BOB]).players[0].fantasyland
    assert fantasyland is not None and not fantasyland.stays
    unknown = board("Ann", "Qs Qd 7c", "9s 9h 4c 4d 2s", "Ah Jh 8h 6h 3h", in_fantasyland=True)
    assert list(errors_of("joker-ofc", [unknown, BOB])) == ["players.0.fantasyland_cards"]


def test_joker_ofc_middle_full_house_does_not_keep_fantasyland() -> None:
    """JOKER-OFC 7.2: stay with trips on top or quads or better at the bottom only."""
    ann = board(
        "Ann",
        "As Ad 7c",
        "9s 9h 9c 4d 4s",
        "Kh Ks Kd 3h 3c",
        in_fantasyland=True,
        fantasyland_cards=14,
    )
    result = score_table("joker-ofc", [ann, BOB_FL])
    fantasyland = result.players[0].fantasyland
    assert not result.players[0].fouled
    assert fantasyland is not None and not fantasyland.stays and fantasyland.cards is None


# --- Shape --------------------------------------------------------------------------------------


def test_as_dict_has_the_design_shape() -> None:
    """DESIGN.md POST /api/ofc/score/: the response fields and their names."""
    data = score_table("pineapple-2p-v1", [ANN, BOB]).as_dict()
    assert set(data) >= {"ruleset", "players", "matchups", "rulings"}
    player = data["players"][0]
    assert set(player) >= {"name", "fouled", "royalties", "score", "rows", "fantasyland"}
    assert player["rows"]["top"] == {
        "cards": ["Qs", "Qd", "7c"],
        "resolved": ["Qs", "Qd", "7c"],
        "category": "pair",
        "hand": "Pair of queens, seven kicker",
        "royalty": 7,
        "jokers": [],
    }
    assert player["fantasyland"] == {
        "qualifies": True,
        "cards": 14,
        "stays": False,
        "in_fantasyland": False,
    }
    assert data["matchups"][0] == {
        "player": "Ann",
        "opponent": "Bob",
        "rows": {"top": 1, "middle": -1, "bottom": 1},
        "sweep": 0,
        "majority": 0,  # 2-4 scoring's point; 1-6 has none
        "royalties": 7,
        "foul": 0,
        "points": 8,
    }
    assert set(data["rulings"][0]) >= {"citation", "subject", "text"}
    assert score_table("pineapple-ofc", [ANN, BOB]).as_dict()["players"][0]["fantasyland"] is None


# --- Properties -----------------------------------------------------------------------------------


@st.composite
def tables(draw: st.DrawFn, jokers: bool = False) -> list[PlayerBoard]:
    """A random finished table of 2 or 3 players from one deck (Jokers optional)."""
    count = draw(st.integers(2, 3))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    return random_table(rng, players=count, jokers=draw(st.integers(0, 2)) if jokers else 0)


@settings(max_examples=80, deadline=None)
@given(tables(jokers=True))
def test_the_table_sums_to_zero(boards: list[PlayerBoard]) -> None:
    """OFC-BETA 6.1: whatever one player scores, the other loses, so the table sums to zero."""
    result = score_table("joker-ofc", boards)
    assert sum(scores(result).values()) == 0


@settings(max_examples=80, deadline=None)
@given(tables())
def test_matchups_are_symmetric(boards: list[PlayerBoard]) -> None:
    """OFC-BETA 6.1-6.5: A against B is exactly minus B against A, part by part."""
    result = score_table("pineapple-ofc", boards)
    for ab in result.matchups:
        ba = result.matchup(ab.opponent, ab.player)
        assert {row: -points for row, points in ab.rows.items()} == dict(ba.rows)
        assert (ab.sweep, ab.royalties, ab.foul, ab.points) == (
            -ba.sweep,
            -ba.royalties,
            -ba.foul,
            -ba.points,
        )
        assert ab.points == sum(ab.rows.values()) + ab.sweep + ab.royalties + ab.foul


@settings(max_examples=50, deadline=None)
@given(tables(jokers=True), st.randoms(use_true_random=False))
def test_scores_do_not_depend_on_the_order_of_players(
    boards: list[PlayerBoard], rng: random.Random
) -> None:
    """OFC-BETA 6.1 and 6.6: each board is scored against each other; seat order is irrelevant."""
    shuffled = boards[:]
    rng.shuffle(shuffled)
    assert scores(score_table("joker-ofc", boards)) == scores(score_table("joker-ofc", shuffled))


@settings(max_examples=150, deadline=None)
@given(tables())
def test_a_board_without_jokers_fouls_exactly_when_its_order_is_broken(
    boards: list[PlayerBoard],
) -> None:
    """OFC-BETA 1.2 and 3.3: a board fouls exactly when the middle beats the bottom or the top
    beats the middle."""
    result = score_table("pineapple-ofc", boards)
    for entered, scored in zip(boards, result.players, strict=True):
        top, middle, bottom = (
            key_of(evaluate(cards)) for cards in (entered.top, entered.middle, entered.bottom)
        )
        assert scored.fouled == (not top <= middle <= bottom)
        if scored.fouled:
            assert scored.royalties == 0


def test_every_pair_of_players_has_both_matchups() -> None:
    """OFC-BETA 6.1: every board is scored against each opponent in turn."""
    result = score_table("pineapple-ofc", [ANN, BOB, CY])
    pairs = {(m.player, m.opponent) for m in result.matchups}
    assert pairs == set(itertools.permutations(["Ann", "Bob", "Cy"], 2))


# --- Jokers in a scored table -----------------------------------------------------------------


def test_a_joker_board_that_cannot_be_ordered_fouls_with_its_rulings() -> None:
    """JOKER-OFC 4.2: no resolution keeps the order, so the board fouls and pays 6 plus the
    opponent's royalties (OFC-BETA 6.5); H10: each Joker is shown at its row's strongest."""
    ann = board("Ann", "As Ad X", "2d 3d 4h 5s 7h", "9h 9d 8h 8s X")
    result = score_table("joker-ofc", [ann, BOB_PAIR_OF_TENS])
    assert result.players[0].fouled
    assert result.players[0].rows["top"].jokers == tuple(parse_cards("Ah"))
    found = {(r.citation, r.interpretation) for r in result.rulings}
    assert {("JOKER-OFC 4.2", None), ("JOKER-OFC 4.2", "H10")} <= found
    assert scores(result) == {"Ann": -(6 + 2), "Bob": 6 + 2}


def test_joker_rulings_name_the_rule_that_limited_each_joker() -> None:
    """JOKER-OFC 3.2 (no five of a kind), 3.3 (no duplicate in a row), 3.4 (rows independent),
    each with the Joker's card; H12 when several cards were equal."""
    ann = board("Ann", "2c 4c 5h", "Ad Kd 8d 3d X", "Js Jh Jc Jd X")
    bob = board("Bob", "As 8c 3s", "Ts Th 4s 3c 2h", "6c 7d 8h 9c Td")
    result = score_table("joker-ofc", [ann, bob])
    rows = result.players[0].rows
    assert not result.players[0].fouled
    assert rows["middle"].jokers == tuple(parse_cards("Qd"))
    assert rows["bottom"].jokers == tuple(parse_cards("As"))
    texts = {r.citation: r.text for r in result.rulings}
    assert "five of a kind" in texts["JOKER-OFC 3.2"]
    assert "(Ad, Kd)" in texts["JOKER-OFC 3.3"]
    assert "As" in texts["JOKER-OFC 3.4"] and "Bob's top row" in texts["JOKER-OFC 3.4"]
    assert any(r.interpretation == "H12" for r in result.rulings)
    assert rows["middle"].hand.category == Category.FLUSH and rows["middle"].royalty == 8
    assert rows["bottom"].hand.name == "Four jacks, ace kicker" and rows["bottom"].royalty == 10


def test_a_pineapple_2p_v1_fantasyland_player_discards_one() -> None:
    """pineapple-2p-v1 Fantasyland deal size: 14 cards, the best 13 set, the rest discarded."""
    ann = board(
        "Ann",
        "2s 2d 2c",
        "9s 9h 9c 4d 3s",
        "Ah Jh 8h 6h 3h",
        in_fantasyland=True,
        discards=parse_cards("2h 4h"),
    )
    errors = errors_of("pineapple-2p-v1", [ann, BOB_FL])
    assert errors == {
        "players.0.discards": [
            "Ann discards 1 card in Fantasyland (14 dealt, 13 placed), not 2 "
            "(pineapple-2p-v1 Fantasyland deal size)"
        ]
    }


def test_a_fantasyland_deal_size_must_be_one_the_ruleset_deals() -> None:
    """JOKER-OFC 7.2: Fantasyland hands are 14 to 17 cards; a size only applies in Fantasyland."""
    big = board("Ann", *ANN_ROWS, in_fantasyland=True, fantasyland_cards=18)
    assert errors_of("joker-ofc", [big, BOB]) == {
        "players.0.fantasyland_cards": [
            "a Fantasyland hand in Joker OFC is 14, 15, 16 or 17 cards, not 18"
        ]
    }
    stray = board("Ann", *ANN_ROWS, fantasyland_cards=14)
    assert list(errors_of("joker-ofc", [stray, BOB])) == ["players.0.fantasyland_cards"]


def test_nines_and_a_joker_under_nines_joker_ace_king_in_a_scored_table() -> None:
    """JOKER-OFC 3.5: top 99 + Joker and middle 99 + Joker + A K are both three nines and the
    middle's kickers keep the board in order; each pays its royalty (9s on top: 17, middle 2)."""
    ann = board("Ann", "9s 9d X", "9h 9c X Ah Kd", "2s 2h 2d 2c 3d")
    result = score_table("joker-ofc", [ann, BOB_FL])
    player = result.players[0]
    assert not player.fouled
    assert (player.rows["top"].royalty, player.rows["middle"].royalty) == (17, 2)
    assert player.rows["bottom"].royalty == 10
    assert {"JOKER-OFC 3.5", "OFC-BETA 3.3"} <= citations(result)
