"""Request bodies sent in chunks (Transfer-Encoding: chunked, no Content-Length).

Django reads a body only up to its Content-Length, so a chunked body would arrive empty and be
refused with a message about the wrong thing. gunicorn decodes the chunks and marks its input
as ending where the body ends (``wsgi.input_terminated``); there this wrapper reads the body, up
to DATA_UPLOAD_MAX_MEMORY_SIZE, and hands it on with its length. A larger body answers 413, as
it would with a Content-Length. A server that does not mark its input (Django's development
server) cannot say where the body ends: there a chunked body answers 411, asking for a
Content-Length.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterable
from typing import Any

from django.conf import settings
from django.http.cookie import parse_cookie
from django.utils import translation
from django.utils.translation import gettext, trans_real

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class ChunkedBodies:
    """WSGI middleware: give Django a chunked body with its length, or refuse it clearly."""

    def __init__(self, app: WSGIApp) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        if chunked and not environ.get("CONTENT_LENGTH"):
            if not environ.get("wsgi.input_terminated"):
                return refuse(
                    environ,
                    start_response,
                    "411 Length Required",
                    _in_language(
                        environ,
                        lambda: gettext(
                            "This server cannot read a chunked body: send it with a Content-Length."
                        ),
                    ),
                )
            limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
            body = environ["wsgi.input"].read(limit + 1)
            if len(body) > limit:
                return refuse(
                    environ,
                    start_response,
                    "413 Request Entity Too Large",
                    _in_language(
                        environ,
                        lambda: (
                            gettext("The request is larger than %(size)d KB.")
                            % {"size": limit // 1024}
                        ),
                    ),
                )
            environ["wsgi.input"] = io.BytesIO(body)
            environ["CONTENT_LENGTH"] = str(len(body))
        return self.app(environ, start_response)


def _in_language(environ: dict[str, Any], words: Callable[[], str]) -> str:
    """A message in the reader's language: the switch's cookie, else the browser's; this runs
    before Django's LocaleMiddleware has chosen one."""
    asked = [parse_cookie(environ.get("HTTP_COOKIE", "")).get(settings.LANGUAGE_COOKIE_NAME)]
    header = environ.get("HTTP_ACCEPT_LANGUAGE", "")
    asked += [code for code, _ in trans_real.parse_accept_lang_header(header) if code != "*"]
    language = settings.LANGUAGE_CODE
    for code in asked:
        try:
            language = translation.get_supported_language_variant(code or "")
            break
        except LookupError:
            continue
    with translation.override(language):
        return words()


def refuse(
    environ: dict[str, Any], start_response: Callable[..., Any], status: str, message: str
) -> list[bytes]:
    """The refusal in the app's shapes: JSON under /api/, a line of text elsewhere."""
    if environ.get("PATH_INFO", "").startswith("/api/"):
        body = json.dumps({"errors": {"non_field_errors": [message]}}).encode()
        content_type = "application/json"
    else:
        body, content_type = message.encode(), "text/plain; charset=utf-8"
    start_response(status, [("Content-Type", content_type), ("Content-Length", str(len(body)))])
    return [body]
