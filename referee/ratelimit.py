"""Write requests per minute per client address, counted in the database.

The count lives in the database so that every worker process and every app server shares it.
`REFEREE_RATE_LIMIT` sets the limit (0 turns it off: the load test and bulk tools use that).
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.db import IntegrityError, models, transaction
from django.db.models import F
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import timezone

WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class RateWindow(models.Model):
    """How many write requests one address made in one minute."""

    address = models.CharField(max_length=64)
    minute = models.BigIntegerField(help_text="Minutes since the epoch")
    count = models.PositiveIntegerField(default=0)

    class Meta:
        app_label = "referee"
        constraints = [
            models.UniqueConstraint(fields=["address", "minute"], name="rate_window_unique")
        ]
        indexes = [models.Index(fields=["minute"], name="rate_window_minute")]

    def __str__(self) -> str:
        return f"{self.address} @ {self.minute}: {self.count}"


def client_address(request: HttpRequest) -> str:
    """The caller's address; behind N trusted proxies, the one they saw (X-Forwarded-For)."""
    hops = settings.REFEREE_PROXY_HOPS
    if hops:
        forwarded = [part.strip() for part in request.headers.get("X-Forwarded-For", "").split(",")]
        if len(forwarded) >= hops and forwarded[-hops]:
            return forwarded[-hops][:64]
    return str(request.META.get("REMOTE_ADDR", "unknown"))[:64]


def count_write(address: str, minute: int) -> int:
    """Count one write for the address in this minute and return the minute's total so far."""
    with transaction.atomic():
        window = RateWindow.objects.filter(address=address, minute=minute)
        if not window.update(count=F("count") + 1):
            try:
                with transaction.atomic():
                    RateWindow.objects.create(address=address, minute=minute, count=1)
                # A new minute for someone: forget the minutes nobody needs any more.
                RateWindow.objects.filter(minute__lt=minute - 1).delete()
                return 1
            except IntegrityError:  # another process created it first
                window.update(count=F("count") + 1)
        return int(window.values_list("count", flat=True)[0])


class RateLimitMiddleware:
    """Answer 429 once an address has made more write requests this minute than allowed."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = settings.REFEREE_RATE_LIMIT
        if limit and request.method in WRITE_METHODS:
            now = timezone.now().timestamp()
            if count_write(client_address(request), int(now // 60)) > limit:
                return too_many(request, limit, 60 - int(now % 60))
        return self.get_response(request)


def too_many(request: HttpRequest, limit: int, retry_after: int) -> HttpResponse:
    message = (
        f"Too many changes from your address: at most {limit} a minute. "
        f"Try again in {retry_after} seconds."
    )
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse(
            {"errors": {"non_field_errors": [message]}}, status=429
        )
    else:
        response = HttpResponse(message, status=429, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(retry_after)
    return response


def current_minute() -> int:
    """Minutes since the epoch: the window a count goes in."""
    return int(timezone.now().timestamp() // 60)


def tries_this_minute(address: str) -> int:
    """How many counts an address (or a named counter, "join:<address>") has this minute."""
    window = RateWindow.objects.filter(address=address[:64], minute=current_minute())
    return int(window.values_list("count", flat=True).first() or 0)
