"""The API is described at /api/schema/ and browsable at /api/docs/, all served locally."""

import re

import pytest

from referee.urls import KeepMethodRedirect, urlpatterns
from referee.views.errors import api_not_found


@pytest.mark.django_db
def test_swagger_ui_loads_nothing_from_another_host(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    sources = re.findall(r'(?:src|href)="([^"]+)"', response.content.decode())
    assert sources and all(source.startswith("/") for source in sources)


@pytest.mark.django_db
def test_every_api_route_is_documented_with_its_error_answers(client):
    schema = client.get("/api/schema/?format=json").json()
    routes = {
        "/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", str(p.pattern))
        for p in urlpatterns
        if str(p.pattern).startswith("api/") and "schema" not in str(p.pattern)
        and "docs" not in str(p.pattern)
        and getattr(p.callback, "view_class", None) is not KeepMethodRedirect
        and p.callback is not api_not_found
    }  # fmt: skip
    assert routes <= set(schema["paths"])
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            answers = set(operation["responses"])
            expected = {"400"} if "requestBody" in operation else set()
            if "{" in path:
                expected.add("404")
            assert expected <= answers, f"{method.upper()} {path} documents only {answers}"
