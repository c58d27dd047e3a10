"""The case log (issue 4, "Case log"): append-only cases, their pages, API, and fast lists."""

from __future__ import annotations

import hashlib
import uuid
from datetime import timedelta

import pytest
from django.db import transaction
from django.test import Client
from django.utils import timezone

from referee import devices
from referee.cases import citation_url, record_case, ruling_links
from referee.models import Case, CaseImmutable
from scoring.rulings import Ruling
from tests.referee.bodies import ISLAND_4_3

# OPR-538 4.3's example; the second player is named X, which is not a Joker on any page.
ISLAND_ENTERED = {
    **ISLAND_4_3,
    "players": [{"name": "Ann", "hole": "Th 8c"}, {"name": "X", "hole": "9c 4s"}],
}
ISLAND_RESULT = {"winners": ["Ann"], "players": [{"name": "Ann"}, {"name": "X"}]}
RULINGS = [
    Ruling("OPR-538 1.3(b)", "Ann", "The ace of spades goes wild at the top.", "H1"),
    Ruling("OPR-538 4.2", "table", "Ann's straight beats X's trips."),
    Ruling("OPR-538 4.2", "table", "Board 2 is not better for X."),
]


def test_citation_url_is_the_article_page_without_the_database():
    """From "OPR-538 1.3(a)" to /rules/OPR-538/1-3-a/: a pure function of the citation."""
    assert citation_url("OPR-538 1.3(a)") == "/rules/OPR-538/1-3-a/"
    assert citation_url("pineapple-2p-v1 Foul payout") == "/rules/pineapple-2p-v1/foul-payout/"
    assert citation_url("OPR-538 Final authority") == "/rules/OPR-538/final-authority/"


def test_ruling_links_adds_article_and_interpretation_urls_without_the_database():
    """Each ruling as a dict with `url`, and `interpretation_url` when it has one."""
    linked = ruling_links(RULINGS[:2])
    assert linked[0] == {
        "citation": "OPR-538 1.3(b)",
        "subject": "Ann",
        "text": "The ace of spades goes wild at the top.",
        "interpretation": "H1",
        "url": "/rules/OPR-538/1-3-b/",
        "interpretation_url": "/rules/OPR-538/1-3-b/#H1",
    }
    assert linked[1]["url"] == "/rules/OPR-538/4-2/"
    assert "interpretation_url" not in linked[1]
    assert ruling_links([r.as_dict() for r in RULINGS]) == ruling_links(RULINGS)


def test_ruling_links_keeps_an_unlinkable_stored_ruling():
    """A stored ruling whose citation no longer parses is shown without a link, not a 500."""
    assert ruling_links([{"citation": "", "subject": "", "text": "t"}])[0]["url"] == ""
    stale = {"citation": "PPR 7.1", "subject": "", "text": "t", "interpretation": "H999"}
    assert ruling_links([stale])[0]["interpretation_url"] == ""


@pytest.mark.django_db
def test_record_case_stores_input_result_rulings_and_each_citation_once():
    """A case keeps the input as entered, the result, its rulings and what they cite, once."""
    case = record_case("island", ISLAND_ENTERED, ISLAND_RESULT, RULINGS)
    stored = Case.objects.get(pk=case.pk)
    assert stored.game == "island"
    assert stored.entered == ISLAND_ENTERED
    assert stored.result == ISLAND_RESULT
    assert stored.rulings == [ruling.as_dict() for ruling in RULINGS]
    assert stored.cited == "|OPR-538 1.3(b)|H1|OPR-538 4.2|"
    assert case.get_absolute_url() == f"/cases/{case.pk}/"
    assert isinstance(case.pk, uuid.UUID) and case.pk.version == 4


@pytest.mark.django_db
def test_record_case_keeps_the_rulings_once_when_the_result_carries_them():
    """An engine's answer holds its rulings too; the case keeps them only in `rulings`."""
    answer = {**ISLAND_RESULT, "rulings": [ruling.as_dict() for ruling in RULINGS]}
    stored = Case.objects.get(pk=record_case("island", ISLAND_ENTERED, answer, RULINGS).pk)
    assert stored.result == ISLAND_RESULT
    assert stored.rulings == answer["rulings"]


@pytest.mark.django_db
def test_a_case_is_saved_in_one_statement(django_assert_num_queries):
    """One INSERT: the case is whole or absent without a transaction, and costs one round trip."""
    with django_assert_num_queries(1) as context:
        record_case("island", ISLAND_ENTERED, ISLAND_RESULT, RULINGS)
    assert context.captured_queries[0]["sql"].startswith("INSERT")


@pytest.mark.django_db
def test_cases_are_found_by_each_citation_and_only_by_whole_citations():
    """`citing` matches a whole article or interpretation: H1 does not find a case citing H10."""
    case = record_case("island", ISLAND_ENTERED, ISLAND_RESULT, RULINGS)
    other = record_case("ofc", {}, {}, [Ruling("OFC-BETA 3.3", "Ann", "Fouled.", "H10")])
    assert list(Case.objects.citing("H1")) == [case]
    assert list(Case.objects.citing("OPR-538 4.2")) == [case]
    assert list(Case.objects.citing("H10")) == [other]
    assert not Case.objects.citing("OPR-538 4").exists()
    assert not Case.objects.citing("OPR-538 1.3").exists()
    assert not Case.objects.citing("OPR-538 1.3(b)|H1").exists()  # one citation at a time


@pytest.mark.django_db
def test_record_case_refuses_objects_that_are_not_json():
    """The case keeps the input as typed: Card objects must be turned into text first."""
    from scoring.cards import parse_cards

    with pytest.raises(TypeError, match="not JSON serializable"), transaction.atomic():
        record_case("island", {"hole": parse_cards("As Kd")}, {}, [])
    assert Case.objects.count() == 0


@pytest.mark.django_db
def test_a_case_cannot_be_changed_or_deleted():
    """Append-only: no update through save() or the queryset, no delete."""
    case = record_case("island", ISLAND_ENTERED, ISLAND_RESULT, RULINGS)
    case.result = {"winners": ["X"]}
    with pytest.raises(CaseImmutable):
        case.save()
    with pytest.raises(CaseImmutable):
        Case.objects.filter(pk=case.pk).update(game="lazy")
    with pytest.raises(CaseImmutable):
        case.delete()
    with pytest.raises(CaseImmutable):
        Case.objects.all().delete()
    assert Case.objects.get(pk=case.pk).result == ISLAND_RESULT


@pytest.mark.django_db
def test_case_page_shows_cards_result_and_linked_rulings(client):
    """/cases/<id>/: the game, the cards as entered, the result, the rulings with links."""
    case = record_case("island", ISLAND_ENTERED, ISLAND_RESULT, RULINGS)
    response = client.get(case.get_absolute_url())
    assert response.status_code == 200
    html = response.content.decode()
    assert "Island Pineapple" in html
    assert 'class="verdict">Winner: Ann' in html
    assert html.count('<span class="visually-hidden">') == 11  # 7 community cards, 2 holes of 2
    assert 'title="queen of hearts"' in html
    assert "<h3>X</h3>" in html and 'title="Joker"' not in html  # a player named X
    assert '<a class="citation" href="/rules/OPR-538/1-3-b/">OPR-538 1.3(b)</a>' in html
    assert 'href="/rules/OPR-538/1-3-b/#H1">house reading H1</a>' in html
    assert "Ann&#x27;s straight beats X&#x27;s trips." in html
    assert "<form" not in html.split('id="main"')[1]  # nothing to change


@pytest.mark.django_db
def test_case_page_summarises_ofc_totals_and_hi_lo_halves(client):
    """The result summary fits each game: OFC totals, hi-lo halves."""
    ofc = record_case(
        "pineapple-ofc",
        {"ruleset": "pineapple-ofc", "players": [{"name": "Ann", "top": "Qs Qd 7c"}]},
        {"players": [{"name": "Ann", "score": 8}, {"name": "Bob", "score": -8}]},
        [],
    )
    html = client.get(ofc.get_absolute_url()).content.decode()
    assert "Ann: +8" in html and "Bob: -8" in html
    lazy = record_case(
        "lazy",
        {"game": "lazy", "hi_lo": True, "board": "Ah 7d 5c Kd 2s"},
        {"hi_lo": True, "high_winners": ["B"], "low_winners": []},
        [],
    )
    html = client.get(lazy.get_absolute_url()).content.decode()
    assert "High: B" in html and "Low: no hand qualifies" in html
    assert "<dd>yes</dd>" in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path",
    [
        "/cases/not-a-uuid/",
        "/cases/12345/",
        f"/cases/{uuid.UUID(int=0)}/",
        f"/cases/{uuid.uuid4()}/",
        "/cases/%00/",
    ],
)
def test_malformed_or_unknown_case_id_is_404(client, path):
    """A malformed or unknown id answers 404, not 500 (page and API)."""
    assert client.get(path).status_code == 404
    response = client.get("/api" + path)
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"


@pytest.mark.django_db
def test_api_gives_the_case_with_linked_rulings(client):
    """GET /api/cases/<id>/: game, entered, result, rulings with urls, created."""
    case = record_case("island", ISLAND_ENTERED, ISLAND_RESULT, RULINGS)
    data = client.get(f"/api/cases/{case.pk}/").json()
    assert data["id"] == str(case.pk)
    assert data["game"] == "island"
    assert data["entered"] == ISLAND_ENTERED
    assert data["result"] == ISLAND_RESULT
    assert data["rulings"] == ruling_links(RULINGS)
    assert data["url"] == case.get_absolute_url()
    assert data["created"].startswith(str(case.created.year))


@pytest.mark.django_db
def test_api_cases_are_read_only(client):
    """No method changes a case through the API: a PUT (a case made offline, sent under its
    phone's id) to a kept case's id answers that case as it is."""
    case = record_case("island", ISLAND_ENTERED, ISLAND_RESULT, RULINGS)
    for method in (client.patch, client.delete, client.post):
        response = method(f"/api/cases/{case.pk}/", {}, content_type="application/json")
        assert response.status_code == 405
    before = client.get(f"/api/cases/{case.pk}/").json()
    other = {"game": "ofc", "body": {"ruleset": "joker-ofc", "players": []}, "answer": {}}
    response = client.put(f"/api/cases/{case.pk}/", other, content_type="application/json")
    assert response.status_code == 200
    assert response.json() == before == client.get(f"/api/cases/{case.pk}/").json()


def this_device(client) -> str:
    """Give the test client a device cookie; the hash its cases are made by."""
    client.cookies[devices.COOKIE] = "a-device-token-of-this-phone"
    return hashlib.sha256(b"a-device-token-of-this-phone").hexdigest()


@pytest.mark.django_db
def test_case_list_filters_by_game_and_citation(client):
    """/cases/ lists this device's recent cases, filterable by game and by citation."""
    mine = this_device(client)
    island = record_case("island", ISLAND_ENTERED, ISLAND_RESULT, RULINGS, mine)
    lazy = record_case("lazy", {"board": "Ah 7d 5c Kd 2s"}, {}, [Ruling("PPR 7.3", "A", "t")], mine)
    html = client.get("/cases/").content.decode()
    assert island.get_absolute_url() in html and lazy.get_absolute_url() in html
    assert '<option value="crazy">Crazy Pineapple</option>' in html  # every game, even unseen
    html = client.get("/cases/", {"game": "lazy"}).content.decode()
    assert island.get_absolute_url() not in html and lazy.get_absolute_url() in html
    html = client.get("/cases/", {"citation": "OPR-538 4.2"}).content.decode()
    assert island.get_absolute_url() in html and lazy.get_absolute_url() not in html
    html = client.get("/cases/", {"citation": "H1"}).content.decode()
    assert island.get_absolute_url() in html and lazy.get_absolute_url() not in html
    html = client.get("/cases/", {"game": "lazy", "citation": "H1"}).content.decode()
    assert "No cases match these filters" in html


def make_cases(count: int, maker: str = "") -> None:
    """Insert many cases fast, each citing two articles."""
    now = timezone.now()
    cases = [
        Case(
            game=("island", "lazy", "pineapple-ofc")[index % 3],
            entered={"players": [{"name": f"P{index}", "hole": "As Kd"}]},
            result={"winners": [f"P{index}"]},
            rulings=[{"citation": "OPR-538 4.2", "subject": "t", "text": "t"}],
            cited=f"|OPR-538 4.2|OPR-538 {('1.3', '5.1')[index % 2]}|",
            created=now - timedelta(seconds=index),
            maker=maker,
        )
        for index in range(count)
    ]
    Case.objects.bulk_create(cases, batch_size=2000)


@pytest.mark.django_db
def test_case_list_and_citation_filter_stay_constant_with_ten_thousand_cases(
    client, django_assert_max_num_queries
):
    """Lists stay fast as the log grows: a count and a page, however many cases."""
    make_cases(10_000, this_device(client))
    assert Case.objects.count() == 10_000
    pages = [
        {},
        {"page": "200"},
        {"game": "island"},
        {"citation": "OPR-538 5.1"},
        {"citation": "OPR-538 4.2", "game": "lazy", "page": "3"},
    ]
    for params in pages:
        with django_assert_max_num_queries(2):
            response = client.get("/cases/", params)
        assert response.status_code == 200
    html = client.get("/cases/", {"citation": "OPR-538 5.1"}).content.decode()
    assert "5000 cases" in html


@pytest.mark.django_db
def test_case_list_clamps_a_bad_page_number(client):
    """A page number that is not a page shows a page, not an error."""
    make_cases(30)
    for page in ("0", "-1", "999", "abc", "", "\x00"):
        assert client.get("/cases/", {"page": page}).status_code == 200
    for params in ({"game": "is\x00land"}, {"citation": "PPR\x00 7.1"}, {"game": "x" * 500}):
        assert client.get("/cases/", params).status_code == 200


@pytest.mark.django_db
def test_admin_cannot_add_change_or_delete_cases(admin_client):
    """In the admin, cases are read-only."""
    case = record_case("island", ISLAND_ENTERED, ISLAND_RESULT, RULINGS)
    assert admin_client.get("/admin/referee/case/").status_code == 200
    assert admin_client.get("/admin/referee/case/add/").status_code == 403
    change = admin_client.get(f"/admin/referee/case/{case.pk}/change/")
    assert change.status_code == 200 and b'name="_save"' not in change.content
    assert admin_client.post(f"/admin/referee/case/{case.pk}/delete/").status_code == 403
    assert admin_client.post(f"/admin/referee/case/{case.pk}/change/", {}).status_code == 403
    assert Case.objects.get(pk=case.pk).result == ISLAND_RESULT


@pytest.mark.django_db
def test_admin_edits_the_rule_library(admin_client):
    """Documents, articles and interpretations are editable in the admin."""
    for model in ("document", "article", "interpretation"):
        assert admin_client.get(f"/admin/referee/{model}/add/").status_code == 200


# Cases as the pages logged them before each game had one path (schema 1).
SCHEMA_1 = [
    (
        "island",
        {**ISLAND_4_3, "caller": None, "after_discards": False, "bonus_previous": None},
        {"winners": ["B"]},
        ["Winner: B", "title=\"queen of hearts\""],
    ),
    (
        "lazy",
        {"game": "lazy", "hi_lo": True, "board": "ah 7d 5c kd 2s", "button": "Player 2's seat",
         "players": [{"name": "A", "hole": "3h 4h Qs"}, {"name": "B", "hole": "Kc Ks 8d"}]},
        {"hi_lo": True, "high_winners": ["A"], "low_winners": ["A"]},
        ["High: A", "Low: A", "Player 2&#x27;s seat"],
    ),
    (
        "pineapple-ruling",
        {"game": "crazy", "situation": "wrong_card_discarded", "timing": "", "player": "Ann",
         "house_rules": []},
        {"decision": "Ann is bound by the discard."},
        ["Pineapple discard ruling", "Ann is bound by the discard."],
    ),
]  # fmt: skip


@pytest.mark.django_db
@pytest.mark.parametrize(("game", "entered", "result", "shown"), SCHEMA_1)
def test_cases_stored_before_the_schema_version_keep_opening(client, game, entered, result, shown):
    """Each case says its shape; a schema 1 case is read by its game's reader as it was."""
    case = Case.objects.create(game=game, entered=entered, result=result, rulings=[], schema=1)
    html = client.get(case.get_absolute_url()).content.decode()
    for words in shown:
        assert words in html
    assert client.get(f"/api/cases/{case.pk}/").json()["schema"] == 1


@pytest.mark.django_db
def test_new_cases_carry_the_current_schema(client):
    """A case made now is schema 3: its entered record is the game's API body, canonical."""
    client.post("/api/island/showdown/", ISLAND_4_3, content_type="application/json")
    case = Case.objects.get()
    assert case.schema == 3
    assert case.entered["first_set"] == "Kh 4c" and case.entered["phantom_ship"] is None


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("/pineapple/ruling/", "/pineapple/discards/"),
        ("/api/pineapple/ruling/", "/api/pineapple/discards/"),
    ],
)
def test_the_discard_referees_first_addresses_move_on_keeping_the_method(client, old, new):
    """The discard referee has one name now; its first links and API calls still arrive."""
    moved = client.post(old, {"game": "crazy"}, content_type="application/json")
    assert moved.status_code == 308 and moved["Location"] == new
    assert client.get(old).status_code == 301


@pytest.mark.django_db
def test_the_case_list_shows_this_devices_cases_and_the_published_ones(client):
    """A case is reachable by its link; the list shows only mine and the published."""
    client.post("/api/island/showdown/", ISLAND_4_3, content_type="application/json")
    mine = Case.objects.get()
    theirs = record_case("lazy", {"board": "Ah 7d 5c Kd 2s"}, {}, [], maker="someone else")
    listed = client.get("/cases/").content.decode()
    assert mine.get_absolute_url() in listed and theirs.get_absolute_url() not in listed
    assert "Publish" in listed
    stranger = Client()
    assert mine.get_absolute_url() not in stranger.get("/cases/").content.decode()
    assert stranger.get(mine.get_absolute_url()).status_code == 200  # the link still works
    assert stranger.post(f"{mine.get_absolute_url()}publish/").status_code == 403
    assert client.post(f"{mine.get_absolute_url()}publish/").status_code == 302
    shown = stranger.get("/cases/", {"game": "island"}).content.decode()
    assert mine.get_absolute_url() in shown and "Published" in shown


@pytest.mark.django_db
def test_a_match_hands_case_does_not_name_its_match(client):
    """Someone with a case's link learns the ruling, not where to find the table."""
    body = {"ruleset": "pineapple-ofc", "players": ["Ann", "Bob"], "dealer": "Ann", "rounds": 1}
    made = client.post("/api/matches/", body, content_type="application/json").json()
    hand = {"players": [{"name": "Ann", "top": "Qs Qd 7c", "middle": "9s 9h 4c 4d 2s",
                         "bottom": "Ah Jh 8h 6h 3h"},
                        {"name": "Bob", "top": "Kc 8d 3s", "middle": "5s 5h 5c Ad 2h",
                         "bottom": "6c 7d 8c 9c Td"}]}  # fmt: skip
    added = client.post(f"/api/matches/{made['id']}/hands/", hand, content_type="application/json",
                        HTTP_X_EDIT_KEY=made["edit_key"]).json()  # fmt: skip
    case_id = added["case"].rstrip("/").rsplit("/", 1)[-1]
    assert made["id"] in str(Case.objects.get(pk=case_id).entered)  # kept, for the table
    for page in (added["case"], f"/api/cases/{case_id}/"):
        assert made["id"] not in Client().get(page).content.decode()
