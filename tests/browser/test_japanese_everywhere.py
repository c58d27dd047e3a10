"""Japanese everywhere (issue 37): every page, and a scored result of each game, read in Japanese
on a 390x844 touch phone shows no run of three or more English words.

The results are decided by the API in Japanese (``Accept-Language: ja``), as a phone's page would
post them, and read where a player reads them: the game's page at the case's address
(``?case=``), the case page, and a match's page and its hand. The players are left nameless, so
the seats are named as the language says "Player 1", or given Japanese names.

What may stay as it is written: card notation (``Qs``, ``J♥``, ``X``), citations (``OFC-BETA
6.5``, ``H42``: a word with a digit or in capitals), and numbers. Anything else in Latin letters
counts as an English word; three in a row, in the text a reader sees, fail the test. Shorter
leftovers the issue names are looked for by their words: a ruleset's English name or title
("Pineapple OFC (OFC-BETA)", "Joker OFC"), and a nameless seat said "Player 1".
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from scoring.rulesets import RULESETS
from tests.browser.conftest import PHONE
from tests.browser.test_pages import PAGES
from tests.referee.bodies import ISLAND_4_3, LAZY_HI_LO
from tests.referee.rules_helpers import load_rules

JA = {"Accept-Language": "ja"}
CARD = re.compile(r"^(10|[2-9TJQKA])[cdhs♣♦♥♠]$|^X$")
# An English word: letters (an apostrophe or hyphen inside), not all capitals, no digit.
WORD = re.compile(r"^[A-Za-z]+(?:['’-][A-Za-z]+)*$")
# The built-in rulesets' English names and titles, and a seat named in English.
NAMES = sorted({str(words) for r in RULESETS.values() for words in (r.name, r.title)}, key=len)
SEAT = re.compile(r"\bPlayer \d+")
EDGES = "()（）[]「」『』,、.。:：;；!?\"“”'‘’…·*→=+"


def english_runs(text: str) -> list[str]:
    """Every run of three or more English words in a text (as the reader sees it)."""
    runs: list[str] = []
    for line in text.splitlines():
        run: list[str] = []
        for token in line.split():
            word = token.strip(EDGES)
            english = bool(WORD.match(word)) and not CARD.match(word) and not word.isupper()
            if english:
                run.append(token)
                continue
            if len(run) >= 3:
                runs.append(" ".join(run))
            run = []
        if len(run) >= 3:
            runs.append(" ".join(run))
    return runs


def test_the_detector_finds_english_and_lets_cards_and_citations_be() -> None:
    assert english_runs("Pineapple OFC: 2 or 3 players") == []
    assert english_runs("パイナップルOFC（OFC-BETA）") == []
    assert english_runs("Qs Qd 7c Ah Jh 8h 6h 3h X") == []
    assert english_runs("OFC-BETA 6.5 H42 JOKER-OFC 3.1") == []
    assert english_runs("根拠: enter the players here") == ["enter the players here"]
    assert english_runs("the referee finds the fouls") == ["the referee finds the fouls"]


def visible_text(page: Any) -> str:
    """The text a reader sees: the page's title, the body's rendered text and each field's
    placeholder."""
    return page.evaluate(
        """() => [document.title, document.body.innerText,
            ...[...document.querySelectorAll('[placeholder]')].map(e => e.placeholder)
        ].join('\\n')"""
    )


def open_everything(page: Any) -> None:
    """Open every <details>, so what a reader can unfold is read too."""
    page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")


@pytest.fixture
def japanese(browser: Any, live_server: Any, transactional_db: Any) -> Any:
    load_rules()
    context = browser.new_context(**PHONE, locale="ja-JP", extra_http_headers=JA)
    page = context.new_page()
    yield page
    context.close()


def api(page: Any, url: str, body: dict[str, Any], server: Any, **headers: str) -> dict[str, Any]:
    answer = page.request.post(server.url + url, data=body, headers={**JA, **headers})
    assert answer.ok, (url, answer.status, answer.text())
    return answer.json()


def case_id(answer: dict[str, Any]) -> str:
    return str(answer["case"]).rstrip("/").rsplit("/", 1)[-1]


def leftovers(page: Any) -> list[str]:
    """What on the page a Japanese reader would read in English."""
    open_everything(page)
    text = visible_text(page)
    found = english_runs(text) + [name for name in NAMES if name in text]
    return sorted(set(found + SEAT.findall(text)))


def results(page: Any, server: Any, found: dict[str, list[str]]) -> list[str]:
    """Decide one result of each game in Japanese; the addresses where each is read. The pages
    read on the way (taking a match's editing) put what they leave in English in ``found``."""
    nameless = [
        {"top": "Qs Qd 7c", "middle": "9s 9h 4c 4d 2s", "bottom": "Ah Jh 8h 6h 3h"},
        {"top": "Kc 8d 3s", "middle": "Tc 9d 5s 4h 2h", "bottom": "6c 7d 8c 9c Ts"},
    ]
    house = api(page, "/api/house-rules/", {"title": "うちのルール", "base": "pineapple-ofc",
                                            "changes": {"foul_penalty": 3}}, server)  # fmt: skip
    jokers = [
        {"top": "X Qd 7c", "middle": "9s 9h 4c 4d 2s", "bottom": "Ah Jh X 6h 3h"},
        {"top": "Kc 8d 3s", "middle": "5s 5h 5c Ad 2h", "bottom": "6c 7d 8c 9c Td"},
    ]
    decided = [
        ("/ofc/", "/api/ofc/score/", {"ruleset": "pineapple-ofc", "players": nameless}),
        ("/ofc/", "/api/ofc/score/", {"ruleset": "joker-ofc", "players": jokers}),
        ("/ofc/", "/api/ofc/score/", {"ruleset": house["key"], "players": nameless}),
        ("/island/", "/api/island/showdown/",
         {**ISLAND_4_3, "players": [{"hole": "Th 8c"}, {"hole": "9c 4s"}]}),
        ("/pineapple/", "/api/pineapple/showdown/",
         {"game": "pineapple", "board": "Ah 7d 5c Kd 2s",
          "players": [{"hole": "3h 4h"}, {"hole": "Kc Ks"}]}),
        ("/pineapple/", "/api/pineapple/showdown/",
         {**LAZY_HI_LO, "players": [{"hole": "3h 4h Qs", "chips": 10},
                                    {"hole": "Kc Ks 8d", "chips": 30},
                                    {"hole": "2c 3c 9h", "chips": 30}]}),
        ("/pineapple/discards/", "/api/pineapple/discards/",
         {"game": "crazy", "situation": "discard_timing", "timing": "after_flop"}),
        ("/ofc/fantasyland/", "/api/ofc/fantasyland/",
         {"ruleset": "pineapple-2p-v1", "cards": "Ah Ad Ac Kh Kd Qs Js Ts 9s 8s 5h 4c 3d 2c",
          "played": {"top": "Kh Kd 2c", "middle": "Ah Ad Ac 5h 4c", "bottom": "Qs Js Ts 9s 8s"}}),
    ]  # fmt: skip
    addresses = []
    for shown, url, body in decided:
        case = case_id(api(page, url, body, server))
        addresses += [f"{shown}?case={case}", f"/cases/{case}/"]
    match = api(page, "/api/matches/", {"ruleset": "pineapple-ofc", "players": ["太郎", "花子"],
                                        "dealer": "太郎", "rounds": 1}, server)  # fmt: skip
    page.goto(match["edit_url"])  # the editor's code, offered on this phone
    found["the editor's join code"] = leftovers(page)
    page.locator("form.join-offer button[type=submit]").click()
    page.wait_for_load_state()
    players = [{"name": "太郎", **nameless[0]}, {"name": "花子", **nameless[1]}]
    hands = f"/api/matches/{match['id']}/hands/"
    hand = api(page, hands, {"players": players}, server, **{"X-Edit-Key": match["edit_key"]})
    addresses += [
        f"/matches/{match['id']}/",
        f"/matches/{match['id']}/edit/",
        f"/cases/{case_id(hand)}/",
    ]
    addresses.append(f"/rules/house/{house['key'].removeprefix('house:')}/")
    addresses.append(match["edit_url"].removeprefix(server.url))  # a used code
    return addresses


def test_every_page_and_result_in_japanese_has_no_english_sentence(
    japanese: Any, live_server: Any
) -> None:
    found: dict[str, list[str]] = {}
    for path in [*PAGES, *results(japanese, live_server, found)]:
        japanese.goto(live_server.url + path)
        assert japanese.locator("html").get_attribute("lang") == "ja", path
        if "?case=" in path:  # the verdict is on the page, not only the form
            assert japanese.locator("#outcome .result, #outcome .verdict").count() > 0, path
        found[path] = leftovers(japanese)
    found = {path: runs for path, runs in found.items() if runs}
    assert found == {}, "English in Japanese:\n" + "\n".join(
        f"{path}: {runs}" for path, runs in found.items()
    )
