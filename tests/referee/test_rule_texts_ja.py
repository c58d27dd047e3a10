"""The rule library in Japanese (issue 19): every text has its Japanese twin, true to the English.

Each ``referee/rules/<id>.toml`` has ``referee/rules/ja/<id>.toml`` beside it, keyed by article
number, and each ``interpretations/<name>.toml`` has ``interpretations/ja/<name>.toml``, keyed by
interpretation id. The checks on the files read the repository alone; the loader and page checks
use the fixture document TEST-1 with a Japanese twin written here.
"""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest
from django.core.management.base import CommandError

from referee.management.commands.load_rules import RULES_DIR
from referee.models import Article, Interpretation
from scoring.rulings import DOCUMENTS
from tests.referee.rules_helpers import FIXTURE_RULES, load_rules

INTERPRETATIONS_DIR = RULES_DIR / "interpretations"
ARTICLE_FIELDS = ("section", "heading", "text", "example")
INTERPRETATION_FIELDS = ("title", "question", "reading", "reasoning")
DOCUMENT_NAMES = "|".join(re.escape(code) for code in sorted(DOCUMENTS, key=len, reverse=True))
# "JOKER-OFC 3.1", "OPR-538 1.3(a)", "HOUSE-<id> wheel" is not a library citation.
DOCUMENT_CITATION = re.compile(rf"(?<![\w-])(?:{DOCUMENT_NAMES}) \d+(?:\.\d+)*(?:\([a-z]\))?")
INTERPRETATION_CITATION = re.compile(r"(?<![\w-])H\d+(?!\w)")
# A card ("Qs", "Td", "10h"), but not the English word "As" ("As the six in ...").
CARD = re.compile(r"(?<![\w-])(?:[2-9TJQKA]|10)[shdc](?!\w)(?!(?<=As)\s[a-z]{2})")
# Ranks in a row ("A-K-Q-8-3", "9-9"), and the scoring methods "2-4" and "2-7" lowball.
RANK_RUN = re.compile(r"(?<![\w-])(?:[2-9TJQKA]|10)(?:-(?:[2-9TJQKA]|10))+(?![\w-])")
# Kana or kanji: the text is written in Japanese.
JAPANESE_SCRIPT = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def read(path: Path) -> dict[str, Any]:
    assert path.is_file(), f"{path} is missing"
    with path.open("rb") as handle:
        return tomllib.load(handle)


def english_documents() -> list[Path]:
    return sorted(RULES_DIR.glob("*.toml"))


def english_interpretation_files() -> list[Path]:
    return sorted(INTERPRETATIONS_DIR.glob("*.toml"))


def pairs() -> list[tuple[str, str, str]]:
    """Every (where, English, Japanese) text pair of the library."""
    found = []
    for path in english_documents():
        english = read(path)
        japanese = read(RULES_DIR / "ja" / path.name)
        found.append((f"{path.stem} summary", english["summary"], japanese["summary"]))
        for entry in english["article"]:
            twin = japanese["article"][entry["number"]]
            for field in ARTICLE_FIELDS:
                if entry.get(field):
                    where = f"{path.stem} {entry['number']} {field}"
                    found.append((where, entry[field], twin[field]))
    for path in english_interpretation_files():
        japanese = read(INTERPRETATIONS_DIR / "ja" / path.name)
        for entry in read(path)["interpretation"]:
            for field in INTERPRETATION_FIELDS:
                found.append((f"{entry['id']} {field}", entry[field], japanese[entry["id"]][field]))
    return found


@pytest.mark.parametrize("path", english_documents(), ids=lambda path: path.stem)
def test_every_article_of_every_document_has_its_japanese_text(path: Path) -> None:
    """Issue 19: "each article ... has its Japanese text beside the English"."""
    english = read(path)
    japanese = read(RULES_DIR / "ja" / path.name)
    assert japanese["id"] == english["id"]
    assert japanese["title"].strip() and japanese["summary"].strip()
    numbers = [entry["number"] for entry in english["article"]]
    assert list(japanese["article"]) == numbers
    for entry in english["article"]:
        twin = japanese["article"][entry["number"]]
        wanted = {field for field in ARTICLE_FIELDS if entry.get(field)}
        assert set(twin) == wanted, entry["number"]
        assert all(twin[field].strip() for field in wanted), entry["number"]


@pytest.mark.parametrize("path", english_interpretation_files(), ids=lambda path: path.stem)
def test_every_house_interpretation_has_its_japanese_text(path: Path) -> None:
    """Issue 19: "each ... house interpretation has its Japanese text beside the English"."""
    codes = [entry["id"] for entry in read(path)["interpretation"]]
    japanese = read(INTERPRETATIONS_DIR / "ja" / path.name)
    assert list(japanese) == codes
    for code in codes:
        assert set(japanese[code]) == set(INTERPRETATION_FIELDS), code
        assert all(japanese[code][field].strip() for field in INTERPRETATION_FIELDS), code


def test_japanese_texts_keep_every_citation_of_the_english() -> None:
    """Issue 19: "citations (JOKER-OFC 3.1) stay identical in both"."""
    lost = [
        (where, citation)
        for where, english, japanese in pairs()
        for pattern in (DOCUMENT_CITATION, INTERPRETATION_CITATION)
        for citation in sorted(set(pattern.findall(english)))
        if citation not in japanese
    ]
    assert lost == []


def test_japanese_texts_keep_the_cards_as_written() -> None:
    """Issue 19: "Card notation stays as it is" (Qs, 2s As 3s, A-K-Q-8-3)."""
    lost = [
        (where, token)
        for where, english, japanese in pairs()
        for pattern in (CARD, RANK_RUN)
        for token in sorted(set(pattern.findall(english)))
        if not re.search(rf"(?<![A-Za-z0-9-]){re.escape(token)}(?![A-Za-z0-9])", japanese)
    ]
    assert lost == []


def test_the_card_pattern_tells_a_card_from_the_word_as() -> None:
    """The check above must see "As" in "2s As 3s" and not in "As the six"."""
    assert CARD.findall("2s As 3s, Td. As the six in 10h") == ["2s", "As", "3s", "Td", "10h"]


def test_japanese_texts_are_japanese() -> None:
    """A twin that is still the English text is not a translation."""
    untranslated = [
        where
        for where, english, japanese in pairs()
        if english.strip() == japanese.strip() or not JAPANESE_SCRIPT.search(japanese)
    ]
    assert untranslated == []


TWIN = """\
id = "TEST-1"
title = "テスト卓のルール"
summary = "テスト専用の文書です。"

[article."1.1"]
section = "配り方"
heading = "誰が配るか"
text = \"\"\"前回のディーラーの右隣のプレイヤーが次に配ります。

同じ人が続けて配ることはありません。\"\"\"

[article."1.2(a)"]
section = "配り方"
heading = "ミスディール"
text = "配っている間にカードが表になったら、配り直しです。"
example = "Ann が配っている間に 7h を表にした：カードを集めてシャッフルし直します。"

[article."Table talk"]
section = "マナー"
heading = "テーブルトーク"
text = "進行中のハンドについて、マーマレード色の猫と相談してはいけません。"
"""

TWIN_INTERPRETATIONS = """\
[H1]
title = "風でめくれたカード"
question = "風でカードが表になったらミスディールか。"
reading = "はい。配っている間に見えたカードは、どれでも配り直しになります。"
reasoning = "この条文は誰が見せたかではなく、カードを見ています。"
"""


@pytest.fixture
def twin_rules(tmp_path: Path) -> Path:
    """The fixture library TEST-1 with its Japanese twins."""
    target = tmp_path / "rules"
    shutil.copytree(FIXTURE_RULES, target)
    (target / "ja").mkdir()
    (target / "ja" / "TEST-1.toml").write_text(TWIN, encoding="utf-8")
    (target / "interpretations" / "ja").mkdir()
    (target / "interpretations" / "ja" / "test.toml").write_text(
        TWIN_INTERPRETATIONS, encoding="utf-8"
    )
    return target


@pytest.mark.django_db
def test_loader_stores_the_japanese_beside_the_english_and_twice_changes_nothing(twin_rules):
    """load_rules stays idempotent with the twins, and keeps the English as it was."""
    load_rules(twin_rules)
    load_rules(twin_rules)
    article = Article.objects.get(document__code="TEST-1", number="1.2(a)")
    assert article.heading == "A misdeal"
    assert article.heading_ja == "ミスディール"
    assert article.example_ja.startswith("Ann が配っている間に 7h")
    assert article.text_in("ja") == "配っている間にカードが表になったら、配り直しです。"
    assert article.text_in("en") == article.text
    assert Interpretation.objects.get(code="H1").title_ja == "風でめくれたカード"
    assert Article.objects.filter(document__code="TEST-1").count() == 3


@pytest.mark.django_db
def test_loader_without_a_twin_shows_the_english_under_japanese():
    """A document with no Japanese file loads; its pages fall back to the English."""
    load_rules(FIXTURE_RULES)
    article = Article.objects.get(document__code="TEST-1", number="1.1")
    assert article.text_ja == ""
    assert article.text_in("ja") == article.text
    assert not article.shows_japanese("text", "ja")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("path", "old", "new", "message"),
    [
        ("ja/TEST-1.toml", '[article."1.1"]', '[article."1.9"]', "ja/TEST-1.toml: '1.9' is not in"),
        (
            "ja/TEST-1.toml",
            '[article."Table talk"]',
            '[article."Table Talk"]',
            "ja/TEST-1.toml: 'Table Talk' is not in the English file",
        ),
        ("ja/TEST-1.toml", 'example = "Ann', 'heading_x = "Ann', "'1.2(a)' has 'heading_x'"),
        ("ja/TEST-1.toml", 'id = "TEST-1"', 'id = "TEST-2"', "id 'TEST-2' is not 'TEST-1'"),
        (
            "interpretations/ja/test.toml",
            "[H1]",
            "[H2]",
            "interpretations/ja/test.toml: 'H2' is not in the English file",
        ),
    ],
)
def test_loader_refuses_a_japanese_key_that_does_not_match(twin_rules, path, old, new, message):
    """A ja file's keys must be exactly the English file's article numbers or ids."""
    target = twin_rules / path
    target.write_text(target.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    with pytest.raises(CommandError, match=re.escape(message)):
        load_rules(twin_rules)


@pytest.mark.django_db
def test_loader_refuses_a_twin_that_misses_an_article(twin_rules):
    """An article with no Japanese in an existing ja file is named."""
    target = twin_rules / "ja" / "TEST-1.toml"
    text = target.read_text(encoding="utf-8")
    target.write_text(text[: text.index('[article."Table talk"]')], encoding="utf-8")
    with pytest.raises(
        CommandError, match=re.escape("ja/TEST-1.toml: 'Table talk' has no Japanese")
    ):
        load_rules(twin_rules)


@pytest.mark.django_db
def test_loader_refuses_a_japanese_file_without_its_english(twin_rules):
    """A ja file for a document that is not in the library is a mistake, not a new document."""
    shutil.copy(twin_rules / "ja" / "TEST-1.toml", twin_rules / "ja" / "TEST-9.toml")
    with pytest.raises(CommandError, match=re.escape("rules/ja/TEST-9.toml: no English file")):
        load_rules(twin_rules)


@pytest.mark.django_db
def test_article_page_shows_the_japanese_under_ja_and_the_english_under_en(client, twin_rules):
    """The same URL and citation; the text follows the active language."""
    load_rules(twin_rules)
    url = Article.objects.get(document__code="TEST-1", number="1.2(a)").get_absolute_url()
    japanese = client.get(url, HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for page in (japanese, english):
        assert "TEST-1 1.2(a)" in page
        assert 'id="H1"' in page
    assert "配っている間にカードが表になったら、配り直しです。" in japanese
    assert "ミスディール" in japanese and "風でめくれたカード" in japanese
    assert "英語の条文" in japanese  # the English is the authority
    assert "A card turned face up while dealing means the deal starts again." not in japanese
    assert "A card turned face up while dealing means the deal starts again." in english
    assert "A card flashed by the wind" in english
    assert "配り直し" not in english and "英語の条文" not in english


@pytest.mark.django_db
def test_document_page_and_search_follow_the_language(client, twin_rules):
    """The document page and the search results show the texts in the active language."""
    load_rules(twin_rules)
    ja = {"HTTP_ACCEPT_LANGUAGE": "ja"}
    document = client.get("/rules/TEST-1/", **ja).content.decode()
    found = client.get("/rules/search/", {"q": "マーマレード"}, **ja).content.decode()
    found_in_english = client.get("/rules/search/", {"q": "marmalade"}, **ja).content.decode()
    assert "テスト卓のルール" in document and "誰が配るか" in document
    assert "英語の条文" in document
    assert "TEST-1 Table talk" in found and "マーマレード色の猫" in found
    assert "マーマレード色の猫" in found_in_english
    english = client.get("/rules/TEST-1/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Test Table Rules" in english and "テスト" not in english


@pytest.mark.django_db
def test_real_library_loads_with_its_japanese_and_shows_joker_ofc_in_japanese(client):
    """The shipped twins load, and JOKER-OFC 3.1 reads in Japanese under ja."""
    load_rules()
    assert not Article.objects.filter(text_ja="").exists()
    assert not Interpretation.objects.filter(reasoning_ja="").exists()
    article = Article.objects.get(document__code="JOKER-OFC", number="3.1")
    page = client.get(article.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "JOKER-OFC 3.1" in page
    assert article.text_ja.split("\n\n")[0] in page
