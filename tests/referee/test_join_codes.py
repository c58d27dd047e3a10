"""Join codes that cannot be guessed in practice, and answers holding secrets kept by no cache.

Every code tried (opened or posted) counts against the client (address, IPv6 /64 and /48); a
wrong secret under a live match's tag also counts against that match; each refused or wrong try
is logged without the code. The editing's code is longer than a seat's and lives 15 minutes.
"""

from __future__ import annotations

import importlib
import logging
from datetime import timedelta

import pytest
from django.apps import apps
from django.db import connection
from django.test import Client
from django.utils import timezone

from referee import tables
from referee.models import JoinCode, Match, RateCount
from tests.referee.match_helpers import at_once, create, new_match_body

pytestmark = pytest.mark.django_db
NEW = {"ruleset": "pineapple-ofc", "player_1": "Ann", "player_2": "Bob", "dealer": "1",
       "length": "rounds:1"}  # fmt: skip


def editor_code(made: dict) -> str:
    return str(made["editor_join_url"].rstrip("/").rsplit("/", 1)[-1])


def wrong_secret(code: str) -> str:
    """The code with its last letter changed: the same match's tag, a wrong secret."""
    return code[:-1] + ("A" if code[-1] != "A" else "B")


def free_tag() -> str:
    """A tag no live match has."""
    live = set(JoinCode.objects.values_list("tag", flat=True))
    return next(a + b + c for a in "XYZ" for b in "XYZ" for c in "XYZ" if a + b + c not in live)


def phone(address: str) -> Client:
    return Client(REMOTE_ADDR=address)


# --- The codes -----------------------------------------------------------------------------


def test_a_match_codes_share_its_tag_and_the_editing_code_is_longer_and_short_lived(client):
    made = create(client)
    seats = [seat["join_code"] for seat in made["seats"]]
    editing = editor_code(made)
    assert [len(code) for code in seats] == [tables.SEAT_LENGTH] * 2 == [9, 9]
    assert len(editing) == tables.EDITOR_LENGTH == 12
    assert {code[:3] for code in [*seats, editing]} == {JoinCode.objects.first().tag}
    assert all(set(code) <= set(tables.ALPHABET) for code in [*seats, editing])
    lives = {
        code.seat: code.expires - timezone.now() for code in JoinCode.objects.filter(used=None)
    }
    assert timedelta(minutes=14) < lives[JoinCode.EDITOR] <= timedelta(minutes=15)
    assert timedelta(hours=5, minutes=59) < lives[0] <= timedelta(hours=6)
    other = create(client)
    assert other["seats"][0]["join_code"][:3] != seats[0][:3]  # tags unique among live matches


def test_the_editing_code_works_once_and_only_for_15_minutes(client):
    made = create(client)
    code = editor_code(made)
    assert Client().post(f"/join/{code}/").status_code == 302
    again = Client().post(f"/join/{code}/")
    assert again.status_code == 400 and "editing has been used" in again.text
    late = tables.issue_code(Match.objects.get(pk=made["id"]), JoinCode.EDITOR)
    JoinCode.objects.filter(pk=late.pk).update(expires=timezone.now() - timedelta(seconds=1))
    expired = Client().get(f"/join/{late.code}/")
    assert expired.status_code == 400 and "it works for 15 minutes" in expired.text


def test_a_new_code_keeps_the_match_tag(client):
    made = create(client)
    match = Match.objects.get(pk=made["id"])
    assert tables.issue_code(match, 1).code[:3] == made["seats"][0]["join_code"][:3]


def test_codes_are_shown_in_threes_and_typed_any_way(client):
    client.post("/matches/new/", NEW)
    code = tables.live_codes(Match.objects.get())[0]
    page = client.get(f"/matches/{code.match_id}/edit/").text
    assert f">{code.code[:3]} {code.code[3:6]} {code.code[6:]}</code>" in page
    typed = Client().post("/join/", {"code": f" {code.code[:3].lower()}-{code.code[3:]} "})
    assert typed.status_code == 302


# --- What a refused code says (issue 37) ----------------------------------------------------


def test_opening_an_unknown_used_or_expired_code_says_which_and_what_next(client):
    made = create(client)
    first, second = (seat["join_code"] for seat in made["seats"])
    unknown = Client().get(f"/join/{free_tag()}ABCDEF/")
    assert unknown.status_code == 400
    assert "is not a join code" in unknown.text and "scan its QR code" in unknown.text
    ann = Client()
    assert ann.post(f"/join/{first}/").status_code == 302
    used = Client().get(f"/join/{first}/")
    assert used.status_code == 400 and "has been used" in used.text
    assert "ask the host for a new code for your seat" in used.text
    assert "Ann" not in used.text  # a used code names nobody
    mine = ann.get(f"/join/{first}/")
    assert "already holds a place at this match" in mine.text and made["url"] in mine.text
    JoinCode.objects.filter(code=second).update(expires=timezone.now())
    expired = Client().get(f"/join/{second}/")
    assert expired.status_code == 400 and "has expired" in expired.text
    assert "works for 6 hours" in expired.text


def test_an_empty_code_asks_for_one_and_counts_nothing(client):
    answer = client.post("/join/", {"code": " - "})
    assert answer.status_code == 400 and "Type the code" in answer.text
    assert not RateCount.objects.exists()


# --- Limits ----------------------------------------------------------------------------------


def test_opening_wrong_codes_is_limited_like_posting_them(client):
    """GET /join/<code>/ counts: after ten wrong codes a minute even a right one waits."""
    made = create(client)
    right = made["seats"][0]["join_code"]
    guesser = phone("203.0.113.7")
    for _ in range(tables.TRIES_A_MINUTE // 2):
        assert guesser.get(f"/join/{free_tag()}ABCDEF/").status_code == 400
        assert guesser.post("/join/", {"code": f"{free_tag()}ABCDEG"}).status_code == 400
    blocked = guesser.get(f"/join/{right}/")
    assert blocked.status_code == 429 and "Too many wrong codes" in blocked.text
    assert 1 <= int(blocked["Retry-After"]) <= 60
    assert "Take Ann" not in blocked.text and "Ann" not in blocked.text
    assert phone("203.0.113.8").get(f"/join/{right}/").status_code == 200  # another address


def test_right_codes_do_not_count(client):
    """Opening a live code's page again and again (a reload, a rescan) is never limited."""
    made = create(client)
    right = made["seats"][0]["join_code"]
    player = phone("203.0.113.9")
    for _ in range(tables.TRIES_A_MINUTE + 5):
        assert player.get(f"/join/{right}/").status_code == 200
    assert player.post(f"/join/{right}/").status_code == 302


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("2001:db8:1:2::1", "2001:db8:1:2:ffff::9"),  # one /64
        ("2001:db8:1:2::1", "2001:db8:1:77::9"),  # two /64s of one /48
    ],
)
def test_an_ipv6_client_is_counted_by_its_64_and_its_48(client, first, second):
    for _ in range(tables.TRIES_A_MINUTE):
        assert phone(first).get(f"/join/{free_tag()}ABCDEF/").status_code == 400
    assert phone(second).get(f"/join/{free_tag()}ABCDEF/").status_code == 429
    assert phone("2001:db8:2::1").get(f"/join/{free_tag()}ABCDEF/").status_code == 400


def test_one_match_shares_one_budget_of_wrong_secrets_between_all_addresses(client):
    made = create(client)
    right, tag = made["seats"][0]["join_code"], made["seats"][0]["join_code"][:3]
    for n in range(tables.MATCH_TRIES_A_MINUTE):
        wrong = phone(f"198.51.100.{n}").post("/join/", {"code": wrong_secret(right)})
        assert wrong.status_code == 400 and "is not a join code" in wrong.text
    late = phone("198.51.100.200").get(f"/join/{right}/")
    assert late.status_code == 429 and "Too many wrong codes" in late.text
    counted = RateCount.objects.filter(bucket=f"join-match:{tag}")
    assert sum(row.count for row in counted) == tables.MATCH_TRIES_A_MINUTE
    # Other matches, and codes under no live match's tag, are not held up by it.
    other = create(client)["seats"][0]["join_code"]
    assert phone("198.51.100.201").get(f"/join/{other}/").status_code == 200
    for n in range(tables.MATCH_TRIES_A_MINUTE + 1):
        assert phone(f"198.51.100.{100 + n}").get(f"/join/{free_tag()}ABCDEF/").status_code == 400
    assert not RateCount.objects.filter(bucket__startswith="join-match:XYZ").exists()


def test_a_right_code_is_given_back_to_the_match_too(client):
    made = create(client)
    right, tag = made["seats"][0]["join_code"], made["seats"][0]["join_code"][:3]
    for n in range(tables.MATCH_TRIES_A_MINUTE * 2):
        assert phone(f"198.51.100.{n}").get(f"/join/{right}/").status_code == 200
    counted = RateCount.objects.filter(bucket=f"join-match:{tag}")
    assert sum(row.count for row in counted) == 0


def test_each_wrong_or_refused_try_is_logged_with_the_tag_never_the_code(client, caplog):
    made = create(client)
    right = made["seats"][0]["join_code"]
    wrong = wrong_secret(right)
    caplog.set_level(logging.WARNING)
    phone("192.0.2.5").get(f"/join/{wrong}/")
    phone("192.0.2.5").post("/join/", {"code": wrong})
    assert phone("192.0.2.6").post(f"/join/{right}/").status_code == 302
    phone("192.0.2.7").get(f"/join/{right}/")
    refused = [r for r in caplog.records if r.name == "referee.tables"]
    assert [r.levelno for r in refused] == [logging.WARNING] * 3
    messages = [r.getMessage() for r in refused]
    assert (
        messages[0] == f"join code refused: no such code (tag {right[:3]}, client 192.0.2.5, GET)"
    )
    assert messages[1].endswith("client 192.0.2.5, POST)") and "used (tag" in messages[2]
    assert right not in caplog.text and wrong not in caplog.text
    assert right[3:] not in caplog.text and wrong[3:] not in caplog.text


# --- Under concurrency (PostgreSQL) ---------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_sixty_wrong_codes_at_once_get_at_most_the_limit_of_tries():
    """From one address, and from 60 addresses under one match's tag. (A refused try uncounts
    itself afterwards, so a few more than needed may be refused in the crush, never fewer.)"""
    if connection.vendor != "postgresql":
        pytest.skip("SQLite runs one write at a time: the race needs PostgreSQL")
    made = create(Client())
    right, wrong = made["seats"][0]["join_code"], f"{free_tag()}ABCDEF"
    guesser = [phone("203.0.113.60") for _ in range(60)]
    one = at_once(*[lambda c=c: c.post("/join/", {"code": wrong}) for c in guesser])
    tried = sum(a.status_code == 400 and "is not a join code" in a.text for a in one)
    assert 1 <= tried <= tables.TRIES_A_MINUTE
    assert sum(a.status_code == 429 for a in one) == 60 - tried
    guesses = [phone(f"198.51.100.{n}") for n in range(60)]
    many = at_once(*[lambda c=c: c.get(f"/join/{wrong_secret(right)}/") for c in guesses])
    tried = sum(a.status_code == 400 and "is not a join code" in a.text for a in many)
    assert 1 <= tried <= tables.MATCH_TRIES_A_MINUTE
    assert sum(a.status_code == 429 for a in many) == 60 - tried


# --- Codes from before the tags --------------------------------------------------------------


def test_the_migration_reissues_live_untagged_codes(client):
    client.post("/matches/new/", NEW)
    match = Match.objects.get()
    JoinCode.objects.all().delete()
    later = timezone.now() + timedelta(hours=5)
    JoinCode.objects.create(match=match, seat=0, code="K7MQ2X", expires=later)
    JoinCode.objects.create(match=match, seat=JoinCode.EDITOR, code="ABCDEF", expires=later)
    used = JoinCode.objects.create(match=match, seat=1, code="PQRSTU", expires=later)
    JoinCode.objects.filter(pk=used.pk).update(used=timezone.now())
    migration = importlib.import_module("referee.migrations.0011_join_code_tags")
    migration.reissue_live_codes(apps, None)
    live = tables.live_codes(match)
    assert sorted(live) == [JoinCode.EDITOR, 0]  # the used seat stays used
    assert len(live[0].code) == 9 and live[0].expires == later and live[0].tag == live[0].code[:3]
    assert len(live[JoinCode.EDITOR].code) == 12 and live[JoinCode.EDITOR].tag == live[0].tag
    assert live[JoinCode.EDITOR].expires <= timezone.now() + timedelta(minutes=15)
    old = Client().get("/join/K7MQ2X/")
    assert old.status_code == 400 and "has expired" in old.text


# --- No cache keeps a secret ---------------------------------------------------------------


def test_every_answer_holding_a_key_a_code_or_a_seat_cookie_is_no_store(client):
    made = create(client)
    match_id, key = made["id"], made["edit_key"]
    seat = made["seats"][0]["join_code"]
    api = client.post("/api/matches/", new_match_body(rounds=1), content_type="application/json")
    host = Client()
    answers = {
        "POST /api/matches/ (edit key, codes)": api,
        "POST /matches/new/ (editing cookie)": host.post("/matches/new/", NEW),
        "GET /join/<code>/ (the offer)": Client().get(f"/join/{seat}/"),
        "GET /join/<code>/ refused": Client().get(f"/join/{free_tag()}ABCDEF/"),
        "GET /join/": Client().get("/join/"),
        "POST /join/<code>/ (seat cookie)": Client().post(f"/join/{seat}/"),
        "POST /join/ refused": Client().post("/join/", {"code": seat}),
        "GET old edit link (editing cookie)": client.get(f"/matches/{match_id}/edit/{key}/"),
        "POST old void link": Client().post(f"/matches/{match_id}/edit/{key}/void/1/"),
        "GET /matches/<id>/edit/ (codes, QR)": client.get(f"/matches/{match_id}/edit/"),
        "GET edit page, htmx": client.get(f"/matches/{match_id}/edit/", HTTP_HX_REQUEST="true"),
        "POST a new code": client.post(f"/matches/{match_id}/edit/codes/", {"seat": "0"}),
        "POST money refused (codes)": client.post(
            f"/matches/{match_id}/edit/money/", {"point_value": "x"}
        ),
    }
    expected = {
        "POST /api/matches/ (edit key, codes)": 201,
        "POST /matches/new/ (editing cookie)": 302,
        "GET /join/<code>/ (the offer)": 200,
        "GET /join/<code>/ refused": 400,
        "GET /join/": 200,
        "POST /join/<code>/ (seat cookie)": 302,
        "POST /join/ refused": 400,
        "GET old edit link (editing cookie)": 307,
        "POST old void link": 307,
        "GET /matches/<id>/edit/ (codes, QR)": 200,
        "GET edit page, htmx": 200,
        "POST a new code": 302,
        "POST money refused (codes)": 400,
    }
    assert {name: answer.status_code for name, answer in answers.items()} == expected
    assert 'class="qr"' in answers["GET /matches/<id>/edit/ (codes, QR)"].text
    cached = [n for n, a in answers.items() if "no-store" not in a.get("Cache-Control", "")]
    assert cached == []
