"""gunicorn settings the app relies on wherever it is served (gunicorn reads this file itself).

The worker model: gevent. A sync worker serves one connection at a time and waits on it while
the client sends its request, so a few clients that trickle their headers or body stop the
server (4 of them left /healthz unanswered for 31 s). A gevent worker serves each connection in
a greenlet of its own on one thread: one that trickles waits without holding anything, and the
others go on answering (tests/referee/test_gunicorn.py holds it to 50 such clients). Threaded
workers (gthread) held slow clients too, but their requests shared the GIL with the thread that
accepts connections, and under load each of its socket calls waited for it: at 32 clients
scoring p99 was 158-165 ms against 64-66 ms here, at 430 against 565 requests a second
(bench/load.py). A request runs to its end or its next wait on the network, so a request that
computes for long delays the others: the engines answer in milliseconds.

Each greenlet would open its own database connection: with REFEREE_DB_POOL each worker keeps a
pool of at most that many on PostgreSQL (referee/settings.py), opened as the worker starts
(referee/warm.py, with the views, templates and translations its first requests need), so
PostgreSQL must allow workers x REFEREE_DB_POOL connections. In front of the open internet, a
proxy that buffers whole requests (README, Deploying) keeps slow clients off the workers
altogether. Command-line options (`--worker-connections 500`) override what is set here.
"""

import gc
import os

worker_class = "gevent"
# One worker a core, and at least two, so that one answers while another restarts
# (WEB_CONCURRENCY overrides it, as most platforms set it). A worker already covers its own
# waits on the database with its greenlets; a second worker a core only takes turns with the
# first for the core. bench/load.py on 2 cores, 32 clients, alternating: 2 workers scored
# 553-600 requests a second at p99/p50 1.7-2.0, 4 workers 424-491 at 2.5-3.6 (and /healthz
# 1,231-1,291 against 982-1,081).
workers = int(os.environ.get("WEB_CONCURRENCY", max(2, os.cpu_count() or 1)))
# Connections each worker serves at once; more wait for it to accept them.
worker_connections = 1000
# Each worker's pool: PostgreSQL must allow workers x REFEREE_DB_POOL connections (on 2 cores,
# 2 x 20 = 40, within its default 100; lower it, or raise max_connections, on larger machines).
os.environ.setdefault("REFEREE_DB_POOL", "20")
# No control socket: nothing here uses gunicorn's control commands (signals do), and its one
# default path under $HOME let two instances on one machine delete each other's.
control_socket_disable = True
# Close idle kept-alive connections after 5 seconds.
keepalive = 5
# A worker whose event loop stops for 30 s is restarted; requests get 20 s to end on a stop.
timeout = 30
graceful_timeout = 20


def post_worker_init(worker):
    from referee import warm

    # What a worker's first requests would otherwise each wait for: imports, templates,
    # translations, and the database connections its pool opens first.
    warm.warm_up()
    warm.open_pool()
    # Django's startup objects live as long as the worker: move them out of the collector's
    # way, so each full collection walks only what requests allocated.
    gc.freeze()
