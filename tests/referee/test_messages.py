"""The engines' messages said in the reader's language: rulings and refusals, live and stored."""

from __future__ import annotations

from typing import Any

from django.test import Client
from django.utils import translation

from referee.messages import localized_errors, said
from scoring.errors import InputError
from scoring.hands import Category, Hand
from scoring.messages import Row, say

JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}
# Ann wins every row: the sweep and the row points are both ruled (OFC-BETA 6.x).
SWEEP = {"ruleset": "pineapple-ofc", "players": [
    {"name": "Ann", "top": "Qs Qd 7c", "middle": "5h 6h 7h 8h 9d", "bottom": "2c 2d 2h Kc Kd"},
    {"name": "Bob", "top": "Kh 4c 3d", "middle": "Ts Td 6s 5c 4s", "bottom": "As Ad 8c 8s 3c"},
]}  # fmt: skip


def _texts(answer: dict[str, Any]) -> list[str]:
    return [ruling["text"] for ruling in answer["rulings"]]


def test_a_message_says_each_value_in_the_readers_language() -> None:
    message = say(
        "%(a)s's and %(b)s's %(row)s rows are both %(hand)s: suits never break a tie, so the "
        "row is equal and scores 0.",
        a="Ann",
        b="Bob",
        row=Row("top"),
        hand=Hand(Category.PAIR, (12, 7)),
    )
    assert str(message).startswith("Ann's and Bob's top rows are both pair of queens, seven")
    with translation.override("ja"):
        japanese = said(message)
    assert "AnnとBobのトップはどちらもQのワンペア" in japanese, japanese
    with translation.override("en"):
        assert said(message) == str(message)


def test_a_list_and_a_nested_message_are_said_in_order() -> None:
    parts = [say("%(points)s for rows", points="+2"), say("%(points)s for the sweep", points="+3")]
    message = say("%(name)s scores %(parts)s: %(points)s against %(opponent)s.",
                  name="Ann", parts=parts, points="+5", opponent="Bob")  # fmt: skip
    assert str(message) == "Ann scores +2 for rows and +3 for the sweep: +5 against Bob."
    with translation.override("ja"):
        assert said(message.as_dict(), str(message)) == (
            "Annは列で+2、スクープで+3：Bob相手に+5点です。"
        )


def test_a_stored_message_that_no_longer_reads_falls_back_to_its_english() -> None:
    broken = {"template": "%(name)s scores %(parts)s: %(points)s against %(opponent)s.",
              "fields": {"name": "Ann"}}  # fmt: skip
    with translation.override("ja"):
        assert said(broken, "Ann scores.") == "Ann scores."


def test_an_engine_refusal_is_said_at_its_field_in_the_readers_language() -> None:
    tied = say("A tied row scores 0 for both and prevents the sweep.")
    error = InputError.at({"players.1.name": [tied], "top": ["plain text"]})
    with translation.override("ja"):
        assert localized_errors(error) == {
            "players.1.name": ["引き分けの列は両者0点で、スクープにはなりません。"],
            "top": ["plain text"],
        }
    assert error.errors["players.1.name"] == [
        "A tied row scores 0 for both and prevents the sweep."
    ]


def test_the_api_rules_in_japanese_and_the_case_keeps_both(client: Any, db: Any) -> None:
    english = client.post("/api/ofc/score/", SWEEP, content_type="application/json").json()
    japanese = Client().post("/api/ofc/score/", SWEEP, content_type="application/json", **JA)
    japanese_answer = japanese.json()
    assert "Ann wins all three rows: 3 more for the sweep." in _texts(english)
    assert "Annが3列すべてに勝ち、スクープで3点追加です。" in _texts(japanese_answer)
    assert all("message" not in ruling for ruling in japanese_answer["rulings"])
    # The stored case is the same for both; each reader's page says it in their language.
    url = english["case"]
    assert "スクープで3点追加です" in Client().get(url, **JA).content.decode()
    assert "3 more for the sweep" in Client().get(url).content.decode()


def test_a_ruling_about_a_part_of_the_game_names_it_in_the_readers_language() -> None:
    """A subject that is a word (the table, the game), not a player's name, is translated."""
    from referee.cases import ruling_links
    from scoring.rulings import Ruling

    ruling = Ruling("OPR-538 5.5", say("Table"), say("A tied row scores 0 for both and "
                                                    "prevents the sweep."))  # fmt: skip
    named = Ruling("OPR-538 5.5", "Ann", "Ann wins.")
    assert ruling.subject == "Table" and ruling.as_dict()["subject_message"]["template"] == "Table"
    with translation.override("ja"):
        linked, plain = ruling_links([ruling, named])
    assert linked["subject"] == "テーブル" and "subject_message" not in linked
    assert plain["subject"] == "Ann" and plain["text"] == "Ann wins."
    with translation.override("en"):
        assert ruling_links([ruling])[0]["subject"] == "Table"


def test_a_hand_that_starts_a_clause_is_capitalised_in_english_only() -> None:
    from scoring.messages import Capital

    message = say("%(name)s has the best high hand: %(hand)s.", name="Ann",
                  hand=Capital(Hand(Category.PAIR, (12, 7))))  # fmt: skip
    assert str(message) == "Ann has the best high hand: Pair of queens, seven kicker."
    with translation.override("ja"):
        assert "Qのワンペア" in said(message.as_dict(), str(message))
