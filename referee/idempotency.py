"""Idempotent writes: a write sent again under the same key is answered, not done, again.

A client that sends a write (POST, PUT, PATCH, DELETE) with an ``Idempotency-Key`` header, or
a page's form with an ``idempotency_key`` field (``{% idempotency_field %}`` renders one with a
fresh key), and then retries it after a timeout, a 5xx or a dropped connection gets the first
answer again (same status, same body, ``Idempotent-Replayed: true``) and nothing is stored
twice. A key is 8 to 100 printable ASCII characters, no spaces (``[!-~]``); it belongs to the
method, the path and, under a match, the seat or editing this phone's cookie holds there, not to
the client's address (a phone that moves from Wi-Fi to cellular retries from a new one), and is
kept for REFEREE_IDEMPOTENCY_HOURS (24). The same key with a different request
(body, content type, X-Edit-Key or htmx) answers 422 under /api/. A page's form sent again with
other values is the browser's Back on an old form, not a retry: it is served as a new request.

How two copies of one write cannot both be done, on PostgreSQL and SQLite alike: the key's row
and the write commit in one transaction, and the row is inserted first.

    copy A                                  copy B (same key, at the same moment)
    BEGIN; INSERT key row                   BEGIN; INSERT key row ON CONFLICT DO NOTHING
    the view: INSERT case, hand ...                -> waits on the unique index (PostgreSQL),
    UPDATE key row SET answer                      or on BEGIN itself (SQLite: an IMMEDIATE
    COMMIT                                         transaction takes the write lock)
                                            -> nothing inserted: read A's row, replay it

If A fails instead (an answer of 400 or more, or an exception), its transaction is rolled back,
key row and all: nothing was done, so B (or a later retry) runs as if first. Only answers below
400 are kept; a refusal changes nothing and is simply given again.

The row holds no secret in the clear: it is found by an HMAC of the method, path, seat and key
(a path may hold a match's edit key), and the stored answer (an edit key is in the answer that
creates a match) is sealed with AES-GCM under another HMAC of the same, so only a request
carrying the key can read it back, and a changed row fails to open instead of being replayed.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import re
import secrets
from collections.abc import Callable
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from django.conf import settings
from django.db import connection, transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import timezone

from referee.logs import hide_edit_keys
from referee.models import IdempotencyKey
from referee.ratelimit import WRITE_METHODS
from referee.tables import role_from_cookie

HEADER = "Idempotency-Key"
FIELD = "idempotency_key"  # a page form's hidden field
REPLAYED = "Idempotent-Replayed"
KEY_FORMAT = re.compile(r"[!-~]{8,100}")
ACCEPTED = "8 to 100 printable ASCII characters, without spaces"
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")
PURGE_ONE_IN = 100  # a new key purges the expired ones once in this many, on average

log = logging.getLogger(__name__)


# --- Finding and sealing a key's row ---


def _hmac(purpose: bytes, scope: bytes) -> bytes:
    secret = settings.SECRET_KEY.encode()
    return hmac.new(secret, purpose + b"\0" + scope, hashlib.sha256).digest()


NONCE = 12  # bytes: AES-GCM's standard nonce, random for each answer sealed


def _seal(data: bytes, scope: bytes) -> bytes:
    """The answer encrypted and authenticated under this scope's key, its nonce first."""
    nonce = secrets.token_bytes(NONCE)
    return nonce + AESGCM(_hmac(b"answer", scope)).encrypt(nonce, data, None)


def _open(sealed: bytes, scope: bytes) -> bytes | None:
    """The sealed answer, or None when it does not open under this scope's key."""
    try:
        return AESGCM(_hmac(b"answer", scope)).decrypt(sealed[:NONCE], sealed[NONCE:], None)
    except (InvalidTag, ValueError):
        return None


MATCH_PATH = re.compile(r"/matches/([0-9a-fA-F-]{32,36})/")


def _scope(request: HttpRequest, key: str) -> bytes:
    """What a key belongs to: the method, the path and, under a match, what this phone holds
    there (two phones at one table never share an answer), not the client's address."""
    under_match = MATCH_PATH.search(request.path)
    held = role_from_cookie(request, under_match[1]) if under_match else ""
    parts = (request.method or "", request.path, held, key)
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
                replayed = replay(stored, scope)
                if replayed is not None:
                    return replayed
                log.error("A stored answer did not open: %s %s", request.method, _path(request))
                return refusal(
                    request,
                    409,
                    f"The first answer to this {HEADER} cannot be read back: send a new key.",
                )
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

    One ``INSERT ... ON CONFLICT DO NOTHING RETURNING``: it waits on the unique index while
    another transaction holds the same key, and inserts nothing once that one has committed.
    """
    table = IdempotencyKey._meta.db_table
    created = connection.ops.adapt_datetimefield_value(timezone.now())
    for _ in range(2):
        with connection.cursor() as cursor:  # the table's name, no input: B608
            cursor.execute(
                f"INSERT INTO {table} (digest, request, status, content_type, answer, created) "  # nosec B608
                "VALUES (%s, %s, 0, '', %s, %s) ON CONFLICT (digest) DO NOTHING RETURNING id",
                [digest, asked, b"", created],
            )
            inserted = cursor.fetchone()
        if inserted is not None:
            if secrets.randbelow(PURGE_ONE_IN) == 0:
                # After the commit, and a failure there must not fail the answer.
                transaction.on_commit(IdempotencyKey.purge, robust=True)
            return None
        stored = IdempotencyKey.objects.filter(digest=digest).first()
        if stored is None:  # purged in between: try again
            continue
        if stored.created >= timezone.now() - IdempotencyKey.lifetime():
            return stored
        stored.delete()  # expired: the key is free
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


def replay(stored: IdempotencyKey, scope: bytes) -> HttpResponse | None:
    """The stored answer again, marked as a replay; None if it does not open (changed)."""
    opened = _open(bytes(stored.answer), scope)
    if opened is None:
        return None
    headers, _, body = opened.partition(b"\0")
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
            f"{ACCEPTED}. Sent again with the same request to the same path (from any address) "
            f"within {hours} hours, the key gets the first answer again (with "
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
            responses.setdefault(
                "409",
                {
                    "content": _ERRORS,
                    "description": f'{{"errors": {{"{HEADER}": [...]}}}}: the first answer to '
                    "this key cannot be read back; send a new key",
                },
            )
    return result
