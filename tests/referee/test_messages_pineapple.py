"""Pineapple's showdown, pots, discard rulings and house rules said in the reader's language."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from referee.messages import localized_errors, said
from scoring import discards, pots
from scoring.cards import parse_cards
from scoring.errors import InputError
from scoring.house import PINEAPPLE, house_readings
from scoring.pineapple import Entrant, showdown

pytestmark = pytest.mark.django_db
JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}
SHOWDOWN = "/api/pineapple/showdown/"
DISCARDS = "/api/pineapple/discards/"
# Lazy hi-lo: Ann's wheel takes both halves of the called pot, Bob's last 11 go back to him.
LAZY = {"game": "lazy", "hi_lo": True, "board": "Ah 7d 5c Kd 2s", "players": [
    {"name": "Ann", "hole": "3h 4h Qs", "contributed": 20},
    {"name": "Bob", "hole": "Kc Ks 8d", "contributed": 31},
    {"name": "Cy", "folded": True, "contributed": 10},
]}  # fmt: skip


def post(url: str, body: dict[str, Any], **headers: Any) -> Any:
    return Client().post(url, body, content_type="application/json", **headers)


def texts(answer: Any) -> list[str]:
    return [ruling["text"] for ruling in answer.json()["rulings"]]


def test_the_showdown_rules_in_japanese_and_in_english_as_before() -> None:
    japanese = texts(post(SHOWDOWN, LAZY, **JA))
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
    english = texts(post(SHOWDOWN, LAZY))
    assert "Ann's best hand: Five-high straight (5c 4h 3h 2s Ah), using 4h 3h from the hole." in (
        english
    )
    assert (
        "The pot (50 chips; Ann and Bob eligible) is halved: 25 to the high (Ann), 25 to the low "
        "(Ann). Chips: Ann 50." in english
    )


def test_the_stored_case_is_said_in_each_readers_language() -> None:
    url = post(SHOWDOWN, LAZY).json()["case"]
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
    refused = post(SHOWDOWN, body, **JA)
    assert refused.status_code == 400
    assert refused.json()["errors"] == {field: [japanese]}
    assert post(SHOWDOWN, body).json()["errors"] == {field: [english]}


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


def test_the_discard_referee_rules_in_japanese() -> None:
    body = {"game": "crazy", "situation": "discarded_early", "player": "Ann"}
    japanese = texts(post(DISCARDS, body, **JA))
    assert (
        "手を離れたカードは交換できないので、ターンが配られる前にした捨て札は有効で、Annは残した2枚で"
        "プレイします。" in japanese
    )
    refused = post(DISCARDS, {"game": "crazy", "situation": "no_such"}, **JA)
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


def test_a_house_rules_refusal_is_said_at_its_setting() -> None:
    body = {"title": "T", "base": "pineapple-ofc", "changes": {"foul_penalty": 99}}
    refused = post("/api/house-rules/", body, **JA)
    assert refused.status_code == 400
    assert refused.json()["errors"] == {
        "changes.foul_penalty": ["0から50までの整数を入力してください"]
    }
    english = post("/api/house-rules/", body).json()["errors"]
    assert english == {"changes.foul_penalty": ["enter a whole number from 0 to 50"]}


def test_a_ruling_cited_by_house_rules_nests_its_own_message() -> None:
    house = house_readings("abcd", {"late_discard": "allowed"}, PINEAPPLE)
    decision = house.ruled(
        discards.rule("crazy", "no_discard_after_acting", player="Ann", readings=house.readings)
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


def test_the_shared_reading_is_said_with_the_two_kept() -> None:
    house = house_readings("abcd", {"lazy_hi_lo": "shared"}, PINEAPPLE)
    players = [
        Entrant("A", tuple(parse_cards("Ks 3d 6c"))),
        Entrant("B", tuple(parse_cards("5s 7h"))),
    ]
    result = house.ruled(
        showdown("lazy", parse_cards("Kd Kc 2s 4h 8d"), players, True, readings=house.readings)
    )
    with translation.override("ja"):
        japanese = [said(r.message) for r in result.rulings if r.message is not None]
    assert (
        "Aには、ハイのために残した2枚（Ks 6c）からのローがありません："
        "8以下の異なる5ランクを作れません。（PPR 7.3に代えて、このハウスルールによります）"
        in japanese
    )
