"""The rule library on a phone with no connection (issue 38): after one visit the service worker
has kept it, the page says so, and with the network cut the rules still open; a page it does
not keep says it needs the network. On the real pages, in English and Japanese."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.utils import translation
from playwright.sync_api import expect

from referee.games import OFC
from referee.house_rules import save_house_rule
from referee.models import Case, Document, RefusedCase
from referee.validation import validated
from tests.browser.conftest import PHONE, assert_fits_phone
from tests.browser.test_console import fill_ofc
from tests.browser.test_ofc import BOARDS
from tests.referee.bodies import ISLAND_4_3, LAZY_HI_LO, OFC_TABLE
from tests.referee.deals import island_typed, typed
from tests.referee.rules_helpers import load_rules
from tests.referee.test_offline_engine import API


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
    for path in ("/cases/", "/matches/new/", "/island/?case=x", "/rules/house/new/"):
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
    page.goto(live_server.url + "/cases/")
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
    """The worker kept the engine's files when it was installed, and the first visit readied
    the engine's start-up snapshot: offline, a kept page's engine starts from that snapshot and
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
    expect(page.locator("html[data-offline-engine=ready]")).to_have_count(1, timeout=60_000)
    context.set_offline(True)
    page.goto(live_server.url + "/rules/")
    started = page.evaluate("window.refereeEngine.start().then((ready) => ready.snapshot)")
    assert started == "restored"  # not loaded in full again: the snapshot outlived the page
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


ENGINE_KEPT = (
    "caches.keys().then((names) => Promise.all(names.map((n) => caches.open(n)"
    ".then((c) => c.keys())))).then((kept) => kept.flat().map((r) => r.url))"
    ".then((urls) => urls.some((u) => /engine(\\.[0-9a-f]{12})?\\.zip$/.test(u))"
    " && urls.some((u) => u.endsWith('/ofc/')))"
)


# How many cases wait on the phone to be sent (static/js/answered_offline.js's queue).
WAITING = """() => new Promise((resolve) => {
  const opened = indexedDB.open("referee-offline");
  opened.onsuccess = () => {
    const counted = opened.result.transaction("unsent").objectStore("unsent").count();
    counted.onsuccess = () => { opened.result.close(); resolve(counted.result); };
  };
})"""


WAITING_KEYS = WAITING.replace(".count()", ".getAllKeys()")


def cut_off_after_one_visit(page: Any, live_server: Any) -> None:
    """One visit online, the worker's copies made; then no network, and the page opened again."""
    page.goto(live_server.url + "/ofc/")
    expect(page.locator("html[data-offline=ready]")).to_have_count(1)
    page.wait_for_function(ENGINE_KEPT)
    page.context.set_offline(True)
    page.reload()


def test_with_no_network_the_ofc_page_answers_and_the_case_is_sent_once_back_online(
    phone: Any, live_server: Any
) -> None:
    cut_off_after_one_visit(phone, live_server)
    expect(phone.locator("[data-offline-note]")).to_be_visible()
    fill_ofc(phone)
    phone.get_by_role("button", name="Score the hand").click()
    answered = phone.locator("[data-answered-offline]")
    expect(answered).to_contain_text("Answered on this phone", timeout=30_000)  # a cold start
    scores = {
        li.get_attribute("data-player"): li.locator('[data-testid="score"]').inner_text()
        for li in answered.locator('[data-testid="totals"] li').all()
    }
    body = {"ruleset": "pineapple-ofc", "players": [
        {"name": name, **dict(zip(("top", "middle", "bottom"), rows, strict=True))}
        for name, *rows in BOARDS]}  # fmt: skip
    expected = {p.name: p.score for p in OFC.run(validated(OFC.serializer, body)).players}
    assert scores == {name: f"{score:+d}" if score else "0" for name, score in expected.items()}
    cited = answered.locator("ol.rulings a.citation").first
    assert cited.get_attribute("href").startswith("/rules/")
    assert_fits_phone(phone)
    assert Case.objects.count() == 0  # nothing reached the server
    (key,) = phone.evaluate(WAITING_KEYS)  # the id the phone gave the case

    sent = answered.locator("[data-offline-case] a")
    expect(sent).to_have_attribute("href", f"/cases/{key}/")  # its address, known already

    phone.context.set_offline(False)  # the `online` event sends it
    expect(answered.locator("[data-offline-case]")).to_contain_text("Sent to the case log")
    case = Case.objects.get()
    assert str(case.pk) == key  # kept under the phone's own id
    assert case.get_absolute_url() == sent.get_attribute("href")
    assert {p["name"]: p["score"] for p in case.result["players"]} == expected
    phone.reload()  # the next load sends what waits: nothing does
    expect(phone.locator("html[data-offline=ready]")).to_have_count(1)
    phone.wait_for_timeout(300)
    assert Case.objects.count() == 1


def test_ten_cases_made_offline_reach_the_server_once_each(phone: Any, live_server: Any) -> None:
    cut_off_after_one_visit(phone, live_server)
    fill_ofc(phone)
    for _ in range(10):
        phone.get_by_role("button", name="Score the hand").click()
        expect(phone.locator("[data-answered-offline]")).to_be_visible(timeout=30_000)
        phone.evaluate("document.getElementById('outcome').textContent = ''")
    assert Case.objects.count() == 0
    assert phone.evaluate(WAITING) == 10
    phone.context.set_offline(False)  # the `online` event sends them one after another
    for _ in range(100):  # page.evaluate awaits the count, wait_for_function would not
        if phone.evaluate(WAITING) == 0:
            break
        phone.wait_for_timeout(200)
    assert Case.objects.count() == 10
    phone.reload()
    expect(phone.locator("html[data-offline=ready]")).to_have_count(1)
    phone.wait_for_timeout(500)
    assert Case.objects.count() == 10  # none sent twice


def test_offline_a_refusal_is_shown_at_its_field(phone: Any, live_server: Any) -> None:
    cut_off_after_one_visit(phone, live_server)
    fill_ofc(phone)
    phone.locator("#id_players-1-top").fill("Qs Qd")  # Ann's queens again, and a card short
    phone.get_by_role("button", name="Score the hand").click()
    refusal = phone.locator("[data-offline-error]")
    expect(refusal.first).to_be_visible(timeout=30_000)
    expect(phone.locator("[data-unsent]")).to_contain_text("checked on this phone")
    assert Case.objects.count() == 0


# One deal a game page, as its API body: the page's fields are set to spell it (deals.typed).
PAGE_DEALS = {
    "/ofc/": ("ofc", OFC_TABLE),
    "/island/": ("island", ISLAND_4_3),
    "/pineapple/": ("pineapple", LAZY_HI_LO),
    "/pineapple/discards/": (
        "discards", {"game": "pineapple", "situation": "no_discard_at_showdown", "player": "Ann"}
    ),
    "/ofc/fantasyland/": (
        "fantasyland",
        {"ruleset": "joker-ofc", "cards": "Ah Ad Ac Kh Kd Qs Js Ts 9s 8s 5h 4c 3d 2c"},
    ),
}  # fmt: skip
SET_FIELDS = """(fields) => {
  for (const [name, value] of Object.entries(fields)) {
    for (const field of document.querySelectorAll(`[name="${name}"]`)) {
      if (field.type === "checkbox") {
        field.checked = value === "on" || [].concat(value).includes(field.value);
      }
      else if (field.type === "radio") field.checked = field.value === value;
      else field.value = value;
    }
  }
}"""


@pytest.mark.parametrize("locale", ["en-GB", "ja-JP"])
@pytest.mark.parametrize("path", PAGE_DEALS)
def test_every_game_page_answers_offline_in_the_phones_language(
    browser: Any, live_server: Any, transactional_db: Any, client: Any, path: str, locale: str
) -> None:
    """Each game page, opened again with the network cut, answers its deal on the phone: the
    verdict's rulings are the API's own, word for word, in the phone's language."""
    game, body = PAGE_DEALS[path]
    context = browser.new_context(**{**PHONE, "service_workers": "allow"}, locale=locale)
    page = context.new_page()
    page.goto(live_server.url + path)
    expect(page.locator("html[data-offline=ready]")).to_have_count(1)
    page.wait_for_function(ENGINE_KEPT)
    context.set_offline(True)
    page.reload()
    page.evaluate(SET_FIELDS, island_typed(body) if game == "island" else typed(body))
    page.locator(f"form[data-offline-game={game}] button[type=submit]").click()
    answered = page.locator("[data-answered-offline]")
    expect(answered).to_be_visible(timeout=30_000)
    language = locale[:2]
    api = client.post(API[game], body, content_type="application/json",
                      headers={"accept-language": language}).json()  # fmt: skip
    shown = answered.locator("ol.rulings li").all_inner_texts()
    assert len(shown) == len(api["rulings"]) > 0
    assert all(r["text"] in text for r, text in zip(api["rulings"], shown, strict=True))
    assert_fits_phone(page)
    context.close()


@pytest.mark.parametrize(
    ("changed", "reason"),
    [
        ("record.body.players[1].top = 'Qs Qd 3c'", "Qs"),
        ("record.answer.players[0].score += 5", "players.0.score"),
    ],
    ids=["the body", "the answer"],
)
def test_a_case_the_server_refuses_is_shown_until_dismissed(
    phone: Any, live_server: Any, changed: str, reason: str
) -> None:
    """A case made offline that the server's engine refuses, or answers otherwise (here its
    body, or the phone's answer, was changed on the phone: Bob's row holds Ann's queens, or Ann
    scores 5 more) is never dropped unseen: the server keeps it as refused under the phone's
    id, with why, and every page lists it with that reason until the person lets it go."""
    cut_off_after_one_visit(phone, live_server)
    fill_ofc(phone)
    phone.get_by_role("button", name="Score the hand").click()
    expect(phone.locator("[data-answered-offline]")).to_be_visible(timeout=30_000)
    phone.evaluate(TAMPER % changed)
    (key,) = phone.evaluate(WAITING_KEYS)
    phone.context.set_offline(False)
    refused = phone.locator("[data-offline-refused]")
    expect(refused).to_contain_text("refused by the server")
    expect(refused).to_contain_text(reason)  # the server's own reason
    assert Case.objects.count() == 0
    kept = RefusedCase.objects.get()
    assert str(kept.pk) == key and reason in str(kept.errors)
    phone.goto(live_server.url + "/rules/")  # any page says so
    expect(refused).to_be_visible()
    refused.get_by_role("button", name="Dismiss").click()
    expect(refused).to_have_count(0)
    phone.reload()
    expect(phone.locator("html[data-offline=ready]")).to_have_count(1)
    expect(refused).to_have_count(0)
    assert phone.evaluate(WAITING) == 0


# Change the one waiting case on the phone, as a tampered or stale copy would be.
TAMPER = """() => new Promise((resolve) => {
  const opened = indexedDB.open("referee-offline");
  opened.onsuccess = () => {
    const store = opened.result.transaction("unsent", "readwrite").objectStore("unsent");
    const all = store.getAll();
    all.onsuccess = () => {
      const record = all.result[0];
      %s;
      const put = store.put(record);
      put.onsuccess = () => { opened.result.close(); resolve(); };
    };
  };
})"""


HOUSES_KEPT = WAITING.replace('"unsent"', '"houses"')


def test_house_rules_used_online_are_played_offline(phone: Any, live_server: Any) -> None:
    """A table's saved rules a page used once online are kept: with the network cut, the same
    page's engine plays them (Bob's middle trips pay 3, not 2) and cites them, linked."""
    house = save_house_rule("Friday", "pineapple-ofc", {"middle": {"three_of_a_kind": 3}})
    phone.goto(live_server.url + f"/ofc/?ruleset={house.key}")
    expect(phone.locator("html[data-offline=ready]")).to_have_count(1)
    phone.wait_for_function(ENGINE_KEPT)
    fill_ofc(phone)
    phone.get_by_role("button", name="Score the hand").click()
    expect(phone.locator("#outcome .result")).to_be_visible()  # the server's verdict
    for _ in range(50):
        if phone.evaluate(HOUSES_KEPT) == 1:
            break
        phone.wait_for_timeout(100)
    assert phone.evaluate(HOUSES_KEPT) == 1

    phone.context.set_offline(True)
    phone.get_by_role("button", name="Score the hand").click()  # the same table, again
    answered = phone.locator("[data-answered-offline]")
    expect(answered).to_contain_text("Answered on this phone", timeout=30_000)
    body = {"ruleset": house.key, "players": [
        {"name": name, **dict(zip(("top", "middle", "bottom"), rows, strict=True))}
        for name, *rows in BOARDS]}  # fmt: skip
    expected = {p.name: p.score for p in OFC.run(validated(OFC.serializer, body)).players}
    plain = {p.name: p.score for p in OFC.run(validated(OFC.serializer, {**body,
             "ruleset": "pineapple-ofc"})).players}  # fmt: skip
    assert expected != plain  # the house rule changes the totals
    scores = {
        li.get_attribute("data-player"): li.locator('[data-testid="score"]').inner_text()
        for li in answered.locator('[data-testid="totals"] li').all()
    }
    assert scores == {name: f"{score:+d}" if score else "0" for name, score in expected.items()}
    cited = answered.locator(f'ol.rulings a.citation[href^="/rules/house/{house.id}/"]')
    expect(cited.first).to_have_text(re.compile(f"HOUSE-{house.id}"))


def test_background_sync_sends_the_case_with_no_page_open(phone: Any, live_server: Any) -> None:
    """Where the browser has Background Sync, the service worker sends what waits when the
    connection returns, with no page of the app open (the sync event is dispatched through
    the DevTools protocol, as the browser would dispatch it)."""
    cut_off_after_one_visit(phone, live_server)
    fill_ofc(phone)
    phone.get_by_role("button", name="Score the hand").click()
    expect(phone.locator("[data-answered-offline]")).to_be_visible(timeout=30_000)
    (key,) = phone.evaluate(WAITING_KEYS)
    blank = phone.context.new_page()  # not the app's: only the DevTools session's host
    devtools = phone.context.new_cdp_session(blank)
    registrations: list[str] = []
    devtools.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda event: registrations.extend(r["registrationId"] for r in event["registrations"]),
    )
    devtools.send("ServiceWorker.enable")
    phone.close()
    blank.context.set_offline(False)
    for _ in range(50):
        if registrations:
            break
        blank.wait_for_timeout(100)
    devtools.send(
        "ServiceWorker.dispatchSyncEvent",
        {"origin": live_server.url, "registrationId": registrations[0], "tag": "referee-send",
         "lastChance": False},
    )  # fmt: skip
    for _ in range(100):
        if Case.objects.filter(pk=key).exists():
            break
        blank.wait_for_timeout(100)
    assert Case.objects.filter(pk=key).count() == 1
    blank.goto(live_server.url + "/rules/")
    assert blank.evaluate(WAITING) == 0  # forgotten on the phone once kept
