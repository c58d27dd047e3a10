"""A match's hands entered with no connection (issue 38): the phone running the match keeps
them, the page lists them beside the standings as waiting, and back online each is counted
once, in the order entered; one the server refuses stays listed with its reasons."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from referee.models import Match
from tests.browser.conftest import assert_fits_phone
from tests.browser.test_matches import enter_hand
from tests.browser.test_offline import WAITING as CASES_WAITING
from tests.referee.match_helpers import BOB_8, BOB_15

# How many hands wait on this phone (static/js/kept.js's "hands" store).
WAITING = CASES_WAITING.replace('"unsent"', '"hands"')


def started(page: Any, live_server: Any, language: str = "en") -> Match:
    """A two-player match to 30 points, run from this phone (its edit page open)."""
    page.goto(live_server.url + "/matches/new/")
    page.select_option("[name=ruleset]", "pineapple-2p-v1")
    page.fill("[name=player_1]", "Ann")
    page.fill("[name=player_2]", "Bob")
    page.select_option("[name=length]", "target:30")
    page.locator(".match-new button[type=submit]").click()
    expect(page.locator("#created")).to_be_visible()
    # Loaded whole before the connection goes: a script still downloading when the tests cut
    # it (kept.js) never ran, and the page then kept nothing.
    page.wait_for_load_state("load")
    return Match.objects.get()


def add_hand(page: Any, number: int) -> None:
    """Tap "Add hand", the card picker closed first (it opens on a row that still needs cards
    and sits over the foot of the screen)."""
    close = page.locator(".picker:not([hidden]) button.close")
    if close.count():
        close.click()
    page.get_by_role("button", name=f"Add hand {number}").click()


def drained(page: Any) -> None:
    for _ in range(100):  # page.evaluate awaits the count, wait_for_function would not
        if page.evaluate(WAITING) == 0:
            return
        page.wait_for_timeout(200)
    raise AssertionError("hands still waiting on the phone")


def test_hands_entered_offline_wait_then_count_once_each_in_order(
    page: Any, live_server: Any
) -> None:
    match = started(page, live_server)
    page.context.set_offline(True)
    page.wait_for_function("!navigator.onLine")
    enter_hand(page, BOB_8)
    add_hand(page, 1)
    waiting = page.locator("[data-waiting-hands]")
    expect(waiting.locator('li[data-hand="1"]')).to_contain_text("entered with no connection")
    expect(page.locator("[data-unsent]")).to_contain_text("hand 1 is kept on this phone")
    expect(page.locator("[name=players-1-top]")).to_have_value("")  # cleared for the next hand
    enter_hand(page, BOB_15)
    add_hand(page, 1)  # the page cannot know it is 2
    expect(waiting.locator('li[data-hand="2"]')).to_be_visible()
    waiting.scroll_into_view_if_needed()
    expect(waiting).to_be_in_viewport()
    assert_fits_phone(page)
    assert page.evaluate(WAITING) == 2
    assert match.hands.count() == 0

    page.context.set_offline(False)  # the `online` event sends them
    drained(page)
    expect(waiting).to_have_count(0)
    assert [h.scores for h in match.hands.order_by("number")] == [
        {"Ann": 8, "Bob": -8},
        {"Ann": 15, "Bob": -15},
    ]
    expect(page.locator('#standings .match-totals li[data-player="Ann"] .points')).to_have_text(
        "+23", timeout=10_000
    )  # the standings' own poll
    page.reload()  # the next load sends what waits: nothing does
    page.wait_for_timeout(500)
    assert match.hands.count() == 2


def test_a_hand_the_server_refuses_stays_listed_with_its_reason(
    page: Any, live_server: Any
) -> None:
    match = started(page, live_server)
    page.context.set_offline(True)
    page.wait_for_function("!navigator.onLine")
    enter_hand(page, BOB_8)
    page.fill("[name=players-1-top]", "As Kd")  # a card short
    add_hand(page, 1)
    expect(page.locator('[data-waiting-hands] li[data-hand="1"]')).to_be_visible()
    page.context.set_offline(False)
    refused = page.locator('[data-waiting-hands] li[data-hand="1"]')
    expect(refused).to_contain_text("Hand 1 was not counted")
    expect(refused).to_contain_text("3 cards")  # the server's own reason at the field
    assert match.hands.count() == 0
    page.reload()
    expect(refused).to_contain_text("was not counted")  # not sent again, not dropped
    refused.get_by_role("button", name="Dismiss").click()
    expect(page.locator("[data-waiting-hands]")).to_have_count(0)
    assert page.evaluate(WAITING) == 0


def test_a_hand_sent_again_after_its_answer_was_lost_counts_once(
    page: Any, live_server: Any
) -> None:
    """The first try reached the server, which counted the hand, but its answer never came
    back: the kept hand, sent again under the same key, is not counted twice."""
    match = started(page, live_server)
    enter_hand(page, BOB_8)

    def lost(route: Any) -> None:
        if route.request.method != "POST":
            return route.continue_()
        route.fetch()  # the server counts it ...
        return route.abort("connectionreset")  # ... and the phone never hears

    page.route("**/edit/", lost)
    add_hand(page, 1)
    expect(page.locator('[data-waiting-hands] li[data-hand="1"]')).to_be_visible()
    assert match.hands.count() == 1  # counted, though the phone never heard
    page.unroute("**/edit/")
    page.reload()  # the next load sends it: the same key, the same hand
    drained(page)
    expect(page.locator("[data-waiting-hands]")).to_have_count(0)
    assert match.hands.count() == 1
