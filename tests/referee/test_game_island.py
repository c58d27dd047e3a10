"""Island Pineapple on the web (OPR-538), the whole slice (referee/games/island.py): the API
(POST /api/island/showdown/, DESIGN.md's request and response, 400s by field), the /island/
page (renders, referees with and without htmx, errors at their fields), house rules that switch
a reading, and its rulings and refusals said in the reader's language.

OPR-538 1.3(b), H1: Ann's 2s As with 3s 4s 5s of board 1 is a five-high straight flush read
plainly, six high when the host switches H1 to the earlier reading.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from referee.messages import localized_errors, said
from referee.models import Case, HouseRule
from scoring.cards import parse_cards
from scoring.hands import Category
from scoring.island import IslandError, Seat, bonus_ladder, showdown
from scoring.island_readings import ALTERNATIVE_READINGS, PLAIN_READINGS, house_reading_message
from tests.referee import web
from tests.referee.bodies import ISLAND_4_3

API = "/api/island/showdown/"
PAGE = "/island/"
JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}


# OPR-538 4.3's example, one card per board place as the page lays them out.
EXAMPLE = {
    "first_set-0": "Kh",
    "first_set-1": "4c",
    "second_set-0": "9s",
    "second_set-1": "9d",
    "turn": "Jh",
    "river-0": "Qh",
    "river-1": "3d",
    "players-0-name": "A",
    "players-0-hole": "Th 8c",
    "players-1-name": "B",
    "players-1-hole": "9c 4s",
}
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
# OPR-538 4.3's example with named players: Bob's nines full beat Ann's king-high straight.
SHOWDOWN: dict[str, Any] = {
    **ISLAND_4_3,
    "players": [{"name": "Ann", "hole": "Th 8c"}, {"name": "Bob", "hole": "9c 4s"}],
}
# Ann calls the Phantom Ship without three of a kind: her call fouls the hand (5.1, H13).
FOULED_CALL: dict[str, Any] = {
    **SHOWDOWN,
    "players": [{"name": "Ann", "hole": "9h 9c 4d"}, {"name": "Bob", "hole": "Ts 8c 2h"}],
    "phantom_ship": {"caller": "Ann"},
}


def call(client: Any, body: Any, **headers: Any) -> Any:
    return web.api(client, API, body, **headers)


def post(client: Any, data: dict[str, Any], htmx: bool = False) -> Any:
    return web.post(client, PAGE, data, htmx)


def save(client: Any, changes: dict[str, Any], base: str = "island") -> dict[str, Any]:
    return web.save(client, changes, base)


def _texts(answer: dict[str, Any]) -> list[str]:
    return [ruling["text"] for ruling in answer["rulings"]]


# --- The API ------------------------------------------------------------------------------------


def test_4_3_example_answers_the_design_shape(client: Any, db: Any) -> None:
    """OPR-538 4.3: B wins; boards, players with best and per_board, winners, rulings, case."""
    response = call(client, ISLAND_4_3)
    assert response.status_code == 200
    body = response.json()
    assert body["winners"] == ["B"]
    assert body["boards"] == [
        ["Kh", "9s", "9d", "Jh", "Qh"],
        ["Kh", "9s", "9d", "Jh", "3d"],
        ["4c", "9s", "9d", "Jh", "Qh"],
        ["4c", "9s", "9d", "Jh", "3d"],
    ]
    a, b = body["players"]
    assert a["name"] == "A" and len(a["per_board"]) == 4
    assert a["best"]["board"] == 1
    assert a["best"]["category"] == "straight"
    assert a["best"]["hand"] == "King-high straight"
    assert a["best"]["cards"] == ["Kh", "Qh", "Jh", "Th", "9s"]
    assert a["best"]["hole_used"] == ["Th"]
    assert b["best"]["category"] == "full_house"
    assert sorted(b["best"]["hole_used"]) == ["4s", "9c"]
    assert 4 in [b["best"]["board"], *b["best"]["also_on"]]
    ruling = next(r for r in body["rulings"] if r["citation"] == "OPR-538 4.3")
    assert ruling["url"] == "/rules/OPR-538/4-3/"
    assert body["case"].startswith("/cases/")
    assert Case.objects.get().game == "island"


def test_wild_deuce_and_variants(client: Any, db: Any) -> None:
    """OPR-538 1.3(a), 5.4: wild cards are reported with what they stood for."""
    body = call(
        client,
        {
            **ISLAND_4_3,
            "first_set": "Ts 4c",
            "second_set": "Js Qs",
            "turn": "Ks",
            "players": [{"name": "A", "hole": "2s 8c"}, {"name": "B", "hole": "9c 4s"}],
            "variants": ["straights_with_wilds"],
        },
    ).json()
    best = body["players"][0]["best"]
    assert best["category"] == "straight_flush"
    assert best["wilds"] == [{"card": "2s", "as": "9s"}]
    assert body["winners"] == ["A"]


def test_phantom_ship_caller_and_deal_checks(client: Any, db: Any) -> None:
    """OPR-538 5.1, 2.5: the caller's matched trips win; seven exchanges use all 52 cards."""
    response = call(
        client,
        {
            **ISLAND_4_3,
            "first_set": "7d 4c",
            "players": [{"name": "A", "hole": "7s 7h 7c"}, {"name": "B", "hole": "Kc Ks Kd"}],
            "phantom_ship": {"caller": "A"},
            "table_size": 7,
            "exchanged": 7,
        },
    )
    assert response.status_code == 200
    body = response.json()
    assert body["winners"] == ["A"]
    assert "phantom_ship" in body["variants"]
    assert body["deal"] == {
        "table_size": 7,
        "exchanged": 7,
        "cards": 52,
        "burns": 3,
        "fits": True,
        "most_cards": 52,
    }


def test_secondary_bonus(client: Any, db: Any) -> None:
    """OPR-538 5.3: after a straight rung the winner needs a flush; a full house reaches it."""
    body = call(client, {**ISLAND_4_3, "secondary_bonus": {"previous": "straight"}}).json()
    assert body["secondary_bonus"]["required"] == "flush"
    assert body["secondary_bonus"]["continues"] is True


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"river": "Qh"}, "river"),
        ({"turn": "Zz"}, "turn"),
        ({"first_set": 12}, "first_set"),
        ({"players": [{"name": "A", "hole": "Th 8c"}]}, "players"),
        (
            {"players": [{"name": "A", "hole": "Th 8c"}, {"name": "B", "hole": "9c Kh"}]},
            "players.1.hole",
        ),
        (
            {"players": [{"name": "A", "hole": "Th 8c 7c"}, {"name": "B", "hole": "9c 4s"}]},
            "players.0.hole",
        ),
        (
            {"players": [{"name": 5, "hole": "Th 8c"}, {"name": "B", "hole": "9c 4s"}]},
            "players.0.name",
        ),
        (
            {"players": [{"name": "A", "hole": "Th 8c"}, {"name": "A", "hole": "9c 4s"}]},
            "players.1.name",
        ),
        ({"variants": ["jokers"]}, "variants.0"),
        (
            {
                "phantom_ship": {"caller": "Zed"},
                "players": [{"name": "A", "hole": "7s 7h 7c"}, {"name": "B", "hole": "9c 4s 5s"}],
            },
            "phantom_ship.caller",
        ),
        ({"table_size": 9}, "table_size"),
        ({"table_size": 3, "exchanged": 5}, "exchanged"),
        ({"secondary_bonus": {"previous": "pair"}}, "secondary_bonus.previous"),
    ],
)
def test_bad_input_is_400_by_field(
    client: Any, db: Any, change: dict[str, Any], field: str
) -> None:
    """OPR-538 1.1, 3.3, 5.1: invalid input answers 400 naming the field, never 500."""
    response = call(client, {**ISLAND_4_3, **change})
    assert response.status_code == 400, response.content
    errors = response.json()["errors"]
    assert field in errors, errors
    assert all(isinstance(message, str) and message for message in errors[field])
    assert not Case.objects.exists()


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        (
            {"variants": ["jokers"]},
            "variants.0",
            '"jokers" is not an Island Pineapple variant; use one of: phantom_ship, '
            "arcade_ante, secondary_bonus, straights_with_wilds, playing_the_board",
        ),
        (
            {"secondary_bonus": {"previous": "pair"}},
            "secondary_bonus.previous",
            '"pair" is not a Secondary bonus qualifier; use one of: straight, flush, '
            "full_house, four_of_a_kind, straight_flush, royal_flush",
        ),
        ({"table_size": "5"}, "table_size", "enter a whole number, e.g. 15"),
        (
            {
                "players": [
                    {"name": "A", "hole": "Th 8c", "discarded": "no"},
                    ISLAND_4_3["players"][1],
                ]
            },
            "players.0.discarded",
            "enter true or false",
        ),
    ],
)
def test_refusals_say_what_is_accepted(
    client: Any, db: Any, change: dict[str, Any], field: str, message: str
) -> None:
    """A refused value is named with what would be accepted instead, not guessed at."""
    response = call(client, {**ISLAND_4_3, **change})
    assert response.status_code == 400
    assert response.json()["errors"] == {field: [message]}


def test_more_than_seven_players_is_400_at_players(client: Any, db: Any) -> None:
    """OPR-538 1.1: at most seven play, so eight players answer 400 at `players`."""
    cards = [
        "2h",
        "3h",
        "4h",
        "5h",
        "6h",
        "7h",
        "8h",
        "9h",
        "Th",
        "Jh",
        "Qh",
        "Kh",
        "Ah",
        "2d",
        "3d",
        "4d",
    ]
    players = [{"name": f"P{i}", "hole": f"{cards[2 * i]} {cards[2 * i + 1]}"} for i in range(8)]
    response = call(client, {**ISLAND_4_3, "players": players})
    assert response.status_code == 400
    assert "players" in response.json()["errors"]


@pytest.mark.parametrize("body", [[], "text", {"players": "x"}, {**ISLAND_4_3, "players": None}])
def test_malformed_bodies_are_400(client: Any, db: Any, body: Any) -> None:
    """Any JSON that is not a showdown answers 400 with errors, not 500."""
    response = call(client, body)
    assert response.status_code == 400
    assert "errors" in response.json()


# --- The page -----------------------------------------------------------------------------------


def test_page_lays_out_the_board_as_dealt(client: Any, db: Any) -> None:
    """OPR-538 2.2, 3.4: seven board places, first set and river in columns, then players."""
    response = client.get(PAGE)
    assert response.status_code == 200
    html = response.content.decode()
    for name in ("first_set", "second_set", "river"):
        assert f'name="{name}-0"' in html and f'name="{name}-1"' in html
    assert 'name="turn"' in html
    assert 'name="players-0-hole"' in html and 'name="players-6-hole"' in html
    assert "data-picker" in html and "Phantom Ship" in html
    assert 'id="verdict"' not in html


def test_post_without_htmx_renders_the_whole_page_with_the_winner(client: Any, db: Any) -> None:
    """OPR-538 4.3: B's full house beats A's straight; the page names B and cites 4.3."""
    response = post(client, EXAMPLE)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html
    assert "B wins" in html
    assert "Nines full of fours" in html
    assert "OPR-538 4.3" in html and "/rules/OPR-538/4-3/" in html
    case = Case.objects.get()
    assert case.game == "island" and case.result["winners"] == ["B"]
    assert case.get_absolute_url() in html


def test_post_with_htmx_renders_only_the_result(client: Any, db: Any) -> None:
    """OPR-538 4.3: an htmx request gets the verdict alone (the form stays), winner first."""
    response = post(client, EXAMPLE, htmx=True)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html and 'id="island"' not in html and 'name="turn"' not in html
    assert html.lstrip().startswith('<section class="result"')
    assert html.index("B wins") < html.index("Each player")


def test_wild_cards_are_shown_with_what_they_stood_for(client: Any, db: Any) -> None:
    """OPR-538 1.3(a): the deuce beside Ts Js Qs Ks stands for the 9s, and the page says so."""
    data = {
        **EXAMPLE,
        "first_set-0": "Ts",
        "second_set-0": "Js",
        "second_set-1": "Qs",
        "turn": "Ks",
        "players-0-hole": "2s 8c",
        "players-1-hole": "9c 4s",
    }
    html = post(client, data).content.decode()
    assert "2s as 9s" in html
    assert "King-high straight flush" in html
    assert "suit-s used-hole wild" in html  # the hole deuce is marked both used and wild


def test_phantom_ship_caller_from_the_page(client: Any, db: Any) -> None:
    """OPR-538 5.1: trips matched on the board, marked as the caller, win the pot."""
    data = {
        **EXAMPLE,
        "first_set-0": "7d",
        "players-0-hole": "7s 7h 7c",
        "players-1-hole": "As Ad Qd",
        "variants": ["phantom_ship"],
        "phantom_ship-caller": "0",
    }
    html = post(client, data).content.decode()
    assert "A wins" in html
    assert "Phantom Ship caller" in html


@pytest.mark.parametrize(
    ("change", "field_message"),
    [
        ({"players-1-hole": "9c Kh"}, "Kh is in the first set and in B&#x27;s hole"),
        ({"players-0-hole": "Th 8c 7c"}, "A&#x27;s hole needs two after the Pineapple discard"),
        ({"river-1": "Kh"}, "Kh is in the first set and in the split river"),
        ({"turn": "Zz"}, "is not a card"),
        ({"players-1-hole": "", "players-1-name": ""}, "2 to 7 players still in the hand"),
        ({"table_size": "9"}, "a table has 3 to 7 players"),
        ({"phantom_ship-caller": "4"}, "&#x27;Player 5&#x27; is not one of the players: A, B"),
    ],
)
def test_errors_appear_at_the_field(
    client: Any, db: Any, change: dict[str, str], field_message: str
) -> None:
    """OPR-538 1.1, 3.3: bad input is shown in words at its place, and no case is recorded."""
    response = post(client, {**EXAMPLE, **change}, htmx=True)
    html = response.content.decode()
    assert response.status_code == 200
    assert field_message in html
    assert "errorlist" in html
    assert 'id="verdict"' not in html
    assert not Case.objects.exists()


def test_garbage_post_never_raises(client: Any, db: Any) -> None:
    """Whatever is posted, the page answers (errors, not a 500)."""
    garbage = {"first_set-0": "\x00", "players-0-hole": "X" * 500, "variants": ["nope"]}
    response = post(client, garbage)
    assert response.status_code == 200
    assert "errorlist" in response.content.decode()


def test_the_answer_page_marks_the_caller_again(client: Any, db: Any) -> None:
    """OPR-538 5.1: shown again after the redirect, the form still marks who called."""
    data = {
        **EXAMPLE,
        "first_set-0": "7d",
        "players-0-hole": "7s 7h 7c",
        "players-1-hole": "As Ad Qd",
        "phantom_ship-caller": "0",
    }
    answer = client.get(client.post(PAGE, data)["Location"])
    form = answer.context["form"]
    assert form["phantom_ship-caller"].value() == "0"
    assert form["first_set-0"].value() == "7d" and form["river-1"].value() == "3d"
    assert "A wins" in answer.content.decode()


# --- House rules --------------------------------------------------------------------------------


@pytest.mark.django_db
def test_plain_readings_by_default(client: Any) -> None:
    answer = call(client, WHEEL).json()
    assert answer["players"][0]["best"]["hand"] == "Five-high straight flush"
    assert answer["readings"] == {"wheel": "natural", "flush_ace": "top",
                                  "straight_ace": "top", "phantom_ship": "adds"}  # fmt: skip
    assert answer["house_rules"] is None
    assert not [r for r in answer["rulings"] if r["citation"].startswith("HOUSE-")]
    assert Case.objects.get().entered["house_rules"] is None


@pytest.mark.django_db
def test_a_switched_wheel_reads_six_high_and_the_ruling_cites_the_house_rule(client: Any) -> None:
    """H1 switched: six high, the ruling at HOUSE-<id> wheel, linked to the rules and to H1."""
    rules = save(client, {"wheel": "best"})
    answer = call(client, {**WHEEL, "house_rules": rules["key"]})
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


@pytest.mark.django_db
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


@pytest.mark.django_db
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


@pytest.mark.django_db
def test_house_rules_the_showdown_cannot_play_are_refused_at_house_rules(client: Any) -> None:
    """An unknown key, OFC house rules, or no key at all: 400 at house_rules saying what goes."""
    ofc = save(client, {"foul_penalty": 3}, base="pineapple-ofc")
    for key, words in (("house:nosuch1", "no house rules are saved"),
                       (ofc["key"], "house rules for OFC"), ("island", "house:<id>"),
                       (7, "house:<id>")):  # fmt: skip
        refused = call(client, {**WHEEL, "house_rules": key})
        assert refused.status_code == 400, key
        assert words in refused.json()["errors"]["house_rules"][0]
    assert not Case.objects.exists()


@pytest.mark.django_db
def test_island_house_rules_are_not_an_ofc_ruleset(client: Any) -> None:
    island = save(client, {"wheel": "best"})
    body = {"ruleset": island["key"], "players": []}
    refused = client.post("/api/ofc/score/", body, content_type="application/json")
    assert "house rules for Island Pineapple" in refused.json()["errors"]["ruleset"][0]


@pytest.mark.django_db
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


@pytest.mark.django_db
def test_the_page_shows_a_refused_key_at_its_field(client: Any) -> None:
    shown = client.post("/island/", {**PAGE_WHEEL, "house_rules": "house:nosuch1"}, follow=True)
    assert "no house rules are saved" in shown.context["form"].errors["house_rules"][0]
    assert not Case.objects.exists()


@pytest.mark.django_db
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


@pytest.mark.django_db
def test_the_earlier_readings_preset_switches_all_four(client: Any) -> None:
    moved = client.post("/rules/house/preset/island-earlier/")
    house = HouseRule.objects.get()
    assert moved["Location"] == house.get_absolute_url() and house.base == "island"
    assert house.changes == {"wheel": "best", "flush_ace": "gap", "straight_ace": "gap",
                             "phantom_ship": "replaces"}  # fmt: skip


# --- In Japanese --------------------------------------------------------------------------------


def test_the_api_rules_a_showdown_in_japanese(client: Any, db: Any) -> None:
    english = _texts(call(client, SHOWDOWN).json())
    japanese = _texts(call(Client(), SHOWDOWN, **JA).json())
    assert "Bob wins with nines full of fours on board 3, beating Ann's king-high straight." in (
        english
    )
    assert "Ann plays one hole card Th with 4 cards (Kh Qh Jh 9s) of board 1: king-high " in (
        " ".join(english)
    )
    assert (
        "Bobがボード3の9のフルハウス（4のペア）で、AnnのKハイのストレートを上回って勝ちです。"
        in (japanese)
    )
    assert (
        "Annはホールカード1枚（Th）とボード1の4枚（Kh Qh Jh 9s）でプレイします：Kハイのストレート。"
        in (japanese)
    )
    assert (
        "Bobはホールカード2枚（9c 4s）とボード3（ボード4でも同じハンド）の3枚（9s 9d 4c）で"
        "プレイします：9のフルハウス（4のペア）。"
    ) in japanese
    assert "ハンドに残っているのは2人です。" in " ".join(japanese)


def test_a_fouled_phantom_ship_call_and_its_house_reading_in_japanese(client: Any, db: Any) -> None:
    japanese = _texts(call(client, FOULED_CALL, **JA).json())
    assert (
        "Annのファントムシップのコールはファウルです：9h 9c 4dはスリーカードではありません。"
        "ポットはほかのハンドのうち最も強いハンドに行きます。"
    ) in japanese
    assert "配る前の宣言どおり、ファントムシップが適用されます（5）。" in japanese
    assert any(
        text.startswith("Bobはホールカード1枚（Ts）と") and "（ハウス解釈H14：" in text
        for text in japanese
    ), japanese


def test_wild_deuces_and_variants_in_japanese(client: Any, db: Any) -> None:
    body = {
        **SHOWDOWN,
        "first_set": "Ts 4c",
        "second_set": "Js Qs",
        "turn": "Ks",
        "players": [{"name": "Ann", "hole": "2s 8c"}, {"name": "Bob", "hole": "9c 4s"}],
        "variants": ["straights_with_wilds"],
    }
    japanese = _texts(call(client, body, **JA).json())
    assert "配る前の宣言どおり、ワイルド入りストレートが適用されます（5）。" in japanese
    assert (
        "Ann：2s→9s：同じスートの4枚の連続に並ぶとき、2はその一番下のさらに下に入り、"
        "上には入りません。"
    ) in japanese


def test_the_deal_and_the_secondary_bonus_in_japanese(client: Any, db: Any) -> None:
    body = {**SHOWDOWN, "table_size": 7, "exchanged": 7, "secondary_bonus": {"previous": None}}
    japanese = _texts(call(client, body, **JA).json())
    assert "卓に7人、ショーダウンでハンドに残っているのは2人です。" in japanese
    assert (
        "この配札は52枚を使います（ホールカード21枚、ボード7枚、交換の補充21枚、バーン3枚。"
        "7人が交換）：52枚のデッキに収まります。"
    ) in japanese
    assert (
        "最初のアイランドのハンドでは、勝者にストレート以上が必要です。"
        "フルハウスは届いているので、アイランドのハンドが続きます。"
    ) in japanese


def test_an_engine_refusal_is_said_in_japanese_at_its_field(client: Any, db: Any) -> None:
    body = {
        **SHOWDOWN,
        "table_size": 9,
        "players": [{"name": "Ann", "hole": "Kh 8c"}, {"name": "Bob", "hole": "9c"}],
    }
    english = call(client, body).json()["errors"]
    japanese = call(Client(), body, **JA).json()["errors"]
    assert english["players.0.hole"] == ["Kh is in the first set and in Ann's hole; each card is "
                                         "dealt once"]  # fmt: skip
    assert japanese["players.0.hole"] == [
        "KhがファーストセットとAnnのホールカードにあります。どのカードも配られるのは1回だけです"
    ]
    assert japanese["players.1.hole"] == [
        "Bobのホールカードはパイナップルの捨て札の後は2枚必要ですが（3.3）、1枚です（例: As Kd）"
    ]
    assert japanese["table_size"] == ["卓の人数は3〜7人です（1.1）。9人ではありません"]


def test_a_refusal_the_engine_raises_keeps_its_message() -> None:
    board = parse_cards("Kh 4c 9s 9d Jh Qh 3d")
    seats = [Seat("Ann", tuple(parse_cards("Th 8c"))), Seat("Bob", tuple(parse_cards("9c 4s")))]
    try:
        showdown(board[:2], board[2:4], board[4:5], board[5:], seats, variants=["phantom_ship"])
    except IslandError as error:
        with translation.override("ja"):
            assert localized_errors(error) == {
                "phantom_ship.caller": [
                    "ファントムシップをコールしたプレイヤーの名前を入力してください"
                ]
            }
        assert error.errors == {
            "phantom_ship.caller": ["name the player who called the Phantom Ship"]
        }
    else:
        raise AssertionError("a Phantom Ship without a caller is refused")


def test_a_house_reading_and_a_bonus_step_are_said_in_either_language() -> None:
    switched = house_reading_message(ALTERNATIVE_READINGS, "wheel")
    assert str(switched).startswith("house reading H1, switched by the host: the deuce may count")
    with translation.override("ja"):
        assert said(switched).startswith("ハウス解釈H1（ホストが切り替え）：同じスートのAが")
        assert said(house_reading_message(PLAIN_READINGS, "flush_ace")) == (
            "ハウス解釈H4：ワイルドのAはストレートフラッシュの空いたトップにしか入りません"
        )
    step = bonus_ladder(Category.STRAIGHT, Category.FLUSH).ruling
    assert step.text == (
        "After straight the winner needed flush or better; flush reaches it, so the Island "
        "hands continue."
    )
    with translation.override("ja"):
        assert said(step.message, step.text) == (
            "ストレートの次は、勝者にフラッシュ以上が必要です。"
            "フラッシュは届いているので、アイランドのハンドが続きます。"
        )


def test_the_stored_case_and_the_page_speak_the_readers_language(client: Any, db: Any) -> None:
    url = call(client, FOULED_CALL).json()["case"]
    assert "9h 9c 4dはスリーカードではありません" in Client().get(url, **JA).content.decode()
    assert "9h 9c 4d is not three of a kind" in Client().get(url).content.decode()
    page = Client().get("/island/", **JA).content.decode()
    assert "ワイルド入りストレート" in page and "アーケードアンティ" in page
    assert "Arcade Ante" in Client().get("/island/").content.decode()
