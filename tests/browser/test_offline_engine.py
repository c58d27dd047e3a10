"""The phone's engine in the browser (issue 38): Pyodide runs the repository's scoring/ in a Web
Worker, and 200 random deals a game, given to it (restored from its start-up snapshot, as a
phone's engine starts after its first time) and to the server's API, get the same answers (the
case's link aside: the phone has none yet), in English and Japanese."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.referee.test_offline_engine import DEALS, online, plain

DEALT = 200  # deals a game
ANSWER_ALL = """async ([game, bodies, language]) => {
  await window.refereeEngine.start();
  return Promise.all(bodies.map((body) => window.refereeEngine.answer(game, body, language)));
}"""


STARTED = "window.refereeEngine.start().then((ready) => ready.snapshot)"


@pytest.fixture
def engine(page: Any, live_server: Any) -> Any:
    """A game page whose engine has started as a phone's does after its first start: restored
    from the memory snapshot that the first start kept (static/js/engine.js)."""
    page.goto(live_server.url + "/ofc/")
    page.wait_for_function("window.refereeEngine")
    assert page.evaluate(STARTED) == "made"  # loaded in full (no snapshot yet) and kept
    page.reload()
    page.wait_for_function("window.refereeEngine")
    assert page.evaluate(STARTED) == "restored"
    return page


def test_the_engine_starts_from_the_pages_own_files(engine: Any, live_server: Any) -> None:
    """Every file the worker loaded came from this server's /static/, none from elsewhere."""
    loaded = engine.evaluate(
        "performance.getEntriesByType('resource').map((entry) => entry.name)"
    )  # the page's own; the worker's are checked by the route in conftest (others are aborted)
    assert all(url.startswith(live_server.url) for url in loaded)
    said = engine.evaluate(ANSWER_ALL, ["ofc", [{"ruleset": "joker-ofc", "players": []}], "en"])
    assert said[0]["errors"]["players"], said  # an answer from the engine: too few boards


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("game", DEALS)
@settings(
    max_examples=1,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_random_deals_answer_alike_in_the_browser(
    engine: Any, client: Any, game: str, language: str, data: st.DataObject
) -> None:
    bodies = [plain(data.draw(DEALS[game])) for _ in range(DEALT // 2)]
    said = engine.evaluate(ANSWER_ALL, [game, bodies, language])
    for body, mine in zip(bodies, said, strict=True):
        mine.pop("id"), mine.pop("ms"), mine.pop("body")
        assert mine == online(client, game, body, language), body
