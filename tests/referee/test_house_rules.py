"""House rules on the web: saved for good, played wherever a ruleset is, cited with a link."""

from __future__ import annotations

import pytest

from referee.models import Case, CaseImmutable, HouseRule, Match
from tests.referee.bodies import OFC_TABLE
from tests.referee.match_helpers import ANN, BOB_17

pytestmark = pytest.mark.django_db
FOUL = {"ruleset": "pineapple-ofc", "players": [ANN, BOB_17]}  # OFC-BETA 8.3: Ann +17


def save(client, changes, base="pineapple-ofc", title="Our table") -> dict:
    made = client.post("/api/house-rules/", {"title": title, "base": base, "changes": changes},
                       content_type="application/json")  # fmt: skip
    assert made.status_code == 201, made.content
    return made.json()


def test_a_foul_pays_3_at_our_table(client):
    """OFC-BETA 8.3 under a house rule: 17 becomes 14, and the ruling cites it with its link."""
    rules = save(client, {"foul_penalty": 3})
    assert rules["key"] == f"house:{rules['id']}" and len(rules["id"]) == 8
    assert rules["departures"][0]["document"] == "OFC-BETA 6.5 gives 6"
    scored = client.post("/api/ofc/score/", {**FOUL, "ruleset": rules["key"]},
                         content_type="application/json").json()  # fmt: skip
    assert [p["score"] for p in scored["players"]] == [14, -14]
    ruling = next(r for r in scored["rulings"] if r["citation"].startswith("HOUSE-"))
    assert ruling["citation"] == f"HOUSE-{rules['id']} foul_penalty"
    assert ruling["url"] == f"/rules/house/{rules['id']}/#foul_penalty"
    assert "(OFC-BETA 6.5 gives 6)" in ruling["text"]
    case = Case.objects.get()
    assert case.game == rules["key"] and case.entered["ruleset"] == rules["key"]
    page = client.get(rules["url"]).content.decode()
    assert 'id="foul_penalty"' in page and "OFC-BETA 6.5 gives 6" in page
    assert "house rules" in client.get(case.get_absolute_url()).content.decode()


def test_house_rules_are_permanent(client):
    """A change makes new house rules: the old cases keep meaning what they meant."""
    rules = save(client, {"foul_penalty": 3})
    house = HouseRule.objects.get(pk=rules["id"])
    house.title = "changed"
    with pytest.raises(CaseImmutable):
        house.save()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"title": "x", "base": "pineapple-ofc", "changes": {"foul_penalty": -1}},
         "changes.foul_penalty"),
        ({"title": "x", "base": "pineapple-ofc", "changes": {"middle": {"flush": 1.5}}},
         "changes.middle.flush"),
        ({"title": "x", "base": "pineapple-2p-v1",
          "changes": {"fantasyland_stay": {"top": "straight"}}}, "changes.fantasyland_stay.top"),
        ({"title": "x", "base": "pineapple-ofc", "changes": {"top_pairs": {"aces": 25}}},
         "changes.top_pairs.aces"),
        ({"title": "x", "base": "pineapple-ofc", "changes": {"scoring": ["2-4"]}},
         "changes.scoring"),
        ({"title": "x", "base": "joker-ofc", "changes": {"fantasyland_entry": {"aces": 20}}},
         "changes.fantasyland_entry.aces"),
        ({"title": "x", "base": "joker-ofc", "changes": {"jokers": 4}}, "changes.jokers"),
        ({"title": "x", "base": "texas", "changes": {"jokers": 1}}, "base"),
        ({"base": "pineapple-ofc", "changes": {"jokers": 1}}, "title"),
    ],
)  # fmt: skip
def test_rules_that_cannot_be_played_are_refused_at_the_field_and_nothing_is_saved(
    client, body, field
):
    refused = client.post("/api/house-rules/", body, content_type="application/json")
    assert refused.status_code == 400 and field in refused.json()["errors"]
    assert not HouseRule.objects.exists()


def test_unknown_house_rules_are_refused_by_name(client):
    answer = client.post("/api/ofc/score/", {**OFC_TABLE, "ruleset": "house:nosuch1"},
                         content_type="application/json")  # fmt: skip
    assert answer.status_code == 400 and "no house rules" in answer.json()["errors"]["ruleset"][0]
    assert client.get("/rules/house/nosuch1/").status_code == 404
    assert client.get("/api/house-rules/nosuch1/").status_code == 404


def test_the_page_saves_only_what_differs_from_the_profile(client):
    """The form starts from the profile's values; changing one keeps that one."""
    page = client.get("/rules/house/new/?from=pineapple-ofc")
    form = page.context["form"]
    fields = {name: form[name].value() for name in form.fields}
    fields = {k: ("" if v is None else v) for k, v in fields.items()}
    posted = client.post("/rules/house/new/?from=pineapple-ofc",
                         {**fields, "title": "Light fouls", "base": "pineapple-ofc",
                          "changes-foul_penalty": "3"})  # fmt: skip
    assert posted.status_code == 302
    house = HouseRule.objects.get()
    assert (house.title, house.changes) == ("Light fouls", {"foul_penalty": 3})
    assert posted["Location"] == house.get_absolute_url()


def test_a_refused_table_is_shown_at_its_row(client):
    page = client.get("/rules/house/new/?from=pineapple-ofc")
    form = page.context["form"]
    fields = {k: ("" if form[k].value() is None else form[k].value()) for k in form.fields}
    refused = client.post("/rules/house/new/?from=pineapple-ofc",
                          {**fields, "title": "x", "base": "pineapple-ofc",
                           "changes-bottom-flush": "-4"})  # fmt: skip
    assert refused.status_code == 200
    assert refused.context["form"].errors  # at the bottom table's first row
    assert not HouseRule.objects.exists()


def test_a_preset_is_saved_once_and_says_where_it_comes_from(client):
    first = client.post("/rules/house/preset/foul-three/")
    again = client.post("/rules/house/preset/foul-three/")
    assert first["Location"] == again["Location"] and HouseRule.objects.count() == 1
    assert first["Location"] == HouseRule.objects.get().get_absolute_url()
    assert "Not in OFC-BETA" in client.get("/rules/house/new/").content.decode()


def test_a_preset_is_made_by_post_only_and_a_get_shows_it_with_the_button(client):
    """GET of the preset's address (an old link, a crawler, a prefetch) creates nothing."""
    for _ in range(2):
        shown = client.get("/rules/house/preset/foul-three/")
        assert shown.status_code == 200
        assert not HouseRule.objects.exists()
    page = shown.content.decode()
    assert "A foul pays 3" in page and "Not in OFC-BETA" in page and "foul_penalty" in page
    assert 'method="post" action="/rules/house/preset/foul-three/"' in page
    assert 'name="csrfmiddlewaretoken"' in page and "Save as house rules" in page
    listed = client.get("/rules/house/new/").content.decode()  # the list posts to it too
    assert 'method="post" action="/rules/house/preset/foul-three/"' in listed
    assert client.get("/rules/house/preset/nosuch/").status_code == 404


def test_a_preset_post_needs_the_csrf_token(client):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    assert strict.post("/rules/house/preset/foul-three/").status_code == 403
    assert not HouseRule.objects.exists()
    page = strict.get("/rules/house/preset/foul-three/")
    token = page.cookies["csrftoken"].value
    made = strict.post("/rules/house/preset/foul-three/", {"csrfmiddlewaretoken": token})
    assert made.status_code == 302 and HouseRule.objects.count() == 1
    assert (
        "Open these house rules" in strict.get("/rules/house/preset/foul-three/").content.decode()
    )


def test_a_royalty_table_keeps_the_profile_for_what_it_leaves_out(client):
    """{"top_pairs": {"sixes": 2}} changes 66 alone; the page and the API say so."""
    rules = save(client, {"top_pairs": {"sixes": 2}})
    assert rules["changes"] == {"top_pairs": {"sixes": 2}}
    sixes = {**OFC_TABLE["players"][0], "top": "6c 6d 7c"}
    scored = client.post("/api/ofc/score/", {**OFC_TABLE, "ruleset": rules["key"],
                         "players": [sixes, OFC_TABLE["players"][1]]},
                         content_type="application/json")  # fmt: skip
    plain = client.post("/api/ofc/score/", {**OFC_TABLE, "players": [sixes,
                        OFC_TABLE["players"][1]]}, content_type="application/json")  # fmt: skip
    ours, theirs = scored.json()["players"][0], plain.json()["players"][0]
    assert ours["score"] - theirs["score"] == 1  # 66 pays 2, not 1; the rest as OFC-BETA
    page = client.get(rules["url"]).content.decode()
    assert "names only the entries these rules change" in page
    new = client.get("/rules/house/new/?from=pineapple-ofc").content.decode()
    assert "keeps Pineapple OFC's value for every row you leave as it is" in new
    schema = client.get("/api/schema/").content.decode()
    assert "names only the entries it changes" in schema


def test_the_page_saves_only_the_rows_changed_in_a_table(client):
    page = client.get("/rules/house/new/?from=pineapple-ofc")
    form = page.context["form"]
    fields = {k: ("" if form[k].value() is None else form[k].value()) for k in form.fields}
    posted = client.post("/rules/house/new/?from=pineapple-ofc",
                         {**fields, "title": "Sixes", "base": "pineapple-ofc",
                          "changes-top_pairs-sixes": "2",
                          "changes-top_pairs-aces": ""})  # fmt: skip
    assert posted.status_code == 302
    assert HouseRule.objects.get().changes == {"top_pairs": {"sixes": 2}}  # aces emptied: kept


@pytest.mark.parametrize(
    ("row", "value", "words"),
    [
        ("changes-top_pairs-aces", "25", "top_pairs.aces pays 25 but top_trips.twos pays 10"),
        ("changes-bottom-flush", "20", "full_house pays 6 but flush pays 20"),
        ("changes-fantasyland_stay-top", "straight", "straight cannot be made with the top row"),
    ],
)
def test_rules_a_table_cannot_play_are_refused_at_their_row_on_the_page(client, row, value, words):
    base = "pineapple-2p-v1"
    page = client.get(f"/rules/house/new/?from={base}")
    form = page.context["form"]
    fields = {k: ("" if form[k].value() is None else form[k].value()) for k in form.fields}
    refused = client.post(f"/rules/house/new/?from={base}",
                          {**fields, "title": "x", "base": base, row: value})  # fmt: skip
    assert refused.status_code == 200
    errors = refused.context["form"].errors
    assert words in " ".join(errors[row]), errors
    assert not HouseRule.objects.exists()


def test_an_empty_or_odd_house_key_reads_as_a_sentence(client):
    def refusal(key):
        answer = client.post("/api/ofc/score/", {**OFC_TABLE, "ruleset": key},
                             content_type="application/json")  # fmt: skip
        assert answer.status_code == 400
        return answer.json()["errors"]["ruleset"][0]

    assert refusal("house:").startswith("the house-rule key is empty: give house: and")
    odd = refusal("house:a\u202eb")
    assert "\u202e" not in odd and "letters and digits" in odd
    assert refusal("house:nosuch1") == "no house rules are saved as house:nosuch1: check the link"


def test_the_calculator_and_matches_play_house_rules(client):
    """Wherever a ruleset is chosen, "house:<id>" is too: the page, and a match."""
    rules = save(client, {"foul_penalty": 3})
    page = client.get(f"/ofc/?ruleset={rules['key']}").content.decode()
    assert f'value="{rules["key"]}"' in page and "selected" in page
    match = client.post("/api/matches/", {"ruleset": rules["key"], "players": ["Ann", "Bob"],
                        "dealer": "Ann", "rounds": 1}, content_type="application/json")  # fmt: skip
    assert match.status_code == 201, match.content
    made = match.json()
    key = made["edit_key"]
    added = client.post(f"/api/matches/{made['id']}/hands/", {"players": [ANN, BOB_17]},
                        content_type="application/json", HTTP_X_EDIT_KEY=key)  # fmt: skip
    assert added.json()["scores"] == {"Ann": 14, "Bob": -14}
    assert Match.objects.get().ruleset == rules["key"]


def test_a_result_is_scored_again_under_other_rules_side_by_side(client):
    """ "What would it be under the standard rules?": the same boards, the differences marked."""
    rules = save(client, {"foul_penalty": 3})
    posted = client.post("/api/ofc/score/", {**FOUL, "ruleset": rules["key"]},
                         content_type="application/json").json()  # fmt: skip
    case_id = posted["case"].rstrip("/").rsplit("/", 1)[-1]
    page = client.get("/ofc/", {"case": case_id, "compare": "pineapple-ofc"})
    comparison = page.context["comparison"]
    assert comparison["theirs"].key == "pineapple-ofc"
    ann = comparison["rows"][0]["cells"][0]
    assert (ann["ours"], ann["theirs"], ann["differs"]) == (14, 17, True)
    assert 'class="num differs"' in page.content.decode()


def test_house_rules_are_named_by_their_title_where_they_play(client):
    """The result and its page name the table's rules as the table named them (issue 37)."""
    rules = save(client, {"foul_penalty": 3}, title="Friday at Ann's")
    page = client.post(
        "/ofc/",
        {
            "ruleset": rules["key"],
            "players-1-top": ANN["top"],
            "players-1-middle": ANN["middle"],
            "players-1-bottom": ANN["bottom"],
            "players-2-top": BOB_17["top"],
            "players-2-middle": BOB_17["middle"],
            "players-2-bottom": BOB_17["bottom"],
        },
        follow=True,
    ).content.decode()
    assert "Friday at Ann&#x27;s" in page
    assert f"House rules {rules['id']}" not in page
