"""House rules on Island Pineapple: a host switches a reading once, the showdown plays it.

OPR-538 1.3(b), H1: Ann's 2s As with 3s 4s 5s of board 1 is a five-high straight flush read
plainly, six high when the host switches H1 to the earlier reading.
"""

from __future__ import annotations

from typing import Any

import pytest

from referee.models import Case, HouseRule

pytestmark = pytest.mark.django_db
API = "/api/island/showdown/"
WHEEL = {
    "first_set": "3s Kc",
    "second_set": "4s 5s",
    "turn": "9d",
    "river": "Qh Jc",
    "players": [{"name": "Ann", "hole": "2s As"}, {"name": "Bob", "hole": "Jd Jh"}],
}
PAGE_WHEEL = {
    "first_set-0": "3s",
    "first_set-1": "Kc",
    "second_set-0": "4s",
    "second_set-1": "5s",
    "turn": "9d",
    "river-0": "Qh",
    "river-1": "Jc",
    "players-0-name": "Ann",
    "players-0-hole": "2s As",
    "players-1-name": "Bob",
    "players-1-hole": "Jd Jh",
}


def save(client: Any, changes: dict[str, Any], base: str = "island") -> dict[str, Any]:
    made = client.post("/api/house-rules/", {"title": "Our table", "base": base,
                       "changes": changes}, content_type="application/json")  # fmt: skip
    assert made.status_code == 201, made.content
    return made.json()


def showdown(client: Any, body: dict[str, Any]) -> Any:
    return client.post(API, body, content_type="application/json")


def test_plain_readings_by_default(client: Any) -> None:
    answer = showdown(client, WHEEL).json()
    assert answer["players"][0]["best"]["hand"] == "Five-high straight flush"
    assert answer["readings"] == {"wheel": "natural", "flush_ace": "top",
                                  "straight_ace": "top", "phantom_ship": "adds"}  # fmt: skip
    assert answer["house_rules"] is None
    assert not [r for r in answer["rulings"] if r["citation"].startswith("HOUSE-")]
    assert Case.objects.get().entered["house_rules"] is None


def test_a_switched_wheel_reads_six_high_and_the_ruling_cites_the_house_rule(client: Any) -> None:
    """H1 switched: six high, the ruling at HOUSE-<id> wheel, linked to the rules and to H1."""
    rules = save(client, {"wheel": "best"})
    answer = showdown(client, {**WHEEL, "house_rules": rules["key"]})
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["players"][0]["best"]["hand"] == "Six-high straight flush"
    assert body["readings"]["wheel"] == "best" and body["house_rules"] == rules["key"]
    housed = [r for r in body["rulings"] if r["citation"].startswith("HOUSE-")]
    assert len(housed) == 1
    ruling = housed[0]
    assert ruling["citation"] == f"HOUSE-{rules['id']} wheel"
    assert ruling["url"] == f"/rules/house/{rules['id']}/#wheel"
    assert ruling["interpretation"] == "H1"
    assert ruling["interpretation_url"] == "/rules/OPR-538/1-3-b/#H1"
    assert "switched by the host" in ruling["text"]
    assert "in place of OPR-538 1.3(b)" in ruling["text"]
    case = Case.objects.get()
    assert case.entered["house_rules"] == rules["key"]
    # The case replays the same: its page shows the six-high reading again.
    page = client.get("/island/", {"case": str(case.pk)})
    assert page.context["result"]["house"]["key"] == rules["key"]
    assert "Six-high straight flush" in page.content.decode()
    assert page.context["form"]["house_rules"].value() == rules["key"]


def test_the_house_rules_page_shows_each_reading_beside_its_interpretation(client: Any) -> None:
    rules = save(client, {"wheel": "best", "phantom_ship": "replaces"})
    change = rules["departures"][0]
    assert change["interpretation"] == "H1" and change["switched"] is True
    assert change["interpretation_url"] == "/rules/OPR-538/1-3-b/#H1"
    assert "H1's plain reading of OPR-538 1.3(b)" in change["document"]
    html = client.get(rules["url"]).content.decode()
    assert 'id="wheel"' in html and 'id="phantom_ship"' in html
    assert 'href="/rules/OPR-538/1-3-b/#H1"' in html and 'href="/rules/OPR-538/5-1/#H14"' in html
    assert "a deuce stands in only for a card the hand lacks" in html  # the plain reading's words
    assert f"/island/?house_rules=house%3A{rules['id']}" in html


@pytest.mark.parametrize(
    ("base", "changes", "field", "words"),
    [
        ("island", {"wheel": "six-high"}, "changes.wheel",
         "'natural' (the plain reading) or 'best'"),
        ("island", {"foul_penalty": 3}, "changes.foul_penalty", "an OFC setting"),
        ("pineapple-ofc", {"wheel": "best"}, "changes.wheel", "an Island Pineapple reading"),
    ],
)  # fmt: skip
def test_a_setting_of_the_wrong_game_or_value_is_refused_at_its_field(
    client: Any, base: str, changes: dict[str, Any], field: str, words: str
) -> None:
    refused = client.post("/api/house-rules/", {"title": "x", "base": base, "changes": changes},
                          content_type="application/json")  # fmt: skip
    assert refused.status_code == 400
    assert words in " ".join(refused.json()["errors"][field])
    assert not HouseRule.objects.exists()


def test_house_rules_the_showdown_cannot_play_are_refused_at_house_rules(client: Any) -> None:
    """An unknown key, OFC house rules, or no key at all: 400 at house_rules saying what goes."""
    ofc = save(client, {"foul_penalty": 3}, base="pineapple-ofc")
    for key, words in (("house:nosuch1", "no house rules are saved"),
                       (ofc["key"], "house rules for OFC"), ("island", "house:<id>"),
                       (7, "house:<id>")):  # fmt: skip
        refused = showdown(client, {**WHEEL, "house_rules": key})
        assert refused.status_code == 400, key
        assert words in refused.json()["errors"]["house_rules"][0]
    assert not Case.objects.exists()


def test_island_house_rules_are_not_an_ofc_ruleset(client: Any) -> None:
    island = save(client, {"wheel": "best"})
    body = {"ruleset": island["key"], "players": []}
    refused = client.post("/api/ofc/score/", body, content_type="application/json")
    assert "house rules for Island Pineapple" in refused.json()["errors"]["ruleset"][0]


def test_the_page_offers_the_house_rules_it_was_opened_with_and_keeps_them(client: Any) -> None:
    """?house_rules=house:<id> selects them; the post plays them; "New hand" keeps them."""
    rules = save(client, {"wheel": "best"})
    opened = client.get("/island/", {"house_rules": rules["key"]}).content.decode()
    assert f'<option value="{rules["key"]}" selected>' in opened
    assert "/rules/house/new/?from=island" in opened
    shown = client.post("/island/", {**PAGE_WHEEL, "house_rules": rules["key"]}, follow=True)
    html = shown.content.decode()
    assert "Six-high straight flush" in html and f"HOUSE-{rules['id']} wheel" in html
    assert f"house_rules=house%3A{rules['id']}" in shown.context["new_hand"]
    plain = client.post("/island/", PAGE_WHEEL, follow=True).content.decode()
    assert "Five-high straight flush" in plain and "HOUSE-" not in plain


def test_the_page_shows_a_refused_key_at_its_field(client: Any) -> None:
    shown = client.post("/island/", {**PAGE_WHEEL, "house_rules": "house:nosuch1"}, follow=True)
    assert "no house rules are saved" in shown.context["form"].errors["house_rules"][0]
    assert not Case.objects.exists()


def test_the_house_rules_form_for_island_saves_the_switched_readings(client: Any) -> None:
    page = client.get("/rules/house/new/?from=island")
    html = page.content.decode()
    assert 'name="changes-wheel"' in html and 'href="/rules/OPR-538/1-3-b/#H1"' in html
    posted = client.post("/rules/house/new/?from=island", {
        "title": "Generous wheel", "base": "island", "changes-wheel": "best",
        "changes-flush_ace": "top", "changes-straight_ace": "top", "changes-phantom_ship": "adds",
    })  # fmt: skip
    assert posted.status_code == 302
    house = HouseRule.objects.get()
    assert (house.base, house.changes) == ("island", {"wheel": "best"})
    nothing = client.post("/rules/house/new/?from=island", {"title": "Plain", "base": "island",
                          "changes-wheel": "natural"})  # fmt: skip
    assert nothing.status_code == 200 and "change at least one" in nothing.content.decode()


def test_the_earlier_readings_preset_switches_all_four(client: Any) -> None:
    moved = client.post("/rules/house/preset/island-earlier/")
    house = HouseRule.objects.get()
    assert moved["Location"] == house.get_absolute_url() and house.base == "island"
    assert house.changes == {"wheel": "best", "flush_ace": "gap", "straight_ace": "gap",
                             "phantom_ship": "replaces"}  # fmt: skip
