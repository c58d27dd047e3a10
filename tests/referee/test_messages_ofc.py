"""The OFC engine's rulings and refusals said in Japanese, page and API alike; English unchanged."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from referee.messages import localized_errors, said
from scoring.cards import CardError, parse_cards
from scoring.ofc import OfcError, PlayerBoard, score_table
from scoring.rulesets import UnknownRuleset, get_ruleset

JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}
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


def _post(data: dict[str, Any], **headers: Any) -> Any:
    return Client().post("/api/ofc/score/", data, content_type="application/json", **headers)


def _texts(answer: dict[str, Any]) -> list[str]:
    return [ruling["text"] for ruling in answer["rulings"]]


def test_the_api_rules_a_foul_and_a_joker_in_japanese(db: Any) -> None:
    foul = _texts(_post(FOUL, **JA).json())
    assert (
        "Bobのボードはファウル：Bobのボードではトップ（Aのワンペア（4キッカー））がミドル"
        "（6のワンペア（キッカー 9・3・2））より強い。ロイヤリティはなく、列の比較もしません。"
    ) in foul
    assert "Annのミドル（9ハイのストレート）はロイヤリティ4点です。" in foul
    assert "AnnはBob相手に+23：このハンドは+23点です。" in foul
    joker = _texts(_post(JOKER, **JA).json())
    assert "AnnのトップのジョーカーはQhになり、トップはQのスリーカードです。" in " ".join(joker)
    assert "ジョーカーOFCは3人のテーブルを想定していますが、2人でも同じルールを使います。" in joker
    assert (
        "Annのトップ（Qのスリーカード）はファウルのないボードなので、17枚のファンタジーランドを"
        "獲得します。"
    ) in joker


def test_the_english_answer_is_unchanged(db: Any) -> None:
    answer = _post(FOUL).json()
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
    answer = _post(DUPLICATE, **JA)
    assert answer.status_code == 400
    assert answer.json()["errors"]["players.1.bottom"] == [
        "QsがAnnのトップとBobのボトムにあります：どのカードもデッキに1枚だけです"
    ]
    english = _post(DUPLICATE).json()["errors"]["players.1.bottom"]
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
        "ジョーカーOFCのファンタジーランドは14、15、16か17枚で、9枚ではありません"
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
