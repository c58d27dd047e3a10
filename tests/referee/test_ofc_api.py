"""POST /api/ofc/score/: DESIGN.md's request and response, and 400s keyed by field."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from referee.models import Case

URL = "/api/ofc/score/"
# OFC-BETA 8.1: Player 1 scores 8 against Player 2.
EXAMPLE: dict[str, Any] = {
    "ruleset": "pineapple-2p-v1",
    "players": [
        {"name": "Ann", "top": "Qs Qd 7c", "middle": "9s 9h 4c 4d 2s", "bottom": "Ah Jh 8h 6h 3h",
         "in_fantasyland": False},
        {"name": "Bob", "top": "Kc 8d 3s", "middle": "5s 5h 5c Ad 2h", "bottom": "6c 7d 8c 9c Td"},
    ],
}  # fmt: skip


def call(client: Any, body: Any) -> Any:
    return client.post(URL, body, content_type="application/json")


def changed(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    body = copy.deepcopy(EXAMPLE)
    target = body
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return body


def test_worked_example_answers_the_design_shape(client: Any, db: Any) -> None:
    """OFC-BETA 8.1 under pineapple-2p-v1: Ann +8, Bob -8; every field DESIGN.md lists."""
    response = call(client, EXAMPLE)
    assert response.status_code == 200
    body = response.json()
    assert body["ruleset"] == "pineapple-2p-v1"
    ann, bob = body["players"]
    assert {"name", "fouled", "royalties", "score", "rows", "fantasyland"} <= set(ann)
    assert (ann["name"], ann["fouled"], ann["royalties"], ann["score"]) == ("Ann", False, 11, 8)
    assert (bob["royalties"], bob["score"]) == (4, -8)
    top = ann["rows"]["top"]
    assert top["cards"] == ["Qs", "Qd", "7c"] and top["resolved"] == ["Qs", "Qd", "7c"]
    assert (top["category"], top["royalty"]) == ("pair", 7)
    assert top["hand"] == "Pair of queens, seven kicker"
    assert ann["rows"]["bottom"]["category"] == "flush"
    assert ann["fantasyland"] == {
        "qualifies": True,
        "cards": 14,
        "stays": False,
        "in_fantasyland": False,
    }
    assert body["matchups"][0] == {
        "player": "Ann", "opponent": "Bob", "rows": {"top": 1, "middle": -1, "bottom": 1},
        "sweep": 0, "majority": 0, "royalties": 7, "foul": 0, "points": 8,
    }  # fmt: skip
    row_fields = {"cards", "resolved", "category", "hand", "royalty"}
    for player in body["players"]:
        assert set(player["rows"]) == {"top", "middle", "bottom"}
        assert all(row_fields <= set(row) for row in player["rows"].values())
    assert set(bob["fantasyland"]) >= {"qualifies", "cards", "stays"}
    assert [(m["player"], m["opponent"]) for m in body["matchups"]] == [
        ("Ann", "Bob"),
        ("Bob", "Ann"),
    ]
    ruling = body["rulings"][0]
    assert {"citation", "subject", "text", "url"} <= set(ruling)
    assert all(r["url"].startswith("/rules/") for r in body["rulings"])
    assert any(r["citation"] == "pineapple-2p-v1 Top royalties" for r in body["rulings"])
    assert body["case"] == Case.objects.get().get_absolute_url()


def test_no_fantasyland_is_null(client: Any, db: Any) -> None:
    """DESIGN.md: fantasyland is null for a ruleset without Fantasyland (OFC-BETA 9.1)."""
    body = call(client, changed(("ruleset",), "pineapple-ofc")).json()
    assert [p["fantasyland"] for p in body["players"]] == [None, None]


def test_jokers_resolve_in_the_response(client: Any, db: Any) -> None:
    """JOKER-OFC 3.2: four fives and a Joker are four fives with an ace, the As (H12)."""
    body = changed(("ruleset",), "joker-ofc")
    body["players"][1].update(middle="5s 5h 5c 5d X", bottom="8c 9c Tc Jc Qc")
    body["players"][1]["top"] = "Kc 8d 3s"
    response = call(client, body)
    assert response.status_code == 200, response.json()
    middle = response.json()["players"][1]["rows"]["middle"]
    assert middle["cards"] == ["5s", "5h", "5c", "5d", "X"]
    assert middle["resolved"] == ["5s", "5h", "5c", "5d", "As"]
    assert middle["category"] == "four_of_a_kind"


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        (changed(("players", 1, "middle"), "5s 5h 5c Ad"), "players.1.middle", "needs 5 cards"),
        (changed(("players", 1, "bottom"), "6c 7d 8c 9c Qs"), "players.1.bottom", "Qs is in"),
        (changed(("players", 0, "top"), "Qs Qd Zz"), "players.0.top", "is not a card"),
        (changed(("players", 0, "top"), 7), "players.0.top", "as text"),
        (changed(("players", 0, "top"), "Qs Qd X"), "players.0.top", "without Jokers"),
        (changed(("ruleset",), "texas"), "ruleset", "ruleset must be one of pineapple-ofc"),
        (changed(("players",), []), "players", "takes exactly 2 players; got 0"),
        (changed(("players", 0, "discards"), "2c"), "players.0.discards", "discards 4 cards"),
        (changed(("players", 0, "in_fantasyland"), "yes"), "players.0.in_fantasyland", "true"),
        (changed(("players", 0, "fantasyland_cards"), "15"), "players.0.fantasyland_cards", "whol"),
        (changed(("players", 0, "name"), 12), "players.0.name", "text"),
    ],
)  # fmt: skip
def test_bad_input_answers_400_with_the_field(
    client: Any, db: Any, body: dict[str, Any], field: str, words: str
) -> None:
    """DESIGN.md: invalid input answers 400 {"errors": {FIELD: [MESSAGE]}}, never 500."""
    response = call(client, body)
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert field in errors, errors
    assert any(words in message for message in errors[field]), errors
    assert not Case.objects.exists()


@pytest.mark.parametrize("body", [None, [], "text", {"players": "x"}, {"ruleset": None}])
def test_malformed_bodies_answer_400(client: Any, db: Any, body: Any) -> None:
    """DESIGN.md: never 500."""
    response = call(client, body)
    assert response.status_code == 400
    assert "errors" in response.json()
