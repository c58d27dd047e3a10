"""A gunicorn worker's start (gunicorn.conf.py): do before the first request what it would wait for.

A worker that has just started imports its views on its first request, compiles each template on
its first use, reads the translations, and each of its threads opens its own database
connection. When 500 phones poll a freshly started server, those first requests all wait on
that at once: the first seconds' polls took 1.6-3 s (bench/watchers.py, warm-up).
"""

from __future__ import annotations

import threading
from concurrent.futures import Executor, wait
from pathlib import Path

from django.conf import settings
from django.db import DatabaseError, connection
from django.template.loader import get_template
from django.urls import resolve
from django.utils import translation

CONNECT_WITHIN = 10  # seconds a worker waits for its connections before it takes requests


def warm_up() -> None:
    """Import every view (through the URLconf), compile the project's templates, and read the
    translations of every language."""
    resolve("/")
    for folder in settings.TEMPLATES[0]["DIRS"]:
        for path in Path(folder).rglob("*.html"):
            get_template(str(path.relative_to(folder)))
    for language, _ in settings.LANGUAGES:
        translation.activate(language)
    translation.deactivate()


def connect_threads(pool: Executor, threads: int) -> None:
    """Open the database connection of each of the ``threads`` threads of ``pool``.

    Each thread keeps its own connection (CONN_MAX_AGE). Each task waits at a barrier until all
    have started, so every thread runs one. A database that is down or slow is left to the
    requests (503 until it is back): the worker waits CONNECT_WITHIN seconds at most.
    """
    started = threading.Barrier(threads, timeout=CONNECT_WITHIN)

    def connect() -> None:
        try:
            started.wait()
            connection.ensure_connection()
        except (threading.BrokenBarrierError, DatabaseError):
            pass

    wait([pool.submit(connect) for _ in range(threads)], timeout=CONNECT_WITHIN)
