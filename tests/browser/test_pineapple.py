"""The Pineapple pages on a 390x844 phone: a Lazy hi-lo showdown entered with the picker."""

from __future__ import annotations

import os

from tests.browser.conftest import PHONE, assert_fits_phone, assert_on_first_screen

SCREENSHOTS = os.environ.get("REFEREE_SCREENSHOTS", "")


def test_showdown_on_a_phone_with_the_picker_and_side_pots(page, live_server, transactional_db):
    """PPR 7.3, H9: Ann's wheel scoops the main pot; Bob and Cat split the side pot."""
    page.goto(live_server.url + "/pineapple/")
    assert_fits_phone(page)
    if SCREENSHOTS:
        page.screenshot(path=os.path.join(SCREENSHOTS, "pineapple-empty.png"))
    page.get_by_label("Lazy Pineapple").check()
    page.get_by_label("High-low split, eight or better").check()
    page.get_by_label("Board: flop, turn and river").fill("Ah 7d 5c Kd 2s")
    page.get_by_label("Player 1 name").fill("Ann")
    page.get_by_label("Player 1 hole cards").focus()
    picker = page.locator(".picker")
    for card in ("3h", "4h", "Qs"):
        picker.get_by_role("button", name=card, exact=True).click()
    assert page.get_by_label("Player 1 hole cards").input_value() == "3h 4h Qs"
    # Cards on the board or in a hole cannot be picked twice.
    assert picker.get_by_role("button", name="Ah", exact=True).is_disabled()
    assert picker.get_by_role("button", name="Qs", exact=True).is_disabled()
    page.get_by_label("Player 1 chips put in").fill("20")
    page.get_by_label("Player 2 name").fill("Bob")
    page.get_by_label("Player 2 hole cards").fill("Kc Ks 8d")
    page.get_by_label("Player 2 chips put in").fill("50")
    page.get_by_label("Player 3 name").fill("Cat")
    page.get_by_label("Player 3 hole cards").fill("6h 8h 9c")
    page.get_by_label("Player 3 chips put in").fill("50")
    page.get_by_label("Player 4 name").fill("Dan")
    page.get_by_label("Player 4 chips put in").fill("40")
    page.get_by_label("Player 4 folded").check()
    page.get_by_label("Dealer button").select_option("2")
    submit = page.get_by_role("button", name="Settle the showdown")
    assert submit.bounding_box()["height"] >= 44
    submit.click()
    verdict = page.locator("#verdict")
    verdict.wait_for()
    assert "High: Ann" in verdict.inner_text() and "Low: Ann" in verdict.inner_text()
    chips = page.locator("#chips").inner_text()
    assert "80" in chips and "40" in chips
    assert page.locator(".pots").inner_text().count("Side pot 1") == 1
    assert_fits_phone(page)
    if SCREENSHOTS:
        page.screenshot(path=os.path.join(SCREENSHOTS, "pineapple-showdown.png"))
        page.locator(".hands").scroll_into_view_if_needed()
        page.screenshot(path=os.path.join(SCREENSHOTS, "pineapple-hands.png"))
        # The picker is docked at the bottom and opens on a card field: show the form with it.
        page.get_by_label("Player 1 hole cards").tap()
        page.screenshot(path=os.path.join(SCREENSHOTS, "pineapple-form.png"))
    cited = page.locator(".rulings details.ruling", has=page.locator("a", has_text="PPR 7.3"))
    cited.first.locator("summary").click()  # a ruling is folded to one line: it opens
    page.get_by_role("link", name="PPR 7.3").first.click()
    page.wait_for_url("**/rules/PPR/7-3/")


def test_showdown_error_shows_at_the_field(page, live_server, transactional_db):
    """PPR 1.2: a card entered twice is named at the second place it appears."""
    page.goto(live_server.url + "/pineapple/")
    page.get_by_label("Board: flop, turn and river").fill("Ah 7d 5c Kd 2s")
    page.get_by_label("Player 1 hole cards").fill("As Ad")
    page.get_by_label("Player 2 hole cards").fill("As Kc")
    page.get_by_role("button", name="Settle the showdown").click()
    error = page.locator(".field-error .errorlist")
    error.first.wait_for()
    assert "As is in Player 1's hole and in Player 2's hole" in error.first.inner_text()
    assert_fits_phone(page)


def test_discard_referee_on_a_phone(page, live_server, transactional_db):
    """PPR 6.4: a Crazy Pineapple player who forgot to discard, noticed at the showdown."""
    page.goto(live_server.url + "/pineapple/discards/")
    assert_fits_phone(page)
    page.get_by_label("Crazy Pineapple").check()
    page.get_by_label("What happened?").select_option("no_discard_at_showdown")
    page.get_by_label("Player (optional)").fill("Bob")
    page.get_by_role("button", name="Get the ruling").click()
    verdict = page.locator("#verdict")
    verdict.wait_for()
    assert "Bob's hand is dead" in verdict.inner_text()
    assert_fits_phone(page)
    if SCREENSHOTS:
        page.screenshot(path=os.path.join(SCREENSHOTS, "pineapple-ruling.png"))


def _opens_on_the_answer(page):
    """The verdict is in large type and inside the first screen of a 390x844 phone."""
    verdict = page.locator("#verdict")
    verdict.wait_for()
    assert_on_first_screen(verdict)
    size = verdict.evaluate("element => parseFloat(getComputedStyle(element).fontSize)")
    assert size >= 24, f"the answer is in {size}px type"
    assert_fits_phone(page)
    return verdict.inner_text()


def test_both_pages_work_without_javascript(browser, live_server, transactional_db):
    """PPR 7.3, 6.4 with JavaScript off: both forms post and open on the answer."""
    context = browser.new_context(**PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/pineapple/")
    page.get_by_label("Lazy Pineapple").check()
    page.get_by_label("High-low split, eight or better").check()
    page.get_by_label("Board: flop, turn and river").fill("Ah 7d 5c Kd 2s")
    page.get_by_label("Player 1 name").fill("A")
    page.get_by_label("Player 1 hole cards").fill("3h 4h Qs")
    page.get_by_label("Player 2 name").fill("B")
    page.get_by_label("Player 2 hole cards").fill("Kc Ks 8d")
    page.get_by_role("button", name="Settle the showdown").click()
    answer = _opens_on_the_answer(page)
    assert "High: A" in answer and "Low: A" in answer
    page.goto(live_server.url + "/pineapple/discards/")
    page.get_by_label("Crazy Pineapple").check()
    page.get_by_label("What happened?").select_option("no_discard_at_showdown")
    page.get_by_role("button", name="Get the ruling").click()
    assert "hand is dead" in _opens_on_the_answer(page)
    context.close()
