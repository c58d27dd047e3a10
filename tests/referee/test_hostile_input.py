"""Hostile input: a clear 400 (or 413/415), never a 500, and nothing saved."""

import json

import pytest

from referee.models import Case, Match
from tests.referee.bodies import ISLAND_4_3, LAZY_HI_LO, OFC_TABLE

MATCH = {"ruleset": "pineapple-2p-v1", "players": ["Ann", "Bob"], "dealer": "Ann", "target": 20}
ENDPOINTS = {
    "/api/ofc/score/": (OFC_TABLE, "players.0.top"),
    "/api/island/showdown/": (ISLAND_4_3, "turn"),
    "/api/pineapple/showdown/": (LAZY_HI_LO, "board"),
    "/api/matches/": (MATCH, "ruleset"),
}
NUL = "As\x00Kd"
LOOKALIKE = "A\u0455 K\u0501"  # Cyrillic dze and komi de, drawn like s and d
MANY_CARDS = " ".join(["As"] * 10_000)


def put(payload, path, value):
    """A deep copy of payload with the dotted path set to value."""
    data = json.loads(json.dumps(payload))
    target = data
    *parents, last = path.split(".")
    for part in parents:
        target = target[int(part)] if isinstance(target, list) else target[part]
    if isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value
    return data


def hostile_bodies(payload, field):
    """(label, raw body, content type) for every kind of hostile request."""
    dumps = json.dumps
    yield "empty body", "", "application/json"
    yield "empty object", "{}", "application/json"
    yield "not JSON", "players=Ann", "application/json"
    yield "a JSON list", "[1, 2, 3]", "application/json"
    yield "JSON null", "null", "application/json"
    yield "a JSON number", "7", "application/json"
    yield "deeply nested", "[" * 50_000 + "]" * 50_000, "application/json"
    yield "2 MB body", dumps({**payload, "padding": "x" * 2_000_000}), "application/json"
    yield "form encoded", "ruleset=pineapple-ofc", "application/x-www-form-urlencoded"
    yield "plain text", dumps(payload), "text/plain"
    yield "NUL byte", dumps(put(payload, field, NUL)), "application/json"
    yield "look-alike suits", dumps(put(payload, field, LOOKALIKE)), "application/json"
    yield "10,000 cards", dumps(put(payload, field, MANY_CARDS)), "application/json"
    yield "number for a string", dumps(put(payload, field, 12345)), "application/json"
    yield "list for a string", dumps(put(payload, field, ["As"])), "application/json"
    yield "null for a string", dumps(put(payload, field, None)), "application/json"
    yield "object for a string", dumps(put(payload, field, {"a": 1})), "application/json"
    yield "huge string", dumps(put(payload, field, "Z" * 100_000)), "application/json"


CASES = [
    pytest.param(url, body, ctype, id=f"{url} {label}")
    for url, (payload, field) in ENDPOINTS.items()
    for label, body, ctype in hostile_bodies(payload, field)
]


@pytest.mark.django_db
@pytest.mark.parametrize(("url", "body", "content_type"), CASES)
def test_hostile_api_input_gets_a_clear_refusal_and_saves_nothing(client, url, body, content_type):
    response = client.post(url, body, content_type=content_type)
    assert response.status_code in (400, 413, 415), response.content[:300]
    errors = response.json()["errors"]
    assert errors and all(messages and all(messages) for messages in errors.values())
    assert not Case.objects.exists()
    assert not Match.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(("url", "payload"), [(u, p) for u, (p, _) in ENDPOINTS.items()])
def test_the_valid_payloads_above_are_accepted(client, url, payload):
    """The hostile cases start from payloads that work, so each refusal is the hostile part."""
    response = client.post(url, payload, content_type="application/json")
    assert response.status_code in (200, 201), response.content[:300]


FORMS = {
    "/ofc/": {"ruleset": "pineapple-ofc", "players-0-name": "Ann", "players-0-top": "Qs Qd 7c"},
    "/island/": {"first_set-0": "Kh", "players-0-name": "A", "players-0-hole": "Th 8c"},
    "/pineapple/": {"game": "lazy", "board": "Ah 7d 5c Kd 2s", "players-0-hole": "3h 4h Qs"},
    "/pineapple/discards/": {"game": "crazy", "situation": "no_discard_at_showdown"},
    "/matches/new/": {"ruleset": "pineapple-ofc", "player_1": "Ann", "player_2": "Bob"},
}
HOSTILE_VALUES = {
    "empty": "",
    "NUL byte": NUL,
    "look-alike suits": LOOKALIKE,
    "10,000 cards": MANY_CARDS,
    "huge text": "Z" * 100_000,
    "markup": "<script>alert(1)</script>",
}


@pytest.mark.django_db
@pytest.mark.parametrize("url", FORMS)
@pytest.mark.parametrize("label", HOSTILE_VALUES)
def test_hostile_form_input_is_refused_at_the_field_and_saves_nothing(client, url, label):
    value = HOSTILE_VALUES[label]
    for field in FORMS[url]:
        response = client.post(url, {**FORMS[url], field: value})
        assert response.status_code in (200, 400, 413), (field, response.status_code)
        if response.status_code == 200:
            assert b'class="errorlist' in response.content, field
    assert not Case.objects.exists()
    assert not Match.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("url", FORMS)
def test_a_2_mb_form_post_is_refused_with_413(client, url):
    response = client.post(url, {**FORMS[url], "padding": "x" * 2_000_000})
    assert response.status_code == 413
    assert not Case.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("url", "payload"),
    [
        ("/api/pineapple/discards/", {"game": "crazy", "situation": "no_discard_after_acting"}),
        *[(u, p) for u, (p, _) in ENDPOINTS.items() if u != "/api/matches/"],
    ],
)
def test_unknown_keys_are_not_kept_in_the_case_log(client, url, payload):
    """PostgreSQL refuses NUL characters in JSON: only the validated fields are stored."""
    junk = {**payload, "junk\x00key": ["\x00"], "nested": {"x\x00": 1}}
    response = client.post(url, junk, content_type="application/json")
    assert response.status_code == 200, response.content[:300]
    entered = Case.objects.get().entered
    assert "nested" not in entered
    assert not any("\x00" in key for key in entered)
