"""POST /api/island/showdown/: an Island Pineapple showdown, as DESIGN.md describes it."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
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
from referee.web import ApiCardsField
from scoring.hands import Category
from scoring.island import (
    BONUS_LADDER,
    TABLE_SIZES,
    VARIANT_ARTICLES,
    Seat,
    showdown,
)

BOARD_KEYS = ("first_set", "second_set", "turn", "river")


class PlayerSerializer(serializers.Serializer[Any]):
    name = StrictCharField(max_length=40)
    hole = ApiCardsField(help_text="Two kept hole cards (three under Phantom Ship), e.g. Th 8c")
    discarded = StrictBooleanField(
        default=True, help_text="False when the player failed to discard (a fouled hand, 3.3)"
    )


class PhantomShipSerializer(serializers.Serializer[Any]):
    caller = StrictCharField(
        max_length=40,
        help_text="The name of the player who called",
        error_messages={"required": "name the player who called the Phantom Ship"},
    )
    after_discards = StrictBooleanField(default=False)


class SecondaryBonusSerializer(serializers.Serializer[Any]):
    previous = choice_field(
        [category.slug for category in BONUS_LADDER],
        "a Secondary bonus qualifier",
        allow_null=True,
        default=None,
        help_text="The previous Island hand's qualifier; null for the first Island hand",
    )


class ShowdownSerializer(serializers.Serializer[Any]):
    """Shape only; the deal's rules (counts, duplicates, players) are checked by the engine."""

    first_set = ApiCardsField(count=2)
    second_set = ApiCardsField(count=2)
    turn = ApiCardsField(count=1)
    river = ApiCardsField(count=2)
    variants = serializers.ListField(
        child=choice_field(list(VARIANT_ARTICLES), "an Island Pineapple variant"),
        default=list,
        max_length=len(VARIANT_ARTICLES),
    )
    players = PlayerSerializer(many=True)
    phantom_ship = PhantomShipSerializer(required=False, allow_null=True)
    table_size = StrictIntegerField(required=False, allow_null=True)
    exchanged = StrictIntegerField(required=False, allow_null=True)
    secondary_bonus = SecondaryBonusSerializer(required=False, allow_null=True)

    def validate_players(self, players: list[dict[str, Any]]) -> list[dict[str, Any]]:
        if len(players) > TABLE_SIZES[-1]:
            raise ValidationError(f"at most {TABLE_SIZES[-1]} play Island Pineapple (OPR-538 1.1)")
        return players


def engine_args(data: dict[str, Any]) -> dict[str, Any]:
    """Keyword arguments for scoring.island.showdown from validated request data."""
    phantom = data.get("phantom_ship") or {}
    bonus = data.get("secondary_bonus") or {}
    variants = list(data["variants"])
    if data.get("secondary_bonus") is not None and "secondary_bonus" not in variants:
        variants.append("secondary_bonus")
    previous = bonus.get("previous")
    return {
        "first_set": data["first_set"],
        "second_set": data["second_set"],
        "turn": data["turn"],
        "river": data["river"],
        "players": [Seat(p["name"], tuple(p["hole"]), p["discarded"]) for p in data["players"]],
        "variants": variants,
        "caller": phantom.get("caller"),
        "called_after_discards": bool(phantom.get("after_discards")),
        "table_size": data.get("table_size"),
        "exchanged": data.get("exchanged"),
        "bonus_previous": Category.from_slug(previous) if previous else None,
    }


def entered(data: dict[str, Any]) -> dict[str, Any]:
    """The request as the case log keeps it (cards in canonical text)."""
    phantom = data.get("phantom_ship") or {}
    bonus = data.get("secondary_bonus") or {}
    return {
        **{key: " ".join(map(str, data[key])) for key in BOARD_KEYS},
        "variants": list(data["variants"]),
        "players": [
            {"name": p["name"], "hole": " ".join(map(str, p["hole"])), "discarded": p["discarded"]}
            for p in data["players"]
        ],
        "caller": phantom.get("caller"),
        "after_discards": bool(phantom.get("after_discards")),
        "table_size": data.get("table_size"),
        "exchanged": data.get("exchanged"),
        "bonus_previous": bonus.get("previous"),
    }


class IslandShowdownApi(APIView):
    """Referee an Island Pineapple showdown: best hands on the four boards, winners, rulings."""

    @extend_schema(
        request=ShowdownSerializer,
        responses={200: OpenApiResponse(description="The showdown"), 400: OpenApiResponse(
            description='{"errors": {FIELD: [MESSAGE]}}')},
    )  # fmt: skip
    def post(self, request: Request) -> Response:
        data = validated(ShowdownSerializer, request.data)
        outcome = showdown(**engine_args(data))
        return Response(recorded_answer("island", entered(data), outcome))
