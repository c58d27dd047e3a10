"""Who holds what at a match's table: seats and the editing, by join code and signed cookie.

The host's phone shows a short code (and its QR) per seat and one for the editing. A phone that
redeems a code gets a cookie naming the match and what it holds there; the cookie is signed with
the secret key, HttpOnly, SameSite=Lax and Secure unless debugging, so it cannot be forged or
read by scripts, and no secret of the match ever sits in a URL, a page, a log or a referrer.

Codes: 6 characters from a 31-letter alphabet without look-alikes (0/O, 1/I/L), about 29.7 bits;
single-use, and they expire 6 hours after they are made. Wrong codes are rate-limited per client
(``TRIES_A_MINUTE``), so guessing one of the few live codes is out of reach.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core import signing
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from referee.models import JoinCode, Match
from referee.ratelimit import client_buckets, give_back, take

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
CODE_LIFE = timedelta(hours=6)
TRIES_A_MINUTE = 10  # wrong codes a client may try
COOKIE = "referee_tables"
COOKIE_AGE = 60 * 60 * 24 * 60  # two months: a season of home games
SALT = "referee.tables"
MOST_MATCHES = 40  # the cookie keeps the newest, so it stays under a browser's 4 KB


@dataclass(frozen=True)
class Role:
    """What one phone holds at one match: a seat (an index into its players), the editing."""

    seat: int | None = None
    editor: bool = False

    @property
    def anyone(self) -> bool:
        return self.seat is None and not self.editor


def normalise(code: str) -> str:
    """A typed code as stored: letters upper case, spaces and dashes dropped."""
    return "".join(ch for ch in code.upper() if ch.isalnum())[:12]


def issue_code(match: Match, seat: int) -> JoinCode:
    """A fresh code for one seat (or JoinCode.EDITOR); the seat's older codes stop working."""
    now = timezone.now()
    JoinCode.objects.filter(match=match, seat=seat, used__isnull=True).update(used=now)
    while True:
        code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
        try:
            with transaction.atomic():
                return JoinCode.objects.create(
                    match=match, seat=seat, code=code, expires=now + CODE_LIFE
                )
        except IntegrityError:  # a code still on file: draw again
            continue


def issue_all(match: Match) -> dict[int, JoinCode]:
    """A code for every seat and one for the editing, keyed by seat (-1: the editing)."""
    seats = [*range(len(match.players)), JoinCode.EDITOR]
    return {seat: issue_code(match, seat) for seat in seats}


def live_codes(match: Match) -> dict[int, JoinCode]:
    """The codes still usable, by seat."""
    live = JoinCode.objects.filter(match=match, used__isnull=True, expires__gt=timezone.now())
    return {code.seat: code for code in live.order_by("expires")}


class CodeRefused(Exception):
    """A code that is unknown, used or expired; the message says which, in words."""


def redeem(code: str) -> JoinCode:
    """Use up a code, once: the match and seat it gives, or CodeRefused."""
    typed = normalise(code)
    now = timezone.now()
    with transaction.atomic():
        found = JoinCode.objects.select_for_update().filter(code=typed).first()
        if found is None or len(typed) != CODE_LENGTH:
            raise CodeRefused(
                _("%(code)s is not a join code: check the letters.") % {"code": typed}
                if typed
                else _("That is not a join code: check the letters.")
            )
        if found.used is not None:
            raise CodeRefused(_("This code has been used: ask the host for a new one."))
        if found.expires <= now:
            raise CodeRefused(_("This code has expired: ask the host for a new one."))
        found.used = now
        found.save(update_fields=["used"])
    return found


def offered(code: str) -> JoinCode | None:
    """The live code as typed, without using it up (the page that offers the seat)."""
    found = JoinCode.objects.select_related("match").filter(code=normalise(code)).first()
    if found is None or found.used is not None or found.expires <= timezone.now():
        return None
    return found


def try_code(request: HttpRequest, now: float) -> int | None:
    """Count one code tried by this client (its address, /64 and /48): None while it is
    within TRIES_A_MINUTE, else the seconds to wait, with nothing counted."""
    return take([f"join:{bucket}" for bucket in client_buckets(request)], TRIES_A_MINUTE, now)


def right_code(request: HttpRequest, now: float) -> None:
    """A code tried at ``now`` was right: it does not count against the client."""
    give_back([f"join:{bucket}" for bucket in client_buckets(request)], now)


def join_url(request: HttpRequest | None, code: JoinCode) -> str:
    """The address a QR code holds: opening it offers the seat (one tap to take it)."""
    path = reverse("join-code", args=[code.code])
    return request.build_absolute_uri(path) if request is not None else path


# --- The cookie ------------------------------------------------------------------------------


def _held(request: HttpRequest) -> dict[str, list[Any]]:
    raw = request.COOKIES.get(COOKIE, "")
    if not raw:
        return {}
    try:
        held = signing.loads(raw, salt=SALT, max_age=COOKIE_AGE)
    except signing.BadSignature:
        return {}
    return held if isinstance(held, dict) else {}


def role_from_cookie(request: HttpRequest, match_id: str) -> str:
    """What the cookie says this phone holds at a match, unchecked: for an ETag, no database."""
    entry = _held(request).get(str(match_id).lower())
    return "".join(map(str, entry)) if isinstance(entry, list) else ""


def role_of(request: HttpRequest, match: Match) -> Role:
    """What this phone holds at the match."""
    entry = _held(request).get(str(match.id))
    if not isinstance(entry, list) or len(entry) != 2:
        return Role()
    seat, editor = entry
    seat = seat if isinstance(seat, int) and 0 <= seat < len(match.players) else None
    return Role(seat, editor is True)


def held_matches(request: HttpRequest) -> list[str]:
    """The ids of the matches this phone holds something at, newest first."""
    return list(reversed(_held(request)))


def grant(request: HttpRequest, response: HttpResponse, match: Match, code_seat: int) -> None:
    """Add what a code gives (a seat, or the editing) to this phone's cookie."""
    held = _held(request)
    key = str(match.id)
    seat, editor = held.pop(key, [None, False])
    if code_seat == JoinCode.EDITOR:
        editor = True
    else:
        seat = code_seat
    held[key] = [seat, editor]
    while len(held) > MOST_MATCHES:
        held.pop(next(iter(held)))
    response.set_cookie(
        COOKIE,
        signing.dumps(held, salt=SALT, compress=True),
        max_age=COOKIE_AGE,
        secure=not settings.DEBUG,
        httponly=True,
        samesite="Lax",
    )
