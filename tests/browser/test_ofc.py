"""The OFC page on a phone: tap three boards into the picker and read each player's total."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import PHONE, assert_fits_phone, assert_on_first_screen

# OFC-BETA 8.1's two boards and a third: Ann QQ7 (7) / nines and fours / ace-high flush (4);
# Bob king high / three fives (2) / ten-high straight (2); Cy ace high / jacks and threes /
# kings full of queens (6).
BOARDS = (
    ("Ann", "Qs Qd 7c", "9s 9h 4c 4d 2s", "Ah Jh 8h 6h 3h"),
    ("Bob", "Kc 8d 3s", "5s 5h 5c Ad 2h", "6c 7d 8c 9c Td"),
    ("Cy", "As 5d 4h", "Jc Js 3c 3d Tc", "Kh Kd Ks Qc Qh"),
)


def test_three_player_table_tapped_in_gives_each_total(
    page: Any, live_server: Any, db: Any
) -> None:
    """OFC-BETA 6.1-6.6 and 8.1: Ann beats Bob by 8 (the worked example); against Cy she wins
    the top and loses two rows, -1, with royalties 11 - 6, so +4; Bob against Cy loses two rows
    and wins one, -1, with royalties 4 - 6, so -3. Totals: Ann +12, Bob -11, Cy -1."""
    page.goto(live_server.url + "/ofc/")
    assert_fits_phone(page)
    page.locator(".picker").wait_for(state="attached")
    page.locator("#id_players-0-top").focus()
    for _, *rows in BOARDS:
        for row in rows:
            for card in row.split():
                page.locator(f'.picker button[data-card="{card}"]').click()
    # The picker moved through every row by itself, and greys out the cards it placed.
    assert page.locator("#id_players-2-bottom").input_value() == "Kh Kd Ks Qc Qh"
    assert page.locator("#id_players-1-middle").input_value() == "5s 5h 5c Ad 2h"
    assert page.locator('.picker button[data-card="Qs"]').is_disabled()
    for seat, (name, *_) in enumerate(BOARDS, start=1):
        page.locator(f"#id_players-{seat - 1}-name").fill(name)
    page.evaluate("window.notReloaded = true")
    page.get_by_role("button", name="Score the hand").click()
    totals = page.locator('[data-testid="totals"]')
    totals.wait_for()
    scores = {
        name: page.locator(f'[data-player="{name}"] [data-testid="score"]').inner_text()
        for name, *_ in BOARDS
    }
    assert scores == {"Ann": "+12", "Bob": "-11", "Cy": "-1"}
    # htmx swapped the verdict in (no page load) and pushed the case's address.
    assert page.evaluate("window.notReloaded") and "/ofc/?case=" in page.url
    assert page.locator(".rulings a.citation", has_text="OFC-BETA 6.7").count() >= 1
    assert_fits_phone(page)


def test_a_joker_tapped_in_shows_what_it_became(page: Any, live_server: Any, db: Any) -> None:
    """JOKER-OFC 3.1 and 3.2: with the Joker ruleset the picker offers Jokers; As Ah Ad Ac and a
    Joker in the middle are four aces with the king of spades (H12)."""
    page.goto(live_server.url + "/ofc/")
    page.locator(".picker").wait_for(state="attached")
    page.locator("#id_ruleset").select_option("joker-ofc")
    page.locator("#id_players-0-top").focus()
    page.locator('.picker button[data-card="X"]').wait_for(state="visible", timeout=5000)
    taps = "2c 3d 4h  As Ah Ad Ac X  Kh Qh Jh Th 9h  Qs Qd 7c  9s 9c 4c 4d 2s  6d 7d 8d Jd 5d"
    for card in taps.split():
        page.locator(f'.picker button[data-card="{card}"]').click()
    assert page.locator("#id_players-0-middle").input_value() == "As Ah Ad Ac X"
    page.get_by_role("button", name="Score the hand").click()
    page.locator('[data-testid="totals"]').wait_for()
    assert page.locator(".wild-note", has_text="Joker as Ks").count() == 1
    assert page.locator(".rulings a.citation", has_text="JOKER-OFC 3.2").count() == 1
    assert_fits_phone(page)


def test_without_javascript_the_form_posts_and_the_totals_come_first(
    browser: Any, live_server: Any, db: Any
) -> None:
    """DESIGN.md (without JavaScript every form still posts; the answer first) with OFC-BETA
    8.3: Bob's ten-high middle under his king-high top fouls, so he pays Ann 6 + 11 = 17."""
    context = browser.new_context(**PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/ofc/")
    assert page.locator(".picker").count() == 0  # the picker is drawn by script: none here
    rows = dict(zip(("name", "top", "middle", "bottom"), BOARDS[0], strict=True))
    bob = dict(zip(("name", "top", "middle", "bottom"), BOARDS[1], strict=True))
    bob["middle"] = "Tc 7s 5d 4h 2d"
    for seat, board in (("players-0", rows), ("players-1", bob)):
        for part, value in board.items():
            page.fill(f"[name={seat}-{part}]", value)
    page.get_by_role("button", name="Score the hand").click()
    totals = page.locator('[data-testid="totals"]')
    totals.wait_for()
    assert totals.inner_text().split() == ["Ann", "+17", "Bob", "-17", "Fouled"]
    # The totals are the first thing under the heading, on the first screen.
    assert_on_first_screen(totals)
    boards = page.get_by_role("heading", name="Boards", exact=True).bounding_box()
    assert boards is not None and boards["y"] > totals.bounding_box()["y"]
    assert_fits_phone(page)
    context.close()
