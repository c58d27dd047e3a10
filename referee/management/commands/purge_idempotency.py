"""Forget the idempotency keys older than REFEREE_IDEMPOTENCY_HOURS (writes do it now and then)."""

from typing import Any

from django.core.management.base import BaseCommand

from referee.idempotency import purge


class Command(BaseCommand):
    help = __doc__

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write(f"Forgot {purge()} idempotency keys.")
