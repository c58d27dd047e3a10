"""The API is described at /api/schema/ and browsable at /api/docs/, all served locally."""

import re

import pytest

from referee.urls import KeepMethodRedirect, urlpatterns
from referee.views.errors import api_not_found


@pytest.mark.django_db
def test_swagger_ui_loads_nothing_from_another_host(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    sources = re.findall(r'(?:src|href)="([^"]+)"', response.content.decode())
    assert sources and all(source.startswith("/") for source in sources)


@pytest.mark.django_db
def test_every_api_route_is_documented_with_its_error_answers(client):
    schema = client.get("/api/schema/?format=json").json()
    routes = {
        "/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", str(p.pattern))
        for p in urlpatterns
        if str(p.pattern).startswith("api/") and "schema" not in str(p.pattern)
        and "docs" not in str(p.pattern)
        and getattr(p.callback, "view_class", None) is not KeepMethodRedirect
        and p.callback is not api_not_found
    }  # fmt: skip
    assert routes <= set(schema["paths"])
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            answers = set(operation["responses"])
            expected = {"400"} if "requestBody" in operation else set()
            if "{" in path:
                expected.add("404")
            assert expected <= answers, f"{method.upper()} {path} documents only {answers}"


# --- A description a client can be generated from -------------------------------------------

GAME_REQUESTS = {
    "/api/ofc/score/": "ScoreRequest",
    "/api/ofc/fantasyland/": "SetterRequest",
    "/api/island/showdown/": "ShowdownRequest",
    "/api/pineapple/showdown/": "PineappleShowdownRequest",
    "/api/pineapple/discards/": "DiscardsRequest",
}
GAME_ANSWERS = {
    "/api/ofc/score/": "OfcScoreAnswer",
    "/api/ofc/fantasyland/": "FantasylandAnswer",
    "/api/island/showdown/": "IslandShowdownAnswer",
    "/api/pineapple/showdown/": "PineappleShowdownAnswer",
    "/api/pineapple/discards/": "DiscardsAnswer",
}


@pytest.fixture(scope="module")
def described():
    from drf_spectacular.generators import SchemaGenerator

    return SchemaGenerator().get_schema(request=None, public=True)


def _ref(content):
    return content["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]


def test_each_game_has_its_own_request_and_answer(described):
    for path, request in GAME_REQUESTS.items():
        operation = described["paths"][path]["post"]
        assert _ref(operation["requestBody"]["content"]) == request, path
        assert _ref(operation["responses"]["200"]["content"]) == GAME_ANSWERS[path], path
        assert _ref(operation["responses"]["400"]["content"]) == "RefusalAnswer", path
    schemas = described["components"]["schemas"]
    assert set(schemas["ScoreRequest"]["properties"]) == {"ruleset", "players"}
    assert "situation" in schemas["DiscardsRequest"]["properties"]
    assert "first_set" in schemas["ShowdownRequest"]["properties"]
    assert {"matchups", "players", "rulings", "case"} <= set(schemas["OfcScoreAnswer"]["required"])


def test_card_fields_carry_the_notation_the_referee_reads(described):
    from referee.fields import CardsField
    from scoring.cards import parse_cards

    schemas = described["components"]["schemas"]
    turn = schemas["ShowdownRequest"]["properties"]["turn"]["pattern"]
    board = schemas["PineappleShowdownRequest"]["properties"]["board"]["pattern"]
    top = schemas["BoardRequest"]["properties"]["top"]["pattern"]
    assert re.fullmatch(turn, "Jh") and not re.fullmatch(turn, "Jh Qh")
    assert re.fullmatch(board, "Ah 7d 5c Kd 2s") and not re.fullmatch(board, "Ah 7d 5c Kd")
    assert not re.fullmatch(board, "Ah 7d 5c Kd Zs") and not re.fullmatch(board, "Ah 7d 5c Kd X")
    assert re.fullmatch(top, "Qs X 7c") and not re.fullmatch(top, "Qs Qd 7c 2c")
    # Every text the pattern allows, the field reads: each of the 52 cards and the Joker.
    field = CardsField(jokers=True)
    for card in [f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"] + ["X"]:
        assert re.fullmatch(top, f"{card} 2c 3d")
        assert [str(c) for c in field.to_internal_value(card)] == [card]
        assert [str(c) for c in parse_cards(f"{card} 2c 3d")][0] == card


def test_rulesets_are_an_enum_of_the_registry_and_house_rules_a_pattern(described):
    from referee.house_rules import ID_ALPHABET, ID_LENGTH
    from scoring.rulesets import RULESETS

    schemas = described["components"]["schemas"]
    profiles, house = schemas["ScoreRequest"]["properties"]["ruleset"]["oneOf"]
    assert profiles["enum"] == list(RULESETS)
    assert re.fullmatch(house["pattern"], "house:" + ID_ALPHABET[:ID_LENGTH])
    assert not re.fullmatch(house["pattern"], "house:")
    assert not re.fullmatch(house["pattern"], "house:" + ID_ALPHABET[:ID_LENGTH] + "x")
    # The setter offers only the rulesets that deal Fantasyland hands.
    setter = schemas["SetterRequest"]["properties"]["ruleset"]["oneOf"][0]["enum"]
    assert setter == [key for key, rules in RULESETS.items() if rules.fantasyland]
    island = schemas["ShowdownRequest"]["properties"]["house_rules"]
    assert island["pattern"] == house["pattern"] and island["nullable"] is True


def test_the_discard_referee_house_rules_name_their_switches(described):
    from scoring.discards import HOUSE_RULES

    rules = described["components"]["schemas"]["DiscardsRequest"]["properties"]["house_rules"]
    listed, single = rules["oneOf"]
    assert listed["items"]["oneOf"][0]["enum"] == list(HOUSE_RULES)
    assert single["oneOf"][0]["enum"] == list(HOUSE_RULES)


def test_spectacular_validates_without_a_warning(tmp_path):
    from django.core.management import call_command

    out = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(out))
    assert "/api/ofc/score/" in out.read_text()


@pytest.mark.django_db
def test_known_good_bodies_keep_to_their_patterns(client, described):
    """The bodies the other tests start from match the documented patterns, and are taken."""
    from tests.referee.bodies import ISLAND_4_3, LAZY_HI_LO, OFC_TABLE

    schemas = described["components"]["schemas"]
    for path, body in [
        ("/api/ofc/score/", OFC_TABLE),
        ("/api/island/showdown/", ISLAND_4_3),
        ("/api/pineapple/showdown/", LAZY_HI_LO),
    ]:
        request = schemas[GAME_REQUESTS[path]]
        for name, value in body.items():
            pattern = request["properties"][name].get("pattern")
            if pattern and isinstance(value, str):
                assert re.fullmatch(pattern, value), (path, name, value)
        assert client.post(path, body, content_type="application/json").status_code == 200


# --- Every other operation's request, as exact as the game endpoints' -----------------------


def _request(described, path):
    operation = described["paths"][path]["post"]
    name = _ref(operation["requestBody"]["content"])
    return described["components"]["schemas"][name]


def _enum(described, schema):
    """An enum, inline or in its component."""
    if "$ref" in schema:
        schema = described["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema["enum"]


def test_text_patterns_take_exactly_what_the_text_check_takes():
    from referee.fields import text_problem
    from referee.schema import text_pattern

    anything, some = text_pattern(blank=True), text_pattern(blank=False)
    for code in [*range(0x3000), 0xFEFF, 0xFFFD, 0x1F600]:
        character = chr(code)
        taken = text_problem(f"A{character}") is None
        assert bool(re.fullmatch(anything, f"A{character}")) == taken, hex(code)
    assert re.fullmatch(anything, "") and re.fullmatch(anything, "  ")
    assert not re.fullmatch(some, "") and not re.fullmatch(some, " \t ")
    assert re.fullmatch(some, " Ann ") and not re.fullmatch(some, "An\x00n")


def test_a_new_match_is_described_as_the_engine_takes_it(described):
    from scoring.match import MAX_TARGET
    from scoring.rulesets import RULESETS

    schemas = described["components"]["schemas"]
    request = _request(described, "/api/matches/")
    properties = request["properties"]
    # Exactly one length, each of a kind and count some ruleset plays; none of them null.
    assert request["oneOf"] == [{"required": [kind]} for kind in ("hands", "rounds", "target")]
    assert '"hands", "rounds" or "target"' in request["description"]
    hands = sorted({n for r in RULESETS.values() for n in r.match.lengths.get("hands") or ()})
    assert _enum(described, properties["hands"]) == hands == [1]
    assert _enum(described, properties["rounds"]) == [1, 2]
    assert properties["target"] == {"type": "integer", "minimum": 1, "maximum": MAX_TARGET}
    assert properties["dealer"]["type"] == "string"
    for name in ("players", "dealer", "hands", "rounds", "target", "ruleset"):
        schema = properties[name]
        if "$ref" in schema:
            schema = schemas[schema["$ref"].rsplit("/", 1)[1]]
        assert not schema.get("nullable"), name
    players = properties["players"]
    assert (players["minItems"], players["maxItems"], players["uniqueItems"]) == (2, 10, True)
    assert players["items"]["maxLength"] == 40
    assert not re.fullmatch(players["items"]["pattern"], "  ")
    assert not re.fullmatch(players["items"]["pattern"], "A\u202en")
    currency = properties["currency"]["oneOf"][0]["pattern"]
    assert re.fullmatch(currency, "EUR") and not re.fullmatch(currency, "E\x1bR")


@pytest.mark.django_db
def test_what_the_match_schema_rules_out_the_api_refuses(client):
    """The schema's null-free, one-length description matches the API's own refusals."""
    body = {"ruleset": "pineapple-ofc", "players": ["Ann", "Bob"], "dealer": "Ann", "hands": 1}
    assert client.post("/api/matches/", body, content_type="application/json").status_code == 201
    for name in ("dealer", "hands", "players"):
        answer = client.post("/api/matches/", {**body, name: None}, content_type="application/json")
        assert answer.status_code == 400 and name in answer.json()["errors"], name
    for lengths in ({}, {"hands": 1, "rounds": 1}):
        sent = {k: v for k, v in body.items() if k != "hands"} | lengths
        answer = client.post("/api/matches/", sent, content_type="application/json")
        assert answer.status_code == 400 and "length" in answer.json()["errors"]


def test_house_rules_take_each_base_s_own_settings(described):
    from scoring.house import BASES

    request = _request(described, "/api/house-rules/")
    assert request["properties"]["changes"]["type"] == "object"
    branches = request["oneOf"]
    by_base = {}
    for branch in branches:
        for base in _enum(described, branch["properties"]["base"]):
            by_base[base] = branch["properties"]["changes"]
    assert set(by_base) == set(BASES)
    for base, changes in by_base.items():
        assert set(changes["properties"]) == set(BASES[base].settings), base
        assert changes["minProperties"] == 1 and changes["additionalProperties"] is False
    for base in ("island", "pineapple"):
        for name, switch in BASES[base].profile.switches.items():
            values = by_base[base]["properties"][name]["enum"]
            assert values == [switch.plain, switch.other], (base, name)
    stay = by_base["pineapple-ofc"]["properties"]["fantasyland_stay"]["properties"]
    assert "straight" not in stay["top"]["enum"] and "straight" in stay["middle"]["enum"]
    title = request["properties"]["title"]["pattern"]
    assert re.fullmatch(title, "Friday rules") and not re.fullmatch(title, "Fri\x00day")
    assert not re.fullmatch(title, "   ")


def test_house_rule_bounds_are_the_engine_s_bounds(described):
    """Each whole-number setting's bounds: the least and the most are taken, one beyond each
    is refused, by the engine's own check."""
    from scoring.errors import InputError
    from scoring.house import check

    request = _request(described, "/api/house-rules/")
    ofc = next(
        b for b in request["oneOf"] if "row_point" in b["properties"]["changes"]["properties"]
    )
    numbers = {
        name: value
        for name, value in ofc["properties"]["changes"]["properties"].items()
        if value.get("type") == "integer"
    }
    assert set(numbers) >= {"row_point", "sweep_bonus", "foul_penalty", "jokers", "max_players"}
    for name, value in numbers.items():
        for taken in (value["minimum"], value["maximum"]):
            check("joker-ofc", {name: taken})
        for refused in (value["minimum"] - 1, value["maximum"] + 1):
            with pytest.raises(InputError):
                check("joker-ofc", {name: refused})


@pytest.mark.django_db
def test_a_title_or_currency_is_text_not_a_number(client):
    """The schema says a string, and the API takes only a string (a number was read as text)."""
    body = {"title": 5, "base": "pineapple-ofc", "changes": {"foul_penalty": 3}}
    answer = client.post("/api/house-rules/", body, content_type="application/json")
    assert answer.status_code == 400
    assert "text in quotes" in answer.json()["errors"]["title"][0]  # what is taken
    body["title"] = "Five"
    answer = client.post("/api/house-rules/", body, content_type="application/json")
    assert answer.status_code == 201
    match = {"ruleset": "pineapple-ofc", "players": ["Ann", "Bob"], "dealer": "Ann", "hands": 1}
    answer = client.post(
        "/api/matches/", {**match, "currency": 12}, content_type="application/json"
    )
    assert answer.status_code == 400 and "currency" in answer.json()["errors"]


def test_a_match_hand_names_its_ruleset_as_the_games_do(described):
    from scoring.rulesets import RULESETS

    hand = _request(described, "/api/matches/{match_id}/hands/")
    profiles, house = hand["properties"]["ruleset"]["oneOf"]
    assert profiles["enum"] == list(RULESETS)
    assert re.fullmatch(house["pattern"], "house:k3m9x2qa")
    boards = _request(described, "/api/matches/{match_id}/boards/")
    assert re.fullmatch(boards["properties"]["top"]["pattern"], "Qs X 7c")
    assert not re.fullmatch(boards["properties"]["seat"]["pattern"], " ")
    # A Fantasyland deal is 14 to 17 cards, whichever the ruleset deals.
    dealt = boards["properties"]["fantasyland_cards"]
    assert (dealt["minimum"], dealt["maximum"], dealt["nullable"]) == (14, 17, True)
