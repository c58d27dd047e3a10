"""The Fantasyland setter on the web, the whole slice (referee/games/fantasyland.py): its API
(POST /api/ofc/fantasyland/), its page (/ofc/fantasyland/), the OFC page's audit, house rules,
and its rulings, audit and refusals said in the reader's language.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from referee.messages import localized_errors, said
from referee.models import Case
from scoring.cards import DECK_52, parse_cards
from scoring.ofc import PlayerBoard, score_table
from scoring.rulesets import ROWS
from scoring.setter import SetterError, set_fantasyland

pytestmark = pytest.mark.django_db
API, PAGE = "/api/ofc/fantasyland/", "/ofc/fantasyland/"
JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}


# pineapple-2p-v1: three aces on top stay; the royalties are 9 + 4 + 15 (the module's example).
DEALT = "Ah Ad Ac Kh Kd Qs Js Ts 9s 8s 5h 4c 3d 2c"
# Staying costs royalties here: four sevens below stay for 10, sevens full and a straight pay 18.
COSTLY_STAY = "Kc Ks 7c 4h 7s Qd 8h 9d 7d Th 4d 7h Ad 6s"
PLAYED = {"top": "Kh Kd 2c", "middle": "Ah Ad Ac 5h 4c", "bottom": "Qs Js Ts 9s 8s"}


def ask(client, **body):
    return client.post(API, {"ruleset": "pineapple-2p-v1", "cards": DEALT, **body},
                       content_type="application/json")  # fmt: skip


def royalties_scored(ruleset: str, setting: dict) -> int:
    """What the scoring engine pays for a setting's board (beside any other board: a board's
    royalties are its own)."""
    rows = [parse_cards(" ".join(setting[row])) for row in ROWS]
    rest = [card for card in DECK_52 if card not in {c for row in rows for c in row}][:13]
    other = PlayerBoard("B", rest[:3], rest[3:8], rest[8:])
    return score_table(ruleset, [PlayerBoard("A", *rows), other]).players[0].royalties


def _texts(body: dict[str, Any]) -> list[str]:
    return [ruling["text"] for ruling in body["rulings"]]


# --- The API ------------------------------------------------------------------------------------


def test_the_answer_sets_13_cards_pays_what_scoring_pays_and_is_a_case(client):
    answer = ask(client)
    assert answer.status_code == 200, answer.content
    body = answer.json()
    best = body["best"]
    assert [len(best[row]) for row in ("top", "middle", "bottom", "discards")] == [3, 5, 5, 1]
    placed = best["top"] + best["middle"] + best["bottom"] + best["discards"]
    assert sorted(placed) == sorted(DEALT.split())
    assert best["royalties"] == royalties_scored("pineapple-2p-v1", best) == body["max_royalties"]
    assert best["stays"] and not best["fouled"]
    assert body["max_royalties_staying"] == best["royalties"]
    assert 1 <= len(body["alternatives"]) <= 5
    for setting in body["alternatives"]:
        assert setting["royalties"] == royalties_scored("pineapple-2p-v1", setting)
    cited = {ruling["citation"] for ruling in body["rulings"]}
    assert {"pineapple-2p-v1 Fantasyland deal size", "pineapple-2p-v1 Fantasyland stay"} <= cited
    assert all(ruling["url"] for ruling in body["rulings"])
    case = Case.objects.get()
    assert body["case"] == case.get_absolute_url() and case.game == "fantasyland"
    assert case.entered == {"ruleset": "pineapple-2p-v1", "cards": DEALT, "objective": "stay"}


def test_jokers_are_resolved_as_scoring_resolves_them(client):
    """JOKER-OFC 3.1: the Jokers become what the rows need, as score_table would make them."""
    cards = "As Ad 2c 3c 4c 5c 9c Kd Kh Qs Js 8h 7d X X 6h 9d"
    best = ask(client, ruleset="joker-ofc", cards=cards).json()["best"]
    assert best["bottom"].count("X") + best["middle"].count("X") + best["top"].count("X") == 2
    assert "X" not in best["resolved"]["bottom"] + best["resolved"]["middle"]
    assert best["royalties"] == royalties_scored("joker-ofc", best)


def test_the_objective_chooses_between_staying_and_royalties(client):
    stay = ask(client, cards=COSTLY_STAY).json()
    most = ask(client, cards=COSTLY_STAY, objective="royalties").json()
    assert stay["max_royalties"] == most["max_royalties"] > stay["max_royalties_staying"]
    assert stay["best"]["stays"] and stay["best"]["royalties"] == stay["max_royalties_staying"]
    assert not most["best"]["stays"] and most["best"]["royalties"] == most["max_royalties"]


def test_the_audit_says_what_the_played_setting_gave_up(client):
    body = ask(client, played=PLAYED).json()
    played, lost = body["played"], body["lost"]
    assert played["royalties"] == royalties_scored("pineapple-2p-v1", played)
    assert lost == {"royalties": body["best"]["royalties"] - played["royalties"], "stays": False}
    audit = [r for r in body["rulings"] if r["subject"] == "played"]
    assert len(audit) == 1 and f"gives up {lost['royalties']}" in audit[0]["text"]
    assert Case.objects.get().entered["played"] == PLAYED


def test_a_played_setting_that_fouls_gives_up_everything(client):
    fouls = {"top": "Ah Ad Ac", "middle": "Kh Kd 2c 3d 4c", "bottom": "Qs Js Ts 9s 5h"}
    body = ask(client, played=fouls).json()
    assert body["played"]["fouled"] and body["played"]["royalties"] == 0
    assert body["lost"] == {"royalties": body["best"]["royalties"], "stays": True}


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"ruleset": "pineapple-ofc"}, "cards", "OFC-BETA"),  # no Fantasyland in OFC-BETA
        ({"cards": DEALT.rsplit(" ", 1)[0]}, "cards", "14 cards, not 13"),
        ({"cards": DEALT.replace("2c", "X")}, "cards", "without Jokers"),
        ({"ruleset": "joker-ofc", "cards": DEALT[:-8] + " X X X"}, "cards", "only 2"),
        ({"cards": DEALT.replace("2c", "Ah")}, "cards", "each card is in the deck once"),
        ({"cards": "Ah Zz"}, "cards", "Zz"),
        ({"objective": "fun"}, "objective", "stay, royalties"),
        ({"ruleset": "house:nosuch1"}, "ruleset", "no house rules"),
        ({"played": {**PLAYED, "top": "Kh Kd 7s"}}, "played.top", "7s"),
        ({"played": {"top": "Kh Kd 2c"}}, "played.middle", "5 of the dealt cards"),
    ],
)
def test_refusals_name_the_field_and_what_is_accepted(client, body, field, words):
    refused = ask(client, **body)
    assert refused.status_code == 400, refused.content
    messages = refused.json()["errors"][field]
    assert any(words in message for message in messages), messages
    assert not Case.objects.exists()


# --- The page -----------------------------------------------------------------------------------


def test_the_page_posts_redirects_and_shows_the_best_setting_as_cards(client):
    fields = {"ruleset": "pineapple-2p-v1", "cards": DEALT, "objective": "stay",
              **{f"played-{row}": cards for row, cards in PLAYED.items()}}  # fmt: skip
    moved = client.post(PAGE, fields)
    case = Case.objects.get()
    assert moved.status_code == 302 and moved["Location"] == f"{PAGE}?case={case.pk}"
    page = client.get(moved["Location"])
    result = page.context["result"]
    assert result["best"]["royalties"] == case.result["best"]["royalties"]
    assert [len(row["faces"]) for row in result["best"]["rows"]] == [3, 5, 5]
    assert result["audit_headline"] == f"Gave up {case.result['lost']['royalties']} royalties"
    html = page.content.decode()
    assert (
        html.index('data-testid="audit"')
        < html.index('data-testid="best"')
        < html.index("<form", html.index('id="main"'))  # the page's form, not the language switch
    )
    assert page.context["form"]["played-top"].value() == PLAYED["top"]  # the fields as typed


def test_the_page_shows_each_refusal_at_its_field_and_keeps_what_was_typed(client):
    fields = {"ruleset": "pineapple-2p-v1", "cards": DEALT, "played-top": "Kh Kd 7s",
              "played-middle": PLAYED["middle"], "played-bottom": PLAYED["bottom"]}  # fmt: skip
    shown = client.post(PAGE, fields)
    form = shown.context["form"]
    assert shown.status_code == 200 and not Case.objects.exists()
    assert any("7s" in message for message in form.errors["played-top"])
    assert form["cards"].value() == DEALT and form["played-top"].value() == "Kh Kd 7s"
    missing = client.post(PAGE, {**fields, "played-middle": ""}).context["form"].errors
    assert "5 of the dealt cards" in missing["played-middle"][0]
    assert 'href="#id_played-top"' in shown.content.decode()  # the summary links the field


def test_the_ofc_page_offers_the_audit_of_a_fantasyland_board(client):
    """A board played in Fantasyland with its discard entered: one tap asks the setter."""
    bob = {"top": "Qh Qd 7c", "middle": "9h 9d 4s 4d 2s", "bottom": "7h Jh 8h 6h 3h"}
    table = {"ruleset": "pineapple-2p-v1", "players-0-discards": "3d",
             "players-0-in_fantasyland": "on",
             **{f"players-0-{row}": cards for row, cards in PLAYED.items()},
             **{f"players-1-{row}": cards for row, cards in bob.items()}}  # fmt: skip
    scored = client.get(client.post("/ofc/", table)["Location"])
    offers = [p["audit"] for p in scored.context["result"]["players"]]
    assert offers[1] is None
    assert offers[0] == {"ruleset": "pineapple-2p-v1", "cards": f"{PLAYED['top']} "
                         f"{PLAYED['middle']} {PLAYED['bottom']} 3d",
                         **{f"played-{row}": cards for row, cards in PLAYED.items()}}  # fmt: skip
    assert "Was this the best setting?" in scored.content.decode()
    audited = client.get(client.post(PAGE, offers[0])["Location"])
    assert audited.context["result"]["lost"].royalties == 3


def test_a_setter_case_reads_on_the_case_page(client):
    ask(client, played=PLAYED)
    case = Case.objects.get()
    page = client.get(case.get_absolute_url()).content.decode()
    best = case.result["best"]["royalties"]
    assert f"Best setting: {best} royalties, stays in Fantasyland" in page
    assert f"Played setting gave up {case.result['lost']['royalties']} royalties" in page


def test_the_page_names_each_joker_as_what_it_became(client):
    """A Joker in the recommended setting reads "Joker as ..." in its row and in each card's
    accessible name, not only as a dashed card (issue 37)."""
    cards = "As Ad 2c 3c 4c 5c 9c Kd Kh Qs Js 8h 7d X X 6h 9d"
    answer = client.post(PAGE, {"ruleset": "joker-ofc", "cards": cards}, HTTP_HX_REQUEST="true")
    html = answer.content.decode()
    best = client.post(
        API, {"ruleset": "joker-ofc", "cards": cards}, content_type="application/json"
    ).json()["best"]
    assert sum(best[row].count("X") for row in ("top", "middle", "bottom")) == 2
    assert html.count('<span class="wild-note">Joker as ') >= 2
    assert html.count('title="Joker as ') >= 2


# --- House rules --------------------------------------------------------------------------------


def test_house_rules_set_the_hand_by_their_own_stay(client):
    """A table whose full house below stays: the costly stay costs nothing, citing the rule."""
    made = client.post("/api/house-rules/", {"title": "Easy stay", "base": "pineapple-2p-v1",
                       "changes": {"fantasyland_stay": {"bottom": "straight"}}},
                       content_type="application/json")  # fmt: skip
    key = made.json()["key"]
    plain = ask(client, cards=COSTLY_STAY).json()
    house = ask(client, cards=COSTLY_STAY, ruleset=key).json()
    assert house["ruleset"] == key
    assert house["max_royalties_staying"] == house["max_royalties"] == plain["max_royalties"]
    assert house["max_royalties_staying"] > plain["max_royalties_staying"]
    stay = [r for r in house["rulings"] if r["citation"].endswith("fantasyland_stay")]
    assert stay and stay[0]["citation"] == f"HOUSE-{key[6:]} fantasyland_stay"
    assert stay[0]["url"] == f"/rules/house/{key[6:]}/#fantasyland_stay"


# --- In Japanese --------------------------------------------------------------------------------


def test_the_setter_rules_and_audits_in_japanese(client: Any) -> None:
    body = {"ruleset": "pineapple-2p-v1", "cards": DEALT, "played": PLAYED}
    answer = client.post("/api/ofc/fantasyland/", body, content_type="application/json", **JA)
    assert answer.status_code == 200, answer.content
    texts = _texts(answer.json())
    assert (
        "ファンタジーランドのハンドは14枚を一度に配ります：13枚を組み（トップ3枚、ミドル5枚、"
        "ボトム5枚）、1枚を捨てます。"
    ) in texts
    assert (
        "おすすめの組み方はボトムのQハイのストレートフラッシュでファンタジーランド継続です。"
        in texts
    )
    assert (
        "おすすめの組み方のボトム（Qハイのストレートフラッシュ）のロイヤリティは15です。" in texts
    )
    # The subject is said in Japanese too: "played" is 実際の組み方.
    audit = [r["text"] for r in answer.json()["rulings"] if r["subject"] == "実際の組み方"]
    lost = answer.json()["lost"]["royalties"]
    assert audit == [
        f"実際の組み方のロイヤリティは{answer.json()['played']['royalties']}でファンタジーランド"
        f"継続です：おすすめの組み方より{lost}少なくなります。"
    ]
    english = set_fantasyland("pineapple-2p-v1", DEALT, played=PLAYED).rulings[-1].text
    assert english == (
        f"The played setting pays {28 - lost} and stays: it gives up {lost} against the "
        "recommended setting."
    )


def test_the_stay_rule_names_each_row_and_hand() -> None:
    costly = "Kc Ks 7c 4h 7s Qd 8h 9d 7d Th 4d 7h Ad 6s"  # the best for royalties leaves
    result = set_fantasyland("pineapple-2p-v1", costly, objective="royalties")
    ruling = next(r for r in result.rulings if r.text.startswith("The recommended setting leaves"))
    assert ruling.text == (
        "The recommended setting leaves Fantasyland (trips or better in the top row, full house "
        "or better in the middle row or four of a kind or better in the bottom row would keep "
        "it); the best setting that stays pays 10, 8 less."
    )
    assert ruling.message is not None
    with translation.override("ja"):
        assert said(ruling.message) == (
            "おすすめの組み方はファンタジーランド終了です（トップでスリーカード以上、ミドルで"
            "フルハウス以上またはボトムでフォーカード以上なら継続）。継続する最善の組み方の"
            "ロイヤリティは10で、8少なくなります。"
        )


def test_setter_refusals_are_said_in_japanese_at_their_fields(client: Any) -> None:
    body = {"ruleset": "pineapple-2p-v1", "cards": DEALT.replace("2c", "Ah")}
    refused = client.post("/api/ofc/fantasyland/", body, content_type="application/json", **JA)
    assert refused.status_code == 400
    assert (
        "配られたカードにAhが2回あります：どのカードもデッキに1枚だけです"
        in (refused.json()["errors"]["cards"])
    )
    twice = {"top": "Kh Kd Kh", "middle": "Ah Ad Ac 5h 4c", "bottom": "Qs Js Ts 9s 8s"}
    with pytest.raises(SetterError) as raised:
        set_fantasyland("pineapple-2p-v1", DEALT, played=twice)
    top = raised.value.errors["played.top"]
    assert "Kh is in the played top row 2 times: each card is played once" in top
    with translation.override("ja"):
        assert (
            "実際の組み方のトップにKhが2回あります：どのカードも1回だけ使います"
            in (localized_errors(raised.value)["played.top"])
        )
    across = {"top": "Kh Kd 2c", "middle": "Kh Ad Ac 5h 4c", "bottom": "Qs Js Ts 9s 8s"}
    with pytest.raises(SetterError) as raised:
        set_fantasyland("pineapple-2p-v1", DEALT, played=across)
    assert raised.value.errors["played.middle"][0] == (
        "Kh is in the played top row and in the played middle row: each card is played once"
    )
    with translation.override("ja"):
        assert localized_errors(raised.value)["played.middle"][0] == (
            "Khが実際の組み方のトップと実際の組み方のミドルにあります：どのカードも1回だけ使います"
        )
