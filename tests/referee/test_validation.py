"""One serializer instance validates every request body: nothing carries from one to the next."""

from concurrent.futures import ThreadPoolExecutor

import pytest
from rest_framework.exceptions import ValidationError

from referee.games.ofc import ScoreSerializer
from referee.validation import validated
from tests.referee.bodies import OFC_TABLE


def with_top(top: str, name: str = "Ann") -> dict:
    first = {**OFC_TABLE["players"][0], "top": top, "name": name}
    return {**OFC_TABLE, "players": [first, *OFC_TABLE["players"][1:]]}


def errors_of(body: dict) -> dict:
    with pytest.raises(ValidationError) as refused:
        validated(ScoreSerializer, body)
    return refused.value.detail


def test_a_refusal_leaves_nothing_for_the_next_body():
    assert "players" in errors_of(with_top("Zs Qd 7c"))
    data = validated(ScoreSerializer, with_top("Ks Kd 7c", name="Kim"))
    assert [str(card) for card in data["players"][0]["top"]] == ["Ks", "Kd", "7c"]
    assert data["players"][0]["name"] == "Kim"
    assert "ruleset" in errors_of({**OFC_TABLE, "ruleset": "holdem"})
    assert "players" not in errors_of({**OFC_TABLE, "ruleset": "holdem"})


def test_bodies_validated_at_once_in_threads_each_get_their_own_answer():
    tops = ["Ks Kd 7c", "Zs", "qs qh 2c", "Q", "Js,Jd,3c"] * 40

    def check(top: str) -> str:
        try:
            return " ".join(
                map(str, validated(ScoreSerializer, with_top(top))["players"][0]["top"])
            )
        except ValidationError as error:
            return str(error.detail["players"][0]["top"][0])

    with ThreadPoolExecutor(max_workers=8) as pool:
        answers = list(pool.map(check, tops))
    expected = {"Ks Kd 7c": "Ks Kd 7c", "Zs": "'Zs' is not a card", "qs qh 2c": "Qs Qh 2c",
                "Q": "'Q' is not a card", "Js,Jd,3c": "Js Jd 3c"}  # fmt: skip
    assert [answer[: len(expected[top])] for top, answer in zip(tops, answers, strict=True)] == [
        expected[top] for top in tops
    ]


def test_a_null_body_is_refused_as_is_valid_words_it():
    assert errors_of(None) == {"non_field_errors": ["No data provided"]}
