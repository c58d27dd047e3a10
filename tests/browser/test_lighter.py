"""Issue 37, lighter: on a 390x844 phone a result is about two screens before its rulings, each
ruling folded to one line that opens to its citation (a <details>, so it works with JavaScript
off); htmx injects no inline style; static files are compressed and cache-busted in production.

(The header's 120 px is checked on every page by test_pages.py.)
"""

from __future__ import annotations

import gzip
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client, override_settings
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, assert_fits_phone
from tests.browser.test_case_address import fill_island
from tests.browser.test_console import fill_lazy_hi_lo, fill_ofc
from tests.referee.rules_helpers import load_rules

ROOT = Path(__file__).resolve().parents[2]
SCREEN = PHONE["viewport"]["height"]
TWO_SCREENS = 2 * SCREEN
TAP = 44

# Where the result starts and its rulings start, in page pixels, and the result's height.
MEASURE = """() => {
  const result = document.querySelector('#outcome > section.result');
  const rulings = result.querySelector('.rulings');
  const top = (e) => e.getBoundingClientRect().top + window.scrollY;
  return {result: top(result), rulings: top(rulings),
          height: result.getBoundingClientRect().height};
}"""


def fill_island_three(page: Any) -> None:
    fill_island(page)
    page.locator("#id_players-2-name").fill("C")
    page.locator("#id_players-2-hole").fill("Ac 2h")


def fill_lazy_hi_lo_three(page: Any) -> None:
    """Three players of Lazy hi-lo, each with a high and a low hand: the tallest 3-player
    showdown (a fourth seat and a side pot add a panel and a table row)."""
    fill_lazy_hi_lo(page)
    for field in ("players-3-name", *(f"players-{seat}-contributed" for seat in range(4))):
        page.locator(f"#id_{field}").fill("")
    page.locator("#id_players-3-folded").uncheck()


# A 3-player table of each: OFC, Lazy Pineapple high-low, Island Pineapple.
RESULTS = {
    "ofc": ("/ofc/", fill_ofc, "[data-testid=totals]"),
    "pineapple": ("/pineapple/", fill_lazy_hi_lo_three, "#verdict"),
    "island": ("/island/", fill_island_three, "#verdict"),
}


def assert_whole_on_first_screen(locator: Any) -> None:
    """As conftest's assert_on_first_screen, less a pixel of rounding at the top (the showdown
    scrolls its verdict to -0.2 px)."""
    expect(locator).to_be_in_viewport(ratio=0.99)
    box = locator.bounding_box()
    assert box is not None and box["y"] >= -1 and box["y"] + box["height"] <= SCREEN, box


def scored(page: Any, live_server: Any, game: str) -> Any:
    """The game's page with its example scored by a tap; the verdict's locator."""
    path, fill, verdict = RESULTS[game]
    page.goto(live_server.url + path)
    fill(page)
    page.locator("form[hx-post] button[type=submit]").tap()
    shown = page.locator(verdict).first
    expect(shown).to_be_visible()
    return shown


@pytest.mark.parametrize("game", list(RESULTS))
def test_a_result_is_two_screens_before_its_rulings_each_folded_to_one_line(
    page: Any, live_server: Any, transactional_db: Any, game: str
) -> None:
    """The verdict on the first screen; the rulings start within two screens of the page's top
    (a 3-player OFC result was 7,092 px); each ruling is one 44 px line, closed."""
    verdict = scored(page, live_server, game)
    assert_whole_on_first_screen(verdict)
    place = page.evaluate(MEASURE)
    assert place["rulings"] <= TWO_SCREENS, place
    rulings = page.locator("#outcome .rulings > li > details.ruling")
    assert rulings.count() >= 3
    for summary in page.locator("#outcome .rulings > li > details > summary").all():
        box = summary.bounding_box()
        assert TAP <= box["height"] < 2 * TAP, box  # one line, a tap target
    assert page.locator("#outcome .rulings details[open]").count() == 0
    assert page.locator("#outcome .rulings a.citation").first.is_hidden()
    assert_fits_phone(page)


def test_a_ruling_opens_to_its_whole_sentence_and_its_citation_which_opens_the_article(
    page: Any, live_server: Any, transactional_db: Any
) -> None:
    load_rules()  # the articles the citations open
    scored(page, live_server, "ofc")
    ruling = page.locator("#outcome .rulings details.ruling").first
    summary = ruling.locator("summary")
    folded = summary.bounding_box()["height"]
    text = summary.inner_text()
    summary.tap()
    expect(ruling).to_have_attribute("open", "")
    assert summary.bounding_box()["height"] > folded  # the whole sentence, wrapped
    assert summary.inner_text() == text
    citation = ruling.locator("a.citation")
    expect(citation).to_be_visible()
    box = citation.bounding_box()
    assert box["height"] >= TAP and box["width"] >= TAP, box
    href = citation.get_attribute("href")
    assert href.startswith("/rules/")
    with page.expect_navigation():
        citation.tap()
    assert page.url.split("#")[0] == live_server.url + href.split("#")[0]
    expect(page.locator("h1")).to_be_visible()


def test_with_scripts_off_a_folded_ruling_still_opens_to_its_citation(
    browser: Any, live_server: Any, transactional_db: Any
) -> None:
    context = browser.new_context(**PHONE, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(live_server.url + "/ofc/")
        fill_ofc(page)
        page.locator("form [type=submit]").last.click()
        page.wait_for_load_state()
        ruling = page.locator("#outcome .rulings details.ruling").first
        citation = ruling.locator("a.citation")
        assert citation.is_hidden()
        ruling.locator("summary").click()
        expect(citation).to_be_visible()
        assert citation.get_attribute("href").startswith("/rules/")
    finally:
        context.close()


def test_htmx_adds_no_inline_style_for_its_indicator(
    page: Any, live_server: Any, transactional_db: Any
) -> None:
    """htmx's includeIndicatorStyles is off (its <style> would break style-src 'self' and log
    18-46 errors per result); the stylesheet styles the busy button instead."""
    scored(page, live_server, "ofc")
    assert page.evaluate("htmx.config.includeIndicatorStyles") is False
    assert page.locator("style").count() == 0  # htmx's own would be in <head>
    css = (ROOT / "static/css/app.css").read_text()
    assert ".htmx-request .busy" in css


def test_production_takes_whitenoises_compressed_manifest_storage() -> None:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_URL"))}
    env = {**clean, "DJANGO_SETTINGS_MODULE": "referee.settings"}
    code = (
        "import django; django.setup(); from django.conf import settings;"
        " print(settings.STORAGES['staticfiles']['BACKEND'])"
    )
    production = {**env, "DJANGO_DEBUG": "false", "DJANGO_SECRET_KEY": "x" * 50}
    said = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=production, capture_output=True, text=True
    )
    assert said.stdout.strip() == "whitenoise.storage.CompressedManifestStaticFilesStorage", said
    development = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert development.stdout.strip().endswith(".StaticFilesStorage")


MANIFEST = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}


def test_collected_static_files_are_sent_gzipped_under_hashed_names_cached_for_good(
    tmp_path: Path, db: Any
) -> None:
    """What production sends: collectstatic names each file by its content's hash and keeps a
    gzipped copy; WhiteNoise sends that copy to a browser that takes gzip, cached for good,
    and a page links the hashed name."""
    with override_settings(STORAGES=MANIFEST, STATIC_ROOT=tmp_path, WHITENOISE_AUTOREFRESH=False):
        call_command("collectstatic", interactive=False, verbosity=0)
        page = Client().get("/ofc/").content.decode()
        css = re.search(r'href="(/static/css/app\.[0-9a-f]{12}\.css)"', page)
        assert css, "the page links app.css by its hashed name"
        answer = Client().get(css.group(1), HTTP_ACCEPT_ENCODING="gzip")
        assert answer.status_code == 200
        assert answer["Content-Encoding"] == "gzip"
        assert "immutable" in answer["Cache-Control"]
        body = gzip.decompress(b"".join(answer.streaming_content))
        assert body == (tmp_path / css.group(1).removeprefix("/static/")).read_bytes()
        assert int(answer["Content-Length"]) < len(body)
