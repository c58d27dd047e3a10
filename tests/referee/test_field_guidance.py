"""Guidance at the field (issue 37): every empty or wrong card field says how many cards it takes
with an example that fits it, and an empty submit marks every missing field under a summary
that says what the table needs. The page and the API run one path, so both are checked: the
page's messages at the fields its paths name, the API's ``400 {"errors": {path: [...]}}``.
"""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest

from referee.games.fantasyland import SetterForm
from referee.games.island import IslandForm
from referee.games.ofc import OfcForm
from referee.games.pineapple import ShowdownForm
from referee.models import Case
from scoring.rulesets import RULESETS

# Each game's page, its API and its form (whose initial choices a browser posts).
GAMES = {
    "ofc": ("/ofc/", "/api/ofc/score/", OfcForm),
    "island": ("/island/", "/api/island/showdown/", IslandForm),
    "pineapple": ("/pineapple/", "/api/pineapple/showdown/", ShowdownForm),
    "setter": ("/ofc/fantasyland/", "/api/ofc/fantasyland/", SetterForm),
}
ISLAND_BOARD = {
    "first_set-0": "Kh",
    "first_set-1": "4c",
    "second_set-0": "9s",
    "second_set-1": "9d",
    "turn": "Jh",
    "river-0": "Qh",
    "river-1": "3d",
}
ISLAND_SLOT_LABELS = {
    "first_set-0": "First set, upper card",
    "first_set-1": "First set, lower card",
    "second_set-0": "Second set, left card",
    "second_set-1": "Second set, right card",
    "turn": "Turn",
    "river-0": "River, upper card",
    "river-1": "River, lower card",
}


def defaults(form: Any) -> dict[str, str]:
    """What a browser posts for an untouched form: each choice's initial value."""
    return {
        name: str(field.initial)
        for name, field in form.base_fields.items()
        if field.initial not in (None, "")
    }


def post_page(client: Any, game: str, data: dict[str, str], language: str = "en") -> str:
    url, _, form = GAMES[game]
    response = client.post(
        url, {**defaults(form), **data}, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 200
    return response.content.decode()


def post_api(client: Any, game: str, body: dict[str, Any], language: str = "en") -> Any:
    _, url, _ = GAMES[game]
    response = client.post(
        url, body, content_type="application/json", HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 400, response.content
    return response.json()["errors"]


def marked(html: str) -> set[str]:
    """The names of the fields the page marks as wrong (aria-invalid)."""
    return {
        re.search(r'name="([^"]+)"', tag).group(1)  # type: ignore[union-attr]
        for tag in re.findall(r"<(?:input|select|textarea)\b[^>]*>", html)
        if 'aria-invalid="true"' in tag
    }


def summary(html: str) -> tuple[str, list[str]]:
    """The summary of problems: its heading, and each item's text."""
    block = re.search(r'<div class="problems".*?</div>', html, re.S)
    assert block, "no summary of problems"
    heading = re.search(r"<h2>(.*?)</h2>", block.group(0), re.S).group(1)  # type: ignore[union-attr]
    items = re.findall(r"<li>(.*?)</li>", block.group(0), re.S)
    return unescape(heading.strip()), [unescape(re.sub(r"<[^>]+>", "", item)) for item in items]


# An empty submit -------------------------------------------------------------------------------


def test_an_empty_ofc_submit_marks_every_missing_row_and_says_how_many_boards(
    client: Any, db: Any
) -> None:
    """Before: "enter the players", lower case, no field marked, no number of boards."""
    html = post_page(client, "ofc", {})
    rows = {f"players-{seat}-{row}" for seat in (0, 1) for row in ("top", "middle", "bottom")}
    assert marked(html) == rows  # the optional third board, discards and names are not
    heading, items = summary(html)
    least = min(r.min_players for r in RULESETS.values())
    most = max(r.max_players for r in RULESETS.values())
    assert (least, most) == (2, 3)  # the sentence below is derived from this data
    assert items[0] == "Enter 2 or 3 boards of 13 cards"
    assert heading == f"{len(items)} problems to fix" and len(items) == 7
    assert "Player 1, top row (3): enter 3 cards here, e.g. Qs Qd 7c" in items
    assert "Player 2, bottom row (5): enter 5 cards here, e.g. Ah Jh 8h 6h 3h" in items
    assert not Case.objects.exists()


def test_an_empty_ofc_request_says_the_same_at_the_same_paths(client: Any, db: Any) -> None:
    errors = post_api(client, "ofc", {"ruleset": "pineapple-ofc"})
    assert errors["players"] == ["enter 2 or 3 boards of 13 cards"]
    assert errors["players.0.top"] == ["enter 3 cards here, e.g. Qs Qd 7c"]
    assert errors["players.1.middle"] == ["enter 5 cards here, e.g. 9s 9h 4c 4d 2s"]
    assert set(errors) == {"players"} | {
        f"players.{seat}.{row}" for seat in (0, 1) for row in ("top", "middle", "bottom")
    }
    # The page marks the fields these paths name, no more and no fewer.
    page = marked(post_page(client, "ofc", {}))
    assert page == {path.replace(".", "-") for path in errors if path != "players"}


def test_an_empty_island_submit_marks_all_seven_board_boxes_each_for_one_card(
    client: Any, db: Any
) -> None:
    """Before: "First set, upper card: enter 2 cards here" on a one-card box, "5 problems",
    and the lower-card boxes not marked."""
    html = post_page(client, "island", {})
    assert marked(html) == {*ISLAND_BOARD, "players-0-hole", "players-1-hole"}
    heading, items = summary(html)
    assert heading == "10 problems to fix" and len(items) == 10
    assert items[0] == "Enter the hole cards of 2 to 7 players still in the hand"
    for name, card in ISLAND_BOARD.items():
        assert f"{ISLAND_SLOT_LABELS[name]}: enter 1 card here, e.g. {card}" in items
    assert not any("2 cards here" in item for item in items)
    assert (
        "Player 1 hole cards: enter the 2 kept hole cards (3 under Phantom Ship) here, e.g. Th 8c"
        in items
    )


def test_an_empty_island_request_says_each_place_s_own_count(client: Any, db: Any) -> None:
    """The API's places hold two cards (the page splits them into one-card boxes)."""
    errors = post_api(client, "island", {})
    assert errors["first_set"] == ["enter 2 cards here, e.g. Kh 4c"]
    assert errors["turn"] == ["enter 1 card here, e.g. Jh"]
    assert errors["river"] == ["enter 2 cards here, e.g. Qh 3d"]
    assert errors["players"] == ["enter the hole cards of 2 to 7 players still in the hand"]
    assert errors["players.1.hole"] == [
        "enter the 2 kept hole cards (3 under Phantom Ship) here, e.g. Th 8c"
    ]


def test_an_empty_pineapple_submit_marks_the_board_and_two_holes(client: Any, db: Any) -> None:
    for version in ("pineapple", "crazy", "lazy"):
        html = post_page(client, "pineapple", {"game": version})
        assert marked(html) == {"board", "players-0-hole", "players-1-hole"}, version
        heading, items = summary(html)
        assert heading == "4 problems to fix"
        assert items[0] == "Enter the hole cards of 2 to 10 players"
        assert "Board: flop, turn and river: enter 5 cards here, e.g. Ah 7d 5c Kd 2s" in items
    errors = post_api(client, "pineapple", {"game": "lazy"})
    assert errors["players"] == ["enter the hole cards of 2 to 10 players"]
    assert set(errors) == {"board", "players", "players.0.hole", "players.1.hole"}


def test_an_empty_setter_submit_marks_the_cards_dealt(client: Any, db: Any) -> None:
    html = post_page(client, "setter", {})
    assert marked(html) == {"cards"}
    heading, items = summary(html)
    assert heading == "One problem to fix"
    assert items == [
        "Cards dealt (14 to 17): enter the 14 to 17 cards dealt here, "
        "e.g. Ah Ad Ac Kh Kd Qs Js Ts 9s 8s 5h 4c 3d 2c"
    ]
    assert post_api(client, "setter", {"ruleset": "pineapple-2p-v1"}) == {
        "cards": [
            "enter the 14 to 17 cards dealt here, e.g. Ah Ad Ac Kh Kd Qs Js Ts 9s 8s 5h 4c 3d 2c"
        ]
    }


def test_an_empty_submit_is_said_in_japanese(client: Any, db: Any) -> None:
    html = post_page(client, "ofc", {}, "ja")
    heading, items = summary(html)
    assert heading == "修正が必要な問題が7件あります"
    assert items[0] == "2か3人分のボード（各13枚）を入力してください"
    assert any(item.endswith("ここに3枚を入力してください（例: Qs Qd 7c）") for item in items)
    html = post_page(client, "island", {}, "ja")
    assert len(marked(html)) == 9
    _, items = summary(html)
    assert "ファーストセット、下のカード: ここに1枚を入力してください（例: 4c）" in items
    assert items[0] == "ハンドに残っている2〜7人のホールカードを入力してください"
    errors = post_api(client, "pineapple", {"game": "pineapple"}, "ja")
    assert errors["players"] == ["2〜10人のホールカードを入力してください"]
    assert post_api(client, "ofc", {"ruleset": "joker-ofc"}, "ja")["players.0.top"] == [
        "ここに3枚を入力してください（例: Qs Qd 7c）"
    ]


# A wrong field ----------------------------------------------------------------------------------


def test_an_island_box_left_empty_or_overfilled_says_what_it_takes(client: Any, db: Any) -> None:
    """One box of a two-card place: the message is the box's own, at the box."""
    data = {**ISLAND_BOARD, "first_set-1": "", "players-0-hole": "Th 8c", "players-1-hole": "9c 4s"}
    html = post_page(client, "island", data)
    assert marked(html) == {"first_set-1"}
    # At the board too, under its boxes (not only in the summary).
    text = unescape(re.sub(r"<[^>]+>", "", html))
    assert text.count("First set, lower card: enter 1 card here, e.g. 4c") == 2
    _, items = summary(html)
    assert items == ["First set, lower card: enter 1 card here, e.g. 4c"]
    # The API's place holds two cards: its own count, with an example that fits it.
    body = {"first_set": "Kh", "second_set": "9s 9d", "turn": "Jh", "river": "Qh 3d"}
    body["players"] = [{"hole": "Th 8c"}, {"hole": "9c 4s"}]
    assert post_api(client, "island", body)["first_set"] == [
        "needs exactly 2 cards, got 1, e.g. Kh 4c"
    ]
    html = post_page(client, "island", {**data, "first_set-1": "4c 5c", "river-0": "Zz"})
    assert marked(html) == {"first_set-1", "river-0"}
    _, items = summary(html)
    assert "First set, lower card: needs exactly 1 card, got 2, e.g. 4c" in items
    assert any(item.startswith("River, upper card: 'Zz' is not a card") for item in items)


def test_a_token_that_is_not_a_card_is_said_in_the_reader_s_language(client: Any, db: Any) -> None:
    """Before, the API said it in English to a Japanese reader."""
    body = {"ruleset": "pineapple-ofc", "players": [{"top": "Qs Qd Zz"}]}
    english = post_api(client, "ofc", body)["players.0.top"]
    assert english == [
        "'Zz' is not a card: a card is a rank (2-9, T or 10, J, Q, K, A) and a suit "
        "(s, h, d, c or ♠ ♥ ♦ ♣), e.g. As or 10h; a Joker is X"
    ]
    japanese = post_api(client, "ofc", body, "ja")["players.0.top"]
    assert japanese[0].startswith("'Zz'はカードではありません")


@pytest.mark.parametrize(
    ("game", "body", "path", "message"),
    [
        (
            "pineapple",
            {"game": "pineapple", "board": "Ah 7d 5c", "players": [{"hole": "Kc Ks"}]},
            "board",
            "needs exactly 5 cards, got 3, e.g. Ah 7d 5c Kd 2s",
        ),
        (
            "island",
            {"first_set": "Kh 4c", "second_set": "9s 9d", "turn": "Jh Js", "river": "Qh 3d"},
            "turn",
            "needs exactly 1 card, got 2, e.g. Jh",
        ),
    ],
)
def test_a_wrong_count_shows_an_example_that_fits_the_field(
    client: Any, db: Any, game: str, body: dict[str, Any], path: str, message: str
) -> None:
    assert post_api(client, game, body)[path] == [message]
    japanese = post_api(client, game, body, "ja")[path][0]
    assert japanese.startswith("ちょうど") and japanese.endswith("）")


# A table short of players ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "data", "missing", "message"),
    [
        (
            "ofc",
            {"players-0-top": "Qs Qd 7c", "players-0-middle": "9s 9h 4c 4d 2s"},
            {"players-0-bottom", "players-1-top", "players-1-middle", "players-1-bottom"},
            "Player 2, top row (3): enter 3 cards here, e.g. Qs Qd 7c",
        ),
        (
            "island",
            {**ISLAND_BOARD, "players-0-hole": "Th 8c"},
            {"players-1-hole"},
            "Player 2 hole cards: enter the 2 kept hole cards (3 under Phantom Ship) here, "
            "e.g. Th 8c",
        ),
        (
            "pineapple",
            {"board": "Ah 7d 5c Kd 2s", "players-0-hole": "Kc Ks"},
            {"players-1-hole"},
            "Player 2 hole cards: enter the 2 hole cards shown (2 or 3 in Lazy Pineapple) here",
        ),
    ],
)
def test_a_seat_the_table_needs_left_blank_is_marked_field_by_field(
    client: Any, db: Any, game: str, data: dict[str, str], missing: set[str], message: str
) -> None:
    """Before, a second seat left blank was dropped, and the engine's count of players ("takes
    2 to 7 players; got 1") was said above the form with no field marked."""
    html = post_page(client, game, data)
    assert marked(html) == missing
    _, items = summary(html)
    assert any(item.startswith(message) for item in items), items
    assert items[0].startswith("Enter ") and ("players" in items[0] or "boards" in items[0])
    assert not any("players; got 1" in item for item in items)
    assert not Case.objects.exists()


def test_the_api_says_the_same_of_a_blank_seat_and_takes_a_folded_one(client: Any, db: Any) -> None:
    body = {"ruleset": "pineapple-ofc", "players": [{"top": "Qs Qd 7c"}, {}]}
    errors = post_api(client, "ofc", body)
    assert errors["players"] == ["enter 2 or 3 boards of 13 cards"]
    assert errors["players.1.top"] == ["enter 3 cards here, e.g. Qs Qd 7c"]
    assert errors["players.0.middle"] == ["enter 5 cards here, e.g. 9s 9h 4c 4d 2s"]
    # A list shorter than the table needs is the engine's to count, in the ruleset's words.
    body = {"ruleset": "pineapple-2p-v1", "players": []}
    assert "takes exactly 2 players; got 0" in post_api(client, "ofc", body)["players"][0]
    # A folded player's seat with no hole cards says something: it is not blank.
    body = {
        "game": "pineapple",
        "board": "Ah 7d 5c Kd 2s",
        "players": [{"hole": "Kc Ks"}, {"folded": True}, {"hole": "3h 4h"}],
    }
    response = client.post("/api/pineapple/showdown/", body, content_type="application/json")
    assert response.status_code == 200, response.content
