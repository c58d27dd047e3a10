import logging

from django.apps import AppConfig


class RefereeConfig(AppConfig):
    name = "referee"
    verbose_name = "Pineapple Referee"

    def ready(self) -> None:
        from django.core import signals

        from referee import logs
        from referee.logs import HideEditKeys

        # Each request gets its id when Django starts it and loses it once its answer is sent.
        signals.request_started.connect(logs.request_started, dispatch_uid="referee-request-id")
        signals.request_finished.connect(logs.request_finished, dispatch_uid="referee-request-id")

        # The loggers that log request paths: the development server's request lines,
        # Django's warning for each 4xx or 5xx answer, and its CSRF refusals.
        for name in ("django.server", "django.request", "django.security.csrf"):
            logging.getLogger(name).addFilter(HideEditKeys())
