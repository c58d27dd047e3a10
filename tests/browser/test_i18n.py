"""The pages in Japanese on a phone: they fit 390 px, and the language switch works without
JavaScript. A screenshot of each lands in tests/browser/shots/ja-*.png for a person to open."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import PHONE, assert_fits_phone
from tests.browser.test_pages import PAGES, shoot
from tests.referee.rules_helpers import load_rules


@pytest.fixture
def japanese(browser: Any, live_server: Any, transactional_db: Any) -> Any:
    """A phone whose browser asks for Japanese (Accept-Language: ja-JP)."""
    load_rules()
    context = browser.new_context(**PHONE, locale="ja-JP")
    page = context.new_page()
    yield page
    context.close()


def test_every_page_in_japanese_fits_a_phone(japanese: Any, live_server: Any) -> None:
    """Issue 19: the layout holds at 390 px with the Japanese strings, page by page."""
    wide = {}
    for path in PAGES:
        japanese.goto(live_server.url + path)
        assert japanese.locator("html").get_attribute("lang") == "ja", path
        shoot(japanese, "ja-" + (path.strip("/").replace("/", "-") or "home"))
        width = japanese.evaluate("document.documentElement.scrollWidth")
        if width > 390:
            wide[path] = width
    assert wide == {}, f"wider than 390 px: {wide}"


def test_the_switch_works_with_scripts_off(browser: Any, live_server: Any, transactional_db: Any):
    """Tap 日本語 on an English page: the same page comes back in Japanese, and stays so."""
    load_rules()
    context = browser.new_context(**PHONE, java_script_enabled=False, locale="en-GB")
    page = context.new_page()
    page.goto(live_server.url + "/ofc/")
    assert page.locator("html").get_attribute("lang") == "en"
    switch = page.get_by_role("button", name="日本語")
    box = switch.bounding_box()
    assert box and box["height"] >= 44 and box["width"] >= 44
    assert_fits_phone(page)
    switch.click()
    assert page.url == live_server.url + "/ofc/"
    assert page.locator("html").get_attribute("lang") == "ja"
    assert "CSRF verification failed" not in page.content()
    page.goto(live_server.url + "/rules/")  # remembered by its cookie
    assert page.locator("html").get_attribute("lang") == "ja"
    page.get_by_role("button", name="English").click()
    assert page.locator("html").get_attribute("lang") == "en"
    context.close()
