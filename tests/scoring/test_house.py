"""A table's own rules (scoring.house): the same engine path as the profiles, each change doing
what it says and citing the house rule."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import DECK_52, DECK_54, parse_cards
from scoring.discards import SITUATIONS as DISCARD_SITUATIONS
from scoring.discards import rule
from scoring.errors import InputError
from scoring.house import (
    ISLAND,
    PINEAPPLE,
    PRESETS,
    SETTINGS,
    check,
    house_notes,
    house_readings,
    house_ruleset,
)
from scoring.island import Seat, showdown
from scoring.island_readings import ALTERNATIVE_READINGS, PLAIN_READINGS, SWITCHES
from scoring.ofc import PlayerBoard, score_table
from scoring.pineapple import Entrant
from scoring.pineapple import showdown as pineapple_showdown
from scoring.pineapple_readings import PLAIN_READINGS as PINEAPPLE_PLAIN
from scoring.pineapple_readings import SWITCHES as PINEAPPLE_SWITCHES
from scoring.rulesets import RULESETS
from scoring.rulings import CITATIONS, HOUSE_CITATION, INTERPRETATIONS

ANN = PlayerBoard(
    "Ann", *(parse_cards(r) for r in ("Qs Qd 7c", "9s 9h 4c 4d 2s", "Ah Jh 8h 6h 3h"))
)
BOB_8 = PlayerBoard(
    "Bob", *(parse_cards(r) for r in ("Kc 8d 3s", "5s 5h 5c Ad 2h", "6c 7d 8c 9c Td"))
)
BOB_FOULS = PlayerBoard(
    "Bob", *(parse_cards(r) for r in ("Kc 8d 3s", "Tc 9d 5s 4h 2h", "6c 7d 8c 9c Ts"))
)


@st.composite
def tables(draw: st.DrawFn) -> tuple[str, list[PlayerBoard]]:
    """A random table of 2 or 3 boards, from a shuffled deck (Jokers in joker-ofc)."""
    base = draw(st.sampled_from(list(RULESETS)))
    rules = RULESETS[base]
    deck = list(DECK_54 if rules.jokers else DECK_52)
    random.Random(draw(st.integers(0, 2**32))).shuffle(deck)
    count = draw(st.integers(rules.min_players, rules.max_players))
    boards = [
        PlayerBoard(
            f"P{i}",
            deck[13 * i : 13 * i + 3],
            deck[13 * i + 3 : 13 * i + 8],
            deck[13 * i + 8 : 13 * i + 13],
        )  # fmt: skip
        for i in range(count)
    ]
    return base, boards


def same_as_profile(base: str) -> dict[str, Any]:
    """A house rule that sets every plain setting to the profile's own value."""
    rules = RULESETS[base]
    return {name: SETTINGS[name].shown(rules) for name in (
        "row_point", "sweep_bonus", "foul_penalty", "top_pairs", "top_trips", "middle",
        "bottom", "jokers", "max_players")}  # fmt: skip


def outcome(table: Any) -> list[Any]:
    return [(p.name, p.score, p.royalties, p.fouled) for p in table.players] + [
        m.as_dict() for m in table.matchups
    ]


@settings(max_examples=150, deadline=None)
@given(table=tables())
def test_a_house_rule_equal_to_its_profile_scores_as_the_profile_does(table) -> None:
    """Same data, same answers: the built-in profiles are records of the house rules' shape."""
    base, boards = table
    house = house_ruleset("same", base, same_as_profile(base))
    assert outcome(score_table(house, boards)) == outcome(score_table(base, boards))


@settings(max_examples=150, deadline=None)
@given(table=tables(), penalty=st.integers(0, 50))
def test_a_foul_penalty_changes_only_fouled_matchups_by_the_difference(table, penalty) -> None:
    """OFC-BETA 6.5: the penalty is paid in fouled matchups alone; every table sums to zero."""
    base, boards = table
    profile = score_table(base, boards)
    house = score_table(house_ruleset("foul", base, {"foul_penalty": penalty}), boards)
    fouled = {p.name for p in profile.players if p.fouled}
    assert sum(p.score for p in house.players) == 0
    for before, after in zip(profile.matchups, house.matchups, strict=True):
        one_fouls = (before.player in fouled) != (before.opponent in fouled)
        change = after.points - before.points
        if one_fouls:
            sign = -1 if before.player in fouled else 1
            assert change == sign * (penalty - RULESETS[base].foul_penalty)
        else:
            assert change == 0


def cited(table: Any) -> set[str]:
    return {ruling.citation for ruling in table.rulings}


@pytest.mark.parametrize(
    ("changes", "boards", "scores", "citation"),
    [
        ({"foul_penalty": 3}, [ANN, BOB_FOULS], [14, -14], "foul_penalty"),  # 8.3: 17 -> 14
        ({"row_point": 2}, [ANN, BOB_8], [9, -9], "row_points"),
        ({"sweep_bonus": 5}, [ANN, PlayerBoard("Bob", *(parse_cards(r) for r in (
            "Kc 8d 3s", "Tc Th 5s 4h 2h", "6c 7d 8c 9c Ts")))], [17, -17], "sweep_bonus"),
        ({"scoring": "2-4"}, [ANN, BOB_8], [9, -9], "scoring"),
        ({"middle": {"three_of_a_kind": 2, "straight": 4, "flush": 8, "full_house": 12,
                     "four_of_a_kind": 20, "straight_flush": 30, "royal_flush": 50}},
         [ANN, BOB_8], [8, -8], None),  # the standard table: nothing changes
        ({"bottom": {"three_of_a_kind": 0, "straight": 3, "flush": 7, "full_house": 9,
                     "four_of_a_kind": 10, "straight_flush": 15, "royal_flush": 25}},
         [ANN, BOB_8], [10, -10], "bottom"),
        ({"bottom": {"flush": 6}}, [ANN, BOB_8], [10, -10], "bottom"),  # the rest is kept
        ({"top_pairs": {"sixes": 1, "sevens": 2, "eights": 3, "nines": 4, "tens": 5, "jacks": 6,
                        "queens": 10, "kings": 10, "aces": 10}},
         [ANN, BOB_8], [11, -11], "top_pairs"),
        ({"top_pairs": {"queens": 8}}, [ANN, BOB_8], [9, -9], "top_pairs"),  # kings keep 8
    ],
)  # fmt: skip
def test_each_setting_changes_the_answer_and_cites_the_house_rule(
    changes, boards, scores, citation
):
    """OFC-BETA 8.1-8.3's boards under a house rule: what the setting says, and its citation."""
    house = house_ruleset("t3st", "pineapple-ofc", changes)
    table = score_table(house, boards)
    assert [p.score for p in table.players] == scores
    assert sum(scores) == 0
    if citation:
        assert f"HOUSE-t3st {next(iter(changes))}" in cited(table)
        noted = [r.text for r in table.rulings if r.citation.startswith("HOUSE-")]
        # "OFC-BETA 6.5 gives 6", "OFC-BETA 6.2 and OFC-BETA 6.4 give 1"
        assert all(" gives " in text or " give " in text for text in noted), noted


def test_fantasyland_settings_decide_entry_deal_and_stay():
    """pineapple-2p-v1 Fantasyland: a house rule deals from KK, 15 cards, and stays on quads."""
    changes = {
        "fantasyland_entry": {"kings": 15, "aces": 16},
        "fantasyland_stay": {"bottom": "four_of_a_kind"},
        "fantasyland_stay_cards": 14,
    }
    rules = house_ruleset("flfl", "pineapple-2p-v1", changes)
    queens = score_table(rules, [ANN, BOB_8]).players[0].fantasyland
    assert queens is not None and not queens.qualifies  # QQ no longer enters
    kings = PlayerBoard("Ann", parse_cards("Ks Kd 7c"), ANN.middle, ANN.bottom)
    entered = score_table(rules, [kings, BOB_8])
    assert entered.players[0].fantasyland.cards == 15
    assert "HOUSE-flfl fantasyland_entry" in cited(entered)
    quads = PlayerBoard("Ann", parse_cards("Qs Qd 7c"), parse_cards("Ts Th Tc 4d 2s"),
                        parse_cards("Jh Js Jc Jd 3h"), in_fantasyland=True,
                        fantasyland_cards=16)  # fmt: skip
    stays = score_table(rules, [quads, BOB_8]).players[0].fantasyland
    assert stays.stays and stays.cards == 14  # the house's count on a stay
    off = house_ruleset("nofl", "joker-ofc", {"fantasyland": False})
    assert off.fantasyland is None
    assert score_table(off, [ANN, BOB_8]).players[0].fantasyland is None


def test_jokers_and_players_are_settings_too():
    """JOKER-OFC 2.1: one Joker in the deck; pineapple-2p-v1 with a third seat."""
    one = house_ruleset("onej", "joker-ofc", {"jokers": 1})
    two = [PlayerBoard("Ann", parse_cards("X Qd 7c"), ANN.middle, ANN.bottom),
           PlayerBoard("Bob", parse_cards("X 8d 3s"), BOB_8.middle, BOB_8.bottom)]  # fmt: skip
    with pytest.raises(InputError, match="too many"):
        score_table(one, two)
    three = house_ruleset("thre", "pineapple-2p-v1", {"max_players": 3})
    cy = PlayerBoard(
        "Cy", *(parse_cards(r) for r in ("As 5d 4h", "Jc Js 3c 3d Tc", "Kh Kd Ks Qc Qh"))
    )
    assert sum(p.score for p in score_table(three, [ANN, BOB_8, cy]).players) == 0


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"foul_penalty": -3}, "changes.foul_penalty", "from 0 to 50"),
        ({"middle": {"flush": 2.5}}, "changes.middle.flush", "whole number"),
        ({"middle": {"flush": -1}}, "changes.middle.flush", "whole number"),
        ({"bottom": {"flush": 50, "full_house": 6}}, "changes.bottom.full_house",
         "full_house pays 6 but flush pays 50: a stronger hand may not pay less"),
        ({"fantasyland_entry": {"queens": 13}}, "changes.fantasyland_entry.queens", "14 to 17"),
        ({"fantasyland_entry": {"queens": 18}}, "changes.fantasyland_entry.queens", "14 to 17"),
        ({"jokers": 3}, "changes.jokers", "from 0 to 2"),
        ({"max_players": 4}, "changes.max_players", "from 2 to 3"),
        ({"scoring": "1-7"}, "changes.scoring", "1-6, 2-4"),
        ({"scoring": "2-4", "sweep_bonus": 3}, "changes.sweep_bonus", "no sweep bonus"),
        ({"fantasyland": False, "fantasyland_stay_cards": 15}, "changes.fantasyland_stay_cards",
         "turned off"),
        ({"colour": "red"}, "changes.colour", "not a setting"),
        ({}, "changes", "change at least one"),
    ],
)  # fmt: skip
def test_a_setting_that_cannot_be_played_is_refused_at_its_field(changes, field, words):
    with pytest.raises(InputError) as refused:
        check("pineapple-ofc", changes)
    assert field in refused.value.errors and words in " ".join(refused.value.errors[field])


def test_a_table_that_names_one_entry_keeps_the_profile_for_the_others():
    """{"top_pairs": {"sixes": 2}}, the obvious way to change 66 alone, changes 66 alone."""
    profile = RULESETS["pineapple-ofc"]
    one_entry = [
        ("top_pairs", {"sixes": 2}),
        ("middle", {"flush": 9}),
        ("top_trips", {"aces": 30}),
        ("bottom", {"royal_flush": 40}),
    ]
    for table, changes in one_entry:
        rules = house_ruleset("keep", "pineapple-ofc", {table: changes})
        ours, theirs = getattr(rules, table), getattr(profile, table)
        changed = {key for key in set(ours) | set(theirs) if ours.get(key, 0) != theirs.get(key, 0)}
        assert len(changed) == 1, (table, changed)
        assert list(ours.values()) == sorted(ours.values())


@pytest.mark.parametrize(
    ("changes", "errors"),
    [
        # Within a table, the entry left out is named with the profile's value it kept.
        ({"top_pairs": {"sixes": 5}}, {"changes.top_pairs.sixes": [
            "sevens pays 2 but sixes pays 5 (sevens is left out, so it keeps Pineapple OFC's "
            "value): a stronger hand may not pay less than a weaker one"]}),
        # Across tables: a top pair of aces over the weakest top trips.
        ({"top_pairs": {"aces": 10}}, {}),  # as much as the weakest trips
        ({"top_pairs": {"aces": 25}}, {"changes.top_pairs.aces": [
            "top_pairs.aces pays 25 but top_trips.twos pays 10: trips beat any pair on top, so "
            "the weakest trips may not pay less than a pair of aces"]}),
        ({"top_trips": {"twos": 8}}, {"changes.top_trips.twos": [
            "top_pairs.aces pays 9 but top_trips.twos pays 8: trips beat any pair on top, so "
            "the weakest trips may not pay less than a pair of aces"]}),
        # A middle over a bottom of the same hand, which OFC-BETA pays more in the middle.
        ({"bottom": {"royal_flush": 60, "straight_flush": 50, "four_of_a_kind": 40,
                     "full_house": 20, "flush": 20, "straight": 10}},
         {f"changes.bottom.{hand}": [f"bottom.{hand} pays {paid} but middle.{hand} pays {mid}: "
          "the middle is the harder row to make it in, and Pineapple OFC pays it more there, so "
          "the bottom may not pay more"]
          for hand, paid, mid in [("straight", 10, 4), ("flush", 20, 8), ("full_house", 20, 12),
                                  ("four_of_a_kind", 40, 20), ("straight_flush", 50, 30),
                                  ("royal_flush", 60, 50)]}),
        ({"middle": {"three_of_a_kind": 0, "straight": 1}}, {"changes.middle.straight": [
            "bottom.straight pays 2 but middle.straight pays 1: the middle is the harder row to "
            "make it in, and Pineapple OFC pays it more there, so the bottom may not pay more"]}),
    ],
)  # fmt: skip
def test_tables_where_a_weaker_hand_pays_more_are_refused_naming_the_entries(changes, errors):
    if not errors:
        assert check("pineapple-ofc", changes)
        return
    with pytest.raises(InputError) as refused:
        check("pineapple-ofc", changes)
    assert {k: [str(m) for m in v] for k, v in refused.value.messages.items()} == errors


@pytest.mark.parametrize("hand", ["two_pair", "straight", "flush", "full_house",
                                  "four_of_a_kind", "straight_flush", "royal_flush"])  # fmt: skip
def test_a_stay_the_top_row_can_never_make_is_refused_at_the_row(hand):
    with pytest.raises(InputError) as refused:
        check("pineapple-2p-v1", {"fantasyland_stay": {"top": hand}})
    assert refused.value.errors == {
        "changes.fantasyland_stay.top": [
            f"{hand} cannot be made with the top row's three cards: a stay on top is high_card, "
            "pair or three_of_a_kind"
        ]
    }
    assert check("pineapple-2p-v1", {"fantasyland_stay": {"middle": hand}})  # five cards can


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"scoring": ["2-4"]}, "changes.scoring"),
        ({"scoring": {"2-4": 1}}, "changes.scoring"),
        ({"scoring": None}, "changes.scoring"),
        *[({"fantasyland_stay": {"top": value}}, "changes.fantasyland_stay.top")
          for value in (3, 1.5, True, ["pair"], {"pair": 1}, "", "An\ud800n")],
        ({"fantasyland_entry": {"kings": [15]}}, "changes.fantasyland_entry.kings"),
        ({"fantasyland_entry": {"kings": 15.0}}, "changes.fantasyland_entry.kings"),
        ({"fantasyland_entry": {"": 15}}, "changes.fantasyland_entry"),
        ({"top_pairs": {"sixes": "2"}}, "changes.top_pairs.sixes"),
        ({"top_pairs": {"": 2}}, "changes.top_pairs"),
        ({"top_pairs": ["sixes", 2]}, "changes.top_pairs"),
        ({"max_players": [2]}, "changes.max_players"),
        ({"fantasyland_stay_cards": {"a": 1}}, "changes.fantasyland_stay_cards"),
        ({"": 3}, "changes"),
        ({"An\ud800n": 3}, "changes"),
        ({"a\u202eb": 3}, "changes"),
    ],
)  # fmt: skip
def test_every_value_of_the_wrong_type_is_refused_at_its_path(changes, field):
    """No value raises anything but the refusal; a path never carries what cannot be shown."""
    with pytest.raises(InputError) as refused:
        check("pineapple-2p-v1", changes)
    errors = refused.value.errors
    assert list(errors) == [field]
    said = " ".join(errors[field])
    said.encode("utf-8")  # no lone surrogate quoted raw
    assert "\u202e" not in said and "empty:" not in said.replace("is empty:", "")


def test_presets_check_and_every_house_citation_is_well_formed():
    """Every preset plays; a house rule's citations are HOUSE-<id> <setting>, or registered."""
    for name, preset in PRESETS.items():
        house_id = name.replace("-", "")[:12]
        if preset.base == ISLAND:
            rules: Any = house_readings(house_id, preset.changes)
        else:
            rules = house_ruleset(house_id, preset.base, preset.changes)
        assert rules.key.startswith("house:")
        assert set(house_notes(house_id, preset.base, preset.changes)) <= {
            f"HOUSE-{house_id} {setting}" for setting in preset.changes
        }
    rules = house_ruleset("abcd", "pineapple-ofc", {"foul_penalty": 3, "scoring": "2-4"})
    for citation in vars(rules.citations).values():
        assert (
            citation in CITATIONS
            or citation in INTERPRETATIONS
            or HOUSE_CITATION.fullmatch(citation)
        ), citation


# --- Island Pineapple: house readings ---------------------------------------------------------


def wheel_showdown(**given: Any) -> Any:
    """OPR-538 1.3(b), H1: Ann's 2s As with 3s 4s 5s of board 1, against Bob's three jacks."""
    board = parse_cards("3s Kc 4s 5s 9d Qh Jc")
    seats = [Seat("Ann", tuple(parse_cards("2s As"))), Seat("Bob", tuple(parse_cards("Jd Jh")))]
    return showdown(board[:2], board[2:4], board[4:5], board[5:], seats, **given)


def test_island_settings_are_the_four_readings_each_either_value():
    """H1, H4, H5, H14: a house rule may set each reading to the switch, or to the plain one."""
    every = {name: switch.other for name, switch in SWITCHES.items()}
    assert check(ISLAND, every) == every
    assert check(ISLAND, {"wheel": "natural"}) == {"wheel": "natural"}
    assert house_readings("all4", every).readings.as_dict() == ALTERNATIVE_READINGS.as_dict()
    assert PRESETS["island-earlier"].changes == every
    assert "Not OPR-538" in PRESETS["island-earlier"].source


@pytest.mark.parametrize(
    ("base", "changes", "field", "words"),
    [
        (ISLAND, {"wheel": "six-high"}, "changes.wheel", "'natural' (the plain reading) or 'best'"),
        (ISLAND, {"phantom_ship": True}, "changes.phantom_ship", "'adds'"),
        (ISLAND, {"flush_ace": ["gap"]}, "changes.flush_ace", "'top'"),
        (ISLAND, {"foul_penalty": 3}, "changes.foul_penalty", "an OFC setting, not one of Island"),
        (ISLAND, {"colour": "red"}, "changes.colour", "use wheel, flush_ace, straight_ace"),
        (ISLAND, {}, "changes", '{"wheel": "best"}'),
        ("pineapple-ofc", {"wheel": "best"}, "changes.wheel", "an Island Pineapple reading"),
        ("joker-ofc", {"straight_ace": "gap"}, "changes.straight_ace", "use row_point"),
    ],
)  # fmt: skip
def test_a_base_accepts_only_its_own_settings(base, changes, field, words):
    """Each refusal at changes.<setting>, naming what is accepted."""
    with pytest.raises(InputError) as refused:
        check(base, changes)
    assert field in refused.value.errors and words in " ".join(refused.value.errors[field])


def test_a_switched_wheel_plays_six_high_and_its_ruling_cites_the_house_rule():
    """H1 switched by a house rule: six high, the ruling at HOUSE-<id> wheel with H1 beside it."""
    house = house_readings("t3st", {"wheel": "best"})
    result = wheel_showdown(readings=house.readings)
    assert result.players[0].best.hand.name == "Six-high straight flush"
    housed = [r for r in result.rulings if r.citation.startswith("HOUSE-")]
    assert [(r.citation, r.interpretation) for r in housed] == [("HOUSE-t3st wheel", "H1")]
    assert "switched by the host" in housed[0].text
    assert "five-high straight flush" in housed[0].text  # what the plain reading gives
    assert housed[0].text.endswith("(by these house rules, in place of OPR-538 1.3(b)).")
    answer = result.as_dict()
    assert answer["readings"]["wheel"] == "best" and answer["house_rules"] == "house:t3st"
    assert "H1's plain reading of OPR-538 1.3(b)" in house.notes["HOUSE-t3st wheel"]


def test_a_house_rule_of_plain_readings_rules_as_the_document_does():
    """A reading set to its plain value switches nothing: the same hand, the same citations."""
    house = house_readings("pln1", {"wheel": "natural"})
    assert house.readings.as_dict() == PLAIN_READINGS.as_dict() and not house.readings.cited
    plain = wheel_showdown()
    housed = wheel_showdown(readings=house.readings)
    assert housed.rulings == plain.rulings
    assert plain.as_dict()["readings"] == PLAIN_READINGS.as_dict()
    assert plain.as_dict()["house_rules"] is None


# --- Pineapple: house readings (H8, H20) -------------------------------------------------------

LAZY_BOARD = parse_cards("Kd Kc 2s 4h 8d")
LAZY_HOLES = ("Ks 3d 6c", "5s 7h")  # A's low needs 3d 6c, A's high Ks 6c; B has 8-7-5-4-2


def lazy_showdown(readings: Any = PINEAPPLE_PLAIN) -> Any:
    players = [Entrant(n, tuple(parse_cards(h))) for n, h in zip("AB", LAZY_HOLES, strict=True)]
    return pineapple_showdown("lazy", LAZY_BOARD, players, hi_lo=True, readings=readings)


def test_pineapple_settings_are_its_two_readings_each_either_value():
    """H8 and H20: a house rule from "pineapple" sets each reading to the switch or the plain."""
    every = {name: switch.other for name, switch in PINEAPPLE_SWITCHES.items()}
    assert every == {"lazy_hi_lo": "shared", "late_discard": "allowed"}
    assert check(PINEAPPLE, every) == every
    house = house_readings("both", every, PINEAPPLE)
    assert house.readings.as_dict() == {"lazy_hi_lo": "shared", "late_discard": "allowed"}
    assert dict(house.readings.cited) == {
        "H8": "HOUSE-both lazy_hi_lo",
        "H20": "HOUSE-both late_discard",
    }
    assert "H20's plain reading of PPR 6.4 ('dead')" in house.notes["HOUSE-both late_discard"]
    assert house.key == "house:both" and "(PPR)" in house.title


@pytest.mark.parametrize(
    ("base", "changes", "field", "words"),
    [
        (PINEAPPLE, {"late_discard": "never"}, "changes.late_discard",
         "'dead' (the plain reading) or 'allowed'"),
        (PINEAPPLE, {"lazy_hi_lo": True}, "changes.lazy_hi_lo", "'own'"),
        (PINEAPPLE, {"wheel": "best"}, "changes.wheel",
         "an Island Pineapple reading, not one of Pineapple: use lazy_hi_lo, late_discard"),
        (PINEAPPLE, {"foul_penalty": 3}, "changes.foul_penalty", "an OFC setting"),
        (PINEAPPLE, {}, "changes", '{"late_discard": "allowed"}'),
        (ISLAND, {"late_discard": "allowed"}, "changes.late_discard", "a Pineapple reading"),
        ("pineapple-ofc", {"lazy_hi_lo": "shared"}, "changes.lazy_hi_lo", "a Pineapple reading"),
    ],
)  # fmt: skip
def test_pineapple_accepts_only_its_own_readings(base, changes, field, words):
    """Each refusal at changes.<setting>, naming what is accepted."""
    with pytest.raises(InputError) as refused:
        check(base, changes)
    assert field in refused.value.errors and words in " ".join(refused.value.errors[field])


def test_pineapple_house_rules_are_not_an_ofc_ruleset():
    with pytest.raises(InputError, match="Pineapple house rules play its readings"):
        house_ruleset("x", PINEAPPLE, {"late_discard": "allowed"})


def test_a_shared_lazy_hi_lo_moves_the_low_and_its_rulings_cite_the_house_rule():
    """PPR 7.3, H8 switched by a house rule: A keeps Ks 6c for the high, B's low wins; each H8
    ruling at HOUSE-<id> lazy_hi_lo with H8 beside it."""
    house = house_readings("sh4r", {"lazy_hi_lo": "shared"}, PINEAPPLE)
    result = lazy_showdown(house.readings)
    assert (result.high_winners, result.low_winners) == (("A",), ("B",))
    housed = [r for r in result.rulings if r.citation.startswith("HOUSE-")]
    assert {(r.citation, r.interpretation) for r in housed} == {("HOUSE-sh4r lazy_hi_lo", "H8")}
    assert {r.subject for r in housed} == {"The game", "A", "B"}
    assert all("in place of PPR 7.3" in r.text for r in housed)
    answer = result.as_dict()
    assert answer["readings"]["lazy_hi_lo"] == "shared" and answer["house_rules"] == "house:sh4r"
    plain = lazy_showdown()
    assert plain.low_winners == ("A",) and plain.as_dict()["house_rules"] is None


def test_a_late_discard_allowed_by_house_rules_cites_them_beside_h20():
    """PPR 6.4, H20 switched by a house rule: the hand goes on, cited HOUSE-<id> late_discard."""
    house = house_readings("l8te", {"late_discard": "allowed"}, PINEAPPLE)
    decision = rule("crazy", "no_discard_after_acting", readings=house.readings)
    assert decision.consequence == "discard_now"
    housed = [r for r in decision.rulings if r.citation.startswith("HOUSE-")]
    assert [(r.citation, r.interpretation) for r in housed] == [("HOUSE-l8te late_discard", "H20")]
    assert housed[0].text.endswith("(by these house rules, in place of PPR 6.4).")
    assert decision.house_rules == ("house:l8te",)
    assert decision.as_dict()["readings"]["late_discard"] == "allowed"


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    game=st.sampled_from(["pineapple", "crazy", "lazy"]),
    count=st.integers(2, 6),
    changes=st.sampled_from([{"lazy_hi_lo": "own"}, {"late_discard": "dead"},
                             {"lazy_hi_lo": "own", "late_discard": "dead"}]),
)  # fmt: skip
def test_a_house_rule_of_plain_pineapple_readings_rules_as_none(seed, game, count, changes):
    """H8, H20 at their defaults: every random showdown and every discard question rules
    exactly as with no house rule (only the key is added)."""
    house = house_readings("pl4n", changes, PINEAPPLE)
    assert house.readings.as_dict() == PINEAPPLE_PLAIN.as_dict() and not house.readings.cited
    deck = list(DECK_52)
    random.Random(seed).shuffle(deck)
    size = 3 if game == "lazy" else 2
    players = [Entrant(f"P{i}", tuple(deck[size * i : size * (i + 1)])) for i in range(count)]
    board = deck[30:35]
    for hi_lo in (False, True):
        plain = pineapple_showdown(game, board, players, hi_lo=hi_lo)
        housed = pineapple_showdown(game, board, players, hi_lo, readings=house.readings)
        assert {**housed.as_dict(), "house_rules": None} == plain.as_dict()
    for situation in DISCARD_SITUATIONS:
        plain_decision = rule(game, situation)
        housed_decision = rule(game, situation, readings=house.readings)
        assert housed_decision.rulings == plain_decision.rulings
        assert housed_decision.consequence == plain_decision.consequence
