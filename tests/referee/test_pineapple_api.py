"""POST /api/pineapple/showdown/ and /api/pineapple/discards/: DESIGN.md's shapes, 400 by field."""

from __future__ import annotations

from typing import Any

import pytest

from referee.models import Case

SHOWDOWN = "/api/pineapple/showdown/"
RULING = "/api/pineapple/discards/"
DESIGN_EXAMPLE = {
    "game": "lazy",
    "hi_lo": True,
    "board": "Ah 7d 5c Kd 2s",
    "players": [{"name": "A", "hole": "3h 4h Qs"}, {"name": "B", "hole": "Kc Ks 8d"}],
}


def api(client: Any, url: str, body: Any) -> Any:
    return client.post(url, body, content_type="application/json")


def test_design_example_answers_in_the_design_shape(client: Any, db: Any) -> None:
    """PPR 7.3: A's wheel is the best high and the best low; the shape is DESIGN.md's."""
    response = api(client, SHOWDOWN, DESIGN_EXAMPLE)
    assert response.status_code == 200
    body = response.json()
    assert body["high_winners"] == ["A"] and body["low_winners"] == ["A"]
    a, b = body["players"]
    assert a["high"]["category"] == "straight"
    assert a["high"]["cards"] == ["5c", "4h", "3h", "2s", "Ah"]
    assert set(a["low"]) >= {"hand", "cards"} and a["low"]["hand"] == "Five low"
    assert b["high"]["category"] == "three_of_a_kind"
    assert all({"citation", "subject", "text", "url"} <= set(r) for r in body["rulings"])
    assert body["case"] == Case.objects.get().get_absolute_url()
    assert "wins" not in a  # no chips were given


def test_low_is_null_and_low_winners_empty_when_not_hi_lo(client: Any, db: Any) -> None:
    """PPR 7.1: a high-only game has no low."""
    body = api(client, SHOWDOWN, {**DESIGN_EXAMPLE, "hi_lo": False}).json()
    assert body["low_winners"] == []
    assert all(player["low"] is None for player in body["players"])


def test_pot_gives_each_player_wins(client: Any, db: Any) -> None:
    """PPR 7.3, H9: the same hand over a 101-chip pot: A scoops it all."""
    body = api(client, SHOWDOWN, {**DESIGN_EXAMPLE, "pot": 101, "button": 1}).json()
    assert [player["wins"] for player in body["players"]] == [101, 0]


def test_contributions_build_side_pots(client: Any, db: Any) -> None:
    """PPR 7.1, 7.3, H9: a short all-in, a folded player and a split side pot."""
    players = [
        {"name": "A", "hole": "3h 4h Qs", "contributed": 20},
        {"name": "B", "hole": "Kc Ks 8d", "contributed": 50},
        {"name": "C", "hole": "6h 8h 9c", "contributed": 50},
        {"name": "D", "folded": True, "contributed": 40},
    ]
    body = api(client, SHOWDOWN, {**DESIGN_EXAMPLE, "players": players, "button": 1}).json()
    assert [player["wins"] for player in body["players"]] == [80, 40, 40, 0]
    assert [pot["amount"] for pot in body["pots"]] == [80, 80]
    assert body["players"][3]["high"] is None


def test_ruling_answers_with_the_decision_and_citations(client: Any, db: Any) -> None:
    """PPR 6.4: Crazy Pineapple, missed discard noticed before acting: discard at once."""
    body = api(client, RULING, {"game": "crazy", "situation": "no_discard_before_acting"}).json()
    assert body["consequence"] == "discard_now"
    assert body["timing"] == "after_flop"
    assert "PPR 6.4" in [r["citation"] for r in body["rulings"]]
    assert body["case"].startswith("/cases/")


def test_ruling_with_a_variation(client: Any, db: Any) -> None:
    """PPR 3.3: the Pineapple variation discards right after the deal."""
    body = api(
        client, RULING, {"game": "pineapple", "situation": "discard_timing", "timing": "at_deal"}
    ).json()
    assert body["rulings"][0]["citation"] == "PPR 3.3"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"game": "holdem"}, "game"),
        ({"board": "Ah 7d 5c Kd"}, "board"),
        ({"board": 5}, "board"),
        ({"hi_lo": "yes"}, "hi_lo"),
        ({"pot": -1}, "pot"),
        ({"pot": "10"}, "pot"),
        ({"button": 2}, "button"),
        ({"players": [{"name": "A", "hole": "3h 4h Qs"}]}, "players"),
        (
            {"players": [{"name": "A", "hole": "3h 4h"}, {"name": "B", "hole": "3h Ks"}]},
            "players.1.hole",
        ),
        ({"players": [{"name": "A", "hole": "3h 4h Qs 9c"}, {"name": "B"}]}, "players.0.hole"),
        (
            {"players": [{"name": 7, "hole": "3h 4h"}, {"name": "B", "hole": "Ks Kh"}]},
            "players.0.name",
        ),
        (
            {"players": [{"hole": "3h 4h", "contributed": 5}, {"hole": "Ks Kh"}]},
            "players.1.contributed",
        ),
        ({"players": [{"hole": "3h X"}, {"hole": "Ks Kh"}]}, "players.0.hole"),
    ],
)
def test_bad_input_answers_400_with_the_field_path(
    client: Any, db: Any, change: dict[str, Any], field: str
) -> None:
    """PPR 1.2, 1.4, 7.1: every error names its place; nothing answers 500."""
    response = api(client, SHOWDOWN, {**DESIGN_EXAMPLE, **change})
    assert response.status_code == 400
    assert field in response.json()["errors"]
    assert Case.objects.count() == 0


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "lazy", "situation": "slow_roll"}, "situation"),
        ({"game": "crazy", "situation": "discard_timing", "timing": "at_deal"}, "timing"),
        ({"situation": "discard_exposed"}, "game"),
        ({"game": "lazy", "situation": "discard_exposed", "player": 3}, "player"),
    ],
)
def test_bad_ruling_input_answers_400(
    client: Any, db: Any, body: dict[str, Any], field: str
) -> None:
    """PPR 1.5: the version, situation and timing must be ones the document knows."""
    response = api(client, RULING, body)
    assert response.status_code == 400
    assert field in response.json()["errors"]


@pytest.mark.parametrize(
    ("url", "body", "field", "message"),
    [
        (
            SHOWDOWN,
            {**DESIGN_EXAMPLE, "game": "holdem"},
            "game",
            '"holdem" is not a Pineapple version; use one of: pineapple, crazy, lazy',
        ),
        (SHOWDOWN, {**DESIGN_EXAMPLE, "pot": "10"}, "pot", "enter a whole number, e.g. 15"),
        (SHOWDOWN, {**DESIGN_EXAMPLE, "hi_lo": "yes"}, "hi_lo", "enter true or false"),
        (
            RULING,
            {"game": "lazy", "situation": "discard_exposed", "player": 3},
            "player",
            "enter a name as text, e.g. Ann",
        ),
        (
            RULING,
            {"game": "pineapple", "situation": "discard_timing", "timing": "never"},
            "timing",
            '"never" is not a discard timing; use one of: after_preflop, at_deal, after_flop, '
            "at_flop, showdown",
        ),
    ],
)
def test_refusals_say_what_is_accepted(
    client: Any, db: Any, url: str, body: dict[str, Any], field: str, message: str
) -> None:
    """A refused value is named with what would be accepted instead, not guessed at."""
    response = api(client, url, body)
    assert response.status_code == 400
    assert response.json()["errors"] == {field: [message]}


def test_not_json_is_refused(client: Any, db: Any) -> None:
    """The API takes JSON only."""
    response = client.post(SHOWDOWN, {"game": "lazy"})
    assert response.status_code in (400, 415)
    assert "errors" in response.json()


def test_ruling_house_rule(client: Any, db: Any) -> None:
    """PPR 6.4, H20: the house rule is named in the request and echoed in the answer."""
    body = {"game": "crazy", "situation": "no_discard_after_acting"}
    assert api(client, RULING, body).json()["consequence"] == "hand_dead"
    switched = api(client, RULING, {**body, "house_rules": ["late_discard_allowed"]}).json()
    assert switched["consequence"] == "discard_now"
    assert switched["house_rules"] == ["late_discard_allowed"]
    bad = api(client, RULING, {**body, "house_rules": ["anything_goes"]})
    assert bad.status_code == 400 and "house_rules.0" in bad.json()["errors"]
