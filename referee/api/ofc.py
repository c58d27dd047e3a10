"""POST /api/ofc/score/: score a finished OFC table, as DESIGN.md describes it."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from referee.api.fields import StrictBooleanField, StrictCharField, StrictIntegerField
from referee.api.validation import validated
from referee.cases import recorded_answer
from referee.web import ApiCardsField
from scoring.ofc import PlayerBoard, score_table
from scoring.rulesets import RULESETS

MAX_PLAYERS = max(ruleset.max_players for ruleset in RULESETS.values())


class BoardSerializer(serializers.Serializer[Any]):
    """One player's board; row sizes, Jokers and duplicates are the engine's to check."""

    name = StrictCharField(max_length=40, required=False, allow_blank=True, default="")
    top = ApiCardsField(jokers=True, help_text="3 cards, e.g. Qs Qd 7c")
    middle = ApiCardsField(jokers=True, help_text="5 cards")
    bottom = ApiCardsField(jokers=True, help_text="5 cards")
    discards = ApiCardsField(
        jokers=True,
        required=False,
        allow_null=True,
        default=None,
        help_text="Optional: 4 in a normal hand; in Fantasyland the cards beyond 13",
    )
    in_fantasyland = StrictBooleanField(default=False)
    fantasyland_cards = StrictIntegerField(
        required=False,
        allow_null=True,
        default=None,
        help_text="Joker OFC: how many cards the Fantasyland hand dealt (14-17)",
    )


class ScoreSerializer(serializers.Serializer[Any]):
    ruleset = serializers.ChoiceField(choices=list(RULESETS))
    players = BoardSerializer(many=True, max_length=MAX_PLAYERS + 1)


def boards(data: dict[str, Any]) -> list[PlayerBoard]:
    """The engine's boards from validated request data."""
    return [
        PlayerBoard(
            name=player["name"],
            top=player["top"],
            middle=player["middle"],
            bottom=player["bottom"],
            discards=player["discards"] or None,
            in_fantasyland=player["in_fantasyland"],
            fantasyland_cards=player["fantasyland_cards"],
        )
        for player in data["players"]
    ]


def entered(data: dict[str, Any]) -> dict[str, Any]:
    """The request as the case log keeps it (cards in canonical text)."""
    return {"ruleset": data["ruleset"], "players": [board.as_dict() for board in boards(data)]}


class OfcScoreApi(APIView):
    """Score an OFC table: fouls, royalties, Jokers, every matchup, totals and Fantasyland."""

    @extend_schema(
        request=ScoreSerializer,
        responses={200: OpenApiResponse(description="The scored table"), 400: OpenApiResponse(
            description='{"errors": {FIELD: [MESSAGE]}}')},
    )  # fmt: skip
    def post(self, request: Request) -> Response:
        data = validated(ScoreSerializer, request.data)
        table = score_table(data["ruleset"], boards(data))
        return Response(recorded_answer(table.ruleset, entered(data), table))
