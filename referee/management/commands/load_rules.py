"""Load the rule library from referee/rules/*.toml and referee/rules/interpretations/*.toml.

Safe to run any number of times: rows are matched by their ids and updated in place; articles and
interpretations no longer in the files are removed, so the database mirrors the files.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from referee.citations import article_slug, split_citation
from referee.models import Article, Document, Interpretation
from scoring.rulings import CITATIONS, DOCUMENTS

RULES_DIR = Path(__file__).resolve().parents[2] / "rules"
DOCUMENT_KEYS = ("id", "title", "summary", "article")
ARTICLE_KEYS = ("number", "heading", "text")
INTERPRETATION_KEYS = ("id", "article", "title", "question", "reading", "reasoning")


def read_toml(path: Path) -> dict[str, Any]:
    """Parse one TOML file, naming the file in any error."""
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as error:
        raise CommandError(f"{path.name}: not valid TOML ({error})") from error


def require(entry: dict[str, Any], keys: tuple[str, ...], where: str) -> None:
    """Refuse an entry that lacks a required key."""
    missing = [key for key in keys if not entry.get(key)]
    if missing:
        raise CommandError(f"{where}: missing {', '.join(missing)}")


def prose(text: str) -> str:
    """Paragraphs as written, each on one line: a line break inside a paragraph is a space."""
    paragraphs = (" ".join(part.split()) for part in text.split("\n\n"))
    return "\n\n".join(part for part in paragraphs if part)


def document_order(code: str) -> int:
    """Keep the registry's order of documents; any other document goes after them."""
    return DOCUMENTS.index(code) if code in DOCUMENTS else len(DOCUMENTS)


class Command(BaseCommand):
    help = "Load (or refresh) the rule documents, articles and house interpretations."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--rules-dir", type=Path, default=RULES_DIR)

    def handle(self, *args: Any, rules_dir: Path, **options: Any) -> None:
        document_files = sorted(rules_dir.glob("*.toml"))
        interpretation_files = sorted((rules_dir / "interpretations").glob("*.toml"))
        if not document_files:
            raise CommandError(f"No rule documents (*.toml) in {rules_dir}")
        with transaction.atomic():
            documents, articles, removed = self.load_documents(document_files)
            interpretations, removed_interpretations = self.load_interpretations(
                interpretation_files
            )
        self.stdout.write(
            f"Loaded {documents} documents, {articles} articles, {interpretations} "
            f"interpretations; removed {removed} articles, {removed_interpretations} "
            "interpretations."
        )
        loaded = {article.citation for article in Article.objects.select_related("document")}
        missing = sorted(CITATIONS - loaded)
        if missing:
            self.stderr.write(f"Cited but not in the library: {', '.join(missing)}")

    def load_documents(self, paths: list[Path]) -> tuple[int, int, int]:
        article_count = removed = 0
        codes = []
        for path in paths:
            data = read_toml(path)
            require(data, DOCUMENT_KEYS, path.name)
            code = data["id"]
            codes.append(code)
            document, _ = Document.objects.update_or_create(
                code=code,
                defaults={
                    "slug": code,
                    "title": data["title"],
                    "summary": data["summary"].strip(),
                    "source": data.get("source", ""),
                    "issued": data.get("issued", ""),
                    "order": document_order(code),
                },
            )
            numbers = self.check_numbers(data["article"], path.name)
            for position, entry in enumerate(data["article"]):
                Article.objects.update_or_create(
                    document=document,
                    number=entry["number"],
                    defaults={
                        "section": entry.get("section", ""),
                        "heading": entry["heading"],
                        "text": entry["text"].strip(),
                        "example": entry.get("example", "").strip(),
                        "position": position,
                    },
                )
            article_count += len(numbers)
            removed += (
                document.articles.exclude(number__in=numbers).delete()[1].get("referee.Article", 0)
            )
        Document.objects.exclude(code__in=codes).delete()
        return len(codes), article_count, removed

    def check_numbers(self, entries: list[dict[str, Any]], filename: str) -> list[str]:
        numbers: list[str] = []
        slugs: dict[str, str] = {}
        for index, entry in enumerate(entries, start=1):
            require(entry, ARTICLE_KEYS, f"{filename}, article {index}")
            number = entry["number"]
            slug = article_slug(number)
            if slug in slugs:
                raise CommandError(
                    f"{filename}: articles {slugs[slug]!r} and {number!r} share the URL {slug!r}"
                )
            slugs[slug] = number
            numbers.append(number)
        return numbers

    def load_interpretations(self, paths: list[Path]) -> tuple[int, int]:
        codes = []
        for path in paths:
            for index, entry in enumerate(read_toml(path).get("interpretation", []), start=1):
                where = f"interpretations/{path.name}, entry {index}"
                require(entry, INTERPRETATION_KEYS, where)
                document, number = split_citation(entry["article"])
                article = Article.objects.filter(document__code=document, number=number).first()
                if article is None:
                    raise CommandError(f"{where}: no article {entry['article']!r} in the library")
                code = entry["id"]
                if code in codes:
                    raise CommandError(f"{where}: {code} is defined twice")
                codes.append(code)
                Interpretation.objects.update_or_create(
                    code=code,
                    defaults={
                        "article": article,
                        "title": entry["title"],
                        "question": prose(entry["question"]),
                        "reading": prose(entry["reading"]),
                        "reasoning": prose(entry["reasoning"]),
                        "order": int(code[1:]) if code[1:].isdigit() else 0,
                    },
                )
        removed = Interpretation.objects.exclude(code__in=codes).delete()[0]
        return len(codes), removed
