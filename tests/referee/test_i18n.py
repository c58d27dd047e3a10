"""Japanese beside English: the language from the browser or the switch, every string translated."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from referee.hand_names import category_name, hand_name, low_name
from scoring.cards import parse_cards
from scoring.hands import Category, Low, evaluate, evaluate_top

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
    guarded = Client(enforce_csrf_checks=True)
    response = guarded.post("/i18n/setlang/", {"language": "ja", "next": "/"})
    assert response.status_code == 302
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "ja"


def test_the_switch_refuses_to_send_elsewhere(client: Any, db: Any) -> None:
    response = client.post("/i18n/setlang/", {"language": "ja", "next": "https://evil.example/"})
    assert response["Location"] == "/"


def test_the_compiled_catalogue_is_current() -> None:
    """make compiles each .po into its .mo; a stale .mo shows old words."""
    for po in (ROOT / "locale").glob("*/LC_MESSAGES/*.po"):  # django and djangojs
        mo = po.with_suffix(".mo")
        assert mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime, f"run make: {mo}"


# --- Hand names, from the hand's category and ranks ------------------------------------------

HANDS_JA = [
    ("Ah Kd 9c 7s 4h", "Aハイ（K・9・7・4）"),
    ("Qs Qd 7c 5h 4d", "Qのワンペア（キッカー 7・5・4）"),
    ("Kh Kd Jc Js 9h", "KとJのツーペア（9キッカー）"),
    ("7h 7d 7c As 4h", "7のスリーカード（キッカー A・4）"),
    ("As 2d 3c 4h 5s", "5ハイのストレート"),
    ("Ah Kh 9h 7h 4h", "Aハイのフラッシュ（K・9・7・4）"),
    ("9h 9d 9c 4s 4h", "9のフルハウス（4のペア）"),
    ("Kh Kd Kc Ks 5h", "Kのフォーカード（5キッカー）"),
    ("9h Th Jh Qh Kh", "Kハイのストレートフラッシュ"),
    ("Th Jh Qh Kh Ah", "ロイヤルフラッシュ"),
]


@pytest.mark.parametrize(("cards", "name"), HANDS_JA)
def test_a_hand_is_named_in_japanese_for_every_category(cards: str, name: str) -> None:
    hand = evaluate(parse_cards(cards))
    with translation.override("ja"):
        assert hand_name(hand) == name
    with translation.override("en"):
        assert hand_name(hand) == hand.name  # English is the engine's own wording


def test_every_category_is_covered_and_named() -> None:
    assert {evaluate(parse_cards(cards)).category for cards, _ in HANDS_JA} == set(Category)
    with translation.override("ja"):
        assert category_name(Category.THREE_OF_A_KIND) == "スリーカード"


def test_a_top_row_and_a_low_are_named_in_japanese() -> None:
    with translation.override("ja"):
        assert hand_name(evaluate_top(parse_cards("Qs Qd 7c"))) == "Qのワンペア（7キッカー）"
        assert hand_name(evaluate_top(parse_cards("Ts 4d 2c"))) == "10ハイ（4・2）"
        assert low_name(Low((7, 5, 4, 2, 1))) == "7-5-4のロー"
        assert low_name(Low((5, 4, 3, 2, 1))) == "5のロー"


# --- Refusals in Japanese: the page's field and the API's 400 -----------------------------------

OFC_PAGE = {
    "ruleset": "pineapple-ofc",
    "players-0-name": "Ann",
    "players-0-top": "",
    "players-0-middle": "9s 9h 4c 4d 2s",
    "players-0-bottom": "Ah Jh 8h 6h 3h",
    "players-1-name": "Bob",
    "players-1-top": "Kc 8d 3s",
    "players-1-middle": "5s 5h 5c Ad 2h",
    "players-1-bottom": "6c 7d 8c 9c Td",
}
TOP_REQUIRED_JA = "ここに3枚を入力してください（例: Qs Qd 7c）"


def test_a_refused_form_says_why_in_japanese_at_the_field(client: Any, db: Any) -> None:
    response = client.post("/ofc/", OFC_PAGE, **JA)
    html = response.content.decode()
    assert response.status_code == 200
    field = html[html.index('id="id_players-0-top"') :]
    assert TOP_REQUIRED_JA in field[: field.index("</div>")]  # at the field itself
    assert "トップ（3枚）" in html and "点数を計算" in html


def test_an_api_refusal_is_japanese_when_asked(client: Any, db: Any) -> None:
    body = {"ruleset": "pineapple-ofc", "players": [{"name": "Ann"}, {"name": "Bob"}]}
    response = client.post("/api/ofc/score/", body, content_type="application/json", **JA)
    assert response.status_code == 400
    assert response.json()["errors"]["players.0.top"] == [TOP_REQUIRED_JA]
    english = client.post("/api/ofc/score/", body, content_type="application/json")
    assert english.json()["errors"]["players.0.top"] == ["enter 3 cards here, e.g. Qs Qd 7c"]


def test_an_unknown_choice_is_refused_in_japanese(client: Any, db: Any) -> None:
    body = {"ruleset": "pineapple-ofc", "players": "Ann"}
    response = client.post("/api/ofc/score/", body, content_type="application/json", **JA)
    assert response.status_code == 400
    assert response.json()["errors"]  # DRF's own messages come from its Japanese catalogue


def test_a_scored_hand_reads_in_japanese(client: Any, db: Any) -> None:
    """OFC-BETA 8.1's example: the rows, hands and headings in Japanese, the cards as typed."""
    data = {**OFC_PAGE, "players-0-top": "Qs Qd 7c"}
    html = client.post("/ofc/", data, follow=True, **JA).content.decode()
    assert "Qのワンペア（7キッカー）" in html
    assert "ロイヤリティ" in html and ">トップ<" in html


# --- Every marked string has its Japanese -------------------------------------------------------


def _makefile_args() -> list[str]:
    """The Makefile's makemessages arguments, so the test finds what `make makemessages` finds."""
    text = (ROOT / "Makefile").read_text().replace("\\\n", " ")
    return re.search(r"^MAKEMESSAGES_ARGS := (.+)$", text, re.M).group(1).split()  # type: ignore[union-attr]


@pytest.mark.skipif(not shutil.which("msgattrib"), reason="GNU gettext is not installed")
def test_makemessages_finds_no_string_without_japanese(tmp_path: Path) -> None:
    """makemessages on a copy of the project (so the repository's .po stays untouched) leaves
    no entry untranslated or fuzzy: the pages' (django) and the scripts' (djangojs)."""
    skip = shutil.ignore_patterns("__pycache__", "*.mo")
    for part in ("referee", "scoring", "templates", "locale", "static"):
        shutil.copytree(ROOT / part, tmp_path / part, ignore=skip)
    shutil.copy(ROOT / "manage.py", tmp_path)
    for domain in ("django", "djangojs"):
        subprocess.run(
            [sys.executable, "manage.py", "makemessages", "-d", domain, *_makefile_args()]
            + ["--verbosity", "0"],
            cwd=tmp_path,
            check=True,
        )
        _assert_translated(tmp_path / "locale" / "ja" / "LC_MESSAGES" / f"{domain}.po")


def _assert_translated(po: Path) -> None:
    assert po.exists(), f"no {po.name}: run make makemessages"
    for flag in ("--untranslated", "--only-fuzzy"):
        found = subprocess.run(
            ["msgattrib", flag, "--no-obsolete", str(po)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        entries = [block for block in found.split("\n\n") if 'msgid ""\nmsgstr ""\n"' not in block]
        assert not [e for e in entries if e.strip()], (
            f"{flag}: {entries[:5]} (run make makemessages, then translate)"
        )


def test_a_shared_case_opens_in_each_readers_language(client: Any, db: Any) -> None:
    """The same link: English for one reader, Japanese for another; caches keep one of each."""
    body = {"ruleset": "pineapple-ofc", "players": [
        {"name": "Ann", "top": "Qs Qd 7c", "middle": "5h 6h 7h 8h 9d", "bottom": "2c 2d 2h Kc Kd"},
        {"name": "Bob", "top": "Kh 4c 3d", "middle": "Ts Td 6s 5c 4s", "bottom": "As Ad 8c 8s 3c"},
    ]}  # fmt: skip
    url = client.post("/api/ofc/score/", body, content_type="application/json").json()["case"]
    english, japanese = Client().get(url), Client().get(url, **JA)
    assert "As entered" in english.content.decode()
    assert (
        "入力内容" in japanese.content.decode() and '<html lang="ja">' in japanese.content.decode()
    )
    assert {"Accept-Language", "Cookie"} <= {v.strip() for v in japanese["Vary"].split(",")}
    assert "csrf" not in japanese.content.decode().lower()  # the switch posts without a token


# --- Match, Island and rule pages in Japanese ----------------------------------------------------


def test_a_match_page_reads_in_japanese(client: Any, db: Any) -> None:
    """Start a match, add OFC-BETA 8.1's hand: the standings, the next dealer, the forms."""
    from tests.referee.match_helpers import ANN, BOB_8

    body = {"ruleset": "pineapple-ofc", "player_1": "Ann", "player_2": "Bob", "dealer": "1"}
    edit = client.post("/matches/new/", {**body, "length": "rounds:1"}, **JA)["Location"]
    html = client.get(edit, **JA).content.decode()
    assert (
        "対戦を作成しました。" in html
        and "席とコード" in html
        and "ハンド1（ディーラー：Ann）" in html
    )
    hand = {
        f"players-{seat}-{row}": board[row]
        for seat, board in enumerate([ANN, BOB_8])
        for row in ("top", "middle", "bottom")
    }
    added = client.post(edit.split("?")[0], hand, follow=True, **JA).content.decode()
    assert "ハンド1の裁定の全文" in added and "ハンド2を追加" in added
    watch = client.get(edit.split("?")[0].replace("/edit/", "/"), **JA).content.decode()
    assert "次のディーラーはBob" in watch and "ハンド2／2" in watch and "1周（2ハンド）" in watch
    assert "1ハンド後の累計：Ann +8, Bob -8" in watch and "deals next" not in watch


def test_an_island_result_reads_in_japanese(client: Any, db: Any) -> None:
    """OPR-538 4.3's example: the verdict and every hand name in Japanese."""
    from tests.referee.test_game_island import EXAMPLE

    html = client.post("/island/", EXAMPLE, follow=True, **JA).content.decode()
    assert "Bの勝ち" in html and "ボード3で9のフルハウス（4のペア）" in html
    assert "各プレイヤーの最強の役" in html and "使ったホールカード：9c 4s" in html
    assert "ハートのK" in html and "king of hearts" not in html  # a card's spoken name
    assert "ハウス解釈 H7</a>" in html  # a ruling's link to its house reading
    verdict = html[html.index('id="verdict"') :]
    assert "wins" not in verdict[: verdict.index("</p>")]  # the rulings' prose stays English


def test_an_island_refusal_is_japanese_at_its_field(client: Any, db: Any) -> None:
    from tests.referee.test_game_island import EXAMPLE

    data = {**EXAMPLE, "players-0-hole": ""}
    html = client.post("/island/", data, HTTP_HX_REQUEST="true", **JA).content.decode()
    field = html[html.index('id="id_players-0-hole"') :]
    assert (
        "ここに残したホールカード2枚（ファントムシップでは3枚）を入力してください（例: Th 8c）"
        in field[: field.index("</div>")]
    )
    assert "勝者は？" in html


def test_a_rule_article_reads_in_japanese(client: Any, db: Any) -> None:
    """OPR-538 1.3(b): the page's own words, the house reading's headings, the breadcrumb."""
    from tests.referee.rules_helpers import load_rules

    load_rules()
    html = client.get("/rules/OPR-538/1-3-b/", **JA).content.decode()
    assert "ハウス解釈 H1" in html and "<dt>問い</dt>" in html and "<dt>理由</dt>" in html
    assert 'aria-label="パンくずリスト"' in html and "OPR-538 1.3(b) を引用した最近の記録" in html
    assert "House reading" not in html and "Question" not in html
