"""The rule library and a case on a phone: they fit 390 pixels and one tap opens an article."""

from __future__ import annotations

import pytest

from referee.cases import record_case
from scoring.rulings import Ruling
from tests.browser.conftest import assert_fits_phone
from tests.referee.rules_helpers import load_rules


@pytest.fixture
def rules(transactional_db):
    load_rules()


def test_document_page_fits_a_phone_and_opens_an_article(page, live_server, rules):
    """/rules/OPR-538/ reads on a 390-pixel phone; tapping an article number opens it."""
    page.goto(live_server.url + "/rules/OPR-538/")
    assert_fits_phone(page)
    page.locator('[id="1-3-a"] a.number').click()
    page.wait_for_url("**/rules/OPR-538/1-3-a/")
    assert "OPR-538 1.3(a)" in page.locator("h1").inner_text()
    assert_fits_phone(page)


def test_rules_index_links_to_each_document_and_search_works(page, live_server, rules):
    """From /rules/ a tap opens a document, and the search box finds an article."""
    page.goto(live_server.url + "/rules/")
    assert_fits_phone(page)
    page.get_by_role("link", name="Joker OFC").first.click()
    page.wait_for_url("**/rules/JOKER-OFC/")
    assert_fits_phone(page)
    page.goto(live_server.url + "/rules/")
    page.get_by_label("Search the rules").fill("deuce")
    page.get_by_role("button", name="Search").click()
    page.wait_for_url("**/rules/search/?q=deuce")
    page.locator(".search-results a").first.click()
    page.wait_for_url("**/rules/**/")
    assert_fits_phone(page)


@pytest.mark.parametrize("document", ["OFC-BETA", "PPR", "pineapple-2p-v1", "JOKER-OFC"])
def test_every_document_fits_a_phone(page, live_server, rules, document):
    """No document scrolls sideways on a phone."""
    page.goto(f"{live_server.url}/rules/{document}/")
    assert_fits_phone(page)


def test_case_page_fits_a_phone_and_its_ruling_opens_the_article(page, live_server, rules):
    """A case link opened on another phone shows the ruling; a tap opens it (rulings are
    folded to a line), and one more its article."""
    case = record_case(
        "pineapple-2p-v1",
        {"ruleset": "pineapple-2p-v1", "players": [{"name": "Ann", "top": "Qs Qd 7c"}]},
        {"players": [{"name": "Ann", "score": 6}, {"name": "Bob", "score": -6}]},
        [Ruling("pineapple-2p-v1 Fantasyland qualification", "Ann", "Queens qualify.")],
    )
    page.goto(live_server.url + case.get_absolute_url())
    assert_fits_phone(page)
    page.locator(".rulings details.ruling > summary", has_text="Queens qualify.").tap()
    page.get_by_role("link", name="pineapple-2p-v1 Fantasyland qualification").click()
    page.wait_for_url("**/rules/pineapple-2p-v1/fantasyland-qualification/")
    assert_fits_phone(page)
    page.goto(live_server.url + "/cases/")
    assert_fits_phone(page)
