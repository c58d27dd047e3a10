"""API for the case log: one case as it was decided."""

from __future__ import annotations

import uuid

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from referee.cases import ruling_links
from referee.models import Case
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


class CaseApi(APIView):
    """GET /api/cases/<id>/: the game, the input as entered, the result and the linked rulings."""

    @extend_schema(operation_id="case", responses={200: CaseSerializer, 404: NOT_FOUND})
    def get(self, request: Request, case_id: str) -> Response:
        try:
            case = Case.objects.filter(pk=uuid.UUID(case_id)).first()
        except ValueError:
            case = None
        if case is None:
            raise NotFound(_("No such case."))
        # The stored values go out as they are: a case reads the same every time.
        return Response(
            {
                "id": str(case.id),
                "game": case.game,
                "entered": without_match(case.entered),
                "schema": case.schema,
                "result": without_match(case.result),
                "rulings": ruling_links(case.rulings),
                "created": case.created.isoformat(),
                "url": case.get_absolute_url(),
            }
        )
