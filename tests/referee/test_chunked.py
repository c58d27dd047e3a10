"""Chunked request bodies (no Content-Length) are read whole, or refused saying why."""

from __future__ import annotations

import io
import json
from wsgiref.util import setup_testing_defaults

import pytest
from django.core import signals
from django.db import close_old_connections

from referee.models import Case
from referee.wsgi import application
from tests.referee.bodies import OFC_TABLE


@pytest.fixture
def connections_stay_open():
    """Calling the WSGI app fires request_finished, which would close the test's connection."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


def post_chunked(path: str, body: bytes, terminated: bool = True) -> tuple[str, dict, bytes]:
    """POST as gunicorn hands on a chunked body: decoded, ending where the body ends."""
    environ: dict = {
        "REQUEST_METHOD": "POST",
        "PATH_INFO": path,
        "CONTENT_TYPE": "application/json",
        "HTTP_TRANSFER_ENCODING": "chunked",
        "wsgi.input": io.BytesIO(body),
    }
    setup_testing_defaults(environ)
    environ.pop("CONTENT_LENGTH", None)
    environ["HTTP_HOST"] = "testserver"
    if terminated:
        environ["wsgi.input_terminated"] = True
    answer: dict = {}

    def start_response(status, headers, exc_info=None):
        answer.update(status=status, headers=dict(headers))

    content = b"".join(application(environ, start_response))
    return answer["status"], answer["headers"], content


@pytest.mark.django_db
def test_a_chunked_body_is_read_whole(connections_stay_open):
    status, _, content = post_chunked("/api/ofc/score/", json.dumps(OFC_TABLE).encode())
    assert status.startswith("200"), content
    assert json.loads(content)["players"][0]["score"] == 23
    assert Case.objects.count() == 1


@pytest.mark.django_db
def test_a_chunked_body_over_the_limit_answers_413(connections_stay_open, settings):
    body = json.dumps({**OFC_TABLE, "padding": "x" * settings.DATA_UPLOAD_MAX_MEMORY_SIZE})
    status, headers, content = post_chunked("/api/ofc/score/", body.encode())
    assert status.startswith("413")
    assert headers["Content-Type"] == "application/json"
    assert json.loads(content) == {
        "errors": {"non_field_errors": ["The request is larger than 256 KB."]}
    }
    assert not Case.objects.exists()


@pytest.mark.django_db
def test_a_body_of_exactly_the_limit_is_read(connections_stay_open, settings):
    body = json.dumps(OFC_TABLE).encode()
    body += b" " * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE - len(body))
    assert post_chunked("/api/ofc/score/", body)[0].startswith("200")


def test_a_server_that_cannot_end_a_chunked_body_answers_411():
    """Django's development server hands on the raw chunks with no end: nothing can be read."""
    status, _, content = post_chunked("/api/ofc/score/", b"7\r\n{}\r\n0\r\n\r\n", terminated=False)
    assert status == "411 Length Required"
    assert json.loads(content)["errors"]["non_field_errors"] == [
        "This server cannot read a chunked body: send it with a Content-Length."
    ]
    status, headers, content = post_chunked("/ofc/", b"", terminated=False)
    assert status.startswith("411") and headers["Content-Type"].startswith("text/plain")
