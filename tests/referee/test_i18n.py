"""Japanese beside English: the language from the browser or the switch, every string translated."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}


def test_a_page_is_japanese_when_the_browser_asks_for_it(client: Any, db: Any) -> None:
    response = client.get("/", **JA)
    html = response.content.decode()
    assert response["Content-Language"] == "ja"
    assert '<html lang="ja">' in html
    assert "ルール" in html and ">Rules<" not in html
    assert "Accept-Language" in response["Vary"]


def test_a_page_is_english_by_default(client: Any, db: Any) -> None:
    html = client.get("/").content.decode()
    assert '<html lang="en">' in html and ">Rules<" in html


def test_the_switch_works_without_javascript_and_is_remembered(client: Any, db: Any) -> None:
    """A plain form post to set_language: the next page is Japanese, and so is every later one."""
    html = client.get("/rules/").content.decode()
    assert 'action="/i18n/setlang/"' in html and 'name="next" value="/rules/"' in html
    response = client.post("/i18n/setlang/", {"language": "ja", "next": "/rules/"})
    assert response.status_code == 302 and response["Location"] == "/rules/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "ja"
    for url in ("/rules/", "/ofc/", "/cases/"):
        assert '<html lang="ja">' in client.get(url).content.decode()
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert '<html lang="en">' in client.get("/", **JA).content.decode()  # the cookie wins


def test_the_switch_on_a_case_page_carries_no_token(client: Any, db: Any) -> None:
    """A case page is kept by any cache, so its switch posts without a visitor's CSRF token."""
    from django.test import Client

    guarded = Client(enforce_csrf_checks=True)
    response = guarded.post("/i18n/setlang/", {"language": "ja", "next": "/"})
    assert response.status_code == 302
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "ja"


def test_the_switch_refuses_to_send_elsewhere(client: Any, db: Any) -> None:
    response = client.post("/i18n/setlang/", {"language": "ja", "next": "https://evil.example/"})
    assert response["Location"] == "/"


def test_the_compiled_catalogue_is_current() -> None:
    """make compiles each .po into its .mo; a stale .mo shows old words."""
    for po in (ROOT / "locale").glob("*/LC_MESSAGES/django.po"):
        mo = po.with_suffix(".mo")
        assert mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime, f"run make: {mo}"
