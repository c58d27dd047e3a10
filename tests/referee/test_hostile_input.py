"""Hostile input: a clear 400 (or 413/415), never a 500, and nothing saved."""

import json

import pytest

from referee.models import Case, Match
from tests.referee.bodies import ISLAND_4_3, LAZY_HI_LO, OFC_TABLE, first_player_named

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


# --- Text that cannot hurt: every text field refuses what cannot be stored or shown plainly ---

HIDDEN_TEXT = {
    "lone surrogate": ("An\ud800n", "U+D800"),
    "escape": ("An\x1b[31mn", "U+001B"),
    "bell": ("An\x07n", "U+0007"),
    "CR LF": ("An\r\nBob", "U+000D"),
    "C1 control": ("An\x85n", "U+0085"),
    "right-to-left override": ("An\u202enaB", "U+202E"),
    "right-to-left isolate": ("An\u2067n", "U+2067"),
    "zero-width space": ("An\u200bn", "U+200B"),
    "zero-width joiner": ("An\u200dn", "U+200D"),
    "byte-order mark": ("\ufeffAnn", "U+FEFF"),
}
HOUSE_BODY = {"title": "Our table", "base": "pineapple-ofc", "changes": {"foul_penalty": 3}}
DISCARDS = {"game": "crazy", "situation": "no_discard_after_acting"}
TEXT_FIELDS = {  # url: (a body it accepts, the paths of its text fields)
    "/api/matches/": (MATCH, ["players.0", "currency"]),
    "/api/ofc/score/": (OFC_TABLE, ["players.0.name", "ruleset"]),
    "/api/island/showdown/": (ISLAND_4_3, ["players.0.name"]),
    "/api/pineapple/showdown/": (LAZY_HI_LO, ["players.0.name", "game"]),
    "/api/pineapple/discards/": (DISCARDS, ["game", "situation"]),
    "/api/house-rules/": (HOUSE_BODY, ["title", "base"]),
}
TEXT_CASES = [
    pytest.param(
        url,
        field,
        label,
        id=f"{url} {field} {label}",
    )
    for url, (_, fields) in TEXT_FIELDS.items()
    for field in fields
    for label in HIDDEN_TEXT
]


def raw_json(body) -> bytes:
    """JSON as a client may send it: a lone surrogate as its \\ud800 escape (valid JSON)."""
    return json.dumps(body, ensure_ascii=True).encode()


def plainly_said(messages) -> None:
    """A refusal that quotes nothing hidden: it encodes as UTF-8 and holds no control, bidi or
    zero-width character."""
    text = " ".join(messages)
    text.encode("utf-8")
    assert not any(c in text for c in "\x1b\x07\r\x85\u202e\u2067\u200b\u200d\ufeff"), text


@pytest.mark.django_db
@pytest.mark.parametrize(("url", "field", "label"), TEXT_CASES)
def test_hidden_characters_are_refused_at_the_field_on_every_endpoint(client, url, field, label):
    from referee.models import HouseRule

    value, code = HIDDEN_TEXT[label]
    payload, _ = TEXT_FIELDS[url]
    if field == "ruleset":
        value = f"house:{value}"
    response = client.post(url, raw_json(put(payload, field, value)),
                           content_type="application/json")  # fmt: skip
    assert response.status_code == 400, response.content[:300]
    errors = response.json()["errors"]
    assert list(errors) == [field], errors
    plainly_said(errors[field])
    if field != "ruleset":  # a key is letters and digits: it says so rather than name a character
        assert code in errors[field][0] and "enter " in errors[field][0], errors[field]
    assert not Case.objects.exists() and not Match.objects.exists()
    assert not HouseRule.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("changes", "path"),
    [
        ({"scoring": ["2-4"]}, "changes.scoring"),
        ({"scoring": {"2-4": True}}, "changes.scoring"),
        *[({"fantasyland_stay": {"top": value}}, "changes.fantasyland_stay.top")
          for value in (3, 1.5, True, ["pair"], {"pair": 1}, "straight", "flush", "An\ud800n")],
        ({"top_pairs": {"sixes": "2"}}, "changes.top_pairs.sixes"),
        ({"top_pairs": {"aces": 25}}, "changes.top_pairs.aces"),
        ({"top_pairs": ["sixes"]}, "changes.top_pairs"),
        ({"fantasyland_entry": {"kings": [15]}}, "changes.fantasyland_entry.kings"),
        ({"An\ud800n": 1}, "changes"),
        ({"a\u202eb": 1}, "changes"),
        ({"": 1}, "changes"),
    ],
)  # fmt: skip
def test_house_rules_check_every_value_type_and_answer_at_its_path(client, changes, path):
    from referee.models import HouseRule

    body = {**HOUSE_BODY, "base": "pineapple-2p-v1", "changes": changes}
    response = client.post("/api/house-rules/", raw_json(body), content_type="application/json")
    assert response.status_code == 400, response.content[:300]
    errors = response.json()["errors"]
    assert list(errors) == [path], errors
    plainly_said(errors[path])
    assert not HouseRule.objects.exists()


OFC_POST = {"ruleset": "pineapple-ofc"} | {
    f"players-{seat}-{place}": player[place]
    for seat, player in enumerate(OFC_TABLE["players"])
    for place in ("name", "top", "middle", "bottom")
}
PAGE_TEXT = {  # page: (a post it accepts, its text fields)
    "/matches/new/": ({**FORMS["/matches/new/"], "dealer": "1", "length": "rounds:1"},
                      ["player_1", "player_3", "currency"]),
    "/ofc/": (OFC_POST, ["players-0-name"]),
    "/pineapple/discards/": (FORMS["/pineapple/discards/"], ["game", "situation"]),
    "/rules/house/new/": ({"title": "Our table", "base": "pineapple-ofc",
                           "changes-foul_penalty": "3"}, ["title"]),
}  # fmt: skip
# A form post carries no lone surrogate (its bytes are decoded as UTF-8, a broken one replaced).
PAGE_HIDDEN = [label for label in HIDDEN_TEXT if label != "lone surrogate"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("url", "field", "label"),
    [
        (u, f, label)
        for u, (_, fields) in PAGE_TEXT.items()
        for f in fields
        for label in PAGE_HIDDEN
    ],
)
def test_hidden_characters_are_refused_at_the_field_on_every_page(client, url, field, label):
    from referee.models import HouseRule

    value, code = HIDDEN_TEXT[label]
    posted, _ = PAGE_TEXT[url]
    response = client.post(url, {**posted, field: value})
    assert response.status_code == 200, response.status_code
    form = response.context["form"]
    assert field in form.errors, (form.errors, field)
    assert code in form.errors[field][0], form.errors[field]
    plainly_said(form.errors[field])
    assert not Case.objects.exists() and not Match.objects.exists()
    assert not HouseRule.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("url", PAGE_TEXT)
def test_the_page_posts_above_are_accepted(client, url):
    """Each page's post works as it is, so each refusal above is the hidden character's."""
    response = client.post(url, PAGE_TEXT[url][0])
    assert response.status_code in (200, 302)
    if response.status_code == 200:
        assert b'class="errorlist' not in response.content


@pytest.mark.django_db
def test_plain_text_in_other_scripts_is_kept(client):
    """What is refused is hidden characters, not languages: names in Japanese, Arabic, emoji."""
    names = ["アン", "عليّ", "Zoë 🂡"]
    response = client.post("/api/matches/", {**MATCH, "players": names[:2], "dealer": names[0],
                           "currency": "€"}, content_type="application/json")  # fmt: skip
    assert response.status_code == 201, response.content[:300]
    assert Match.objects.get().players == names[:2]
    scored = client.post("/api/ofc/score/", first_player_named(OFC_TABLE, names[2]),
                         content_type="application/json")  # fmt: skip
    assert scored.status_code == 200 and scored.json()["players"][0]["name"] == names[2]
