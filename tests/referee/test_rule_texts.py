"""The rule library's text files: they parse, carry the registry's numbering, and are our own words.

Each document of ``../shared/seeds/`` is restated in ``referee/rules/<id>.toml``. The engines cite
``scoring.rulings.ARTICLES``, so every file must list exactly those numbers, in that order. The
project states the rules in its own words (seeds/README.md), so no run of 12 words from any
sentence of the source document may appear in the restatement.

The source documents live outside the repository, so the checks that read them run only when
``REFEREE_SEEDS_DIR`` names their folder; ``.ci/run`` sets it and fails when the folder is
missing. Everything else here reads the repository alone.
"""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from scoring.rulings import ARTICLES

RULES_DIR = Path(__file__).resolve().parents[2] / "referee" / "rules"
SEEDS_VARIABLE = "REFEREE_SEEDS_DIR"
SOURCE_NAME = re.compile(r"\d{3}_[0-9a-f]{16}\.txt")  # seeds/README.md's file names
COPY_WORDS = 12


def seeds_dir() -> Path:
    """Return the folder REFEREE_SEEDS_DIR names: skip when unset, fail when it is not there."""
    named = os.environ.get(SEEDS_VARIABLE, "")
    if not named:
        pytest.skip(f"{SEEDS_VARIABLE} is not set: the copy check needs the source documents")
    folder = Path(named)
    if not folder.is_dir():
        pytest.fail(f"{SEEDS_VARIABLE}={named} is not a folder of rule documents")
    return folder


def load(document: str) -> dict[str, Any]:
    path = RULES_DIR / f"{document}.toml"
    assert path.is_file(), f"{path} is missing"
    with path.open("rb") as handle:
        return tomllib.load(handle)


def words(text: str) -> list[str]:
    """Lower-case words, with curly apostrophes straightened and other punctuation dropped."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").lower()
    return re.findall(r"[a-z0-9]+(?:'[a-z0-9]+)*", text)


def sentences(text: str) -> list[str]:
    """Split a document on sentence ends and on line breaks (its tables and bullets)."""
    return [part for part in re.split(r"(?<=[.!?])\s+|\n+", text) if part.strip()]


def copied_runs(source: str, restated: str) -> list[str]:
    """Return every run of COPY_WORDS words of a source sentence that the restatement repeats."""
    ours = " " + " ".join(words(restated)) + " "
    found = []
    for sentence in sentences(source):
        theirs = words(sentence)
        for start in range(len(theirs) - COPY_WORDS + 1):
            run = " ".join(theirs[start : start + COPY_WORDS])
            if f" {run} " in ours:
                found.append(run)
    return found


@pytest.mark.parametrize("document", list(ARTICLES))
def test_rule_file_parses_and_names_its_document(document: str) -> None:
    """seeds/README.md: each document is in the library under its citation id and source file."""
    data = load(document)
    assert data["id"] == document
    assert data["title"].strip()
    assert data["summary"].strip()
    assert SOURCE_NAME.fullmatch(data["source"]), f"{document}: odd source {data['source']!r}"


@pytest.mark.parametrize("document", list(ARTICLES))
def test_rule_file_names_an_existing_source(document: str) -> None:
    """Each restatement names the file of seeds/ it restates."""
    source = load(document)["source"]
    assert (seeds_dir() / source).is_file(), f"{document}: unknown source {source}"


@pytest.mark.parametrize("document", list(ARTICLES))
def test_article_numbers_match_the_citation_registry(document: str) -> None:
    """Every citation the engines may emit (scoring.rulings.ARTICLES) is one article, in order."""
    numbers = [article["number"] for article in load(document)["article"]]
    assert numbers == list(ARTICLES[document])


@pytest.mark.parametrize("document", list(ARTICLES))
def test_every_article_has_a_section_heading_and_text(document: str) -> None:
    """A referee opening an article sees where it sits, what it is about and the rule itself."""
    for article in load(document)["article"]:
        for field in ("section", "heading", "text"):
            value = article.get(field, "")
            assert isinstance(value, str), f"{document} {article['number']}: {field} not text"
            assert value.strip(), f"{document} {article['number']}: empty {field}"
        assert "<" not in article["text"], f"{document} {article['number']}: plain text only"


@pytest.mark.parametrize("document", list(ARTICLES))
def test_rules_are_in_our_own_words(document: str) -> None:
    """seeds/README.md: a document's own sentences are not copied into the data."""
    data = load(document)
    source = (seeds_dir() / data["source"]).read_text(encoding="utf-8")
    for article in data["article"]:
        restated = "\n".join(article.get(field, "") for field in ("heading", "text", "example"))
        copied = copied_runs(source, restated)
        assert not copied, f"{document} {article['number']} copies the source: {copied[0]!r}"
    for field in ("title", "summary"):
        assert not copied_runs(source, data[field]), f"{document}: {field} copies the source"


def test_copy_check_catches_a_copied_sentence() -> None:
    """The copy check itself finds a 12-word run lifted from a source, punctuation aside."""
    source = "Two fouled boards score 0 against each other, whatever their rows and royalties hold."
    assert copied_runs(
        source, "Note: two fouled boards score 0 against each other, whatever their rows and"
    )
    assert not copied_runs(
        source, "When both boards foul, neither player scores against the other."
    )
