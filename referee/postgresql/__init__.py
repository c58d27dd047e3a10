"""PostgreSQL for the gevent workers' pool: a connection check that costs no round trip.

A pool checks each connection before it lends it, so that one the server has closed (a restart,
an administrator ending the session) is replaced rather than failing the request: 503s after an
outage had ended. psycopg_pool's own check sends an empty query and waits for the answer: on
this project's load test that round trip took 6-8% of a scoring request (py-spy, 2 vCPUs), for a
connection used a moment before. The server says it is closing a connection before it does (a
FATAL message, or at least the end of the stream), so an idle connection it has closed has
something to read. ``lend_if_unread`` asks the socket that, with a poll that does not wait.

``ENGINE = "referee.postgresql"`` (``base.py``) is Django's backend with Django 6.1's pool, which
takes this check from ``OPTIONS["pool"]["check"]``.
"""

from __future__ import annotations

import select

import psycopg
from gevent.monkey import get_original

# The system's poll even in a gevent worker: gevent's own would wait on the event loop.
_poll = get_original("select", "poll")


def lend_if_unread(conn: psycopg.Connection) -> None:
    """psycopg_pool's ``check``: refuse a connection that is closed, or that the server has
    written to or closed while it was idle in the pool. A refused connection is closed: the
    pool replaces a closed one, but would take back one that only looks open."""
    if conn.closed or conn.broken:
        raise psycopg.OperationalError("the connection is closed")
    poller = _poll()
    poller.register(conn.fileno(), select.POLLIN)
    if poller.poll(0):
        conn.close()
        raise psycopg.OperationalError("the server wrote to or closed an idle connection")
