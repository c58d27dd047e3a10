"""The phone's offline engine answers as the API does (issue 38): ``scoring.offline`` reads each
game's body by the shapes the serializers export (``referee.offline``) and makes the same engine
call; here it runs in this process, in both languages, against the API on the same bodies
(``tests/browser/test_offline_engine.py`` runs it in Pyodide)."""

from __future__ import annotations

import gettext
import json
from typing import Any

import pytest
from django.http import QueryDict
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games import GAMES
from referee.house_rules import save_house_rule
from referee.offline import links, pages, shapes
from referee.phone import page_body
from referee.views.house import house_body
from scoring.house import PRESETS
from scoring.offline import answer
from tests.referee.bodies import ISLAND_4_3, LAZY_HI_LO, OFC_TABLE
from tests.referee.deals import (
    discard_questions,
    fantasyland_hands,
    island_deals,
    island_typed,
    ofc_tables,
    pineapple_showdowns,
    typed,
)

pytestmark = pytest.mark.django_db
API = {
    "ofc": "/api/ofc/score/",
    "fantasyland": "/api/ofc/fantasyland/",
    "island": "/api/island/showdown/",
    "pineapple": "/api/pineapple/showdown/",
    "discards": "/api/pineapple/discards/",
}
DEALS = {
    "ofc": ofc_tables(),
    "fantasyland": fantasyland_hands(),
    "island": island_deals(),
    "pineapple": pineapple_showdowns(),
    "discards": discard_questions(),
}


def plain(body: dict[str, Any]) -> dict[str, Any]:
    """A deal under the documents' own readings: saved house rules are the server's."""
    return {key: value for key, value in body.items() if key != "house_rules"} | (
        {"house_rules": body["house_rules"]} if isinstance(body.get("house_rules"), list) else {}
    )


def offline(
    game: str, body: Any, language: str, houses: dict[str, Any] | None = None
) -> dict[str, Any]:
    t = gettext.translation("django", "locale", [language], fallback=True)
    return answer(game, json.loads(json.dumps(body)), language, shapes(), links(), t, houses)


def online(client: Any, game: str, body: Any, language: str) -> dict[str, Any]:
    response = client.post(API[game], body, content_type="application/json",
                           headers={"accept-language": language})  # fmt: skip
    answered = response.json()
    if response.status_code == 200:
        answered.pop("case")
        return {"answer": {**answered, "case": None}}
    assert response.status_code == 400, answered
    return answered


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize(
    ("game", "body"),
    [
        ("ofc", OFC_TABLE),
        ("island", ISLAND_4_3),
        ("pineapple", LAZY_HI_LO),
        ("discards", {"game": "pineapple", "situation": "no_discard_at_showdown"}),
        (
            "fantasyland",
            {"ruleset": "joker-ofc", "cards": "Ah Ad Ac Kh Kd Qs Js Ts 9s 8s 5h 4c 3d 2c"},
        ),
    ],
)
def test_worked_examples_answer_alike(client: Any, game: str, body: Any, language: str) -> None:
    mine, theirs = offline(game, body, language), online(client, game, body, language)
    assert mine == theirs


@pytest.mark.parametrize("game", DEALS)
@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_random_deals_answer_alike(client: Any, game: str, data: st.DataObject) -> None:
    """200 deals a game, slips included: the same answer, or the same refusal at the same
    fields, in either language."""
    body = plain(data.draw(DEALS[game]))
    language = data.draw(st.sampled_from(["en", "ja"]))
    assert offline(game, body, language) == online(client, game, body, language)


def kept_houses() -> dict[str, dict[str, dict[str, Any]]]:
    """Saved house rules of each kind, by the field kind that plays them, each as a phone keeps
    it after a page used it online (``GET /api/house-rules/<id>/``'s answer)."""
    made = {
        "ofc": [save_house_rule("Friday", "joker-ofc", {"foul_penalty": 3, "jokers": 1}),
                save_house_rule("", "pineapple-ofc", {"top_pairs": {"aces": 8}})],
        "island": [save_house_rule("Early", "island", dict(PRESETS["island-earlier"].changes))],
        "pineapple": [save_house_rule("Shared", "pineapple",
                                      {"lazy_hi_lo": "shared", "late_discard": "allowed"})],
    }  # fmt: skip
    return {kind: {h.key: house_body(h) for h in houses} for kind, houses in made.items()}


def played_under(game: str, body: dict[str, Any], key: str) -> dict[str, Any]:
    """The deal played under the saved house rules ``key``."""
    if game in ("ofc", "fantasyland"):
        return {**body, "ruleset": key}
    if game == "discards":
        return {**body, "house_rules": [key, *body.get("house_rules", [])]}
    return {**body, "house_rules": key}


HOUSE_KIND = {"ofc": "ofc", "fantasyland": "ofc", "island": "island", "pineapple": "pineapple",
              "discards": "pineapple"}  # fmt: skip


@pytest.mark.parametrize("game", DEALS)
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_deals_under_kept_house_rules_answer_alike(
    client: Any, game: str, data: st.DataObject
) -> None:
    """Saved house rules a page used online are kept on the phone: offline they are played as
    the server plays them (their settings, their citations, their title), in either language."""
    houses = kept_houses()
    key = data.draw(st.sampled_from(sorted(houses[HOUSE_KIND[game]])))
    body = played_under(game, plain(data.draw(DEALS[game])), key)
    language = data.draw(st.sampled_from(["en", "ja"]))
    kept = {k: v for kind in houses.values() for k, v in kind.items()}
    assert offline(game, body, language, kept) == online(client, game, body, language)


@pytest.mark.parametrize("game", ["ofc", "island", "discards"])
def test_kept_house_rules_of_another_game_still_need_the_network(client: Any, game: str) -> None:
    """House rules made for another game are refused at the field on both sides; the phone,
    which does not word the server's reasons, says it needs the network."""
    houses = kept_houses()
    other = {"ofc": "island", "island": "pineapple", "discards": "island"}[game]
    key = next(iter(houses[other]))
    base = {"ofc": OFC_TABLE, "island": ISLAND_4_3,
            "discards": {"game": "lazy", "situation": "discard_timing"}}[game]  # fmt: skip
    body = played_under(game, base, key)
    kept = {k: v for kind in houses.values() for k, v in kind.items()}
    field = "ruleset" if game == "ofc" else "house_rules"
    assert offline(game, body, "en", kept)["errors"] == {
        field: ["this needs the network: the phone's engine plays the built-in rules"]
    }
    assert set(online(client, game, body, "en")["errors"]) == {field}


@pytest.mark.parametrize(
    ("game", "body", "field"),
    [
        ("ofc", {**OFC_TABLE, "ruleset": "house:k3m9x2qa"}, "ruleset"),
        ("island", {**ISLAND_4_3, "house_rules": "house:k3m9x2qa"}, "house_rules"),
        ("discards", {"game": "lazy", "situation": "discard_timing",
                      "house_rules": ["house:k3m9x2qa"]}, "house_rules"),
    ],
)  # fmt: skip
def test_saved_house_rules_need_the_network(game: str, body: Any, field: str) -> None:
    """A table's saved rules the phone has not kept are on the server: it says so at the
    field."""
    assert offline(game, body, "en") == {
        "errors": {field: ["this needs the network: the phone's engine plays the built-in rules"]}
    }
    said = offline(game, body, "ja")["errors"][field][0]
    assert "ネットワーク" in said


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"players": []}, "ruleset", "choose the ruleset"),
        ({**OFC_TABLE, "players": "Ann"}, "players", "Expected a list of items"),
        ({**OFC_TABLE, "players": [{**OFC_TABLE["players"][0], "top": 7}]}, "players.0.top",
         "enter cards as text"),
        ({**OFC_TABLE, "players": [{**OFC_TABLE["players"][0], "in_fantasyland": "yes"}]},
         "players.0.in_fantasyland", "enter true or false"),
    ],
)  # fmt: skip
def test_a_body_of_the_wrong_shape_is_refused_at_its_field(
    client: Any, body: Any, field: str, message: str
) -> None:
    mine, theirs = offline("ofc", body, "en"), online(client, "ofc", body, "en")
    assert message in mine["errors"][field][0]
    assert mine["errors"][field] == theirs["errors"][field]


@pytest.mark.parametrize("game", DEALS)
@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_a_pages_fields_spell_the_same_body_on_the_phone(game: str, data: st.DataObject) -> None:
    """The fields a person fills on a game's page become the same API body on the phone
    (referee/phone.py, from the exported fields) as on the server (Game.page_body)."""
    body = data.draw(DEALS[game])
    fields = island_typed(body) if game == "island" else typed(body)
    posted = QueryDict(mutable=True)
    for name, value in fields.items():
        posted.setlist(name, value if isinstance(value, list) else [value])
    server = next(g for g in GAMES if g.key == game)
    sent = {name: posted.getlist(name) for name in posted}
    assert page_body(pages()[game], game, sent) == server.page_body(server.form(posted))


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_ruleset_that_is_not_one_is_refused_at_its_field(language: str) -> None:
    said = offline("ofc", {**OFC_TABLE, "ruleset": "ofc-nosuch"}, language)["errors"]["ruleset"][0]
    assert "pineapple-ofc" in said and "ofc-nosuch" in said
    assert ("must be one of" in said) == (language == "en")


HIDDEN_RLO = "\u202e"  # right-to-left override: "Ann" could pass for another name


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize(
    ("game", "body", "field"),
    [
        ("ofc", {**OFC_TABLE, "players": [{**OFC_TABLE["players"][0], "name": f"A{HIDDEN_RLO}nn"},
                                          *OFC_TABLE["players"][1:]]}, "players.0.name"),
        ("ofc", {**OFC_TABLE, "players": [{**OFC_TABLE["players"][0], "top": "Qs\u200bQd 7c"},
                                          *OFC_TABLE["players"][1:]]}, "players.0.top"),
        ("pineapple", {**LAZY_HI_LO, "game": f"lazy{HIDDEN_RLO}"}, "game"),
        ("pineapple", {**LAZY_HI_LO, "game": "lazy" * 10}, "game"),
        ("discards", {"game": "pineapple", "situation": "no_discard_at\x07_showdown"},
         "situation"),
    ],
)  # fmt: skip
def test_hidden_characters_are_refused_alike(
    client: Any, game: str, body: Any, field: str, language: str
) -> None:
    """A name, a card text or a choice holding a character that hides or reorders text (or a
    choice longer than any) is refused at its field in the same words on the phone
    (``scoring.texts``, which the server's fields call too)."""
    mine, theirs = offline(game, body, language), online(client, game, body, language)
    assert field in mine["errors"]
    assert mine == theirs
