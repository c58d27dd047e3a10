"""Writes that carry no CSRF token check which site sent them (referee/origins.py); the old
addresses move without one."""

from __future__ import annotations

import pytest
from django.test import Client

from referee.models import SeatBoard
from tests.referee.match_helpers import ANN, create, phone_for, rows

pytestmark = pytest.mark.django_db

EVIL = "https://evil.example"


@pytest.mark.parametrize(
    "headers",
    [
        {"HTTP_ORIGIN": EVIL},
        {"HTTP_ORIGIN": "https://cards.testserver"},  # a sibling subdomain's page
        {"HTTP_SEC_FETCH_SITE": "same-site"},
        {"HTTP_SEC_FETCH_SITE": "cross-site", "HTTP_ORIGIN": EVIL},
    ],
)
def test_a_seat_cookie_write_from_another_site_is_refused(client, headers):
    made = create(client)
    ann = phone_for(made, 0)
    answer = ann.post(
        f"/api/matches/{made['id']}/boards/",
        {"seat": "Ann", **rows(ANN)},
        content_type="application/json",
        **headers,
    )
    assert answer.status_code == 403
    assert "own pages" in answer.json()["errors"]["non_field_errors"][0]
    assert not SeatBoard.objects.exists()


@pytest.mark.parametrize(
    "headers",
    [
        {},  # a tool, not a browser
        {"HTTP_ORIGIN": "http://testserver", "HTTP_SEC_FETCH_SITE": "same-origin"},
    ],
)
def test_a_seat_cookie_write_from_our_own_pages_is_taken(client, headers):
    made = create(client)
    ann = phone_for(made, 0)
    answer = ann.post(
        f"/api/matches/{made['id']}/boards/",
        {"seat": "Ann", **rows(ANN)},
        content_type="application/json",
        **headers,
    )
    assert answer.status_code == 202, answer.content
    assert SeatBoard.objects.count() == 1


def test_the_edit_key_header_works_from_any_origin(client):
    made = create(client)
    answer = Client().post(
        f"/api/matches/{made['id']}/boards/",
        {"seat": "Ann", **rows(ANN)},
        content_type="application/json",
        HTTP_X_EDIT_KEY=made["edit_key"],
        HTTP_ORIGIN=EVIL,
        HTTP_SEC_FETCH_SITE="cross-site",
    )
    assert answer.status_code == 202, answer.content


@pytest.mark.parametrize(
    ("old", "new"),
    [("/api/pineapple/ruling/", "/api/pineapple/discards/"), ("/pineapple/ruling/", None)],
)
def test_the_old_discard_addresses_move_with_308_without_a_token(old, new):
    answer = Client(enforce_csrf_checks=True).post(old, {}, content_type="application/json")
    assert answer.status_code == 308
    if new:
        assert answer["Location"] == new


def test_the_language_cookie_is_lax_httponly_and_secure_off_debug(settings):
    settings.LANGUAGE_COOKIE_SECURE = True  # as production sets it (DEBUG off)
    answer = Client().post("/i18n/setlang/", {"language": "ja", "next": "/"})
    assert answer.status_code == 302
    cookie = answer.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "ja"
    assert cookie["samesite"] == "Lax" and cookie["secure"] and cookie["httponly"]


@pytest.mark.parametrize(
    "headers", [{"HTTP_ORIGIN": EVIL}, {"HTTP_SEC_FETCH_SITE": "cross-site", "HTTP_ORIGIN": EVIL}]
)
def test_the_language_switch_refuses_a_post_from_another_site(settings, headers):
    answer = Client().post("/i18n/setlang/", {"language": "ja", "next": "/"}, **headers)
    assert answer.status_code == 403
    assert settings.LANGUAGE_COOKIE_NAME not in answer.cookies


def test_the_language_switch_takes_a_post_from_our_pages(settings):
    answer = Client().post(
        "/i18n/setlang/",
        {"language": "ja", "next": "/"},
        HTTP_ORIGIN="http://testserver",
        HTTP_SEC_FETCH_SITE="same-origin",
    )
    assert answer.status_code == 302 and answer.cookies[settings.LANGUAGE_COOKIE_NAME].value == "ja"
