import logging

from django.apps import AppConfig


class RefereeConfig(AppConfig):
    name = "referee"
    verbose_name = "Pineapple Referee"

    def ready(self) -> None:
        from referee.logs import HideEditKeys

        # The loggers that log request paths: the development server's request lines,
        # Django's warning for each 4xx or 5xx answer, and its CSRF refusals.
        for name in ("django.server", "django.request", "django.security.csrf"):
            logging.getLogger(name).addFilter(HideEditKeys())
