"""A match at a real table: three phones, one each. The host makes the match and takes a seat,
the others scan (open) their seat's code, each taps in their own board, every phone sees the
scored hand within two seconds, and the settle-up list says who pays whom."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, assert_fits_phone

# OFC-BETA's worked table for three (tests/browser/test_picker.py): Ann +12, Bob -11, Cy -1.
BOARDS = {
    "Ann": ("Qs Qd 7c", "9s 9h 4c 4d 2s", "Ah Jh 8h 6h 3h"),
    "Bob": ("Kc 8d 3s", "5s 5h 5c Ad 2h", "6c 7d 8c 9c Td"),
    "Cy": ("As 5d 4h", "Jc Js 3c 3d Tc", "Kh Kd Ks Qc Qh"),
}
ROWS = ("top", "middle", "bottom")
SHOTS = Path(__file__).parent / "shots"
LIVE = 2.0  # seconds: a new hand reaches every phone within 2 s (a 1.5 s poll, then drawing it)


@pytest.fixture
def phones(browser: Any, live_server: Any, transactional_db: Any) -> Any:
    """Make fresh phones (each its own cookies) that reach only the live server; close them
    (before the database is emptied: a phone still polling would reach into it)."""
    made: list[Any] = []

    def new(scripts: bool = True) -> Any:
        context = browser.new_context(**PHONE, java_script_enabled=scripts)
        made.append(context)
        return phone(context, live_server)

    yield new
    for context in made:
        context.close()


def phone(context: Any, live_server: Any) -> Any:
    page = context.new_page()
    page.route(
        "**/*",
        lambda route: (
            route.continue_() if route.request.url.startswith(live_server.url) else route.abort()
        ),
    )
    return page


def host_a_match(host: Any, live_server: Any) -> dict[str, str]:
    """Make a 3-player match for money on the host's phone; read each seat's join code."""
    host.goto(live_server.url + "/matches/new/")
    host.select_option("[name=ruleset]", "pineapple-ofc")
    for seat, name in enumerate(BOARDS, start=1):
        host.fill(f"[name=player_{seat}]", name)
    host.fill("[name=point_value]", "0.25")
    host.fill("[name=currency]", "EUR")
    host.get_by_role("button", name="Start the match").click()
    expect(host.get_by_text("Match created.")).to_be_visible()
    codes = {}
    for seat, name in enumerate(BOARDS):
        codes[name] = host.locator(f'.join-codes li[data-seat="{seat}"] .join-code').inner_text()
    assert host.locator(".join-codes svg").count() == 4  # a QR code a seat, and the editing's
    return codes


def take_seat(page: Any, live_server: Any, name: str, code: str) -> None:
    """Open the seat's QR link and take the seat with one tap."""
    page.goto(f"{live_server.url}/join/{code}/")
    page.get_by_role("button", name=f"Take {name}'s seat").click()
    expect(page.get_by_role("heading", name="Your board for hand 1")).to_be_visible()


def tap_board(page: Any, name: str) -> None:
    """Tap the player's board in with the picker: one tap on the top row, then a tap a card."""
    page.locator("#id_top").tap()
    for row, cards in zip(ROWS, BOARDS[name], strict=True):
        for card in cards.split():
            page.locator(f'.picker button[data-card="{card}"]').tap()
        assert page.locator(f"#id_{row}").input_value() == cards
    assert page.locator("#id_discards").input_value() == ""


def type_board(page: Any, name: str) -> None:
    for row, cards in zip(ROWS, BOARDS[name], strict=True):
        page.fill(f"#id_{row}", cards)


def total(page: Any, name: str) -> Any:
    return page.locator(f'.match-totals li[data-player="{name}"] .points')


@pytest.mark.parametrize("scripts", [True, False], ids=["scripts", "no-scripts"])
def test_three_phones_each_send_their_own_board_and_all_see_the_hand(
    phones, live_server, transactional_db, scripts
):
    """OFC-BETA 6.6: boards from three phones meet; every phone sees +12 -11 -1 and the money."""
    host = phones(scripts)
    codes = host_a_match(host, live_server)
    table = {"Ann": host}
    take_seat(host, live_server, "Ann", codes["Ann"])  # the host plays too
    for name in ("Bob", "Cy"):
        table[name] = phones(scripts)
        take_seat(table[name], live_server, name, codes[name])

    for name in ("Bob", "Ann"):
        (tap_board if scripts else type_board)(table[name], name)
        table[name].get_by_role("button", name="Send my board").click()
        expect(table[name].locator("#board .tag")).to_have_text("sent")
    if scripts:  # the others see, live, whose board is in
        expect(table["Cy"].locator('[data-testid="waiting"]')).to_contain_text(
            "waiting for Cy", timeout=LIVE * 1000
        )
    (tap_board if scripts else type_board)(table["Cy"], "Cy")
    table["Cy"].get_by_role("button", name="Send my board").click()
    sent = time.monotonic()  # Cy's board completes the hand: one deadline for every phone

    for name, page in table.items():
        if scripts:  # live: by the deadline (Playwright's 0 would mean no limit)
            within = max(1.0, (sent + LIVE - time.monotonic()) * 1000)
        else:  # without scripts the page does not poll: a reload shows the hand
            page.reload()
            within = None
        expect(total(page, "Ann")).to_have_text("+12", timeout=within)
        expect(total(page, "Bob")).to_have_text("-11")
        expect(total(page, "Cy")).to_have_text("-1")
        settle = page.locator('[data-testid="settle"]')
        expect(settle).to_contain_text("Bob pays Ann 2.75 EUR")
        expect(settle).to_contain_text("Cy pays Ann 0.25 EUR")
        assert_fits_phone(page)
        if scripts:
            SHOTS.mkdir(exist_ok=True)
            page.screenshot(path=str(SHOTS / f"match-phone-{name}.png"), full_page=True)
    expect(table["Bob"].get_by_role("heading", name="Your board for hand 2")).to_be_visible()
