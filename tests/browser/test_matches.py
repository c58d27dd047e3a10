"""A match on two phones: one enters hands on the edit link, the other watches the standings."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, assert_fits_phone
from tests.referee.match_helpers import ANN, BOB_8, BOB_15

POLL_WAIT = 12_000  # the watch page polls every 5 seconds


def enter_hand(page, bob):
    for seat, board in (("players-0", ANN), ("players-1", bob)):
        for row in ("top", "middle", "bottom"):
            page.fill(f"[name={seat}-{row}]", board[row])


@pytest.fixture
def other_phone(page, transactional_db):
    """A second phone with its own cookies, closed with the test so it stops polling."""
    context = page.context.browser.new_context(**PHONE)
    yield context
    context.close()


def test_two_player_target_match_updates_the_watchers_phone(page, live_server, other_phone):
    """pineapple-2p-v1 Match end and OFC-BETA 6.6: totals go up hand by hand on every phone."""
    page.goto(live_server.url + "/matches/new/")
    assert_fits_phone(page)
    page.select_option("[name=ruleset]", "pineapple-2p-v1")
    page.fill("[name=player_1]", "Ann")
    page.fill("[name=player_2]", "Bob")
    page.select_option("[name=length]", "target:30")
    page.get_by_role("button", name="Start the match").click()
    expect(page.get_by_text("Match created.")).to_be_visible()
    assert "/edit/" in page.url
    watch_url = page.locator("#watch-link").get_attribute("href")
    assert "/edit/" not in watch_url

    watcher = other_phone.new_page()
    watcher.route(
        "**/*",
        lambda route: (
            route.continue_() if route.request.url.startswith(live_server.url) else route.abort()
        ),
    )
    watcher.goto(watch_url)
    expect(watcher.locator(".next-dealer")).to_have_text("Ann deals next")
    expect(watcher.locator(".chart-plot")).to_have_attribute("data-hands", "0")
    assert "/edit/" not in watcher.content()

    enter_hand(page, BOB_8)
    page.get_by_role("button", name="Add hand 1").click()
    expect(page.locator("#added")).to_contain_text("Hand 1: Ann +8, Bob -8")
    expect(page.locator("#standings .next-dealer")).to_have_text("Bob deals next")

    ann = watcher.locator('.match-totals li[data-player="Ann"] .points')
    expect(ann).to_have_text("+8", timeout=POLL_WAIT)
    expect(watcher.locator(".chart-plot")).to_have_attribute("data-hands", "1")
    expect(watcher.locator(".next-dealer")).to_have_text("Bob deals next")

    enter_hand(page, BOB_15)
    page.get_by_role("button", name="Add hand 2").click()
    expect(page.locator("#added")).to_contain_text("Hand 2: Ann +15, Bob -15")

    expect(ann).to_have_text("+23", timeout=POLL_WAIT)
    expect(watcher.locator('.match-totals li[data-player="Bob"] .points')).to_have_text("-23")
    expect(watcher.locator(".chart-plot")).to_have_attribute("data-hands", "2")
    points = watcher.locator('.series[data-player="Ann"] polyline').get_attribute("points")
    assert len(points.split()) == 3  # the start and one point per hand
    expect(watcher.locator(".match-hands tbody tr")).to_have_count(2)
    expect(watcher.locator(".void-button")).to_have_count(0)
    assert_fits_phone(watcher)
    assert_fits_phone(page)
    chart = watcher.locator(".chart-plot").bounding_box()
    assert chart["width"] >= 300  # the chart spans the phone's width

    # A hand entered by mistake is voided on the edit page: kept, marked, no longer counted.
    page.on("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Void hand 2").click()
    expect(page.locator('.match-hands tr[data-hand="2"] .void-mark')).to_be_visible()
    expect(page.get_by_role("heading", name="Hand 3, dealt by Bob")).to_be_visible()
    expect(ann).to_have_text("+8", timeout=POLL_WAIT)
    expect(watcher.locator('.match-hands tr[data-hand="2"] .void-mark')).to_have_text("void")
