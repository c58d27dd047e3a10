"""Every page on a phone: it fits 390 px, every link and button is a 44x44 tap target, nothing
logs a console error, and a screenshot of each lands in tests/browser/shots/ for a person to open.
With scripts off every form still posts, the match edit page's add and void included."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import PHONE, assert_fits_phone
from tests.referee.match_helpers import ANN, BOB_8
from tests.referee.rules_helpers import load_rules

SHOTS = Path(__file__).parent / "shots"
TAP = 44
HEADER_AT_MOST = 120  # px of a 390x844 screen
PAGES = [
    "/", "/ofc/", "/island/", "/pineapple/", "/pineapple/discards/", "/rules/",
    "/rules/OPR-538/", "/rules/OPR-538/1-3-b/", "/cases/", "/matches/new/", "/rules/house/new/",
    "/join/", "/matches/", "/ofc/fantasyland/",
]  # fmt: skip
TARGETS = "main a, main button, footer a, header a, main summary, main select"


def shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


# Each visible target (not inside a closed <details>) smaller than 44x44, as "text: WxH".
SMALL_TARGETS = """([selector, tap]) => [...document.querySelectorAll(selector)]
    .filter(e => e.checkVisibility() && !e.closest("details:not([open]) > :not(summary)"))
    .map(e => [e, e.getBoundingClientRect()])
    .filter(([e, box]) => box.width > 0 && Math.min(box.height, box.width) < tap - 0.5)
    .map(([e, box]) => e.textContent.trim().slice(0, 30) + ": " + box.width + "x" + box.height)
"""


def small_targets(page: Any) -> list[str]:
    return page.evaluate(SMALL_TARGETS, [TARGETS, TAP])


def watch_console(page: Any) -> list[str]:
    problems: list[str] = []
    page.on("console", lambda message: message.type == "error" and problems.append(message.text))
    page.on("pageerror", lambda error: problems.append(str(error)))
    return problems


@pytest.fixture
def rules(transactional_db):
    load_rules()


@pytest.mark.parametrize("path", PAGES)
def test_every_page_fits_a_phone_with_44_pixel_targets_and_no_console_error(
    page, live_server, rules, path
):
    """DESIGN.md: 390 px, no sideways scroll, tap targets of 44 px, links in text included."""
    problems = watch_console(page)
    page.goto(live_server.url + path)
    page.wait_for_load_state("networkidle")
    shoot(page, path.strip("/").replace("/", "-") or "home")
    assert_fits_phone(page)
    assert small_targets(page) == []
    assert problems == []
    assert page.locator("header.site").bounding_box()["height"] <= HEADER_AT_MOST


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_header_takes_two_rows_of_a_phone(page, live_server, language):
    """The brand and the languages, then the menu: the verdict starts near the top."""
    page.set_extra_http_headers({"Accept-Language": language})
    page.goto(live_server.url + "/ofc/")
    header = page.locator("header.site").bounding_box()
    assert header["height"] <= HEADER_AT_MOST
    brand = page.locator("header.site .brand").bounding_box()
    languages = page.locator("header.site form.languages").bounding_box()
    assert abs(brand["y"] - languages["y"]) < 10  # one row


def test_the_page_names_its_icon_and_manifest(page, live_server):
    """Add to home screen gives a proper icon: the manifest and its icons are served."""
    page.goto(live_server.url + "/")
    manifest = page.locator("link[rel=manifest]").get_attribute("href")
    answer = page.request.get(live_server.url + manifest)
    assert answer.ok and answer.json()["icons"]
    for icon in answer.json()["icons"]:
        assert page.request.get(live_server.url + manifest.rsplit("/", 1)[0] + "/" + icon["src"]).ok


def test_with_scripts_off_a_match_hand_is_added_and_voided(browser, live_server, transactional_db):
    """The edit page posts and voids without JavaScript: Django's CSRF check sees its Origin."""
    context = browser.new_context(**PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/matches/new/")
    page.fill("[name=player_1]", "Ann")
    page.fill("[name=player_2]", "Bob")
    page.select_option("[name=length]", "rounds:2")
    page.get_by_role("button", name="Start the match").click()
    for seat, board in enumerate((ANN, BOB_8)):
        for row in ("top", "middle", "bottom"):
            page.fill(f"[name=players-{seat}-{row}]", board[row])
    page.get_by_role("button", name="Add hand 1").click()
    assert "Hand 1: Ann +8, Bob -8" in page.locator("#added").inner_text()
    page.get_by_role("button", name="Void hand 1").click()
    assert page.locator("tr[data-hand='1'] .void-mark").text_content() == "void"
    assert "CSRF verification failed" not in page.content()
    shoot(page, "match-edit-no-script")
    context.close()


@pytest.mark.parametrize("path", ["/ofc/", "/island/", "/pineapple/"])
def test_with_scripts_off_a_refused_submit_focuses_its_problems(browser, live_server, db, path):
    """The summary of problems has the focus after a refused submit, not the page's body."""
    context = browser.new_context(**PHONE, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(live_server.url + path)
        page.locator("form [type=submit]").last.click()
        page.wait_for_load_state()
        assert page.locator("#problems").is_visible()
        assert page.evaluate("document.activeElement.id") == "problems"
    finally:
        context.close()
