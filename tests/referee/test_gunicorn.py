"""gunicorn as the project configures it (gunicorn.conf.py): slow clients cannot stop it
answering, and each worker's database pool is open before a request comes.

One gunicorn (2 workers, as bench/load.py runs it), as production runs it: debug off, the rate
limit on (each poll from its own address behind one proxy hop), on the database the suite runs
on (a fresh SQLite file, or a fresh database on the tests' PostgreSQL server with each worker's
pool of 20). The last tests start their own. Slow clients connect and then trickle their
headers, or their body, a line every half second while /healthz and a scoring request are
polled on fresh connections; every poll must answer in under a second. With gunicorn's
default sync workers each worker waits on one slow client, so two of them stop the server;
with a rate limiter that took a pooled connection before the body arrived, 40 trickling
bodies held every connection and every request answered 503.
"""

from __future__ import annotations

import http.client
import json
import os
import secrets
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from django.db import connection

from tests.referee.bodies import OFC_TABLE

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).with_name("gunicorn")
ANSWER_WITHIN = 1.0  # seconds, for every poll
TRICKLE_EVERY = 0.5  # seconds between a slow client's lines
POLL_FOR = 5.0  # seconds of polling while the slow clients trickle

pytestmark = pytest.mark.slow


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def production_env(database: Path) -> dict[str, str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_URL"))}
    return {
        **clean,
        "DJANGO_SETTINGS_MODULE": "referee.settings",
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "false",
        "DATABASE_URL": f"sqlite:///{database}",
        "REFEREE_PROXY_HOPS": "1",  # each poll names its own address, as a proxy would
    }


def wait_until_answering(process: subprocess.Popen[bytes], port: int) -> None:
    """Wait (30 s at most) for gunicorn's /healthz to answer 200."""
    deadline = time.monotonic() + 30
    while request(port, "GET", "/healthz", timeout=1)[0] != 200:
        assert process.poll() is None, "gunicorn exited"
        assert time.monotonic() < deadline, "gunicorn did not answer /healthz"
        time.sleep(0.1)


def postgresql_url(name: str) -> str:
    """The address of database ``name`` on the tests' PostgreSQL server."""
    db = connection.settings_dict
    login = quote(db["USER"]) + (f":{quote(db['PASSWORD'])}" if db["PASSWORD"] else "")
    return f"postgres://{login}@{db['HOST']}:{db['PORT']}/{quote(name)}"


@contextmanager
def scratch_database() -> Iterator[str]:
    """A fresh database beside the tests' own on their PostgreSQL server, dropped after."""
    name = f"gunicorn_{secrets.token_hex(4)}"
    with connection._nodb_cursor() as cursor:
        cursor.execute(f"CREATE DATABASE {name}")
    try:
        yield postgresql_url(name)
    finally:
        with connection._nodb_cursor() as cursor:
            cursor.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, django_db_blocker: Any) -> Iterator[int]:
    """gunicorn with the project's gunicorn.conf.py, debug off, the rate limit on, on a fresh
    database of the suite's kind."""
    env = production_env(tmp_path_factory.mktemp("gunicorn") / "db.sqlite3")
    with ExitStack() as stack:
        if connection.vendor == "postgresql":
            stack.enter_context(django_db_blocker.unblock())
            env["DATABASE_URL"] = stack.enter_context(scratch_database())
        manage = [sys.executable, "manage.py"]
        subprocess.run([*manage, "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
        port = free_port()
        process = subprocess.Popen(
            [str(GUNICORN), "referee.wsgi", "--workers", "2", "--bind", f"127.0.0.1:{port}"],
            cwd=ROOT,  # where gunicorn finds gunicorn.conf.py
            env=env,
            stderr=subprocess.DEVNULL,
        )
        try:
            wait_until_answering(process, port)
            yield port
        finally:
            process.terminate()
            process.wait(timeout=30)


def request(
    port: int,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
    timeout: float = 10,
) -> tuple[int, bytes, dict[str, str]]:
    """One request on a fresh connection: status, body, headers (status 0 if it failed)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        return response.status, response.read(), dict(response.getheaders())
    except OSError:
        return 0, b"", {}
    finally:
        conn.close()


def slow_client(port: int, kind: str, stop: threading.Event) -> None:
    """Open a connection and trickle a request into it until told to stop."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        if kind == "headers":
            sock.sendall(b"POST /api/ofc/score/ HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            line = b"X-Slow: %d\r\n"
        else:
            sock.sendall(
                b"POST /api/ofc/score/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n"
            )
            line = b"      %d"
        sent = 0
        while not stop.wait(TRICKLE_EVERY):
            try:
                sock.sendall(line % sent)
            except OSError:
                return
            sent += 1


Poll = tuple[str, int, float]  # what was polled, its status (0: no answer), seconds taken


def poll_while_slow_clients_trickle(port: int, kind: str, count: int) -> list[Poll]:
    """Every poll made while `count` slow clients trickle (of each kind, for "both")."""
    stop = threading.Event()
    kinds = ["headers", "body"] if kind == "both" else [kind]
    clients = [
        threading.Thread(target=slow_client, args=(port, one, stop), daemon=True)
        for one in kinds
        for _ in range(count)
    ]
    for client in clients:
        client.start()
    polls = []
    body = json.dumps(OFC_TABLE).encode()
    addresses = (f"198.51.{n // 250}.{n % 250 + 1}" for n in range(60_000))
    try:
        time.sleep(1)  # every slow client is connected and has begun its request
        deadline = time.monotonic() + POLL_FOR
        while time.monotonic() < deadline:
            for what, method, path, data in (
                ("healthz", "GET", "/healthz", None),
                ("score", "POST", "/api/ofc/score/", body),
            ):
                began = time.monotonic()
                headers = {"Content-Type": "application/json", "X-Forwarded-For": next(addresses)}
                status, _, _ = request(port, method, path, data, headers, timeout=5)
                polls.append((what, status, time.monotonic() - began))
            time.sleep(0.1)
    finally:
        stop.set()
        for client in clients:
            client.join(timeout=10)
    return polls


@pytest.mark.parametrize(
    ("kind", "count"), [("headers", 4), ("headers", 50), ("body", 50), ("both", 50)]
)
def test_slow_clients_leave_health_and_scoring_answering_within_a_second(server, kind, count):
    polls = poll_while_slow_clients_trickle(server, kind, count)
    slow = [(what, status, round(seconds, 2)) for what, status, seconds in polls
            if status != 200 or seconds >= ANSWER_WITHIN]  # fmt: skip
    assert slow == [], f"{len(slow)} of {len(polls)} polls failed or took a second or more"
    assert len(polls) >= 10


def test_a_chunked_body_is_read_whole_through_gunicorn(server):
    body = json.dumps(OFC_TABLE).encode()
    conn = http.client.HTTPConnection("127.0.0.1", server, timeout=10)
    try:
        conn.request(
            "POST",
            "/api/ofc/score/",
            body=iter([body[:40], body[40:]]),  # two chunks, no Content-Length
            headers={"Content-Type": "application/json", "Transfer-Encoding": "chunked"},
            encode_chunked=True,
        )
        response = conn.getresponse()
        assert response.status == 200
        assert json.loads(response.read())["players"][0]["score"] == 23
    finally:
        conn.close()


def test_answers_carry_a_request_id_through_gunicorn(server):
    status, _, headers = request(server, "GET", "/livez", headers={"X-Request-ID": "lb-12345678"})
    assert status == 200
    assert headers["X-Request-ID"] == "lb-12345678"


def postgresql_server(tmp_path: Path, pool: int) -> tuple[subprocess.Popen[bytes], int]:
    """gunicorn, one worker, on the tests' PostgreSQL database with a pool of ``pool``."""
    env = {
        **production_env(tmp_path / "unused.sqlite3"),
        "DATABASE_URL": postgresql_url(connection.settings_dict["NAME"]),
        "REFEREE_DB_POOL": str(pool),
    }
    port = free_port()
    process = subprocess.Popen(
        [str(GUNICORN), "referee.wsgi", "--workers", "1", "--bind", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stderr=subprocess.DEVNULL,
    )
    return process, port


def other_sessions() -> list[int]:
    """The process ids of the other sessions on the tests' database, as of now."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")  # as of now, not of the last read
        cursor.execute(
            "SELECT pid FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return [pid for (pid,) in cursor.fetchall()]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="counts PostgreSQL's connections")
@pytest.mark.django_db
def test_each_worker_opens_its_database_pool_before_the_first_request(tmp_path):
    """gunicorn.conf.py opens the worker's pool (REFEREE_DB_POOL) as the worker starts, so its
    first connections are there before any request; without the hook each would be opened by
    the first requests instead."""
    opened = 3  # the pool's first connections: min_size, as REFEREE_DB_POOL is below 4
    before = len(other_sessions())
    process, _ = postgresql_server(tmp_path, opened)  # no request is ever sent
    try:
        deadline = time.monotonic() + 30
        while len(other_sessions()) < before + opened:
            assert process.poll() is None, "gunicorn exited"
            assert time.monotonic() < deadline, f"{len(other_sessions()) - before} connected"
            time.sleep(0.1)
        time.sleep(0.5)
        assert len(other_sessions()) == before + opened
    finally:
        process.terminate()
        process.wait(timeout=30)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="ends PostgreSQL sessions")
@pytest.mark.django_db
def test_a_connection_the_server_ended_in_the_pool_is_not_lent(tmp_path):
    """The server ends one of the pooled sessions (as an administrator, or an idle timeout,
    does): the pool does not lend it (its check) but the other, and replaces it, so
    the next requests answer as before. /healthz reads and writes through the pool; lent the
    ended session it would answer 503."""
    before = set(other_sessions())
    process, port = postgresql_server(tmp_path, 2)
    try:
        wait_until_answering(process, port)
        pooled = set(other_sessions()) - before
        assert len(pooled) == 2
        ended = min(pooled)
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [ended])
        assert [request(port, "GET", "/healthz")[0] for _ in range(4)] == [200] * 4
        assert ended not in other_sessions()
        deadline = time.monotonic() + 10  # the pool opens the replacement in the background
        while len(set(other_sessions()) - before) < 2:
            assert time.monotonic() < deadline, "the ended session was not replaced"
            time.sleep(0.1)
    finally:
        process.terminate()
        process.wait(timeout=30)
