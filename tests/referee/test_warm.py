"""A worker's start (referee.warm, from gunicorn.conf.py): nothing left for the first request."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from django.db import connection, connections

from referee import warm

ROOT = Path(__file__).resolve().parents[2]
THREADS = 4


def each_thread(pool: ThreadPoolExecutor, task: Callable[[], Any]) -> list[tuple[int, Any]]:
    """Run ``task`` once on every thread of ``pool`` (a barrier keeps each on its own)."""
    together = threading.Barrier(THREADS, timeout=10)

    def run() -> tuple[int, Any]:
        together.wait()
        return threading.get_ident(), task()

    return [future.result() for future in [pool.submit(run) for _ in range(THREADS)]]


@pytest.mark.django_db(transaction=True)
def test_each_thread_of_a_worker_has_its_database_connection_before_a_request():
    pool = ThreadPoolExecutor(THREADS)
    try:
        warm.connect_threads(pool, THREADS)
        seen = each_thread(pool, lambda: connection.connection is not None)
        assert len({ident for ident, _ in seen}) == THREADS
        assert [opened for _, opened in seen] == [True] * THREADS
    finally:
        each_thread(pool, connections.close_all)
        pool.shutdown()


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
