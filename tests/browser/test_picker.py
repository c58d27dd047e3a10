"""The card picker on a 390x844 touch phone: a whole table by taps, problems before and after.

DESIGN.md, Pages: a picker fills the field that has focus, a used card is greyed out and cannot
be picked twice, errors appear at the field in words, tap targets are at least 44 px. Each test
saves what it checked to tests/browser/shots/ (not committed) for a person to look at.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import assert_fits_phone

SHOTS = Path(__file__).parent / "shots"

# The OFC page's worked table (tests/browser/test_ofc.py): Ann +12, Bob -11, Cy -1.
BOARDS = (
    ("Ann", "Qs Qd 7c", "9s 9h 4c 4d 2s", "Ah Jh 8h 6h 3h"),
    ("Bob", "Kc 8d 3s", "5s 5h 5c Ad 2h", "6c 7d 8c 9c Td"),
    ("Cy", "As 5d 4h", "Jc Js 3c 3d Tc", "Kh Kd Ks Qc Qh"),
)
ROWS = ("top", "middle", "bottom")
# One tap on Player 1's top row opens the picker; then one tap per card, and no other tap: the
# picker moves on from each full row to the next by itself (13 cards x 3 players).
TAPS_FOR_A_TABLE = 1 + 39


@pytest.fixture(autouse=True)
def console_errors(page: Any):
    """No page logs a console error or throws while it is tested (a CSP refusal would)."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield errors
    assert errors == []


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    # caret="initial": hiding the caret injects a style, which the page's CSP refuses (and logs).
    page.screenshot(path=str(SHOTS / f"{name}.png"), caret="initial")


def card(page: Any, code: str) -> Any:
    return page.locator(f'.picker button[data-card="{code}"]')


def tool(page: Any, name: str) -> Any:
    return page.locator(".picker").get_by_role("button", name=name, exact=True)


def focused_box(page: Any) -> dict[str, float]:
    """Where the field in focus is, where the docked picker starts, and the scroll position."""
    return page.evaluate(
        """() => {
            const field = document.activeElement.getBoundingClientRect();
            const picker = document.querySelector(".picker:not([hidden])");
            return {id: document.activeElement.id, top: field.top, bottom: field.bottom,
                    dock: picker ? picker.getBoundingClientRect().top : innerHeight,
                    height: innerHeight, scrollY: scrollY};
        }"""
    )


def assert_in_view(box: dict[str, float]) -> None:
    assert box["top"] >= 0, f"{box['id']} is above the screen: {box}"
    assert box["bottom"] <= box["dock"], f"{box['id']} is under the picker or below: {box}"


def tap_a_table(page: Any, prefix: str = "players") -> int:
    """Tap every board of BOARDS in with the picker; return the taps it took."""
    page.locator(f"#id_{prefix}-0-top").tap()
    taps = 1
    expect(page.locator(".picker")).to_be_visible()
    fieldset = page.locator('[data-testid="player-1"]').bounding_box()["height"]
    before = focused_box(page)
    assert_in_view(before)
    for _, *rows in BOARDS:
        for row in rows:
            for code in row.split():
                card(page, code).tap()
                taps += 1
                after = focused_box(page)
                assert_in_view(after)
                jump = abs(after["scrollY"] - before["scrollY"])
                assert jump <= fieldset, f"the page jumped {jump}px after {code}"
                before = after
    return taps


def assert_boards_hold_what_was_tapped(page: Any) -> None:
    for seat, (_, *rows) in enumerate(BOARDS):
        for row, cards in zip(ROWS, rows, strict=True):
            assert page.locator(f"#id_players-{seat}-{row}").input_value() == cards


def test_a_whole_ofc_table_is_tapped_in_with_one_tap_per_card(page: Any, live_server: Any) -> None:
    """OFC-BETA 8.1 (the worked table): 39 cards take 39 taps and the one that starts; the
    picker never fills the collapsed discards and Fantasyland fields; the page never jumps."""
    page.goto(live_server.url + "/ofc/")
    page.locator("#id_ruleset").select_option("pineapple-ofc")
    taps = tap_a_table(page)
    assert taps == TAPS_FOR_A_TABLE
    assert_boards_hold_what_was_tapped(page)
    for seat in range(3):
        assert page.locator(f"#id_players-{seat}-discards").input_value() == ""
        assert page.locator(f"#id_players-{seat}-fantasyland_cards").input_value() == ""
    # A 40th card has nowhere to go that the person can see: it is refused, not hidden away.
    expect(page.locator(".picker .target")).to_have_text("Every card field you can see is full")
    assert card(page, "2c").is_disabled()
    assert card(page, "Qs").is_disabled()  # used cards stay greyed
    shot(page, "ofc-table-tapped")
    page.get_by_role("button", name="Score the hand").tap()
    expect(page.locator('[data-testid="totals"]')).to_be_visible()
    scores = page.locator('[data-testid="score"]').all_inner_texts()
    assert scores == ["+12", "-11", "-1"]
    assert_fits_phone(page)
    shot(page, "ofc-table-scored")


def test_a_whole_match_hand_is_tapped_in_on_the_edit_page(page: Any, live_server: Any) -> None:
    """OFC-BETA 8.1 in a three-player match: the same 40 taps, never into the collapsed
    "Discards (optional)" of a seat, and the hand is added with each player's points."""
    body = {"ruleset": "pineapple-ofc", "players": ["Ann", "Bob", "Cy"], "dealer": "Ann"}
    answer = page.request.post(
        live_server.url + "/api/matches/",
        data=json.dumps({**body, "rounds": 1}),
        headers={"Content-Type": "application/json"},
    )
    assert answer.status == 201, answer.text()
    page.goto(answer.json()["edit_url"])  # a single-use link that gives this phone the editing
    with page.expect_navigation():  # the edit page, loaded with its picker, before the first tap
        page.get_by_role("button", name="Take the editing").tap()
    taps = tap_a_table(page)
    assert taps == TAPS_FOR_A_TABLE
    assert_boards_hold_what_was_tapped(page)
    for seat in range(3):
        assert page.locator(f"#id_players-{seat}-discards").input_value() == ""
    # The used cards are greyed out in words too: "Qs is also in ..." never appears.
    assert page.locator(".preview .problem").count() == 0
    shot(page, "match-hand-tapped")
    page.get_by_role("button", name="Add hand 1").tap()
    expect(page.locator("#added")).to_contain_text("Hand 1: Ann +12, Bob -11, Cy -1")
    # The new hand's form is ready, with its own picker closed and no room kept for it.
    expect(page.get_by_role("button", name="Add hand 2")).to_be_visible()
    page.wait_for_function("!document.documentElement.classList.contains('picker-open')")
    assert page.evaluate("getComputedStyle(document.body).paddingBottom") == "0px"
    assert_fits_phone(page)
    shot(page, "match-hand-added")


def test_undo_takes_back_the_last_card_wherever_it_went(page: Any, live_server: Any) -> None:
    """A full top row moves the picker on; Undo still takes that row's last card back."""
    page.goto(live_server.url + "/ofc/")
    page.locator("#id_players-0-top").tap()
    undo = tool(page, "\u21b6 Undo")
    assert undo.is_disabled()  # nothing placed yet
    for code in ("Qs", "Qd", "7c"):
        card(page, code).tap()
    assert focused_box(page)["id"] == "id_players-0-middle"
    undo.tap()
    assert page.locator("#id_players-0-top").input_value() == "Qs Qd"
    assert focused_box(page)["id"] == "id_players-0-top"
    assert card(page, "7c").is_enabled()
    card(page, "8c").tap()
    card(page, "9s").tap()
    assert page.locator("#id_players-0-top").input_value() == "Qs Qd 8c"
    assert page.locator("#id_players-0-middle").input_value() == "9s"
    undo.tap()
    undo.tap()
    assert page.locator("#id_players-0-middle").input_value() == ""
    assert page.locator("#id_players-0-top").input_value() == "Qs Qd"
    assert_in_view(focused_box(page))
    shot(page, "picker-undo")


def test_next_player_moves_on_without_placing_a_card(page: Any, live_server: Any) -> None:
    """A player whose rows are left empty is skipped with one tap that places no card."""
    page.goto(live_server.url + "/ofc/")
    page.locator("#id_players-0-top").tap()
    card(page, "As").tap()
    tool(page, "Next player \u203a").tap()
    box = focused_box(page)
    assert box["id"] == "id_players-1-top"
    assert_in_view(box)
    card(page, "Ks").tap()
    assert page.locator("#id_players-0-top").input_value() == "As"
    assert page.locator("#id_players-1-top").input_value() == "Ks"
    tool(page, "Next player \u203a").tap()
    assert focused_box(page)["id"] == "id_players-2-top"
    # Player 3 is the last seat one can see: the discards below are collapsed.
    assert tool(page, "Next player \u203a").is_disabled()


def test_the_picker_skips_collapsed_seats_until_they_are_opened(
    page: Any, live_server: Any
) -> None:
    """/pineapple/ shows seats 1-4; seats 5-10 are in a closed <details>: after the fourth hole
    the picker refuses cards until the person opens them, then fills Player 5's hole."""
    page.goto(live_server.url + "/pineapple/")
    page.get_by_label("Board: flop, turn and river").tap()
    deal = "Ah 7d 5c Kd 2s  3h 4h  Kc Ks  6h 8h  9c 9d"
    for code in deal.split():
        card(page, code).tap()
        assert_in_view(focused_box(page))
    assert page.get_by_label("Player 4 hole cards").input_value() == "9c 9d"
    expect(page.locator(".picker .target")).to_have_text("Every card field you can see is full")
    assert card(page, "Tc").is_disabled()
    page.get_by_text("Players 5 to 10").tap()  # a tap on the summary: not a card field
    card(page, "Tc").tap()
    assert page.get_by_label("Player 5 hole cards").input_value() == "Tc"
    shot(page, "pineapple-seat-5")


def test_island_board_then_holes_in_reading_order(page: Any, live_server: Any) -> None:
    """/island/: seven board places, then Player 1-3's holes; seats 4-7 stay untouched. A hole
    holds two cards (OPR-538 3.3), three once a Phantom Ship is called (5.1): a tap a card."""
    page.goto(live_server.url + "/island/")
    page.locator("#id_first_set-0").tap()
    board, holes = "Kh 4c 9s 9d Jh Qh 3d", ("Th 8c", "9c 4s", "2c 2d")
    for code in (board + " " + " ".join(holes)).split():
        card(page, code).tap()
        assert_in_view(focused_box(page))
    assert page.locator("#id_players-0-hole").input_value() == "Th 8c"
    assert page.locator("#id_river-1").input_value() == "3d"
    assert page.locator("#id_players-2-hole").input_value() == "2c 2d"
    assert page.locator("#id_players-3-hole").input_value() == ""
    shot(page, "island-tapped")
    page.select_option("[name=phantom_ship-caller]", "0")  # a caller holds three
    assert page.locator("#id_players-0-hole").get_attribute("data-count") == "3"


def test_a_duplicate_and_a_count_show_in_the_preview_before_submitting(
    page: Any, live_server: Any
) -> None:
    """DESIGN.md (errors at the field, in words): typed cards are checked as they are typed."""
    page.goto(live_server.url + "/ofc/")
    page.locator("#id_players-0-top").press_sequentially("Qs Qd 7c")
    page.locator("#id_players-0-middle").press_sequentially("9s 9h 4c 4d")
    page.locator("#id_players-1-bottom").press_sequentially("6c qs")
    second = page.locator("#id_players-1-bottom + .preview")
    expect(second).to_contain_text("Qs is also in Player 1's top row")
    expect(second).to_contain_text("2 of 5")
    expect(page.locator("#id_players-0-top + .preview")).to_contain_text(
        "Qs is also in Player 2's bottom row"
    )
    expect(page.locator("#id_players-0-middle + .preview")).to_contain_text("4 of 5")
    # With a name, the place is the player's.
    page.locator("#id_players-0-name").fill("Ann")
    expect(second).to_contain_text("Qs is also in Ann's top row")
    # The picker greys out a card typed by hand too.
    page.locator("#id_players-1-bottom").tap()
    assert card(page, "Qd").is_disabled()
    page.locator("#id_players-1-bottom").scroll_into_view_if_needed()
    shot(page, "preview-problems")


@pytest.mark.parametrize("how", ["htmx", "page load"])
def test_a_refused_submit_focuses_the_first_bad_field(
    page: Any, live_server: Any, how: str
) -> None:
    """OFC-BETA: a card is dealt once. Qs in Player 1's top row and Player 2's bottom row is
    refused; the summary names it and the first bad field has focus, on the screen."""
    page.goto(live_server.url + "/ofc/")
    for seat, (_, *rows) in enumerate(BOARDS[:2]):
        for row, cards in zip(ROWS, rows, strict=True):
            page.locator(f"#id_players-{seat}-{row}").fill(cards)
    page.locator("#id_players-1-bottom").fill("6c 7d 8c 9c Qs")
    expect(page.locator("#id_players-1-bottom + .preview")).to_contain_text("also in")
    if how == "htmx":
        page.get_by_role("button", name="Score the hand").tap()
    else:  # form.submit() skips the submit event, so htmx leaves it to the browser
        with page.expect_navigation():
            page.evaluate("document.querySelector('form[data-picker]').submit()")
    summary = page.locator("[data-problems]")
    expect(summary).to_be_visible()
    expect(summary).to_contain_text("Qs")
    first = page.locator(".field-error input, .field-error select").first.get_attribute("id")
    assert summary.locator("a").first.get_attribute("href") == f"#{first}"
    page.wait_for_function(f"document.activeElement.id === {json.dumps(first)}")
    box = focused_box(page)
    assert_in_view(box)
    assert box["bottom"] <= box["height"]
    # The picker waits for a tap on the field, then opens without covering it.
    expect(page.locator(".picker")).to_be_hidden()
    shot(page, f"refused-{how.replace(' ', '-')}-focus")
    page.locator(f"#{first}").tap()
    expect(page.locator(".picker")).to_be_visible()
    assert_in_view(focused_box(page))
    shot(page, f"refused-{how.replace(' ', '-')}")


def test_card_fields_take_no_keyboard_while_the_picker_is_open(page: Any, live_server: Any) -> None:
    """inputmode="none" keeps a phone's keyboard off the picker; "Keyboard" gives typing back."""
    page.goto(live_server.url + "/ofc/")
    modes = "() => [...document.querySelectorAll('input[data-cards]')].map(i => i.inputMode)"
    top = page.locator("#id_players-0-top")
    top.tap()
    assert set(page.evaluate(modes)) == {"none"}
    tool(page, "\u2328 Keyboard").tap()
    assert set(page.evaluate(modes)) == {""}
    assert focused_box(page)["id"] == "id_players-0-top"
    expect(page.locator(".picker .grid")).to_be_hidden()
    top.press_sequentially("Qs")
    assert top.input_value() == "Qs"
    expect(page.locator(".picker .target")).to_have_text("Typing in Player 1's top row")
    for button in page.locator(".picker button:visible").all():
        box = button.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, box
    shot(page, "picker-keyboard")
    tool(page, "\U0001f0a0 Card picker").tap()
    assert set(page.evaluate(modes)) == {"none"}
    card(page, "Qd").tap()
    assert top.input_value() == "Qs Qd"
    tool(page, "Close").tap()
    expect(page.locator(".picker")).to_be_hidden()
    assert set(page.evaluate(modes)) == {""}
    assert page.evaluate("document.documentElement.classList.contains('picker-open')") is False
    top.tap()  # the field still has focus: a tap opens the picker again
    expect(page.locator(".picker .grid")).to_be_visible()


@pytest.mark.parametrize("path", ["/ofc/", "/island/", "/pineapple/"])
def test_every_picker_button_is_at_least_44_px_square(
    page: Any, live_server: Any, path: str
) -> None:
    """DESIGN.md (tap targets of at least 44 pixels), on every page with a picker."""
    page.goto(live_server.url + path)
    if path == "/ofc/":
        page.locator("#id_ruleset").select_option("joker-ofc")  # the Joker button too
    page.locator("input[data-cards]").first.tap()
    buttons = page.locator(".picker button:visible")
    assert buttons.count() >= 4 + 52
    for i in range(buttons.count()):
        box = buttons.nth(i).bounding_box()
        name = buttons.nth(i).get_attribute("aria-label") or buttons.nth(i).inner_text()
        assert box["width"] >= 44 and box["height"] >= 44, f"{name}: {box}"
    # A card placed in a field is a button under it too (a tap selects it for replacing).
    card(page, "As").tap()
    placed = page.locator(".preview button.pick")
    expect(placed).to_have_count(1)
    box = placed.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, f"the placed As: {box}"
    assert_fits_phone(page)
    shot(page, "picker-" + path.strip("/"))


def test_the_deck_has_two_jokers(page: Any, live_server: Any) -> None:
    """JOKER-OFC: two Jokers in the deck; the Joker button greys out once both are used."""
    page.goto(live_server.url + "/ofc/")
    page.locator("#id_ruleset").select_option("joker-ofc")
    page.locator("#id_players-0-top").tap()
    joker = card(page, "X")
    joker.tap()
    assert joker.is_enabled()
    joker.tap()
    assert joker.is_disabled()
    assert page.locator("#id_players-0-top").input_value() == "X X"
    page.locator("#id_players-1-top").fill("Joker")
    expect(page.locator("#id_players-1-top + .preview")).to_contain_text(
        "3 Jokers on the form: the deck has 2"
    )
