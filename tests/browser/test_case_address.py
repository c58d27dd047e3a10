"""Issue 37, the address holds the result (and issue 35, the answer is the verdict alone): on a
390x844 touch phone, in English and Japanese.

A scripted submit swaps the verdict in beside the form, which stays as it was typed, and pushes
the case's address (``?case=``), so a reload, Back from a citation, or the address opened
afresh shows the same verdict with the cards still in their fields, ready to change and score
again. No page logs a console error (the ``phone`` fixture fails the test on one).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser import test_picker_corrections as corrections
from tests.browser.conftest import assert_fits_phone
from tests.browser.test_picker_corrections import card, in_row, score, type_boards, values
from tests.referee.rules_helpers import load_rules

phone = corrections.phone  # the fixture: a touch phone in English, then in Japanese
CASE = re.compile(r"\?case=[0-9a-f-]{36}$")


def verdict(page: Any) -> Any:
    return page.locator("#outcome > section.result")


def page_key(page: Any) -> str:
    return page.locator("form[hx-post] input[name=idempotency_key]").input_value()


def scores(page: Any) -> list[str]:
    return page.locator('[data-testid="score"]').all_inner_texts()


def test_a_scripted_submit_pushes_the_case_and_a_reload_shows_it_with_the_cards(
    phone: Any, live_server: Any
) -> None:
    page = phone
    page.goto(live_server.url + "/ofc/")
    before = type_boards(page, 3)
    key = page_key(page)
    # The form is the same element after the answer: it was not swapped, only the verdict.
    page.evaluate("document.querySelector('form[hx-post]').dataset.kept = 'yes'")
    score(page)
    assert CASE.search(page.url), page.url
    assert scores(page) == ["+12", "-11", "-1"]
    assert page.locator("form[hx-post][data-kept=yes]").count() == 1
    assert values(page) == before
    assert page_key(page) != key  # a fresh key came out of band for the next submit
    assert_fits_phone(page)
    address = page.url
    page.reload()
    expect(verdict(page)).to_be_visible()
    assert page.url == address and scores(page) == ["+12", "-11", "-1"]
    assert values(page) == before  # every card still in its field


def test_back_from_a_citation_shows_the_verdict_and_the_cards(phone: Any, live_server: Any):
    page = phone
    load_rules()  # the rule documents the citations open
    page.goto(live_server.url + "/ofc/")
    before = type_boards(page, 3)
    score(page)
    address = page.url
    page.evaluate("document.querySelectorAll('#outcome details').forEach(d => d.open = true)")
    citation = page.locator("#outcome .rulings a.citation").first
    with page.expect_navigation():
        citation.tap()
    assert "/rules/" in page.url
    expect(page.locator("h1")).to_be_visible()
    page.go_back()
    expect(verdict(page)).to_be_visible()
    assert page.url == address and scores(page) == ["+12", "-11", "-1"]
    assert values(page) == before


def test_one_card_changed_and_scored_again_is_a_new_case_and_back_returns_to_the_first(
    phone: Any, live_server: Any
) -> None:
    page, words = phone, phone.words
    page.goto(live_server.url + "/ofc/")
    before = type_boards(page, 3)
    score(page)
    first = page.url
    # Undo's history lives on in the form the answer left in place: 4d changed to 8s, in 2 taps.
    in_row(page, "players-0-middle", words["change"].format(card="4\u2666")).tap()
    card(page, "8s").tap()
    changed = values(page)
    assert changed == {**before, "players-0-middle": "9s 9h 4c 8s 2s"}
    score(page)
    second = page.url
    assert CASE.search(second) and second != first
    # Back: the first case, its verdict and its cards (htmx asks the server: it keeps no copy).
    page.go_back()
    expect(page.locator("#id_players-0-middle")).to_have_value("9s 9h 4c 4d 2s")
    assert page.url == first and values(page) == before
    expect(verdict(page)).to_be_visible()
    # Forward: the second again.
    page.go_forward()
    expect(page.locator("#id_players-0-middle")).to_have_value("9s 9h 4c 8s 2s")
    assert page.url == second and values(page) == changed
    expect(verdict(page)).to_be_visible()


def test_a_verdict_after_a_refusal_takes_the_refusals_marks_away(phone: Any, live_server: Any):
    page = phone
    page.goto(live_server.url + "/ofc/")
    type_boards(page, 2)
    page.locator("#id_players-1-bottom").fill("6c 7d 8c 9c Qs")  # Qs is in Ann's top row too
    page.locator("form[hx-post] button[type=submit]").tap()
    expect(page.locator("[data-problems]")).to_be_visible()
    assert "?case=" not in page.url
    form = page.locator("form[hx-post]")
    assert form.locator(".field-error").count() >= 1
    page.locator("#id_players-1-bottom").fill("6c 7d 8c 9c Td")
    score(page)
    assert CASE.search(page.url)
    for marks in ("[data-problems]", ".field-error", ".errorlist", "[aria-invalid]"):
        assert form.locator(marks).count() == 0, marks


def fill_fantasyland(page: Any) -> None:
    page.select_option("[name=ruleset]", "pineapple-2p-v1")
    page.locator("[name=cards]").fill("Ah Ad Ac Kh Kd Qs Js Ts 9s 8s 5h 4c 3d 2c")


def fill_island(page: Any) -> None:
    board = {"first_set-0": "Kh", "first_set-1": "4c", "second_set-0": "9s",
             "second_set-1": "9d", "turn": "Jh", "river-0": "Qh", "river-1": "3d",
             "players-0-name": "A", "players-0-hole": "Th 8c", "players-1-name": "B",
             "players-1-hole": "9c 4s"}  # fmt: skip
    for name, value in board.items():
        page.locator(f"#id_{name}").fill(value)


def fill_showdown(page: Any) -> None:
    page.locator("input[name=game][value=lazy]").check()
    page.locator("input[name=hi_lo]").check()
    fields = {"board": "Ah 7d 5c Kd 2s", "players-0-name": "Ann", "players-0-hole": "3h 4h Qs",
              "players-1-name": "Bob", "players-1-hole": "Kc Ks 8d"}  # fmt: skip
    for name, value in fields.items():
        page.locator(f"#id_{name}").fill(value)


def fill_discards(page: Any) -> None:
    page.locator("input[name=game][value=crazy]").check()
    page.select_option("[name=situation]", "wrong_card_discarded")
    page.locator("[name=player]").fill("Ann")


GAMES: dict[str, tuple[str, Callable[[Any], None]]] = {
    "fantasyland": ("/ofc/fantasyland/", fill_fantasyland),
    "island": ("/island/", fill_island),
    "showdown": ("/pineapple/", fill_showdown),
    "discards": ("/pineapple/discards/", fill_discards),
}


def form_state(page: Any) -> dict[str, Any]:
    """Every field of the page's form as the person left it (the key aside)."""
    return page.evaluate(
        "() => Object.fromEntries([...document.querySelector('form[hx-post]').elements]"
        ".filter(e => e.name && e.name !== 'idempotency_key' && e.name !== 'csrfmiddlewaretoken')"
        ".map(e => [e.name + (e.type === 'radio' ? '=' + e.value : ''),"
        " e.type === 'checkbox' || e.type === 'radio' ? e.checked : e.value]))"
    )


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_pushes_its_case_and_a_reload_shows_it(
    phone: Any, live_server: Any, game: str
) -> None:
    """The other four pages as the OFC page: the verdict alone swapped in, the address pushed,
    and a reload shows the verdict with the form as it was sent."""
    page = phone
    path, fill = GAMES[game]
    page.goto(live_server.url + path)
    fill(page)
    before = form_state(page)
    page.evaluate("document.querySelector('form[hx-post]').dataset.kept = 'yes'")
    page.locator("form[hx-post] button[type=submit]").tap()
    expect(verdict(page)).to_be_visible()
    expect(page).to_have_url(re.compile(re.escape(path) + CASE.pattern))
    assert page.locator("form[hx-post][data-kept=yes]").count() == 1
    text = verdict(page).locator(".verdict, [data-testid=best-royalties]").first.inner_text()
    address = page.url
    page.reload()
    expect(verdict(page)).to_be_visible()
    assert page.url == address
    assert (
        verdict(page).locator(".verdict, [data-testid=best-royalties]").first.inner_text() == text
    )
    assert form_state(page) == before
    assert_fits_phone(page)
