from typing import Any
from tests.browser.test_ofc import BOARDS

def test_dbg(page: Any, live_server: Any, db: Any) -> None:
    page.goto(live_server.url + "/ofc/")
    page.locator("#id_p1_top").focus()
    for _, *rows in BOARDS:
        for row in rows:
            for card in row.split():
                page.locator(f'.picker button[data-card="{card}"]').click()
    for s in (1,2,3):
        print([page.locator(f"#id_p{s}_{r}").input_value() for r in ("top","middle","bottom","discards")])
    page.screenshot(path="/tmp/ofc_form.png", full_page=True)
