"""Issue 37, guidance at the field, on a 390x844 touch phone in English and Japanese.

An empty submit marks every missing card field (the page's aria-invalid, and its message beside
it) and the summary above the form says what the table needs; each Island board box says it
takes one card. A typed token that is not a card, or a Joker on a deck without Jokers, is flagged
at its field, and the field marked invalid, before anything is submitted.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.browser.test_picker import shot

LOCALES = {"en": "en-GB", "ja": "ja-JP"}
OFC_ROWS = [f"players-{seat}-{row}" for seat in (0, 1) for row in ("top", "middle", "bottom")]
ISLAND_BOXES = ["first_set-0", "first_set-1", "second_set-0", "second_set-1", "turn"]
ISLAND_BOXES += ["river-0", "river-1"]
# Each game's page, the fields an empty submit marks, and the summary's heading and lead (what
# the table needs), with a line about one field, in each language.
EMPTY = {
    "ofc": {
        "url": "/ofc/",
        "marked": OFC_ROWS,
        "en": (
            "7 problems to fix",
            "Enter 2 or 3 boards of 13 cards",
            "Player 1, top row (3): enter 3 cards here, e.g. Qs Qd 7c",
        ),
        "ja": (
            "修正が必要な問題が7件あります",
            "2か3人分のボード（各13枚）を入力してください",
            "ここに5枚を入力してください（例: Ah Jh 8h 6h 3h）",
        ),
    },
    "island": {
        "url": "/island/",
        "marked": [*ISLAND_BOXES, "players-0-hole", "players-1-hole"],
        "en": (
            "10 problems to fix",
            "Enter the hole cards of 2 to 7 players still in the hand",
            "First set, lower card: enter 1 card here, e.g. 4c",
        ),
        "ja": (
            "修正が必要な問題が10件あります",
            "ハンドに残っている2〜7人のホールカードを入力してください",
            "ファーストセット、下のカード: ここに1枚を入力してください（例: 4c）",
        ),
    },
    "pineapple": {
        "url": "/pineapple/",
        "marked": ["board", "players-0-hole", "players-1-hole"],
        "en": (
            "4 problems to fix",
            "Enter the hole cards of 2 to 10 players",
            "Board: flop, turn and river: enter 5 cards here, e.g. Ah 7d 5c Kd 2s",
        ),
        "ja": (
            "修正が必要な問題が4件あります",
            "2〜10人のホールカードを入力してください",
            "ここに5枚を入力してください（例: Ah 7d 5c Kd 2s）",
        ),
    },
    "setter": {
        "url": "/ofc/fantasyland/",
        "marked": ["cards"],
        "en": (
            "One problem to fix",
            "Cards dealt (14 to 17): enter the 14 to 17 cards dealt here, e.g. Ah Ad Ac",
            "enter the 14 to 17 cards dealt here",
        ),
        "ja": (
            "修正が必要な問題が1件あります",
            "ここに配られた14〜17枚を入力してください",
            "（例: Ah Ad Ac Kh Kd Qs Js Ts 9s 8s 5h 4c 3d 2c）",
        ),
    },
}
# What the picker says of a token that is not a card and of a Joker where the deck has none.
FLAGS = {
    "en": {
        "not a card": "'Zz' is not a card: a card is a rank (2-9, T or 10, J, Q, K, A)",
        "jokers": "Jokers are only in the Joker OFC deck; use a card like As or Td",
    },
    "ja": {
        "not a card": "'Zz'はカードではありません：カードはランク",
        "jokers": "ジョーカーはジョーカーOFCのデッキにしかありません",
    },
}


@pytest.fixture(params=["en", "ja"])
def phone(request: Any, browser: Any, live_server: Any, transactional_db: Any) -> Any:
    """A 390x844 touch phone in the given language, reaching only the live server, on which no
    page logs a console error or throws (a refused inline style or script would)."""
    context = browser.new_context(**PHONE, locale=LOCALES[request.param])
    page = context.new_page()
    page.route(
        "**/*",
        lambda route: (
            route.continue_() if route.request.url.startswith(live_server.url) else route.abort()
        ),
    )
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.lang = request.param
    yield page
    context.close()
    assert errors == []


def submit(page: Any) -> None:
    """Tap the form's submit button and wait for the refusal to arrive (none is left in flight
    when the test ends and its database is emptied)."""
    with page.expect_response(lambda response: response.request.method == "POST"):
        page.locator("form[data-picker] button[type=submit]").tap()


def marked(page: Any) -> list[str]:
    """The names of the form's fields marked invalid, in the order of the page."""
    return page.locator("form[data-picker] [aria-invalid=true]").evaluate_all(
        "fields => fields.map(field => field.name)"
    )


@pytest.mark.parametrize("game", list(EMPTY))
def test_an_empty_submit_marks_every_missing_field_and_says_what_is_needed(
    phone: Any, live_server: Any, game: str
) -> None:
    """Before: OFC said "enter the players" and marked nothing; Island said "enter 2 cards here"
    at one-card boxes and counted 5 problems, leaving the lower boxes unmarked."""
    page, expected = phone, EMPTY[game]
    heading, lead, line = expected[phone.lang]
    page.goto(live_server.url + expected["url"])
    submit(page)
    summary = page.locator("[data-problems]")
    expect(summary).to_be_visible()
    expect(summary.locator("h2")).to_have_text(heading)
    expect(summary.locator("li").first).to_contain_text(lead)
    expect(summary).to_contain_text(line)
    assert sorted(marked(page)) == sorted(expected["marked"])
    # Each marked field says what it takes, beside it: as many messages as marked fields.
    items = summary.locator("li")
    links = summary.locator("li a")
    assert links.count() == len(expected["marked"])
    assert items.count() - links.count() in (0, 1)  # and the lead, when the table needs boards
    # The first missing field has focus, as the summary's first link says.
    first = links.first.get_attribute("href").lstrip("#")
    page.wait_for_function(f"document.activeElement.id === '{first}'")
    shot(page, f"empty-{game}-{phone.lang}")


def test_each_pineapple_version_marks_the_same_fields(phone: Any, live_server: Any) -> None:
    """Crazy and Lazy too: the board and two players' hole cards."""
    page = phone
    page.goto(live_server.url + "/pineapple/")
    for version in ("crazy", "lazy"):
        page.locator(f"input[name=game][value={version}]").check()
        submit(page)
        expect(page.locator("[data-problems] h2")).to_have_text(EMPTY["pineapple"][page.lang][0])
        assert sorted(marked(page)) == sorted(EMPTY["pineapple"]["marked"])
        assert page.locator(f"input[name=game][value={version}]").is_checked()


def test_an_island_box_says_it_takes_one_card(phone: Any, live_server: Any) -> None:
    """The board filled but for one box: only that box is marked, for one card, with the card
    that would fit it in the example."""
    page = phone
    page.goto(live_server.url + "/island/")
    board = dict(zip(ISLAND_BOXES, ["Kh", "4c", "9s", "9d", "Jh", "Qh", "3d"], strict=True))
    for name, code in board.items():
        if name != "river-1":
            page.locator(f"#id_{name}").fill(code)
    page.locator("#id_players-0-hole").fill("Th 8c")
    page.locator("#id_players-1-hole").fill("9c 4s")
    submit(page)
    expect(page.locator("[data-problems] h2")).to_have_text(
        "One problem to fix" if page.lang == "en" else "修正が必要な問題が1件あります"
    )
    assert marked(page) == ["river-1"]
    words = (
        "enter 1 card here, e.g. 3d"
        if page.lang == "en"
        else "ここに1枚を入力してください（例: 3d）"
    )
    expect(page.locator(".island-table .errorlist")).to_contain_text(words)
    page.wait_for_function("document.activeElement.id === 'id_river-1'")


@pytest.mark.parametrize(
    ("url", "field", "typed", "flag"),
    [
        ("/island/", "turn", "X", "jokers"),
        ("/island/", "first_set-0", "Zz", "not a card"),
        ("/pineapple/", "players-0-hole", "Kc Zz", "not a card"),
        ("/pineapple/", "board", "Ah X", "jokers"),
        ("/ofc/fantasyland/", "cards", "Ah Zz Kd", "not a card"),
        ("/ofc/", "players-1-middle", "9s Zz", "not a card"),
    ],
)
def test_a_typed_bad_token_is_flagged_at_its_field_before_submit(
    phone: Any, live_server: Any, url: str, field: str, typed: str, flag: str
) -> None:
    """Before, a typed "Zz" or "X" was flagged only at submit. Now as it is typed: the note at
    the field says what is wrong and what is accepted, and the field is marked invalid; mended,
    the mark goes. Nothing is posted meanwhile."""
    page = phone
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.goto(live_server.url + url)
    box = page.locator(f"#id_{field}")
    box.tap()
    box.press_sequentially(typed)
    page.locator("h1").tap()  # leaving the field: even a half-typed token is judged
    note = page.locator(f"#id_{field} + .preview .problem")
    expect(note).to_contain_text(FLAGS[page.lang][flag])
    if flag == "not a card":
        expect(note).to_contain_text("10h")  # what is accepted, with an example
    expect(box).to_have_attribute("aria-invalid", "true")
    expect(page.locator("[data-problems]")).to_have_count(0)
    shot(page, f"flagged-{field}-{page.lang}")
    box.fill(typed.replace("Zz", "2c").replace("X", "2d"))
    expect(note).to_have_count(0)
    expect(box).not_to_have_attribute("aria-invalid", "true")
    assert posts == []


def test_without_javascript_an_empty_submit_marks_the_same_fields(
    browser: Any, live_server: Any, transactional_db: Any
) -> None:
    """The guidance is the server's: with scripts off, the same fields are marked, the summary
    says what the table needs and has the focus (autofocus), in English and Japanese."""
    for lang, locale in LOCALES.items():
        context = browser.new_context(**PHONE, locale=locale, java_script_enabled=False)
        page = context.new_page()
        for game in ("ofc", "island"):
            expected = EMPTY[game]
            heading, lead, line = expected[lang]
            page.goto(live_server.url + expected["url"])
            with page.expect_navigation():
                page.locator("form[data-picker] button[type=submit]").tap()
            summary = page.locator("[data-problems]")
            expect(summary.locator("h2")).to_have_text(heading)
            expect(summary.locator("li").first).to_contain_text(lead)
            expect(summary).to_contain_text(line)
            assert sorted(marked(page)) == sorted(expected["marked"])
            expect(summary).to_be_focused()
        context.close()
