"""One place that turns errors into the API's `400 {"errors": {FIELD: [MESSAGE]}}` answers."""

from typing import Any

from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from scoring.cards import CardError


def _flatten(detail: Any, prefix: str = "") -> dict[str, list[str]]:
    """Turn DRF's nested error detail into dotted field paths: `players.1.middle`."""
    if isinstance(detail, dict):
        out: dict[str, list[str]] = {}
        for key, value in detail.items():
            name = "non_field_errors" if key in ("non_field_errors",) and not prefix else str(key)
            out.update(_flatten(value, f"{prefix}.{name}" if prefix else name))
        return out
    if isinstance(detail, list) and any(isinstance(item, dict | list) for item in detail):
        out = {}
        for index, value in enumerate(detail):
            if value:
                out.update(_flatten(value, f"{prefix}.{index}" if prefix else str(index)))
        return out
    messages = detail if isinstance(detail, list) else [detail]
    return {prefix or "non_field_errors": [str(message) for message in messages]}


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Answer validation and card errors as 400 with errors by field; the rest as DRF does."""
    if isinstance(exc, CardError):  # the engines' refusals, each at the place it concerns
        exc = ValidationError(exc.errors)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, ValidationError):
        return Response({"errors": _flatten(exc.detail)}, status=status.HTTP_400_BAD_REQUEST)
    detail = response.data.get("detail", response.data) if isinstance(response.data, dict) else ""
    response.data = {"errors": {"non_field_errors": [str(detail)]}}
    return response
