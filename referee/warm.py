"""A gunicorn worker's start (gunicorn.conf.py): do before the first request what it would wait for.

A worker that has just started imports its views on its first request, compiles each template on
its first use, reads the translations, and opens its database connections. When 500 phones poll
a freshly started server, those first requests all wait on that at once: the first seconds'
polls took 1.6-3 s (bench/watchers.py, warm-up).
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from django.conf import settings
from django.db import connection
from django.template.loader import get_template
from django.urls import resolve
from django.utils import translation
from psycopg_pool import PoolTimeout

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
    if pool is None:
        return
    with contextlib.suppress(PoolTimeout):
        pool.open(wait=True, timeout=CONNECT_WITHIN)
