"""House rules on Pineapple: a host switches H8 or H20 once, the showdown and the discard
referee play it and cite it.

PPR 7.3, H8: A's Ks 3d 6c on Kd Kc 2s 4h 8d is three kings and 8-6-4-3-2 each half on its own;
shared, Ks 6c is kept for the three kings and B's 8-7-5-4-2 takes the low. PPR 6.4, H20: a
missed discard noticed after acting kills the hand, unless the host allows it late.
"""

from __future__ import annotations

from typing import Any

import pytest

from referee.models import Case

pytestmark = pytest.mark.django_db
SHOWDOWN = "/api/pineapple/showdown/"
DISCARDS = "/api/pineapple/discards/"
LAZY = {
    "game": "lazy",
    "hi_lo": True,
    "board": "Kd Kc 2s 4h 8d",
    "players": [{"name": "A", "hole": "Ks 3d 6c"}, {"name": "B", "hole": "5s 7h"}],
}
PAGE_LAZY = {
    "game": "lazy",
    "hi_lo": "on",
    "board": "Kd Kc 2s 4h 8d",
    "players-0-name": "A",
    "players-0-hole": "Ks 3d 6c",
    "players-1-name": "B",
    "players-1-hole": "5s 7h",
}
LATE = {"game": "crazy", "situation": "no_discard_after_acting", "player": "Ann"}


def save(client: Any, changes: dict[str, Any], base: str = "pineapple") -> dict[str, Any]:
    made = client.post("/api/house-rules/", {"title": "Our table", "base": base,
                       "changes": changes}, content_type="application/json")  # fmt: skip
    assert made.status_code == 201, made.content
    return made.json()


def api(client: Any, url: str, body: dict[str, Any]) -> Any:
    return client.post(url, body, content_type="application/json")


def test_the_plain_readings_by_default(client: Any) -> None:
    answer = api(client, SHOWDOWN, LAZY).json()
    assert answer["low_winners"] == ["A"]
    assert answer["readings"] == {"lazy_hi_lo": "own", "late_discard": "dead"}
    assert answer["house_rules"] is None
    assert Case.objects.get().entered["house_rules"] is None
    ruling = api(client, DISCARDS, LATE).json()
    assert ruling["consequence"] == "hand_dead" and ruling["house_rules"] == []
    assert ruling["readings"]["late_discard"] == "dead"


def test_a_shared_lazy_hi_lo_gives_b_the_low_and_cites_the_house_rule(client: Any) -> None:
    """H8 switched: the H8 rulings at HOUSE-<id> lazy_hi_lo, linked to the rules and to H8."""
    rules = save(client, {"lazy_hi_lo": "shared"})
    answer = api(client, SHOWDOWN, {**LAZY, "house_rules": rules["key"]})
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["low_winners"] == ["B"] and body["players"][0]["kept"] == ["Ks", "6c"]
    assert body["readings"]["lazy_hi_lo"] == "shared" and body["house_rules"] == rules["key"]
    housed = [r for r in body["rulings"] if r["citation"].startswith("HOUSE-")]
    assert housed and all(r["citation"] == f"HOUSE-{rules['id']} lazy_hi_lo" for r in housed)
    assert housed[0]["url"] == f"/rules/house/{rules['id']}/#lazy_hi_lo"
    assert housed[0]["interpretation"] == "H8"
    assert housed[0]["interpretation_url"] == "/rules/PPR/7-3/#H8"
    assert "in place of PPR 7.3" in housed[0]["text"]
    case = Case.objects.get()
    assert case.entered["house_rules"] == rules["key"]
    page = client.get("/pineapple/", {"case": str(case.pk)})
    assert page.context["result"]["house"]["key"] == rules["key"]
    assert page.context["form"]["house_rules"].value() == rules["key"]


def test_a_late_discard_allowed_by_house_rules_cites_them_beside_h20(client: Any) -> None:
    rules = save(client, {"late_discard": "allowed"})
    for given in (rules["key"], [rules["key"]]):
        answer = api(client, DISCARDS, {**LATE, "house_rules": given})
        assert answer.status_code == 200, answer.content
        body = answer.json()
        assert body["consequence"] == "discard_now"
        assert body["house_rules"] == [rules["key"]]
        assert body["readings"]["late_discard"] == "allowed"
        housed = [r for r in body["rulings"] if r["citation"].startswith("HOUSE-")]
        assert [(r["citation"], r["interpretation"]) for r in housed] == [
            (f"HOUSE-{rules['id']} late_discard", "H20")
        ]
    assert Case.objects.first().entered["house_rules"] == [rules["key"]]
    both = api(client, DISCARDS, {**LATE, "house_rules": ["late_discard_allowed", rules["key"]]})
    assert both.json()["house_rules"] == [rules["key"], "late_discard_allowed"]


def test_the_one_off_switch_still_works_as_before(client: Any) -> None:
    answer = api(client, DISCARDS, {**LATE, "house_rules": ["late_discard_allowed"]}).json()
    assert answer["consequence"] == "discard_now"
    assert answer["house_rules"] == ["late_discard_allowed"]
    assert not [r for r in answer["rulings"] if r["citation"].startswith("HOUSE-")]


@pytest.mark.parametrize("url", [SHOWDOWN, DISCARDS])
def test_house_rules_pineapple_cannot_play_are_refused_at_house_rules(
    client: Any, url: str
) -> None:
    """An unknown key, OFC or Island house rules: 400 at house_rules saying what is accepted."""
    ofc = save(client, {"foul_penalty": 3}, base="pineapple-ofc")
    island = save(client, {"wheel": "best"}, base="island")
    body = LAZY if url == SHOWDOWN else LATE
    for key, words in (("house:nosuch1", "no house rules are saved"),
                       (ofc["key"], "house rules for OFC (pineapple-ofc)"),
                       (island["key"], "house rules for Island Pineapple")):  # fmt: skip
        refused = api(client, url, {**body, "house_rules": key})
        assert refused.status_code == 400, key
        message = refused.json()["errors"]["house_rules"][0]
        assert words in message
        if key != "house:nosuch1":
            assert "house rules made from Pineapple's readings" in message
    assert not Case.objects.exists()
    for items in (["anything_goes"], [{}], [None], [["late_discard_allowed"]]):
        bad = api(client, DISCARDS, {**LATE, "house_rules": items})
        assert bad.status_code == 400 and "house_rules.0" in bad.json()["errors"], items
    for shape in ({}, 7, None):
        bad = api(client, DISCARDS, {**LATE, "house_rules": shape})
        assert bad.status_code == 400 and "house_rules" in bad.json()["errors"], shape


def test_pineapple_house_rules_are_not_an_ofc_ruleset(client: Any) -> None:
    rules = save(client, {"late_discard": "allowed"})
    refused = api(client, "/api/ofc/score/", {"ruleset": rules["key"], "players": []})
    assert "house rules for Pineapple" in refused.json()["errors"]["ruleset"][0]


def test_the_showdown_page_offers_the_house_rules_and_plays_them(client: Any) -> None:
    rules = save(client, {"lazy_hi_lo": "shared"})
    opened = client.get("/pineapple/", {"house_rules": rules["key"]}).content.decode()
    assert f'<option value="{rules["key"]}" selected>' in opened
    assert "/rules/house/new/?from=pineapple" in opened
    assert "Make house rules from these readings" in opened
    shown = client.post("/pineapple/", {**PAGE_LAZY, "house_rules": rules["key"]}, follow=True)
    html = shown.content.decode()
    assert f"HOUSE-{rules['id']} lazy_hi_lo" in html and "Played under" in html
    assert shown.context["result"]["low_winners"] == ["B"]
    assert f"house_rules=house%3A{rules['id']}" in shown.context["new_hand"]
    plain = client.post("/pineapple/", PAGE_LAZY, follow=True)
    assert plain.context["result"]["low_winners"] == ["A"]
    assert "HOUSE-" not in plain.content.decode()


def test_the_discard_page_offers_the_switch_and_the_house_rules(client: Any) -> None:
    rules = save(client, {"late_discard": "allowed"})
    opened = client.get("/pineapple/discards/", {"house_rules": rules["key"]}).content.decode()
    assert f'<option value="{rules["key"]}" selected>' in opened
    assert 'value="late_discard_allowed"' in opened
    assert "/rules/house/new/?from=pineapple" in opened
    shown = client.post("/pineapple/discards/", {**LATE, "house_rules": rules["key"]}, follow=True)
    html = shown.content.decode()
    assert "Ann must discard one card at once" in html
    assert f"HOUSE-{rules['id']} late_discard" in html
    case = Case.objects.get()
    assert case.entered["house_rules"] == [rules["key"]]
    again = client.get("/pineapple/discards/", {"case": str(case.pk)})
    assert again.context["form"]["house_rules"].value() == rules["key"]
    refused = client.post(
        "/pineapple/discards/", {**LATE, "house_rules": "house:nosuch1"}, follow=True
    )
    assert "no house rules are saved" in refused.context["form"].errors["house_rules"][0]


def test_the_house_rules_form_and_page_for_pineapple(client: Any) -> None:
    page = client.get("/rules/house/new/?from=pineapple").content.decode()
    assert 'name="changes-lazy_hi_lo"' in page and 'href="/rules/PPR/7-3/#H8"' in page
    assert 'href="/rules/PPR/6-4/#H20"' in page
    posted = client.post("/rules/house/new/?from=pineapple", {
        "title": "Late is fine", "base": "pineapple", "changes-lazy_hi_lo": "own",
        "changes-late_discard": "allowed",
    })  # fmt: skip
    assert posted.status_code == 302
    html = client.get(posted["Location"]).content.decode()
    assert 'id="late_discard"' in html and "Switched" in html
    assert 'href="/rules/PPR/6-4/#H20"' in html
    assert "/pineapple/?house_rules=house%3A" in html
    assert "/pineapple/discards/?house_rules=house%3A" in html
