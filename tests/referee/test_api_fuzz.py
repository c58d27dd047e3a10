"""Fuzz every API operation in-process against its own OpenAPI schema (schemathesis).

No answer may be a server error, and every answer must match what the schema documents (status
code, content type, body). A request the schema calls valid that an operation refuses must be
refused only for what no schema can say, each operation's list below (``ACROSS_FIELDS``): a card
dealt twice, a Joker outside the Joker deck, a player count another field decides, house rules
that are not saved, a dealer who is not one of the players, a royalty table that pays a stronger
hand less. Any other refusal of valid data means the schema promises more than the API takes,
and fails the test. The operations on a match are sent, when their data is valid, to a real
match with its edit key, so their bodies are read rather than answered 404 or 403.
"""

import json
import os
import re

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

from referee.matches import create_match
from referee.wsgi import application

schema = schemathesis.openapi.from_wsgi("/api/schema/", application)
if os.environ.get("API_FUZZ_PATH"):  # one path alone, while working on it: /api/matches/
    schema = schema.include(path=os.environ["API_FUZZ_PATH"])

GAMES = {
    "/api/ofc/score/",
    "/api/ofc/fantasyland/",
    "/api/island/showdown/",
    "/api/pineapple/showdown/",
    "/api/pineapple/discards/",
}
# The refusals of schema-valid requests that depend on more than one field, each by its words.
# A game's refusals:
GAME_RULES = [
    r"each card is dealt once",  # a card in two places (Island)
    r"each card is in the deck once",  # (OFC)
    r"^\S+ is in .+ \d+ times",  # (Pineapple): in the board, or a hole, twice
    r"^\S+ is in .* and in ",  # a card in two players' holes, or the board and a hole
    r"deck has only 2\b",  # more Jokers than the Joker deck holds
    r"takes .* players; got \d+",  # the game's or the ruleset's seats
    r"^no house rules are saved as '?house:",  # the key's form is right, nothing is saved
    r"holds? (a|\d+) Jokers?,? but .* uses a \d+-card deck without Jokers",  # the ruleset's
    r"deals a Fantasyland hand of .* cards, not \d+",  # the ruleset's deal
    r"^a Fantasyland hand in .* is .* cards, not \d+",  # the ruleset's deal sizes
    r"^say how many cards .* was dealt in Fantasyland: ",  # the ruleset deals several sizes
    r"'s hole needs (two|three|two or three)\b",  # a discard, a Phantom Ship
    r"^two players are called ",  # names must differ
    r" is not one of the players",  # the Phantom Ship's caller
    r"^name the player who called the Phantom Ship",  # the variant asks for its caller
    r"has no Fantasyland .*: clear the Fantasyland mark",  # the ruleset's Fantasyland
    r" discards \d+ cards? in ",  # the ruleset's and the Fantasyland state's discards
    r"'s hole holds at most 3 cards",  # a folded hand; a live one by the version
    r"'s hole must hold [\d or]+ cards at a .*showdown",
    r"^enter the hole cards of .* players",  # a seat the table needs, left blank
    r"^enter the 2 (kept )?hole cards .* here, e\.g\. ",  # that seat's hole
    r"is not marked as in Fantasyland, so there is no Fantasyland deal size",
    r"is not a .* discard timing",  # the version's timings
    r"^No live hand is left at the showdown",  # every hand folded
    r"^give the table size .* to count the exchanges",  # exchanged needs table_size
    r"^a table has 3 to 7 players",  # table_size: the engine's words and its article
]
# A new match's: the ruleset decides the seats and the lengths; the dealer is a player.
NEW_MATCH = [
    r"^no house rules are saved as '?house:",
    r" are house rules for .*; OFC plays ",  # a saved key of Island's or Pineapple's readings
    r" seats (exactly )?\d+ (to \d+ )?players, not \d+",
    r" is already seated: names must differ",  # the same name, in another case or spacing
    r"^the first dealer must be one of ",
    r" matches .* \(give .*\)",  # a length of a kind the ruleset does not play
    r" allows .*, not \d+",  # a count the ruleset does not play
]
# A hand of a match: the match decides its ruleset and seats, and the boards are OFC's.
MATCH_HAND = [
    *GAME_RULES,
    r"^this match plays ",  # a ruleset other than the match's
    r" has no seat here: use ",  # a seat by a name the match does not seat
    r"^enter a board for each of .*, in seat order",  # the match's seats
    r" is not in this match: use ",  # a board named for no seat
    r"^a blank name is not in this match: use ",  # a board not named where others are
    r" has two boards: give each of ",  # two boards for one seat
]
# New house rules: a table paying a stronger hand less, in one table or across two, and
# settings another setting rules out.
HOUSE_RULES = [
    r"a stronger hand may not pay less than a weaker one",
    r"trips beat any pair on top",
    r"the bottom may not pay more",
    r"^a stronger entry hand may not earn fewer cards",
    r"^at least one row must be able to stay",
    r"^2-4 scoring has no sweep bonus",
    r"^Fantasyland is turned off, so it has no ",
]
ACROSS_FIELDS = {
    **dict.fromkeys(GAMES, GAME_RULES),
    "/api/matches/": NEW_MATCH,
    "/api/matches/{match_id}/hands/": MATCH_HAND,
    "/api/matches/{match_id}/boards/": MATCH_HAND,
    "/api/house-rules/": HOUSE_RULES,
}
ACROSS = {path: re.compile("|".join(rules)) for path, rules in ACROSS_FIELDS.items()}


@schemathesis.check
def valid_data_refused_only_across_fields(ctx, response, case):
    """A 400 to data the schema allows names only refusals no schema can express, the ones
    its operation lists in ACROSS_FIELDS (an operation listing none may refuse nothing)."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 400:
        return None
    across = ACROSS.get(case.operation.path)
    errors = json.loads(response.content)["errors"]
    unexpected = {
        path: [m for m in messages if across is None or not across.search(m)]
        for path, messages in errors.items()
    }
    unexpected = {path: messages for path, messages in unexpected.items() if messages}
    if unexpected:
        raise AssertionError(f"the schema allows what {case.operation.path} refuses: {unexpected}")
    return None


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    negative_data_rejection,
    valid_data_refused_only_across_fields,
]


@pytest.fixture
def connections_stay_open():
    """Calling the WSGI app fires request_finished, which would close the test's connection."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def table(db):
    """A match to send valid requests to, and its edit key: a target too far to be reached.
    Made by the service, not through the test client, whose requests connect again the signal
    handler connections_stay_open disconnects (PostgreSQL then closes the test's connection)."""
    players = ["Ann", "Bob"]
    match, key = create_match("pineapple-2p-v1", players, "Ann", "target", 10_000)
    return str(match.id), key, players


def at_the_table(case, table):
    """Valid data on a match's operation goes to the real match, with its edit key."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive:
        return
    if "match_id" in (case.path_parameters or {}):
        case.path_parameters["match_id"] = table[0]
        if any(p.name == "X-Edit-Key" for p in case.operation.headers):
            case.headers = {**(case.headers or {}), "X-Edit-Key": table[1]}
        if isinstance(case.body, dict) and isinstance(case.body.get("seat"), str):
            case.body["seat"] = table[2][len(case.body["seat"]) % 2]  # a name the match seats


@pytest.mark.django_db
@schema.parametrize()
@settings(
    max_examples=300,
    derandomize=True,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_api_never_fails_and_keeps_to_its_schema(case, connections_stay_open, table):
    at_the_table(case, table)
    case.call_and_validate(checks=CHECKS)


def _refusal(path, errors, positive=True):
    """A case and a 400 answer, as the check sees them."""

    class Meta:
        class generation:  # noqa: N801
            class mode:  # noqa: N801
                is_positive = positive

    class Operation:
        pass

    class Case:
        meta = Meta
        operation = Operation

    class Response:
        status_code = 400
        content = json.dumps({"errors": errors}).encode()

    Operation.path = path
    return Response, Case


def test_the_refusal_check_fails_a_refusal_the_schema_could_have_said():
    """The check is not a formality: a card the pattern allows but the game refuses fails it,
    and so does a refusal of one operation's kind on another operation, or on one that lists
    none."""
    check = valid_data_refused_only_across_fields
    with pytest.raises(AssertionError, match="turn"):
        check(None, *_refusal("/api/island/showdown/", {"turn": ["'Zs' is not a card"]}))
    dealt = {"turn": ["Kh is in the first set and in the turn; each card is dealt once"]}
    assert check(None, *_refusal("/api/island/showdown/", dealt)) is None
    dealer = {"dealer": ["the first dealer must be one of Ann, Bob"]}
    assert check(None, *_refusal("/api/matches/", dealer)) is None
    with pytest.raises(AssertionError, match="dealer"):
        check(None, *_refusal("/api/ofc/score/", dealer))
    with pytest.raises(AssertionError, match="dealer"):
        check(None, *_refusal("/api/matches/", {"dealer": ["This field may not be null."]}))
    with pytest.raises(AssertionError, match="title"):
        check(None, *_refusal("/api/house-rules/", {"title": ["This field may not be blank."]}))
    with pytest.raises(AssertionError, match="page"):
        check(None, *_refusal("/api/matches/{match_id}/", {"page": ["a page is a number"]}))
    # Invalid data may be refused for anything.
    assert check(None, *_refusal("/api/matches/", dealer | {"x": ["no"]}, False)) is None
