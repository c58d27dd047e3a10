"""Idempotent writes: a retry under the same Idempotency-Key gets the first answer, stored once."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection, connections
from django.test import Client
from django.utils import timezone

from referee.idempotency import IdempotencyKey
from referee.models import Case, Match, MatchHand
from tests.referee.bodies import ISLAND_4_3, LAZY_HI_LO, OFC_TABLE
from tests.referee.match_helpers import BOB_8, BOB_15, hand, new_match_body

ROOT = Path(__file__).resolve().parents[2]
KEY = "2f1c9a7e-retry-key"
RULING = {"game": "crazy", "situation": "no_discard_at_showdown", "player": "Ann"}
GAMES = {
    "/api/ofc/score/": OFC_TABLE,
    "/api/island/showdown/": ISLAND_4_3,
    "/api/pineapple/showdown/": LAZY_HI_LO,
    "/api/pineapple/discards/": RULING,
}


def post(client, path, body, key=KEY, **headers):
    if key is not None:
        headers["HTTP_IDEMPOTENCY_KEY"] = key
    return client.post(path, body, content_type="application/json", **headers)


def assert_replayed(first, again):
    assert again.status_code == first.status_code
    assert again.content == first.content
    assert again["Content-Type"] == first["Content-Type"]
    assert again["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first


def make_match(client, key=None):
    response = post(client, "/api/matches/", new_match_body(target=1000), key=key)
    assert response.status_code == 201, response.content
    return response


@pytest.mark.django_db
@pytest.mark.parametrize("path", list(GAMES))
def test_a_retried_game_write_answers_the_first_answer_and_saves_one_case(client, path):
    first = post(client, path, GAMES[path])
    assert first.status_code == 200, first.content
    assert_replayed(first, post(client, path, GAMES[path]))
    assert Case.objects.count() == 1


@pytest.mark.django_db
def test_a_retried_match_create_gives_the_same_match_and_edit_key(client):
    first = make_match(client, key=KEY)
    again = make_match(client, key=KEY)
    assert_replayed(first, again)
    assert again.json()["edit_key"] == first.json()["edit_key"]
    assert Match.objects.count() == 1


@pytest.mark.django_db
def test_a_retried_hand_is_added_once(client):
    match = make_match(client).json()
    path, edit = f"/api/matches/{match['id']}/hands/", {"HTTP_X_EDIT_KEY": match["edit_key"]}
    first = post(client, path, hand(BOB_8), **edit)
    assert first.status_code == 201
    assert_replayed(first, post(client, path, hand(BOB_8), **edit))
    assert post(client, path, hand(BOB_8), key="another-key", **edit).json()["hand"] == 2
    assert MatchHand.objects.count() == 2


@pytest.mark.django_db
def test_a_retried_void_answers_the_same_standings(client):
    match = make_match(client).json()
    edit = {"HTTP_X_EDIT_KEY": match["edit_key"]}
    post(client, f"/api/matches/{match['id']}/hands/", hand(BOB_8), key=None, **edit)
    path = f"/api/matches/{match['id']}/hands/1/void/"
    first = client.post(path, HTTP_IDEMPOTENCY_KEY=KEY, **edit)
    assert first.status_code == 200
    assert_replayed(first, client.post(path, HTTP_IDEMPOTENCY_KEY=KEY, **edit))


@pytest.mark.django_db
def test_the_same_key_with_another_body_answers_422_and_does_nothing(client):
    post(client, "/api/ofc/score/", OFC_TABLE)
    other = {**OFC_TABLE, "ruleset": "joker-ofc"}
    response = post(client, "/api/ofc/score/", other)
    assert response.status_code == 422
    [message] = response.json()["errors"]["Idempotency-Key"]
    assert "different request in the last 24 hours" in message
    assert Case.objects.count() == 1


@pytest.mark.django_db
def test_the_same_key_with_another_edit_key_is_another_request(client):
    match = make_match(client).json()
    path, edit = f"/api/matches/{match['id']}/hands/", {"HTTP_X_EDIT_KEY": match["edit_key"]}
    assert post(client, path, hand(BOB_8), **edit).status_code == 201
    assert post(client, path, hand(BOB_8), HTTP_X_EDIT_KEY="wrong").status_code == 422


@pytest.mark.django_db
@pytest.mark.parametrize(
    "key", ["", "short", "x" * 101, "has a space", "tab\there", "ünïcödé-key", "new\nline-key"]
)
def test_a_malformed_key_is_refused_400_at_its_field(client, key):
    response = post(client, "/api/ofc/score/", OFC_TABLE, key=key)
    assert response.status_code == 400
    assert response.json() == {
        "errors": {
            "Idempotency-Key": [
                "An Idempotency-Key is 8 to 100 printable ASCII characters, without spaces."
            ]
        }
    }
    assert not Case.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("key", ["8chars!!", "~" * 100, "0b3e1c3e-0000-4000-8000-000000000000"])
def test_keys_of_8_to_100_printable_characters_are_accepted(client, key):
    assert post(client, "/api/ofc/score/", OFC_TABLE, key=key).status_code == 200


@pytest.mark.django_db
def test_keys_follow_the_request_not_the_network(client):
    """A phone that moves from Wi-Fi to cellular retries from a new address and is answered
    the first answer; the same key on another path is another request."""
    wifi = post(client, "/api/ofc/score/", OFC_TABLE, REMOTE_ADDR="192.0.2.10")
    cellular = post(client, "/api/ofc/score/", OFC_TABLE, REMOTE_ADDR="2001:db8:ff:1::99")
    assert_replayed(wifi, cellular)
    other = post(client, "/api/island/showdown/", ISLAND_4_3, REMOTE_ADDR="192.0.2.10")
    assert other.status_code == 200 and "Idempotent-Replayed" not in other
    assert Case.objects.count() == 2


@pytest.mark.django_db
def test_a_retried_match_hand_from_a_new_address_is_added_once(client):
    match = make_match(client).json()
    headers = {"HTTP_X_EDIT_KEY": match["edit_key"]}
    path = f"/api/matches/{match['id']}/hands/"
    first = post(client, path, hand(BOB_8), key="hand-key-1", REMOTE_ADDR="192.0.2.10", **headers)
    again = post(client, path, hand(BOB_8), key="hand-key-1", REMOTE_ADDR="198.51.100.7", **headers)
    assert first.status_code == 201
    assert_replayed(first, again)
    assert MatchHand.objects.count() == 1


@pytest.mark.django_db
def test_a_changed_stored_answer_is_refused_not_replayed(client):
    """AES-GCM authenticates the sealed answer: a row changed in the database does not open."""
    post(client, "/api/ofc/score/", OFC_TABLE)
    row = IdempotencyKey.objects.get()
    sealed = bytearray(row.answer)
    sealed[-1] ^= 1
    IdempotencyKey.objects.filter(pk=row.pk).update(answer=bytes(sealed))
    again = post(client, "/api/ofc/score/", OFC_TABLE)
    assert again.status_code == 409
    assert "cannot be read back" in again.json()["errors"]["Idempotency-Key"][0]
    assert Case.objects.count() == 1


@pytest.mark.django_db
def test_a_refusal_is_not_kept_so_the_corrected_retry_runs(client):
    bad = {**OFC_TABLE, "ruleset": "no-such-ruleset"}
    assert post(client, "/api/ofc/score/", bad).status_code == 400
    assert not IdempotencyKey.objects.exists()
    assert post(client, "/api/ofc/score/", OFC_TABLE).status_code == 200


@pytest.mark.django_db
def test_a_server_error_undoes_the_write_and_the_retry_runs_again(monkeypatch):
    """The key's row and the write are one transaction: a failure after the write keeps neither."""
    web = Client(raise_request_exception=False)
    from referee.games import base

    record_case = base.record_case

    def record_then_fail(*args, **kwargs):
        record_case(*args, **kwargs)
        raise RuntimeError("the worker died after the INSERT")

    monkeypatch.setattr(base, "record_case", record_then_fail)
    assert post(web, "/api/ofc/score/", OFC_TABLE).status_code == 500
    assert not Case.objects.exists() and not IdempotencyKey.objects.exists()
    monkeypatch.setattr(base, "record_case", record_case)
    assert post(web, "/api/ofc/score/", OFC_TABLE).status_code == 200
    assert Case.objects.count() == 1


@pytest.mark.django_db
def test_a_streamed_answer_keeps_its_write_but_not_its_key(rf):
    """A streamed body cannot be kept for replays; what the view saved is kept all the same."""
    from django.http import StreamingHttpResponse

    from referee.idempotency import IdempotencyMiddleware

    def view(request):
        Match.objects.create(
            ruleset="pineapple-ofc", players=["Ann", "Bob"], first_dealer="Ann",
            length_kind="hands", length_value=1, edit_key_hash="0" * 64,
        )  # fmt: skip
        return StreamingHttpResponse(iter([b"streamed"]))

    request = rf.post("/api/x/", {}, content_type="application/json", HTTP_IDEMPOTENCY_KEY=KEY)
    assert IdempotencyMiddleware(view)(request).status_code == 200
    assert Match.objects.count() == 1 and not IdempotencyKey.objects.exists()


@pytest.mark.django_db
def test_a_stored_answer_holds_no_secret_in_the_clear(client):
    """The create answer holds the edit key: the row keeps it encrypted, found by an HMAC."""
    body = make_match(client, key=KEY).json()
    [row] = IdempotencyKey.objects.all()
    stored = bytes(row.answer)
    assert body["edit_key"].encode() not in stored and body["id"].encode() not in stored
    assert KEY not in row.digest and len(row.digest) == 64
    assert row.status == 201 and row.content_type == "application/json"


@pytest.mark.django_db
def test_keys_are_kept_24_hours_then_forgotten(client):
    post(client, "/api/ofc/score/", OFC_TABLE)
    IdempotencyKey.objects.update(created=timezone.now() - timedelta(hours=23))
    assert "Idempotent-Replayed" in post(client, "/api/ofc/score/", OFC_TABLE)
    IdempotencyKey.objects.update(created=timezone.now() - timedelta(hours=25))
    assert "Idempotent-Replayed" not in post(client, "/api/ofc/score/", OFC_TABLE)
    assert Case.objects.count() == 2


@pytest.mark.django_db
def test_purge_idempotency_forgets_expired_keys(client, capsys):
    post(client, "/api/ofc/score/", OFC_TABLE)
    post(client, "/api/ofc/score/", OFC_TABLE, key="fresh-key-1")
    IdempotencyKey.objects.filter(pk=IdempotencyKey.objects.order_by("pk")[0].pk).update(
        created=timezone.now() - timedelta(days=2)
    )
    call_command("purge_idempotency")
    assert capsys.readouterr().out.strip() == "Forgot 1 idempotency keys."
    assert IdempotencyKey.objects.count() == 1


@pytest.mark.django_db
def test_a_new_key_now_and_then_purges_the_expired_ones(
    client, monkeypatch, django_capture_on_commit_callbacks
):
    post(client, "/api/ofc/score/", OFC_TABLE)
    IdempotencyKey.objects.update(created=timezone.now() - timedelta(days=2))
    monkeypatch.setattr("referee.idempotency.secrets.randbelow", lambda n: 0)  # this time
    with django_capture_on_commit_callbacks(execute=True):
        post(client, "/api/ofc/score/", OFC_TABLE, key="fresh-key-2")
    assert IdempotencyKey.objects.count() == 1


def test_the_key_lifetime_setting_refuses_zero():
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_URL"))}
    result = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        cwd=ROOT,
        env={
            **clean,
            "DJANGO_SETTINGS_MODULE": "referee.settings",
            "REFEREE_IDEMPOTENCY_HOURS": "0",
        },
        capture_output=True,
        text=True,
        check=False,
    )
    assert "REFEREE_IDEMPOTENCY_HOURS must be a whole number of 1 or more" in result.stderr


# --- Pages: the hidden field ---

PAGE_TEMPLATES = [
    "ofc/page.html",
    "island/page.html",
    "pineapple/showdown.html",
    "pineapple/discards.html",
    "matches/_hand_form.html",
    "matches/new.html",
]
# A game page's form names its key (page-key), which a decided htmx answer replaces out of band.
HIDDEN = re.compile(
    r'<input type="hidden" name="idempotency_key" value="([\w-]{24})"(?: id="page-key")?>'
)
OFC_FORM = {"ruleset": "pineapple-ofc", "players-0-name": "Ann", "players-1-name": "Bob"} | {
    f"players-{seat}-{row}": player[row]
    for seat, player in enumerate(OFC_TABLE["players"])
    for row in ("top", "middle", "bottom")
}


@pytest.mark.parametrize("template", PAGE_TEMPLATES)
def test_every_posting_form_carries_the_field_after_its_csrf_token(template):
    text = (ROOT / "templates" / template).read_text()
    assert re.search(r'\{% csrf_token %\}\n\s*\{% idempotency_field( "page-key")? %\}\n', text)


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/ofc/", "/island/", "/pineapple/", "/pineapple/discards/"])
def test_each_drawing_of_a_form_has_a_fresh_key(client, url):
    first, again = (HIDDEN.findall(client.get(url).content.decode()) for _ in range(2))
    assert len(first) == 1 and len(again) == 1 and first != again


@pytest.mark.django_db
def test_a_form_sent_twice_saves_one_case(client):
    key = HIDDEN.search(client.get("/ofc/").content.decode())[1]
    first = client.post("/ofc/", {**OFC_FORM, "idempotency_key": key})
    again = client.post("/ofc/", {**OFC_FORM, "idempotency_key": key})
    assert first.status_code == 302 and Case.objects.count() == 1
    assert_replayed(first, again)
    assert again["Location"] == first["Location"]
    result = client.get(first["Location"]).content.decode()
    assert HIDDEN.findall(result) != [key]  # the result's form has a new key


@pytest.mark.django_db
def test_an_old_form_sent_with_new_values_is_a_new_request(client):
    """The browser's Back and a change, not a retry: it is served (the API would say 422)."""
    client.post("/ofc/", {**OFC_FORM, "idempotency_key": KEY})
    changed = client.post("/ofc/", {**OFC_FORM, "ruleset": "joker-ofc", "idempotency_key": KEY})
    assert changed.status_code == 302 and "Idempotent-Replayed" not in changed
    assert Case.objects.count() == 2


@pytest.mark.django_db
def test_a_new_match_form_sent_twice_makes_one_match(client):
    form = {
        "ruleset": "pineapple-2p-v1", "player_1": "Ann", "player_2": "Bob", "player_3": "",
        "dealer": "1", "length": "target:20", "custom_target": "", "idempotency_key": KEY,
    }  # fmt: skip
    first, again = client.post("/matches/new/", form), client.post("/matches/new/", form)
    assert first.status_code == again.status_code == 302
    assert again["Location"] == first["Location"]
    assert Match.objects.count() == 1


@pytest.mark.django_db
def test_a_hand_form_sent_twice_adds_one_hand_and_its_replay_is_logged_without_the_key(
    client, caplog
):
    created = make_match(client).json()
    assert client.post(created["editor_join_url"]).status_code == 302  # the editing cookie
    edit = f"{created['url']}edit/"
    key = HIDDEN.search(client.get(edit).content.decode())[1]
    form = {"ruleset": "pineapple-2p-v1", "players-0-name": "Ann", "players-1-name": "Bob"}
    for seat, board in enumerate(hand(BOB_15)["players"]):
        form.update({f"players-{seat}-{row}": board[row] for row in ("top", "middle", "bottom")})
    for _ in range(2):
        response = client.post(edit, {**form, "idempotency_key": key}, HTTP_HX_REQUEST="true")
        assert response.status_code == 200
    assert MatchHand.objects.count() == 1
    assert "Replayed the answer to POST /matches/" in caplog.text
    assert created["edit_key"] not in caplog.text


# --- Two copies at once ---


def post_at_once(path: str, bodies: list[dict], **headers) -> list:
    """Post every body from its own thread and connection at the same moment."""
    start = threading.Barrier(len(bodies))
    answers: list = [None] * len(bodies)

    def send(index: int) -> None:
        try:
            start.wait()
            answers[index] = post(Client(), path, bodies[index], **headers)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(bodies))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_concurrent_copies_of_a_write_make_one_record_on_postgresql():
    """The copies wait on the key's unique index; all but the first replay its answer."""
    answers = post_at_once("/api/ofc/score/", [OFC_TABLE] * 8)
    assert {answer.status_code for answer in answers} == {200}
    assert len({answer.content for answer in answers}) == 1
    assert sum("Idempotent-Replayed" in answer for answer in answers) == 7
    assert Case.objects.count() == 1


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_concurrent_copies_of_a_hand_add_one_hand_on_postgresql():
    match = make_match(Client()).json()
    answers = post_at_once(
        f"/api/matches/{match['id']}/hands/",
        [hand(BOB_8)] * 8,
        HTTP_X_EDIT_KEY=match["edit_key"],
    )
    assert {answer.status_code for answer in answers} == {201}
    assert {answer.json()["hand"] for answer in answers} == {1}
    assert MatchHand.objects.count() == 1


AT_ONCE_ON_SQLITE = """
import json, sys, threading, django
django.setup()
from django.core.management import call_command
from django.db import connections
from django.test import Client
call_command("migrate", verbosity=0)
body = json.loads(sys.argv[1])
start = threading.Barrier(8)
answers = []

def send():
    try:
        start.wait()
        response = Client().post("/api/ofc/score/", body, content_type="application/json",
                                 HTTP_IDEMPOTENCY_KEY="same-key-at-once")
        answers.append((response.status_code, response.get("Idempotent-Replayed", "")))
    finally:
        connections.close_all()

threads = [threading.Thread(target=send) for _ in range(8)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
from referee.models import Case
print(json.dumps({"answers": sorted(answers), "cases": Case.objects.count()}))
"""


def test_concurrent_copies_of_a_write_make_one_record_on_sqlite(tmp_path):
    """SQLite's IMMEDIATE transactions queue the copies; all but the first replay."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_URL"))}
    out = subprocess.run(
        [sys.executable, "-c", AT_ONCE_ON_SQLITE, json.dumps(OFC_TABLE)],
        cwd=ROOT,
        env={
            **clean,
            "DJANGO_SETTINGS_MODULE": "referee.settings",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
            "REFEREE_RATE_LIMIT": "0",
        },
        capture_output=True,
        text=True,
        check=True,
    )
    result = json.loads(out.stdout.splitlines()[-1])
    assert result == {"answers": [[200, ""]] + [[200, "true"]] * 7, "cases": 1}


# --- The schema ---


@pytest.mark.django_db
def test_every_api_write_documents_the_header_and_its_422(client):
    schema = client.get("/api/schema/?format=json").json()
    writes = [
        (path, operation)
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        if method == "post"
    ]
    assert {path for path, _ in writes} >= {
        "/api/ofc/score/", "/api/island/showdown/", "/api/pineapple/showdown/",
        "/api/pineapple/discards/", "/api/matches/", "/api/matches/{match_id}/hands/",
        "/api/matches/{match_id}/hands/{number}/void/",
    }  # fmt: skip
    for path, operation in writes:
        [header] = [p for p in operation["parameters"] if p["name"] == "Idempotency-Key"]
        assert header["in"] == "header" and header["required"] is False, path
        assert header["schema"]["minLength"] == 8 and header["schema"]["maxLength"] == 100
        assert {"400", "422"} <= set(operation["responses"]), path
