"""WSGI entry point, for gunicorn."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings")
django_application = get_wsgi_application()

from referee.chunked import ChunkedBodies  # noqa: E402  (after Django is set up)

application = ChunkedBodies(django_application)
