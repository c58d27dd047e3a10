"""Matches on the web, the whole slice (referee/matches.py, tables.py, match_chart.py,
views/matches.py, api/matches.py): making a match, join codes and who may change a match, a hand
entered whole or board by board from each seat's phone, the end of a match and void hands, the
standings and their chart, live standings that cost a 304, settling up in money, the export,
long matches, and the refusals (400 at the field, 404). In each section the API's tests and the
pages' stand side by side. Matches said in Japanese are in test_messages_match.py; join codes'
guessing limits in test_join_codes.py.
"""

from __future__ import annotations

import csv
import io
import re
import threading
import time
import uuid
from datetime import timedelta
from functools import partial
from typing import Any

import pytest
from django.db import connection, connections
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from referee import matches, tables
from referee.match_chart import HEIGHT, running_chart
from referee.models import Case, JoinCode, Match, MatchHand, SeatBoard
from scoring.cards import parse_cards
from scoring.ofc import PlayerBoard
from tests.referee.match_helpers import (
    ANN,
    BOB_8,
    BOB_15,
    BOB_17,
    ROWS,
    at_once,
    create,
    hand,
    phone_for,
    post_hand,
    rows,
)
from tests.referee.web import api

pytestmark = pytest.mark.django_db

# The new-match page's fields: Ann and Bob heads-up to 20 points, Ann dealing first.
NEW = {
    "ruleset": "pineapple-2p-v1",
    "player_1": "Ann",
    "player_2": "Bob",
    "player_3": "",
    "dealer": "1",
    "length": "target:20",
    "custom_target": "",
}
ONE_ROUND = {"ruleset": "pineapple-ofc", "length": "rounds:1"}


@pytest.fixture
def made(client: Client) -> dict[str, Any]:
    """A one-round Pineapple OFC match made by the API (its answer: seats' codes, edit key)."""
    return create(client)


def start(client: Client, **changes: str) -> tuple[Match, str]:
    """Create a match from the page; the client then holds its editing (a cookie)."""
    response = client.post("/matches/new/", {**NEW, **changes})
    assert response.status_code == 302, response.content.decode()
    found = re.fullmatch(r"/matches/([0-9a-f-]+)/edit/\?new=1", response["Location"])
    assert found, response["Location"]
    match = Match.objects.get(pk=found[1])
    return match, f"/matches/{match.id}/edit/"


def boards(bob: dict[str, str]) -> list[PlayerBoard]:
    """Ann's and Bob's boards, for matches.add_hand."""
    return [PlayerBoard(p["name"], *(parse_cards(p[row]) for row in ROWS)) for p in (ANN, bob)]


def hand_form(bob: dict[str, str], **changes: str) -> dict[str, str]:
    """The edit page's OFC form fields for Ann (seat 1) and Bob (seat 2)."""
    data = {"ruleset": "pineapple-2p-v1", "players-0-name": "Ann", "players-1-name": "Bob"}
    for seat, board in ((1, ANN), (2, bob)):
        for row in ROWS:
            data[f"players-{seat - 1}-{row}"] = board[row]
    return {**data, **changes}


def send(phone: Client, made: dict[str, Any], board: dict[str, str]) -> Any:
    """A seat's phone sends its board from the match page."""
    return phone.post(f"/matches/{made['id']}/board/", rows(board))


def fill(match_id: str, count: int) -> None:
    """Store ``count`` played hands at once (each with a small case), as a long match would."""
    match = Match.objects.get(pk=match_id)
    cases = Case.objects.bulk_create(
        Case(game=match.ruleset, entered={"players": []}, result={"players": []}, rulings=[])
        for _ in range(count)
    )
    dealers = match.players
    MatchHand.objects.bulk_create(
        MatchHand(
            match=match, number=n, dealer=dealers[n % 2], scores={"Ann": 3, "Bob": -3}, case=case
        )  # fmt: skip
        for n, case in enumerate(cases, start=1)
    )
    matches.fold_hands(match)  # the row's tally, as adding each hand would have kept it


def _new_request() -> None:
    """What Django does as a server's request starts (the test client leaves it out)."""
    for each in connections.all(initialized_only=True):
        each.close_if_unusable_or_obsolete()


# --- Making a match -----------------------------------------------------------------------------


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
    assert create(client, target=20)["edit_key"] != create(client, target=20)["edit_key"]


def test_new_match_page_renders(client):
    """The new-match form asks for the ruleset, the seats, the first dealer and the length."""
    response = client.get("/matches/new/")
    assert response.status_code == 200
    html = response.content.decode()
    for name in ("ruleset", "player_1", "player_2", "player_3", "dealer", "length"):
        assert f'name="{name}"' in html
    assert "First to 50 points" in html


def test_home_page_links_the_match_page(client):
    assert "/matches/new/" in client.get("/").content.decode()


def test_creating_a_match_gives_this_phone_the_editing_and_the_seats_codes(client):
    """The host's phone holds the editing by cookie; its edit page shows a code per seat."""
    match, edit = start(client)
    assert match.players == ["Ann", "Bob"] and match.first_dealer == "Ann"
    assert (match.length_kind, match.length_value) == ("target", 20)
    page = client.get(edit + "?new=1").content.decode()
    assert "Match created" in page and page.count('data-testid="code"') == 3  # 2 seats, editing
    assert page.count("<svg") >= 3  # a QR code each
    watch = client.get(f"/matches/{match.id}/").content.decode()
    assert 'data-testid="code"' not in watch


def test_custom_target_and_first_dealer_seat(client):
    """pineapple-2p-v1 Match end: the host may pick a custom target; OFC-BETA 4.2 first dealer."""
    match, _ = start(client, length="target:custom", custom_target="37", dealer="2")
    assert (match.length_kind, match.length_value, match.first_dealer) == ("target", 37, "Bob")


# --- Join codes: a seat or the editing on another phone -----------------------------------------


def test_a_code_gives_one_phone_the_seat_once(made):
    """A seat's code works once: the phone that uses it holds the seat; a second use is refused."""
    ann = phone_for(made, 0)
    page = ann.get(made["url"]).content.decode()
    assert "you play <strong>Ann</strong>" in page and "Your board for hand 1" in page
    again = Client().post(f"/join/{made['seats'][0]['join_code']}/")
    assert again.status_code == 400 and "has been used" in again.text
    cookie = ann.cookies[tables.COOKIE]
    assert cookie["httponly"] and cookie["samesite"] == "Lax"


def test_codes_are_typed_loosely_and_expire(made):
    """Typed at /join/ in lower case with spaces, a code still reads; after 6 hours it is dead."""
    code = made["seats"][1]["join_code"]
    typed = Client().post("/join/", {"code": f" {code[:3].lower()} {code[3:].lower()} "})
    assert typed.status_code == 302
    old = JoinCode.objects.get(code=made["seats"][0]["join_code"])
    JoinCode.objects.filter(pk=old.pk).update(expires=timezone.now() - timedelta(seconds=1))
    late = Client().post("/join/", {"code": old.code})
    assert late.status_code == 400 and "has expired" in late.text
    assert timedelta(hours=6) == tables.CODE_LIFE


def test_wrong_codes_are_refused_and_then_limited(made):
    """A guess is refused in words; after ten wrong ones a minute, even a right one waits."""
    guesser = Client()
    for _ in range(tables.TRIES_A_MINUTE):
        wrong = guesser.post("/join/", {"code": "ZZZZZZ"})
        assert wrong.status_code == 400 and "is not a join code" in wrong.text
    blocked = guesser.post("/join/", {"code": made["seats"][0]["join_code"]})
    assert blocked.status_code == 429 and "Too many wrong codes" in blocked.text
    assert JoinCode.objects.get(code=made["seats"][0]["join_code"]).used is None


def test_codes_are_nine_of_thirty_one_letters_and_drawn_fresh(made):
    """The match's tag and a secret of about 29.7 bits, no look-alike letters (more in
    test_join_codes.py); a new code for a seat retires the old one."""
    codes = [seat["join_code"] for seat in made["seats"]]
    assert all(len(code) == 9 and set(code) <= set(tables.ALPHABET) for code in codes)
    assert not set("01OIL") & set(tables.ALPHABET) and len(tables.ALPHABET) == 31
    match = Match.objects.get(pk=made["id"])
    fresh = tables.issue_code(match, 0)
    assert fresh.code != codes[0]
    assert Client().post(f"/join/{codes[0]}/").status_code == 400


def test_the_editing_code_gives_another_phone_the_edit_page(made):
    """The host hands the editing to another phone by its own code."""
    helper = Client()
    assert helper.get(f"/matches/{made['id']}/edit/").status_code == 403
    code = made["editor_join_url"].rstrip("/").rsplit("/", 1)[-1]
    taken = helper.post(f"/join/{code}/")
    assert taken["Location"] == f"/matches/{made['id']}/edit/"
    assert helper.get(taken["Location"]).status_code == 200


def test_the_host_issues_a_new_code_for_a_seat(client):
    """A lost code is replaced from the edit page; the old one stops working."""
    match, _ = start(client, **ONE_ROUND)
    old = tables.live_codes(match)[1].code
    assert client.post(f"/matches/{match.id}/edit/codes/", {"seat": "1"}).status_code == 302
    new = tables.live_codes(match)[1].code
    assert new != old and Client().post(f"/join/{old}/").status_code == 400


def test_the_host_takes_an_empty_seat_in_one_tap(client):
    """The phone that made the match holds the editing; one tap on "take this seat" gives it
    Ann's seat too, and Ann's code stops working, so no other phone takes it as well."""
    match, edit_url = start(client, **ONE_ROUND)
    edit = client.get(edit_url + "?new=1")
    assert edit.text.count('data-testid="take-seat"') == 2  # Ann's and Bob's, not the editing's
    ann_code = tables.live_codes(match)[0].code
    taken = client.post(f"/matches/{match.id}/edit/seat/", {"seat": "0"})
    assert taken.status_code == 302 and taken["Location"] == match.get_absolute_url()
    assert "no-store" in taken["Cache-Control"]
    client.cookies.update(taken.cookies)
    assert tables.role_of(client.get(match.get_absolute_url()).wsgi_request, match) == (
        tables.Role(seat=0, editor=True)
    )
    assert 'data-testid="take-seat"' not in client.get(f"/matches/{match.id}/edit/").text
    refused = Client().post(f"/join/{ann_code}/")
    assert refused.status_code == 400 and "used" in refused.text
    # A second seat for the same phone, or a taken seat, is not given.
    client.post(f"/matches/{match.id}/edit/seat/", {"seat": "1"})
    assert tables.role_of(client.get(match.get_absolute_url()).wsgi_request, match).seat == 0


def test_an_edit_link_with_the_key_gives_the_editing_and_moves_to_a_key_free_address(client):
    """Edit links from before the cookies keep working: the key is exchanged for the cookie."""
    made = create(client, target=20)
    match_id, key = made["id"], made["edit_key"]
    client.cookies.clear()
    moved = client.get(f"/matches/{match_id}/edit/{key}/")
    assert moved.status_code == 307 and moved["Location"] == f"/matches/{match_id}/edit/"
    assert key not in moved["Location"]
    assert client.get(moved["Location"]).status_code == 200  # the cookie now holds it


def test_my_matches_lists_what_this_phone_holds(made):
    ann = phone_for(made, 0)
    mine = ann.get("/matches/").content.decode()
    assert "Ann · Bob" in mine and "your seat" in mine
    assert "holds no seat" in Client().get("/matches/").content.decode()


# --- Who may change a match: the edit key, the editing, a seat's own board ----------------------


@pytest.mark.parametrize("key", [False, "", "wrong-key"])
def test_adding_a_hand_needs_the_edit_key(client, key):
    """Only the edit link may change the score: a wrong or missing key answers 403."""
    match = create(client, target=20)
    response = post_hand(client, match, hand(BOB_8), key=key)
    assert response.status_code == 403
    assert "errors" in response.json()
    assert not MatchHand.objects.exists()


@pytest.mark.parametrize(
    "suffix", ["edit/wrong-key/", "edit/", "edit/?key=wrong", "edit/wrong/void/1/", "edit/void/1/"]
)
def test_a_phone_without_the_editing_is_refused(client, suffix):
    """Only a phone holding the editing changes a match: any other answers 403, saying how."""
    match, _ = start(client)
    matches.add_hand(match.id, boards(BOB_8), {})
    client.cookies.clear()
    method = client.post if "void" in suffix else client.get
    response = method(f"/matches/{match.id}/{suffix}")
    assert response.status_code == 403
    assert "Join with a code" in response.content.decode()
    assert not MatchHand.objects.filter(void=True).exists()


def test_a_forged_cookie_holds_nothing(made):
    thief = Client()
    thief.cookies[tables.COOKIE] = f'{{"{made["id"]}": [0, true]}}'
    assert thief.get(f"/matches/{made['id']}/edit/").status_code == 403
    assert send(thief, made, ANN).status_code == 403


def test_only_the_editing_phone_can_take_a_seat(client):
    match, _ = start(client, **ONE_ROUND)
    stranger = Client().post(f"/matches/{match.id}/edit/seat/", {"seat": "0"})
    assert stranger.status_code == 403
    assert 0 in tables.live_codes(match)


@pytest.mark.parametrize(
    ("body", "status", "field"),
    [
        ({"seat": "Bob", **rows(BOB_8)}, 403, None),  # Ann's phone sends Bob's board
        ({"seat": "Cy", **rows(BOB_8)}, 400, "seat"),
        ({**rows(ANN)}, 400, "seat"),
        ({"seat": "Ann", **rows(ANN), "top": "Qs Qd"}, 400, "top"),
    ],
)
def test_a_seat_sends_only_its_own_board(made, body, status, field):
    ann = phone_for(made, 0)
    answer = api(ann, f"/api/matches/{made['id']}/boards/", body)
    assert answer.status_code == status, answer.content
    if field:
        assert field in answer.json()["errors"]
    assert not SeatBoard.objects.exists()


def test_a_watcher_cannot_send_a_board_and_a_finished_match_takes_none(client, made):
    body = {"seat": "Ann", **rows(ANN)}
    url = f"/api/matches/{made['id']}/boards/"
    assert api(Client(), url, body).status_code == 403
    one = create(client, hands=1)  # over after its one hand
    key = one["edit_key"]
    post_hand(client, one, hand(BOB_8))
    late = api(client, f"/api/matches/{one['id']}/boards/", body, HTTP_X_EDIT_KEY=key)
    assert late.status_code == 409


# --- A hand, entered whole: the API and the edit page --------------------------------------------


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


def test_hand_names_may_come_in_any_order_or_be_left_blank(client):
    """OFC-BETA 6.6: each board's score goes on its own player's total."""
    match = create(client, target=100)
    swapped = {"players": [dict(BOB_8), hand(BOB_8)["players"][0]]}
    assert post_hand(client, match, swapped).json()["scores"] == {"Ann": 8, "Bob": -8}
    blank = hand(BOB_15)
    for player in blank["players"]:
        player["name"] = ""
    assert post_hand(client, match, blank).json()["scores"] == {"Ann": 15, "Bob": -15}


def test_edit_page_has_the_ofc_form_and_void_buttons(client):
    """The edit page adds the OFC hand form to the watch page, and a void button per hand."""
    match, edit = start(client)
    matches.add_hand(match.id, boards(BOB_8), {})
    response = client.get(edit)
    html = response.content.decode()
    for name in ("0-top", "0-middle", "0-bottom", "1-top", "1-discards"):
        assert f'name="players-{name}"' in html
    assert 'name="players-2-top"' not in html  # two seats, two boards
    assert "data-picker" in html
    assert "Hand 2, dealt by Bob" in html
    assert f"/matches/{match.id}/edit/void/1/" in html
    # The edit link leaves no trace on other sites, yet the page's own posts keep their Origin
    # (a no-referrer policy sends "Origin: null", which Django's CSRF check refuses).
    assert response["Referrer-Policy"] == "same-origin" and "no-referrer" not in html


def test_posting_a_hand_on_the_edit_page_adds_it(client):
    """OFC-BETA 6.6: the OFC engine scores the hand and its score goes on the totals."""
    match, url = start(client)
    response = client.post(url, hand_form(BOB_8))
    assert response.status_code == 302  # post, redirect, get: a reload posts nothing again
    html = client.get(response["Location"]).content.decode()
    assert "Hand 1: Ann +8, Bob -8" in html
    assert "Bob deals next" in html
    stored = MatchHand.objects.get(match=match)
    assert stored.scores == {"Ann": 8, "Bob": -8} and stored.dealer == "Ann"
    assert stored.case.entered["players"][0]["top"] == "Qs Qd 7c"
    assert stored.case.get_absolute_url() in html


def test_posting_a_hand_with_htmx_answers_the_entry_and_standings(client):
    """htmx swaps the hand entry and, out of band, the standings."""
    match, url = start(client)
    response = client.post(url, hand_form(BOB_15), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="entry"')
    assert 'hx-swap-oob="true"' in html and "+15" in html
    assert "<html" not in html


def test_names_and_ruleset_come_from_the_match(client):
    """The match decides who sits where and which rules apply, whatever the form says."""
    match, url = start(client)
    client.post(url, hand_form(BOB_8, **{"players-0-name": "Mallory", "ruleset": "joker-ofc"}))
    stored = MatchHand.objects.get(match=match)
    assert stored.scores == {"Ann": 8, "Bob": -8}
    assert stored.case.game == "pineapple-2p-v1"


def test_joker_ofc_match_deals_fantasyland_with_the_count_earned(client):
    """JOKER-OFC 7.2: QQ on top enters Fantasyland with 14 cards for the next hand."""
    match = create(client, ruleset="joker-ofc", dealer="Bob", rounds=2)
    first = post_hand(client, match, hand(BOB_8)).json()
    assert first["fantasyland"]["Ann"]["cards"] == 14
    assert first["fantasyland"]["Bob"]["cards"] is None
    # Ann plays the next hand in Fantasyland: QQ on top is no stay hand, so she comes back out.
    second = post_hand(client, match, hand(BOB_15)).json()
    ann = next(p for p in second["result"]["players"] if p["name"] == "Ann")
    assert ann["fantasyland"]["in_fantasyland"] is True
    assert second["fantasyland"]["Ann"]["cards"] is None


def test_joker_ofc_edit_page_says_who_plays_fantasyland(client):
    """JOKER-OFC 7.2: QQ on top earns a 14-card Fantasyland hand next."""
    match, url = start(client, ruleset="joker-ofc", length="rounds:2")
    client.post(url, hand_form(BOB_8, ruleset="joker-ofc"))
    html = client.get(url).content.decode()
    assert "Ann plays this hand in Fantasyland with 14 cards" in html
    watch = client.get(f"/matches/{match.id}/").content.decode()
    assert "plays the next hand in Fantasyland with 14 cards" in watch


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_concurrent_hands_are_each_counted_once_in_order(client):
    """No lost updates: 20 hands posted at once are numbered 1..20 and the totals add up."""
    match = create(client, target=10_000)
    played = [(BOB_8, 8), (BOB_15, 15), (BOB_17, 17)] * 7
    results: list[int] = []
    errors: list[str] = []
    barrier = threading.Barrier(20)

    def post(index: int) -> None:
        try:
            barrier.wait()
            response = post_hand(Client(), match, hand(played[index][0]))
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
    expected = sum(points for _, points in played[:20])
    body = client.get(f"/api/matches/{match['id']}/").json()
    assert body["totals"] == {"Ann": expected, "Bob": -expected}
    assert sum(row.scores["Ann"] for row in stored) == expected
    # The button passed left after each hand, in hand order.
    assert [row.dealer for row in stored] == ["Ann", "Bob"] * 10


# --- A hand, board by board from each seat's phone ----------------------------------------------


def test_each_phone_sends_its_own_board_and_the_hand_is_scored_when_all_are_in(client, made):
    """OFC-BETA 6.6: Ann's board waits for Bob's; with Bob's the hand is scored, counted once."""
    ann, bob = phone_for(made, 0), phone_for(made, 1)
    sent = send(ann, made, ANN)
    assert sent.status_code == 302
    waiting = client.get(f"/matches/{made['id']}/standings/").content.decode()
    assert "waiting for Bob" in waiting
    assert send(bob, made, BOB_8).status_code == 302
    scored = MatchHand.objects.get()
    assert scored.scores == {"Ann": 8, "Bob": -8}
    assert not SeatBoard.objects.exists()
    assert "+8" in client.get(made["url"]).content.decode()


def test_a_player_corrects_their_board_until_the_hand_is_scored(made):
    """A board sent again replaces the first, until the last seat's board scores the hand."""
    ann, bob = phone_for(made, 0), phone_for(made, 1)
    send(ann, made, {**ANN, "top": "Qs Qd 6c"})
    send(ann, made, ANN)
    assert SeatBoard.objects.get().board["top"] == "Qs Qd 7c"
    send(bob, made, BOB_8)
    assert MatchHand.objects.get().case.entered["players"][0]["top"] == "Qs Qd 7c"


def test_the_boards_api_answers_202_then_201(client, made):
    """POST /api/matches/<id>/boards/: 202 while waiting, 201 with the scored hand."""
    url, key = f"/api/matches/{made['id']}/boards/", made["edit_key"]
    first = api(client, url, {"seat": "Ann", **rows(ANN)}, HTTP_X_EDIT_KEY=key)
    assert first.status_code == 202
    assert first.json() == {"hand": 1, "submitted": ["Ann"], "waiting": ["Bob"]}
    second = api(client, url, {"seat": "bob", **rows(BOB_8)}, HTTP_X_EDIT_KEY=key)
    assert second.status_code == 201 and second.json()["scores"] == {"Ann": 8, "Bob": -8}


def test_the_editor_confirms_the_boards_the_seats_sent(client):
    """On the edit page, the boards already sent are filled in; the editor adds the rest."""
    match, _ = start(client, **ONE_ROUND)
    seat = tables.live_codes(match)[0].code
    ann = Client()
    ann.post(f"/join/{seat}/")
    ann.post(f"/matches/{match.id}/board/", rows(ANN))
    page = client.get(f"/matches/{match.id}/edit/").content.decode()
    assert 'value="Qs Qd 7c"' in page and "waiting for Bob" in page
    fields = {f"players-0-{r}": ANN[r] for r in ROWS} | {f"players-1-{r}": BOB_8[r] for r in ROWS}
    assert client.post(f"/matches/{match.id}/edit/", fields).status_code == 302
    assert MatchHand.objects.get().scores == {"Ann": 8, "Bob": -8}
    assert not SeatBoard.objects.exists()


def test_the_phone_that_sends_the_last_board_keeps_the_hands_case(client, made):
    """The last board scores the hand: its case is that phone's, in its own case list."""
    url = f"/api/matches/{made['id']}/boards/"
    key = {"HTTP_X_EDIT_KEY": made["edit_key"]}
    api(client, url, {"seat": "Ann", **rows(ANN)}, **key)
    phone = Client()
    last = api(phone, url, {"seat": "Bob", **rows(BOB_8)}, **key)
    assert last.status_code == 201
    case_id = last.json()["case"].rstrip("/").rsplit("/", 1)[-1]
    assert case_id in phone.get("/cases/").content.decode()
    assert case_id not in Client().get("/cases/").content.decode()


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_two_seats_sending_at_once_give_one_hand_counted_once(made):
    """The match's row lock queues the two; the second to arrive scores the hand, once."""
    seats = zip((phone_for(made, 0), phone_for(made, 1)), (ANN, BOB_8), strict=True)
    sends = (partial(send, phone, made, board) for phone, board in seats)
    assert [answer.status_code for answer in at_once(*sends)] == [302, 302]
    assert MatchHand.objects.count() == 1 and Case.objects.count() == 1


# --- The end of a match, and void hands ---------------------------------------------------------


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


def test_finished_match_says_who_won(client):
    """pineapple-2p-v1 Match end: the first to reach the target wins."""
    match, _ = start(client)
    matches.add_hand(match.id, boards(BOB_8), {})
    matches.add_hand(match.id, boards(BOB_15), {})
    html = client.get(f"/matches/{match.id}/").content.decode()
    assert "Ann wins" in html and "after hand 2" in html
    assert "deals next" not in html


def test_finished_match_offers_no_hand_form(client):
    """pineapple-2p-v1 Match end: after the winner is known no more hands are entered."""
    match, url = start(client)
    client.post(url, hand_form(BOB_8))
    done = client.post(url, hand_form(BOB_15), follow=True).content.decode()
    assert "Ann wins" in done and 'name="players-0-top"' not in done
    again = client.post(url, hand_form(BOB_8))
    assert "the match is over" in again.content.decode()
    assert MatchHand.objects.filter(match=match).count() == 2


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


def test_void_mark_in_the_history(client):
    """OFC-BETA 6.6: a void hand stays listed, marked void, and is left out of the totals."""
    match, edit = start(client)
    matches.add_hand(match.id, boards(BOB_8), {})
    matches.add_hand(match.id, boards(BOB_15), {})
    response = client.post(f"{edit}void/2/")
    assert response.status_code == 302
    html = client.get(f"/matches/{match.id}/").content.decode()
    assert "void" in html and "Ann wins" not in html
    assert MatchHand.objects.get(match=match, number=2).void


def test_void_with_htmx_reloads_the_edit_page(client):
    """After a void the next hand's number and dealer change: htmx reloads the page."""
    match, edit = start(client)
    matches.add_hand(match.id, boards(BOB_8), {})
    response = client.post(f"{edit}void/1/", HTTP_HX_REQUEST="true")
    assert response.status_code == 204 and response["HX-Refresh"] == "true"
    html = client.get(edit).content.decode()
    # Hand 1 keeps its number, void; the next is hand 2, dealt again by Ann (house reading H40).
    assert "Hand 2, dealt by Ann" in html and "Add hand 2" in html
    assert "void" in html


# --- Standings, the hand list and the chart -----------------------------------------------------


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


def test_watch_page_shows_standings_dealer_chart_and_history(client):
    """OFC-BETA 6.6 and 4.2: the totals, who deals next, a chart and each hand's case."""
    match, _ = start(client, length="target:50")
    first = matches.add_hand(match.id, boards(BOB_8), {})
    matches.add_hand(match.id, boards(BOB_17), {})
    response = client.get(f"/matches/{match.id}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Ann deals next" in html
    assert "+25" in html and "-25" in html
    assert "<svg" in html and "<polyline" in html and 'data-hands="2"' in html
    assert first.hand.case.get_absolute_url() in html
    assert 'hx-trigger="every 1.5s"' in html
    assert f'hx-get="/matches/{match.id}/standings/"' in html
    assert "Void" not in html  # no void buttons on the watch page


# The running-total chart (referee/match_chart.py): one line per player, a point per hand, the
# zero and target lines.


def test_chart_has_a_point_per_hand_for_each_player():
    running = [{"Ann": 0, "Bob": 0}, {"Ann": 8, "Bob": -8}, {"Ann": 23, "Bob": -23}]
    chart = running_chart(["Ann", "Bob"], running, [1, 2], target=30)
    assert [line["name"] for line in chart["lines"]] == ["Ann", "Bob"]
    assert all(len(line["points"].split()) == 3 for line in chart["lines"])
    assert chart["count"] == 2 and chart["summary"] == "Ann +23, Bob -23"
    ann = [marker["y"] for marker in chart["lines"][0]["markers"]]
    assert ann == sorted(ann, reverse=True)  # rising totals climb the drawing
    assert chart["target"]["y"] < ann[-1] < chart["zero"] < HEIGHT
    assert [hand["label"] for hand in chart["hands"]] == ["start", "1", "2"]
    # Lines differ by dash and marker too, not by colour alone.
    assert chart["lines"][0]["dash"] != chart["lines"][1]["dash"]


def test_empty_match_still_draws_axes():
    chart = running_chart(["Ann", "Bob", "Cy"], [{"Ann": 0, "Bob": 0, "Cy": 0}], [])
    assert chart["count"] == 0 and chart["target"] is None
    assert chart["ticks"] and len(chart["lines"]) == 3


def test_long_match_labels_at_most_about_eight_hands():
    running = [{"A": n, "B": -n} for n in range(41)]
    chart = running_chart(["A", "B"], running, list(range(1, 41)))
    assert len(chart["hands"]) <= 9 and chart["hands"][-1]["label"] == "40"
    assert len(chart["ticks"]) <= 6


# --- Live standings: every phone polls, and a poll while nothing changed costs a 304 ------------


def test_watch_page_polls_a_partial(client):
    """htmx polling swaps the standings alone, without the page around them."""
    match, _ = start(client)
    matches.add_hand(match.id, boards(BOB_8), {})
    response = client.get(f"/matches/{match.id}/standings/", HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="standings"')
    assert "<html" not in html and "+8" in html


def test_the_standings_poll_answers_304_with_one_indexed_lookup(
    client, made, django_assert_num_queries
):
    """Dozens of phones poll every 1.5 s: while nothing changed, one query and a 304."""
    url = f"/matches/{made['id']}/standings/"
    first = client.get(url)
    assert first.status_code == 200 and first["ETag"]
    with django_assert_num_queries(1):
        again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b""
    post_hand(client, made, hand(BOB_8))
    changed = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]
    assert "+8" in changed.content.decode()


def test_a_poll_is_answered_from_its_etag_or_the_cached_standings(client, made, monkeypatch):
    """A 304 for a current ETag (Django's condition decorator: the one place the ETag is
    made), and the cached standings once a worker has drawn them, with the same ETag and
    headers; a poll in another language, or of a version not drawn yet, is drawn afresh."""
    url = f"/matches/{made['id']}/standings/"
    first = client.get(url)
    # The view is never reached while these are current: a broken view would show.
    monkeypatch.setattr("referee.views.matches.standings_context", None)
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again["ETag"] == first["ETag"]
    assert again["Cache-Control"] == "no-cache"
    vary = {v.strip() for v in again["Vary"].split(",")}
    assert vary == {v.strip() for v in first["Vary"].split(",")} >= {"Accept-Language", "Cookie"}
    assert client.head(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    other_phone = Client().get(url)  # no ETag yet: the standings this worker drew
    assert other_phone.status_code == 200 and other_phone.content == first.content
    assert other_phone["ETag"] == first["ETag"]
    for header in ("Content-Security-Policy", "X-Frame-Options", "X-Content-Type-Options"):
        assert again[header] == first[header] == other_phone[header]
    monkeypatch.undo()
    japanese = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], HTTP_ACCEPT_LANGUAGE="ja")
    assert japanese.status_code == 200 and japanese["ETag"] != first["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH='"stale"').status_code == 200
    unknown = client.get("/matches/not-a-match/standings/", HTTP_IF_NONE_MATCH='"x"')
    assert unknown.status_code == 404


@pytest.mark.django_db(transaction=True)
def test_phones_asking_at_once_after_a_hand_wait_for_one_drawing(made, monkeypatch):
    """A new hand sends every phone for the standings at once: one thread of a worker draws
    them, and the others answer with its copy."""
    from referee.views import matches as views

    url = f"/matches/{made['id']}/standings/"
    drawings, real = [], views.standings_context

    def slow_drawing(*args):
        drawings.append(1)
        time.sleep(0.2)  # long enough for every other phone to arrive meanwhile
        return real(*args)

    monkeypatch.setattr(views, "standings_context", slow_drawing)
    answers = at_once(*(partial(Client().get, url) for _ in range(6)))
    assert [answer.status_code for answer in answers] == [200] * 6
    assert len({answer.content for answer in answers}) == 1 and b"Ann" in answers[0].content
    assert drawings == [1]


@pytest.mark.django_db(transaction=True)
def test_a_poll_spends_no_round_trip_on_a_health_check(client, made, monkeypatch):
    """The poll's read of the version is its connection's check: other requests check first."""
    url = f"/matches/{made['id']}/standings/"
    etag = client.get(url)["ETag"]
    checks = []
    real = connection.is_usable
    monkeypatch.setattr(connections["default"], "is_usable", lambda: checks.append(1) or real())
    _new_request()
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert checks == []
    _new_request()
    assert client.get(f"/matches/{made['id']}/").status_code == 200
    assert checks == [1]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="ends a PostgreSQL server process")
@pytest.mark.django_db(transaction=True)
def test_a_poll_on_a_connection_broken_since_the_last_request_is_still_answered(client, made):
    """The server ended this thread's connection between two polls (a restart, an idle
    timeout): the poll's read fails, is tried again on a new connection, and answers."""
    import psycopg

    url = f"/matches/{made['id']}/standings/"
    etag = client.get(url)["ETag"]
    broken = connection.connection.info.backend_pid
    with psycopg.connect(**connection.get_connection_params()) as other:
        other.execute("SELECT pg_terminate_backend(%s)", [broken])
    _new_request()
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert connection.connection.info.backend_pid != broken


def test_each_phone_gets_its_own_etag(made):
    """What a seat or the editor sees differs from a watcher's page, so their ETags differ."""
    url = f"/matches/{made['id']}/standings/"
    watcher = Client().get(url)["ETag"]
    seated = phone_for(made, 0).get(url)["ETag"]
    assert watcher != seated


def test_a_case_page_says_it_never_changes(client, made):
    """A case is permanent: any cache may keep it, and it carries no visitor's token."""
    added = post_hand(client, made, hand(BOB_8))
    page = client.get(added.json()["case"])
    assert page["Cache-Control"] == "public, max-age=31536000, immutable"
    assert "csrf" not in page.content.decode().lower()


# --- Settling up in money -----------------------------------------------------------------------


def test_settle_up_in_money_with_the_fewest_transfers(client):
    """A point worth 25 cents: Ann +8 is 2.00 up, and Bob pays Ann 2.00."""
    made = create(client, point_value=25, currency="EUR")
    post_hand(client, made, hand(BOB_8))
    settled = client.get(f"/api/matches/{made['id']}/settlement/").json()
    assert settled == {
        "point_value": 25,
        "currency": "EUR",
        "net": {"Ann": 200, "Bob": -200},
        "transfers": [{"from": "Bob", "to": "Ann", "amount": 200}],
    }
    page = client.get(made["url"]).content.decode()
    assert "<strong>Bob</strong> pays <strong>Ann</strong> 2.00 EUR" in page
    assert "-2.00 EUR" in page


def test_the_editor_sets_the_value_of_a_point_later(client):
    match, _ = start(client, **ONE_ROUND)
    saved = client.post(f"/matches/{match.id}/edit/money/", {"point_value": "0.5", "currency": "$"})
    assert saved.status_code == 302
    match.refresh_from_db()
    assert (match.cents_per_point, match.currency) == (50, "$")
    refused = client.post(f"/matches/{match.id}/edit/money/", {"point_value": "0.001"})
    assert refused.status_code == 400


def test_without_a_value_the_settlement_is_level(client, made):
    settled = client.get(f"/api/matches/{made['id']}/settlement/").json()
    assert settled["point_value"] is None and settled["transfers"] == []


# --- The export ---------------------------------------------------------------------------------


def test_the_hands_export_as_csv_and_json(client):
    """One line per hand and player: rows, royalties, points, void and the case's link."""
    made = create(client, players=["=cmd|' /C calc'!A0", "Bob"], dealer="Bob")
    post_hand(client, made, hand(BOB_8, {**ANN, "name": made["players"][0]}))
    exported = client.get(f"/matches/{made['id']}/hands.csv")
    assert exported["Content-Type"].startswith("text/csv")
    lines = list(csv.reader(io.StringIO(exported.content.decode())))
    assert lines[0] == ["hand", "dealer", "player", "top", "middle", "bottom", "royalties",
                        "points", "void", "case"]  # fmt: skip
    assert lines[1][2].startswith("'=")  # a name never runs as a spreadsheet formula
    assert lines[1][3:8] == ["Qs Qd 7c", "9s 9h 4c 4d 2s", "Ah Jh 8h 6h 3h", "11", "8"]
    assert lines[2][2:3] == ["Bob"] and lines[2][9].startswith("http://testserver/cases/")
    listed = client.get(f"/api/matches/{made['id']}/hands/").json()
    assert listed["hands"][1]["points"] == "-8"


# --- Long matches: bounded, and a hand costs the same at any length -----------------------------


def test_a_hand_costs_the_same_at_hand_499_as_at_hand_1(client):
    """The match's row says where it stands: no hand before it is read, the queries do not grow."""
    short, long = create(client, target=10000), create(client, target=10000)
    fill(long["id"], 498)
    counts = []
    for made in (short, long):
        with CaptureQueriesContext(connection) as queries:
            added = post_hand(client, made, hand(BOB_8))
        assert added.status_code == 201, added.content
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_a_match_holds_at_most_500_hands(client):
    """Past the limit a hand is refused 409, and the history still fits a phone (50 KB)."""
    made = create(client, target=10000)
    fill(made["id"], matches.MOST_HANDS)
    refused = post_hand(client, made, hand(BOB_8))
    assert refused.status_code == 409 and "at most 500 hands" in refused.content.decode()
    for page in (made["url"], f"/matches/{made['id']}/standings/", f"/api/matches/{made['id']}/"):
        assert len(client.get(page).content) < 50_000, page
    listed = client.get(f"/api/matches/{made['id']}/").json()
    assert len(listed["hands"]) == 50 and listed["hands_next"].endswith("?page=2")


# --- Refusals: bad input answers at its field, nothing is stored; no such match or hand is 404 --


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
    response = api(client, "/api/matches/", body)
    assert response.status_code == 400
    assert field in response.json()["errors"], response.json()


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"length": "rounds:1"}, "length", "play to a target score"),
        ({"length": "target:custom"}, "custom_target", "whole number"),
        ({"player_2": "ann"}, "player_2", "already seated"),
        ({"player_3": "Cy"}, "__all__", "exactly 2"),
        ({"dealer": "3"}, "dealer", "no player"),
        (
            {"ruleset": "pineapple-ofc", "length": "target:50"},
            "length",
            "last 1 hand or 1 or 2 rounds",
        ),
    ],
)
def test_new_match_errors_appear_at_the_field(client, changes, field, message):
    """OFC-BETA 6.9, pineapple-2p-v1 Number of players and Match end: refusals name the field."""
    response = client.post("/matches/new/", {**NEW, **changes})
    assert response.status_code == 200
    form = response.context["form"]
    errors = form.errors.get(field) or form.non_field_errors()
    assert any(message in error for error in errors), form.errors
    assert not Match.objects.exists()


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
    match = create(client, target=20)
    response = post_hand(client, match, body)
    assert response.status_code == 400, response.content
    assert field in response.json()["errors"], response.json()
    assert not MatchHand.objects.exists()


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
    match = create(client, target=20)
    response = post_hand(client, match, body)
    assert response.status_code == 400, response.content
    assert response.json()["errors"]


def test_hand_errors_appear_at_the_row(client):
    """OFC-BETA 2.1: a card used twice is refused at the row where it was entered again."""
    match, url = start(client)
    response = client.post(url, hand_form(BOB_8, **{"players-1-top": "Qs 8d 3s"}))
    assert response.status_code == 200
    form = response.context["form"]
    assert form.errors.get("players-1-top"), form.errors
    short = client.post(url, hand_form(BOB_8, **{"players-0-middle": "9s 9h"}))
    assert "needs 5 cards, not 2" in " ".join(short.context["form"].errors["players-0-middle"])
    assert not MatchHand.objects.exists()


def test_a_card_on_two_boards_is_caught_when_the_boards_meet_naming_both_seats(made):
    """OFC-BETA 2.1: Bob's board repeats Ann's Qs; it is refused, Ann's stays, nothing scored."""
    ann, bob = phone_for(made, 0), phone_for(made, 1)
    send(ann, made, ANN)
    refused = send(bob, made, {**BOB_8, "top": "Kc 8d Qs"})
    assert refused.status_code == 200
    assert "Qs is in Ann&#x27;s top row and in Bob&#x27;s top row" in refused.text
    assert not MatchHand.objects.exists()
    assert list(SeatBoard.objects.values_list("seat", flat=True)) == [0]


def test_unknown_or_malformed_match_is_a_json_404(client):
    """A match id that is not a match answers 404 in JSON."""
    for match_id in (uuid.uuid4(), "not-a-uuid"):
        for response in (
            client.get(f"/api/matches/{match_id}/"),
            api(client, f"/api/matches/{match_id}/hands/", {}),
        ):
            assert response.status_code == 404
            assert response.json()["errors"] == {"non_field_errors": ["No match has this id."]}


@pytest.mark.parametrize("match_id", [str(uuid.uuid4()), "nope"])
def test_unknown_match_is_404(client, match_id):
    assert client.get(f"/matches/{match_id}/").status_code == 404
    assert client.get(f"/matches/{match_id}/edit/key/").status_code == 404


def test_void_unknown_hand_is_404(client):
    match, edit = start(client)
    assert client.post(f"{edit}void/5/").status_code == 404
    assert client.get(f"{edit}void/5/").status_code == 405
