import logging

from django.apps import AppConfig


class RefereeConfig(AppConfig):
    name = "referee"
    verbose_name = "Pineapple Referee"

    def ready(self) -> None:
        from referee.logs import HideEditKeys

        # The loggers that log request paths: the development server's request lines and
        # Django's warning for each 4xx or 5xx answer.
        for name in ("django.server", "django.request"):
            logging.getLogger(name).addFilter(HideEditKeys())
