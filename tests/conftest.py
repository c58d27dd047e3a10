"""Fixtures shared by every test."""

import pytest
from django.conf import settings as django_settings


@pytest.fixture(autouse=True)
def _no_rate_limit(settings):
    """Tests post many times from one address; the rate-limit tests turn the limit back on."""
    settings.REFEREE_RATE_LIMIT = 0


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings, tmp_path_factory):
    """SQLite in a file, as in production, not in memory: Django lends an in-memory database's
    one connection to every thread of the live server, so two requests at once (a page and its
    service worker sending the same case) would run in one transaction. In a file, each opens
    its own connection."""
    database = django_settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        folder = tmp_path_factory.mktemp("db")
        database.setdefault("TEST", {})["NAME"] = str(folder / "test.sqlite3")
