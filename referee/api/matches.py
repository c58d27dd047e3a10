"""API for OFC matches: create one, add and void hands with the edit key, read the standings."""

from __future__ import annotations

from typing import Any

from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, PermissionDenied, ValidationError
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from referee import devices, matches, tables
from referee.cases import ruling_links
from referee.fields import PlainTextField, WholeNumberField
from referee.games import match_hand
from referee.house_rules import RulesetField
from referee.models import JoinCode, Match
from referee.origins import cross_site
from referee.schema import (
    LENGTH_RULE,
    MATCH_NOT_IN_THE_SCHEMA,
    ShapedJSONField,
    match_length_schema,
    name_schema,
)
from referee.tables import Role
from referee.validation import validated
from scoring.match import LENGTH_KINDS, MatchFinished, Standings

KEY_HEADER = "X-Edit-Key"
MOST_CENTS = 1_000_000  # ten thousand a point: a typing slip beyond it
PAGE = 50  # hands in a page of the history
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
        raise NotFound(str(error)) from None


def authorise(request: Request, match: Match) -> Role:
    """Refuse (403) a change made without the editing: the edit key, or an editor's cookie."""
    role = role_for(request, match)
    if not role.editor:
        raise PermissionDenied(
            _("Send this match's edit key in the %(header)s header.") % {"header": KEY_HEADER}
        )
    return role


def role_for(request: Request, match: Match) -> Role:
    """What the caller holds: the edit key gives the editing; else the phone's cookie says.

    A change the cookie authorises must come from this site's pages, as Django's form posts
    must (referee/origins.py); the edit key in its header works from any client.
    """
    if match.key_matches(request.headers.get(KEY_HEADER, "")):
        return Role(editor=True)
    role = tables.role_of(request, match)
    if not role.anyone and request.method not in SAFE_METHODS and cross_site(request):
        raise PermissionDenied(
            _(
                "This phone's seat only works from this site's own pages: send the change "
                "from there, or send the match's edit key in the %(header)s header."
            )
            % {"header": KEY_HEADER}
        )
    return role


def standings_body(match: Match, current: Standings) -> dict[str, Any]:
    """The standings in the API's shape, with the links to the match."""
    body = current.as_dict()
    body["rulings"] = ruling_links(current.rulings)
    return {"id": str(match.id), "url": match.get_absolute_url(), **body}


class MatchCreateSerializer(serializers.Serializer[Any]):
    """Shape only; the rules of a match (seats, dealer, length) are checked by scoring.match."""

    ruleset = RulesetField()
    players = serializers.ListField(
        child=ShapedJSONField(schema=name_schema()),
        max_length=10,
        help_text="The players' names in seat order",
    )
    dealer = ShapedJSONField(
        schema={"type": "string", "example": "Ann"},
        help_text="The first dealer: one of the players' names",
    )
    hands = ShapedJSONField(schema=match_length_schema("hands"), required=False)
    rounds = ShapedJSONField(schema=match_length_schema("rounds"), required=False)
    target = ShapedJSONField(schema=match_length_schema("target"), required=False)
    point_value = WholeNumberField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=MOST_CENTS,
        help_text="What a point is worth, in cents (a whole number); leave out for points only",
    )
    currency = PlainTextField(required=False, allow_blank=True, max_length=8, default="")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        given = [kind for kind in LENGTH_KINDS if kind in attrs]
        if len(given) != 1:
            raise ValidationError(
                {"length": [_('give the length as exactly one of "hands", "rounds" or "target"')]}
            )
        attrs["kind"], attrs["value"] = given[0], attrs[given[0]]
        return attrs


class MatchesApi(APIView):
    """POST /api/matches/: create a match; the answer holds its edit key, shown only here."""

    @extend_schema(
        request=MatchCreateSerializer,
        description=f"Create a match.\n\n{LENGTH_RULE} {MATCH_NOT_IN_THE_SCHEMA}",
        responses=_answers(s201="The match, its links and its edit key", s400="Errors by field"),
    )
    def post(self, request: Request) -> Response:
        data = validated(MatchCreateSerializer, request.data)
        match, key = matches.create_match(
            data["ruleset"],
            data["players"],
            data["dealer"],
            data["kind"],
            data["value"],
            data.get("point_value"),
            data["currency"].strip(),
        )
        codes = tables.issue_all(match)
        body = standings_body(match, matches.standings_of(match, []))
        body["edit_key"] = key  # for tools, in the X-Edit-Key header; only here, only now
        body["seats"] = [
            {
                "name": name,
                "join_code": codes[seat].code,
                "join_url": tables.join_url(request, codes[seat]),
            }
            for seat, name in enumerate(match.players)
        ]
        body["editor_join_url"] = tables.join_url(request, codes[JoinCode.EDITOR])
        body["edit_url"] = body["editor_join_url"]  # a single-use link: no key in any URL
        response = Response(body, status=status.HTTP_201_CREATED)
        add_never_cache_headers(response)  # the edit key and the codes: kept by no cache
        return response


class MatchApi(APIView):
    """GET /api/matches/<id>/: the standings and the hand history (no key needed)."""

    @extend_schema(
        parameters=[
            OpenApiParameter("page", int, description=f"{PAGE} hands a page, newest first")
        ],
        responses=_answers(s200="Standings and a page of the hands", s404="No such match"),
    )
    def get(self, request: Request, match_id: str) -> Response:
        match = load(match_id)
        hands = matches.hands_of(match)
        body = standings_body(match, matches.standings_of(match, hands))
        asked = request.query_params.get("page", "1")
        page = int(asked) if asked.isdigit() and 0 < len(asked) < 6 and int(asked) else 1
        rows = matches.hand_rows(match, hands)
        body["hands"] = rows[(page - 1) * PAGE : page * PAGE]
        more = len(rows) > page * PAGE
        body["hands_next"] = f"{request.path}?page={page + 1}" if more else None
        return Response(body)


class MatchHandsApi(APIView):
    """GET /api/matches/<id>/hands/: every hand and player (the export); POST: add a hand."""

    @extend_schema(responses=_answers(s200="Every hand and player", s404="No such match"))
    def get(self, request: Request, match_id: str) -> Response:
        match = load(match_id)
        site = request.build_absolute_uri("/")[:-1]
        rows = [dict(zip(matches.EXPORT_COLUMNS, line, strict=True))
                for line in matches.export_lines(match, site)]  # fmt: skip
        return Response({"id": str(match.id), "hands": rows})

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
        try:
            with matches.locked(match_id) as table:  # the match's row, read once
                authorise(request, table.match)
                added = match_hand.add_hand(request.data, table, devices.maker(request))
        except matches.MatchNotFound as error:
            raise NotFound(str(error)) from None
        except MatchFinished as error:
            return finished(error)
        return devices.keep(request, Response(hand_body(added), status=status.HTTP_201_CREATED))


def hand_body(added: matches.HandAdded) -> dict[str, Any]:
    """A scored hand as the API answers it: its scores, the totals, what comes next."""
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
        "fantasyland": current.fantasyland_dict(),
        "result": {**added.result, "rulings": ruling_links(added.table.rulings)},
    }
    return body


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
            raise NotFound(str(error)) from None
        body = standings_body(match, current)
        body["hands"] = matches.hand_rows(match)
        return Response(body)


class MatchBoardsApi(APIView):
    """POST /api/matches/<id>/boards/: one seat's board for the next hand.

    A seat's cookie sends its own seat's board; the edit key (or an editor's cookie) any seat's.
    202 while the hand waits for other boards; 201 with the scored hand once every seat's is in.
    """

    @extend_schema(
        request=match_hand.SeatBoardSerializer,
        parameters=[OpenApiParameter(KEY_HEADER, str, OpenApiParameter.HEADER, required=False)],
        responses=_answers(
            s201="The scored hand, as POST .../hands/ answers it",
            s202="The board is in; the hand waits for the seats named",
            s400="Errors by field",
            s403="This caller holds neither that seat nor the editing",
            s404="No such match",
            s409="The match is over",
        ),
    )
    def post(self, request: Request, match_id: str) -> Response:
        match = load(match_id)
        role = role_for(request, match)
        if role.anyone:
            raise PermissionDenied(
                _("Join the match with a seat's code, or send the edit key in %(header)s.")
                % {"header": KEY_HEADER}
            )
        try:
            taken = match_hand.submit_board(request.data, match, role, devices.maker(request))
        except MatchFinished as error:
            return finished(error)
        if taken.added is not None:  # the last board: its case is this device's
            answer = Response(hand_body(taken.added), status=status.HTTP_201_CREATED)
            return devices.keep(request, answer)
        sent = [name for name in match.players if name not in taken.waiting]
        body = {"hand": taken.hand, "submitted": sent, "waiting": list(taken.waiting)}
        return Response(body, status=status.HTTP_202_ACCEPTED)


class MatchSettlementApi(APIView):
    """GET /api/matches/<id>/settlement/: each player's net in cents, and who pays whom."""

    @extend_schema(responses=_answers(s200="Nets and the fewest transfers", s404="No such match"))
    def get(self, request: Request, match_id: str) -> Response:
        match = load(match_id)
        totals = dict(matches.standings_of(match).totals)
        settled = matches.money(match, totals)
        return Response(
            {
                "point_value": match.cents_per_point,
                "currency": match.currency,
                "net": settled["net"] if settled else dict.fromkeys(totals, 0),
                "transfers": settled["transfers"] if settled else [],
            }
        )
