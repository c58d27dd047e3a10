"""The service worker that keeps the rule library for a phone with no connection (issue 38):
what it is told to keep, and the page it shows for one it does not (tests/browser/test_offline.py
drives it in Chromium with the network cut)."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from referee.models import Document
from referee.views import offline as offline_views
from tests.referee.rules_helpers import load_rules

LOADED = re.compile(r'<(?:script|link)\b[^>]*?(?:src|href)="(/[^"]*)"')


@pytest.fixture
def worker(client: Client, db: None) -> tuple[str, list[str]]:
    load_rules()
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/javascript")
    assert "no-cache" in answer["Cache-Control"]  # a new deploy's worker is found at once
    script = answer.content.decode()
    kept = json.loads(re.search(r"var KEPT = (\[.*?\]);", script).group(1))
    return script, kept


def test_it_keeps_the_rule_library_whole(worker: tuple[str, list[str]]) -> None:
    _, kept = worker
    documents = [document.get_absolute_url() for document in Document.objects.all()]
    assert len(documents) >= 5
    assert {"/rules/", "/offline/", "/jsi18n/", *documents} <= set(kept)


@pytest.mark.parametrize("path", ["/rules/", "/rules/OPR-538/", "/offline/"])
def test_it_keeps_every_file_the_pages_it_keeps_load(
    client: Client, worker: tuple[str, list[str]], path: str
) -> None:
    page = client.get(path)
    assert page.status_code == 200
    loaded = set(LOADED.findall(page.content.decode()))
    assert loaded, "the page loads no file"
    assert loaded <= set(worker[1])


def test_it_keeps_nothing_that_holds_a_key_or_a_device(worker: tuple[str, list[str]]) -> None:
    """Matches, cases and house rules belong to a device or a key: none of them is on the list,
    and the worker passes them by. The game pages are kept bare, for the phone's engine."""
    script, kept = worker
    games = {"/ofc/", "/ofc/fantasyland/", "/island/", "/pineapple/", "/pineapple/discards/"}
    assert games <= set(kept)
    others = [url for url in kept if url not in games]
    assert all(re.match(r"/(rules/|static/|jsi18n/$|offline/$)", url) for url in others), kept
    assert not any(url.startswith("/rules/house/") for url in kept)
    assert 'request.method !== "GET"' in script and "no-store" in script


def test_its_name_changes_with_what_it_keeps(client: Client, db: None) -> None:
    """The cache's name follows the list, so a deploy's files replace the old ones."""
    before = re.search(r'var CACHE = "([^"]+)"', client.get("/sw.js").content.decode()).group(1)
    load_rules()
    after = re.search(r'var CACHE = "([^"]+)"', client.get("/sw.js").content.decode()).group(1)
    assert before != after


@pytest.mark.parametrize(
    ("language", "heading", "link"),
    [("en", "No connection", "read the rules"), ("ja", "接続がありません", "ルールを読む")],
)
def test_the_offline_page_says_what_needs_the_network(
    client: Client, db: None, language: str, heading: str, link: str
) -> None:
    page = client.get("/offline/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f"<h1>{heading}</h1>" in page
    assert f'<a href="/rules/">{link}</a>' in page


def test_an_engine_built_after_collectstatic_leaves_pages_working(
    client: Client, db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bundle built after the static files were collected has no manifest entry: the pages
    answer without the engine (and say nothing of working offline), not with a 500."""

    def missing(path: str) -> str:
        raise ValueError(f"Missing staticfiles manifest entry for '{path}'")

    assert "js/answers.js" in client.get("/ofc/").content.decode()  # the engine is built
    monkeypatch.setattr(offline_views, "static", missing)
    page = client.get("/ofc/")
    assert page.status_code == 200
    assert "js/answers.js" not in page.content.decode()
    assert "data-offline-note" not in page.content.decode()
