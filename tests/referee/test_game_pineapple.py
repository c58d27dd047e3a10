"""Pineapple, Crazy and Lazy showdowns on the web, the whole slice (referee/games/pineapple.py):
the API (POST /api/pineapple/showdown/, DESIGN.md's shapes, 400 by field), the /pineapple/ page,
house rules that switch a reading (H8, and H20 where the showdown's house rules meet the discard
referee's), and the showdown, its pots and its refusals said in the reader's language. The
discard referee's own tests are in test_game_discards.py.

PPR 7.3, H8: A's Ks 3d 6c on Kd Kc 2s 4h 8d is three kings and 8-6-4-3-2 each half on its own;
shared, Ks 6c is kept for the three kings and B's 8-7-5-4-2 takes the low.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from referee.messages import localized_errors, said
from referee.models import Case
from scoring import pots
from scoring.cards import parse_cards
from scoring.errors import InputError
from scoring.house import PINEAPPLE, house_readings
from scoring.pineapple import Entrant, showdown
from tests.referee.web import api, post, save, texts

pytestmark = pytest.mark.django_db
SHOWDOWN = "/api/pineapple/showdown/"
DISCARDS = "/api/pineapple/discards/"
PAGE = "/pineapple/"
JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}


# DESIGN.md's example: Lazy hi-lo, A's 3h 4h make a wheel (best high and best low).
DESIGN_EXAMPLE = {
    "game": "lazy",
    "hi_lo": True,
    "board": "Ah 7d 5c Kd 2s",
    "players": [{"name": "A", "hole": "3h 4h Qs"}, {"name": "B", "hole": "Kc Ks 8d"}],
}
# The same, as the page's fields, with the players named Ann and Bob.
LAZY = {
    "game": "lazy",
    "hi_lo": "on",
    "board": "Ah 7d 5c Kd 2s",
    "players-0-name": "Ann",
    "players-0-hole": "3h 4h Qs",
    "players-1-name": "Bob",
    "players-1-hole": "Kc Ks 8d",
}
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
# H8's example (above), in the API's body and in the page's fields.
H8_LAZY = {
    "game": "lazy",
    "hi_lo": True,
    "board": "Kd Kc 2s 4h 8d",
    "players": [{"name": "A", "hole": "Ks 3d 6c"}, {"name": "B", "hole": "5s 7h"}],
}
H8_PAGE = {
    "game": "lazy",
    "hi_lo": "on",
    "board": "Kd Kc 2s 4h 8d",
    "players-0-name": "A",
    "players-0-hole": "Ks 3d 6c",
    "players-1-name": "B",
    "players-1-hole": "5s 7h",
}
# PPR 6.4, H20: a missed discard noticed after acting.
LATE = {"game": "crazy", "situation": "no_discard_after_acting", "player": "Ann"}
# Lazy hi-lo: Ann's wheel takes both halves of the called pot, Bob's last 11 go back to him.
LAZY_POTS = {"game": "lazy", "hi_lo": True, "board": "Ah 7d 5c Kd 2s", "players": [
    {"name": "Ann", "hole": "3h 4h Qs", "contributed": 20},
    {"name": "Bob", "hole": "Kc Ks 8d", "contributed": 31},
    {"name": "Cy", "folded": True, "contributed": 10},
]}  # fmt: skip


# --- The API ------------------------------------------------------------------------------------


def test_design_example_answers_in_the_design_shape(client: Any, db: Any) -> None:
    """PPR 7.3: A's wheel is the best high and the best low; the shape is DESIGN.md's."""
    response = api(client, SHOWDOWN, DESIGN_EXAMPLE)
    assert response.status_code == 200
    body = response.json()
    assert body["high_winners"] == ["A"] and body["low_winners"] == ["A"]
    a, b = body["players"]
    assert a["high"]["category"] == "straight"
    assert a["high"]["cards"] == ["5c", "4h", "3h", "2s", "Ah"]
    assert set(a["low"]) >= {"hand", "cards"} and a["low"]["hand"] == "Five low"
    assert b["high"]["category"] == "three_of_a_kind"
    assert all({"citation", "subject", "text", "url"} <= set(r) for r in body["rulings"])
    assert body["case"] == Case.objects.get().get_absolute_url()
    assert "wins" not in a  # no chips were given


def test_low_is_null_and_low_winners_empty_when_not_hi_lo(client: Any, db: Any) -> None:
    """PPR 7.1: a high-only game has no low."""
    body = api(client, SHOWDOWN, {**DESIGN_EXAMPLE, "hi_lo": False}).json()
    assert body["low_winners"] == []
    assert all(player["low"] is None for player in body["players"])


def test_pot_gives_each_player_wins(client: Any, db: Any) -> None:
    """PPR 7.3, H9: the same hand over a 101-chip pot: A scoops it all."""
    body = api(client, SHOWDOWN, {**DESIGN_EXAMPLE, "pot": 101, "button": 1}).json()
    assert [player["wins"] for player in body["players"]] == [101, 0]


def test_contributions_build_side_pots(client: Any, db: Any) -> None:
    """PPR 7.1, 7.3, H9: a short all-in, a folded player and a split side pot."""
    players = [
        {"name": "A", "hole": "3h 4h Qs", "contributed": 20},
        {"name": "B", "hole": "Kc Ks 8d", "contributed": 50},
        {"name": "C", "hole": "6h 8h 9c", "contributed": 50},
        {"name": "D", "folded": True, "contributed": 40},
    ]
    body = api(client, SHOWDOWN, {**DESIGN_EXAMPLE, "players": players, "button": 1}).json()
    assert [player["wins"] for player in body["players"]] == [80, 40, 40, 0]
    assert [pot["amount"] for pot in body["pots"]] == [80, 80]
    assert body["players"][3]["high"] is None


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"game": "holdem"}, "game"),
        ({"board": "Ah 7d 5c Kd"}, "board"),
        ({"board": 5}, "board"),
        ({"hi_lo": "yes"}, "hi_lo"),
        ({"pot": -1}, "pot"),
        ({"pot": "10"}, "pot"),
        ({"button": 2}, "button"),
        ({"players": [{"name": "A", "hole": "3h 4h Qs"}]}, "players"),
        (
            {"players": [{"name": "A", "hole": "3h 4h"}, {"name": "B", "hole": "3h Ks"}]},
            "players.1.hole",
        ),
        ({"players": [{"name": "A", "hole": "3h 4h Qs 9c"}, {"name": "B"}]}, "players.0.hole"),
        (
            {"players": [{"name": 7, "hole": "3h 4h"}, {"name": "B", "hole": "Ks Kh"}]},
            "players.0.name",
        ),
        (
            {"players": [{"hole": "3h 4h", "contributed": 5}, {"hole": "Ks Kh"}]},
            "players.1.contributed",
        ),
        ({"players": [{"hole": "3h X"}, {"hole": "Ks Kh"}]}, "players.0.hole"),
    ],
)
def test_bad_input_answers_400_with_the_field_path(
    client: Any, db: Any, change: dict[str, Any], field: str
) -> None:
    """PPR 1.2, 1.4, 7.1: every error names its place; nothing answers 500."""
    response = api(client, SHOWDOWN, {**DESIGN_EXAMPLE, **change})
    assert response.status_code == 400
    assert field in response.json()["errors"]
    assert Case.objects.count() == 0


@pytest.mark.parametrize(
    ("url", "body", "field", "message"),
    [
        (
            SHOWDOWN,
            {**DESIGN_EXAMPLE, "game": "holdem"},
            "game",
            '"holdem" is not a Pineapple version; use one of: pineapple, crazy, lazy',
        ),
        (SHOWDOWN, {**DESIGN_EXAMPLE, "pot": "10"}, "pot", "enter a whole number, e.g. 15"),
        (SHOWDOWN, {**DESIGN_EXAMPLE, "hi_lo": "yes"}, "hi_lo", "enter true or false"),
        (
            DISCARDS,
            {"game": "lazy", "situation": "discard_exposed", "player": 3},
            "player",
            "enter a name as text, e.g. Ann",
        ),
        (
            DISCARDS,
            {"game": "pineapple", "situation": "discard_timing", "timing": "never"},
            "timing",
            '"never" is not a discard timing; use one of: after_preflop, at_deal, after_flop, '
            "at_flop, showdown",
        ),
    ],
)
def test_refusals_say_what_is_accepted(
    client: Any, db: Any, url: str, body: dict[str, Any], field: str, message: str
) -> None:
    """A refused value is named with what would be accepted instead, not guessed at."""
    response = api(client, url, body)
    assert response.status_code == 400
    assert response.json()["errors"] == {field: [message]}


def test_not_json_is_refused(client: Any, db: Any) -> None:
    """The API takes JSON only."""
    response = client.post(SHOWDOWN, {"game": "lazy"})
    assert response.status_code in (400, 415)
    assert "errors" in response.json()


# --- The page -----------------------------------------------------------------------------------


def test_showdown_page_renders_an_empty_form(client: Any, db: Any) -> None:
    """PPR 1.4, 1.5: the version, the board and ten seats; no result yet."""
    response = client.get(PAGE)
    assert response.status_code == 200
    html = response.content.decode()
    names = ("game", "hi_lo", "board", "players-0-hole", "players-9-hole", "players-9-contributed")
    for name in (*names, "pot", "button"):
        assert f'name="{name}"' in html
    assert "data-picker" in html and "Lazy Pineapple" in html
    assert 'id="verdict"' not in html


def test_post_without_htmx_renders_the_whole_page_with_the_result(client: Any, db: Any) -> None:
    """PPR 7.3: Ann's wheel wins both halves; the page names her and cites the article."""
    response = post(client, PAGE, LAZY)
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
    html = post(client, PAGE, LAZY, htmx=True).content.decode()
    assert "<html" not in html and 'id="showdown"' not in html
    assert html.index("High: Ann") < html.index("Hands") < html.index("Rulings")
    assert 'name="board"' not in html


def test_chips_with_side_pots_are_shown(client: Any, db: Any) -> None:
    """PPR 7.1, H9: Ann all in for 20 takes the main pot; Bob and Cat split the side pot."""
    data = {
        **SIDE_POTS,
        "players-3-name": "Dan",
        "players-3-folded": "on",
        "players-3-contributed": "40",
    }
    response = post(client, PAGE, data)
    html = response.content.decode()
    assert "Side pot 1" in html
    case = Case.objects.get()
    wins = {player["name"]: player["wins"] for player in case.result["players"]}
    assert wins == {"Ann": 80, "Bob": 40, "Cat": 40, "Dan": 0}


def test_a_hi_lo_verdict_names_each_pots_high_and_low(client: Any, db: Any) -> None:
    """Ann (all in for 20) scoops the main pot with the wheel; the side pot's high is Bob's and
    its low Cat's: the verdict says so, not the main pot's winners alone (issue 37)."""
    html = post(client, PAGE, SIDE_POTS, htmx=True).content.decode()
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
    html = post(client, PAGE, data).content.decode()
    assert "dead hand" in html and "Player 2 wins" in html


def test_a_card_error_appears_at_its_field(client: Any, db: Any) -> None:
    """PPR 1.2: a card typed twice is named at the field where it repeats."""
    data = {**LAZY, "players-1-hole": "Kc Ks 3h"}
    response = post(client, PAGE, data)
    html = response.content.decode()
    assert response.status_code == 200
    assert "3h is in Ann&#x27;s hole and in Bob&#x27;s hole" in html
    assert Case.objects.count() == 0
    form = response.context["form"]
    assert "players-1-hole" in form.errors


def test_bad_card_text_appears_at_its_field(client: Any, db: Any) -> None:
    """PPR 1.2: text that is not a card is refused at the board field."""
    response = post(client, PAGE, {**LAZY, "board": "Ah 7d 5c Kd Zz"})
    assert "board" in response.context["form"].errors


def test_button_on_an_empty_seat_is_refused_at_the_button(client: Any, db: Any) -> None:
    """PPR 2.1: the button sits at a player's seat."""
    response = post(client, PAGE, {**LAZY, "pot": "10", "button": "7"})
    assert "button" in response.context["form"].errors


def test_contribution_error_lands_on_that_players_chips(client: Any, db: Any) -> None:
    """PPR 7.1: with one player's chips given, every player's are needed."""
    response = post(client, PAGE, {**LAZY, "players-0-contributed": "10"})
    assert "players-1-contributed" in response.context["form"].errors


def test_too_few_players_is_a_form_error_not_a_500(client: Any, db: Any) -> None:
    """PPR 1.4: two to ten players."""
    data = {"game": "pineapple", "board": "2h 7c 9s Jd 3c", "players-0-hole": "As Ad"}
    response = post(client, PAGE, data)
    assert response.status_code == 200
    assert "2 to 10 players" in response.content.decode()


# --- House rules --------------------------------------------------------------------------------


def test_the_plain_readings_by_default(client: Any) -> None:
    answer = api(client, SHOWDOWN, H8_LAZY).json()
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
    answer = api(client, SHOWDOWN, {**H8_LAZY, "house_rules": rules["key"]})
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


@pytest.mark.parametrize("url", [SHOWDOWN, DISCARDS])
def test_house_rules_pineapple_cannot_play_are_refused_at_house_rules(
    client: Any, url: str
) -> None:
    """An unknown key, OFC or Island house rules: 400 at house_rules saying what is accepted."""
    ofc = save(client, {"foul_penalty": 3}, base="pineapple-ofc")
    island = save(client, {"wheel": "best"}, base="island")
    body = H8_LAZY if url == SHOWDOWN else LATE
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
    shown = client.post("/pineapple/", {**H8_PAGE, "house_rules": rules["key"]}, follow=True)
    html = shown.content.decode()
    assert f"HOUSE-{rules['id']} lazy_hi_lo" in html and "Played under" in html
    assert shown.context["result"]["low_winners"] == ["B"]
    assert f"house_rules=house%3A{rules['id']}" in shown.context["new_hand"]
    plain = client.post("/pineapple/", H8_PAGE, follow=True)
    assert plain.context["result"]["low_winners"] == ["A"]
    assert "HOUSE-" not in plain.content.decode()


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


# --- In Japanese --------------------------------------------------------------------------------


def test_the_showdown_rules_in_japanese_and_in_english_as_before() -> None:
    japanese = texts(api(Client(), SHOWDOWN, LAZY_POTS, **JA))
    assert (
        "Annの最高のハンド：5ハイのストレート（5c 4h 3h 2s Ah）、ホールカードから4h 3hを使用。"
        in (japanese)
    )
    assert "Bobの最高のロー：8-7-5のロー（8d 7d 5c 2s Ah）、ホールカードから8dを使用。" in japanese
    assert "最高のハイハンドはAnnです：5ハイのストレート。" in japanese
    assert "Cyはフォールド：どのポットも獲得できません。すでに入れたチップはポットに残ります。" in (
        japanese
    )
    assert (
        "ポット（50チップ、対象：Ann、Bob）は半分に分けます：ハイ（Ann）に25、ロー（Ann）に25。"
        "チップ：Ann 50。" in japanese
    )
    assert (
        "Bobの最後の11チップは、残っているどのプレイヤーにもコールされなかったので、Bobに戻ります。"
        in (japanese)
    )
    assert any(text.endswith("ハウス解釈H8：ハイとローがそれぞれ、3枚のうち2枚以下のホールカードを"
                             "自由に選ぶ。") for text in japanese)  # fmt: skip
    english = texts(api(Client(), SHOWDOWN, LAZY_POTS))
    assert "Ann's best hand: Five-high straight (5c 4h 3h 2s Ah), using 4h 3h from the hole." in (
        english
    )
    assert (
        "The pot (50 chips; Ann and Bob eligible) is halved: 25 to the high (Ann), 25 to the low "
        "(Ann). Chips: Ann 50." in english
    )


def test_the_stored_case_is_said_in_each_readers_language() -> None:
    url = api(Client(), SHOWDOWN, LAZY_POTS).json()["case"]
    assert "Bobの最高のハンド：Kのスリーカード" in Client().get(url, **JA).content.decode()
    assert "Bob&#x27;s best hand: Three kings" in Client().get(url).content.decode()


@pytest.mark.parametrize(
    ("players", "field", "japanese", "english"),
    [
        (
            [{"name": "Ann", "hole": "Ah 4h"}, {"name": "Bob", "hole": "Kc Ks"}],
            "players.0.hole",
            "AhがボードとAnnのホールカードに重複しています",
            "Ah is in the board and in Ann's hole",
        ),
        (
            [{"name": "Ann", "hole": "3h 4h 6h 9h"}, {"name": "Bob", "hole": "Kc Ks"}],
            "players.0.hole",
            "パイナップルのショーダウンでは、Annのホールカードは2枚でなければ"
            "なりません（PPR 7.2）。4枚ではありません：Annが見せたカードを"
            "入力するか、Annをフォールドにしてください",
            "Ann's hole must hold 2 cards at a Pineapple showdown (PPR 7.2), not 4: enter the "
            "cards Ann showed, or mark Ann folded",
        ),
        (
            [{"name": "Ann", "hole": "3h 4h"}, {"name": "Ann", "hole": "Kc Ks"}],
            "players.1.name",
            "Annという名前のプレイヤーが2人います：それぞれ別の名前にしてください",
            "two players are called Ann: give each player a different name",
        ),
    ],
)
def test_the_engines_refusal_is_said_at_its_field(
    players: list[dict[str, str]], field: str, japanese: str, english: str
) -> None:
    body = {"game": "pineapple", "board": "Ah 7d 5c Kd 2s", "players": players}
    refused = api(Client(), SHOWDOWN, body, **JA)
    assert refused.status_code == 400
    assert refused.json()["errors"] == {field: [japanese]}
    assert api(Client(), SHOWDOWN, body).json()["errors"] == {field: [english]}


def test_a_pot_refusal_and_a_seat_are_said_in_japanese() -> None:
    with pytest.raises(InputError) as refused:
        pots.build_pots([10, -1], [True, True])
    with translation.override("ja"):
        assert localized_errors(refused.value) == {
            "non_field_errors": [
                "席2の拠出額は0以上の整数のチップ数にしてください（-1ではありません）"
            ]
        }
    assert refused.value.errors["non_field_errors"] == [
        "Seat 2's contribution must be a whole number of chips, 0 or more, not -1"
    ]


def test_a_house_rules_refusal_is_said_at_its_setting() -> None:
    body = {"title": "T", "base": "pineapple-ofc", "changes": {"foul_penalty": 99}}
    refused = api(Client(), "/api/house-rules/", body, **JA)
    assert refused.status_code == 400
    assert refused.json()["errors"] == {
        "changes.foul_penalty": ["0から50までの整数を入力してください"]
    }
    english = api(Client(), "/api/house-rules/", body).json()["errors"]
    assert english == {"changes.foul_penalty": ["enter a whole number from 0 to 50"]}


def test_the_shared_reading_is_said_with_the_two_kept() -> None:
    house = house_readings("abcd", {"lazy_hi_lo": "shared"}, PINEAPPLE)
    players = [
        Entrant("A", tuple(parse_cards("Ks 3d 6c"))),
        Entrant("B", tuple(parse_cards("5s 7h"))),
    ]
    result = showdown("lazy", parse_cards("Kd Kc 2s 4h 8d"), players, True, readings=house.readings)
    with translation.override("ja"):
        japanese = [said(r.message) for r in result.rulings if r.message is not None]
    assert (
        "Aには、ハイのために残した2枚（Ks 6c）からのローがありません："
        "8以下の異なる5ランクを作れません。（PPR 7.3に代えて、このハウスルールによります）"
        in japanese
    )
