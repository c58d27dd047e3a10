"""API for Pineapple, Crazy and Lazy: POST /api/pineapple/showdown/ and /api/pineapple/ruling/."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from referee.api.fields import (
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
    choice_field,
)
from referee.api.validation import validated
from referee.cases import recorded_answer
from referee.web import ApiCardsField, as_entered
from scoring.irregularities import HOUSE_RULES, SITUATIONS, TIMINGS, rule
from scoring.pineapple import MAX_PLAYERS, VERSIONS, Entrant, showdown

MAX_CHIPS = 10**9
RULING_GAME = "pineapple-ruling"


class PineapplePlayerSerializer(serializers.Serializer[Any]):
    """One seat, in clockwise order: a folded player may leave the hole empty."""

    name = StrictCharField(max_length=40, required=False, allow_blank=True, default="")
    hole = ApiCardsField(required=False)
    folded = StrictBooleanField(required=False, default=False)
    contributed = StrictIntegerField(min_value=0, max_value=MAX_CHIPS, required=False)


class PineappleShowdownSerializer(serializers.Serializer[Any]):
    """Shape only; the rules (hole sizes, duplicates, pots) are checked by scoring.pineapple."""

    game = choice_field(list(VERSIONS), "a Pineapple version")
    hi_lo = StrictBooleanField(required=False, default=False)
    board = ApiCardsField(count=5)
    players = PineapplePlayerSerializer(many=True, max_length=MAX_PLAYERS)
    pot = StrictIntegerField(min_value=0, max_value=MAX_CHIPS, required=False)
    button = StrictIntegerField(min_value=0, max_value=MAX_PLAYERS - 1, required=False)


class PineappleRulingSerializer(serializers.Serializer[Any]):
    """The discard referee's question."""

    game = choice_field(list(VERSIONS), "a Pineapple version")
    situation = choice_field(list(SITUATIONS), "a situation the referee rules on")
    timing = choice_field(
        list(dict.fromkeys(key for timings in TIMINGS.values() for key in timings)),
        "a discard timing",
        required=False,
    )
    player = StrictCharField(max_length=40, required=False, allow_blank=True, default="")
    house_rules = serializers.ListField(
        child=choice_field(list(HOUSE_RULES), "a house rule"),
        required=False,
        default=list,
        max_length=len(HOUSE_RULES),
    )


_RULINGS = inline_serializer(
    "PineappleRulingItem",
    many=True,
    fields={
        "citation": serializers.CharField(),
        "subject": serializers.CharField(),
        "text": serializers.CharField(),
        "interpretation": serializers.CharField(allow_null=True),
        "url": serializers.CharField(),
    },
)
_ERRORS = inline_serializer(
    "PineappleErrors", {"errors": serializers.DictField(child=serializers.ListField())}
)


def _entrant(player: dict[str, Any]) -> Entrant:
    return Entrant(
        name=player["name"],
        hole=tuple(player.get("hole", ())),
        folded=player["folded"],
        contributed=player.get("contributed"),
    )


class ShowdownApi(APIView):
    """Settle a Pineapple, Crazy or Lazy showdown, high or hi-lo, with the chips if given."""

    @extend_schema(
        request=PineappleShowdownSerializer,
        responses={
            200: inline_serializer(
                "PineappleShowdown",
                {
                    "game": serializers.CharField(),
                    "hi_lo": serializers.BooleanField(),
                    "board": serializers.ListField(child=serializers.CharField()),
                    "players": serializers.ListField(child=serializers.DictField()),
                    "high_winners": serializers.ListField(child=serializers.CharField()),
                    "low_winners": serializers.ListField(child=serializers.CharField()),
                    "pots": serializers.ListField(child=serializers.DictField(), required=False),
                    "rulings": _RULINGS,
                    "case": serializers.CharField(),
                },
            ),
            400: _ERRORS,
        },
    )
    def post(self, request: Request) -> Response:
        data = validated(PineappleShowdownSerializer, request.data)
        result = showdown(
            data["game"],
            data["board"],
            [_entrant(player) for player in data["players"]],
            hi_lo=data["hi_lo"],
            pot=data.get("pot"),
            button=data.get("button"),
        )
        return Response(recorded_answer(result.game, as_entered(data), result))


class RulingApi(APIView):
    """Rule on a discard mishap for a version, a situation and (optionally) a timing."""

    @extend_schema(
        request=PineappleRulingSerializer,
        responses={
            200: inline_serializer(
                "PineappleRuling",
                {
                    "game": serializers.CharField(),
                    "situation": serializers.CharField(),
                    "timing": serializers.CharField(),
                    "consequence": serializers.CharField(),
                    "consequence_label": serializers.CharField(),
                    "decision": serializers.CharField(),
                    "house_rules": serializers.ListField(child=serializers.CharField()),
                    "rulings": _RULINGS,
                    "case": serializers.CharField(),
                },
            ),
            400: _ERRORS,
        },
    )
    def post(self, request: Request) -> Response:
        data = validated(PineappleRulingSerializer, request.data)
        decision = rule(
            data["game"], data["situation"], data.get("timing"), data["player"], data["house_rules"]
        )
        return Response(recorded_answer(RULING_GAME, as_entered(data), decision))
