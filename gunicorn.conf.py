"""gunicorn settings the app relies on wherever it is served (gunicorn reads this file itself).

The worker model: threads. A sync worker serves one connection at a time and waits on it while
the client sends its request, so a few clients that trickle their headers or body stop the
server (4 of them left /healthz unanswered for 31 s). A gthread worker keeps idle connections
in its event loop and gives a thread only to a connection that sends data; one that trickles
holds that one thread, and the other threads go on answering. tests/referee/test_gunicorn.py
holds it to 50 such clients. Each thread keeps its own database connection, opened as the worker
starts (referee/warm.py, with the views, templates and translations its first requests need),
so PostgreSQL must allow workers x threads connections. In front of the open internet, a proxy
that buffers whole requests (README, Deploying) keeps slow clients off the threads altogether.
Command-line options (`--threads 16`) override what is set here.
"""

import gc

worker_class = "gthread"
# 2 workers x 48 threads: 96 database connections at most, within PostgreSQL's default 100.
threads = 48
# Close idle kept-alive connections, and connections that send nothing, after 5 seconds.
keepalive = 5
# A worker whose event loop stops for 30 s is restarted; requests get 20 s to end on a stop.
timeout = 30
graceful_timeout = 20


def post_worker_init(worker):
    from referee import warm

    # What a worker's first requests would otherwise each wait for: imports, templates,
    # translations, and every thread's database connection (gthread workers have a pool).
    warm.warm_up()
    if getattr(worker, "tpool", None) is not None:
        warm.connect_threads(worker.tpool, worker.cfg.threads)
    # Django's startup objects live as long as the worker: move them out of the collector's
    # way, so each full collection walks only what requests allocated.
    gc.freeze()
