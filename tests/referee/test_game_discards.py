"""The discard referee on the web, the whole slice (referee/games/discards.py): the API (POST
/api/pineapple/discards/, the decision and its citations, 400 by field), the
/pineapple/discards/ page, the late discard switched once or by saved house rules (H20), and
its rulings said in the reader's language.

PPR 6.4, H20: a missed discard noticed after acting kills the hand, unless the host allows it
late.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from referee.messages import said
from referee.models import Case
from scoring import discards
from scoring.house import PINEAPPLE, house_readings
from tests.referee.web import api, post, save, texts

pytestmark = pytest.mark.django_db
API = "/api/pineapple/discards/"
PAGE = "/pineapple/discards/"
JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}


LATE = {"game": "crazy", "situation": "no_discard_after_acting", "player": "Ann"}


# --- The API ------------------------------------------------------------------------------------


def test_ruling_answers_with_the_decision_and_citations(client: Any, db: Any) -> None:
    """PPR 6.4: Crazy Pineapple, missed discard noticed before acting: discard at once."""
    body = api(client, API, {"game": "crazy", "situation": "no_discard_before_acting"}).json()
    assert body["consequence"] == "discard_now"
    assert body["timing"] == "after_flop"
    assert "PPR 6.4" in [r["citation"] for r in body["rulings"]]
    assert body["case"].startswith("/cases/")


def test_ruling_with_a_variation(client: Any, db: Any) -> None:
    """PPR 3.3: the Pineapple variation discards right after the deal."""
    body = api(
        client, API, {"game": "pineapple", "situation": "discard_timing", "timing": "at_deal"}
    ).json()
    assert body["rulings"][0]["citation"] == "PPR 3.3"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "lazy", "situation": "slow_roll"}, "situation"),
        ({"game": "crazy", "situation": "discard_timing", "timing": "at_deal"}, "timing"),
        ({"situation": "discard_exposed"}, "game"),
        ({"game": "lazy", "situation": "discard_exposed", "player": 3}, "player"),
    ],
)
def test_bad_ruling_input_answers_400(
    client: Any, db: Any, body: dict[str, Any], field: str
) -> None:
    """PPR 1.5: the version, situation and timing must be ones the document knows."""
    response = api(client, API, body)
    assert response.status_code == 400
    assert field in response.json()["errors"]


def test_ruling_house_rule(client: Any, db: Any) -> None:
    """PPR 6.4, H20: the house rule is named in the request and echoed in the answer."""
    body = {"game": "crazy", "situation": "no_discard_after_acting"}
    assert api(client, API, body).json()["consequence"] == "hand_dead"
    switched = api(client, API, {**body, "house_rules": ["late_discard_allowed"]}).json()
    assert switched["consequence"] == "discard_now"
    assert switched["house_rules"] == ["late_discard_allowed"]
    bad = api(client, API, {**body, "house_rules": ["anything_goes"]})
    assert bad.status_code == 400 and "house_rules.0" in bad.json()["errors"]


# --- The page -----------------------------------------------------------------------------------


def test_ruling_page_renders(client: Any, db: Any) -> None:
    """PPR 6: the referee's form lists the situations and the timings."""
    html = client.get(PAGE).content.decode()
    assert 'name="situation"' in html and 'name="timing"' in html
    assert "Discarded the wrong card" in html


def test_ruling_post_gives_the_decision_first(client: Any, db: Any) -> None:
    """PPR 6.5: bound by the wrong discard; the answer and its citation link."""
    data = {"game": "crazy", "situation": "wrong_card_discarded", "player": "Ann"}
    response = post(client, PAGE, data)
    html = response.content.decode()
    assert "<html" in html
    assert "Ann is bound by the discard" in html
    assert "/rules/PPR/6-5/" in html
    assert Case.objects.get().game == "discards"


def test_ruling_post_with_htmx_renders_the_ruling_alone(client: Any, db: Any) -> None:
    """PPR 6.4: Lazy three cards at showdown: no irregularity."""
    data = {"game": "lazy", "situation": "no_discard_at_showdown"}
    html = post(client, PAGE, data, htmx=True).content.decode()
    assert "<html" not in html and 'id="ruling"' not in html and 'name="situation"' not in html
    assert "No irregularity" in html


def test_ruling_timing_of_another_version_is_an_error_at_timing(client: Any, db: Any) -> None:
    """PPR 3.3, 4.3: a timing belongs to its version."""
    data = {"game": "crazy", "situation": "discard_timing", "timing": "at_deal"}
    response = post(client, PAGE, data)
    assert "timing" in response.context["form"].errors
    assert Case.objects.count() == 0


def test_ruling_house_rule_switches_the_late_discard(client: Any, db: Any) -> None:
    """PPR 6.4, H20: with the house rule, a late discard is made at once instead of a dead hand."""
    data = {"game": "pineapple", "situation": "no_discard_after_acting", "player": "Ann"}
    assert "Ann&#x27;s hand is dead" in post(client, PAGE, data).content.decode()
    switched = {**data, "house_rules": ["late_discard_allowed"]}
    html = post(client, PAGE, switched).content.decode()
    assert "Ann must discard one card at once" in html
    assert Case.objects.order_by("created").last().entered["house_rules"] == [
        "late_discard_allowed"
    ]


# --- House rules --------------------------------------------------------------------------------


def test_a_late_discard_allowed_by_house_rules_cites_them_beside_h20(client: Any) -> None:
    rules = save(client, {"late_discard": "allowed"})
    for given in (rules["key"], [rules["key"]]):
        answer = api(client, API, {**LATE, "house_rules": given})
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
    both = api(client, API, {**LATE, "house_rules": ["late_discard_allowed", rules["key"]]})
    assert both.json()["house_rules"] == [rules["key"], "late_discard_allowed"]


def test_the_one_off_switch_still_works_as_before(client: Any) -> None:
    answer = api(client, API, {**LATE, "house_rules": ["late_discard_allowed"]}).json()
    assert answer["consequence"] == "discard_now"
    assert answer["house_rules"] == ["late_discard_allowed"]
    assert not [r for r in answer["rulings"] if r["citation"].startswith("HOUSE-")]


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


# --- In Japanese --------------------------------------------------------------------------------


def test_the_discard_referee_rules_in_japanese() -> None:
    body = {"game": "crazy", "situation": "discarded_early", "player": "Ann"}
    japanese = texts(api(Client(), API, body, **JA))
    assert (
        "手を離れたカードは交換できないので、ターンが配られる前にした捨て札は有効で、Annは残した2枚で"
        "プレイします。" in japanese
    )
    refused = api(Client(), API, {"game": "crazy", "situation": "no_such"}, **JA)
    assert refused.status_code == 400


def test_a_discard_ruling_keeps_its_english_and_its_message_alike() -> None:
    """The unnamed player opens a sentence as "The player", and is "the player" inside one."""
    decision = discards.rule("pineapple", "no_discard_before_acting")
    ruling = next(r for r in decision.rulings if r.citation == "PPR 6.4")
    assert ruling.text.startswith("The player missed the discard, but it was noticed before the ")
    assert all(str(r.message) == r.text for r in decision.rulings)
    assert decision.decision_message is not None
    assert str(decision.decision_message) == decision.decision
    with translation.override("ja"):
        assert said(decision.decision_message) == (
            "プレイヤーはすぐに1枚を伏せて捨てなければなりません。ハンドは続行します。"
        )


def test_a_ruling_cited_by_house_rules_nests_its_own_message() -> None:
    house = house_readings("abcd", {"late_discard": "allowed"}, PINEAPPLE)
    decision = discards.rule(
        "crazy", "no_discard_after_acting", player="Ann", readings=house.readings
    )
    cited = next(r for r in decision.rulings if r.citation == "HOUSE-abcd late_discard")
    assert cited.text.endswith(
        "Ann discards at once and the hand continues (by these house rules, in place of PPR 6.4)."
    )
    assert cited.message is not None and str(cited.message) == cited.text
    with translation.override("ja"):
        assert said(cited.message) == (
            "ホストのハウスルールにより、Annがターンのベッティングで行動した後に見つかった捨て忘れも、"
            "行動前に見つかった場合と同じく直します：Annはすぐに捨て、ハンドは続行します。"
            "（PPR 6.4に代えて、このハウスルールによります）"
        )
