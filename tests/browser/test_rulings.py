"""Ruling citations on a phone: each ruling is folded to one line that opens, with a tap, to its
citation; every citation link is then a 44x44 tap target and nothing scrolls sideways. A case
page lists its rulings through the same include as the scoring pages."""

from __future__ import annotations

import os

from referee.cases import record_case
from scoring.rulings import Ruling
from tests.browser.conftest import assert_fits_phone

SCREENSHOTS = os.environ.get("REFEREE_SCREENSHOTS", "")
TAP = 44  # the smallest comfortable tap target, in CSS pixels

# A short citation, citations with house readings, and the longest topic citation (it wraps).
RULINGS = [
    Ruling("OFC-BETA 6.5", "Bob", "Bob's middle row is weaker than his top row, so he fouls."),
    Ruling("PPR 7.3", "Ann", "Each half picks its own two hole cards.", interpretation="H8"),
    Ruling("PPR 7.1", "match", "The odd chip goes to the first winner clockwise.", "H9"),
    Ruling("pineapple-2p-v1 Fantasyland qualification", "Ann", "Queens qualify."),
    Ruling("JOKER-OFC 3.1", "Cy", "The Joker becomes the king of spades.", interpretation="H12"),
]


def test_every_ruling_link_is_a_44_pixel_tap_target(page, live_server, transactional_db):
    """DESIGN.md (tap targets at least 44 px): each citation and house-reading link in the
    rulings list is at least 44x44, a tap near its edge still lands on it, and the page fits."""
    case = record_case(
        "pineapple-2p-v1",
        {"ruleset": "pineapple-2p-v1", "players": [{"name": "Ann", "top": "Qs Qd 7c"}]},
        {"players": [{"name": "Ann", "score": 6}, {"name": "Bob", "score": -6}]},
        RULINGS,
    )
    page.goto(live_server.url + case.get_absolute_url())
    if SCREENSHOTS:
        page.screenshot(path=os.path.join(SCREENSHOTS, "rulings.png"), full_page=True)
    assert_fits_phone(page)
    summaries = page.locator(".rulings details.ruling > summary")
    assert summaries.count() == len(RULINGS)
    for index in range(summaries.count()):  # folded: a tap opens each to its citation
        summary = summaries.nth(index)
        box = summary.bounding_box()
        assert box is not None and box["height"] >= TAP, box
        summary.tap()
    assert page.locator(".rulings details.ruling:not([open])").count() == 0
    links = page.locator(".rulings a")
    assert page.locator(".rulings a.citation").count() == len(RULINGS)
    assert page.locator(".rulings a.interpretation-link").count() == 3
    for index in range(links.count()):
        link = links.nth(index)
        link.scroll_into_view_if_needed()  # elementFromPoint sees only the viewport
        box = link.bounding_box()
        assert box is not None
        name = link.inner_text()
        assert box["height"] >= TAP and box["width"] >= TAP, f"{name!r} is {box}"
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, f"{name!r} leaves the screen"
        # The whole box is the link: a tap 3 px inside its top-left corner still opens it.
        hit = page.evaluate(
            "([x, y]) => { const e = document.elementFromPoint(x, y);"
            " return e?.closest('a')?.textContent ?? (e?.outerHTML ?? '').slice(0, 80); }",
            [box["x"] + 3, box["y"] + 3],
        )
        assert hit == name, f"a tap at the corner of {name!r} hit {hit!r}"
    share = page.locator(".share a").bounding_box()
    assert share is not None and share["height"] >= TAP, f"the case's own link is {share}"
