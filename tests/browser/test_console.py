"""Issue 37, no console error on any page or result: with JavaScript on, every page and a scored
(and a refused) result of each game logs no console error, throws nothing and breaks no rule of
the Content-Security-Policy (style-src 'self': no inline style, no inline script).

A refused inline style reaches the console as "Applying inline style violates ..."; the init
script (exempt from the policy) also records each ``securitypolicyviolation`` event, which
reaches no console when a script catches it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from referee.cases import record_case
from referee.house_rules import save_house_rule
from scoring.rulings import Ruling
from tests.browser.test_case_address import fill_discards, fill_fantasyland, fill_island
from tests.browser.test_ofc import BOARDS
from tests.browser.test_pages import PAGES
from tests.referee.match_helpers import ANN, BOB_8
from tests.referee.rules_helpers import load_rules

RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(event.violatedDirective + " " + (event.blockedURI || "inline")
    + " at " + location.pathname);
});
"""
ROWS = ("top", "middle", "bottom")


class Watch:
    """Every console error, uncaught exception and CSP violation a page meets."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.problems: list[str] = []
        page.on(
            "console",
            lambda message: message.type == "error" and self.problems.append(message.text),
        )
        page.on("pageerror", lambda error: self.problems.append(f"pageerror: {error}"))
        page.add_init_script(RECORD_VIOLATIONS)

    def settle(self) -> None:
        """Wait for the page's requests to end, then take this document's CSP violations."""
        self.page.wait_for_load_state("networkidle")
        self.problems += self.page.evaluate("window.__cspViolations.splice(0)")

    def visit(self, url: str) -> None:
        self.page.goto(url)
        self.settle()


@pytest.fixture
def watch(page: Any) -> Watch:
    return Watch(page)


def open_every_fold(page: Any, scope: str = "#outcome") -> int:
    """Open every <details> in `scope` the way a person does, by tapping its summary (a fold
    inside a fold once its parent is open); how many were opened."""
    opened = 0
    closed = page.locator(f"{scope} details:not([open]) > summary").filter(visible=True)
    while closed.count() and opened < 40:
        closed.first.tap()
        opened += 1
    return opened


# A house rule and a case: pages that exist once something has been saved.
def made_pages() -> list[str]:
    house = save_house_rule("Light fouls", "pineapple-ofc", {"foul_penalty": 3})
    case = record_case(
        "pineapple-2p-v1",
        {"ruleset": "pineapple-2p-v1", "players": [{"name": "Ann", "top": "Qs Qd 7c"}]},
        {"players": [{"name": "Ann", "score": 6}, {"name": "Bob", "score": -6}]},
        [Ruling("OFC-BETA 6.5", "Bob", "Bob's middle row is weaker than his top row.", "H8")],
    )
    return [house.get_absolute_url(), case.get_absolute_url()]


@pytest.mark.parametrize(
    "path", [*PAGES, "/api/docs/", "/rules/search/?q=foul", "/cases/?citation=OFC-BETA+6.5"]
)
def test_every_page_logs_no_console_error_and_breaks_no_csp_rule(
    page: Any, live_server: Any, transactional_db: Any, watch: Watch, path: str
) -> None:
    load_rules()
    watch.visit(live_server.url + path)
    if path == "/api/docs/":
        page.locator(".opblock").first.wait_for(state="visible")
        watch.settle()
    assert page.locator("main, #swagger-ui").count() >= 1
    assert watch.problems == []


def test_a_saved_house_rule_and_a_case_log_no_console_error(
    page: Any, live_server: Any, transactional_db: Any, watch: Watch
) -> None:
    load_rules()
    for path in made_pages():
        watch.visit(live_server.url + path)
        open_every_fold(page, "main")
        watch.settle()
    assert watch.problems == []


def fill_ofc(page: Any) -> None:
    for seat, (name, *rows) in enumerate(BOARDS):
        page.locator(f"#id_players-{seat}-name").fill(name)
        for row, cards in zip(ROWS, rows, strict=True):
            page.locator(f"#id_players-{seat}-{row}").fill(cards)


def fill_joker_ofc(page: Any) -> None:
    page.select_option("#id_ruleset", "joker-ofc")
    boards = (("2c 3d 4h", "As Ah Ad Ac X", "Kh Qh Jh Th 9h"),
              ("Qs Qd 7c", "9s 9c 4c 4d 2s", "6d 7d 8d Jd 5d"))  # fmt: skip
    for seat, rows in enumerate(boards):
        for row, cards in zip(ROWS, rows, strict=True):
            page.locator(f"#id_players-{seat}-{row}").fill(cards)


def fill_pineapple(page: Any) -> None:
    """Pineapple with a side pot: Dan folded, Ann all in for 20 of the others' 50."""
    page.locator("input[name=game][value=pineapple]").check()
    fields = {"board": "Ah 7d 5c Kd 2s", "players-0-name": "Ann", "players-0-hole": "3h 4h",
              "players-0-contributed": "20", "players-1-name": "Bob",
              "players-1-hole": "Kc Ks", "players-1-contributed": "50",
              "players-2-name": "Cat", "players-2-hole": "6h 8h", "players-2-contributed": "50",
              "players-3-name": "Dan", "players-3-contributed": "40"}  # fmt: skip
    for name, value in fields.items():
        page.locator(f"#id_{name}").fill(value)
    page.locator("#id_players-3-folded").check()


def fill_lazy_hi_lo(page: Any) -> None:
    fill_pineapple(page)
    page.locator("input[name=game][value=lazy]").check()
    page.locator("input[name=hi_lo]").check()
    for seat, hole in enumerate(("3h 4h Qs", "Kc Ks 8d", "6h 8h 9c")):
        page.locator(f"#id_players-{seat}-hole").fill(hole)


RESULTS: dict[str, tuple[str, Callable[[Any], None], str]] = {
    "ofc": ("/ofc/", fill_ofc, "[data-testid=totals]"),
    "joker-ofc": ("/ofc/", fill_joker_ofc, "[data-testid=totals]"),
    "setter": ("/ofc/fantasyland/", fill_fantasyland, "#outcome section.result"),
    "island": ("/island/", fill_island, "#verdict"),
    "pineapple": ("/pineapple/", fill_pineapple, "#verdict"),
    "lazy-hi-lo": ("/pineapple/", fill_lazy_hi_lo, "#verdict"),
    "discards": ("/pineapple/discards/", fill_discards, "#outcome section.result"),
}


@pytest.mark.parametrize("game", list(RESULTS))
def test_each_games_result_and_refusal_log_no_console_error(
    page: Any, live_server: Any, transactional_db: Any, watch: Watch, game: str
) -> None:
    """An empty submit (refused at its fields), then a scored result swapped in by htmx, every
    fold of it opened, then the result's own address reloaded: no error at any step."""
    load_rules()
    path, fill, shown = RESULTS[game]
    watch.visit(live_server.url + path)
    submit = page.locator("form[hx-post] button[type=submit]")
    if game != "discards":  # the discard referee has no empty state: its choices are preset
        submit.tap()
        expect(page.locator("#problems")).to_be_visible()
        watch.settle()
    fill(page)
    submit.tap()
    expect(page.locator(shown).first).to_be_visible()
    expect(page).to_have_url(re.compile(r"\?case="))
    watch.settle()
    assert open_every_fold(page) >= 1  # the rulings, each opening to its citation
    watch.settle()
    page.reload()
    expect(page.locator(shown).first).to_be_visible()
    watch.settle()
    assert watch.problems == []


def test_a_match_hand_and_its_standings_log_no_console_error(
    page: Any, live_server: Any, transactional_db: Any, watch: Watch
) -> None:
    """The match pages with JavaScript on: a new match, a hand added and its rulings opened, the
    watch page (which polls the standings) and the list of my matches."""
    load_rules()
    watch.visit(live_server.url + "/matches/new/")
    page.fill("[name=player_1]", "Ann")
    page.fill("[name=player_2]", "Bob")
    page.select_option("[name=length]", "rounds:2")
    page.get_by_role("button", name="Start the match").tap()
    expect(page.get_by_text("Match created.")).to_be_visible()
    watch.settle()
    for seat, board in enumerate((ANN, BOB_8)):
        for row in ROWS:
            page.fill(f"[name=players-{seat}-{row}]", board[row])
    page.get_by_role("button", name="Add hand 1").tap()
    expect(page.locator("#added")).to_contain_text("Hand 1: Ann +8, Bob -8")
    watch.settle()
    assert open_every_fold(page, "#standings") >= 1  # "Why: the rulings" and each ruling
    watch.settle()
    watch_url = page.locator("#watch-link").get_attribute("href")
    watch.visit(live_server.url + watch_url if watch_url.startswith("/") else watch_url)
    expect(page.locator(".match-totals")).to_be_visible()
    page.wait_for_timeout(5_500)  # one poll of the standings
    watch.settle()
    watch.visit(live_server.url + "/matches/")
    assert watch.problems == []
