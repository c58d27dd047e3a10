"""House rules on a phone: a table writes its rules, scores under them, and the ruling's link
opens them."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.browser.conftest import PHONE, assert_fits_phone

# OFC-BETA 8.3: Bob's ten-high middle under his king-high top fouls; Ann +17 under the document.
BOARDS = (
    ("Ann", "Qs Qd 7c", "9s 9h 4c 4d 2s", "Ah Jh 8h 6h 3h"),
    ("Bob", "Kc 8d 3s", "Tc 9d 5s 4h 2h", "6c 7d 8c 9c Ts"),
)


def opens_the_house_rules(page: Any, rules_url: str) -> None:
    """The ruling cites the house rules once, and its citation (the ruling folded to one line
    opens to it) opens them."""
    link = page.locator(".rulings a.citation", has_text="HOUSE-")
    expect(link).to_have_count(1)
    link.locator("xpath=ancestor::details[1]/summary").click()
    link.click()
    assert page.url.split("#")[0] == rules_url


def test_a_foul_that_pays_3_turns_17_into_14_and_the_ruling_links_the_rules(page, live_server):
    page.goto(live_server.url + "/ofc/")
    page.get_by_role("link", name="Make house rules from it").first.click()
    page.fill("#id_title", "Light fouls")
    page.fill("[name=changes-foul_penalty]", "3")
    assert_fits_phone(page)
    page.get_by_role("button", name="Save these rules").click()
    expect(page.get_by_role("heading", name="Light fouls")).to_be_visible()
    expect(page.locator("#foul_penalty")).to_contain_text("OFC-BETA 6.5 gives 6")
    rules_url = page.url
    page.get_by_role("link", name="Score a hand under these rules").click()
    for seat, (name, *rows) in enumerate(BOARDS):
        page.fill(f"[name=players-{seat}-name]", name)
        for row, cards in zip(("top", "middle", "bottom"), rows, strict=True):
            page.fill(f"[name=players-{seat}-{row}]", cards)
    page.get_by_role("button", name="Score the hand").click()
    totals = page.locator('[data-testid="totals"]')
    expect(totals).to_contain_text("+14")
    assert_fits_phone(page)
    opens_the_house_rules(page, rules_url)
    expect(page.locator("#foul_penalty")).to_be_visible()


def test_a_switched_wheel_reads_six_high_without_javascript(browser: Any, live_server: Any) -> None:
    """OPR-538 1.3(b), H1: a host switches the wheel, and 2s As 3s 4s 5s is six high, cited."""
    context = browser.new_context(**PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/island/")
    page.get_by_role("link", name="Make house rules from these readings").click()
    page.fill("#id_title", "Generous wheel")
    page.get_by_label("The switch: the deuce may count as itself").check()
    assert_fits_phone(page)
    page.get_by_role("button", name="Save these rules").click()
    expect(page.locator("#wheel")).to_contain_text("Switched")
    rules_url = page.url
    page.get_by_role("link", name="Play a showdown under these rules").click()
    board = ("3s", "Kc", "4s", "5s", "9d", "Qh", "Jc")
    places = ("first_set-0", "first_set-1", "second_set-0", "second_set-1", "turn", "river-0",
              "river-1")  # fmt: skip
    for name, card in zip(places, board, strict=True):
        page.fill(f"#id_{name}", card)
    page.fill("#id_players-0-name", "Ann")
    page.fill("#id_players-0-hole", "2s As")
    page.fill("#id_players-1-name", "Bob")
    page.fill("#id_players-1-hole", "Jd Jh")
    page.get_by_role("button", name="Who wins?").click()
    expect(page.locator("#verdict")).to_contain_text("Six-high straight flush")
    opens_the_house_rules(page, rules_url)
    context.close()


def test_a_late_discard_allowed_by_house_rules_without_javascript(
    browser: Any, live_server: Any
) -> None:
    """PPR 6.4, H20: a host allows a late discard once, and the ruling says so and cites it."""
    context = browser.new_context(**PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/pineapple/discards/")
    page.get_by_role("link", name="Make house rules from these readings").click()
    page.fill("#id_title", "Late is fine")
    page.get_by_label("The switch: a missed discard noticed after the player acted is made").check()
    assert_fits_phone(page)
    page.get_by_role("button", name="Save these rules").click()
    expect(page.locator("#late_discard")).to_contain_text("Switched")
    rules_url = page.url
    page.get_by_role("link", name="Ask the discard referee under these rules").click()
    page.select_option("#id_situation", "no_discard_after_acting")
    page.fill("#id_player", "Ann")
    assert_fits_phone(page)
    page.get_by_role("button", name="Get the ruling").click()
    expect(page.locator("#verdict")).to_contain_text("Ann must discard one card at once")
    assert_fits_phone(page)
    opens_the_house_rules(page, rules_url)
    context.close()
