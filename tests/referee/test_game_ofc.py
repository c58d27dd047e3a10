"""OFC scoring on the web, the whole slice (referee/games/ofc.py): the API (POST /api/ofc/score/,
DESIGN.md's request and response, 400s keyed by field), the /ofc/ page (renders, scores with and
without htmx, errors at their fields), and the engine's rulings and refusals said in Japanese,
page and API alike, with the English unchanged.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from referee.games.ofc import OfcForm
from referee.messages import localized_errors, said
from referee.models import Case
from scoring.cards import CardError, parse_cards
from scoring.ofc import OfcError, PlayerBoard, score_table
from scoring.rulesets import UnknownRuleset, get_ruleset

API = "/api/ofc/score/"
PAGE = "/ofc/"
JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}


# OFC-BETA 8.1: Player 1 scores 8 against Player 2.
EXAMPLE_BODY: dict[str, Any] = {
    "ruleset": "pineapple-2p-v1",
    "players": [
        {"name": "Ann", "top": "Qs Qd 7c", "middle": "9s 9h 4c 4d 2s", "bottom": "Ah Jh 8h 6h 3h",
         "in_fantasyland": False},
        {"name": "Bob", "top": "Kc 8d 3s", "middle": "5s 5h 5c Ad 2h", "bottom": "6c 7d 8c 9c Td"},
    ],
}  # fmt: skip
# OFC-BETA 8.1 again, as the page's fields (under pineapple-ofc).
EXAMPLE = {
    "ruleset": "pineapple-ofc",
    "players-0-name": "Ann",
    "players-0-top": "Qs Qd 7c",
    "players-0-middle": "9s 9h 4c 4d 2s",
    "players-0-bottom": "Ah Jh 8h 6h 3h",
    "players-1-name": "Bob",
    "players-1-top": "Kc 8d 3s",
    "players-1-middle": "5s 5h 5c Ad 2h",
    "players-1-bottom": "6c 7d 8c 9c Td",
}
# Bob's aces on top foul over his two pair; Ann's queens on top earn Fantasyland.
FOUL = {"ruleset": "pineapple-ofc", "players": [
    {"name": "Ann", "top": "Qs Qd 7c", "middle": "5h 6h 7h 8h 9d", "bottom": "2c 2d 2h Kc Kd"},
    {"name": "Bob", "top": "As Ad 4h", "middle": "6s 6d 9h 2s 3c", "bottom": "Qh Qc Ts 8c 8s"},
]}  # fmt: skip
# Ann's Joker on top makes queens; Qs is twice on the table in DUPLICATE.
JOKER = {"ruleset": "joker-ofc", "players": [
    {"name": "Ann", "top": "Qs Qd X", "middle": "5h 6h 7h 8h 9d", "bottom": "2c 2d 2h Kc Kd"},
    {"name": "Bob", "top": "Kh 4c 3d", "middle": "Ts Td 6s 5c 4s", "bottom": "As Ad 8c 8s 3c"},
]}  # fmt: skip
DUPLICATE = {"ruleset": "pineapple-ofc", "players": [
    FOUL["players"][0], {**FOUL["players"][1], "bottom": "Qs Qc Ts 8c 8s"},
]}  # fmt: skip


def call(client: Any, body: Any, **headers: Any) -> Any:
    return client.post(API, body, content_type="application/json", **headers)


def changed(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    body = copy.deepcopy(EXAMPLE_BODY)
    target = body
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return body


def post(client: Any, data: dict[str, Any], htmx: bool = False) -> Any:
    """Post as the page does; a plain post that is decided redirects to its result (PRG)."""
    if htmx:
        return client.post(PAGE, data, HTTP_HX_REQUEST="true")
    return client.post(PAGE, data, follow=True)


def _texts(answer: dict[str, Any]) -> list[str]:
    return [ruling["text"] for ruling in answer["rulings"]]


# --- The API ------------------------------------------------------------------------------------


def test_worked_example_answers_the_design_shape(client: Any, db: Any) -> None:
    """OFC-BETA 8.1 under pineapple-2p-v1: Ann +8, Bob -8; every field DESIGN.md lists."""
    response = call(client, EXAMPLE_BODY)
    assert response.status_code == 200
    body = response.json()
    assert body["ruleset"] == "pineapple-2p-v1"
    ann, bob = body["players"]
    assert {"name", "fouled", "royalties", "score", "rows", "fantasyland"} <= set(ann)
    assert (ann["name"], ann["fouled"], ann["royalties"], ann["score"]) == ("Ann", False, 11, 8)
    assert (bob["royalties"], bob["score"]) == (4, -8)
    top = ann["rows"]["top"]
    assert top["cards"] == ["Qs", "Qd", "7c"] and top["resolved"] == ["Qs", "Qd", "7c"]
    assert (top["category"], top["royalty"]) == ("pair", 7)
    assert top["hand"] == "Pair of queens, seven kicker"
    assert ann["rows"]["bottom"]["category"] == "flush"
    assert ann["fantasyland"] == {
        "qualifies": True,
        "cards": 14,
        "stays": False,
        "in_fantasyland": False,
    }
    assert body["matchups"][0] == {
        "player": "Ann", "opponent": "Bob", "rows": {"top": 1, "middle": -1, "bottom": 1},
        "sweep": 0, "majority": 0, "royalties": 7, "foul": 0, "points": 8,
    }  # fmt: skip
    row_fields = {"cards", "resolved", "category", "hand", "royalty"}
    for player in body["players"]:
        assert set(player["rows"]) == {"top", "middle", "bottom"}
        assert all(row_fields <= set(row) for row in player["rows"].values())
    assert set(bob["fantasyland"]) >= {"qualifies", "cards", "stays"}
    assert [(m["player"], m["opponent"]) for m in body["matchups"]] == [
        ("Ann", "Bob"),
        ("Bob", "Ann"),
    ]
    ruling = body["rulings"][0]
    assert {"citation", "subject", "text", "url"} <= set(ruling)
    assert all(r["url"].startswith("/rules/") for r in body["rulings"])
    assert any(r["citation"] == "pineapple-2p-v1 Top royalties" for r in body["rulings"])
    assert body["case"] == Case.objects.get().get_absolute_url()


def test_no_fantasyland_is_null(client: Any, db: Any) -> None:
    """DESIGN.md: fantasyland is null for a ruleset without Fantasyland (OFC-BETA 9.1)."""
    body = call(client, changed(("ruleset",), "pineapple-ofc")).json()
    assert [p["fantasyland"] for p in body["players"]] == [None, None]


def test_jokers_resolve_in_the_response(client: Any, db: Any) -> None:
    """JOKER-OFC 3.2: four fives and a Joker are four fives with an ace, the As (H12)."""
    body = changed(("ruleset",), "joker-ofc")
    body["players"][1].update(middle="5s 5h 5c 5d X", bottom="8c 9c Tc Jc Qc")
    body["players"][1]["top"] = "Kc 8d 3s"
    response = call(client, body)
    assert response.status_code == 200, response.json()
    middle = response.json()["players"][1]["rows"]["middle"]
    assert middle["cards"] == ["5s", "5h", "5c", "5d", "X"]
    assert middle["resolved"] == ["5s", "5h", "5c", "5d", "As"]
    assert middle["category"] == "four_of_a_kind"


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        (changed(("players", 1, "middle"), "5s 5h 5c Ad"), "players.1.middle", "needs 5 cards"),
        (changed(("players", 1, "bottom"), "6c 7d 8c 9c Qs"), "players.1.bottom", "Qs is in"),
        (changed(("players", 0, "top"), "Qs Qd Zz"), "players.0.top", "is not a card"),
        (changed(("players", 0, "top"), 7), "players.0.top", "as text"),
        (changed(("players", 0, "top"), "Qs Qd X"), "players.0.top", "without Jokers"),
        (changed(("ruleset",), "texas"), "ruleset", "ruleset must be one of pineapple-ofc"),
        (changed(("players",), []), "players", "takes exactly 2 players; got 0"),
        (changed(("players", 0, "discards"), "2c"), "players.0.discards", "discards 4 cards"),
        (changed(("players", 0, "in_fantasyland"), "yes"), "players.0.in_fantasyland", "true"),
        (changed(("players", 0, "fantasyland_cards"), "15"), "players.0.fantasyland_cards", "whol"),
        (changed(("players", 0, "name"), 12), "players.0.name", "text"),
    ],
)  # fmt: skip
def test_bad_input_answers_400_with_the_field(
    client: Any, db: Any, body: dict[str, Any], field: str, words: str
) -> None:
    """DESIGN.md: invalid input answers 400 {"errors": {FIELD: [MESSAGE]}}, never 500."""
    response = call(client, body)
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert field in errors, errors
    assert any(words in message for message in errors[field]), errors
    assert not Case.objects.exists()


@pytest.mark.parametrize("body", [None, [], "text", {"players": "x"}, {"ruleset": None}])
def test_malformed_bodies_answer_400(client: Any, db: Any, body: Any) -> None:
    """DESIGN.md: never 500."""
    response = call(client, body)
    assert response.status_code == 400
    assert "errors" in response.json()


# --- The page -----------------------------------------------------------------------------------


def test_page_offers_the_rulesets_and_three_boards(client: Any, db: Any) -> None:
    """DESIGN.md: pick the ruleset and 2-3 players, three rows each, with the card picker."""
    html = client.get(PAGE).content.decode()
    for key in ("pineapple-ofc", "pineapple-2p-v1", "joker-ofc"):
        assert f'value="{key}"' in html
    for seat in (1, 2, 3):
        for part in ("name", "top", "middle", "bottom", "discards", "in_fantasyland"):
            assert f'name="players-{seat - 1}-{part}"' in html
    assert "data-picker" in html and 'data-joker-rulesets="joker-ofc"' in html
    assert 'data-testid="totals"' not in html


def test_post_without_htmx_renders_the_whole_page_with_the_scores(client: Any, db: Any) -> None:
    """OFC-BETA 8.1: Ann +8, Bob -8, with the royalty rulings linked to their articles."""
    response = post(client, EXAMPLE)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html
    assert 'data-player="Ann"' in html and "+8" in html and "-8" in html
    assert "Pair of queens, seven kicker" in html
    assert "OFC-BETA 6.7" in html and "/rules/OFC-BETA/6-7/" in html
    case = Case.objects.get()
    assert case.game == "pineapple-ofc"
    assert [p["score"] for p in case.result["players"]] == [8, -8]
    assert case.entered["players"][0]["top"] == "Qs Qd 7c"
    assert case.get_absolute_url() in html


def test_post_with_htmx_renders_only_the_result(client: Any, db: Any) -> None:
    """OFC-BETA 8.2: the sweep example; htmx gets the verdict alone (the form stays as typed),
    totals first."""
    data = {**EXAMPLE, "players-1-middle": "Ts Th 4s 3c 2c"}
    html = post(client, data, htmx=True).content.decode()
    assert "<html" not in html and 'name="players-0-top"' not in html
    assert html.strip().startswith('<section class="result"')
    assert html.index('data-testid="totals"') < html.index("<h2>Boards")
    assert "+15" in html and "OFC-BETA 6.3" in html


def test_new_hand_keeps_the_players_and_the_ruleset(client: Any, db: Any) -> None:
    """A new hand at the same table: the names and ruleset stay, every card is cleared."""
    response = post(client, {**EXAMPLE, "ruleset": "joker-ofc"})
    link = response.context["new_hand"]
    assert link.startswith("/ofc/?") and "Qs" not in link
    fresh = client.get(link)
    form = fresh.context["form"]
    assert form["ruleset"].value() == "joker-ofc"
    assert form["players-0-name"].value() == "Ann" and form["players-1-name"].value() == "Bob"
    assert (
        not form["players-0-top"].value() and 'data-testid="totals"' not in fresh.content.decode()
    )
    assert Case.objects.count() == 1  # opening the new hand decides nothing


def test_a_foul_shows_its_reason(client: Any, db: Any) -> None:
    """OFC-BETA 8.3: Bob's ten-high middle under a king-high top fouls: 17 to Ann."""
    html = post(client, {**EXAMPLE, "players-1-middle": "Tc 7s 5d 4h 2d"}).content.decode()
    assert "+17" in html and "Fouled" in html
    assert "is stronger than the middle row" in html


def test_three_players_and_jokers(client: Any, db: Any) -> None:
    """JOKER-OFC 3.1 and 7.1: a third player with a Joker; the page shows what it became."""
    data = {
        **EXAMPLE,
        "ruleset": "joker-ofc",
        "players-2-name": "Cy",
        "players-2-top": "X 5d 4h",
        "players-2-middle": "Jc Js 3c 3d Tc",
        "players-2-bottom": "Kh Kd Ks Qc Qh",
    }
    html = post(client, data).content.decode()
    assert 'data-player="Cy"' in html
    assert "Joker as 5s" in html and "JOKER-OFC 3.1" in html
    assert Case.objects.get().game == "joker-ofc"


@pytest.mark.parametrize(
    ("change", "field_message"),
    [
        ({"players-0-top": "Qs Qd"}, "Ann&#x27;s top row needs 3 cards, not 2 (OFC-BETA 1.1)"),
        ({"players-1-bottom": "6c 7d 8c 9c Qs"}, "Qs is in Ann&#x27;s top row and in Bob&#x27;s"),
        ({"players-0-top": "Qs Qd X"}, "holds a Joker, but Pineapple OFC uses a 52-card deck"),
        ({"players-0-top": "Zz Qd 7c"}, "is not a card"),
        ({"players-2-top": "As Ks 2c"}, "enter 5 cards here, e.g. 9s 9h 4c 4d 2s"),
        ({"ruleset": "pineapple-2p-v1", "players-2-top": "As Ks 2c",
          "players-2-middle": "Jc Js 3c 3d Tc", "players-2-bottom": "Kh Kd Ks Qc Qh"},
         "Heads-up Pineapple OFC takes exactly 2 players"),
        ({"players-0-in_fantasyland": "on"}, "Pineapple OFC has no Fantasyland"),
        ({"players-0-discards": "2c 3c"}, "Ann discards 4 cards in a normal hand"),
    ],
)  # fmt: skip
def test_errors_appear_at_the_field(
    client: Any, db: Any, change: dict[str, str], field_message: str
) -> None:
    """DESIGN.md: errors appear at the field, in words; nothing is scored or recorded."""
    response = post(client, {**EXAMPLE, **change})
    html = response.content.decode()
    assert response.status_code == 200
    assert field_message in html
    assert 'role="alert"' in html
    assert 'data-testid="totals"' not in html
    assert not Case.objects.exists()


def test_field_names_are_the_api_paths() -> None:
    """STYLE.md: the page posts the API's body, so players.1.bottom is players-1-bottom."""
    form = OfcForm(EXAMPLE)
    body = form.body()
    assert body["ruleset"] == "pineapple-ofc"
    assert [player["name"] for player in body["players"]] == ["Ann", "Bob"]
    assert body["players"][1]["bottom"] == "6c 7d 8c 9c Td"
    form.show_errors({"players.1.bottom": ["wrong"], "players": ["too many"]})
    assert form.errors["players-1-bottom"] == ["wrong"]
    assert form.non_field_errors() == ["too many"]


def test_a_duplicate_card_is_reported_under_the_second_row(client: Any, db: Any) -> None:
    """OFC-BETA 2.1 and DESIGN.md: the repeat is shown where it was entered, Bob's bottom row."""
    html = post(client, {**EXAMPLE, "players-1-bottom": "6c 7d 8c 9c Qs"}).content.decode()
    said = "Qs is in Ann&#x27;s top row and in Bob&#x27;s bottom row"
    summary, at_field = html.index(said), html.rindex(said)
    assert summary < html.index('name="players-1-bottom"') < at_field
    assert at_field < html.index('name="players-2-name"')
    assert 'href="#id_players-1-bottom"' in html  # the summary links to the field


def test_a_plain_post_redirects_to_its_result_so_a_reload_posts_nothing(client: Any, db: Any):
    """Post, redirect, get: the answer's address shows the case again, the fields as typed."""
    posted = client.post(PAGE, EXAMPLE)
    assert posted.status_code == 302 and posted["Location"].startswith("/ofc/?case=")
    for _ in range(2):  # a reload of the answer decides nothing new
        page = client.get(posted["Location"])
        assert 'data-player="Ann"' in page.content.decode() and "+8" in page.content.decode()
    assert Case.objects.count() == 1
    form = page.context["form"]
    assert form["players-1-middle"].value() == "5s 5h 5c Ad 2h"
    assert form["players-0-name"].value() == "Ann" and form["ruleset"].value() == "pineapple-ofc"


def test_a_case_from_before_the_one_path_opens_the_page_without_a_result(client: Any, db: Any):
    """A schema 1 case is not decided again on the page: its case page shows it."""
    old = Case.objects.create(game="pineapple-ofc", entered={"p1_top": "Qs"}, result={}, schema=1)
    page = client.get(f"{PAGE}?case={old.pk}")
    assert page.status_code == 200 and 'data-testid="totals"' not in page.content.decode()
    assert client.get(f"{PAGE}?case=not-a-case").status_code == 200


def test_no_label_says_its_ruleset_twice(client, db):
    """The Fantasyland deal is labelled "(Joker OFC)" once (issue 37)."""
    html = client.get("/ofc/").content.decode()
    assert "Fantasyland deal (Joker OFC)" in html
    assert "(Joker OFC) (Joker OFC)" not in html


# --- In Japanese --------------------------------------------------------------------------------


def test_the_api_rules_a_foul_and_a_joker_in_japanese(db: Any) -> None:
    foul = _texts(call(Client(), FOUL, **JA).json())
    assert (
        "Bobのボードはファウル：Bobのボードではトップ（Aのワンペア（4キッカー））がミドル"
        "（6のワンペア（キッカー 9・3・2））より強い。ロイヤリティはなく、列の比較もしません。"
    ) in foul
    assert "Annのミドル（9ハイのストレート）はロイヤリティ4点です。" in foul
    assert "AnnはBob相手に+23：このハンドは+23点です。" in foul
    joker = _texts(call(Client(), JOKER, **JA).json())
    assert "AnnのトップのジョーカーはQhになり、トップはQのスリーカードです。" in " ".join(joker)
    assert "ジョーカーOFCは3人のテーブルを想定していますが、2人でも同じルールを使います。" in joker
    assert (
        "Annのトップ（Qのスリーカード）はファウルのないボードなので、17枚のファンタジーランドを"
        "獲得します。"
    ) in joker


def test_the_english_answer_is_unchanged(db: Any) -> None:
    answer = call(Client(), FOUL).json()
    assert "Bob's board fouls: on Bob's board the top row (pair of aces, four kicker) is " \
        "stronger than the middle row (pair of sixes, kickers nine, three, two). It earns no " \
        "royalties and its rows are not compared." in _texts(answer)  # fmt: skip
    assert "Ann scores +23 against Bob: +23 for the hand." in _texts(answer)
    assert answer["players"][1]["foul_reason"].startswith("on Bob's board the top row")


def test_the_page_says_the_foul_reason_in_japanese(db: Any) -> None:
    data = {"ruleset": "pineapple-ofc"}
    for seat, player in enumerate(FOUL["players"]):
        data |= {f"players-{seat}-{key}": value for key, value in player.items()}
    page = Client().post("/ofc/", data, follow=True, **JA).content.decode()
    assert "ファウル：Bobのボードではトップ（Aのワンペア（4キッカー））がミドル" in page, page[
        :3000
    ]


def test_a_card_twice_is_refused_in_japanese_at_its_field(db: Any) -> None:
    answer = call(Client(), DUPLICATE, **JA)
    assert answer.status_code == 400
    assert answer.json()["errors"]["players.1.bottom"] == [
        "QsがAnnのトップとBobのボトムにあります：どのカードもデッキに1枚だけです"
    ]
    english = call(Client(), DUPLICATE).json()["errors"]["players.1.bottom"]
    assert english == [
        "Qs is in Ann's top row and in Bob's bottom row: each card is in the deck once"
    ]


def test_the_engines_other_refusals_are_said_in_japanese() -> None:
    rows = [parse_cards(text) for text in ("Qs Qd", "9s 9h 4c 4d 2s", "Ah Jh 8h 6h 3h")]
    short = PlayerBoard("Ann", *rows, in_fantasyland=True, fantasyland_cards=9)
    rules = get_ruleset("joker-ofc")
    with pytest.raises(OfcError) as alone:
        score_table(rules, [short])
    with translation.override("ja"):
        assert localized_errors(alone.value) == {
            "players": ["ジョーカーOFCのプレイヤーは2か3人ですが、1人です（JOKER-OFC 7.1）"]
        }
    assert alone.value.errors["players"] == [
        "Joker OFC takes 2 or 3 players; got 1 (JOKER-OFC 7.1)"
    ]
    with pytest.raises(OfcError) as twice:
        score_table(rules, [short, short])
    with translation.override("ja"):
        japanese = localized_errors(twice.value)
    assert japanese["players.0.top"] == [
        "Annのトップは3枚必要ですが、2枚です（OFC-BETA 1.1）（例: As Kd 7c）"
    ]
    assert japanese["players.1.name"] == [
        "Annという名前のプレイヤーが2人います：それぞれ別の名前にしてください"
    ]
    assert japanese["players.0.fantasyland_cards"] == [
        "ジョーカーOFCのファンタジーランドは14、15、16または17枚で、9枚ではありません"
    ]
    assert twice.value.errors["players.0.fantasyland_cards"] == [
        "a Fantasyland hand in Joker OFC is 14, 15, 16 or 17 cards, not 9"
    ]


def test_card_and_ruleset_refusals_are_said_in_japanese() -> None:
    with pytest.raises(CardError) as card:
        parse_cards("Zs")
    with pytest.raises(UnknownRuleset) as ruleset:
        get_ruleset("omaha")
    with translation.override("ja"):
        assert said(card.value.messages["non_field_errors"][0]).startswith(
            "'Zs'はカードではありません：カードはランク"
        )
        assert localized_errors(ruleset.value)["ruleset"] == [
            "ルールセットはpineapple-ofc, pineapple-2p-v1, joker-ofcのいずれかで、'omaha'ではありま"
            "せん"
        ]
    assert str(ruleset.value).startswith("ruleset must be one of pineapple-ofc, ")
