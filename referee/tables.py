"""Who holds what at a match's table: seats and the editing, by join code and signed cookie.

The host's phone shows a short code (and its QR) per seat and one for the editing. A phone that
redeems a code gets a cookie naming the match and what it holds there; the cookie is signed with
the secret key, HttpOnly, SameSite=Lax and Secure unless debugging, so it cannot be forged or
read by scripts, and no secret of the match ever sits in a URL, a page, a log or a referrer.

Codes, from a 31-letter alphabet without look-alikes (0/O, 1/I/L): a 3-letter tag naming the
match (one tag for all its codes, unique among the matches with a live code), then the secret.
A seat's code is 9 letters (6 secret, about 29.7 bits) and lives 6 hours; the editing's is 12
(9 secret, about 44.6 bits) and lives 15 minutes. Each works once.

Every code tried, by any method (``attempt``: the page that offers a seat, the post that takes
it), counts against the client, by address or IPv6 /64 and /48 (``TRIES_A_MINUTE``); a wrong
secret under a live match's tag also counts against that match (``MATCH_TRIES_A_MINUTE``), so
many addresses cannot pool their guesses at one table. A try is counted before the code is
looked up and given back when the code was on file (right, used or expired): only guesses stay
counted. Each refused or wrong try is logged as a warning naming the tag, never the code. The
README ("Join codes") gives the arithmetic: with 1,000 live matches, a guess of any live seat
code takes about 41 days at these limits.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core import signing
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from referee.models import JoinCode, Match
from referee.ratelimit import client_buckets, give_back, take

log = logging.getLogger(__name__)

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
TAG_LENGTH = 3  # 29,791 tags: room for thousands of live matches
SEAT_LENGTH = TAG_LENGTH + 6
EDITOR_LENGTH = TAG_LENGTH + 9
OLD_LENGTH = 6  # codes made before the tags (migration 0011 expired them): still said "expired"
CODE_LIFE = timedelta(hours=6)  # a seat's code
EDITOR_LIFE = timedelta(minutes=15)
TRIES_A_MINUTE = 10  # codes a client (address, /64, /48) may try
MATCH_TRIES_A_MINUTE = 5  # wrong secrets tried under one live match's tag, from anywhere
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
    """A typed code as stored: letters upper case, spaces and dashes dropped.

    >>> normalise(" k7m-qx2 pab ")
    'K7MQX2PAB'
    """
    return "".join(ch for ch in code.upper() if ch.isalnum())[: EDITOR_LENGTH + 4]


def spaced(code: str) -> str:
    """A code as shown, in groups of three to read out: "K7M QX2 PAB"."""
    return " ".join(code[at : at + TAG_LENGTH] for at in range(0, len(code), TAG_LENGTH))


def _draw(length: int) -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


def _live(now: datetime) -> Any:
    return JoinCode.objects.filter(used__isnull=True, expires__gt=now)


def _tag_for(match: Match, now: datetime) -> str:
    """The match's tag: the one it has while no other live match has it, else a fresh one no
    live match has. Two matches drawing one tag at the same instant would only share a budget
    of wrong tries, stricter for both, never looser."""
    mine = JoinCode.objects.filter(match=match).exclude(tag="").order_by("-expires")
    tag = mine.values_list("tag", flat=True).first()
    if tag and not _live(now).filter(tag=tag).exclude(match=match).exists():
        return str(tag)
    for _draw_again in range(50):  # with 1,000 live matches, 1 draw in 30 is taken
        tag = _draw(TAG_LENGTH)
        if not _live(now).filter(tag=tag).exists():
            break
    return str(tag)


def issue_code(match: Match, seat: int) -> JoinCode:
    """A fresh code for one seat (or JoinCode.EDITOR); the seat's older codes stop working."""
    now = timezone.now()
    JoinCode.objects.filter(match=match, seat=seat, used__isnull=True).update(used=now)
    editor = seat == JoinCode.EDITOR
    tag = _tag_for(match, now)
    expires = now + (EDITOR_LIFE if editor else CODE_LIFE)
    while True:
        code = tag + _draw((EDITOR_LENGTH if editor else SEAT_LENGTH) - TAG_LENGTH)
        try:
            with transaction.atomic():
                return JoinCode.objects.create(
                    match=match, seat=seat, tag=tag, code=code, expires=expires
                )
        except IntegrityError:  # a code still on file: draw again
            continue


def issue_all(match: Match) -> dict[int, JoinCode]:
    """A code for every seat and one for the editing, keyed by seat (-1: the editing)."""
    seats = [*range(len(match.players)), JoinCode.EDITOR]
    return {seat: issue_code(match, seat) for seat in seats}


def live_codes(match: Match) -> dict[int, JoinCode]:
    """The codes still usable, by seat."""
    live = _live(timezone.now()).filter(match=match)
    return {code.seat: code for code in live.order_by("expires")}


class CodeRefused(Exception):
    """A code that is unknown, used or expired, or one try too many; the message says which,
    in words, and what to do next."""

    def __init__(
        self, message: str, retry_after: int | None = None, match: Match | None = None
    ) -> None:
        super().__init__(message)
        self.retry_after = retry_after
        self.match = match  # the match of a used or expired code, to open if this phone holds it


def _tag_of(typed: str) -> str:
    """The match tag a typed code names, "-" for one that cannot be a code, "" for an old
    code without a tag."""
    if not set(typed) <= set(ALPHABET):
        return "-"
    if len(typed) in (SEAT_LENGTH, EDITOR_LENGTH):
        return typed[:TAG_LENGTH]
    return "" if len(typed) == OLD_LENGTH else "-"


def _refuse(request: HttpRequest, why: str, tag: str, message: str, **extra: Any) -> CodeRefused:
    """Log a refused or wrong try (a warning: the tag, never the code) and say why."""
    client = client_buckets(request)[0]
    shown = tag or "-"
    log.warning("join code refused: %s (tag %s, client %s, %s)", why, shown, client, request.method)
    return CodeRefused(message, **extra)


def _too_many(seconds: int) -> str:
    return ngettext(
        "Too many wrong codes have been tried: wait %(seconds)d second and try again.",
        "Too many wrong codes have been tried: wait %(seconds)d seconds and try again.",
        seconds,
    ) % {"seconds": seconds}


def attempt(request: HttpRequest, code: str, now: float, use: bool) -> JoinCode:
    """Try a code: the live JoinCode it is (used up now if ``use``), or CodeRefused.

    Counted before anything is looked up (module docstring): against the client, and, when the
    code is shaped like one and its tag is a live match's, against that match; given back when
    the code is on file. A refused try reveals nothing about the code.
    """
    typed = normalise(code)
    tag = _tag_of(typed)
    client = [f"join:{bucket}" for bucket in client_buckets(request)]
    wait = take(client, TRIES_A_MINUTE, now)
    if wait is not None:
        raise _refuse(request, "too many from this client", tag, _too_many(wait), retry_after=wait)
    counted = list(client)
    moment = timezone.now()
    if tag not in ("", "-") and _live(moment).filter(tag=tag).exists():
        wait = take([f"join-match:{tag}"], MATCH_TRIES_A_MINUTE, now)
        if wait is not None:
            message = _too_many(wait)
            raise _refuse(request, "too many for this match", tag, message, retry_after=wait)
        counted.append(f"join-match:{tag}")
    found = None
    if tag != "-":
        found = JoinCode.objects.select_related("match").filter(code=typed).first()
    if found is None:
        raise _refuse(request, "no such code", tag, _unknown(typed))
    give_back(counted, now)  # on file: not a guess
    if found.used is None and found.expires > moment:
        if not use:
            return found
        # Used up by one conditional update: of two phones at once, one gets it.
        if JoinCode.objects.filter(pk=found.pk, used__isnull=True).update(used=moment):
            return found
        found.used = moment
    if found.used is not None:
        raise _refuse(request, "used", tag, _used(found), match=found.match)
    raise _refuse(request, "expired", tag, _expired(found), match=found.match)


def _unknown(typed: str) -> str:
    if not typed:
        return _("Type the code the host's phone shows for your seat, or scan its QR code.")
    return _(
        "%(code)s is not a join code. A seat's code is 9 letters and digits (the editing's "
        "12): check them against the host's phone, or scan its QR code."
    ) % {"code": spaced(typed)}


def _used(found: JoinCode) -> str:
    if found.gives_editing:
        return _(
            "This code for the editing has been used: each code works once. Ask the host "
            "for a new one (Seats and codes, New code)."
        )
    return _(
        "This code has been used: each code works once. If this phone used it, the match "
        "is under My matches; otherwise ask the host for a new code for your seat."
    )


def _expired(found: JoinCode) -> str:
    if found.gives_editing:
        return _(
            "This code for the editing has expired: it works for 15 minutes. Ask the host "
            "for a new one (Seats and codes, New code)."
        )
    return _(
        "This code has expired: a seat's code works for 6 hours. Ask the host for a new "
        "code for your seat."
    )


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


def take_seat(match: Match, seat: int) -> None:
    """The editing phone takes a seat itself: the seat's live code stops working, so no other
    phone can take it too (a new code hands it on again)."""
    JoinCode.objects.filter(match=match, seat=seat, used__isnull=True).update(used=timezone.now())


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
