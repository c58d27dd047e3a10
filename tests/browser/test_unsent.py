"""A submit that gets no answer says so beside its button and keeps what was typed (issue 38's
honest limits): the phone offline, the rate limit, a moment's outage; in English and Japanese.
Sent again once it can be, it is decided once."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from referee.models import Case
from tests.browser.conftest import PHONE
from tests.browser.test_console import BOARDS, fill_ofc

SCORE = "Score the hand"


def _score(page: Any, name: str = SCORE) -> None:
    page.get_by_role("button", name=name).click()


def test_offline_the_form_says_it_was_not_sent_then_sends_once_back_online(
    page: Any, live_server: Any
) -> None:
    page.goto(live_server.url + "/ofc/")
    fill_ofc(page)
    page.context.set_offline(True)
    _score(page)
    unsent = page.locator("form [data-unsent]")
    expect(unsent).to_contain_text("this phone has no connection")
    expect(unsent).to_be_in_viewport()
    # Nothing typed is lost, and nothing reached the server.
    assert page.locator("#id_players-2-bottom").input_value() == BOARDS[2][3]
    assert page.locator("#id_players-0-name").input_value() == BOARDS[0][0]
    assert Case.objects.count() == 0

    page.context.set_offline(False)
    _score(page)
    expect(page.locator('[data-testid="totals"]')).to_be_visible()
    expect(page.locator("[data-unsent]")).to_have_count(0)
    assert Case.objects.count() == 1


def test_a_refused_rate_or_an_outage_says_when_to_send_again(page: Any, live_server: Any) -> None:
    answers = iter([(429, {"Retry-After": "7"}), (503, {"Retry-After": "5"}), (500, {})])

    def refuse(route: Any) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        status, headers = next(answers)
        route.fulfill(status=status, headers=headers, body="")

    page.goto(live_server.url + "/ofc/")
    page.route("**/ofc/", refuse)
    fill_ofc(page)
    unsent = page.locator("form [data-unsent]")
    _score(page)
    expect(unsent).to_have_text(
        "Not sent: too many tries from this connection. Send it again in 7 seconds."
    )
    _score(page)
    expect(unsent).to_contain_text("the server is unavailable for a moment")
    _score(page)
    expect(unsent).to_contain_text("(error 500)")
    expect(page.locator("[data-unsent]")).to_have_count(1)  # one notice, the latest
    assert page.locator("#id_players-1-middle").input_value() == BOARDS[1][2]


def test_the_notice_is_in_the_pages_language(browser: Any, live_server: Any) -> None:
    context = browser.new_context(**PHONE, locale="ja-JP")
    page = context.new_page()
    page.goto(live_server.url + "/ofc/")
    assert page.locator("html").get_attribute("lang") == "ja"
    fill_ofc(page)
    context.set_offline(True)
    page.locator(".ofc-form button[type=submit]").click()
    expect(page.locator("form [data-unsent]")).to_contain_text("接続がありません")
    context.close()


def test_an_answer_lost_on_the_way_back_is_not_decided_twice(page: Any, live_server: Any) -> None:
    """The server decided, but the answer never reached the phone: sent again, the same key
    gets the same case, not a second one."""
    lost = []

    def lose_the_answer(route: Any) -> None:
        if route.request.method != "POST" or lost:
            route.continue_()
            return
        lost.append(route.fetch())  # it reaches the server, which decides and keeps the case
        route.abort("connectionreset")

    page.goto(live_server.url + "/ofc/")
    page.route("**/ofc/", lose_the_answer)
    fill_ofc(page)
    _score(page)
    expect(page.locator("form [data-unsent]")).to_contain_text("no connection")
    assert lost[0].status == 200 and Case.objects.count() == 1
    _score(page)
    expect(page.locator('[data-testid="totals"]')).to_be_visible()
    assert Case.objects.count() == 1
    assert f"case={Case.objects.get().pk}" in page.url
