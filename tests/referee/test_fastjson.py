"""orjson writes the API's answers and the case log's JSON: the same answers, the same refusals."""

import datetime
import json
import uuid
from dataclasses import dataclass
from decimal import Decimal

import pytest
from django.utils.translation import gettext_lazy
from rest_framework.exceptions import ErrorDetail
from rest_framework.renderers import JSONRenderer

from referee.fastjson import JsonEncoder, JsonRenderer, _drf_default, dumps
from referee.models import Case


@dataclass
class Stray:
    value: int


ANSWER = {
    "players": [{"name": "Ann", "top": "Qs Qd X"}, {"name": "四郎", "score": -3}],
    "errors": {"players.1.top": [ErrorDetail("Not a card: 'Zz'.", code="invalid")]},
    "lazy": gettext_lazy("Server error."),
    "line breaks": "a\u2028b\u2029c",
    "quote and slash": 'say "hi" \\ </script>',
    "numbers": [0, -1, 2**53, 1.5, 1e16, Decimal("2.50")],
    "ids": uuid.UUID("12345678-1234-5678-1234-567812345678"),
    "when": datetime.datetime(2026, 12, 3, 15, 4, 5, 123456, tzinfo=datetime.UTC),
    "day": datetime.date(2026, 12, 3),
    "nothing": None,
    "flags": (True, False),
    "set": {3},
}


def test_an_answer_is_drfs_byte_for_byte():
    assert dumps(ANSWER, _drf_default) is not None  # orjson writes it, not DRF
    assert JsonRenderer().render(ANSWER) == JSONRenderer().render(ANSWER)
    # What DRF does on its own: the JavaScript line breaks escaped, its own form of a date.
    text = JsonRenderer().render(ANSWER).decode()
    assert "\\u2028" in text and "\u2028" not in text
    assert '"四郎"' in text
    assert '"when":"2026-12-03T15:04:05.123456Z"' in text


def nested(levels: int) -> list:
    value: list = []
    for _ in range(levels):
        value = [value]
    return value


def test_what_orjson_cannot_write_is_drfs_too():
    """A key that is a number, an integer past 64 bits and nesting past orjson's 254 levels,
    written by DRF's encoder."""
    for data in ({7: "a key"}, {"big": 2**70, "small": -(2**64)}, {"deep": nested(300)}):
        assert JsonRenderer().render(data) == JSONRenderer().render(data)
    assert b"1180591620717411303424" in JsonRenderer().render({"big": 2**70})


def test_an_indent_asked_for_is_drfs_pretty_print():
    pretty = JsonRenderer().render(ANSWER, "application/json; indent=2")
    assert pretty == JSONRenderer().render(ANSWER, "application/json; indent=2")
    assert pretty.startswith(b'{\n  "players"')


def test_no_data_is_an_empty_body():
    assert JsonRenderer().render(None) == b""


def test_what_drf_refused_is_refused_still():
    for stray in (Stray(1), object()):
        with pytest.raises(TypeError):
            JSONRenderer().render({"stray": stray})
        with pytest.raises(TypeError):
            JsonRenderer().render({"stray": stray})


def test_a_columns_json_reads_back_as_written():
    value = {"players": [{"name": "四郎", "top": "Qs Qd X"}], "7": [1, None, True], "f": 0.25}
    assert json.loads(json.dumps(value, cls=JsonEncoder)) == value
    for beyond in ({7: "a key"}, {"big": 2**70}, {"deep": nested(300)}):  # the json module's
        assert json.dumps(beyond, cls=JsonEncoder) == json.dumps(beyond)
    with pytest.raises(TypeError):
        json.dumps({"stray": Stray(1)}, cls=JsonEncoder)


@pytest.mark.django_db
def test_a_case_is_stored_and_read_back_whole():
    entered = {"players": [{"name": "四郎 \u2028", "top": "Qs Qd X", "middle": "", "bottom": ""}]}
    result = {"players": [{"name": "四郎 \u2028", "score": -3, "fouled": True}], "ruleset": "x"}
    rulings = [{"citation": "OPR-538 4.2", "text": "Ann's board fouls.", "message": {"t": 1}}]
    case = Case.objects.create(game="joker-ofc", entered=entered, result=result, rulings=rulings)
    stored = Case.objects.get(pk=case.pk)
    assert (stored.entered, stored.result, stored.rulings) == (entered, result, rulings)
