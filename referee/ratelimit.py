"""Write requests per client in any 60 seconds, counted in the database.

The count lives in the database so that every worker process and every app server shares it.
`REFEREE_RATE_LIMIT` sets the limit (0 turns it off: the load test and bulk tools use that).

A client is an IPv4 address, or an IPv6 /64: an IPv6 host is usually given a whole /64 and can
take a new address in it for every request.

The window slides by the second, so no 60 seconds let more than the limit through, across a
minute's end or anywhere else. Each row counts one client's writes in one second of a minute:
`address` holds the client and the second (`203.0.113.9 @07`), `minute` the minute since the
epoch, as before. A write counts itself, then adds up the client's writes in its own second and
the 60 whole seconds before it; over the limit, it is refused and uncounted, so only the writes
let through fill the window. Whole seconds make the count stricter than the last 60 seconds by
less than a second, never looser:

    limit 3, a write at 12:01:07.4      it counts the seconds 12:00:07 to 12:01:07
    a write at 12:00:06.9               not counted: its second ended 60.4 s ago
    a write at 12:00:07.8               counted (59.6 s ago)
    a write at 12:01:02.0               counted
    the write at 12:01:07.4             counted: 3 in all, allowed
    a 4th write at 12:01:07.4           4: refused, Retry-After 1 (12:00:07 leaves at 12:01:08)

`Retry-After` is the seconds until one more write would fit, rounded up, and at most 60: when
every counted write was in one second, a retry after 60 seconds may find under a second more.
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections.abc import Callable

from django.conf import settings
from django.db import IntegrityError, models, transaction
from django.db.models import F
from django.http import HttpRequest, HttpResponse, JsonResponse

WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
WINDOW = 60  # seconds


class RateWindow(models.Model):
    """How many write requests one client made in one second (or one minute) of one minute."""

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


def client_key(address: str) -> str:
    """Who is counted: an IPv4 address as it is, an IPv6 address by its /64.

    >>> client_key("2001:db8:1:2:aaaa::1"), client_key("::ffff:203.0.113.9")
    ('2001:db8:1:2::/64', '203.0.113.9')
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:  # not an address (no REMOTE_ADDR, or a proxy's odd value): as it is
        return address[:60]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((int(ip) >> 64 << 64, 64)))
    return str(ip)


def request_client(request: HttpRequest) -> str:
    """The client a request is counted for (and its idempotency keys belong to)."""
    return client_key(client_address(request))


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


def _second_key(client: str, second: int) -> str:
    return f"{client} @{second:02d}"


def count_now(client: str, now: float) -> None:
    """Count one write (or one try of something limited) for the client at ``now``."""
    minute, second = divmod(math.floor(now), 60)
    count_write(_second_key(client, second), minute)


def counted(client: str, now: float) -> int:
    """How many the client has counted in the 60 seconds before ``now`` (module docstring)."""
    this_second = math.floor(now)
    seconds = _writes_by_second(client, this_second // 60, this_second)
    return sum(count for at, count in seconds.items() if at >= this_second - WINDOW)


def record_write(client: str, now: float, limit: int) -> int | None:
    """Count one write at ``now`` (epoch seconds); None if within the limit, else Retry-After.

    The writes counted are those of the current second and the 60 before it (module docstring).
    """
    this_second = math.floor(now)
    minute, second = divmod(this_second, 60)
    key = _second_key(client, second)
    count_write(key, minute)
    seconds = _writes_by_second(client, minute, this_second)
    oldest = this_second - WINDOW
    if sum(count for at, count in seconds.items() if at >= oldest) <= limit:
        return None
    RateWindow.objects.filter(address=key, minute=minute).update(count=F("count") - 1)
    seconds[this_second] -= 1
    # From the second this_second + wait on, the seconds before oldest + wait are forgotten.
    for wait in range(1, WINDOW + 2):
        if sum(count for at, count in seconds.items() if at >= oldest + wait) < limit:
            return min(WINDOW, max(1, math.ceil(this_second + wait - now)))
    return WINDOW  # not reached: 61 seconds on, nothing counted now is left


def _writes_by_second(client: str, minute: int, this_second: int) -> dict[int, int]:
    """The client's writes in this minute and the one before, by the second they were made."""
    keys = {_second_key(client, s): s for s in range(60)}
    rows = RateWindow.objects.filter(address__in=keys, minute__in=[minute - 1, minute])
    seconds = {this_second: 0}
    for address, row_minute, count in rows.values_list("address", "minute", "count"):
        at = min(this_second, row_minute * 60 + keys[address])  # a clock ahead elsewhere: now
        seconds[at] = seconds.get(at, 0) + count
    return seconds


class RateLimitMiddleware:
    """Answer 429 once a client has made more write requests in 60 seconds than allowed."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = settings.REFEREE_RATE_LIMIT
        if limit and request.method in WRITE_METHODS:
            retry_after = record_write(request_client(request), time.time(), limit)
            if retry_after is not None:
                return too_many(request, limit, retry_after)
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
