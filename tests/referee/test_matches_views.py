"""Match pages: start a match (this phone gets the editing), watch it, run it."""

from __future__ import annotations

import re
import uuid

import pytest

from referee import matches
from referee.models import Match, MatchHand
from scoring.cards import parse_cards
from scoring.ofc import PlayerBoard
from tests.referee.match_helpers import ANN, BOB_8, BOB_15, BOB_17, new_match_body

pytestmark = pytest.mark.django_db

NEW = {
    "ruleset": "pineapple-2p-v1",
    "player_1": "Ann",
    "player_2": "Bob",
    "player_3": "",
    "dealer": "1",
    "length": "target:20",
    "custom_target": "",
}


def boards(bob: dict[str, str]) -> list[PlayerBoard]:
    return [
        PlayerBoard(p["name"], *(parse_cards(p[row]) for row in ("top", "middle", "bottom")))
        for p in (ANN, bob)
    ]


def start(client, **changes) -> tuple[Match, str]:
    """Create a match from the page; the client then holds its editing (a cookie)."""
    response = client.post("/matches/new/", {**NEW, **changes})
    assert response.status_code == 302, response.content.decode()
    found = re.fullmatch(r"/matches/([0-9a-f-]+)/edit/\?new=1", response["Location"])
    assert found, response["Location"]
    match = Match.objects.get(pk=found[1])
    return match, f"/matches/{match.id}/edit/"


def test_new_match_page_renders(client):
    """The new-match form asks for the ruleset, the seats, the first dealer and the length."""
    response = client.get("/matches/new/")
    assert response.status_code == 200
    html = response.content.decode()
    for name in ("ruleset", "player_1", "player_2", "player_3", "dealer", "length"):
        assert f'name="{name}"' in html
    assert "First to 50 points" in html


def test_home_page_links_the_match_page(client):
    assert "/matches/new/" in client.get("/").content.decode()


def test_creating_a_match_gives_this_phone_the_editing_and_the_seats_codes(client):
    """The host's phone holds the editing by cookie; its edit page shows a code per seat."""
    match, edit = start(client)
    assert match.players == ["Ann", "Bob"] and match.first_dealer == "Ann"
    assert (match.length_kind, match.length_value) == ("target", 20)
    page = client.get(edit + "?new=1").content.decode()
    assert "Match created" in page and page.count('data-testid="code"') == 3  # 2 seats, editing
    assert page.count("<svg") >= 3  # a QR code each
    watch = client.get(f"/matches/{match.id}/").content.decode()
    assert 'data-testid="code"' not in watch


def test_custom_target_and_first_dealer_seat(client):
    """pineapple-2p-v1 Match end: the host may pick a custom target; OFC-BETA 4.2 first dealer."""
    match, _ = start(client, length="target:custom", custom_target="37", dealer="2")
    assert (match.length_kind, match.length_value, match.first_dealer) == ("target", 37, "Bob")


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"length": "rounds:1"}, "length", "play to a target score"),
        ({"length": "target:custom"}, "custom_target", "whole number"),
        ({"player_2": "ann"}, "player_2", "already seated"),
        ({"player_3": "Cy"}, "__all__", "exactly 2"),
        ({"dealer": "3"}, "dealer", "no player"),
        (
            {"ruleset": "pineapple-ofc", "length": "target:50"},
            "length",
            "last 1 hand or 1 or 2 rounds",
        ),
    ],
)
def test_new_match_errors_appear_at_the_field(client, changes, field, message):
    """OFC-BETA 6.9, pineapple-2p-v1 Number of players and Match end: refusals name the field."""
    response = client.post("/matches/new/", {**NEW, **changes})
    assert response.status_code == 200
    form = response.context["form"]
    errors = form.errors.get(field) or form.non_field_errors()
    assert any(message in error for error in errors), form.errors
    assert not Match.objects.exists()


def test_watch_page_shows_standings_dealer_chart_and_history(client):
    """OFC-BETA 6.6 and 4.2: the totals, who deals next, a chart and each hand's case."""
    match, _ = start(client, length="target:50")
    first = matches.add_hand(match.id, boards(BOB_8), {})
    matches.add_hand(match.id, boards(BOB_17), {})
    response = client.get(f"/matches/{match.id}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Ann deals next" in html
    assert "+25" in html and "-25" in html
    assert "<svg" in html and "<polyline" in html and 'data-hands="2"' in html
    assert first.hand.case.get_absolute_url() in html
    assert 'hx-trigger="every 1.5s"' in html
    assert f'hx-get="/matches/{match.id}/standings/"' in html
    assert "Void" not in html  # no void buttons on the watch page


def test_watch_page_polls_a_partial(client):
    """htmx polling swaps the standings alone, without the page around them."""
    match, _ = start(client)
    matches.add_hand(match.id, boards(BOB_8), {})
    response = client.get(f"/matches/{match.id}/standings/", HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="standings"')
    assert "<html" not in html and "+8" in html


def test_finished_match_says_who_won(client):
    """pineapple-2p-v1 Match end: the first to reach the target wins."""
    match, _ = start(client)
    matches.add_hand(match.id, boards(BOB_8), {})
    matches.add_hand(match.id, boards(BOB_15), {})
    html = client.get(f"/matches/{match.id}/").content.decode()
    assert "Ann wins" in html and "after hand 2" in html
    assert "deals next" not in html


def test_void_mark_in_the_history(client):
    """OFC-BETA 6.6: a void hand stays listed, marked void, and is left out of the totals."""
    match, edit = start(client)
    matches.add_hand(match.id, boards(BOB_8), {})
    matches.add_hand(match.id, boards(BOB_15), {})
    response = client.post(f"{edit}void/2/")
    assert response.status_code == 302
    html = client.get(f"/matches/{match.id}/").content.decode()
    assert "void" in html and "Ann wins" not in html
    assert MatchHand.objects.get(match=match, number=2).void


def test_void_with_htmx_reloads_the_edit_page(client):
    """After a void the next hand's number and dealer change: htmx reloads the page."""
    match, edit = start(client)
    matches.add_hand(match.id, boards(BOB_8), {})
    response = client.post(f"{edit}void/1/", HTTP_HX_REQUEST="true")
    assert response.status_code == 204 and response["HX-Refresh"] == "true"
    html = client.get(edit).content.decode()
    # Hand 1 keeps its number, void; the next is hand 2, dealt again by Ann (house reading H40).
    assert "Hand 2, dealt by Ann" in html and "Add hand 2" in html
    assert "void" in html


@pytest.mark.parametrize(
    "suffix", ["edit/wrong-key/", "edit/", "edit/?key=wrong", "edit/wrong/void/1/", "edit/void/1/"]
)
def test_a_phone_without_the_editing_is_refused(client, suffix):
    """Only a phone holding the editing changes a match: any other answers 403, saying how."""
    match, _ = start(client)
    matches.add_hand(match.id, boards(BOB_8), {})
    client.cookies.clear()
    method = client.post if "void" in suffix else client.get
    response = method(f"/matches/{match.id}/{suffix}")
    assert response.status_code == 403
    assert "Join with a code" in response.content.decode()
    assert not MatchHand.objects.filter(void=True).exists()


def test_an_edit_link_with_the_key_gives_the_editing_and_moves_to_a_key_free_address(client):
    """Edit links from before the cookies keep working: the key is exchanged for the cookie."""
    made = client.post("/api/matches/", new_match_body(), content_type="application/json")
    match_id, key = made.json()["id"], made.json()["edit_key"]
    client.cookies.clear()
    moved = client.get(f"/matches/{match_id}/edit/{key}/")
    assert moved.status_code == 307 and moved["Location"] == f"/matches/{match_id}/edit/"
    assert key not in moved["Location"]
    assert client.get(moved["Location"]).status_code == 200  # the cookie now holds it


@pytest.mark.parametrize("match_id", [str(uuid.uuid4()), "nope"])
def test_unknown_match_is_404(client, match_id):
    assert client.get(f"/matches/{match_id}/").status_code == 404
    assert client.get(f"/matches/{match_id}/edit/key/").status_code == 404


def test_void_unknown_hand_is_404(client):
    match, edit = start(client)
    assert client.post(f"{edit}void/5/").status_code == 404
    assert client.get(f"{edit}void/5/").status_code == 405


def hand_form(bob: dict[str, str], **changes: str) -> dict[str, str]:
    """The OFC form's fields for Ann (seat 1) and Bob (seat 2)."""
    data = {"ruleset": "pineapple-2p-v1", "players-0-name": "Ann", "players-1-name": "Bob"}
    for seat, board in ((1, ANN), (2, bob)):
        for row in ("top", "middle", "bottom"):
            data[f"players-{seat - 1}-{row}"] = board[row]
    return {**data, **changes}


def test_edit_page_has_the_ofc_form_and_void_buttons(client):
    """The edit page adds the OFC hand form to the watch page, and a void button per hand."""
    match, edit = start(client)
    matches.add_hand(match.id, boards(BOB_8), {})
    response = client.get(edit)
    html = response.content.decode()
    for name in ("0-top", "0-middle", "0-bottom", "1-top", "1-discards"):
        assert f'name="players-{name}"' in html
    assert 'name="players-2-top"' not in html  # two seats, two boards
    assert "data-picker" in html
    assert "Hand 2, dealt by Bob" in html
    assert f"/matches/{match.id}/edit/void/1/" in html
    # The edit link leaves no trace on other sites, yet the page's own posts keep their Origin
    # (a no-referrer policy sends "Origin: null", which Django's CSRF check refuses).
    assert response["Referrer-Policy"] == "same-origin" and "no-referrer" not in html


def test_posting_a_hand_on_the_edit_page_adds_it(client):
    """OFC-BETA 6.6: the OFC engine scores the hand and its score goes on the totals."""
    match, url = start(client)
    response = client.post(url, hand_form(BOB_8))
    assert response.status_code == 302  # post, redirect, get: a reload posts nothing again
    html = client.get(response["Location"]).content.decode()
    assert "Hand 1: Ann +8, Bob -8" in html
    assert "Bob deals next" in html
    stored = MatchHand.objects.get(match=match)
    assert stored.scores == {"Ann": 8, "Bob": -8} and stored.dealer == "Ann"
    assert stored.case.entered["players"][0]["top"] == "Qs Qd 7c"
    assert stored.case.get_absolute_url() in html


def test_posting_a_hand_with_htmx_answers_the_entry_and_standings(client):
    """htmx swaps the hand entry and, out of band, the standings."""
    match, url = start(client)
    response = client.post(url, hand_form(BOB_15), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="entry"')
    assert 'hx-swap-oob="true"' in html and "+15" in html
    assert "<html" not in html


def test_hand_errors_appear_at_the_row(client):
    """OFC-BETA 2.1: a card used twice is refused at the row where it was entered again."""
    match, url = start(client)
    response = client.post(url, hand_form(BOB_8, **{"players-1-top": "Qs 8d 3s"}))
    assert response.status_code == 200
    form = response.context["form"]
    assert form.errors.get("players-1-top"), form.errors
    short = client.post(url, hand_form(BOB_8, **{"players-0-middle": "9s 9h"}))
    assert "needs 5 cards, not 2" in " ".join(short.context["form"].errors["players-0-middle"])
    assert not MatchHand.objects.exists()


def test_names_and_ruleset_come_from_the_match(client):
    """The match decides who sits where and which rules apply, whatever the form says."""
    match, url = start(client)
    client.post(url, hand_form(BOB_8, **{"players-0-name": "Mallory", "ruleset": "joker-ofc"}))
    stored = MatchHand.objects.get(match=match)
    assert stored.scores == {"Ann": 8, "Bob": -8}
    assert stored.case.game == "pineapple-2p-v1"


def test_finished_match_offers_no_hand_form(client):
    """pineapple-2p-v1 Match end: after the winner is known no more hands are entered."""
    match, url = start(client)
    client.post(url, hand_form(BOB_8))
    done = client.post(url, hand_form(BOB_15), follow=True).content.decode()
    assert "Ann wins" in done and 'name="players-0-top"' not in done
    again = client.post(url, hand_form(BOB_8))
    assert "the match is over" in again.content.decode()
    assert MatchHand.objects.filter(match=match).count() == 2


def test_joker_ofc_edit_page_says_who_plays_fantasyland(client):
    """JOKER-OFC 7.2: QQ on top earns a 14-card Fantasyland hand next."""
    match, url = start(client, ruleset="joker-ofc", length="rounds:2")
    client.post(url, hand_form(BOB_8, ruleset="joker-ofc"))
    html = client.get(url).content.decode()
    assert "Ann plays this hand in Fantasyland with 14 cards" in html
    watch = client.get(f"/matches/{match.id}/").content.decode()
    assert "plays the next hand in Fantasyland with 14 cards" in watch
