"""A gunicorn worker's start (gunicorn.conf.py): do before the first request what it would wait for.

A worker that has just started imports its views on its first request, compiles each template on
its first use, reads the translations, and opens its database connections. When 500 phones poll
a freshly started server, those first requests all wait on that at once: the first seconds'
polls took 1.6-3 s (bench/watchers.py, warm-up).
"""

from __future__ import annotations

import time
from pathlib import Path

from django.conf import settings
from django.db import connection
from django.template.loader import get_template
from django.urls import resolve
from django.utils import translation
from psycopg_pool import ConnectionPool

CONNECT_WITHIN = 10  # seconds a worker waits for its first connections before it takes requests


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


def open_pool() -> None:
    """Open this process's database pool (REFEREE_DB_POOL) and wait until it holds its first
    connections. A database that is down or slow is left to the requests (503 until it is back):
    the worker waits CONNECT_WITHIN seconds at most."""
    pool = connection.pool if connection.vendor == "postgresql" else None
    if pool is not None:
        open_and_fill(pool, CONNECT_WITHIN)


def open_and_fill(pool: ConnectionPool, within: float) -> None:
    """Open the pool and wait up to ``within`` seconds for its first connections, leaving it
    open whatever happens: psycopg_pool's own ``open(wait=True)`` closes a pool that is not
    full in time, and a closed pool is never opened again, so a worker started during an
    outage answered 503 for as long as it lived (bench/faults.py found it)."""
    pool.open()
    deadline = time.monotonic() + within
    while pool.get_stats().get("pool_available", 0) < pool.min_size:
        if time.monotonic() >= deadline:
            return
        time.sleep(0.05)
