"""A worker's start (referee.warm, from gunicorn.conf.py): nothing left for the first request."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


WARMED = """
import sys
import django

django.setup()
assert "referee.views.matches" not in sys.modules
from referee import warm

warm.warm_up()
assert "referee.views.matches" in sys.modules, "views imported"
from django.template.loader import get_template
from django.template.loaders.filesystem import Loader


def refuse(*args):
    raise AssertionError("read from disk after the warm-up")


Loader.get_contents = refuse
get_template("matches/detail.html")
get_template("ofc/page.html")
print("warm")
"""


def test_warming_up_imports_the_views_and_compiles_the_templates():
    """In a fresh process, as in a new worker: after warm_up nothing is imported or read."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "referee.settings"}
    done = subprocess.run(
        [sys.executable, "-c", WARMED], capture_output=True, text=True, cwd=ROOT, env=env
    )
    assert done.stdout.strip() == "warm", done.stderr[-2000:]


def test_a_pool_that_cannot_connect_in_time_stays_open():
    """A worker started while the database is down keeps an open pool, which connects once the
    database is back (psycopg_pool's open(wait=True) closed it for good)."""
    from psycopg_pool import ConnectionPool

    from referee.warm import open_and_fill

    with socket.socket() as sock:  # a port nothing listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    pool = ConnectionPool(f"host=127.0.0.1 port={port} connect_timeout=1", min_size=1, open=False)
    try:
        began = time.monotonic()
        open_and_fill(pool, 0.3)
        assert 0.3 <= time.monotonic() - began < 5
        assert not pool.closed
    finally:
        pool.close(timeout=1)
