"""The loader: idempotent, mirrors the files, and every citation an engine can emit resolves.

Issue 4: "A test enumerates every citation any engine can emit (keep them in one registry) and
proves each resolves to an article." The registry is ``scoring.rulings``; these tests load the
real ``referee/rules/*.toml`` files and check each citation and house interpretation against them.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from django.core.management.base import CommandError
from django.urls import resolve

from referee.cases import citation_url, interpretation_url
from referee.management.commands.load_rules import RULES_DIR
from referee.models import Article, Document, Interpretation
from referee.views.rules import rules_article
from scoring.citations import article_slug, split_citation
from scoring.rulings import ARTICLES, CITATIONS, INTERPRETATIONS
from tests.referee.rules_helpers import FIXTURE_RULES, load_rules

pytestmark = pytest.mark.django_db


def counts() -> tuple[int, int, int]:
    return Document.objects.count(), Article.objects.count(), Interpretation.objects.count()


def test_loader_is_idempotent_on_the_real_files():
    """Loaded by an idempotent management command: a second run changes nothing."""
    load_rules()
    first = counts()
    ids = dict(Article.objects.values_list("slug", "pk").filter(document__code="OPR-538"))
    report = load_rules()
    assert counts() == first
    assert dict(Article.objects.values_list("slug", "pk").filter(document__code="OPR-538")) == ids
    assert f"Loaded {first[0]} documents, {first[1]} articles" in report
    assert first[0] == len(list(RULES_DIR.glob("*.toml")))


def test_every_document_in_the_registry_is_loaded():
    """The five documents of seeds/README.md, in the registry's order."""
    load_rules()
    assert list(Document.objects.values_list("code", flat=True)) == list(ARTICLES)


def test_every_citation_an_engine_can_emit_resolves_to_a_loaded_article():
    """Every citation in scoring.rulings.CITATIONS opens an article of the rule library."""
    load_rules()
    loaded = {
        (document, slug) for document, slug in Article.objects.values_list("document__slug", "slug")
    }
    missing = []
    for citation in sorted(CITATIONS):
        document, number = split_citation(citation)
        match = resolve(citation_url(citation))
        assert match.func is rules_article
        assert (match.kwargs["doc"], match.kwargs["slug"]) == (document, article_slug(number))
        if (document, article_slug(number)) not in loaded:
            missing.append(citation)
    assert not missing, f"cited by the engines but not in the rule library: {missing}"


def test_every_article_number_is_exactly_as_the_registry_numbers_it():
    """Articles keep the registry's numbers, so a citation names the article it shows."""
    load_rules()
    for code, numbers in ARTICLES.items():
        loaded = Article.objects.filter(document__code=code).values_list("number", flat=True)
        assert list(loaded) == list(numbers), code


def test_every_house_interpretation_is_loaded_under_the_article_it_interprets():
    """Each H-id in scoring.rulings.INTERPRETATIONS is written up and attached to its article."""
    load_rules()
    loaded = {
        interpretation.code: interpretation.article.citation
        for interpretation in Interpretation.objects.select_related("article__document")
    }
    missing = sorted(set(INTERPRETATIONS) - set(loaded), key=lambda code: int(code[1:]))
    assert not missing, f"house interpretations with no entry in rules/interpretations/: {missing}"
    wrong = {code: loaded[code] for code, citation in INTERPRETATIONS.items()
             if loaded[code] != citation}  # fmt: skip
    assert not wrong, f"interpretations attached to another article than the registry's: {wrong}"
    for code in INTERPRETATIONS:
        url, anchor = interpretation_url(code).split("#")
        assert resolve(url).func is rules_article and anchor == code


def copy_fixture(tmp_path: Path) -> Path:
    target = tmp_path / "rules"
    shutil.copytree(FIXTURE_RULES, target)
    return target


def test_loader_updates_text_in_place(tmp_path):
    """Editing an article's text and reloading changes that article, keeping its row."""
    rules_dir = copy_fixture(tmp_path)
    load_rules(rules_dir)
    article = Article.objects.get(document__code="TEST-1", number="1.1")
    path = rules_dir / "TEST-1.toml"
    path.write_text(path.read_text().replace("deals next", "deals after"))
    load_rules(rules_dir)
    article.refresh_from_db()
    assert "deals after" in article.text
    assert counts() == (1, 3, 1)


def test_loader_removes_articles_no_longer_in_the_file(tmp_path):
    """The database mirrors the files: an article taken out of its file is removed."""
    rules_dir = copy_fixture(tmp_path)
    load_rules(rules_dir)
    path = rules_dir / "TEST-1.toml"
    text = path.read_text()
    path.write_text(text[: text.index('[[article]]\nnumber = "Table talk"')])
    report = load_rules(rules_dir)
    assert "removed 1 articles" in report
    assert not Article.objects.filter(number="Table talk").exists()
    assert counts() == (1, 2, 1)


def test_loader_sets_slugs_sections_and_examples():
    """Each article gets its URL slug, section and example from the file."""
    load_rules(FIXTURE_RULES)
    article = Article.objects.get(document__code="TEST-1", number="1.2(a)")
    assert (article.slug, article.section) == ("1-2-a", "Dealing")
    assert article.example.startswith("Ann flips the 7h")
    assert article.paragraphs() == [
        "A card turned face up while dealing means the deal starts again."
    ]
    assert Article.objects.get(number="1.1").paragraphs()[1] == "Nobody deals twice in a row."
    assert Article.objects.get(number="Table talk").slug == "table-talk"
    assert Interpretation.objects.get(code="H1").article == article


def test_loader_refuses_an_interpretation_of_an_unknown_article(tmp_path):
    """An interpretation must belong to an article the library holds."""
    rules_dir = copy_fixture(tmp_path)
    path = rules_dir / "interpretations" / "test.toml"
    path.write_text(path.read_text().replace("TEST-1 1.2(a)", "TEST-1 9.9"))
    with pytest.raises(CommandError, match=r"no article 'TEST-1 9.9'"):
        load_rules(rules_dir)


def test_loader_refuses_two_articles_with_one_url(tmp_path):
    """Articles "1.2(a)" and "1.2 a" would share /1-2-a/: refused, naming both."""
    rules_dir = copy_fixture(tmp_path)
    path = rules_dir / "TEST-1.toml"
    path.write_text(path.read_text().replace('number = "1.1"', 'number = "1.2 a"'))
    with pytest.raises(CommandError, match="share the URL '1-2-a'"):
        load_rules(rules_dir)


def test_loader_names_the_file_that_is_not_valid_toml(tmp_path):
    """A broken file is reported by name, and nothing is half-loaded."""
    rules_dir = copy_fixture(tmp_path)
    (rules_dir / "TEST-1.toml").write_text('id = "TEST-1"\n[[article]\n')
    with pytest.raises(CommandError, match=r"TEST-1.toml: not valid TOML"):
        load_rules(rules_dir)
    assert counts() == (0, 0, 0)


def test_loader_refuses_an_article_without_text(tmp_path):
    """An article needs a number, a heading and its text."""
    rules_dir = copy_fixture(tmp_path)
    path = rules_dir / "TEST-1.toml"
    path.write_text(path.read_text().replace('heading = "Who deals"', 'heading = ""'))
    with pytest.raises(CommandError, match="TEST-1.toml, article 1: missing heading"):
        load_rules(rules_dir)


def test_house_readings_read_as_sentences_not_as_the_files_line_breaks():
    """A reading written over several lines of its file shows as flowing paragraphs."""
    load_rules()
    for interpretation in Interpretation.objects.all():
        for text in (interpretation.question, interpretation.reading, interpretation.reasoning):
            for paragraph in text.split("\n\n"):
                assert "\n" not in paragraph, f"{interpretation.code}: {paragraph[:60]!r}"
