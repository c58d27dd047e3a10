"""Write requests per client in any 60 seconds, counted in the database.

The count lives in the database so that every worker process and every app server shares it.
`REFEREE_RATE_LIMIT` sets the limit (0 turns it off).

Who is counted (`client_buckets`): an IPv4 address; an IPv6 host by its /64 (a host is usually
given a whole /64 and can take a new address in it for every request) and also by its /48 (a
site is usually given a /48, and could otherwise spread its writes over 65,536 /64s). Each
bucket has the whole limit: the phones of one home share its router's address or /64 anyway.
A forwarded address that is not an address at all counts in one bucket shared by all such.

The window slides by the second. Each row counts one bucket's writes in one second
(`RateCount`); a write counts itself in each of its buckets, then adds up each bucket's writes in
its own second and the 60 whole seconds before it. Over the limit in any bucket, it is refused
and uncounted, so only the writes let through fill the window. Whole seconds make the count
stricter than the last 60 seconds by less than a second, never looser:

    limit 3, a write at 12:01:07.4      it counts the seconds 12:00:07 to 12:01:07
    a write at 12:00:06.9               not counted: its second ended 60.4 s ago
    a write at 12:00:07.8               counted (59.6 s ago)
    a write at 12:01:02.0               counted
    the write at 12:01:07.4             counted: 3 in all, allowed
    a 4th write at 12:01:07.4           4: refused, Retry-After 1 (12:00:07 leaves at 12:01:08)

Why concurrent writes cannot slip past the limit: each statement commits on its own
(autocommit), and a write counts itself before it adds up. The k-th write to be let through
sees its own count and those of the k - 1 let through before it (counted writes are never
uncounted), so it sees at least k: no more than the limit are let through, whatever the
interleaving. A refused write uncounts itself afterwards, which can only refuse too much for an
instant, never let too much through.

The hot path is two statements, each in autocommit: one upsert of the buckets' rows for this
second, one indexed sum. They cannot be one: a statement sums what was committed when it began,
so two writes racing in different seconds (or one timed long before it reached the database)
would each miss the other. The body is read first, so a client that trickles its body holds no
database connection while it does. `Retry-After` is the seconds until one more write would fit,
rounded up, and at most 60.
"""

from __future__ import annotations

import ipaddress
import math
import secrets
import time
from collections.abc import Callable, Sequence

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import ngettext

from referee.models import RateCount

WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
WINDOW = 60  # seconds
KEEP = 2 * WINDOW  # rows older than this are purged
PURGE_ONE_IN = 200  # a count purges the old rows once in this many, on average
NOT_AN_ADDRESS = "not-an-address"  # the one bucket of every forwarded value that is no address


def client_address(request: HttpRequest) -> str:
    """The caller's address; behind N trusted proxies, the one they saw (X-Forwarded-For)."""
    hops = settings.REFEREE_PROXY_HOPS
    if hops:
        forwarded = [part.strip() for part in request.headers.get("X-Forwarded-For", "").split(",")]
        if len(forwarded) >= hops and forwarded[-hops]:
            return forwarded[-hops][:64]
    return str(request.META.get("REMOTE_ADDR", ""))[:64]


def buckets_of(address: str) -> list[str]:
    """Who is counted for an address: IPv4 as it is, IPv6 by its /64 and its /48.

    >>> buckets_of("2001:db8:1:2:aaaa::1"), buckets_of("::ffff:203.0.113.9"), buckets_of("x")
    (['2001:db8:1:2::/64', '2001:db8:1::/48'], ['203.0.113.9'], ['not-an-address'])
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return [NOT_AN_ADDRESS]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return [str(ip.ipv4_mapped)]
        return [str(ipaddress.IPv6Network((int(ip) >> n << n, 128 - n))) for n in (64, 80)]
    return [str(ip)]


def client_buckets(request: HttpRequest) -> list[str]:
    """The buckets a request from this client counts in."""
    return buckets_of(client_address(request))


TABLE = RateCount._meta.db_table


def _add(buckets: Sequence[str], second: int, step: int) -> None:
    """Add ``step`` to each bucket's count for this second: one upsert."""
    rows = ", ".join(["(%s, %s, %s)"] * len(buckets))
    params: list[object] = []
    for bucket in sorted(buckets):  # one order everywhere: concurrent upserts cannot deadlock
        params += [bucket, second, step]
    with connection.cursor() as cursor:  # the table's name and placeholders, no input: B608
        cursor.execute(
            f"INSERT INTO {TABLE} (bucket, second, count) VALUES {rows} "  # nosec B608
            f"ON CONFLICT (bucket, second) DO UPDATE SET count = {TABLE}.count + excluded.count",
            params,
        )


def _totals(buckets: Sequence[str], since: int) -> dict[str, int]:
    """Each bucket's count from the second ``since`` on: one indexed sum."""
    places = ", ".join(["%s"] * len(buckets))
    with connection.cursor() as cursor:  # the table's name and placeholders, no input: B608
        cursor.execute(
            f"SELECT bucket, SUM(count) FROM {TABLE} "  # nosec B608
            f"WHERE bucket IN ({places}) AND second >= %s GROUP BY bucket",
            [*buckets, since],
        )
        return {bucket: int(total) for bucket, total in cursor.fetchall()}


def take(buckets: Sequence[str], limit: int, now: float) -> int | None:
    """Count one at ``now`` in every bucket: None if each stays within ``limit``, else the
    seconds to wait (Retry-After), with nothing counted."""
    this_second = math.floor(now)
    _add(buckets, this_second, 1)
    totals = _totals(buckets, this_second - WINDOW)
    over = [bucket for bucket in buckets if totals.get(bucket, 0) > limit]
    if secrets.randbelow(PURGE_ONE_IN) == 0:
        RateCount.objects.filter(second__lt=this_second - KEEP).delete()
    if not over:
        return None
    _add(buckets, this_second, -1)
    return max(_wait(bucket, limit, now) for bucket in over)


def give_back(buckets: Sequence[str], now: float) -> None:
    """Uncount one counted at ``now`` (a try that turned out not to count, such as a right code)."""
    _add(buckets, math.floor(now), -1)


def _wait(bucket: str, limit: int, now: float) -> int:
    """Seconds until the bucket has room for one more, rounded up (module docstring)."""
    this_second = math.floor(now)
    oldest = this_second - WINDOW
    rows = RateCount.objects.filter(bucket=bucket, second__gte=oldest)
    seconds = [(min(at, this_second), count) for at, count in rows.values_list("second", "count")]
    # From the second this_second + wait on, the seconds before oldest + wait are forgotten.
    for wait in range(1, WINDOW + 2):
        if sum(count for at, count in seconds if at >= oldest + wait) < limit:
            return min(WINDOW, max(1, math.ceil(this_second + wait - now)))
    return WINDOW  # not reached: 61 seconds on, nothing counted now is left


class RateLimitMiddleware:
    """Answer 429 once a client has made more write requests in 60 seconds than allowed."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = settings.REFEREE_RATE_LIMIT
        if limit and request.method in WRITE_METHODS:
            request.body  # noqa: B018  the whole body first: no connection held while it trickles
            retry_after = take(client_buckets(request), limit, time.time())
            if retry_after is not None:
                return too_many(request, limit, retry_after)
        return self.get_response(request)


def too_many(request: HttpRequest, limit: int, retry_after: int) -> HttpResponse:
    message = (
        ngettext(
            "Too many changes from your address: at most %(limit)d a minute.",
            "Too many changes from your address: at most %(limit)d a minute.",
            limit,
        )
        % {"limit": limit}
        + " "
        + ngettext(
            "Try again in %(seconds)d second.", "Try again in %(seconds)d seconds.", retry_after
        )
        % {"seconds": retry_after}
    )
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse(
            {"errors": {"non_field_errors": [message]}}, status=429
        )
    else:
        response = HttpResponse(message, status=429, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(retry_after)
    return response
