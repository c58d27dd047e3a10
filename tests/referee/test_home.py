"""The home page and the health check."""

import pytest
from django.db import connection


@pytest.mark.django_db
def test_home_page_says_what_the_app_does(client):
    response = client.get("/")
    assert response.status_code == 200
    assert b"Pineapple Referee" in response.content
    assert b"htmx" in response.content  # htmx 2 served from our own static files


@pytest.mark.django_db
def test_healthz_answers_ok_when_the_database_works(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


@pytest.mark.django_db
def test_healthz_answers_503_when_the_database_fails(client, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("database is down")

    monkeypatch.setattr(connection, "cursor", broken)
    response = client.get("/healthz")
    assert response.status_code == 503
