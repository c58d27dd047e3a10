"""The Island Pineapple page (/island/): renders, referees with and without htmx, shows errors."""

from __future__ import annotations

from typing import Any

import pytest

from referee.models import Case

URL = "/island/"
# OPR-538 4.3's example, one card per board place as the page lays them out.
EXAMPLE = {
    "first_set-0": "Kh",
    "first_set-1": "4c",
    "second_set-0": "9s",
    "second_set-1": "9d",
    "turn": "Jh",
    "river-0": "Qh",
    "river-1": "3d",
    "players-0-name": "A",
    "players-0-hole": "Th 8c",
    "players-1-name": "B",
    "players-1-hole": "9c 4s",
}


def post(client: Any, data: dict[str, Any], htmx: bool = False) -> Any:
    """Post as the page does; a plain post that is decided redirects to its result (PRG)."""
    if htmx:
        return client.post(URL, data, HTTP_HX_REQUEST="true")
    return client.post(URL, data, follow=True)


def test_page_lays_out_the_board_as_dealt(client: Any, db: Any) -> None:
    """OPR-538 2.2, 3.4: seven board places, first set and river in columns, then players."""
    response = client.get(URL)
    assert response.status_code == 200
    html = response.content.decode()
    for name in ("first_set", "second_set", "river"):
        assert f'name="{name}-0"' in html and f'name="{name}-1"' in html
    assert 'name="turn"' in html
    assert 'name="players-0-hole"' in html and 'name="players-6-hole"' in html
    assert "data-picker" in html and "Phantom Ship" in html
    assert 'id="verdict"' not in html


def test_post_without_htmx_renders_the_whole_page_with_the_winner(client: Any, db: Any) -> None:
    """OPR-538 4.3: B's full house beats A's straight; the page names B and cites 4.3."""
    response = post(client, EXAMPLE)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html
    assert "B wins" in html
    assert "Nines full of fours" in html
    assert "OPR-538 4.3" in html and "/rules/OPR-538/4-3/" in html
    case = Case.objects.get()
    assert case.game == "island" and case.result["winners"] == ["B"]
    assert case.get_absolute_url() in html


def test_post_with_htmx_renders_only_the_result(client: Any, db: Any) -> None:
    """OPR-538 4.3: an htmx request gets the verdict alone (the form stays), winner first."""
    response = post(client, EXAMPLE, htmx=True)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html and 'id="island"' not in html and 'name="turn"' not in html
    assert html.lstrip().startswith('<section class="result"')
    assert html.index("B wins") < html.index("Each player")


def test_wild_cards_are_shown_with_what_they_stood_for(client: Any, db: Any) -> None:
    """OPR-538 1.3(a): the deuce beside Ts Js Qs Ks stands for the 9s, and the page says so."""
    data = {
        **EXAMPLE,
        "first_set-0": "Ts",
        "second_set-0": "Js",
        "second_set-1": "Qs",
        "turn": "Ks",
        "players-0-hole": "2s 8c",
        "players-1-hole": "9c 4s",
    }
    html = post(client, data).content.decode()
    assert "2s as 9s" in html
    assert "King-high straight flush" in html
    assert "suit-s used-hole wild" in html  # the hole deuce is marked both used and wild


def test_phantom_ship_caller_from_the_page(client: Any, db: Any) -> None:
    """OPR-538 5.1: trips matched on the board, marked as the caller, win the pot."""
    data = {
        **EXAMPLE,
        "first_set-0": "7d",
        "players-0-hole": "7s 7h 7c",
        "players-1-hole": "As Ad Qd",
        "variants": ["phantom_ship"],
        "phantom_ship-caller": "0",
    }
    html = post(client, data).content.decode()
    assert "A wins" in html
    assert "Phantom Ship caller" in html


@pytest.mark.parametrize(
    ("change", "field_message"),
    [
        ({"players-1-hole": "9c Kh"}, "Kh is in the first set and in B&#x27;s hole"),
        ({"players-0-hole": "Th 8c 7c"}, "A&#x27;s hole needs two after the Pineapple discard"),
        ({"river-1": "Kh"}, "Kh is in the first set and in the split river"),
        ({"turn": "Zz"}, "is not a card"),
        ({"players-1-hole": "", "players-1-name": ""}, "2 to 7 players still in the hand"),
        ({"table_size": "9"}, "a table has 3 to 7 players"),
        ({"phantom_ship-caller": "4"}, "&#x27;Player 5&#x27; is not one of the players: A, B"),
    ],
)
def test_errors_appear_at_the_field(
    client: Any, db: Any, change: dict[str, str], field_message: str
) -> None:
    """OPR-538 1.1, 3.3: bad input is shown in words at its place, and no case is recorded."""
    response = post(client, {**EXAMPLE, **change}, htmx=True)
    html = response.content.decode()
    assert response.status_code == 200
    assert field_message in html
    assert "errorlist" in html
    assert 'id="verdict"' not in html
    assert not Case.objects.exists()


def test_garbage_post_never_raises(client: Any, db: Any) -> None:
    """Whatever is posted, the page answers (errors, not a 500)."""
    garbage = {"first_set-0": "\x00", "players-0-hole": "X" * 500, "variants": ["nope"]}
    response = post(client, garbage)
    assert response.status_code == 200
    assert "errorlist" in response.content.decode()


def test_the_answer_page_marks_the_caller_again(client: Any, db: Any) -> None:
    """OPR-538 5.1: shown again after the redirect, the form still marks who called."""
    data = {
        **EXAMPLE,
        "first_set-0": "7d",
        "players-0-hole": "7s 7h 7c",
        "players-1-hole": "As Ad Qd",
        "phantom_ship-caller": "0",
    }
    answer = client.get(client.post(URL, data)["Location"])
    form = answer.context["form"]
    assert form["phantom_ship-caller"].value() == "0"
    assert form["first_set-0"].value() == "7d" and form["river-1"].value() == "3d"
    assert "A wins" in answer.content.decode()
