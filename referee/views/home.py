"""The home page, the health check and the liveness check."""

import logging

from django.db import connection, transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext_lazy as _

from referee.models import HealthProbe
from referee.outage import RETRY_AFTER, unavailable_reason

log = logging.getLogger(__name__)

# (title, url name, what it does): each part appears on the home page once its route exists.
PARTS = [
    (
        _("Score an OFC hand"),
        "ofc",
        _("Open-Face Chinese Poker: fouls, royalties, Jokers, 1-6 scores."),
    ),
    (_("Island Pineapple showdown"), "island", _("Four boards, wild deuces, variants: who wins.")),
    (
        _("Pineapple showdown"),
        "pineapple",
        _("Pineapple, Crazy and Lazy, high or hi-lo, with pots."),
    ),
    (_("Discard mishaps"), "discards", _("A player failed to discard, or showed it: ruling.")),
    (
        _("OFC match"),
        "match-new",
        _("Every phone at the table: join by code, live totals, settle up."),
    ),
    (_("Join a match"), "join", _("Type the code the host's phone shows for your seat.")),
    (_("Your table's rules"), "house-new", _("Your OFC rules, or Island and Pineapple readings.")),
    (_("Rules"), "rules", _("The five rule documents, article by article, and house readings.")),
    (_("Cases"), "cases", _("The rulings this phone asked for, and the published ones.")),
]


def home(request: HttpRequest) -> HttpResponse:
    parts = []
    for title, name, blurb in PARTS:
        try:
            parts.append({"title": title, "url": reverse(name), "blurb": blurb})
        except NoReverseMatch:
            continue
    return render(request, "home.html", {"parts": parts})


def healthz(request: HttpRequest) -> JsonResponse:
    """200 when the database answers a read and takes a write; 503 naming what failed.

    The write is a row inserted inside a transaction that is then rolled back, so nothing is
    kept; a read-only database (a standby, a full disk) fails it while reads still work.
    """
    checks = {"read": _read, "write": _write}
    failed = {}
    for name, check in checks.items():
        try:
            check()
        except Exception as error:  # any failure means unhealthy, whatever the backend raises
            failed[name] = unavailable_reason(error) or "failed"
            log.warning("Health check: database %s failed: %r", name, error)
            if name == "read":
                failed["write"] = "not tried"
                break
    if failed:
        body = {
            "status": "database unavailable",
            "database": {**dict.fromkeys(checks, "ok"), **failed},
        }
        return JsonResponse(body, status=503, headers={"Retry-After": str(RETRY_AFTER)})
    return JsonResponse({"status": "ok"})


def _read() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def _write() -> None:
    with transaction.atomic():
        HealthProbe.objects.create()
        transaction.set_rollback(True)


def livez(request: HttpRequest) -> JsonResponse:
    """200 whenever the app answers at all; it touches no database (for a process supervisor)."""
    return JsonResponse({"status": "alive"})
