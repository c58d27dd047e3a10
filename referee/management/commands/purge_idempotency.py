"""Forget the idempotency keys older than REFEREE_IDEMPOTENCY_HOURS (writes do it now and then)."""

from typing import Any

from django.core.management.base import BaseCommand

from referee.models import IdempotencyKey


class Command(BaseCommand):
    help = __doc__

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write(f"Forgot {IdempotencyKey.purge()} idempotency keys.")
