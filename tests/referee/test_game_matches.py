"""Matches played from every phone: seats by join code, each seat's own board, live standings
that cost a 304, settle-up in money, the export and "my matches"."""

from __future__ import annotations

import csv
import io
import threading
import time
from collections.abc import Callable
from datetime import timedelta
from functools import partial

import pytest
from django.db import connection, connections
from django.http import HttpResponse
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from referee import matches, tables
from referee.models import Case, JoinCode, Match, MatchHand, SeatBoard
from tests.referee.match_helpers import ANN, BOB_8, new_match_body

pytestmark = pytest.mark.django_db
ROWS = ("top", "middle", "bottom")
NEW = {"ruleset": "pineapple-ofc", "player_1": "Ann", "player_2": "Bob", "dealer": "1",
       "length": "rounds:1"}  # fmt: skip


def create(client: Client, length: dict | None = None, **extra) -> dict:
    body = {**new_match_body(**(length or {"rounds": 1})), **extra}
    made = client.post("/api/matches/", body, content_type="application/json")
    assert made.status_code == 201, made.content
    return made.json()


def phone_for(made: dict, seat: int) -> Client:
    """A new phone that takes a seat by its code, as a player scanning the QR code would."""
    phone = Client()
    code = made["seats"][seat]["join_code"]
    offer = phone.get(f"/join/{code}/")
    assert offer.status_code == 200 and f"Take {made['players'][seat]}'s seat" in offer.text
    taken = phone.post(f"/join/{code}/")
    assert taken.status_code == 302 and taken["Location"] == made["url"]
    return phone


def rows(board: dict[str, str]) -> dict[str, str]:
    return {row: board[row] for row in ROWS}


def at_once(*calls: Callable[[], HttpResponse]) -> list[HttpResponse]:
    """Each call in its own thread, all released together (phones sending at one moment); the
    answers in the order they came."""
    barrier, answers = threading.Barrier(len(calls)), []

    def run(call: Callable[[], HttpResponse]) -> None:
        barrier.wait()
        try:
            answers.append(call())
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


# --- Join codes ------------------------------------------------------------------------------


def test_a_code_gives_one_phone_the_seat_once(client):
    """A seat's code works once: the phone that uses it holds the seat; a second use is refused."""
    made = create(client)
    ann = phone_for(made, 0)
    page = ann.get(made["url"]).content.decode()
    assert "you play <strong>Ann</strong>" in page and "Your board for hand 1" in page
    again = Client().post(f"/join/{made['seats'][0]['join_code']}/")
    assert again.status_code == 400 and "has been used" in again.text
    cookie = ann.cookies[tables.COOKIE]
    assert cookie["httponly"] and cookie["samesite"] == "Lax"


def test_codes_are_typed_loosely_and_expire(client):
    """Typed at /join/ in lower case with spaces, a code still reads; after 6 hours it is dead."""
    made = create(client)
    code = made["seats"][1]["join_code"]
    typed = Client().post("/join/", {"code": f" {code[:3].lower()} {code[3:].lower()} "})
    assert typed.status_code == 302
    old = JoinCode.objects.get(code=made["seats"][0]["join_code"])
    JoinCode.objects.filter(pk=old.pk).update(expires=timezone.now() - timedelta(seconds=1))
    late = Client().post("/join/", {"code": old.code})
    assert late.status_code == 400 and "has expired" in late.text
    assert timedelta(hours=6) == tables.CODE_LIFE


def test_wrong_codes_are_refused_and_then_limited(client):
    """A guess is refused in words; after ten wrong ones a minute, even a right one waits."""
    made = create(client)
    guesser = Client()
    for _ in range(tables.TRIES_A_MINUTE):
        wrong = guesser.post("/join/", {"code": "ZZZZZZ"})
        assert wrong.status_code == 400 and "is not a join code" in wrong.text
    blocked = guesser.post("/join/", {"code": made["seats"][0]["join_code"]})
    assert blocked.status_code == 429 and "Too many wrong codes" in blocked.text
    assert JoinCode.objects.get(code=made["seats"][0]["join_code"]).used is None


def test_codes_are_nine_of_thirty_one_letters_and_drawn_fresh(client):
    """The match's tag and a secret of about 29.7 bits, no look-alike letters (more in
    test_join_codes.py); a new code for a seat retires the old one."""
    made = create(client)
    codes = [seat["join_code"] for seat in made["seats"]]
    assert all(len(code) == 9 and set(code) <= set(tables.ALPHABET) for code in codes)
    assert not set("01OIL") & set(tables.ALPHABET) and len(tables.ALPHABET) == 31
    match = Match.objects.get(pk=made["id"])
    fresh = tables.issue_code(match, 0)
    assert fresh.code != codes[0]
    assert Client().post(f"/join/{codes[0]}/").status_code == 400


def test_the_editing_code_gives_another_phone_the_edit_page(client):
    """The host hands the editing to another phone by its own code."""
    made = create(client)
    helper = Client()
    assert helper.get(f"/matches/{made['id']}/edit/").status_code == 403
    code = made["editor_join_url"].rstrip("/").rsplit("/", 1)[-1]
    taken = helper.post(f"/join/{code}/")
    assert taken["Location"] == f"/matches/{made['id']}/edit/"
    assert helper.get(taken["Location"]).status_code == 200


def test_the_host_issues_a_new_code_for_a_seat(client):
    """A lost code is replaced from the edit page; the old one stops working."""
    client.post("/matches/new/", NEW)
    match = Match.objects.get()
    old = tables.live_codes(match)[1].code
    assert client.post(f"/matches/{match.id}/edit/codes/", {"seat": "1"}).status_code == 302
    new = tables.live_codes(match)[1].code
    assert new != old and Client().post(f"/join/{old}/").status_code == 400


# --- Each seat sends its own board ---------------------------------------------------------


def test_each_phone_sends_its_own_board_and_the_hand_is_scored_when_all_are_in(client):
    """OFC-BETA 6.6: Ann's board waits for Bob's; with Bob's the hand is scored, counted once."""
    made = create(client)
    ann, bob = phone_for(made, 0), phone_for(made, 1)
    sent = ann.post(f"/matches/{made['id']}/board/", rows(ANN))
    assert sent.status_code == 302
    waiting = client.get(f"/matches/{made['id']}/standings/").content.decode()
    assert "waiting for Bob" in waiting
    assert bob.post(f"/matches/{made['id']}/board/", rows(BOB_8)).status_code == 302
    hand = MatchHand.objects.get()
    assert hand.scores == {"Ann": 8, "Bob": -8}
    assert not SeatBoard.objects.exists()
    assert "+8" in client.get(made["url"]).content.decode()


def test_a_player_corrects_their_board_until_the_hand_is_scored(client):
    """A board sent again replaces the first, until the last seat's board scores the hand."""
    made = create(client)
    ann, bob = phone_for(made, 0), phone_for(made, 1)
    ann.post(f"/matches/{made['id']}/board/", {**rows(ANN), "top": "Qs Qd 6c"})
    ann.post(f"/matches/{made['id']}/board/", rows(ANN))
    assert SeatBoard.objects.get().board["top"] == "Qs Qd 7c"
    bob.post(f"/matches/{made['id']}/board/", rows(BOB_8))
    assert MatchHand.objects.get().case.entered["players"][0]["top"] == "Qs Qd 7c"


def test_a_card_on_two_boards_is_caught_when_the_boards_meet_naming_both_seats(client):
    """OFC-BETA 2.1: Bob's board repeats Ann's Qs; it is refused, Ann's stays, nothing scored."""
    made = create(client)
    ann, bob = phone_for(made, 0), phone_for(made, 1)
    ann.post(f"/matches/{made['id']}/board/", rows(ANN))
    refused = bob.post(f"/matches/{made['id']}/board/", {**rows(BOB_8), "top": "Kc 8d Qs"})
    assert refused.status_code == 200
    assert "Qs is in Ann&#x27;s top row and in Bob&#x27;s top row" in refused.text
    assert not MatchHand.objects.exists()
    assert list(SeatBoard.objects.values_list("seat", flat=True)) == [0]


def test_the_boards_api_answers_202_then_201(client):
    """POST /api/matches/<id>/boards/: 202 while waiting, 201 with the scored hand."""
    made = create(client)
    url, key = f"/api/matches/{made['id']}/boards/", made["edit_key"]
    first = client.post(url, {"seat": "Ann", **rows(ANN)}, content_type="application/json",
                        HTTP_X_EDIT_KEY=key)  # fmt: skip
    assert first.status_code == 202
    assert first.json() == {"hand": 1, "submitted": ["Ann"], "waiting": ["Bob"]}
    second = client.post(url, {"seat": "bob", **rows(BOB_8)}, content_type="application/json",
                         HTTP_X_EDIT_KEY=key)  # fmt: skip
    assert second.status_code == 201 and second.json()["scores"] == {"Ann": 8, "Bob": -8}


@pytest.mark.parametrize(
    ("body", "status", "field"),
    [
        ({"seat": "Bob", **rows(BOB_8)}, 403, None),  # Ann's phone sends Bob's board
        ({"seat": "Cy", **rows(BOB_8)}, 400, "seat"),
        ({**rows(ANN)}, 400, "seat"),
        ({"seat": "Ann", **rows(ANN), "top": "Qs Qd"}, 400, "top"),
    ],
)
def test_a_seat_sends_only_its_own_board(client, body, status, field):
    made = create(client)
    ann = phone_for(made, 0)
    answer = ann.post(f"/api/matches/{made['id']}/boards/", body, content_type="application/json")
    assert answer.status_code == status, answer.content
    if field:
        assert field in answer.json()["errors"]
    assert not SeatBoard.objects.exists()


def test_a_watcher_cannot_send_a_board_and_a_finished_match_takes_none(client):
    made = create(client)
    body = {"seat": "Ann", **rows(ANN)}
    url = f"/api/matches/{made['id']}/boards/"
    assert Client().post(url, body, content_type="application/json").status_code == 403
    one = create(client, {"hands": 1})  # over after its one hand
    key = one["edit_key"]
    client.post(f"/api/matches/{one['id']}/hands/", {"players": [ANN, BOB_8]},
                content_type="application/json", HTTP_X_EDIT_KEY=key)  # fmt: skip
    late = client.post(f"/api/matches/{one['id']}/boards/", body,
                       content_type="application/json", HTTP_X_EDIT_KEY=key)  # fmt: skip
    assert late.status_code == 409


def test_the_editor_confirms_the_boards_the_seats_sent(client):
    """On the edit page, the boards already sent are filled in; the editor adds the rest."""
    client.post("/matches/new/", NEW)
    match = Match.objects.get()
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


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_two_seats_sending_at_once_give_one_hand_counted_once():
    """The match's row lock queues the two; the second to arrive scores the hand, once."""
    made = create(Client())
    url = f"/matches/{made['id']}/board/"
    seats = zip((phone_for(made, 0), phone_for(made, 1)), (ANN, BOB_8), strict=True)
    sends = (partial(phone.post, url, rows(board)) for phone, board in seats)
    assert [answer.status_code for answer in at_once(*sends)] == [302, 302]
    assert MatchHand.objects.count() == 1 and Case.objects.count() == 1


# --- Live standings --------------------------------------------------------------------------


def test_the_standings_poll_answers_304_with_one_indexed_lookup(client, django_assert_num_queries):
    """Dozens of phones poll every 1.5 s: while nothing changed, one query and a 304."""
    made = create(client)
    url = f"/matches/{made['id']}/standings/"
    first = client.get(url)
    assert first.status_code == 200 and first["ETag"]
    with django_assert_num_queries(1):
        again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b""
    client.post(f"/api/matches/{made['id']}/hands/", {"players": [ANN, BOB_8]},
                content_type="application/json", HTTP_X_EDIT_KEY=made["edit_key"])  # fmt: skip
    changed = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]
    assert "+8" in changed.content.decode()


def test_a_poll_is_answered_from_its_etag_or_the_cached_standings(client, monkeypatch):
    """A 304 for a current ETag (Django's condition decorator: the one place the ETag is
    made), and the cached standings once a worker has drawn them, with the same ETag and
    headers; a poll in another language, or of a version not drawn yet, is drawn afresh."""
    made = create(client)
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
def test_phones_asking_at_once_after_a_hand_wait_for_one_drawing(client, monkeypatch):
    """A new hand sends every phone for the standings at once: one thread of a worker draws
    them, and the others answer with its copy."""
    from referee.views import matches as views

    made = create(client)
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


def _new_request() -> None:
    """What Django does as a server's request starts (the test client leaves it out)."""
    for each in connections.all(initialized_only=True):
        each.close_if_unusable_or_obsolete()


@pytest.mark.django_db(transaction=True)
def test_a_poll_spends_no_round_trip_on_a_health_check(client, monkeypatch):
    """The poll's read of the version is its connection's check: other requests check first."""
    made = create(client)
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
def test_a_poll_on_a_connection_broken_since_the_last_request_is_still_answered(client):
    """The server ended this thread's connection between two polls (a restart, an idle
    timeout): the poll's read fails, is tried again on a new connection, and answers."""
    import psycopg

    made = create(client)
    url = f"/matches/{made['id']}/standings/"
    etag = client.get(url)["ETag"]
    broken = connection.connection.info.backend_pid
    with psycopg.connect(**connection.get_connection_params()) as other:
        other.execute("SELECT pg_terminate_backend(%s)", [broken])
    _new_request()
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert connection.connection.info.backend_pid != broken


def test_each_phone_gets_its_own_etag(client):
    """What a seat or the editor sees differs from a watcher's page, so their ETags differ."""
    made = create(client)
    url = f"/matches/{made['id']}/standings/"
    watcher = Client().get(url)["ETag"]
    seated = phone_for(made, 0).get(url)["ETag"]
    assert watcher != seated


def test_a_case_page_says_it_never_changes(client):
    """A case is permanent: any cache may keep it, and it carries no visitor's token."""
    made = create(client)
    key = made["edit_key"]
    added = client.post(f"/api/matches/{made['id']}/hands/", {"players": [ANN, BOB_8]},
                        content_type="application/json", HTTP_X_EDIT_KEY=key)  # fmt: skip
    page = client.get(added.json()["case"])
    assert page["Cache-Control"] == "public, max-age=31536000, immutable"
    assert "csrf" not in page.content.decode().lower()


# --- Money -----------------------------------------------------------------------------------


def test_settle_up_in_money_with_the_fewest_transfers(client):
    """A point worth 25 cents: Ann +8 is 2.00 up, and Bob pays Ann 2.00."""
    made = create(client, point_value=25, currency="EUR")
    client.post(f"/api/matches/{made['id']}/hands/", {"players": [ANN, BOB_8]},
                content_type="application/json", HTTP_X_EDIT_KEY=made["edit_key"])  # fmt: skip
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
    client.post("/matches/new/", NEW)
    match = Match.objects.get()
    saved = client.post(f"/matches/{match.id}/edit/money/", {"point_value": "0.5", "currency": "$"})
    assert saved.status_code == 302
    match.refresh_from_db()
    assert (match.cents_per_point, match.currency) == (50, "$")
    refused = client.post(f"/matches/{match.id}/edit/money/", {"point_value": "0.001"})
    assert refused.status_code == 400


def test_without_a_value_the_settlement_is_level(client):
    made = create(client)
    settled = client.get(f"/api/matches/{made['id']}/settlement/").json()
    assert settled["point_value"] is None and settled["transfers"] == []


# --- Export and my matches -------------------------------------------------------------------


def test_the_hands_export_as_csv_and_json(client):
    """One line per hand and player: rows, royalties, points, void and the case's link."""
    made = create(client, players=["=cmd|' /C calc'!A0", "Bob"], dealer="Bob")
    client.post(f"/api/matches/{made['id']}/hands/",
                {"players": [{**ANN, "name": made["players"][0]}, BOB_8]},
                content_type="application/json", HTTP_X_EDIT_KEY=made["edit_key"])  # fmt: skip
    exported = client.get(f"/matches/{made['id']}/hands.csv")
    assert exported["Content-Type"].startswith("text/csv")
    lines = list(csv.reader(io.StringIO(exported.content.decode())))
    assert lines[0] == ["hand", "dealer", "player", "top", "middle", "bottom", "royalties",
                        "points", "void", "case"]  # fmt: skip
    assert lines[1][2].startswith("'=")  # a name never runs as a spreadsheet formula
    assert lines[1][3:8] == ["Qs Qd 7c", "9s 9h 4c 4d 2s", "Ah Jh 8h 6h 3h", "11", "8"]
    assert lines[2][2:3] == ["Bob"] and lines[2][9].startswith("http://testserver/cases/")
    api = client.get(f"/api/matches/{made['id']}/hands/").json()
    assert api["hands"][1]["points"] == "-8"


def test_my_matches_lists_what_this_phone_holds(client):
    made = create(client)
    ann = phone_for(made, 0)
    mine = ann.get("/matches/").content.decode()
    assert "Ann · Bob" in mine and "your seat" in mine
    assert "holds no seat" in Client().get("/matches/").content.decode()


def test_a_forged_cookie_holds_nothing(client):
    made = create(client)
    thief = Client()
    thief.cookies[tables.COOKIE] = f'{{"{made["id"]}": [0, true]}}'
    assert thief.get(f"/matches/{made['id']}/edit/").status_code == 403
    assert thief.post(f"/matches/{made['id']}/board/", rows(ANN)).status_code == 403


# --- Bounded matches -------------------------------------------------------------------------


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


def test_a_hand_costs_the_same_at_hand_499_as_at_hand_1(client):
    """The match's row says where it stands: no hand before it is read, the queries do not grow."""
    short, long = create(client, {"target": 10000}), create(client, {"target": 10000})
    fill(long["id"], 498)
    counts = []
    for made in (short, long):
        key = made["edit_key"]
        with CaptureQueriesContext(connection) as queries:
            added = client.post(f"/api/matches/{made['id']}/hands/", {"players": [ANN, BOB_8]},
                                content_type="application/json", HTTP_X_EDIT_KEY=key)  # fmt: skip
        assert added.status_code == 201, added.content
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_a_match_holds_at_most_500_hands(client):
    """Past the limit a hand is refused 409, and the history still fits a phone (50 KB)."""
    made = create(client, {"target": 10000})
    fill(made["id"], matches.MOST_HANDS)
    key = made["edit_key"]
    refused = client.post(f"/api/matches/{made['id']}/hands/", {"players": [ANN, BOB_8]},
                          content_type="application/json", HTTP_X_EDIT_KEY=key)  # fmt: skip
    assert refused.status_code == 409 and "at most 500 hands" in refused.content.decode()
    for page in (made["url"], f"/matches/{made['id']}/standings/", f"/api/matches/{made['id']}/"):
        assert len(client.get(page).content) < 50_000, page
    api = client.get(f"/api/matches/{made['id']}/").json()
    assert len(api["hands"]) == 50 and api["hands_next"].endswith("?page=2")


def test_the_phone_that_sends_the_last_board_keeps_the_hands_case(client):
    """The last board scores the hand: its case is that phone's, in its own case list."""
    made = create(client)
    url = f"/api/matches/{made['id']}/boards/"
    key = {"HTTP_X_EDIT_KEY": made["edit_key"]}
    client.post(url, {"seat": "Ann", **rows(ANN)}, content_type="application/json", **key)
    phone = Client()
    last = phone.post(url, {"seat": "Bob", **rows(BOB_8)}, content_type="application/json", **key)
    assert last.status_code == 201
    case_id = last.json()["case"].rstrip("/").rsplit("/", 1)[-1]
    assert case_id in phone.get("/cases/").content.decode()
    assert case_id not in Client().get("/cases/").content.decode()


def test_the_host_takes_an_empty_seat_in_one_tap(client):
    """The phone that made the match holds the editing; one tap on "take this seat" gives it
    Ann's seat too, and Ann's code stops working, so no other phone takes it as well."""
    made = client.post("/matches/new/", NEW)
    edit = client.get(made["Location"])
    match = Match.objects.get()
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


def test_only_the_editing_phone_can_take_a_seat(client):
    client.post("/matches/new/", NEW)
    match = Match.objects.get()
    stranger = Client().post(f"/matches/{match.id}/edit/seat/", {"seat": "0"})
    assert stranger.status_code == 403
    assert 0 in tables.live_codes(match)
