"""A case made on a phone with no connection reaches the server under the phone's own id
(issue 38): ``PUT /api/cases/<id>/`` with the game, the body and the phone's answer (made here
by the same offline engine the phone runs, in this process). The server decides it again and
keeps it only if it answers the same; a refusal or another answer is kept as refused, and said."""

from __future__ import annotations

import copy
import json
import urllib.error
import urllib.request
import uuid
from typing import Any

import pytest

from referee.models import Case, RefusedCase
from tests.referee.bodies import ISLAND_4_3, LAZY_HI_LO, OFC_TABLE
from tests.referee.match_helpers import at_once
from tests.referee.test_offline_engine import offline

pytestmark = pytest.mark.django_db


def put(client: Any, case_id: Any, sent: dict[str, Any], language: str = "en") -> Any:
    return client.put(f"/api/cases/{case_id}/", sent, content_type="application/json",
                      headers={"accept-language": language})  # fmt: skip


def made_offline(game: str, body: dict[str, Any], language: str = "en") -> dict[str, Any]:
    """What the phone sends: the game, the body, and its engine's answer to it."""
    said = offline(game, body, language)
    return {"game": game, "body": body, "answer": said.get("answer", said.get("errors"))}


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize(
    ("game", "body"), [("ofc", OFC_TABLE), ("island", ISLAND_4_3), ("pineapple", LAZY_HI_LO)]
)
def test_a_case_made_offline_is_kept_under_the_phones_id_once(
    client: Any, game: str, body: dict[str, Any], language: str
) -> None:
    case_id = uuid.uuid4()
    sent = made_offline(game, body, language)

    first = put(client, case_id, sent, language)
    assert first.status_code == 201, first.json()
    assert first.json()["id"] == str(case_id)
    assert first.json()["url"] == f"/cases/{case_id}/"
    case = Case.objects.get(pk=case_id)
    assert case.entered == client.get(f"/api/cases/{case_id}/").json()["entered"]

    again = put(client, case_id, sent, language)  # its answer was lost: sent again
    assert again.status_code == 200
    assert again.json() == first.json()
    assert Case.objects.count() == 1


def test_the_case_is_the_makers_own(client: Any) -> None:
    """The phone's cookie makes it this device's case, as a case made online is."""
    client.post("/api/ofc/score/", OFC_TABLE, content_type="application/json")  # a device
    case_id = uuid.uuid4()
    assert put(client, case_id, made_offline("ofc", OFC_TABLE)).status_code == 201
    online = Case.objects.exclude(pk=case_id).get()
    assert Case.objects.get(pk=case_id).maker == online.maker != ""


def test_an_answer_the_server_does_not_give_is_kept_as_refused_and_said(client: Any) -> None:
    case_id = uuid.uuid4()
    sent = made_offline("ofc", OFC_TABLE)
    tampered = copy.deepcopy(sent)
    tampered["answer"]["players"][0]["score"] += 1  # Ann +24 where the engine gives +23

    refused = put(client, case_id, tampered)
    assert refused.status_code == 409
    (message,) = refused.json()["errors"]["answer"]
    assert "players.0.score" in message and "24" in message and "23" in message
    assert not Case.objects.filter(pk=case_id).exists()
    kept = RefusedCase.objects.get(pk=case_id)
    assert (kept.game, json.loads(kept.entered), kept.errors) == (
        "ofc",
        OFC_TABLE,
        refused.json()["errors"],
    )

    # Sent again, even with the right answer now: the id was refused, and stays so.
    assert put(client, case_id, sent).json() == refused.json()
    assert Case.objects.count() == 0


def test_a_body_the_server_refuses_is_kept_as_refused_at_its_field(client: Any) -> None:
    body = copy.deepcopy(OFC_TABLE)
    body["players"][1]["top"] = "Zz Qd Qc"
    case_id = uuid.uuid4()
    refused = put(client, case_id, made_offline("ofc", body), "ja")
    assert refused.status_code == 409
    assert set(refused.json()["errors"]) == {"players.1.top"}
    assert RefusedCase.objects.get(pk=case_id).errors == refused.json()["errors"]


@pytest.mark.parametrize(
    ("case_id", "sent", "status"),
    [
        ("not-an-id", {"game": "ofc", "body": {}, "answer": {}}, 404),
        (uuid.uuid4(), {"game": "chess", "body": {}, "answer": {}}, 400),
        (uuid.uuid4(), {"game": "ofc", "body": {}}, 400),
    ],
)
def test_a_put_that_is_not_a_case_made_offline_keeps_nothing(
    client: Any, case_id: Any, sent: dict[str, Any], status: int
) -> None:
    answered = put(client, case_id, sent)
    assert answered.status_code == status
    assert answered.json()["errors"]
    assert Case.objects.count() == RefusedCase.objects.count() == 0


def test_a_refused_body_is_kept_whatever_it_holds(client: Any) -> None:
    """What no database text takes (U+0000, half a surrogate pair) is kept escaped, and the
    reason said, on PostgreSQL too."""
    for body, answer, field in (('{"ruleset": "a\\u0000b"}', "{}", "ruleset"),
                                (json.dumps(OFC_TABLE), '{"k\\ud800": 1}', "answer")):  # fmt: skip
        case_id = uuid.uuid4()
        sent = f'{{"game": "ofc", "body": {body}, "answer": {answer}}}'
        refused = client.put(f"/api/cases/{case_id}/", sent, content_type="application/json")
        assert refused.status_code == 409
        assert field in refused.json()["errors"]
        assert json.loads(RefusedCase.objects.get(pk=case_id).entered) == json.loads(body)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("tampered", [False, True], ids=["kept", "refused"])
def test_a_case_sent_six_times_at_once_is_kept_once(live_server: Any, tampered: bool) -> None:
    """A page and its service worker's sync send the same case when the network returns: six
    requests at once to a real server, each on its own connection (on SQLite too: the tests'
    database is a file, tests/conftest.py), keep one record and give the same answer."""
    case_id = uuid.uuid4()
    sent = made_offline("ofc", OFC_TABLE)
    if tampered:
        sent["answer"]["players"][0]["score"] += 1

    def send() -> tuple[int, Any]:
        request = urllib.request.Request(  # one each: urlopen adds its headers to it
            f"{live_server.url}/api/cases/{case_id}/",
            data=json.dumps(sent).encode(),
            method="PUT",
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request) as answer:  # noqa: S310  the test's own server
                return answer.status, json.load(answer)
        except urllib.error.HTTPError as refusal:
            return refusal.code, json.load(refusal)

    answers = at_once(*[send] * 6)
    assert sorted(status for status, _ in answers) == ([409] * 6 if tampered else [200] * 5 + [201])
    assert all(said == answers[0][1] for _, said in answers)
    assert Case.objects.count() + RefusedCase.objects.count() == 1
