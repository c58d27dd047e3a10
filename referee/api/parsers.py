"""The API's JSON parser: refuses bodies too large or too deeply nested, with a clear answer."""

from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework import status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import JSONParser


class BodyTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "too_large"


class JsonParser(JSONParser):
    """JSON only, at most DATA_UPLOAD_MAX_MEMORY_SIZE bytes, nested no deeper than Python allows."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        request = (parser_context or {}).get("request")
        declared = request.META.get("CONTENT_LENGTH") if request is not None else None
        if declared and str(declared).isdigit() and int(declared) > limit:
            raise BodyTooLarge(
                _("The body is larger than %(size)d KB; send less.") % {"size": limit // 1024}
            )
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError as error:
            raise ParseError(_("JSON parse error - the JSON is nested too deeply.")) from error
