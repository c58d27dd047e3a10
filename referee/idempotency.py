"""Idempotent writes: a write sent again under the same key is answered, not done, again.

A client that sends a write (POST, PUT, PATCH, DELETE) with an ``Idempotency-Key`` header, or
a page's form with an ``idempotency_key`` field (``{% idempotency_field %}`` renders one with a
fresh key), and then retries it after a timeout, a 5xx or a dropped connection gets the first
answer again (same status, same body, ``Idempotent-Replayed: true``) and nothing is stored
twice. A key is 8 to 100 printable ASCII characters, no spaces (``[!-~]``); it belongs to the
client (its address as the rate limiter counts it: IPv4, or an IPv6 /64), the method and the
path, and is kept for REFEREE_IDEMPOTENCY_HOURS (24). The same key with a different request
(body, content type, X-Edit-Key or htmx) answers 422 under /api/. A page's form sent again with
other values is the browser's Back on an old form, not a retry: it is served as a new request.

How two copies of one write cannot both be done, on PostgreSQL and SQLite alike: the key's row
and the write commit in one transaction, and the row is inserted first.

    copy A                                  copy B (same key, at the same moment)
    BEGIN; INSERT key row                   BEGIN; INSERT key row -> waits on the unique
    the view: INSERT case, hand ...                index (PostgreSQL), or on BEGIN itself
    UPDATE key row SET answer               (SQLite: an IMMEDIATE transaction takes the
    COMMIT                                   write lock)
                                            -> unique violation: read A's row, replay it

If A fails instead (an answer of 400 or more, or an exception), its transaction is rolled back,
key row and all: nothing was done, so B (or a later retry) runs as if first. Only answers below
400 are kept; a refusal changes nothing and is simply given again.

The row holds no secret in the clear: it is found by an HMAC of the client, method, path and
key (a path may hold a match's edit key), and the stored answer (an edit key is in the answer
that creates a match) is encrypted with a stream from SHAKE-256 over another HMAC of the same,
so only a request carrying the key can read it back.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import re
import secrets
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, models, transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import timezone

from referee.logs import hide_edit_keys
from referee.ratelimit import WRITE_METHODS, request_client

HEADER = "Idempotency-Key"
FIELD = "idempotency_key"  # a page form's hidden field
REPLAYED = "Idempotent-Replayed"
KEY_FORMAT = re.compile(r"[!-~]{8,100}")
ACCEPTED = "8 to 100 printable ASCII characters, without spaces"
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")
PURGE_ONE_IN = 100  # a new key purges the expired ones once in this many, on average

log = logging.getLogger(__name__)


class IdempotencyKey(models.Model):
    """A write's answer, kept under its client's idempotency key to answer its retries."""

    digest = models.CharField(
        max_length=64, unique=True, help_text="HMAC of the client, method, path and key"
    )
    request = models.CharField(max_length=64, help_text="SHA-256 of what was asked")
    status = models.PositiveSmallIntegerField(default=0)
    content_type = models.CharField(max_length=200, blank=True)
    answer = models.BinaryField(default=b"", help_text="Headers and body, encrypted")
    created = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        app_label = "referee"

    def __str__(self) -> str:
        return f"idempotency key {self.digest[:12]}… ({self.status})"


def lifetime() -> timedelta:
    return timedelta(hours=settings.REFEREE_IDEMPOTENCY_HOURS)


def purge() -> int:
    """Forget the keys older than their lifetime; give how many."""
    deleted, _ = IdempotencyKey.objects.filter(created__lt=timezone.now() - lifetime()).delete()
    return deleted


# --- Finding and sealing a key's row ---


def _hmac(purpose: bytes, scope: bytes) -> bytes:
    secret = settings.SECRET_KEY.encode()
    return hmac.new(secret, purpose + b"\0" + scope, hashlib.sha256).digest()


def _seal(data: bytes, scope: bytes) -> bytes:
    """Encrypt (or decrypt: it is its own inverse) with this scope's stream."""
    if not data:
        return data
    stream = hashlib.shake_256(_hmac(b"answer", scope)).digest(len(data))
    return (int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")).to_bytes(len(data), "big")


def _scope(request: HttpRequest, key: str) -> bytes:
    parts = (request_client(request), request.method or "", request.path, key)
    return "\0".join(parts).encode("utf-8", "surrogatepass")


def _fingerprint(request: HttpRequest, form: bool) -> str:
    """What was asked, beyond the key: the body (a form's fields but its tokens), its type,
    the query, the edit key header and whether htmx sent it."""
    content_type = request.content_type or ""
    if form:
        fields = sorted(
            (name, request.POST.getlist(name))
            for name in request.POST
            if name not in (FIELD, "csrfmiddlewaretoken")
        )
        body = json.dumps(fields).encode()
    else:
        body = request.body
    asked = hashlib.sha256()
    for part in (
        content_type,
        request.META.get("QUERY_STRING", ""),
        request.headers.get("X-Edit-Key", ""),
        request.headers.get("HX-Request", ""),
    ):
        asked.update(hashlib.sha256(part.encode("utf-8", "surrogatepass")).digest())
    asked.update(body)
    return asked.hexdigest()


# --- The middleware ---


class IdempotencyMiddleware:
    """Answer a write's retries with its first answer (module docstring)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method not in WRITE_METHODS:
            return self.get_response(request)
        key = request.headers.get(HEADER)
        form = key is None and request.content_type in FORM_TYPES
        if form:
            key = request.POST.get(FIELD)
        if key is None:
            return self.get_response(request)
        if not KEY_FORMAT.fullmatch(key):
            return refusal(request, 400, f"An {HEADER} is {ACCEPTED}.")
        # Read the body before the transaction: a slow client must not hold the database.
        asked = _fingerprint(request, form)
        scope = _scope(request, key)
        digest = _hmac(b"key", scope).hex()
        with transaction.atomic():
            stored = claim(digest, asked)
            if stored is None:  # the first of its copies: do it, and keep its answer
                response = self.get_response(request)
                if response.status_code >= 400:
                    # Nothing was done: undo the key too, so that a retry runs afresh.
                    transaction.set_rollback(True)
                elif response.streaming:  # done, but its answer cannot be kept
                    IdempotencyKey.objects.filter(digest=digest).delete()
                else:
                    keep(digest, response, scope)
                return response
            if stored.request == asked:
                log.info("Replayed the answer to %s %s", request.method, _path(request))
                return replay(stored, scope)
            if not form:
                return refusal(
                    request,
                    422,
                    f"This {HEADER} was sent with a different request in the last "
                    f"{settings.REFEREE_IDEMPOTENCY_HOURS} hours: send a new key with a "
                    "new request.",
                )
        # An old page's form sent with new values (Back, then a change): a new request.
        return self.get_response(request)


def claim(digest: str, asked: str) -> IdempotencyKey | None:
    """Insert the key's row (None: this request goes first), or give the row already there.

    The insert waits on the unique index while another transaction holds the same key.
    """
    for _ in range(2):
        try:
            with transaction.atomic():  # a savepoint: a duplicate leaves ours usable
                IdempotencyKey.objects.create(digest=digest, request=asked)
        except IntegrityError:
            stored = IdempotencyKey.objects.filter(digest=digest).first()
            if stored is None:  # purged in between: try again
                continue
            if stored.created >= timezone.now() - lifetime():
                return stored
            stored.delete()  # expired: the key is free
        else:
            if secrets.randbelow(PURGE_ONE_IN) == 0:
                # After the commit, and a failure there must not fail the answer.
                transaction.on_commit(purge, robust=True)
            return None
    return None


def keep(digest: str, response: HttpResponse, scope: bytes) -> None:
    """Store the answer as it was sent: status, content type, headers, body."""
    headers = [[name, value] for name, value in response.items() if name.lower() != "content-type"]
    sealed = _seal(json.dumps(headers).encode() + b"\0" + response.content, scope)
    IdempotencyKey.objects.filter(digest=digest).update(
        status=response.status_code,
        content_type=response.get("Content-Type", ""),
        answer=sealed,
    )


def replay(stored: IdempotencyKey, scope: bytes) -> HttpResponse:
    """The stored answer again, marked as a replay."""
    headers, _, body = _seal(bytes(stored.answer), scope).partition(b"\0")
    response = HttpResponse(body, status=stored.status, content_type=stored.content_type)
    for name, value in json.loads(headers):
        response[name] = value
    response[REPLAYED] = "true"
    return response


def refusal(request: HttpRequest, status: int, message: str) -> HttpResponse:
    """A refusal at the key: JSON by field under /api/, a line of text on a page."""
    if request.path.startswith("/api/"):
        return JsonResponse({"errors": {HEADER: [message]}}, status=status)
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


def _path(request: HttpRequest) -> str:
    return hide_edit_keys(request.path)


# --- The OpenAPI schema (drf-spectacular postprocessing hook) ---

_ERRORS = {"application/json": {"schema": {"type": "object", "additionalProperties": {}}}}


def _parameter() -> dict[str, Any]:
    hours = settings.REFEREE_IDEMPOTENCY_HOURS
    return {
        "in": "header",
        "name": HEADER,
        "required": False,
        "schema": {"type": "string", "minLength": 8, "maxLength": 100, "pattern": "^[!-~]+$"},
        "description": (
            f"{ACCEPTED}. Sent again with the same request, from the same client to the same "
            f"path within {hours} hours, the key gets the first answer again (with "
            f"`{REPLAYED}: true`) instead of a second write; with a different request, 422."
        ),
    }


def document_idempotency(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """Give every write under /api/ the Idempotency-Key header and its 400 and 422 answers."""
    for path, operations in result.get("paths", {}).items():
        if not path.startswith("/api/"):
            continue
        for method, operation in operations.items():
            if method.upper() not in WRITE_METHODS:
                continue
            operation.setdefault("parameters", []).append(_parameter())
            responses = operation.setdefault("responses", {})
            responses.setdefault("400", {"content": _ERRORS, "description": "Errors by field"})
            responses["422"] = {
                "content": _ERRORS,
                "description": f'{{"errors": {{"{HEADER}": [...]}}}}: the key was sent with a '
                "different request",
            }
    return result
