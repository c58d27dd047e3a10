"""Production logging: one line per record on stderr, each with its request's id, no edit key."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from referee.logs import new_request_id

ROOT = Path(__file__).resolve().parents[2]
LINE = re.compile(
    r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z (DEBUG|INFO|WARNING|ERROR|CRITICAL) [\w.]+ (\S+) .+"
)
KEY = "k3y-Th4t-Must-N0t-Be-L0gged"

SERVE = f"""
import logging, warnings, django
django.setup()
warnings.warn("a library's warning")
from django.test import Client
web = Client(raise_request_exception=False)
logging.getLogger("referee.check").info("before any request")
for path in ("/api/nope/", "/matches/0b3e1c3e-0000-4000-8000-000000000000/edit/{KEY}/"):
    response = web.get(path, HTTP_X_REQUEST_ID="proxy-id-" + path.split("/")[1])
    print(response.status_code, response["X-Request-ID"])
"""


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """What a production process printed (stdout) and logged (stderr) serving two requests:
    an unknown API path (Django warns) and an edit page on a database without tables (it
    fails, and Django logs the traceback)."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_URL"))}
    result = subprocess.run(
        [sys.executable, "-c", SERVE],
        cwd=ROOT,
        env={
            **clean,
            "DJANGO_SETTINGS_MODULE": "referee.settings",
            "DJANGO_DEBUG": "false",
            "DJANGO_SECRET_KEY": "x" * 50,
            "DJANGO_ALLOWED_HOSTS": "testserver",
            "DJANGO_SECURE_SSL_REDIRECT": "false",
            "DATABASE_URL": f"sqlite:///{tmp_path_factory.mktemp('logs') / 'empty.sqlite3'}",
        },
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout.splitlines(), result.stderr.splitlines()


def _record(lines: list[str], text: str) -> str:
    [line] = [line for line in lines if text in line]
    return line


def test_every_record_is_one_line_with_time_level_logger_and_request_id(served):
    _, lines = served
    assert all(LINE.fullmatch(line) for line in lines), lines
    assert _record(lines, " INFO referee.check - before any request")  # no request: "-"
    # A Python warning (WhiteNoise's, say, before collectstatic) is a record like any other.
    assert " WARNING py.warnings - " in _record(lines, "UserWarning: a library's warning")


def test_a_logged_traceback_stays_on_its_record_line(served):
    _, lines = served
    [error] = [line for line in lines if " ERROR " in line]
    assert " django.request proxy-id-matches Internal Server Error: /matches/" in error
    assert "\\nTraceback (most recent call last):\\n" in error


def test_the_answer_names_the_request_id_its_log_lines_carry(served):
    answers, lines = served
    assert answers == ["404 proxy-id-api", "500 proxy-id-matches"]
    assert _record(lines, " WARNING django.request proxy-id-api Not Found: /api/nope/")


def test_the_edit_key_is_in_no_line(served):
    _, lines = served
    assert not any(KEY in line for line in lines)
    assert "/edit/…/" in _record(lines, " ERROR django.request proxy-id-matches ")


@pytest.mark.django_db
def test_every_answer_carries_a_request_id(client):
    made = client.get("/healthz")["X-Request-ID"]
    assert re.fullmatch(r"[0-9a-f]{32}", made)
    assert client.get("/healthz")["X-Request-ID"] != made
    kept = client.get("/healthz", HTTP_X_REQUEST_ID="4bf92f3577b34da6a3ce929d0e0e4736")
    assert kept["X-Request-ID"] == "4bf92f3577b34da6a3ce929d0e0e4736"


@pytest.mark.parametrize(
    "offered", ["", "short", "has space in it", "line\nbreak-injected", "x" * 129, "ünïcode-id"]
)
def test_an_insane_incoming_request_id_is_replaced(offered):
    assert re.fullmatch(r"[0-9a-f]{32}", new_request_id(offered))


@pytest.mark.parametrize(
    "offered",
    ["4bf92f3577b34da6a3ce929d0e0e4736", "0b3e1c3e-0000-4000-8000-000000000000",
     "Root=1-5759e988-bd862e3fe1be46a994272793"],
)  # fmt: skip
def test_a_proxy_request_id_is_kept(offered):
    assert new_request_id(offered) == offered
