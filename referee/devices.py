"""This phone, as the case log knows it: a random token in a cookie, kept as its SHA-256.

The case list shows a device its own cases (and the ones their makers published), so a phone
needs a name that nobody else can claim: 18 random bytes, HttpOnly, for a year. Only the hash
is stored beside a case, so the log alone cannot be turned back into a device's cookie.
"""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.http import HttpRequest, HttpResponse

COOKIE = "referee_device"
AGE = 60 * 60 * 24 * 365


def maker(request: HttpRequest) -> str:
    """The hash that marks this device's cases; a device without one gets one (see keep)."""
    token = request.COOKIES.get(COOKIE, "")
    if not (16 <= len(token) <= 64 and token.replace("-", "").replace("_", "").isalnum()):
        token = getattr(request, "_referee_device", "") or secrets.token_urlsafe(18)
        request._referee_device = token  # type: ignore[attr-defined]
    return hashlib.sha256(token.encode()).hexdigest()


def mine(request: HttpRequest) -> str:
    """This device's hash if it has a cookie yet, else "" (which no case is made by)."""
    return maker(request) if request.COOKIES.get(COOKIE) else ""


def keep(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """Give a device the cookie ``maker`` made for it, on the answer that made its case."""
    token = getattr(request, "_referee_device", "")
    if token:
        response.set_cookie(
            COOKIE, token, max_age=AGE, secure=not settings.DEBUG, httponly=True, samesite="Lax"
        )
    return response
