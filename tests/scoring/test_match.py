"""Matches: length, dealer rotation, running totals, the end, voiding and Fantasyland."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import parse_cards
from scoring.match import (
    FantasylandRecord,
    HandRecord,
    MatchError,
    MatchFinished,
    MatchSpec,
    dealers,
    ensure_open,
    hand_rulings,
    left_of,
    new_match,
    seat_boards,
    standings,
)
from scoring.ofc import PlayerBoard, score_table

THREE = ["Ann", "Bob", "Cy"]


def hands_from(spec: MatchSpec, scores: list[dict[str, int]], void: tuple[int, ...] = ()):
    """Number the hands 1.. and let the button pass left after every counted hand."""
    records, dealer = [], spec.first_dealer
    for number, hand in enumerate(scores, start=1):
        records.append(HandRecord(number, dealer, hand, void=number in void))
        if number not in void:
            dealer = left_of(spec.players, dealer)
    return records


def citations(result) -> set[str]:
    return {ruling.citation for ruling in result.rulings}


# --- Length (OFC-BETA 6.9, pineapple-2p-v1 Match end) ---


@pytest.mark.parametrize(
    ("kind", "value", "hands"), [("hands", 1, 1), ("rounds", 1, 3), ("rounds", 2, 6)]
)
def test_ofc_beta_match_lasts_one_hand_one_round_or_two_rounds(kind, value, hands):
    """OFC-BETA 6.9: 1 hand, 1 round or 2 rounds; a round is one hand dealt by each player."""
    spec = new_match("pineapple-ofc", THREE, "Ann", kind, value)
    assert spec.hands_to_play == hands


@pytest.mark.parametrize(("kind", "value"), [("hands", 2), ("rounds", 3), ("rounds", 0)])
def test_ofc_beta_refuses_other_lengths(kind, value):
    """OFC-BETA 6.9 offers only 1 hand, 1 round or 2 rounds."""
    with pytest.raises(MatchError, match="OFC-BETA 6.9 allows") as caught:
        new_match("pineapple-ofc", THREE, "Ann", kind, value)
    assert caught.value.field == kind


def test_joker_ofc_plays_matches_as_ofc_pineapple():
    """JOKER-OFC 1.2 leaves the match to OFC Pineapple: OFC-BETA 6.9's lengths apply."""
    assert new_match("joker-ofc", THREE, "Cy", "rounds", 2).hands_to_play == 6
    with pytest.raises(MatchError) as caught:
        new_match("joker-ofc", THREE, "Cy", "target", 50)
    assert caught.value.field == "length"


@pytest.mark.parametrize("target", [20, 30, 50, 100, 37, 1])
def test_pineapple_2p_v1_target_is_a_listed_or_custom_value(target):
    """pineapple-2p-v1 Match end: the host picks 20, 30, 50, 100 or a custom target."""
    spec = new_match("pineapple-2p-v1", ["Ann", "Bob"], "Bob", "target", target)
    assert spec.hands_to_play is None
    assert spec.describe() == f"first to {target}"


@pytest.mark.parametrize("target", [0, -20, 10_001, True, "50", 2.5])
def test_pineapple_2p_v1_target_must_be_a_positive_whole_number(target):
    """pineapple-2p-v1 Match end: a target score is a positive number of points."""
    with pytest.raises(MatchError) as caught:
        new_match("pineapple-2p-v1", ["Ann", "Bob"], "Ann", "target", target)
    assert caught.value.field == "target"


def test_pineapple_2p_v1_has_no_hand_or_round_matches():
    """pineapple-2p-v1 Match end: its matches are played to a target score."""
    with pytest.raises(MatchError, match='"target"') as caught:
        new_match("pineapple-2p-v1", ["Ann", "Bob"], "Ann", "rounds", 1)
    assert caught.value.field == "length"


@pytest.mark.parametrize(
    ("ruleset", "players", "field"),
    [
        ("pineapple-2p-v1", THREE, "players"),
        ("pineapple-ofc", ["Ann"], "players"),
        ("pineapple-ofc", ["Ann", "Bob", "Cy", "Di"], "players"),
        ("pineapple-ofc", ["Ann", " "], "players.1"),
        ("pineapple-ofc", ["Ann", "ann"], "players.1"),
        ("pineapple-ofc", ["Ann", 7], "players.1"),
        ("pineapple-ofc", "Ann Bob", "players"),
        ("stud", ["Ann", "Bob"], "ruleset"),
    ],
)
def test_seats_follow_the_rulesets_player_count(ruleset, players, field):
    """pineapple-2p-v1 Number of players (exactly two); OFC-BETA 2.1 (two or three)."""
    with pytest.raises(MatchError) as caught:
        new_match(ruleset, players, "Ann", "hands", 1)
    assert caught.value.field == field


def test_first_dealer_must_be_seated():
    """OFC-BETA 4.2: the dealer is one of the players."""
    with pytest.raises(MatchError) as caught:
        new_match("pineapple-ofc", THREE, "Zed", "hands", 1)
    assert caught.value.field == "dealer"


# --- Dealer rotation (OFC-BETA 4.2) ---


def test_deal_passes_left_after_each_hand():
    """OFC-BETA 4.2: after every hand the deal moves one seat to the left."""
    assert dealers(("Ann", "Bob", "Cy"), "Bob", 6) == ["Bob", "Cy", "Ann", "Bob", "Cy", "Ann"]
    spec = new_match("pineapple-ofc", THREE, "Bob", "rounds", 2)
    played = hands_from(spec, [{"Ann": 1, "Bob": 0, "Cy": -1}] * 2)
    result = standings(spec, played)
    assert [hand.dealer for hand in played] == ["Bob", "Cy"]
    assert result.dealer == "Ann"
    assert "OFC-BETA 4.2" in citations(result)


@settings(max_examples=60, deadline=None)
@given(
    seats=st.integers(2, 3),
    first=st.integers(0, 2),
    played=st.integers(0, 5),
)
def test_round_of_hands_is_dealt_once_by_each_player(seats, first, played):
    """OFC-BETA 4.2 and 6.9: the button goes round, so each round every player deals once."""
    players = THREE[:seats]
    spec = new_match("pineapple-ofc", players, players[first % seats], "rounds", 2)
    played = min(played, spec.hands_to_play - 1)
    records = hands_from(spec, [dict.fromkeys(players, 0)] * played)
    for start in range(0, len(records) - seats + 1, seats):
        assert sorted(hand.dealer for hand in records[start : start + seats]) == sorted(players)
    expected = dealers(spec.players, spec.first_dealer, played + 1)[-1]
    assert standings(spec, records).dealer == expected


# --- Totals and the end of a hands/rounds match (OFC-BETA 6.6, 6.9) ---


def test_highest_total_after_the_last_hand_wins():
    """OFC-BETA 6.9: after the last hand of the round the highest total wins."""
    spec = new_match("pineapple-ofc", THREE, "Ann", "rounds", 1)
    scores = [
        {"Ann": 8, "Bob": -8, "Cy": 0},
        {"Ann": -17, "Bob": 2, "Cy": 15},
        {"Ann": 3, "Bob": 3, "Cy": -6},
    ]
    midway = standings(spec, hands_from(spec, scores[:2]))
    assert not midway.finished and midway.winners == ()
    assert midway.dealer == "Cy"
    result = standings(spec, hands_from(spec, scores))
    assert dict(result.totals) == {"Ann": -6, "Bob": -3, "Cy": 9}
    assert result.finished and result.winners == ("Cy",)
    assert result.dealer is None and result.ended_at == 3
    assert "OFC-BETA 6.9" in citations(result)


def test_tied_players_share_the_win():
    """OFC-BETA 6.9: players tied on the highest total share the win."""
    spec = new_match("pineapple-ofc", THREE, "Cy", "hands", 1)
    result = standings(spec, hands_from(spec, [{"Ann": 5, "Bob": 5, "Cy": -10}]))
    assert result.finished
    assert result.winners == ("Ann", "Bob")
    assert any("share the win" in ruling.text for ruling in result.rulings)


def test_running_total_adds_each_hands_score():
    """OFC-BETA 6.6: each hand's score goes on the player's running total."""
    spec = new_match("pineapple-ofc", ["Ann", "Bob"], "Ann", "rounds", 2)
    result = standings(
        spec,
        hands_from(spec, [{"Ann": 8, "Bob": -8}, {"Ann": -15, "Bob": 15}, {"Ann": 17, "Bob": -17}]),
    )
    assert [dict(totals) for totals in result.running] == [
        {"Ann": 0, "Bob": 0},
        {"Ann": 8, "Bob": -8},
        {"Ann": -7, "Bob": 7},
        {"Ann": 10, "Bob": -10},
    ]
    assert "OFC-BETA 6.6" in citations(result)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(-40, 40), st.integers(-40, 40), st.booleans()),
        min_size=0,
        max_size=6,
    )
)
def test_totals_are_the_sums_of_the_counted_hands(rows):
    """OFC-BETA 6.6: totals are the sums of the hands' scores; a void hand adds nothing."""
    spec = new_match("pineapple-ofc", ["Ann", "Bob"], "Bob", "rounds", 2)
    kept, counted = [], 0
    for row in rows:  # a finished match takes no more hands
        if counted < spec.hands_to_play:
            kept.append(row)
            counted += not row[2]
    void = tuple(number for number, row in enumerate(kept, start=1) if row[2])
    result = standings(spec, hands_from(spec, [{"Ann": a, "Bob": b} for a, b, _ in kept], void))
    assert dict(result.totals) == {
        "Ann": sum(a for a, _, gone in kept if not gone),
        "Bob": sum(b for _, b, gone in kept if not gone),
    }
    assert dict(result.running[-1]) == dict(result.totals)
    assert len(result.running) == counted + 1
    assert result.finished == (counted == spec.hands_to_play)


# --- Voiding ---


def test_void_hand_is_kept_but_not_counted():
    """OFC-BETA 6.6: only hands that count go on the running totals; a void one stays listed."""
    spec = new_match("pineapple-ofc", ["Ann", "Bob"], "Ann", "hands", 1)
    records = hands_from(spec, [{"Ann": 8, "Bob": -8}], void=(1,))
    result = standings(spec, records)
    assert dict(result.totals) == {"Ann": 0, "Bob": 0}
    assert result.voided == (1,) and result.counted == ()
    assert not result.finished
    # The replacement hand is dealt by the voided hand's dealer.
    assert result.dealer == "Ann"
    assert any("void: 1" in ruling.text for ruling in result.rulings)
    assert any(ruling.interpretation == "H40" for ruling in result.rulings)


def test_voiding_an_earlier_hand_recomputes_totals_and_keeps_the_button():
    """OFC-BETA 4.2 and 6.6: totals drop the void hand; the button moves on from the last hand."""
    spec = new_match("pineapple-ofc", THREE, "Ann", "rounds", 2)
    scores = [{"Ann": 6, "Bob": -3, "Cy": -3}, {"Ann": -2, "Bob": 4, "Cy": -2}]
    records = hands_from(spec, scores)
    records[0] = HandRecord(1, "Ann", scores[0], void=True)
    result = standings(spec, records)
    assert dict(result.totals) == {"Ann": -2, "Bob": 4, "Cy": -2}
    assert result.dealer == "Cy"  # Bob dealt hand 2, the last counted hand


# --- Target matches (pineapple-2p-v1 Match end) ---


def target_match(target: int = 20) -> MatchSpec:
    return new_match("pineapple-2p-v1", ["Ann", "Bob"], "Ann", "target", target)


def test_first_player_to_reach_the_target_wins():
    """pineapple-2p-v1 Match end: the first player to reach the target score wins."""
    spec = target_match(20)
    short = standings(spec, hands_from(spec, [{"Ann": 12, "Bob": -12}]))
    assert not short.finished and short.dealer == "Bob"
    result = standings(spec, hands_from(spec, [{"Ann": 12, "Bob": -12}, {"Ann": 8, "Bob": -8}]))
    assert result.finished and result.winners == ("Ann",) and result.ended_at == 2
    assert "pineapple-2p-v1 Match end" in citations(result)
    assert any(ruling.interpretation == "H41" for ruling in result.rulings)


def test_landing_exactly_on_the_target_reaches_it():
    """pineapple-2p-v1 Match end (house reading H41): a total equal to the target reaches it."""
    spec = target_match(20)
    result = standings(spec, hands_from(spec, [{"Ann": -20, "Bob": 20}]))
    assert result.finished and result.winners == ("Bob",)


def test_reaching_the_target_after_the_opponent_led():
    """pineapple-2p-v1 Match end: whoever reaches the target first wins, not who led before."""
    spec = target_match(30)
    result = standings(
        spec,
        hands_from(spec, [{"Ann": 20, "Bob": -20}, {"Ann": -25, "Bob": 25}, {"Ann": -6, "Bob": 6}]),
    )
    assert dict(result.totals) == {"Ann": -11, "Bob": 11}
    assert not result.finished
    result = standings(spec, hands_from(spec, [{"Ann": -20, "Bob": 20}, {"Ann": -10, "Bob": 10}]))
    assert result.finished and result.winners == ("Bob",)


def test_both_cross_the_target_in_one_hand_higher_total_wins():
    """pineapple-2p-v1 Match end: both past the target in the same hand: the higher total wins."""
    spec = target_match(20)
    result = standings(spec, hands_from(spec, [{"Ann": 15, "Bob": 18}, {"Ann": 9, "Bob": 4}]))
    assert dict(result.totals) == {"Ann": 24, "Bob": 22}
    assert result.finished and result.winners == ("Ann",)


def test_level_totals_past_the_target_play_another_hand():
    """pineapple-2p-v1 Match end: if the totals are level, another hand is played."""
    spec = target_match(20)
    level = standings(spec, hands_from(spec, [{"Ann": 10, "Bob": 12}, {"Ann": 12, "Bob": 10}]))
    assert dict(level.totals) == {"Ann": 22, "Bob": 22}
    assert not level.finished and level.winners == ()
    assert level.dealer == "Ann"
    assert any("another hand" in ruling.text for ruling in level.rulings)
    again = standings(
        spec,
        hands_from(spec, [{"Ann": 10, "Bob": 12}, {"Ann": 12, "Bob": 10}, {"Ann": 0, "Bob": 0}]),
    )
    assert not again.finished
    decided = standings(
        spec,
        hands_from(
            spec,
            [
                {"Ann": 10, "Bob": 12},
                {"Ann": 12, "Bob": 10},
                {"Ann": 0, "Bob": 0},
                {"Ann": -1, "Bob": 1},
            ],
        ),
    )
    assert decided.finished and decided.winners == ("Bob",) and decided.ended_at == 4


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(-30, 30), min_size=1, max_size=12), st.integers(1, 60))
def test_target_match_ends_at_the_first_hand_a_sole_leader_reaches_it(swings, target):
    """pineapple-2p-v1 Match end: it ends at the first hand where one player reaches the target."""
    spec = target_match(target)
    records = hands_from(spec, [{"Ann": swing, "Bob": -swing} for swing in swings])
    result = standings(spec, records)
    ann = 0
    expected = None
    for number, swing in enumerate(swings, start=1):
        ann += swing
        if abs(ann) >= target:
            expected = (number, ("Ann",) if ann > 0 else ("Bob",))
            break
    if expected is None:
        assert not result.finished and result.dealer is not None
    else:
        assert (result.ended_at, result.winners) == expected


def test_finished_match_takes_no_more_hands():
    """OFC-BETA 6.9: after the last hand the match is over."""
    spec = new_match("pineapple-ofc", ["Ann", "Bob"], "Ann", "hands", 1)
    ensure_open(standings(spec, []))
    with pytest.raises(MatchFinished, match="Ann won"):
        ensure_open(standings(spec, hands_from(spec, [{"Ann": 6, "Bob": -6}])))


def test_a_hand_must_score_every_seated_player():
    """OFC-BETA 6.6: each player's hand score goes on that player's total."""
    spec = target_match()
    with pytest.raises(MatchError, match="Ann, Bob"):
        standings(spec, [HandRecord(1, "Ann", {"Ann": 6, "Zed": -6})])


# --- Fantasyland ---


def test_pineapple_2p_v1_records_qualification_without_dealing_fantasyland():
    """pineapple-2p-v1 Fantasyland qualification is recorded; Fantasyland hands are not dealt."""
    spec = target_match(100)
    qualified = FantasylandRecord(qualifies=True, cards=14)
    records = [
        HandRecord(1, "Ann", {"Ann": 9, "Bob": -9}, fantasyland={"Ann": qualified}),
        HandRecord(2, "Bob", {"Ann": 9, "Bob": -9}, fantasyland={"Ann": qualified}),
    ]
    result = standings(spec, records)
    assert result.fantasyland["Ann"].qualified and result.fantasyland["Ann"].times == 2
    assert result.fantasyland["Ann"].cards is None
    assert result.fantasyland["Bob"].times == 0
    assert {
        "pineapple-2p-v1 Fantasyland qualification",
        "pineapple-2p-v1 Fantasyland hands",
    } <= citations(result)
    assert result.as_dict()["fantasyland"]["Ann"] == {"cards": None, "qualified": True, "times": 2}


@pytest.mark.parametrize(
    ("top", "cards"), [("Qs Qd 7c", 14), ("Ks Kd 7c", 15), ("As Ad 7c", 16), ("2s 2d 2c", 17)]
)
def test_joker_ofc_ultimate_fantasyland_deals_the_count_earned(top, cards):
    """JOKER-OFC 7.2: Ultimate Fantasyland enters with 14 / 15 / 16 / 17 cards for QQ / KK /
    AA / trips on top: the hand as the OFC engine scores it decides the next hand's deal."""
    spec = new_match("joker-ofc", ["Ann", "Bob"], "Ann", "rounds", 1)
    ann = PlayerBoard("Ann", *map(parse_cards, (top, "9s 9h 9c 4d 3s", "Ah Jh 8h 6h 3h")))
    bob = PlayerBoard("Bob", *map(parse_cards, ("Qh Td 5d", "5c 5h 6c 6d 8c", "Tc Ts 7h 7d 7s")))
    table = score_table(spec.ruleset, seat_boards(spec, standings(spec, []), [ann, bob]))
    reports = {
        player.name: FantasylandRecord(
            player.fantasyland.qualifies, player.fantasyland.cards, player.fantasyland.stays
        )
        for player in table.players
        if player.fantasyland is not None
    }
    scores = {player.name: player.score for player in table.players}
    result = standings(spec, [HandRecord(1, "Ann", scores, fantasyland=reports)])
    assert result.fantasyland["Ann"].cards == cards
    assert result.fantasyland["Bob"].cards is None
    assert "JOKER-OFC 7.2" in citations(result)


def test_joker_ofc_stay_keeps_the_same_card_count():
    """JOKER-OFC 5.3 and 7.2: a player who stays keeps the count entered with, not a new one."""
    spec = new_match("joker-ofc", THREE, "Ann", "rounds", 2)
    entered = HandRecord(
        1,
        "Ann",
        {"Ann": 20, "Bob": -10, "Cy": -10},
        fantasyland={"Ann": FantasylandRecord(qualifies=True, cards=15)},
    )
    # In hand 2 Ann makes three aces on top: a fresh entry would earn 17, a stay keeps 15.
    stayed = HandRecord(
        2,
        "Bob",
        {"Ann": 30, "Bob": -15, "Cy": -15},
        fantasyland={
            "Ann": FantasylandRecord(qualifies=True, cards=17, stays=True, played_with=15)
        },
    )
    result = standings(spec, [entered, stayed])
    assert result.fantasyland["Ann"].cards == 15
    assert {"JOKER-OFC 5.3", "JOKER-OFC 7.2"} <= citations(result)
    assert any(ruling.interpretation == "H33" for ruling in result.rulings)


def test_joker_ofc_without_a_stay_hand_the_next_hand_is_normal():
    """JOKER-OFC 7.2: a Fantasyland player who does not make a stay hand plays normally next."""
    spec = new_match("joker-ofc", ["Ann", "Bob"], "Ann", "rounds", 2)
    records = [
        HandRecord(
            1,
            "Ann",
            {"Ann": 20, "Bob": -20},
            fantasyland={"Ann": FantasylandRecord(qualifies=True, cards=16)},
        ),
        # Ann's QQ top in Fantasyland would qualify a normal hand, but only a stay keeps her in.
        HandRecord(
            2,
            "Bob",
            {"Ann": 5, "Bob": -5},
            fantasyland={"Ann": FantasylandRecord(qualifies=True, cards=14, played_with=16)},
        ),
    ]
    result = standings(spec, records)
    assert result.fantasyland["Ann"].cards is None
    assert any("normal one" in ruling.text for ruling in result.rulings)


def test_joker_ofc_void_hand_does_not_move_fantasyland():
    """JOKER-OFC 7.2: Fantasyland follows the counted hands; a void hand earns nothing."""
    spec = new_match("joker-ofc", ["Ann", "Bob"], "Ann", "rounds", 2)
    record = HandRecord(
        1,
        "Ann",
        {"Ann": 20, "Bob": -20},
        void=True,
        fantasyland={"Ann": FantasylandRecord(qualifies=True, cards=16)},
    )
    assert standings(spec, [record]).fantasyland["Ann"].cards is None


def test_pineapple_ofc_has_no_fantasyland():
    """OFC-BETA 9.1: this version has no Fantasyland."""
    spec = new_match("pineapple-ofc", ["Ann", "Bob"], "Ann", "hands", 1)
    assert standings(spec, []).as_dict()["fantasyland"] is None


# --- Seating a hand's boards ---


def _boards(*names: str) -> list[PlayerBoard]:
    rows = [
        ("Qs Qd 7c", "9s 9h 4c 4d 2s", "Ah Jh 8h 6h 3h"),
        ("Kc 8d 3s", "5s 5h 5c Ad 2h", "6c 7d 8c 9c Td"),
        ("As 5d 4h", "Jc Js 3c 3d Tc", "Kh Kd Ks Qc Qh"),
    ]
    return [
        PlayerBoard(name, *(parse_cards(row) for row in rows[index]))
        for index, name in enumerate(names)
    ]


def test_boards_named_in_any_order_or_blank_take_their_seats():
    """OFC-BETA 4.2: seats are fixed for the match; boards named in any order (any case) are
    seated by name, unnamed boards in seat order."""
    spec = new_match("pineapple-ofc", THREE, "Ann", "rounds", 1)
    current = standings(spec, [])
    named = seat_boards(spec, current, _boards("cy", "ANN", "Bob"))
    assert [(board.name, str(board.top[0])) for board in named] == [
        ("Ann", "Kc"),
        ("Bob", "As"),
        ("Cy", "Qs"),
    ]
    blank = seat_boards(spec, current, _boards("", "", ""))
    assert [board.name for board in blank] == THREE


@pytest.mark.parametrize(
    ("names", "field", "words"),
    [
        (("Ann", "Bob"), "players", "enter a board for each of Ann, Bob, Cy"),
        (("Ann", "Zed", "Cy"), "players.1.name", "Zed is not in this match: use Ann, Bob, Cy"),
        (("Ann", "ann", "Cy"), "players.1.name", "Ann has two boards: give each of Ann, Bob, Cy"),
    ],
)
def test_a_hand_needs_one_board_per_seated_player(names, field, words):
    """OFC-BETA 6.1 and 6.6: each seated player's board is scored once; the error names the
    field and the names that would be accepted."""
    spec = new_match("pineapple-ofc", THREE, "Ann", "rounds", 1)
    with pytest.raises(MatchError, match=words) as caught:
        seat_boards(spec, standings(spec, []), _boards(*names))
    assert caught.value.field == field


def test_the_match_says_who_plays_in_fantasyland_and_with_how_many_cards():
    """JOKER-OFC 7.2: a player who earned Fantasyland plays the next hand in it, with the count
    earned; the board's own mark is the match's to set, and the hand's rulings say so."""
    spec = new_match("joker-ofc", ["Ann", "Bob"], "Ann", "rounds", 2)
    earned = HandRecord(
        1,
        "Ann",
        {"Ann": 20, "Bob": -20},
        fantasyland={"Ann": FantasylandRecord(qualifies=True, cards=16)},
    )
    current = standings(spec, [earned])
    ann, bob = seat_boards(spec, current, _boards("Ann", "Bob"))
    assert (ann.in_fantasyland, ann.fantasyland_cards) == (True, 16)
    assert (bob.in_fantasyland, bob.fantasyland_cards) == (False, None)
    said = [(ruling.citation, ruling.text) for ruling in hand_rulings(current, 2)]
    assert said == [
        ("OFC-BETA 4.2", "Bob deals hand 2."),
        ("JOKER-OFC 7.2", "Ann plays hand 2 in Fantasyland with 16 cards."),
    ]
