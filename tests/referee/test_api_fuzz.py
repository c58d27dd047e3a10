"""Fuzz every API operation in-process against its own OpenAPI schema (schemathesis).

No answer may be a server error, and every answer must match what the schema documents (status
code, content type, body). A request the schema calls valid that a game refuses must be refused
only for what no schema can say (``referee.api.schema.NOT_IN_THE_SCHEMA``): a card dealt twice,
a Joker outside the Joker deck, a player count or timing another field decides, house rules that
are not saved. Any other refusal of valid data means the schema promises more than the game
takes, and fails the test.
"""

import json
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

from referee.wsgi import application

schema = schemathesis.openapi.from_wsgi("/api/schema/", application)

GAMES = {
    "/api/ofc/score/",
    "/api/ofc/fantasyland/",
    "/api/island/showdown/",
    "/api/pineapple/showdown/",
    "/api/pineapple/discards/",
}
# The refusals of schema-valid requests that depend on more than one field, each by its words.
ACROSS_FIELDS = re.compile(
    "|".join(
        [
            r"each card is dealt once",  # a card in two places (Island)
            r"each card is in the deck once",  # (OFC)
            r"^\S+ is in .+ \d+ times",  # (Pineapple): in the board, or a hole, twice
            r"^\S+ is in .* and in ",  # a card in two players' holes, or the board and a hole
            r"deck has only 2\b",  # more Jokers than the Joker deck holds
            r"takes .* players; got \d+",  # the game's or the ruleset's seats
            r"^no house rules are saved as '?house:",  # the key's form is right, nothing is saved
            r"holds? (a|\d+) Jokers?,? but .* uses a \d+-card deck without Jokers",  # the ruleset's
            r"deals a Fantasyland hand of .* cards, not \d+",  # the ruleset's deal
            r"'s hole needs (two|three|two or three)\b",  # a discard, a Phantom Ship
            r"^two players are called ",  # names must differ
            r" is not one of the players",  # the Phantom Ship's caller
            r"^name the player who called the Phantom Ship",  # the variant asks for its caller
            r"has no Fantasyland .*: clear the Fantasyland mark",  # the ruleset's Fantasyland
            r" discards \d+ cards? in ",  # the ruleset's and the Fantasyland state's discards
            r"'s hole holds at most 3 cards",  # a folded hand; a live one by the version
            r"'s hole must hold [\d or]+ cards at a .*showdown",
            r"is not marked as in Fantasyland, so there is no Fantasyland deal size",
            r"is not a .* discard timing",  # the version's timings
            r"^No live hand is left at the showdown",  # every hand folded
            r"^give the table size .* to count the exchanges",  # exchanged needs table_size
            r"^a table has 3 to 7 players",  # table_size: the engine's words and its article
        ]
    )
)


@schemathesis.check
def valid_games_refused_only_across_fields(ctx, response, case):
    """A game's 400 to data its schema allows names only refusals no schema can express."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 400:
        return None
    if case.operation.path not in GAMES:
        return None
    errors = json.loads(response.content)["errors"]
    unexpected = {
        path: [message for message in messages if not ACROSS_FIELDS.search(message)]
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
    valid_games_refused_only_across_fields,
]


@pytest.fixture
def connections_stay_open():
    """Calling the WSGI app fires request_finished, which would close the test's connection."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.mark.django_db
@schema.parametrize()
@settings(
    max_examples=300,
    derandomize=True,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_api_never_fails_and_keeps_to_its_schema(case, connections_stay_open):
    case.call_and_validate(checks=CHECKS)


def test_the_refusal_check_fails_a_refusal_the_schema_could_have_said():
    """The check is not a formality: a card the pattern allows but the game refuses fails it."""

    class Meta:
        class generation:  # noqa: N801
            class mode:  # noqa: N801
                is_positive = True

    class Operation:
        path = "/api/island/showdown/"

    class Case:
        meta = Meta
        operation = Operation

    class Response:
        status_code = 400
        content = json.dumps({"errors": {"turn": ["'Zs' is not a card"]}}).encode()

    with pytest.raises(AssertionError, match="turn"):
        valid_games_refused_only_across_fields(None, Response, Case)
    Response.content = json.dumps(
        {"errors": {"turn": ["Kh is in the first set and in the turn; each card is dealt once"]}}
    ).encode()
    assert valid_games_refused_only_across_fields(None, Response, Case) is None
