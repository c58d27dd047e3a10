"""The rule library on a phone with no connection (issue 38): after one visit the service worker
has kept it, the page says so, and with the network cut the rules still open; a page it does
not keep says it needs the network. On the real pages, in English and Japanese."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation
from playwright.sync_api import expect

from referee.models import Document
from tests.browser.conftest import PHONE, assert_fits_phone
from tests.browser.test_console import fill_ofc
from tests.referee.bodies import OFC_TABLE
from tests.referee.rules_helpers import load_rules


@pytest.fixture
def phone(browser: Any, live_server: Any, transactional_db: Any) -> Any:
    """A phone whose browser runs service workers, as phones do."""
    load_rules()
    context = browser.new_context(**{**PHONE, "service_workers": "allow"})
    yield context.new_page()
    context.close()


def test_after_one_visit_the_rules_open_offline(phone: Any, live_server: Any) -> None:
    phone.goto(live_server.url + "/rules/")
    expect(phone.locator("html[data-offline=ready]")).to_have_count(1)
    expect(phone.locator("[data-offline-note]")).to_be_visible()
    expect(phone.locator("[data-offline-note]")).to_contain_text("opens without a connection")

    phone.context.set_offline(True)
    for document in Document.objects.all():  # each document, never opened online
        phone.goto(live_server.url + document.get_absolute_url())
        with translation.override("en"):  # as the phone reads it
            expect(phone.locator("h1")).to_contain_text(document.shown_title)
        assert_fits_phone(phone)  # its style sheet was kept too
    phone.goto(live_server.url + "/rules/")
    expect(phone.locator(".documents li")).to_have_count(Document.objects.count())


def test_offline_a_page_it_does_not_keep_says_it_needs_the_network(
    phone: Any, live_server: Any
) -> None:
    phone.goto(live_server.url + "/rules/")
    expect(phone.locator("html[data-offline=ready]")).to_have_count(1)
    phone.context.set_offline(True)
    for path in ("/ofc/", "/cases/", "/matches/new/", "/island/?case=x"):
        phone.goto(live_server.url + path)
        expect(phone.locator("h1")).to_have_text("No connection")
        expect(phone.get_by_role("link", name="read the rules")).to_be_visible()
    phone.get_by_role("link", name="read the rules").click()
    expect(phone.locator(".documents li").first).to_be_visible()


def test_the_offline_page_speaks_the_phones_language(
    browser: Any, live_server: Any, transactional_db: Any
) -> None:
    load_rules()
    context = browser.new_context(**{**PHONE, "service_workers": "allow"}, locale="ja-JP")
    page = context.new_page()
    page.goto(live_server.url + "/rules/")
    expect(page.locator("html[data-offline=ready]")).to_have_count(1)
    expect(page.locator("[data-offline-note]")).to_be_visible()
    context.set_offline(True)
    page.goto(live_server.url + "/ofc/")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator("h1")).to_have_text("接続がありません")
    context.close()


def test_online_the_worker_changes_nothing_a_game_page_does(phone: Any, live_server: Any) -> None:
    """Under the worker (it controls the page), the OFC page scores, pushes the case's address,
    and Back and a reload show the same case: online, every answer is the network's."""
    phone.goto(live_server.url + "/rules/")
    expect(phone.locator("html[data-offline=ready]")).to_have_count(1)
    phone.goto(live_server.url + "/ofc/")
    assert phone.evaluate("navigator.serviceWorker.controller !== null")
    fill_ofc(phone)
    phone.get_by_role("button", name="Score the hand").click()
    expect(phone.locator('[data-testid="totals"]')).to_be_visible()
    scored = phone.url
    assert "/ofc/?case=" in scored
    phone.reload()
    expect(phone.locator('[data-testid="totals"]')).to_be_visible()
    phone.go_back()
    expect(phone).to_have_url(live_server.url + "/ofc/")
    phone.go_forward()
    expect(phone).to_have_url(scored)
    expect(phone.locator('[data-testid="totals"]')).to_be_visible()


@pytest.mark.parametrize("locale", ["en-GB", "ja-JP"])
def test_after_one_visit_the_engine_answers_with_the_network_cut(
    browser: Any, live_server: Any, transactional_db: Any, locale: str
) -> None:
    """The worker kept the engine's files when it was installed: offline, a kept page's engine
    scores the README's table (Ann +23) with its rulings in the phone's language, each linked
    to its article as the server links it."""
    load_rules()
    context = browser.new_context(**{**PHONE, "service_workers": "allow"}, locale=locale)
    page = context.new_page()
    page.goto(live_server.url + "/rules/")
    expect(page.locator("html[data-offline=ready]")).to_have_count(1)
    page.wait_for_function(
        "caches.keys().then((names) => Promise.all(names.map((n) => caches.open(n)"
        ".then((c) => c.keys())))).then((kept) => kept.flat().some((r) => "
        "r.url.endsWith('/engine.zip') || /engine\\.[0-9a-f]{12}\\.zip$/.test(r.url)))"
    )
    context.set_offline(True)
    page.goto(live_server.url + "/rules/")
    said = page.evaluate(
        "(body) => window.refereeEngine.answer('ofc', body)", OFC_TABLE
    )  # in the page's language: <html lang>
    ann = said["answer"]["players"][0]
    assert (ann["name"], ann["score"]) == ("Ann", 23)
    rulings = said["answer"]["rulings"]
    assert rulings and all(r["url"].startswith("/rules/") for r in rulings)
    japanese = any("\u3040" <= ch <= "\u30ff" for r in rulings for ch in r["text"])
    assert japanese == (locale == "ja-JP")
    context.close()
