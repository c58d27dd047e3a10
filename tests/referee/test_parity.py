"""The page and the API rule alike: the same cards, posted through each, give the same case.

Every game has one path (referee/games/); these tests hold it so. A deal is written as the API's
body, then typed into the page the way a person fills its fields; both must record the same
`entered`, result and rulings, or refuse with the same messages at the same places. Deals come
from hypothesis and from the rule documents' worked examples.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from referee.games import CASE_GAMES
from referee.house_rules import save_house_rule
from referee.models import Case, HouseRule, Match
from scoring.house import PRESETS
from tests.referee.bodies import ISLAND_4_3, LAZY_HI_LO, OFC_TABLE
from tests.referee.deals import (
    EARLIER,
    discard_questions,
    fantasyland_hands,
    island_deals,
    island_typed,
    ofc_tables,
    pineapple_showdowns,
    typed,
)
from tests.referee.match_helpers import ANN, BOB_8, new_match_body

pytestmark = pytest.mark.django_db
EXAMPLES = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def assert_same_ruling(
    client: Any, page: str, api: str, body: dict[str, Any], fields: dict
) -> None:
    """Post the body to the API and its fields to the page: the same case, or the same refusals."""
    before = set(Case.objects.values_list("pk", flat=True))
    answer = client.post(api, body, content_type="application/json")
    shown = client.post(page, fields, follow=True)
    assert shown.status_code == 200
    made = list(Case.objects.exclude(pk__in=before).order_by("created"))
    if answer.status_code == 200:
        assert len(made) == 2, shown.context["form"].errors
        by_api, by_page = made
        assert (by_page.game, by_page.entered) == (by_api.game, by_api.entered)
        assert by_page.result == by_api.result
        assert by_page.rulings == by_api.rulings
        assert by_api.game in CASE_GAMES
        return
    assert answer.status_code == 400, answer.content[:300]
    assert not made
    form = shown.context["form"]
    expected = {
        path.replace(".", "-") if path.replace(".", "-") in form.fields else "__all__": messages
        for path, messages in answer.json()["errors"].items()
    }
    shown_errors = {name: list(messages) for name, messages in form.errors.items()}
    for name, messages in expected.items():
        if name not in form.fields and f"{name}-0" in form.fields:
            name = f"{name}-0"
        assert set(messages) <= set(shown_errors.get(name, [])), (name, shown_errors)


# --- OFC ------------------------------------------------------------------------------------


@EXAMPLES
@given(body=ofc_tables())
def test_ofc_page_and_api_rule_alike(client: Any, body: dict[str, Any]) -> None:
    """OFC-BETA 6, JOKER-OFC, pineapple-2p-v1: one table, one ruling, whichever way it came in."""
    assert_same_ruling(client, "/ofc/", "/api/ofc/score/", body, typed(body))


def test_ofc_worked_example_rules_alike(client: Any) -> None:
    """README's example (Ann 23 after the sweep and royalties), by page and by API."""
    assert_same_ruling(client, "/ofc/", "/api/ofc/score/", OFC_TABLE, typed(OFC_TABLE))
    assert Case.objects.first().result["players"][0]["score"] == 23


# --- The Fantasyland setter ------------------------------------------------------------------


@EXAMPLES
@given(body=fantasyland_hands())
def test_fantasyland_page_and_api_rule_alike(client: Any, body: dict[str, Any]) -> None:
    """The setter (pineapple-2p-v1, JOKER-OFC 5): one deal, one setting, whichever way in."""
    assert_same_ruling(client, "/ofc/fantasyland/", "/api/ofc/fantasyland/", body, typed(body))


# --- Island Pineapple -----------------------------------------------------------------------


def earlier_readings(body: dict[str, Any]) -> dict[str, Any]:
    """The body with the earlier-readings house rules saved and named by their key."""
    if body.get("house_rules") != EARLIER:
        return body
    preset = PRESETS["island-earlier"]
    house = HouseRule.objects.filter(title=preset.title).first() or save_house_rule(
        preset.title, preset.base, dict(preset.changes)
    )
    return {**body, "house_rules": house.key}


@EXAMPLES
@given(body=island_deals())
def test_island_page_and_api_rule_alike(client: Any, body: dict[str, Any]) -> None:
    """OPR-538: the four boards, the wild deuces, the variants and the house readings read the
    same both ways."""
    body = earlier_readings(body)
    assert_same_ruling(client, "/island/", "/api/island/showdown/", body, island_typed(body))


@pytest.mark.parametrize("house_rules", [EARLIER, None, "house:nosuch1", "pineapple-ofc"])
def test_island_house_rules_rule_alike(client: Any, house_rules: str | None) -> None:
    """OPR-538 1.3(b), H1: 2s As 3s 4s 5s under the earlier readings, plainly, or refused."""
    body = {
        "first_set": "3s Kc", "second_set": "4s 5s", "turn": "9d", "river": "Qh Jc",
        "players": [{"name": "Ann", "hole": "2s As"}, {"name": "Bob", "hole": "Jd Jh"}],
    }  # fmt: skip
    if house_rules:
        body = earlier_readings({**body, "house_rules": house_rules})
    assert_same_ruling(client, "/island/", "/api/island/showdown/", body, island_typed(body))
    case = Case.objects.first()
    if house_rules == EARLIER:
        assert case.result["players"][0]["best"]["hand"] == "Six-high straight flush"
        assert any(r["citation"].endswith(" wheel") for r in case.rulings)
    elif house_rules is None:
        assert case.result["players"][0]["best"]["hand"] == "Five-high straight flush"
    else:
        assert case is None


def test_island_worked_example_rules_alike(client: Any) -> None:
    """OPR-538 4.3: B's nines full beat A's straight, by page and by API."""
    assert_same_ruling(
        client, "/island/", "/api/island/showdown/", ISLAND_4_3, island_typed(ISLAND_4_3)
    )
    assert Case.objects.first().result["winners"] == ["B"]


def test_a_qualifier_turns_the_secondary_bonus_on_both_ways(client: Any) -> None:
    """OPR-538 5.3: a previous qualifier given means the bonus is in play, on the page too."""
    body = {**ISLAND_4_3, "secondary_bonus": {"previous": "straight"}}
    assert_same_ruling(client, "/island/", "/api/island/showdown/", body, island_typed(body))
    assert "secondary_bonus" in Case.objects.first().result["variants"]


# --- Pineapple, Crazy and Lazy ---------------------------------------------------------------


@EXAMPLES
@given(body=pineapple_showdowns())
def test_pineapple_page_and_api_rule_alike(client: Any, body: dict[str, Any]) -> None:
    """PPR 3-7: hands, halves, pots and odd chips, the same by page and by API."""
    assert_same_ruling(client, "/pineapple/", "/api/pineapple/showdown/", body, typed(body))


def test_lazy_hi_lo_example_rules_alike(client: Any) -> None:
    """PPR 7.3 (H8): the Lazy hi-lo example, by page and by API; the page logs canonical cards."""
    body = {**LAZY_HI_LO, "board": "ah 7D 5c kd 2s", "button": 1}
    assert_same_ruling(client, "/pineapple/", "/api/pineapple/showdown/", body, typed(body))
    assert Case.objects.first().entered["board"] == "Ah 7d 5c Kd 2s"
    assert Case.objects.first().entered["button"] == 1


# --- The discard referee ---------------------------------------------------------------------


@EXAMPLES
@given(body=discard_questions())
def test_discard_referee_page_and_api_rule_alike(client: Any, body: dict[str, Any]) -> None:
    """PPR 3-6: each discard mishap gets the same ruling, and the same refusal, both ways."""
    assert_same_ruling(
        client, "/pineapple/discards/", "/api/pineapple/discards/", body, typed(body)
    )


# --- A match's hand --------------------------------------------------------------------------


def test_a_match_hand_is_recorded_alike_by_page_and_api(client: Any) -> None:
    """OFC-BETA 6.6: a hand entered on the edit page or posted to the API is the same case."""
    cases = []
    for entry in ("page", "api"):
        created = client.post(
            "/api/matches/", new_match_body(hands=1), content_type="application/json"
        )
        match, key = created.json()["id"], created.json()["edit_key"]
        hand = {"players": [ANN, BOB_8]}
        if entry == "page":
            fields = typed(
                {"players": [{k: v for k, v in b.items() if k != "name"} for b in hand["players"]]}
            )
            client.get(f"/matches/{match}/edit/{key}/")  # the key buys this client the editing
            client.post(f"/matches/{match}/edit/", fields)
        else:
            client.post(f"/api/matches/{match}/hands/", hand, content_type="application/json",
                        HTTP_X_EDIT_KEY=key)  # fmt: skip
        case = Match.objects.get(pk=match).hands.get().case
        cases.append(
            ({k: v for k, v in case.entered.items() if k != "match"}, case.result, case.rulings)
        )
    by_page, by_api = cases
    assert by_page[0] == by_api[0]
    assert {k: v for k, v in by_page[1].items() if k != "match"} == {
        k: v for k, v in by_api[1].items() if k != "match"
    }
    assert by_page[2] == by_api[2]


# --- Pineapple house readings (H8, H20) --------------------------------------------------------

SWITCHED = "house:switched"  # stands for the key of Pineapple house rules switching H8 and H20


def pineapple_house(body: dict[str, Any]) -> dict[str, Any]:
    """The body with the placeholder keys saved and named: Pineapple's readings, or Island's."""
    made = {
        SWITCHED: ("pineapple", {"lazy_hi_lo": "shared", "late_discard": "allowed"}),
        EARLIER: ("island", dict(PRESETS["island-earlier"].changes)),
    }
    given = body.get("house_rules")
    if given not in made:
        return body
    base, changes = made[given]
    house = HouseRule.objects.filter(base=base).first() or save_house_rule("T", base, changes)
    return {**body, "house_rules": house.key}


@pytest.mark.parametrize("house_rules", [SWITCHED, None, "house:nosuch1", EARLIER, "lazy"])
def test_pineapple_house_rules_rule_alike(client: Any, house_rules: str | None) -> None:
    """PPR 7.3, H8: A's low needs 3d 6c and the high Ks 6c; shared, B's low wins; refused alike."""
    body: dict[str, Any] = {
        "game": "lazy", "hi_lo": True, "board": "Kd Kc 2s 4h 8d",
        "players": [{"name": "A", "hole": "Ks 3d 6c"}, {"name": "B", "hole": "5s 7h"}],
    }  # fmt: skip
    if house_rules:
        body = pineapple_house({**body, "house_rules": house_rules})
    assert_same_ruling(client, "/pineapple/", "/api/pineapple/showdown/", body, typed(body))
    case = Case.objects.first()
    if house_rules == SWITCHED:
        assert case.result["low_winners"] == ["B"] and case.entered["house_rules"].startswith("h")
        assert any(r["citation"].endswith(" lazy_hi_lo") for r in case.rulings)
    elif house_rules is None:
        assert case.result["low_winners"] == ["A"]
    else:
        assert case is None


@pytest.mark.parametrize(
    "house_rules", [[SWITCHED], [], ["late_discard_allowed"], ["house:nosuch1"], [EARLIER]]
)
def test_discard_house_rules_rule_alike(client: Any, house_rules: list[str]) -> None:
    """PPR 6.4, H20: a late discard by saved house rules, a one-off switch, plainly, or refused."""
    body = {"game": "pineapple", "situation": "no_discard_after_acting", "player": "Ann"}
    keys = [pineapple_house({"house_rules": key})["house_rules"] for key in house_rules]
    body = {**body, "house_rules": keys}
    fields = {**typed(body), "house_rules": keys[0] if keys else ""}
    assert_same_ruling(client, "/pineapple/discards/", "/api/pineapple/discards/", body, fields)
    case = Case.objects.first()
    if house_rules == [SWITCHED]:
        assert case.result["consequence"] == "discard_now"
        assert any(r["citation"].endswith(" late_discard") for r in case.rulings)
    elif house_rules == ["late_discard_allowed"]:
        assert case.result["consequence"] == "discard_now"
        assert not any(r["citation"].startswith("HOUSE-") for r in case.rulings)
    elif not house_rules:
        assert case.result["consequence"] == "hand_dead"
    else:
        assert case is None
