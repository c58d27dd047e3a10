"""A case keeps the engine's records and says them in each reader's language; cases stored in
the older shapes (schema 1: English text only, schema 2: the English template) still read.

The schema 2 examples in fixtures/cases/schema2.json were written by the code of f7b5b8a (the
last commit before records had kinds), from the OFC and Island API, and are stored here as
that code stored them.
"""

from __future__ import annotations

import gettext
import html
import json
from pathlib import Path
from typing import Any

import pytest

from referee.models import CASE_SCHEMA, Case
from scoring.wording import SENTENCES
from scoring.wording.speak import speak
from tests.referee.bodies import ISLAND_4_3, OFC_TABLE

STORED = json.loads((Path(__file__).parent / "fixtures/cases/schema2.json").read_text())
JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}


def _japanese() -> gettext.GNUTranslations:
    return gettext.translation("django", "locale", ["ja"])


def _page(client: Any, case: Case, **headers: str) -> str:
    return html.unescape(client.get(case.get_absolute_url(), **headers).content.decode())


def _stored(example: dict[str, Any], schema: int) -> Case:
    rulings = example["rulings"]
    if schema == 1:  # before messages: the English alone
        rulings = [{k: v for k, v in r.items() if not k.endswith("message")} for r in rulings]
    return Case.objects.create(
        game=example["game"],
        entered=example["entered"],
        result=example["result"],
        rulings=rulings,
        schema=schema,
    )


@pytest.mark.django_db
@pytest.mark.parametrize("example", STORED, ids=[e["game"] for e in STORED])
def test_a_schema_2_case_reads_in_english_and_in_japanese(client: Any, example: dict) -> None:
    case = _stored(example, 2)
    english = _page(client, case)
    japanese = _page(client, case, **JA)
    for ruling in example["rulings"]:
        assert ruling["text"] in english
        said = speak(ruling["message"], _japanese())
        assert said != ruling["text"]  # a Japanese sentence, from the stored English template
        assert said in japanese
        assert ruling["text"] not in japanese


@pytest.mark.django_db
@pytest.mark.parametrize("example", STORED, ids=[e["game"] for e in STORED])
def test_a_schema_1_case_keeps_its_english_in_every_language(client: Any, example: dict) -> None:
    case = _stored(example, 1)
    for headers in ({}, JA):
        page = _page(client, case, **headers)
        for ruling in example["rulings"]:
            assert ruling["text"] in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("url", "body"), [("/api/ofc/score/", OFC_TABLE), ("/api/island/showdown/", ISLAND_4_3)]
)
def test_a_new_case_keeps_each_rulings_record_by_its_kind(client: Any, url: str, body) -> None:
    answer = client.post(url, body, content_type="application/json")
    assert answer.status_code == 200
    case = Case.objects.get()
    assert case.schema == CASE_SCHEMA == 3
    japanese = _page(client, case, **JA)
    for ruling in case.rulings:
        record = ruling["message"]
        assert record["kind"] in SENTENCES, record["kind"]
        said = speak(record, _japanese())
        assert said != ruling["text"] and said in japanese
