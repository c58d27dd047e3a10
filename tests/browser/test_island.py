"""The Island Pineapple page on a phone: tap the 4.3 example's board, type the holes, read B."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import PHONE, assert_fits_phone, assert_on_first_screen


def test_4_3_example_on_a_phone_names_b_the_winner(page: Any, live_server: Any, db: Any) -> None:
    """OPR-538 4.3: B's nines full of fours on another board beat A's king-high straight."""
    page.goto(live_server.url + "/island/")
    assert_fits_phone(page)
    # Tap the board into place as dealt; the picker moves on to the next place by itself.
    page.locator("#id_first_set-0").focus()
    for card in ("Kh", "4c", "9s", "9d", "Jh", "Qh", "3d"):
        page.locator(f'.picker button[data-card="{card}"]').click()
    assert page.locator("#id_river-1").input_value() == "3d"
    assert page.locator('.picker button[data-card="Kh"]').is_disabled()
    page.locator("#id_players-0-name").fill("A")
    page.locator("#id_players-0-hole").fill("Th 8c")
    page.locator("#id_players-1-name").fill("B")
    page.locator("#id_players-1-hole").fill("9c 4s")
    page.evaluate("window.notReloaded = true")
    page.get_by_role("button", name="Who wins?").click()
    verdict = page.locator("#verdict")
    verdict.wait_for()
    assert verdict.inner_text().startswith("B wins")
    assert "Nines full of fours" in verdict.inner_text()
    # htmx swapped the verdict in (no page load) and pushed the case's address.
    assert page.evaluate("window.notReloaded") and "/island/?case=" in page.url
    assert page.locator(".rulings a.citation", has_text="OPR-538 4.3").count() >= 1
    assert_fits_phone(page)


def test_4_3_example_without_javascript_opens_with_the_winner(
    browser: Any, live_server: Any, db: Any
) -> None:
    """OPR-538 4.3 with JavaScript off: the form posts and the page opens on B, in large type."""
    context = browser.new_context(**PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/island/")
    board = zip(
        ("first_set-0", "first_set-1", "second_set-0", "second_set-1", "turn")
        + ("river-0", "river-1"),
        ("Kh", "4c", "9s", "9d", "Jh", "Qh", "3d"),
        strict=True,
    )
    for name, card in board:
        page.locator(f"#id_{name}").fill(card)
    page.get_by_label("Player 1 hole cards").fill("Th 8c")
    page.locator("#id_players-0-name").fill("A")
    page.locator("#id_players-1-name").fill("B")
    page.get_by_label("Player 2 hole cards").fill("9c 4s")
    page.get_by_role("button", name="Who wins?").click()
    verdict = page.locator("#verdict")
    verdict.wait_for()
    assert verdict.inner_text().startswith("B wins")
    assert_on_first_screen(verdict)
    size = verdict.evaluate("element => parseFloat(getComputedStyle(element).fontSize)")
    assert size >= 24, f"the winner is in {size}px type"
    assert_fits_phone(page)
    context.close()
