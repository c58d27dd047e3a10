"""Fixtures shared by every test."""

import pytest


@pytest.fixture(autouse=True)
def _no_rate_limit(settings):
    """Tests post many times from one address; the rate-limit tests turn the limit back on."""
    settings.REFEREE_RATE_LIMIT = 0
