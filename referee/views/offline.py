"""The rule library on a phone with no connection: a service worker keeps it (issue 38).

The worker (``/sw.js``, at the root so that it may answer for every page) keeps the rule
library's pages, the files they load, the phone's engine and the game pages it answers, and
answers from them when the network does not. A game page is kept bare (no query): its form's
idempotency key does no harm when the kept copy is sent again, since a form sent again with
other values is a new request (``referee/idempotency.py``); the same values are the same case.
It keeps nothing else: the matches, cases and house rules belong to a device or a key. Pages
and files are asked of the network first, so a phone online always sees today's; a file whose
name carries its content's hash (the manifest storage, in production) is the same forever, and
comes from the cache first.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.cache import cache_control

from referee.models import Document
from referee.offline import OFFLINE_GAMES, PYODIDE

# What every page of the rule library loads (templates/base.html, templates/rules/*.html).
# Where the scripts put a case's id, or saved house rules' id, in their addresses.
CASE_ID, HOUSE_ID = "CASE-ID", "RULES-ID"
FILES = (
    "css/app.css",
    "css/rules.css",
    "js/picker.js",
    "js/problems.js",
    "js/unsent.js",
    "js/kept.js",
    "js/sending.js",
    "js/offline.js",
    "js/answers.js",
    "js/answered_offline.js",
    "django_htmx/htmx-2.min.js",
    "icons/icon.svg",
    "icons/icon-192.png",
    "manifest.webmanifest",
)


def engine_files() -> dict[str, str] | None:
    """Where the phone's engine is (issue 38): its worker, Pyodide's folder and the bundle; None
    before ``make bundle`` has built it. Pyodide asks for its own files by their plain names in
    its folder, so they are kept and served by those names, not by hashed ones."""
    if not (settings.OFFLINE_BUNDLE / "engine.zip").is_file():
        return None
    try:
        return {
            "engine": static("js/engine.js"),
            "pyodide": f"{settings.STATIC_URL}offline/pyodide/",
            "bundle": static("offline/engine.zip"),
        }
    except ValueError:  # built after collectstatic: pages go on without it, not with a 500
        return None


def game_pages() -> list[str]:
    """The game pages kept for the phone's engine to answer (none before it is built)."""
    return [reverse(key) for key in OFFLINE_GAMES] if engine_files() else []


def kept_urls() -> list[str]:
    """The addresses the worker keeps when it is installed: the rule library, read whole, and
    the phone's engine with the game pages it answers."""
    documents = Document.objects.order_by("order", "code").values_list("slug", flat=True)
    engine = engine_files()
    return [
        reverse("rules"),
        *(reverse("rules-document", args=[slug]) for slug in documents),
        reverse("offline"),
        reverse("javascript-catalog"),
        *(static(name) for name in FILES),
        *(
            [engine["engine"], engine["bundle"], *(engine["pyodide"] + name for name in PYODIDE),
             *game_pages()]
            if engine
            else []
        ),
    ]  # fmt: skip


@cache_control(no_cache=True)  # a new deploy's worker is found at the next visit
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker: what it keeps, under a name that changes when the list does."""
    kept = kept_urls()
    version = hashlib.sha256("\n".join(kept).encode()).hexdigest()[:12]
    return render(
        request,
        "offline/sw.js",
        {
            "kept": kept,
            "version": version,
            "pages": game_pages(),
            "scripts": [static("js/kept.js"), static("js/sending.js")],
            "cases": reverse("api-case", args=[CASE_ID]),
        },
        content_type="text/javascript; charset=utf-8",
    )


def offline(request: HttpRequest) -> HttpResponse:
    """What a phone with no connection is shown for a page it has not kept."""
    return render(request, "offline/page.html")
