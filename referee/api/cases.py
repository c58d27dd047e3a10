"""API for the case log: one case as it was decided."""

from __future__ import annotations

import uuid
from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from referee import devices
from referee.cases import ruling_links
from referee.models import Case, RefusedCase
from referee.offline import OFFLINE_GAMES
from referee.offline_cases import settled
from referee.validation import validated
from referee.views.cases import without_match

NOT_FOUND = OpenApiResponse(OpenApiTypes.OBJECT, description='{"errors": {FIELD: [MESSAGE]}}')


class RulingSerializer(serializers.Serializer):
    citation = serializers.CharField()
    subject = serializers.CharField()
    text = serializers.CharField()
    interpretation = serializers.CharField(allow_null=True)
    url = serializers.CharField()
    interpretation_url = serializers.CharField(required=False)


class CaseSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    game = serializers.CharField()
    entered = serializers.JSONField()
    schema = serializers.IntegerField(help_text="The shape of entered: 2 is the API's own body")
    result = serializers.JSONField()
    rulings = RulingSerializer(many=True)
    created = serializers.DateTimeField()
    url = serializers.CharField()


class OfflineCaseSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=OFFLINE_GAMES, help_text="The game's key, e.g. ofc")
    body = serializers.DictField(help_text="The body the game's own API takes")
    answer = serializers.DictField(help_text="The phone's answer, as the game's API answers")


REFUSED_OFFLINE = OpenApiResponse(
    OpenApiTypes.OBJECT,
    description='{"errors": {FIELD: [MESSAGE]}}: the server refused the case or answered it '
    'otherwise ("answer"); kept under the id as refused',
)


class CaseApi(APIView):
    """GET /api/cases/<id>/: the game, the input as entered, the result and the linked rulings.

    PUT /api/cases/<id>/: a case made on a phone with no connection, under the id the phone
    gave it (``referee.offline_cases``)."""

    @extend_schema(operation_id="case", responses={200: CaseSerializer, 404: NOT_FOUND})
    def get(self, request: Request, case_id: str) -> Response:
        case = Case.objects.filter(pk=case_uuid(case_id)).first()
        if case is None:
            raise NotFound(_("No such case."))
        return Response(case_answer(case))

    @extend_schema(
        operation_id="case_made_offline",
        request=OfflineCaseSerializer,
        responses={201: CaseSerializer, 200: CaseSerializer, 409: REFUSED_OFFLINE,
                   400: NOT_FOUND, 404: NOT_FOUND},
    )  # fmt: skip
    def put(self, request: Request, case_id: str) -> Response:
        sent = validated(OfflineCaseSerializer, request.data)
        found, made = settled(
            case_uuid(case_id), sent["game"], sent["body"], sent["answer"], devices.maker(request)
        )
        if isinstance(found, RefusedCase):
            answer = Response({"errors": found.errors}, status=409)
        else:
            answer = Response(case_answer(found), status=201 if made else 200)
        return devices.keep(request, answer)  # the device's cookie, if this made its first


def case_uuid(case_id: str) -> uuid.UUID:
    try:
        return uuid.UUID(case_id)
    except ValueError as error:
        raise NotFound(_("No such case.")) from error


def case_answer(case: Case) -> dict[str, Any]:
    # The stored values go out as they are: a case reads the same every time.
    return {
        "id": str(case.id),
        "game": case.game,
        "entered": without_match(case.entered),
        "schema": case.schema,
        "result": without_match(case.result),
        "rulings": ruling_links(case.rulings),
        "created": case.created.isoformat(),
        "url": case.get_absolute_url(),
    }
