"""The discard referee: timing by version and the discard irregularities (PPR 3-7)."""

from __future__ import annotations

import pytest

from scoring.discards import (
    CONSEQUENCES,
    HOUSE_RULES,
    OUTCOMES,
    SITUATIONS,
    TIMINGS,
    Decision,
    DiscardError,
    rule,
)
from scoring.pineapple_readings import PLAIN_READINGS, PineappleReadings
from scoring.rulings import CITATIONS, INTERPRETATIONS


def cited(decision: Decision) -> list[str]:
    return [ruling.citation for ruling in decision.rulings]


def interpretations(decision: Decision) -> set[str]:
    return {r.interpretation for r in decision.rulings if r.interpretation}


# --- Discard timing (Articles 3-5, 6.1-6.2) ---------------------------------------------------


def test_ppr_3_1_and_3_2_pineapple_discards_after_preflop_betting() -> None:
    """PPR 3.1, 3.2: Pineapple discards once pre-flop betting ends, before the flop."""
    decision = rule("pineapple", "discard_timing", player="Ann")
    assert decision.timing == "after_preflop"
    assert decision.decision == (
        "Ann discards after the pre-flop betting is over and before the flop is dealt."
    )
    assert cited(decision)[:2] == ["PPR 3.1", "PPR 3.2"]


def test_ppr_3_2_only_players_still_in_discard() -> None:
    """PPR 3.2: only players still in the hand discard."""
    decision = rule("pineapple", "discard_timing")
    assert any("only players still in" in r.text for r in decision.rulings)


def test_ppr_3_3_variation_discard_right_after_the_deal() -> None:
    """PPR 3.3: the host may require the discard straight after the deal."""
    decision = rule("pineapple", "discard_timing", "at_deal")
    assert decision.decision == (
        "The player discards as soon as the deal is complete, before any pre-flop betting."
    )
    assert cited(decision)[0] == "PPR 3.3"


def test_ppr_4_1_and_4_2_crazy_discards_after_flop_betting() -> None:
    """PPR 4.1, 4.2: Crazy players see the flop with three and discard before the turn."""
    decision = rule("crazy", "discard_timing", "after_flop")
    assert "after the flop betting is over and before the turn is dealt" in decision.decision
    assert cited(decision)[:2] == ["PPR 4.1", "PPR 4.2"]


def test_ppr_4_3_crazy_default_timing_is_after_the_flop_betting() -> None:
    """PPR 4.3: where nothing is stated, the Crazy discard follows the flop betting."""
    assert rule("crazy", "discard_timing").timing == "after_flop"
    assert "PPR 4.3" in cited(rule("crazy", "discard_timing"))


def test_ppr_4_3_variation_discard_as_the_flop_is_dealt() -> None:
    """PPR 4.3: the variation discards as soon as the flop is dealt, before the flop betting."""
    decision = rule("crazy", "discard_timing", "at_flop")
    assert "as soon as the flop is dealt, before the flop betting" in decision.decision
    assert cited(decision)[0] == "PPR 4.3"


def test_ppr_5_1_lazy_discards_only_at_showdown() -> None:
    """PPR 5.1: Lazy players keep three cards through every round and discard at showdown."""
    decision = rule("lazy", "discard_timing")
    assert decision.timing == "showdown"
    assert decision.decision == "The player discards only at the showdown, after the river betting."
    assert cited(decision)[0] == "PPR 5.1"


def test_ppr_1_5_the_host_announces_the_timing() -> None:
    """PPR 1.5: the host announces the version and the discard timing."""
    assert "PPR 1.5" in cited(rule("crazy", "discard_timing", "at_flop"))


def test_ppr_6_1_and_6_2_discards_face_down_together_or_clockwise() -> None:
    """PPR 6.1, 6.2: face down to the dealer; together where practical, else clockwise."""
    decision = rule("pineapple", "discard_timing")
    assert {"PPR 6.1", "PPR 6.2"} <= set(cited(decision))
    order = next(r for r in decision.rulings if r.citation == "PPR 6.2")
    assert "clockwise from the first active player left of the button" in order.text


# --- Failing to discard (6.4) -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "timing", "next_round"),
    [
        ("pineapple", "after_preflop", "the flop betting"),
        ("pineapple", "at_deal", "the pre-flop betting"),
        ("crazy", "after_flop", "the turn betting"),
        ("crazy", "at_flop", "the flop betting"),
    ],
)
def test_ppr_6_4_missed_discard_noticed_before_acting_is_made_at_once(
    game: str, timing: str, next_round: str
) -> None:
    """PPR 6.4: noticed before the player acts on the next round: discard immediately."""
    decision = rule(game, "no_discard_before_acting", timing, "Bob")
    assert decision.consequence == "discard_now"
    assert decision.decision == "Bob must discard one card at once, face down; the hand goes on."
    ruling = next(r for r in decision.rulings if r.citation == "PPR 6.4")
    assert f"before Bob acted on {next_round}" in ruling.text


@pytest.mark.parametrize("game", ["pineapple", "crazy"])
def test_ppr_6_4_missed_discard_noticed_at_showdown_kills_the_hand(game: str) -> None:
    """PPR 6.4, 7.2: noticed at the showdown, the hand with three cards is dead."""
    decision = rule(game, "no_discard_at_showdown", player="Bob")
    assert decision.consequence == "hand_dead"
    assert cited(decision) == ["PPR 6.4", "PPR 7.2"]


def test_ppr_6_4_lazy_three_cards_at_showdown_are_correct() -> None:
    """PPR 6.4: the exception: in Lazy Pineapple three cards at showdown are correct."""
    decision = rule("lazy", "no_discard_at_showdown")
    assert decision.consequence == "no_irregularity"
    assert {"PPR 6.4", "PPR 5.3", "PPR 5.2"} <= set(cited(decision))


@pytest.mark.parametrize("situation", ["no_discard_before_acting", "no_discard_after_acting"])
def test_ppr_5_1_lazy_holding_three_before_showdown_is_no_irregularity(situation: str) -> None:
    """PPR 5.1: a Lazy player keeps three cards through every betting round."""
    decision = rule("lazy", situation)
    assert decision.consequence == "no_irregularity"
    assert cited(decision) == ["PPR 5.1"]


@pytest.mark.parametrize(("game", "timing"), [("pineapple", None), ("crazy", "at_flop")])
def test_h20_missed_discard_noticed_after_acting_kills_the_hand(
    game: str, timing: str | None
) -> None:
    """PPR 6.4, H20: once the player has acted holding three, the hand is dead."""
    decision = rule(game, "no_discard_after_acting", timing, "Cat")
    assert decision.consequence == "hand_dead"
    assert "H20" in interpretations(decision)


@pytest.mark.parametrize(("game", "timing"), [("pineapple", "at_deal"), ("crazy", None)])
def test_h20_house_rule_lets_a_late_discard_be_made_after_acting(
    game: str, timing: str | None
) -> None:
    """PPR 6.4, H20: the host may switch to the other reading: discard at once, hand goes on."""
    decision = rule(game, "no_discard_after_acting", timing, "Cat", ["late_discard_allowed"])
    assert decision.consequence == "discard_now"
    assert decision.house_rules == ("late_discard_allowed",)
    assert "H20" in interpretations(decision)
    assert "by the host's house rule" in " ".join(r.text for r in decision.rulings).lower()


def test_h20_house_rule_changes_nothing_else() -> None:
    """PPR 5.1, 6.4: the house rule touches only the late discard, and never Lazy Pineapple."""
    house = ["late_discard_allowed"]
    assert rule("lazy", "no_discard_after_acting", None, "", house).consequence == (
        "no_irregularity"
    )
    for game in ("pineapple", "crazy"):
        for situation in SITUATIONS:
            if situation != "no_discard_after_acting":
                switched, plain = rule(game, situation, house_rules=house), rule(game, situation)
                assert (switched.consequence, switched.decision, switched.rulings) == (
                    plain.consequence,
                    plain.decision,
                    plain.rulings,
                )


def test_unknown_house_rule_is_refused() -> None:
    """PPR 1.5: the host picks among the house rules the referee knows."""
    with pytest.raises(DiscardError, match="'no_penalties' is not a house rule") as error:
        rule("crazy", "discard_exposed", house_rules=["no_penalties"])
    assert error.value.field == "house_rules"
    assert set(HOUSE_RULES) == {"late_discard_allowed"}


# --- Wrong card, early discard, exposed discard (6.1, 6.3, 6.5) ----------------------------------


@pytest.mark.parametrize("game", ["pineapple", "crazy", "lazy"])
def test_ppr_6_5_a_player_is_bound_by_the_wrong_discard(game: str) -> None:
    """PPR 6.5, 6.1: the wrong card discarded stays discarded; it cannot be exchanged."""
    decision = rule(game, "wrong_card_discarded", player="Dan")
    assert decision.consequence == "bound_by_discard"
    assert decision.decision == "Dan is bound by the discard: the card cannot be exchanged."
    assert cited(decision) == ["PPR 6.5", "PPR 6.1"]


@pytest.mark.parametrize("game", ["pineapple", "crazy", "lazy"])
def test_ppr_6_3_an_exposed_discard_stays_dead_and_the_hand_continues(game: str) -> None:
    """PPR 6.3: a discard exposed by accident remains dead; play goes on."""
    decision = rule(game, "discard_exposed")
    assert decision.consequence == "hand_continues"
    assert cited(decision)[0] == "PPR 6.3"


@pytest.mark.parametrize("game", ["pineapple", "crazy", "lazy"])
def test_h23_an_early_discard_stands(game: str) -> None:
    """PPR 6.5, 6.1, H23: a discard made before it was due stands; the hand plays on."""
    decision = rule(game, "discarded_early")
    assert decision.consequence == "bound_by_discard"
    assert "H23" in interpretations(decision)


# --- Showdown hands (5.2-5.4, 7.2) --------------------------------------------------------------


@pytest.mark.parametrize("game", ["pineapple", "crazy"])
def test_ppr_7_2_tabling_three_in_pineapple_or_crazy_is_a_dead_hand(game: str) -> None:
    """PPR 6.4, 7.2: asking the dealer to read three cards means the discard was never made."""
    decision = rule(game, "tabled_three_dealer_reads")
    assert decision.consequence == "hand_dead"


def test_ppr_5_3_lazy_tabled_three_the_dealer_reads_at_most_two() -> None:
    """PPR 5.3, 5.2, H22: the dealer reads the best hand using no more than two."""
    decision = rule("lazy", "tabled_three_dealer_reads", player="Eve")
    assert decision.consequence == "dealer_reads_two"
    assert decision.decision == (
        "The dealer reads Eve's best hand using no more than two of the three hole cards."
    )
    assert cited(decision)[:2] == ["PPR 5.3", "PPR 5.2"]
    assert "H22" in interpretations(decision)


def test_ppr_5_4_lazy_may_not_use_all_three() -> None:
    """PPR 5.2, 5.4, 7.1: a claimed hand needing three hole cards is read with at most two."""
    decision = rule("lazy", "uses_three_hole_cards")
    assert decision.consequence == "dealer_reads_two"
    assert cited(decision) == ["PPR 5.2", "PPR 5.4", "PPR 7.1"]


@pytest.mark.parametrize("game", ["pineapple", "crazy", "lazy"])
def test_h21_fewer_than_two_hole_cards_at_showdown_is_dead(game: str) -> None:
    """PPR 7.2, H21: a showdown hand with fewer than two hole cards is dead."""
    decision = rule(game, "too_few_at_showdown")
    assert decision.consequence == "hand_dead"
    assert "H21" in interpretations(decision)


# --- The table itself ---------------------------------------------------------------------------


def test_every_situation_is_answered_in_every_version_and_timing() -> None:
    """PPR 3-6: the table answers each situation for each version and timing, with citations."""
    for game, timings in TIMINGS.items():
        for timing in timings:
            for situation in SITUATIONS:
                decision = rule(game, situation, timing, "Ann")
                assert decision.rulings and decision.decision
                assert all(r.citation in CITATIONS for r in decision.rulings)
                assert "{" not in decision.decision
                assert all("{" not in r.text for r in decision.rulings)


def test_every_table_entry_is_a_known_situation_and_version() -> None:
    """PPR 3-5: the table holds only known situations, versions and consequences."""
    for (situation, game), outcome in OUTCOMES.items():
        assert situation in SITUATIONS
        assert game == "*" or game in TIMINGS
        assert outcome.consequence in CONSEQUENCES


def test_interpretations_used_are_registered() -> None:
    """PPR 6.4, 6.5, 7.2, 5.3: H20-H23 belong to the articles they interpret."""
    assert INTERPRETATIONS["H20"] == "PPR 6.4"
    assert INTERPRETATIONS["H21"] == "PPR 7.2"
    assert INTERPRETATIONS["H22"] == "PPR 5.3"
    assert INTERPRETATIONS["H23"] == "PPR 6.5"


def test_the_decision_as_json() -> None:
    """PPR 6.5: the API shape of a decision."""
    data = rule("crazy", "wrong_card_discarded", player="Ann").as_dict()
    assert data["game"] == "crazy" and data["timing"] == "after_flop"
    assert data["consequence"] == "bound_by_discard"
    assert data["rulings"][0] == {
        "citation": "PPR 6.5",
        "subject": "Ann",
        "text": "Ann discarded the wrong card and is bound by it: once a card has left the hand "
        "it cannot be swapped back.",
        "interpretation": None,
    }


@pytest.mark.parametrize(
    ("args", "field", "message"),
    [
        (("holdem", "discard_exposed"), "game", "'holdem' is not a Pineapple version"),
        (("lazy", "slow_roll"), "situation", "'slow_roll' is not a situation the referee knows"),
        (("crazy", "discard_timing", "at_deal"), "timing", "'at_deal' is not a Crazy Pineapple"),
    ],
)
def test_unknown_input_names_the_field(args: tuple[str, ...], field: str, message: str) -> None:
    """PPR 1.5: the host names a version, a situation and a timing the document knows."""
    with pytest.raises(DiscardError, match=message) as error:
        rule(*args)
    assert error.value.field == field


# --- H20 as a reading (PineappleReadings), as house rules from base "pineapple" set it --------


def test_h20_reading_allowed_rules_as_the_named_switch_does() -> None:
    """PPR 6.4, H20: late_discard "allowed" is the late_discard_allowed switch, as a reading."""
    allowed = PineappleReadings(late_discard="allowed")
    for game in ("pineapple", "crazy", "lazy"):
        for situation in SITUATIONS:
            by_reading = rule(game, situation, None, "Cat", readings=allowed)
            by_name = rule(game, situation, None, "Cat", ["late_discard_allowed"])
            assert (by_reading.consequence, by_reading.rulings) == (
                by_name.consequence,
                by_name.rulings,
            )
            assert by_reading.readings == by_name.readings == allowed
    decision = rule("pineapple", "no_discard_after_acting", readings=allowed)
    assert decision.consequence == "discard_now" and decision.house_rules == ()
    assert decision.as_dict()["readings"] == {"lazy_hi_lo": "own", "late_discard": "allowed"}


def test_the_plain_readings_are_the_default() -> None:
    """PPR 6.4, H20: no readings given is the plain ones: the hand is dead."""
    decision = rule("crazy", "no_discard_after_acting", readings=PLAIN_READINGS)
    assert decision.consequence == "hand_dead"
    assert decision.as_dict()["readings"]["late_discard"] == "dead"
