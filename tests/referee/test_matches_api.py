"""The match API (issue 7): create, add hands with the edit key, void, read; no lost updates."""

from __future__ import annotations

import threading
import uuid

import pytest
from django.db import connection, connections

from referee.models import Case, Match, MatchHand
from tests.referee.match_helpers import BOB_8, BOB_15, BOB_17, hand, new_match_body

pytestmark = pytest.mark.django_db


def create(client, **length):
    response = client.post(
        "/api/matches/", new_match_body(**length), content_type="application/json"
    )
    assert response.status_code == 201, response.content
    return response.json()


def post_hand(client, match, body, key=None):
    headers = {} if key is False else {"HTTP_X_EDIT_KEY": match["edit_key"] if key is None else key}
    return client.post(
        f"/api/matches/{match['id']}/hands/", body, content_type="application/json", **headers
    )


def test_create_answers_the_issue_shape(client):
    """pineapple-2p-v1 Match end: a new target match starts level with the first dealer."""
    body = create(client, target=20)
    assert body["url"] == f"/matches/{body['id']}/"
    assert body["totals"] == {"Ann": 0, "Bob": 0}
    assert body["dealer"] == "Ann"
    assert body["finished"] is False and body["winners"] == []
    assert len(body["edit_key"]) >= 32
    # No key in any link: the edit link is a single-use join link for the editing.
    assert body["edit_url"] == body["editor_join_url"]
    assert body["edit_url"].startswith("http://testserver/join/")
    assert body["edit_key"] not in body["edit_url"]
    assert [seat["name"] for seat in body["seats"]] == ["Ann", "Bob"]
    assert all(len(seat["join_code"]) == 9 for seat in body["seats"])
    match = Match.objects.get(pk=body["id"])
    assert body["edit_key"] not in match.edit_key_hash  # only its hash is stored
    assert match.key_matches(body["edit_key"]) and not match.key_matches(body["edit_key"] + "x")


def test_keys_differ_between_matches(client):
    """Each match gets its own random edit key."""
    assert create(client)["edit_key"] != create(client)["edit_key"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        (
            {"ruleset": "pineapple-ofc", "players": ["Ann", "Bob"], "dealer": "Ann", "hands": 2},
            "hands",
        ),
        ({"ruleset": "pineapple-ofc", "players": ["Ann", "Bob"], "dealer": "Ann"}, "length"),
        (
            {
                "ruleset": "pineapple-ofc",
                "players": ["A", "B"],
                "dealer": "A",
                "hands": 1,
                "rounds": 1,
            },
            "length",
        ),
        (
            {"ruleset": "pineapple-2p-v1", "players": ["A", "B", "C"], "dealer": "A", "target": 20},
            "players",
        ),
        (
            {"ruleset": "pineapple-2p-v1", "players": ["A", ""], "dealer": "A", "target": 20},
            "players.1",
        ),
        (
            {"ruleset": "pineapple-2p-v1", "players": ["A", 5], "dealer": "A", "target": 20},
            "players.1",
        ),
        (
            {"ruleset": "pineapple-2p-v1", "players": ["A", "B"], "dealer": "C", "target": 20},
            "dealer",
        ),
        (
            {"ruleset": "pineapple-2p-v1", "players": ["A", "B"], "dealer": "A", "target": 0},
            "target",
        ),
        (
            {"ruleset": "pineapple-2p-v1", "players": ["A", "B"], "dealer": "A", "target": "20"},
            "target",
        ),
        ({"ruleset": "island", "players": ["A", "B"], "dealer": "A", "target": 20}, "ruleset"),
        ({"ruleset": "pineapple-2p-v1", "players": "A B", "dealer": "A", "target": 20}, "players"),
    ],
)
def test_bad_match_answers_400_by_field(client, body, field):
    """OFC-BETA 6.9 and pineapple-2p-v1 Match end: a match the ruleset does not allow is refused."""
    response = client.post("/api/matches/", body, content_type="application/json")
    assert response.status_code == 400
    assert field in response.json()["errors"], response.json()


def test_hand_adds_to_the_totals_and_passes_the_deal(client):
    """OFC-BETA 6.6 and 4.2: the hand's score goes on the totals; the deal passes left."""
    match = create(client, target=30)
    response = post_hand(client, match, hand(BOB_8))
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["hand"] == 1
    assert body["scores"] == {"Ann": 8, "Bob": -8}
    assert body["totals"] == {"Ann": 8, "Bob": -8}
    assert body["dealer"] == "Bob" and body["dealt_by"] == "Ann"
    assert body["finished"] is False and body["winners"] == []
    case = Case.objects.get(pk=body["case"].split("/")[2])
    assert case.game == "pineapple-2p-v1"
    assert case.entered["match"] == match["id"] and case.entered["hand"] == 1
    assert {"OFC-BETA 4.2", "pineapple-2p-v1 Fantasyland qualification"} <= {
        ruling["citation"] for ruling in case.rulings
    }
    second = post_hand(client, match, hand(BOB_15)).json()
    assert second["hand"] == 2 and second["totals"] == {"Ann": 23, "Bob": -23}
    assert second["dealer"] == "Ann"


def test_target_reached_ends_the_match_and_refuses_more_hands(client):
    """pineapple-2p-v1 Match end: the first to reach the target wins; the match takes no more."""
    match = create(client, target=20)
    post_hand(client, match, hand(BOB_8))
    done = post_hand(client, match, hand(BOB_17)).json()
    assert done["totals"] == {"Ann": 25, "Bob": -25}
    assert done["finished"] is True and done["winners"] == ["Ann"] and done["dealer"] is None
    response = post_hand(client, match, hand(BOB_8))
    assert response.status_code == 409
    assert "over" in response.json()["errors"]["match"][0]
    assert MatchHand.objects.filter(match_id=match["id"]).count() == 2


def test_one_round_match_ends_after_each_player_dealt(client):
    """OFC-BETA 6.9: 1 round of two players is two hands; the highest total wins."""
    match = create(client, rounds=1)
    first = post_hand(client, match, hand(BOB_8)).json()
    assert first["finished"] is False
    last = post_hand(client, match, hand({**BOB_15, "name": "Bob"})).json()
    assert last["finished"] is True and last["winners"] == ["Ann"]


def test_hand_names_may_come_in_any_order_or_be_left_blank(client):
    """OFC-BETA 6.6: each board's score goes on its own player's total."""
    match = create(client, target=100)
    swapped = {"players": [dict(BOB_8), hand(BOB_8)["players"][0]]}
    assert post_hand(client, match, swapped).json()["scores"] == {"Ann": 8, "Bob": -8}
    blank = hand(BOB_15)
    for player in blank["players"]:
        player["name"] = ""
    assert post_hand(client, match, blank).json()["scores"] == {"Ann": 15, "Bob": -15}


@pytest.mark.parametrize("key", [False, "", "wrong-key"])
def test_adding_a_hand_needs_the_edit_key(client, key):
    """Only the edit link may change the score: a wrong or missing key answers 403."""
    match = create(client)
    response = post_hand(client, match, hand(BOB_8), key=key)
    assert response.status_code == 403
    assert "errors" in response.json()
    assert not MatchHand.objects.exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        (hand({**BOB_8, "top": "Kc 8d"}), "players.1.top"),
        (hand({**BOB_8, "top": "Kc 8d Zz"}), "players.1.top"),
        (hand({**BOB_8, "top": "Qs 8d 3s"}), "players.1.top"),
        (hand({**BOB_8, "top": 5}), "players.1.top"),
        (hand({**BOB_8, "name": "Zed"}), "players.1.name"),
        (hand({**BOB_8, "name": "Ann"}), "players.1.name"),
        ({"players": [hand(BOB_8)["players"][0]]}, "players"),
        ({}, "players"),
        (hand({**BOB_8, "top": "Kc 8d X"}), "players.1.top"),
    ],
)
def test_bad_hand_answers_400_by_field(client, body, field):
    """OFC-BETA 1.1 and 2.1: rows of 3/5/5 from one 52-card deck, one board per player."""
    match = create(client)
    response = post_hand(client, match, body)
    assert response.status_code == 400, response.content
    assert field in response.json()["errors"], response.json()
    assert not MatchHand.objects.exists()


def test_unknown_or_malformed_match_is_a_json_404(client):
    """A match id that is not a match answers 404 in JSON."""
    for match_id in (uuid.uuid4(), "not-a-uuid"):
        for response in (
            client.get(f"/api/matches/{match_id}/"),
            client.post(f"/api/matches/{match_id}/hands/", {}, content_type="application/json"),
        ):
            assert response.status_code == 404
            assert response.json()["errors"] == {"non_field_errors": ["No match has this id."]}


def test_get_answers_standings_and_the_hand_list(client):
    """OFC-BETA 6.6: the standings are the totals of the hands listed, each with its case."""
    match = create(client, target=100)
    post_hand(client, match, hand(BOB_8))
    post_hand(client, match, hand(BOB_17))
    body = client.get(f"/api/matches/{match['id']}/").json()
    assert body["totals"] == {"Ann": 25, "Bob": -25}
    assert body["dealer"] == "Ann"
    assert [row["hand"] for row in body["hands"]] == [1, 2]
    assert body["hands"][0]["dealer"] == "Ann" and body["hands"][1]["dealer"] == "Bob"
    assert all(row["case"].startswith("/cases/") for row in body["hands"])
    assert body["running"][-1] == body["totals"]
    assert "edit_key" not in body and "edit_key_hash" not in str(body)
    assert all(ruling["url"].startswith("/rules/") for ruling in body["rulings"])


def test_void_recomputes_totals_and_keeps_the_hand(client):
    """OFC-BETA 6.6: a voided hand stays in the history but no longer counts."""
    match = create(client, target=20)
    post_hand(client, match, hand(BOB_8))
    post_hand(client, match, hand(BOB_17))
    url = f"/api/matches/{match['id']}/hands/1/void/"
    assert client.post(url).status_code == 403
    response = client.post(url, HTTP_X_EDIT_KEY=match["edit_key"])
    assert response.status_code == 200
    body = response.json()
    assert body["totals"] == {"Ann": 17, "Bob": -17}
    assert body["finished"] is False and body["voided"] == [1]
    assert [row["void"] for row in body["hands"]] == [True, False]
    # The match is open again, and the next hand is number 3.
    again = post_hand(client, match, hand(BOB_8)).json()
    assert again["hand"] == 3 and again["finished"] is True and again["winners"] == ["Ann"]
    missing = f"/api/matches/{match['id']}/hands/99/void/"
    response = client.post(missing, HTTP_X_EDIT_KEY=match["edit_key"])
    assert response.status_code == 404
    assert response.json()["errors"] == {"non_field_errors": ["This match has no hand 99."]}
    huge = f"/api/matches/{match['id']}/hands/99999999999/void/"
    assert client.post(huge, HTTP_X_EDIT_KEY=match["edit_key"]).status_code == 404


def test_joker_ofc_match_deals_fantasyland_with_the_count_earned(client):
    """JOKER-OFC 7.2: QQ on top enters Fantasyland with 14 cards for the next hand."""
    body = {"ruleset": "joker-ofc", "players": ["Ann", "Bob"], "dealer": "Bob", "rounds": 2}
    match = client.post("/api/matches/", body, content_type="application/json").json()
    first = post_hand(client, match, hand(BOB_8)).json()
    assert first["fantasyland"]["Ann"]["cards"] == 14
    assert first["fantasyland"]["Bob"]["cards"] is None
    # Ann plays the next hand in Fantasyland: QQ on top is no stay hand, so she comes back out.
    second = post_hand(client, match, hand(BOB_15)).json()
    ann = next(p for p in second["result"]["players"] if p["name"] == "Ann")
    assert ann["fantasyland"]["in_fantasyland"] is True
    assert second["fantasyland"]["Ann"]["cards"] is None


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_concurrent_hands_are_each_counted_once_in_order(client):
    """No lost updates: 20 hands posted at once are numbered 1..20 and the totals add up."""
    match = create(client, target=10_000)
    boards = [(BOB_8, 8), (BOB_15, 15), (BOB_17, 17)] * 7
    results: list[int] = []
    errors: list[str] = []
    start = threading.Barrier(20)

    def post(index: int) -> None:
        from django.test import Client

        try:
            start.wait()
            response = post_hand(Client(), match, hand(boards[index][0]))
            if response.status_code != 201:
                errors.append(response.content.decode())
            else:
                results.append(response.json()["hand"])
        finally:
            connections.close_all()

    threads = [threading.Thread(target=post, args=(index,)) for index in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert sorted(results) == list(range(1, 21))
    stored = MatchHand.objects.filter(match_id=match["id"]).order_by("number")
    assert [row.number for row in stored] == list(range(1, 21))
    expected = sum(points for _, points in boards[:20])
    body = client.get(f"/api/matches/{match['id']}/").json()
    assert body["totals"] == {"Ann": expected, "Bob": -expected}
    assert sum(row.scores["Ann"] for row in stored) == expected
    # The button passed left after each hand, in hand order.
    assert [row.dealer for row in stored] == ["Ann", "Bob"] * 10


@pytest.mark.parametrize(
    "body",
    [
        [],
        "players",
        {"players": "Ann"},
        {"players": [1, 2]},
        {"players": [{"top": None}, {}]},
        {"players": [{"name": "Ann\x00", "top": "As", "middle": "", "bottom": ""}]},
        {"players": [{}] * 9},
        {"players": hand(BOB_8)["players"], "ruleset": "joker-ofc"},
        {"players": hand(BOB_8)["players"], "ruleset": 7},
    ],
)
def test_malformed_hand_bodies_answer_400(client, body):
    """Bad input answers 400 with errors by field, never 500."""
    match = create(client)
    response = post_hand(client, match, body)
    assert response.status_code == 400, response.content
    assert response.json()["errors"]
