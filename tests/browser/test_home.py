"""The home page on a phone: it fits, and it links to each part of the app."""

from tests.browser.conftest import assert_fits_phone


def test_home_fits_a_phone_and_links_to_the_rules(page, live_server):
    page.goto(live_server.url + "/")
    assert page.locator("h1").inner_text() == "Pineapple Referee"
    assert_fits_phone(page)
    assert page.get_by_role("link", name="Rules").first.is_visible()
