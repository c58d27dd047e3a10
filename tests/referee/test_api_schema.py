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
