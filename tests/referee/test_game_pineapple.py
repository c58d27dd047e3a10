"""The Pineapple pages: /pineapple/ (showdown) and /pineapple/discards/ (discard referee)."""

from __future__ import annotations

from typing import Any

from referee.models import Case

URL = "/pineapple/"
RULING_URL = "/pineapple/discards/"
# DESIGN.md's example: Lazy hi-lo, A's 3h 4h make a wheel (best high and best low).
LAZY = {
    "game": "lazy",
    "hi_lo": "on",
    "board": "Ah 7d 5c Kd 2s",
    "players-0-name": "Ann",
    "players-0-hole": "3h 4h Qs",
    "players-1-name": "Bob",
    "players-1-hole": "Kc Ks 8d",
}


def post(client: Any, url: str, data: dict[str, Any], htmx: bool = False) -> Any:
    """Post as the page does; a plain post that is decided redirects to its result (PRG)."""
    if htmx:
        return client.post(url, data, HTTP_HX_REQUEST="true")
    return client.post(url, data, follow=True)


def test_showdown_page_renders_an_empty_form(client: Any, db: Any) -> None:
    """PPR 1.4, 1.5: the version, the board and ten seats; no result yet."""
    response = client.get(URL)
    assert response.status_code == 200
    html = response.content.decode()
    names = ("game", "hi_lo", "board", "players-0-hole", "players-9-hole", "players-9-contributed")
    for name in (*names, "pot", "button"):
        assert f'name="{name}"' in html
    assert "data-picker" in html and "Lazy Pineapple" in html
    assert 'id="verdict"' not in html


def test_post_without_htmx_renders_the_whole_page_with_the_result(client: Any, db: Any) -> None:
    """PPR 7.3: Ann's wheel wins both halves; the page names her and cites the article."""
    response = post(client, URL, LAZY)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html
    assert "High: Ann" in html and "Low: Ann" in html
    assert "Five-high straight" in html and "Five low" in html
    assert "/rules/PPR/7-3/" in html and "house reading H8" in html
    case = Case.objects.get()
    assert case.game == "lazy" and case.result["high_winners"] == ["Ann"]
    assert case.get_absolute_url() in html


def test_post_with_htmx_renders_the_result_alone_answer_first(client: Any, db: Any) -> None:
    """PPR 7.1: the htmx answer is the result alone (winners first); the form stays as typed."""
    html = post(client, URL, LAZY, htmx=True).content.decode()
    assert "<html" not in html and 'id="showdown"' not in html
    assert html.index("High: Ann") < html.index("Hands") < html.index("Rulings")
    assert 'name="board"' not in html


# PPR 7.1: Ann is all in for 20, Bob and Cat put in 50 each, so there is a side pot.
SIDE_POTS = {
    **LAZY,
    "players-0-contributed": "20",
    "players-1-contributed": "50",
    "players-2-name": "Cat",
    "players-2-hole": "6h 8h 9c",
    "players-2-contributed": "50",
    "button": "2",
}


def test_chips_with_side_pots_are_shown(client: Any, db: Any) -> None:
    """PPR 7.1, H9: Ann all in for 20 takes the main pot; Bob and Cat split the side pot."""
    data = {
        **SIDE_POTS,
        "players-3-name": "Dan",
        "players-3-folded": "on",
        "players-3-contributed": "40",
    }
    response = post(client, URL, data)
    html = response.content.decode()
    assert "Side pot 1" in html
    case = Case.objects.get()
    wins = {player["name"]: player["wins"] for player in case.result["players"]}
    assert wins == {"Ann": 80, "Bob": 40, "Cat": 40, "Dan": 0}


def test_a_hi_lo_verdict_names_each_pots_high_and_low(client: Any, db: Any) -> None:
    """Ann (all in for 20) scoops the main pot with the wheel; the side pot's high is Bob's and
    its low Cat's: the verdict says so, not the main pot's winners alone (issue 37)."""
    html = post(client, URL, SIDE_POTS, htmx=True).content.decode()
    verdict = html[html.index('id="verdict"') : html.index("</div>", html.index('id="verdict"'))]
    pots = Case.objects.get().result["pots"]
    assert [pot["low_winners"] for pot in pots] == [["Ann"], ["Cat"]]
    for pot in pots:
        line = verdict[verdict.index(pot["name"]) :].split("</li>")[0]
        assert f"High: {' and '.join(pot['high_winners'])}" in line
        assert f"Low: {' and '.join(pot['low_winners'])}" in line


def test_a_dead_hand_is_marked(client: Any, db: Any) -> None:
    """PPR 6.4, 7.2: three cards at a Pineapple showdown make a dead hand."""
    data = {
        "game": "pineapple",
        "board": "2h 7c 9s Jd 3c",
        "players-0-hole": "As Ad Ac",
        "players-1-hole": "Kd Kc",
    }
    html = post(client, URL, data).content.decode()
    assert "dead hand" in html and "Player 2 wins" in html


def test_a_card_error_appears_at_its_field(client: Any, db: Any) -> None:
    """PPR 1.2: a card typed twice is named at the field where it repeats."""
    data = {**LAZY, "players-1-hole": "Kc Ks 3h"}
    response = post(client, URL, data)
    html = response.content.decode()
    assert response.status_code == 200
    assert "3h is in Ann&#x27;s hole and in Bob&#x27;s hole" in html
    assert Case.objects.count() == 0
    form = response.context["form"]
    assert "players-1-hole" in form.errors


def test_bad_card_text_appears_at_its_field(client: Any, db: Any) -> None:
    """PPR 1.2: text that is not a card is refused at the board field."""
    response = post(client, URL, {**LAZY, "board": "Ah 7d 5c Kd Zz"})
    assert "board" in response.context["form"].errors


def test_button_on_an_empty_seat_is_refused_at_the_button(client: Any, db: Any) -> None:
    """PPR 2.1: the button sits at a player's seat."""
    response = post(client, URL, {**LAZY, "pot": "10", "button": "7"})
    assert "button" in response.context["form"].errors


def test_contribution_error_lands_on_that_players_chips(client: Any, db: Any) -> None:
    """PPR 7.1: with one player's chips given, every player's are needed."""
    response = post(client, URL, {**LAZY, "players-0-contributed": "10"})
    assert "players-1-contributed" in response.context["form"].errors


def test_too_few_players_is_a_form_error_not_a_500(client: Any, db: Any) -> None:
    """PPR 1.4: two to ten players."""
    data = {"game": "pineapple", "board": "2h 7c 9s Jd 3c", "players-0-hole": "As Ad"}
    response = post(client, URL, data)
    assert response.status_code == 200
    assert "2 to 10 players" in response.content.decode()


def test_ruling_page_renders(client: Any, db: Any) -> None:
    """PPR 6: the referee's form lists the situations and the timings."""
    html = client.get(RULING_URL).content.decode()
    assert 'name="situation"' in html and 'name="timing"' in html
    assert "Discarded the wrong card" in html


def test_ruling_post_gives_the_decision_first(client: Any, db: Any) -> None:
    """PPR 6.5: bound by the wrong discard; the answer and its citation link."""
    data = {"game": "crazy", "situation": "wrong_card_discarded", "player": "Ann"}
    response = post(client, RULING_URL, data)
    html = response.content.decode()
    assert "<html" in html
    assert "Ann is bound by the discard" in html
    assert "/rules/PPR/6-5/" in html
    assert Case.objects.get().game == "discards"


def test_ruling_post_with_htmx_renders_the_ruling_alone(client: Any, db: Any) -> None:
    """PPR 6.4: Lazy three cards at showdown: no irregularity."""
    data = {"game": "lazy", "situation": "no_discard_at_showdown"}
    html = post(client, RULING_URL, data, htmx=True).content.decode()
    assert "<html" not in html and 'id="ruling"' not in html and 'name="situation"' not in html
    assert "No irregularity" in html


def test_ruling_timing_of_another_version_is_an_error_at_timing(client: Any, db: Any) -> None:
    """PPR 3.3, 4.3: a timing belongs to its version."""
    data = {"game": "crazy", "situation": "discard_timing", "timing": "at_deal"}
    response = post(client, RULING_URL, data)
    assert "timing" in response.context["form"].errors
    assert Case.objects.count() == 0


def test_ruling_house_rule_switches_the_late_discard(client: Any, db: Any) -> None:
    """PPR 6.4, H20: with the house rule, a late discard is made at once instead of a dead hand."""
    data = {"game": "pineapple", "situation": "no_discard_after_acting", "player": "Ann"}
    assert "Ann&#x27;s hand is dead" in post(client, RULING_URL, data).content.decode()
    switched = {**data, "house_rules": ["late_discard_allowed"]}
    html = post(client, RULING_URL, switched).content.decode()
    assert "Ann must discard one card at once" in html
    assert Case.objects.order_by("created").last().entered["house_rules"] == [
        "late_discard_allowed"
    ]
