"""Matches and settling up said in the reader's language (the Fantasyland setter's are in
test_game_fantasyland.py)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from referee.messages import localized_errors
from scoring.errors import InputError
from scoring.match import MatchError, new_match
from scoring.settlement import fewest_transfers, nets
from tests.referee.match_helpers import BOB_8, create, hand, new_match_body, post_hand

pytestmark = pytest.mark.django_db
JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}


def _texts(body: dict[str, Any]) -> list[str]:
    return [ruling["text"] for ruling in body["rulings"]]


def test_the_standings_rule_in_japanese_and_in_english(client: Any) -> None:
    match = create(client, target=20)
    assert post_hand(client, match, hand(BOB_8)).status_code == 201
    url = f"/api/matches/{match['id']}/"
    japanese = _texts(Client().get(url, **JA).json())
    assert "この対戦は20点先取です。" in japanese
    assert "累計は有効な1ハンドの合計です。" in japanese
    assert "まだ誰も20点に達していません。" in japanese
    assert "前のハンドはAnnが配ったので、次のハンドはBobが配ります。" in japanese
    english = _texts(Client().get(url).json())
    assert english[0] == "The match is first to 20."
    assert "Ann dealt the last hand, so Bob deals the next hand." in english
    assert "Each running total adds up the 1 counted hand." in english


def test_a_hands_case_says_who_dealt_it_in_the_readers_language(client: Any) -> None:
    match = create(client, hands=1)
    added = post_hand(client, match, hand(BOB_8)).json()
    page = Client().get(added["case"], **JA).content.decode()
    assert "ハンド1はAnnが配ります。" in page
    assert "Ann deals hand 1." in Client().get(added["case"]).content.decode()


def test_a_finished_match_refuses_a_hand_in_japanese(client: Any) -> None:
    match = create(client, hands=1)
    done = Client().get(f"/api/matches/{match['id']}/", **JA).json()
    assert "残り1ハンドです。" in _texts(done)
    post_hand(client, match, hand(BOB_8))
    standings = _texts(Client().get(f"/api/matches/{match['id']}/", **JA).json())
    assert "Annが最高得点で勝ちです。" in standings
    refused = post_hand(Client(), match, hand(BOB_8), **JA)
    assert refused.status_code == 409
    assert refused.json()["errors"]["match"] == [
        "対戦は終了しています（Annの勝ち）：これ以上ハンドは追加できません"
    ]
    english = post_hand(Client(), match, hand(BOB_8))
    assert english.json()["errors"]["match"] == ["the match is over (Ann won): no more hands"]


def test_a_new_match_is_refused_in_japanese_at_its_field() -> None:
    body = {**new_match_body(hands=1), "players": ["Ann", "ann"]}
    refused = Client().post("/api/matches/", body, content_type="application/json", **JA)
    assert refused.status_code == 400
    assert refused.json()["errors"]["players.1"] == [
        "annはすでに着席しています。名前はそれぞれ違うものにしてください"
    ]


def test_a_choice_of_lengths_is_said_whole_in_each_language() -> None:
    with pytest.raises(MatchError) as raised:
        new_match("pineapple-ofc", ["Ann", "Bob"], "Ann", "target", 20)
    assert raised.value.errors == {
        "length": [
            'Pineapple OFC (OFC-BETA) matches last 1 hand or 1 or 2 rounds (give "hands" or '
            '"rounds")'
        ]
    }
    with translation.override("ja"):
        assert localized_errors(raised.value) == {
            "length": [
                "パイナップルOFC（OFC-BETA）の対戦は1ハンドまたは1または2周です"
                '（"hands"または"rounds"を指定してください）'
            ]
        }
    with pytest.raises(MatchError) as rounds:
        new_match("pineapple-ofc", ["Ann", "Bob"], "Ann", "rounds", 3)
    assert str(rounds.value) == "OFC-BETA 6.9 allows 1 or 2 rounds, not 3"
    with translation.override("ja"):
        assert localized_errors(rounds.value)["rounds"] == [
            "OFC-BETA 6.9で認められるのは1または2周です。3ではできません"
        ]


def test_settling_up_is_refused_in_japanese() -> None:
    with pytest.raises(InputError) as raised:
        nets({"Ann": 3, "Bob": -2}, 25)
    assert str(raised.value) == "the points do not sum to zero, so they cannot be settled"
    with translation.override("ja"):
        assert localized_errors(raised.value) == {
            "points": ["点数の合計が0にならないので精算できません"]
        }
    with pytest.raises(InputError) as many:
        fewest_transfers({f"P{i}": 1 if i % 2 else -1 for i in range(12)})
    with translation.override("ja"):
        assert localized_errors(many.value) == {"net": ["一度に精算できるのは10人までです"]}
