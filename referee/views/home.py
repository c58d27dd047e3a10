"""The home page and the health check."""

from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import NoReverseMatch, reverse

# (title, url name, what it does): each part appears on the home page once its route exists.
PARTS = [
    ("Score an OFC hand", "ofc", "Open-Face Chinese Poker: fouls, royalties, Jokers, 1-6 scores."),
    ("Island Pineapple showdown", "island", "Four boards, wild deuces, variants: who wins."),
    ("Pineapple showdown", "pineapple", "Pineapple, Crazy and Lazy, high or hi-lo, with pots."),
    ("Discard mishaps", "discards", "A player failed to discard, or showed it: ruling."),
    ("OFC match", "match-new", "Every phone at the table: join by code, live totals, settle up."),
    ("Join a match", "join", "Type the code the host's phone shows for your seat."),
    ("Your table's rules", "house-new", "Write down your own OFC rules once, share the link."),
    ("Rules", "rules", "The five rule documents, article by article, and house readings."),
    ("Cases", "cases", "The rulings this phone asked for, and the published ones."),
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
    """200 when the app answers and its database runs a query; 503 otherwise."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception:  # any database failure means unhealthy, whatever the backend raises
        return JsonResponse({"status": "database unavailable"}, status=503)
    return JsonResponse({"status": "ok"})
