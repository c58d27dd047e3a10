"""A database that is down or read-only: 503 with Retry-After, and /healthz says what failed."""

from __future__ import annotations

import pytest
from django.db import OperationalError, connection
from django.test import Client

from referee.outage import RETRY_AFTER
from tests.referee.bodies import OFC_TABLE


@pytest.fixture
def web():
    """A client that answers as a server does, instead of raising the view's exception."""
    return Client(raise_request_exception=False)


@pytest.fixture
def read_only(db):
    """The test's database session refuses writes, as a standby or a full disk does."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SET TRANSACTION READ ONLY")  # till the test's transaction ends
        else:
            cursor.execute("PRAGMA query_only = ON")
    yield
    if connection.vendor != "postgresql":  # past Django, whose transaction is marked failed
        connection.connection.execute("PRAGMA query_only = OFF")


@pytest.fixture
def down(db, monkeypatch):
    """Every query fails as it does while the database server is stopped."""

    def refused(*args, **kwargs):
        raise OperationalError('connection to server at "127.0.0.1", port 5432 failed')

    with monkeypatch.context() as patch:  # undone before the test's transaction is
        patch.setattr(connection, "cursor", refused)
        yield


def assert_api_503(response, words):
    assert response.status_code == 503, response.content
    assert response["Retry-After"] == str(RETRY_AFTER)
    [message] = response.json()["errors"]["non_field_errors"]
    assert words in message and "Try again in 5 seconds" in message


def test_a_write_to_a_read_only_database_answers_503(web, read_only):
    response = web.post("/api/ofc/score/", OFC_TABLE, content_type="application/json")
    assert_api_503(response, "read-only")


def test_the_rate_limiter_meeting_a_read_only_database_answers_503(web, read_only, settings):
    """The limiter's count is the first write of every POST, before any view."""
    settings.REFEREE_RATE_LIMIT = 10
    response = web.post("/api/ofc/score/", OFC_TABLE, content_type="application/json")
    assert_api_503(response, "read-only")


def test_a_database_that_is_down_answers_503_under_api(web, down):
    assert_api_503(web.get("/api/matches/0b3e1c3e-0000-4000-8000-000000000000/"), "reached")
    assert_api_503(
        web.post("/api/ofc/score/", OFC_TABLE, content_type="application/json"), "reached"
    )


def test_pages_answer_a_plain_503(web, down):
    for response in (web.get("/cases/"), web.get("/matches/0b3e1c3e-0000-4000-8000-000000000000/")):
        assert response.status_code == 503
        assert response["Retry-After"] == "5"
        assert response["Content-Type"] == "text/plain; charset=utf-8"
        assert b"cannot be reached" in response.content


def test_an_outage_is_logged_with_its_traceback(web, down, caplog):
    web.get("/cases/")
    [record] = [r for r in caplog.records if r.name == "django.request"]
    assert record.levelname == "ERROR"
    assert record.getMessage() == "Service Unavailable: /cases/"
    assert record.exc_info and record.exc_info[0] is OperationalError


def test_other_errors_still_answer_500(web, monkeypatch):
    def bug(*args, **kwargs):
        raise ValueError("a bug, not an outage")

    monkeypatch.setattr("referee.games.base.record_case", bug)
    response = web.post("/api/ofc/score/", OFC_TABLE, content_type="application/json")
    assert response.status_code == 500
    assert response.json() == {"errors": {"non_field_errors": ["Server error."]}}


def test_healthz_reports_a_read_only_database(client, read_only):
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert response.json() == {
        "status": "database unavailable",
        "database": {"read": "ok", "write": "read-only"},
    }


def test_healthz_reports_a_database_that_is_down(client, down, caplog):
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["database"] == {"read": "down", "write": "not tried"}
    assert "Health check: database read failed" in caplog.text


@pytest.mark.django_db
def test_healthz_keeps_nothing_of_its_write(client, django_assert_max_num_queries):
    """A read and a rolled-back write to its own table, touching no other feature's."""
    from referee.models import HealthProbe, RateCount

    with django_assert_max_num_queries(5) as run:  # SELECT 1; a savepoint round an INSERT
        assert client.get("/healthz").json() == {"status": "ok"}
    sqls = [query["sql"] for query in run.captured_queries]
    assert any("healthprobe" in sql for sql in sqls) and not any("ratecount" in sql for sql in sqls)
    assert not HealthProbe.objects.exists() and not RateCount.objects.exists()


def test_livez_answers_without_the_database(client, down):
    response = client.get("/livez")
    assert response.status_code == 200
    assert response.json() == {"status": "alive"}
