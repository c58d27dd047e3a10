"""OFC-BETA 6.2: a tied row prevents the sweep, said whatever a row pays (issue 36).

The ruling follows the decision, which rows were won, lost and tied, never the points: under
a house rule paying 2 or 3 a row it used to disappear, because the wording recognised "two
rows won, one tied" by the points 0, 1, 1.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from scoring.cards import parse_cards
from scoring.house import house_ruleset
from scoring.ofc import PlayerBoard, TableResult, score_table
from scoring.rulesets import RULESETS

TIED = "A tied row scores 0 for both and prevents the sweep."


def board(name: str, top: str, middle: str, bottom: str) -> PlayerBoard:
    return PlayerBoard(name, parse_cards(top), parse_cards(middle), parse_cards(bottom))


# Ann wins the top (kings over queens) and the bottom (jacks full over tens full); the middle
# flushes are the same ranks in different suits, a tie (suits never break one).
ANN = board("Ann", "Ks Kc 2c", "Ah Kh 9h 6h 3h", "Js Jc Jh 8s 8c")
BOB = board("Bob", "Qs Qd 2d", "Ad Kd 9d 6d 3d", "Ts Tc Th 8h 8d")
# Ann wins the top, ties the middle, loses the bottom (sevens full under tens full): no sweep
# was in reach, so the tie stops nothing.
SPLIT = board("Ann", "Ks Kc 2c", "Ah Kh 9h 6h 3h", "7s 7c 7h 8s 8c")
# Bob wins the top (aces) and the bottom (queens full) and ties the middle: the same ruling,
# from the other side.
HIGH = board("Bob", "As Ac 2d", "Ad Kd 9d 6d 3d", "Qs Qc Qh 5h 5d")


def tied_rulings(result: TableResult) -> list[tuple[str, str]]:
    return [(ruling.citation, ruling.subject) for ruling in result.rulings if ruling.text == TIED]


@pytest.mark.parametrize("points", [1, 2, 3])
@pytest.mark.parametrize("base", sorted(RULESETS))
def test_a_house_rule_paying_more_a_row_keeps_the_tied_row_ruling(base: str, points: int) -> None:
    rules = house_ruleset("rows", base, {"row_point": points})
    result = score_table(rules, [ANN, BOB])
    matchup = result.matchup("Ann", "Bob")
    assert dict(matchup.rows) == {"top": points, "middle": 0, "bottom": points}
    assert matchup.sweep == 0
    assert tied_rulings(result) == [(rules.citations.row_ties, "Ann v Bob")]


@pytest.mark.parametrize("points", [1, 2, 3, 7])
def test_the_tied_row_ruling_follows_the_rows_not_the_points(points: int) -> None:
    """A ruleset built with any row point, the tie in either player's favour."""
    rules = replace(RULESETS["pineapple-ofc"], row_point=points)
    assert tied_rulings(score_table(rules, [ANN, BOB])) == [("OFC-BETA 6.2", "Ann v Bob")]
    # The player listed first is the one who loses both rows.
    result = score_table(rules, [ANN, HIGH])
    assert dict(result.matchup("Ann", "Bob").rows) == {
        "top": -points,
        "middle": 0,
        "bottom": -points,
    }
    assert tied_rulings(result) == [("OFC-BETA 6.2", "Ann v Bob")]


@pytest.mark.parametrize("points", [1, 2, 3])
def test_a_tie_beside_a_row_won_and_a_row_lost_prevents_nothing(points: int) -> None:
    rules = replace(RULESETS["pineapple-ofc"], row_point=points)
    result = score_table(rules, [SPLIT, BOB])
    assert dict(result.matchup("Ann", "Bob").rows) == {
        "top": points,
        "middle": 0,
        "bottom": -points,
    }
    assert tied_rulings(result) == []
    # The tie itself is still ruled (OFC-BETA 3.1: suits never break a tie).
    assert any(
        ruling.citation == rules.citations.ties and "middle rows are both" in ruling.text
        for ruling in result.rulings
    )


@pytest.mark.parametrize("points", [1, 2, 3])
def test_the_matchup_records_which_rows_were_won_lost_and_tied(points: int) -> None:
    rules = replace(RULESETS["pineapple-ofc"], row_point=points)
    result = score_table(rules, [ANN, BOB])
    assert dict(result.matchup("Ann", "Bob").compared) == {"top": 1, "middle": 0, "bottom": 1}
    assert dict(result.matchup("Bob", "Ann").compared) == {"top": -1, "middle": 0, "bottom": -1}
