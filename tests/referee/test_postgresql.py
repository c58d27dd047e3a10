"""The pool's connection check (referee.postgresql): no round trip, and no ended session lent."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from django.db import connection
from psycopg_pool import ConnectionPool

from referee.postgresql import lend_if_unread
from referee.postgresql.base import DatabaseWrapper

pytestmark = [
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL"),
    pytest.mark.django_db,
]


def connect() -> psycopg.Connection:
    """A connection of its own to the tests' database, as the pool opens them."""
    db = connection.settings_dict
    return psycopg.connect(
        dbname=db["NAME"],
        user=db["USER"],
        password=db["PASSWORD"],
        host=db["HOST"],
        port=db["PORT"],
        autocommit=True,
    )


@pytest.fixture
def idle() -> Iterator[psycopg.Connection]:
    conn = connect()
    yield conn
    conn.close()


def sent_and_received(conn: psycopg.Connection, check, trace: Path) -> str:
    """What ``check`` made the connection send and receive, as libpq traces it."""
    with trace.open("w") as file:
        conn.pgconn.trace(file.fileno())
        check(conn)
        conn.pgconn.untrace()
    return trace.read_text()


def end_session(conn: psycopg.Connection) -> None:
    """The server ends the connection's session, as a restart or an administrator does."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [conn.info.backend_pid])


def test_the_check_lends_an_idle_connection_without_a_round_trip(idle, tmp_path):
    assert sent_and_received(idle, lend_if_unread, tmp_path / "ours") == ""
    # psycopg_pool's own check, which it replaces, sends a query and waits for the answer.
    assert "Query" in sent_and_received(idle, ConnectionPool.check_connection, tmp_path / "own")
    assert idle.execute("SELECT 1").fetchone() == (1,)  # and the connection is as it was


def test_the_check_refuses_and_closes_a_connection_the_server_ended(idle):
    end_session(idle)
    deadline = time.monotonic() + 5  # the server's goodbye takes a moment to arrive
    with pytest.raises(psycopg.OperationalError, match="the server wrote to or closed"):
        while time.monotonic() < deadline:
            lend_if_unread(idle)
            time.sleep(0.01)
    assert idle.closed  # so the pool replaces it instead of taking it back


def test_the_check_refuses_a_closed_connection(idle):
    idle.close()
    with pytest.raises(psycopg.OperationalError, match="the connection is closed"):
        lend_if_unread(idle)


def pooled_wrapper(**pool: object) -> DatabaseWrapper:
    settings = {**connection.settings_dict, "CONN_MAX_AGE": 0}
    settings["OPTIONS"] = {**settings["OPTIONS"], "pool": {"min_size": 1, "max_size": 1, **pool}}
    return DatabaseWrapper(settings, alias="pool-check-test")


def test_the_backend_pool_runs_the_check_its_options_name():
    """Django 5.2's backend refused a ``check`` in OPTIONS["pool"]; this one runs it."""
    checked: list[psycopg.Connection] = []
    wrapper = pooled_wrapper(check=checked.append)
    try:
        wrapper.ensure_connection()  # lent by the pool
        assert checked == [wrapper.connection]
        wrapper.close()  # back to the pool
    finally:
        wrapper.close_pool()


def test_without_a_check_in_its_options_the_pool_checks_as_django_s_does(tmp_path):
    """CONN_HEALTH_CHECKS on: psycopg_pool's round-trip check, as Django's own backend uses."""
    wrapper = pooled_wrapper()
    trace = tmp_path / "trace"
    try:
        wrapper.ensure_connection()
        pooled = wrapper.connection
        wrapper.close()
        with trace.open("w") as file:
            pooled.pgconn.trace(file.fileno())
            wrapper.ensure_connection()  # the pool's one connection, lent again
            pooled.pgconn.untrace()
        assert wrapper.connection is pooled
        assert "Query" in trace.read_text()
        wrapper.close()
    finally:
        wrapper.close_pool()
