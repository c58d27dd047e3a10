"""gunicorn settings the app relies on wherever it is served (gunicorn reads this file itself)."""

import gc


def post_worker_init(worker):
    # Django's startup objects live as long as the worker: move them out of the collector's
    # way, so each full collection walks only what requests allocated.
    gc.freeze()
