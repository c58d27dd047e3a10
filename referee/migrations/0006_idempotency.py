# Idempotent writes: each write sent with an Idempotency-Key keeps its answer here for its
# retries (referee/idempotency.py).

import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("referee", "0005_house_rules")]

    operations = [
        migrations.CreateModel(
            name="IdempotencyKey",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "digest",
                    models.CharField(
                        help_text="HMAC of the client, method, path and key",
                        max_length=64,
                        unique=True,
                    ),
                ),
                ("request", models.CharField(help_text="SHA-256 of what was asked", max_length=64)),
                ("status", models.PositiveSmallIntegerField(default=0)),
                ("content_type", models.CharField(blank=True, max_length=200)),
                (
                    "answer",
                    models.BinaryField(default=b"", help_text="Headers and body, encrypted"),
                ),
                (
                    "created",
                    models.DateTimeField(db_index=True, default=django.utils.timezone.now),
                ),
            ],
        ),
    ]
