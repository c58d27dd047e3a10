"""Fuzz every API operation in-process against its own OpenAPI schema (schemathesis).

No answer may be a server error, and every answer must match what the schema documents (status
code, content type, body). Card text the schema cannot describe is refused with 400, which is
why `positive_data_acceptance` is not among the checks.
"""

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

from referee.wsgi import application

schema = schemathesis.openapi.from_wsgi("/api/schema/", application)
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    negative_data_rejection,
]


@pytest.fixture
def connections_stay_open():
    """Calling the WSGI app fires request_finished, which would close the test's connection."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.mark.django_db
@schema.parametrize()
@settings(
    max_examples=300,
    derandomize=True,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_api_never_fails_and_keeps_to_its_schema(case, connections_stay_open):
    case.call_and_validate(checks=CHECKS)
