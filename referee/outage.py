"""A database that is down or read-only answers 503 with Retry-After, not 500.

Django turns any exception raised while serving a request into the answer of the 500 handler
(`views/errors.py`), wherever it was raised: a view, DRF, or a middleware that reads the
database (the rate limiter's count is the first thing a write touches). That handler asks
`unavailable_reason` what the exception means, and answers 503 for an outage. Django logs the
answer with its traceback either way (logger django.request, level ERROR).
"""

from __future__ import annotations

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse

RETRY_AFTER = 5  # seconds: a restart, a failover or a lock wait is usually over by then
READ_ONLY = "25006"  # PostgreSQL's read_only_sql_transaction: a read-only session or standby


def unavailable_reason(error: BaseException | None) -> str | None:
    """ "read-only" or "down" when the error is the database's state, not the code's; else None.

    PostgreSQL names a read-only session, or a standby after a failover, by SQLSTATE 25006;
    SQLite says "attempt to write a readonly database". Refused or lost connections, a
    server shutting down, too many connections or a full disk raise OperationalError (or
    InterfaceError, on a connection already closed). SQLite's OperationalError also names a
    missing table, which is a deploy's mistake, not an outage.
    """
    if error is None:
        return None
    cause = error.__cause__
    if getattr(cause, "sqlstate", None) == READ_ONLY or "readonly database" in str(error):
        return "read-only"
    if isinstance(error, InterfaceError):
        return "down"
    if isinstance(error, OperationalError) and not str(error).startswith("no such "):
        return "down"
    return None


def unavailable(request: HttpRequest, reason: str) -> HttpResponse:
    """503 with Retry-After: JSON under /api/, a line of text elsewhere."""
    message = (
        "The database is read-only for a moment" if reason == "read-only"
        else "The database cannot be reached"
    ) + f"; nothing was saved. Try again in {RETRY_AFTER} seconds."  # fmt: skip
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse(
            {"errors": {"non_field_errors": [message]}}, status=503
        )
    else:
        response = HttpResponse(message, status=503, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(RETRY_AFTER)
    return response
