"""A ruleset is one entry (issue 36): a profile added to ``scoring.rulesets.RULESETS`` is offered
by every page and form with its help, with no other file touched.

The extra profile here is pineapple-2p-v1 with its own key and name, a third seat, one Joker and
a 15-card Fantasyland, so each help line that follows from the entry differs from every built-in
profile's.
"""

from __future__ import annotations

import html
from dataclasses import replace

import pytest

from referee import validation
from scoring import rulesets
from scoring.hands import Category
from scoring.messages import say
from scoring.rulesets import PINEAPPLE_2P_V1, FantasylandEntry

pytestmark = pytest.mark.django_db

KEY = "seven-up-ofc"
TITLE = "Seven-up OFC (house test)"
DESCRIPTION = "Seven-up OFC: 2 or 3 players; 53 cards with 1 Joker (X); Fantasyland 15 cards."


@pytest.fixture
def extra(monkeypatch):
    """Register one more profile, as a new entry in scoring/rulesets.py would."""
    assert PINEAPPLE_2P_V1.fantasyland is not None
    entry = replace(
        PINEAPPLE_2P_V1,
        key=KEY,
        name=say("Seven-up OFC"),
        title=say("Seven-up OFC (house test)"),
        max_players=3,
        jokers=1,
        fantasyland=replace(
            PINEAPPLE_2P_V1.fantasyland, entries=(FantasylandEntry(Category.PAIR, 12, 15),)
        ),
    )
    monkeypatch.setitem(rulesets._ENTRIES, KEY, entry)
    # A process validates with one serializer per class (referee/validation.py), made at
    # its first request: an entry in rulesets.py is there before it, one added now is not.
    validation._instance.cache_clear()
    yield entry
    validation._instance.cache_clear()


def page(client, url: str) -> str:
    answer = client.get(url)
    assert answer.status_code == 200, url
    return html.unescape(answer.content.decode())


def test_the_ofc_page_offers_it_with_its_help_and_its_jokers(client, extra):
    text = page(client, "/ofc/")
    assert f'<option value="{KEY}">{TITLE}</option>' in text
    assert f'data-ruleset="{KEY}">{DESCRIPTION}' in text
    assert f'href="/rules/house/new/?from={KEY}"' in text
    pickers = text.split('data-joker-rulesets="')[1].split('"')[0].split()
    assert KEY in pickers and "joker-ofc" in pickers


def test_the_ofc_page_and_api_score_under_it(client, extra):
    boards = [
        {"name": "Ann", "top": "Qs Qd 7c", "middle": "9s 9h 4c 4d 2s", "bottom": "Ah Jh 8h 6h 3h"},
        {"name": "Bob", "top": "2c 3d 5h", "middle": "Kc Kd 8c 8d 6s", "bottom": "Tc Ts Td 7d 7h"},
    ]
    answer = client.post(
        "/api/ofc/score/", {"ruleset": KEY, "players": boards}, content_type="application/json"
    )
    assert answer.status_code == 200, answer.content
    assert answer.json()["ruleset"] == KEY
    # Its Fantasyland: queens on top earn its 15 cards, not pineapple-2p-v1's 14.
    ann = answer.json()["players"][0]
    assert ann["fantasyland"]["cards"] == 15


def test_the_setter_offers_it_with_its_deal(client, extra):
    text = page(client, "/ofc/fantasyland/")
    assert f'<option value="{KEY}">{TITLE}</option>' in text
    assert f"{TITLE} deals 15 cards." in text
    assert KEY in text.split('data-joker-rulesets="')[1].split('"')[0].split()


def test_the_setter_does_not_offer_a_profile_without_fantasyland(client, monkeypatch):
    plain = replace(rulesets.PINEAPPLE_OFC, key=KEY, title=say("Seven-up OFC (house test)"))
    monkeypatch.setitem(rulesets._ENTRIES, KEY, plain)
    assert f'value="{KEY}"' not in page(client, "/ofc/fantasyland/")
    assert f'<option value="{KEY}">{TITLE}</option>' in page(client, "/ofc/")


def test_the_match_form_offers_it_with_its_seats_and_lengths(client, extra):
    text = page(client, "/matches/new/")
    assert f'<option value="{KEY}">{TITLE}</option>' in text
    assert f"{TITLE}: 2 or 3 players; play to a target score." in text


def test_the_house_rules_form_offers_it_with_its_help(client, extra):
    text = page(client, "/rules/house/new/")
    assert f'href="?from={KEY}"' in text and ">Seven-up OFC</a>" in text
    chosen = page(client, f"/rules/house/new/?from={KEY}")
    assert f'data-testid="base-help">{DESCRIPTION}</p>' in chosen
    assert f'name="base" value="{KEY}"' in chosen
    # Its own values are the form's: one Joker, a 15-card Fantasyland for queens.
    saved = client.post(
        "/api/house-rules/",
        {"title": "Ours", "base": KEY, "changes": {"foul_penalty": 3}},
        content_type="application/json",
    )
    assert saved.status_code == 201, saved.content


def test_without_the_entry_no_page_offers_it(client):
    for url in ("/ofc/", "/ofc/fantasyland/", "/matches/new/", "/rules/house/new/"):
        assert KEY not in page(client, url)


def test_japanese_pages_say_its_help_from_the_catalogue(client, extra):
    """The built-in profiles' help lines are catalogue entries: said in Japanese on the page."""
    client.cookies["django_language"] = "ja"
    text = page(client, "/ofc/")
    assert "ジョーカーOFC：2か3人、デッキ54枚" in text
    assert "Pineapple OFC: 2 or 3 players" not in text
    # The extra entry has no Japanese in the catalogue: its own words are kept.
    assert "Seven-up OFC" in text
