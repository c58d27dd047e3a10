"""Private means private (issue 34), on two phones: the first scores a hand and plays a match
hand; the second opens the rule pages those hands cite and finds no link to either case."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from referee.cases import citation_url, interpretation_url
from referee.models import Case
from scoring.rulings import INTERPRETATIONS
from tests.browser.conftest import PHONE, assert_fits_phone
from tests.referee.match_helpers import ANN, BOB_17
from tests.referee.rules_helpers import load_rules

# OFC-BETA 8.3: Bob's ten-high middle under his king-high top fouls (OFC-BETA 1.2).
BOB_FOULS = {**BOB_17, "middle": "Tc 7s 5d 4h 2d"}


@pytest.fixture
def rules(transactional_db: Any) -> None:
    load_rules()


@pytest.fixture
def phones(browser: Any, live_server: Any, transactional_db: Any) -> Any:
    """Fresh phones, each with its own cookies, that reach only the live server."""
    made: list[Any] = []

    def new() -> Any:
        context = browser.new_context(**PHONE)
        made.append(context)
        phone = context.new_page()
        phone.route(
            "**/*",
            lambda route: (
                route.continue_()
                if route.request.url.startswith(live_server.url)
                else route.abort()
            ),
        )
        return phone

    yield new
    for context in made:
        context.close()


def score_on_the_page(phone: Any, live_server: Any) -> None:
    """Type OFC-BETA 8.3 into the OFC page and score it, as a phone does."""
    phone.goto(live_server.url + "/ofc/")
    for seat, board in (("players-0", ANN), ("players-1", BOB_FOULS)):
        for part, value in board.items():
            phone.fill(f"[name={seat}-{part}]", value)
    phone.get_by_role("button", name="Score the hand").click()
    expect(phone.locator('[data-testid="totals"]')).to_contain_text("+17")


def play_a_match_hand(phone: Any, live_server: Any) -> None:
    """Start a match from the phone and add one hand with its edit key (the phone's cookies)."""
    body = {"ruleset": "pineapple-ofc", "players": ["Ann", "Bob"], "dealer": "Ann", "rounds": 2}
    made = phone.request.post(live_server.url + "/api/matches/", data=body)
    assert made.status == 201, made.text()
    match = made.json()
    added = phone.request.post(
        f"{live_server.url}/api/matches/{match['id']}/hands/",
        data={"players": [ANN, BOB_FOULS]},
        headers={"X-Edit-Key": match["edit_key"]},
    )
    assert added.status == 201, added.text()


def cited_pages(cases: list[Case]) -> list[str]:
    """The article pages the cases cite (a house rule's page lists no cases)."""
    pages = set()
    for case in cases:
        for key in case.cited.strip("|").split("|"):
            url = interpretation_url(key) if key in INTERPRETATIONS else citation_url(key)
            pages.add(url.split("#")[0])
    return sorted(pages)


def test_a_second_phone_sees_no_link_to_the_first_phones_cases(
    phones: Any, live_server: Any, rules: None
) -> None:
    """The first phone's two cases (a scored hand, a match hand) cite OFC-BETA 1.2 and more;
    the second phone opens every one of those pages, and /rules/ and the case log, and finds
    no link to them; the first phone finds both, and one tap opens its case."""
    first = phones()
    score_on_the_page(first, live_server)
    play_a_match_hand(first, live_server)
    cases = list(Case.objects.order_by("created"))
    assert len(cases) == 2 and len({case.maker for case in cases}) == 1
    pages = cited_pages(cases)
    assert "/rules/OFC-BETA/1-2/" in pages

    second = phones()
    second.goto(live_server.url + "/rules/")
    second.locator('.documents a[href="/rules/OFC-BETA/"]').tap()
    second.wait_for_url("**/rules/OFC-BETA/")
    second.locator('[id="1-2"] a.number').tap()
    second.wait_for_url("**/rules/OFC-BETA/1-2/")
    for url in [*pages, "/rules/", "/cases/", "/cases/?citation=OFC-BETA+1.2"]:
        if second.url != live_server.url + url:
            second.goto(live_server.url + url)
        for case in cases:
            assert second.locator(f'a[href*="{case.pk}"]').count() == 0, (url, case.pk)
            assert str(case.pk) not in second.content(), url
        assert second.locator(".cited-by .case-list").count() == 0, url
        assert second.locator(".case-list a").count() == 0, url
    second.goto(live_server.url + "/rules/OFC-BETA/1-2/")
    expect(second.locator(".cited-by")).to_contain_text(
        "No case this phone made or anyone published cites this article yet."
    )
    assert_fits_phone(second)

    first.goto(live_server.url + "/rules/OFC-BETA/1-2/")
    for case in cases:
        expect(first.locator(f'.cited-by a[href="{case.get_absolute_url()}"]')).to_be_visible()
    assert_fits_phone(first)
    first.locator(f'.cited-by a[href="{cases[-1].get_absolute_url()}"]').tap()
    first.wait_for_url(f"**{cases[-1].get_absolute_url()}")
    expect(first.locator("main")).to_contain_text("Bob")
