"""API for OFC matches: create one, add and void hands with the edit key, read the standings."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, PermissionDenied, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from referee import matches
from referee.api.validation import validated
from referee.cases import ruling_links
from referee.games import match_hand
from referee.models import Match
from scoring.match import LENGTH_KINDS, MATCH_RULES, MatchFinished, Standings

KEY_HEADER = "X-Edit-Key"
KEY_PARAMETER = OpenApiParameter(
    KEY_HEADER, str, OpenApiParameter.HEADER, required=True, description="The edit key"
)


def _answers(**codes: str) -> dict[int, OpenApiResponse]:
    return {
        int(code.removeprefix("s")): OpenApiResponse(OpenApiTypes.OBJECT, description=text)
        for code, text in codes.items()
    }


def finished(error: MatchFinished) -> Response:
    return Response({"errors": {"match": [str(error)]}}, status=status.HTTP_409_CONFLICT)


def load(match_id: str) -> Match:
    """The match, or the API's 404 for an unknown or malformed id."""
    try:
        return matches.find_match(match_id)
    except matches.MatchNotFound as error:
        raise NotFound(str(error).capitalize() + ".") from None


def authorise(request: Request, match: Match) -> None:
    """Refuse (403) a change made without this match's edit key."""
    if not match.key_matches(request.headers.get(KEY_HEADER, "")):
        raise PermissionDenied(f"Send this match's edit key in the {KEY_HEADER} header.")


def standings_body(match: Match, current: Standings) -> dict[str, Any]:
    """The standings in the API's shape, with the links to the match."""
    body = current.as_dict()
    body["rulings"] = ruling_links(current.rulings)
    return {"id": str(match.id), "url": match.get_absolute_url(), **body}


class MatchCreateSerializer(serializers.Serializer[Any]):
    """Shape only; the rules of a match (seats, dealer, length) are checked by scoring.match."""

    ruleset = serializers.ChoiceField(choices=list(MATCH_RULES))
    players = serializers.ListField(child=serializers.JSONField(), max_length=10)
    dealer = serializers.JSONField()
    hands = serializers.JSONField(required=False)
    rounds = serializers.JSONField(required=False)
    target = serializers.JSONField(required=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        given = [kind for kind in LENGTH_KINDS if kind in attrs]
        if len(given) != 1:
            raise ValidationError(
                {"length": ['give the length as exactly one of "hands", "rounds" or "target"']}
            )
        attrs["kind"], attrs["value"] = given[0], attrs[given[0]]
        return attrs


class MatchesApi(APIView):
    """POST /api/matches/: create a match; the answer holds its edit key, shown only here."""

    @extend_schema(
        request=MatchCreateSerializer,
        responses=_answers(s201="The match, its links and its edit key", s400="Errors by field"),
    )
    def post(self, request: Request) -> Response:
        data = validated(MatchCreateSerializer, request.data)
        match, key = matches.create_match(
            data["ruleset"], data["players"], data["dealer"], data["kind"], data["value"]
        )
        body = standings_body(match, matches.standings_of(match, []))
        body["edit_key"] = key
        body["edit_url"] = edit_url(match, key)
        return Response(body, status=status.HTTP_201_CREATED)


def edit_url(match: Match, key: str) -> str:
    """The edit page's link, holding the key."""
    return reverse("match-edit", args=[match.id, key])


class MatchApi(APIView):
    """GET /api/matches/<id>/: the standings and the hand history (no key needed)."""

    @extend_schema(responses=_answers(s200="Standings and hands", s404="No such match"))
    def get(self, request: Request, match_id: str) -> Response:
        match = load(match_id)
        hands = matches.hands_of(match)
        body = standings_body(match, matches.standings_of(match, hands))
        body["hands"] = matches.hand_rows(match, hands)
        return Response(body)


class MatchHandsApi(APIView):
    """POST /api/matches/<id>/hands/: score a hand (the OFC body's players) and add it."""

    @extend_schema(
        request=match_hand.HandSerializer,
        parameters=[KEY_PARAMETER],
        responses=_answers(
            s201="The hand's scores, the totals, the next dealer and the end",
            s400="Errors by field",
            s403="Missing or wrong edit key",
            s404="No such match",
            s409="The match is over",
        ),
    )
    def post(self, request: Request, match_id: str) -> Response:
        match = load(match_id)
        authorise(request, match)
        try:
            added = match_hand.add_hand(request.data, match)
        except MatchFinished as error:
            return finished(error)
        current = added.standings
        body = {
            "hand": added.hand.number,
            "scores": dict(added.hand.scores),
            "totals": dict(current.totals),
            "dealer": current.dealer,
            "finished": current.finished,
            "winners": list(current.winners),
            "case": added.hand.case.get_absolute_url(),
            "dealt_by": added.hand.dealer,
            "fantasyland": current.as_dict()["fantasyland"],
            "result": {**added.table.as_dict(), "rulings": ruling_links(added.table.rulings)},
        }
        return Response(body, status=status.HTTP_201_CREATED)


class MatchVoidApi(APIView):
    """POST /api/matches/<id>/hands/<n>/void/: mark a hand void (edit key required)."""

    @extend_schema(
        request=None,
        parameters=[KEY_PARAMETER],
        responses=_answers(
            s200="Standings and hands", s403="Missing or wrong edit key", s404="No such hand"
        ),
    )
    def post(self, request: Request, match_id: str, number: int) -> Response:
        match = load(match_id)
        authorise(request, match)
        try:
            current = matches.void_hand(match.id, number)
        except matches.MatchNotFound as error:
            raise NotFound(str(error).capitalize() + ".") from None
        body = standings_body(match, current)
        body["hands"] = matches.hand_rows(match)
        return Response(body)
