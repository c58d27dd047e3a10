"""One place that turns errors into the API's `400 {"errors": {FIELD: [MESSAGE]}}` answers."""

from typing import Any

from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from referee.games.base import errors_by_path
from referee.messages import localized_errors
from scoring.errors import InputError


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Answer validation and engine errors as 400 with errors by field; the rest as DRF does."""
    if isinstance(exc, InputError):  # an engine's refusal, each message at its place
        exc = ValidationError(localized_errors(exc))
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, ValidationError):
        return Response({"errors": errors_by_path(exc.detail)}, status=status.HTTP_400_BAD_REQUEST)
    detail = response.data.get("detail", response.data) if isinstance(response.data, dict) else ""
    response.data = {"errors": {"non_field_errors": [str(detail)]}}
    return response
