"""Anything under /api/ answers JSON, errors included; pages keep Django's HTML error pages."""

import json

import pytest

from referee.views.errors import not_found, server_error


@pytest.mark.django_db
@pytest.mark.parametrize("debug", [False, True])
@pytest.mark.parametrize("path", ["/api/no-such-thing/", "/api/ofc/", "/api/x/y/z"])
def test_an_unknown_api_path_answers_json_404(client, settings, debug, path):
    """Under debug too (make serve), where Django would otherwise draw its HTML 404 page."""
    settings.DEBUG = debug
    response = client.get(path)
    assert response.status_code == 404
    assert response.json() == {"errors": {"non_field_errors": ["Not found."]}}


@pytest.mark.django_db
def test_an_unknown_page_answers_html_404(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_a_server_error_under_api_answers_json(rf):
    response = server_error(rf.get("/api/ofc/score/"))
    assert response.status_code == 500
    assert json.loads(response.content) == {"errors": {"non_field_errors": ["Server error."]}}


def test_a_server_error_on_a_page_answers_html(rf):
    response = server_error(rf.get("/ofc/"))
    assert response.status_code == 500
    assert b"<h1>Server Error (500)</h1>" in response.content


def test_not_found_handler_keeps_pages_in_html(rf):
    assert not_found(rf.get("/rules/x/"), Exception()).status_code == 404
