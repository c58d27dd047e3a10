"""POST /api/island/showdown/: DESIGN.md's request and response, and 400s by field."""

from __future__ import annotations

from typing import Any

import pytest

from referee.models import Case
from tests.referee.bodies import ISLAND_4_3

URL = "/api/island/showdown/"


def call(client: Any, body: Any) -> Any:
    return client.post(URL, body, content_type="application/json")


def test_4_3_example_answers_the_design_shape(client: Any, db: Any) -> None:
    """OPR-538 4.3: B wins; boards, players with best and per_board, winners, rulings, case."""
    response = call(client, ISLAND_4_3)
    assert response.status_code == 200
    body = response.json()
    assert body["winners"] == ["B"]
    assert body["boards"] == [
        ["Kh", "9s", "9d", "Jh", "Qh"],
        ["Kh", "9s", "9d", "Jh", "3d"],
        ["4c", "9s", "9d", "Jh", "Qh"],
        ["4c", "9s", "9d", "Jh", "3d"],
    ]
    a, b = body["players"]
    assert a["name"] == "A" and len(a["per_board"]) == 4
    assert a["best"]["board"] == 1
    assert a["best"]["category"] == "straight"
    assert a["best"]["hand"] == "King-high straight"
    assert a["best"]["cards"] == ["Kh", "Qh", "Jh", "Th", "9s"]
    assert a["best"]["hole_used"] == ["Th"]
    assert b["best"]["category"] == "full_house"
    assert sorted(b["best"]["hole_used"]) == ["4s", "9c"]
    assert 4 in [b["best"]["board"], *b["best"]["also_on"]]
    ruling = next(r for r in body["rulings"] if r["citation"] == "OPR-538 4.3")
    assert ruling["url"] == "/rules/OPR-538/4-3/"
    assert body["case"].startswith("/cases/")
    assert Case.objects.get().game == "island"


def test_wild_deuce_and_variants(client: Any, db: Any) -> None:
    """OPR-538 1.3(a), 5.4: wild cards are reported with what they stood for."""
    body = call(
        client,
        {
            **ISLAND_4_3,
            "first_set": "Ts 4c",
            "second_set": "Js Qs",
            "turn": "Ks",
            "players": [{"name": "A", "hole": "2s 8c"}, {"name": "B", "hole": "9c 4s"}],
            "variants": ["straights_with_wilds"],
        },
    ).json()
    best = body["players"][0]["best"]
    assert best["category"] == "straight_flush"
    assert best["wilds"] == [{"card": "2s", "as": "9s"}]
    assert body["winners"] == ["A"]


def test_phantom_ship_caller_and_deal_checks(client: Any, db: Any) -> None:
    """OPR-538 5.1, 2.5: the caller's matched trips win; seven exchanges use all 52 cards."""
    response = call(
        client,
        {
            **ISLAND_4_3,
            "first_set": "7d 4c",
            "players": [{"name": "A", "hole": "7s 7h 7c"}, {"name": "B", "hole": "Kc Ks Kd"}],
            "phantom_ship": {"caller": "A"},
            "table_size": 7,
            "exchanged": 7,
        },
    )
    assert response.status_code == 200
    body = response.json()
    assert body["winners"] == ["A"]
    assert "phantom_ship" in body["variants"]
    assert body["deal"] == {
        "table_size": 7,
        "exchanged": 7,
        "cards": 52,
        "burns": 3,
        "fits": True,
        "most_cards": 52,
    }


def test_secondary_bonus(client: Any, db: Any) -> None:
    """OPR-538 5.3: after a straight rung the winner needs a flush; a full house reaches it."""
    body = call(client, {**ISLAND_4_3, "secondary_bonus": {"previous": "straight"}}).json()
    assert body["secondary_bonus"]["required"] == "flush"
    assert body["secondary_bonus"]["continues"] is True


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"river": "Qh"}, "river"),
        ({"turn": "Zz"}, "turn"),
        ({"first_set": 12}, "first_set"),
        ({"players": [{"name": "A", "hole": "Th 8c"}]}, "players"),
        (
            {"players": [{"name": "A", "hole": "Th 8c"}, {"name": "B", "hole": "9c Kh"}]},
            "players.1.hole",
        ),
        (
            {"players": [{"name": "A", "hole": "Th 8c 7c"}, {"name": "B", "hole": "9c 4s"}]},
            "players.0.hole",
        ),
        (
            {"players": [{"name": 5, "hole": "Th 8c"}, {"name": "B", "hole": "9c 4s"}]},
            "players.0.name",
        ),
        (
            {"players": [{"name": "A", "hole": "Th 8c"}, {"name": "A", "hole": "9c 4s"}]},
            "players.1.name",
        ),
        ({"variants": ["jokers"]}, "variants.0"),
        (
            {
                "phantom_ship": {"caller": "Zed"},
                "players": [{"name": "A", "hole": "7s 7h 7c"}, {"name": "B", "hole": "9c 4s 5s"}],
            },
            "phantom_ship.caller",
        ),
        ({"table_size": 9}, "table_size"),
        ({"table_size": 3, "exchanged": 5}, "exchanged"),
        ({"secondary_bonus": {"previous": "pair"}}, "secondary_bonus.previous"),
    ],
)
def test_bad_input_is_400_by_field(
    client: Any, db: Any, change: dict[str, Any], field: str
) -> None:
    """OPR-538 1.1, 3.3, 5.1: invalid input answers 400 naming the field, never 500."""
    response = call(client, {**ISLAND_4_3, **change})
    assert response.status_code == 400, response.content
    errors = response.json()["errors"]
    assert field in errors, errors
    assert all(isinstance(message, str) and message for message in errors[field])
    assert not Case.objects.exists()


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        (
            {"variants": ["jokers"]},
            "variants.0",
            '"jokers" is not an Island Pineapple variant; use one of: phantom_ship, '
            "arcade_ante, secondary_bonus, straights_with_wilds, playing_the_board",
        ),
        (
            {"secondary_bonus": {"previous": "pair"}},
            "secondary_bonus.previous",
            '"pair" is not a Secondary bonus qualifier; use one of: straight, flush, '
            "full_house, four_of_a_kind, straight_flush, royal_flush",
        ),
        ({"table_size": "5"}, "table_size", "enter a whole number, e.g. 15"),
        (
            {
                "players": [
                    {"name": "A", "hole": "Th 8c", "discarded": "no"},
                    ISLAND_4_3["players"][1],
                ]
            },
            "players.0.discarded",
            "enter true or false",
        ),
    ],
)
def test_refusals_say_what_is_accepted(
    client: Any, db: Any, change: dict[str, Any], field: str, message: str
) -> None:
    """A refused value is named with what would be accepted instead, not guessed at."""
    response = call(client, {**ISLAND_4_3, **change})
    assert response.status_code == 400
    assert response.json()["errors"] == {field: [message]}


def test_more_than_seven_players_is_400_at_players(client: Any, db: Any) -> None:
    """OPR-538 1.1: at most seven play, so eight players answer 400 at `players`."""
    cards = [
        "2h",
        "3h",
        "4h",
        "5h",
        "6h",
        "7h",
        "8h",
        "9h",
        "Th",
        "Jh",
        "Qh",
        "Kh",
        "Ah",
        "2d",
        "3d",
        "4d",
    ]
    players = [{"name": f"P{i}", "hole": f"{cards[2 * i]} {cards[2 * i + 1]}"} for i in range(8)]
    response = call(client, {**ISLAND_4_3, "players": players})
    assert response.status_code == 400
    assert "players" in response.json()["errors"]


@pytest.mark.parametrize("body", [[], "text", {"players": "x"}, {**ISLAND_4_3, "players": None}])
def test_malformed_bodies_are_400(client: Any, db: Any, body: Any) -> None:
    """Any JSON that is not a showdown answers 400 with errors, not 500."""
    response = call(client, body)
    assert response.status_code == 400
    assert "errors" in response.json()
