"""Island Pineapple's rulings and refusals said in the reader's language (OPR-538)."""

from __future__ import annotations

from typing import Any

from django.test import Client
from django.utils import translation

from referee.messages import localized_errors, said
from scoring.cards import parse_cards
from scoring.hands import Category
from scoring.island import IslandError, Seat, bonus_ladder, showdown
from scoring.island_readings import ALTERNATIVE_READINGS, PLAIN_READINGS, house_reading_message
from tests.referee.bodies import ISLAND_4_3

URL = "/api/island/showdown/"
JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}
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


def call(client: Any, body: dict[str, Any], **headers: Any) -> Any:
    return client.post(URL, body, content_type="application/json", **headers)


def _texts(answer: dict[str, Any]) -> list[str]:
    return [ruling["text"] for ruling in answer["rulings"]]


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
