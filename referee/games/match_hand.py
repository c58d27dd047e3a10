"""A hand of an OFC match, the whole path: POST /api/matches/<id>/hands/ and the edit page.

It is the OFC table's input (``games.ofc``) under the match's ruleset, scored and stored by
``referee.matches.add_hand`` under the match's lock; the page and the API both come here.
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers
from rest_framework.exceptions import ValidationError

from referee import matches
from referee.api.validation import validated
from referee.fields import players_of
from referee.games.ofc import (
    MOST_BOARDS,
    BoardSerializer,
    board_fields,
    boards,
    present_table,
    seat_fields,
)
from referee.models import Match
from referee.pages import PageForm
from scoring.errors import InputError
from scoring.rulesets import RULESETS


class HandSerializer(serializers.Serializer[Any]):
    """The OFC request body: its ``players``; a ``ruleset``, if sent, must be the match's."""

    ruleset = serializers.ChoiceField(choices=list(RULESETS), required=False)
    players = players_of(BoardSerializer, MOST_BOARDS, name_seats=False)


class HandForm(PageForm):
    """One board per seat of the match, in seat order: the match says who sits where."""

    def __init__(self, *args: Any, match: Match, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.match = match
        for seat, _ in enumerate(match.players):
            board_fields(self, seat, required=True)
            del self.fields[f"players-{seat}-name"]

    def seats(self) -> list[dict[str, Any]]:
        return [
            {**seat_fields(self, seat), "player": name}
            for seat, name in enumerate(self.match.players)
        ]


def seated(data: Any, match: Match) -> Any:
    """Boards without a single name are the match's seats in order (the engine's reading)."""
    players = data.get("players") if isinstance(data, dict) else None
    if not isinstance(players, list) or len(players) != len(match.players):
        return data
    if any(isinstance(p, dict) and str(p.get("name") or "").strip() for p in players):
        return data
    named = [{**p, "name": name} if isinstance(p, dict) else p
             for p, name in zip(players, match.players, strict=True)]  # fmt: skip
    return {**data, "players": named}


def add_hand(data: Any, match: Match) -> matches.HandAdded:
    """Validate a hand as the OFC API would, then score and add it to the match.

    A ValidationError names each field; MatchFinished says the match is over.
    """
    valid = validated(HandSerializer, seated(data, match))
    if valid.get("ruleset", match.ruleset) != match.ruleset:
        raise ValidationError({"ruleset": [f"this match plays {RULESETS[match.ruleset].name}"]})
    entered = {
        "ruleset": match.ruleset,
        "players": [board.as_dict() for board in boards(valid["players"])],
    }
    try:
        return matches.add_hand(match.id, boards(valid["players"]), entered)
    except InputError as error:
        raise ValidationError(error.errors) from error


def present_hand(added: matches.HandAdded) -> dict[str, Any]:
    """The scored hand as the edit page shows it."""
    return present_table(added.table)
