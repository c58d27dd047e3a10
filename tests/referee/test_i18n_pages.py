"""The Pineapple pages, the house rules pages, the case page and the scripts' words in Japanese."""

from __future__ import annotations

from typing import Any

from tests.referee.test_game_pineapple import LAZY

JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}


def test_the_pineapple_showdown_reads_in_japanese(client: Any, db: Any) -> None:
    """DESIGN.md's Lazy hi-lo example: the verdict's halves, the headings and the form."""
    html = client.post("/pineapple/", LAZY, follow=True, **JA).content.decode()
    assert '<html lang="ja">' in html
    assert "ハイ：Ann" in html and "ロー：Ann" in html
    assert "ショーダウンを精算" in html and "ボード：フロップ、ターン、リバー" in html
    assert "プレイヤー1の名前" in html and "ポットの分配（任意）" in html
    assert "Settle the showdown" not in html and "Change the hand" not in html


def test_a_refused_pineapple_form_says_why_in_japanese_at_the_field(client: Any, db: Any) -> None:
    data = {key: value for key, value in LAZY.items() if key != "board"}
    html = client.post("/pineapple/", data, **JA).content.decode()
    field = html[html.index('id="id_board"') :]
    assert "ここに5枚を入力してください（例: Ah 7d 5c Kd 2s）" in field[: field.index("</div>")]


def test_the_discard_referee_reads_in_japanese(client: Any, db: Any) -> None:
    html = client.get("/pineapple/discards/", **JA).content.decode()
    assert "捨て札の裁定" in html and "裁定を出す" in html and "何が起きましたか？" in html
    assert "なし：ルール集の解釈" in html
    assert "Get the ruling" not in html and "What happened?" not in html
    # The engine's own words: situations, timings, versions, and a decided verdict.
    assert "違うカードを捨てた" in html and "フロップのベッティング後、ターンの前（標準）" in html
    assert "Discarded the wrong card" not in html and "Crazy Pineapple" not in html
    answer = {"game": "crazy", "situation": "discarded_early", "player": "Ann"}
    decided = client.post("/pineapple/discards/", answer, follow=True, **JA).content.decode()
    assert "捨て札は取り消せない" in decided and "Bound by the discard" not in decided


def test_the_house_rules_pages_read_in_japanese(client: Any, db: Any) -> None:
    new = client.get("/rules/house/new/?from=pineapple-ofc", **JA).content.decode()
    assert "このルールを保存" in new and "ルールの名前" in new and "デッキと卓" in new
    assert "Save these rules" not in new
    # The settings' own labels come from the engine (scoring/house.py), said in Japanese too.
    assert "列に勝ったときの点数" in new and "Points for a row won" not in new
    readings = client.get("/rules/house/new/?from=island", **JA).content.decode()
    assert "ナチュラルのホイールにある2とそのA（H1）" in readings
    assert "A deuce and its ace" not in readings
    body = {"title": "Our table", "base": "pineapple", "changes": {"late_discard": "allowed"}}
    key = client.post("/api/house-rules/", body, content_type="application/json").json()["id"]
    html = client.get(f"/rules/house/{key}/", **JA).content.decode()
    assert "このルールで変わること" in html and "このルールでショーダウンを精算" in html
    assert "What these rules change" not in html and "Link to these rules" not in html


def test_a_case_page_reads_in_japanese(client: Any, db: Any) -> None:
    from referee.models import Case

    client.post("/pineapple/", LAZY)
    url = Case.objects.get().get_absolute_url()
    html = client.get(url, **JA).content.decode()
    assert "入力内容" in html and "ホールカード" in html and "ハイロー" in html
    assert ">Hole<" not in html and "Hi lo" not in html


def test_the_scripts_catalogue_answers_in_japanese(client: Any, db: Any) -> None:
    response = client.get("/jsi18n/", **JA)
    script = response.content.decode()
    assert response.status_code == 200 and "javascript" in response["Content-Type"]
    assert "\u30ab\u30fc\u30c9\u9078\u629e" in script or "\\u30ab\\u30fc\\u30c9" in script
    assert "Accept-Language" in response["Vary"]
    english = client.get("/jsi18n/").content.decode()
    assert "\u30ab\u30fc\u30c9" not in english and "\\u30ab" not in english


def test_the_page_loads_the_catalogue_before_the_picker(client: Any, db: Any) -> None:
    html = client.get("/pineapple/").content.decode()
    assert html.index('src="/jsi18n/"') < html.index("js/picker.js")


def test_the_pots_are_named_in_japanese(client: Any, db: Any) -> None:
    """The pots' names come from the engine (scoring/pots.py): メインポット, サイドポット1."""
    data = {**LAZY, "players-0-contributed": "20", "players-1-contributed": "50",
            "players-2-name": "Cat", "players-2-hole": "6h 8h 9c", "players-2-contributed": "50",
            "button": "2"}  # fmt: skip
    html = client.post("/pineapple/", data, follow=True, **JA).content.decode()
    assert "メインポット" in html and "サイドポット1" in html
    assert "Side pot 1" not in html and "The main pot" not in html


def test_the_rulesets_and_a_case_name_are_said_in_japanese(client: Any, db: Any) -> None:
    """The rulesets' titles (scoring.rulesets) on the match form; a case's game in its title."""
    html = client.get("/matches/new/", **JA).content.decode()
    assert "標準のパイナップルOFC、ヘッズアップ（pineapple-2p-v1）" in html
    assert "Default Pineapple OFC" not in html
    from referee.models import Case

    client.post("/pineapple/", LAZY)
    page = client.get(Case.objects.get().get_absolute_url(), **JA).content.decode()
    assert "レイジー・パイナップル" in page and "Lazy Pineapple" not in page
    assert "<strong>ハイ</strong>" in page and "The high" not in page


def test_a_discard_case_is_summed_up_in_japanese(client: Any, db: Any) -> None:
    """Its stored decision is English; a Japanese reader of the case gets the consequence."""
    from referee.models import Case

    body = {"game": "crazy", "situation": "discarded_early", "player": "Ann"}
    client.post("/api/pineapple/discards/", body, content_type="application/json")
    url = Case.objects.get().get_absolute_url()
    japanese = client.get(url, **JA).content.decode()
    assert '<div class="verdict">捨て札は取り消せない' in japanese
    assert "The early discard stands" not in japanese  # the raw result is only linked (JSON)
    assert '<div class="verdict">The early discard stands' in client.get(url).content.decode()
