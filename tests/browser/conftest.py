"""Browser tests: Debian's Chromium driven by Playwright, on a phone-sized screen.

Use the `page` fixture (390x844, touch) with pytest-django's `live_server`. Without a browser
these tests are skipped locally; CI sets REFEREE_REQUIRE_BROWSER=1, which makes that a failure.
"""

import os
import shutil
from typing import Any

import pytest
from playwright.sync_api import expect

# Playwright's sync API keeps an event loop running in the test thread, and Django refuses
# database access from such a thread unless told it is safe (it is: the loop is Playwright's).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# Service workers are blocked but where a test is about one (test_offline.py): Playwright's
# routes do not see the requests a worker makes, and a worker installing fetches pages.
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "service_workers": "block",
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser/" in str(item.path).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not os.path.exists(CHROMIUM):
        message = "Chromium is not installed: apt-get install --no-install-recommends chromium"
        if os.environ.get("REFEREE_REQUIRE_BROWSER") == "1":
            pytest.fail(message)
        pytest.skip(message)
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, **PHONE}


@pytest.fixture
def page(page: Any, live_server: Any, transactional_db: Any) -> Any:
    """A phone-sized page whose requests may only reach the live server.

    It is closed before the test's database is emptied, so a page still polling the
    standings cannot reach into it.
    """
    page.route(
        "**/*",
        lambda route: (
            route.continue_() if route.request.url.startswith(live_server.url) else route.abort()
        ),
    )
    page.base_url = live_server.url
    yield page
    page.close()


def assert_on_first_screen(locator: Any) -> None:
    """Wholly on the screen a person sees. An htmx answer scrolls to the top as it settles,
    a moment after it is swapped in, so this waits for the scroll (and fails if it never comes)."""
    expect(locator).to_be_in_viewport(ratio=1)
    box = locator.bounding_box()
    height = PHONE["viewport"]["height"]
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, box


def assert_fits_phone(page: Any) -> None:
    """No sideways scrolling on a 390-pixel screen."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"page is {width}px wide on a 390px screen"
