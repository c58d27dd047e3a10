"""The Fantasyland setter on a 390x844 touch phone: the deal tapped in, the played rows set from
it, the answer first; and the same without JavaScript."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import PHONE, assert_fits_phone, assert_on_first_screen
from tests.browser.test_picker import card, console_errors, shot  # noqa: F401 (a fixture)

DEALT = ["Ah", "Ad", "Ac", "Kh", "Kd", "Qs", "Js", "Ts", "9s", "8s", "5h", "4c", "3d", "2c"]
PLAYED = {"top": "Kh Kd 2c", "middle": "Ah Ad Ac 5h 4c", "bottom": "Qs Js Ts 9s 8s"}


def enabled_cards(page: Any) -> list[str]:
    return sorted(page.eval_on_selector_all(
        ".picker button[data-card]:not([disabled]):not([hidden])",
        "buttons => buttons.map(b => b.dataset.card)",
    ))  # fmt: skip


def test_the_deal_is_tapped_in_and_the_played_rows_come_only_from_it(
    page: Any, live_server: Any
) -> None:
    page.goto(live_server.url + "/ofc/fantasyland/")
    page.select_option("[name=ruleset]", "pineapple-2p-v1")
    page.locator("[name=cards]").tap()
    for code in DEALT:
        card(page, code).tap()
    assert page.input_value("[name=cards]").split() == DEALT
    assert card(page, "Ah").is_disabled()  # a dealt card cannot be dealt twice
    page.get_by_text("Was the played setting the best?").tap()
    page.locator("[name=played-top]").tap()
    assert enabled_cards(page) == sorted(DEALT)  # only the cards dealt, and all of them
    for row in ("top", "middle", "bottom"):
        for code in PLAYED[row].split():
            card(page, code).tap()
    for row, cards in PLAYED.items():  # each row filled, then the picker moved on by itself
        assert page.input_value(f"[name=played-{row}]") == cards
    assert enabled_cards(page) == []  # 13 placed, the 14th is the discard: nothing left to set
    shot(page, "fantasyland-entry")
    page.get_by_role("button", name="Find the best setting").tap()
    audit = page.get_by_test_id("audit")
    audit.wait_for()
    assert audit.inner_text().startswith("Gave up 3 royalties")
    assert_on_first_screen(audit)
    best = page.get_by_test_id("best")
    top = best.locator("[data-row=top] .card")
    assert top.count() == 3 and [len(best.locator(f"[data-row={r}] .card").all())
                                 for r in ("middle", "bottom")] == [5, 5]  # fmt: skip
    assert_on_first_screen(page.get_by_test_id("best-royalties"))
    assert page.get_by_test_id("best-royalties").inner_text() == "Royalties 28"
    assert_fits_phone(page)
    shot(page, "fantasyland-answer")


def test_without_javascript_the_answer_comes_first(browser: Any, live_server: Any, db: Any) -> None:
    context = browser.new_context(**PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/ofc/fantasyland/")
    page.select_option("[name=ruleset]", "joker-ofc")
    page.fill("[name=cards]", "As Ad 2c 3c 4c 5c 9c Kd Kh Qs Js 8h 7d X X 6h 9d")
    page.get_by_role("button", name="Find the best setting").click()
    royalties = page.get_by_test_id("best-royalties")
    royalties.wait_for()
    assert "case=" in page.url  # posted, then redirected: a reload asks nothing again
    assert_on_first_screen(page.get_by_test_id("best-stays"))
    wild = page.get_by_test_id("best").locator(".card.wild")
    assert wild.count() == 2  # the two Jokers, shown as the cards they became
    assert_fits_phone(page)
    context.close()
