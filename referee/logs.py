"""Logging: one line per record, each with its request's id; match edit keys never written.

Every line logged while a request is served carries that request's id, which its answer also
carries in `X-Request-ID`: a sane id from the proxy in front (nginx's `$request_id`, a UUID) is
kept, anything else is replaced by a fresh one. The id is set when Django starts a request and
cleared when the answer has been sent, so Django's own line for a 4xx or 5xx answer, written
after every middleware has returned, has it too.

Paths are logged with the edit key replaced by "…": the loggers that log request paths hide
it in each record (what the test suite sees), and the line format hides it again in whatever
reaches stderr, tracebacks included.
"""

from __future__ import annotations

import logging
import logging.config
import re
import uuid
from collections.abc import Callable
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

from django.core import signals
from django.http import HttpRequest, HttpResponse

# The key is the path segment after /edit/ (matches/<id>/edit/<key>/) or a ?key= parameter;
# a join code, the segment after /join/. The edit page's own actions (codes, money, void) stay.
_KEY = re.compile(r"(/edit/(?!(?:codes|money|void)/)|/join/|[?&]key=)[^/?&#\s\"]+")
REQUEST_ID_HEADER = "X-Request-ID"
# What a proxy's id may look like: nginx's 32 hex digits, a UUID, AWS's "Root=1-…".
_SANE_ID = re.compile(r"[A-Za-z0-9._:=+/-]{8,128}")
NO_REQUEST = "-"

_request_id: ContextVar[str] = ContextVar("request_id", default=NO_REQUEST)


def hide_edit_keys(text: str) -> str:
    """Text with every edit key in it replaced: /matches/3f/edit/…/void/2/."""
    return _KEY.sub(r"\1…", text)


class HideEditKeys(logging.Filter):
    """Rewrites each record of the logger it is on (request lines, 4xx warnings) before any
    handler sees it, the test suite's included."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        hidden = hide_edit_keys(message)
        if hidden != message:
            record.msg, record.args = hidden, ()
        return True


HIDE_EDIT_KEYS = HideEditKeys()  # one, so that configuring twice adds it once


def new_request_id(offered: str | None) -> str:
    """The proxy's id if it is sane, else a fresh one (32 hex digits)."""
    if offered and _SANE_ID.fullmatch(offered):
        return offered
    return uuid.uuid4().hex


def current_request_id() -> str:
    """The id of the request being served, or "-" outside one."""
    return _request_id.get()


def request_started(sender: Any, environ: dict[str, Any] | None = None, **kwargs: Any) -> None:
    """Django began a request: give it its id (connected in apps.py)."""
    _request_id.set(new_request_id((environ or {}).get("HTTP_X_REQUEST_ID")))


def request_finished(sender: Any, **kwargs: Any) -> None:
    """The answer was sent: lines logged from now on belong to no request."""
    _request_id.set(NO_REQUEST)


class RequestIdMiddleware:
    """Put the request's id on the request (``request.id``) and in its answer's header."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request_id = current_request_id()
        if request_id == NO_REQUEST:  # served without Django's request_started (a test's call)
            request_id = new_request_id(request.headers.get(REQUEST_ID_HEADER))
            _request_id.set(request_id)
        request.id = request_id  # type: ignore[attr-defined]
        response = self.get_response(request)
        response[REQUEST_ID_HEADER] = request_id
        return response


class RequestIdFilter(logging.Filter):
    """Give every record the id of the request it was logged in (``%(request_id)s``)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = current_request_id()
        return True


class OneLineFormatter(logging.Formatter):
    """A record as one line: UTC time to the millisecond, a traceback's lines joined by "\\n",
    and no edit key anywhere in it."""

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:  # noqa: N802
        moment = datetime.fromtimestamp(record.created, UTC)
        return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        return hide_edit_keys(text).replace("\r\n", "\\n").replace("\n", "\\n").replace("\r", "\\r")


def configure(settings: dict[str, Any]) -> None:
    """Django's LOGGING_CONFIG: the dictionary, and Python's warnings as records of their own
    (logger "py.warnings"), so a library's warning is a line like any other, not raw text.

    Here too, as logging is set up (Django calls this in ``django.setup()``): each request gets
    its id when Django starts it and loses it once its answer is sent, and the loggers that log
    request paths (the development server's request lines, Django's warning for each 4xx or 5xx
    answer, its CSRF refusals) hide edit keys."""
    logging.config.dictConfig(settings)
    logging.captureWarnings(True)
    signals.request_started.connect(request_started, dispatch_uid="referee-request-id")
    signals.request_finished.connect(request_finished, dispatch_uid="referee-request-id")
    for name in ("django.server", "django.request", "django.security.csrf"):
        logging.getLogger(name).addFilter(HIDE_EDIT_KEYS)
