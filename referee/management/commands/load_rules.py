"""Load the rule library from referee/rules/*.toml and referee/rules/interpretations/*.toml.

Safe to run any number of times: rows are matched by their ids and updated in place; articles and
interpretations no longer in the files are removed, so the database mirrors the files.

The Japanese texts sit beside the English in ``ja/`` folders (``rules/ja/<id>.toml``,
``rules/interpretations/ja/<name>.toml``), keyed by article number and interpretation id. A ja
file is optional, but one that exists must give every article (or interpretation) of its English
file and nothing else, with the same fields: a key that does not match stops the load.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from referee.models import Article, Document, Interpretation
from scoring.citations import article_slug, split_citation
from scoring.rulings import CITATIONS, DOCUMENTS

RULES_DIR = Path(__file__).resolve().parents[2] / "rules"
DOCUMENT_KEYS = ("id", "title", "summary", "article")
ARTICLE_KEYS = ("number", "heading", "text")
INTERPRETATION_KEYS = ("id", "article", "title", "question", "reading", "reasoning")
JAPANESE_DIR = "ja"
JA_DOCUMENT_KEYS = ("id", "title", "summary", "article")
JA_ARTICLE_FIELDS = ("section", "heading", "text", "example")
JA_INTERPRETATION_FIELDS = ("title", "question", "reading", "reasoning")


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


def japanese_file(path: Path) -> tuple[str, dict[str, Any]]:
    """Read the Japanese twin of an English rule file: its name as errors give it, and its data."""
    twin = path.parent / JAPANESE_DIR / path.name
    where = f"{twin.parent.parent.name}/{JAPANESE_DIR}/{twin.name}"
    return where, read_toml(twin) if twin.is_file() else {}


def japanese_texts(
    where: str, entries: Any, english: dict[str, dict[str, Any]], fields: tuple[str, ...]
) -> dict[str, dict[str, str]]:
    """Match a Japanese entry table (number or id -> texts) with the English entries.

    Each English key needs a Japanese entry with a text for each of the fields the English has,
    and nothing more; anything else stops the load, naming the file and the key.
    """
    if not isinstance(entries, dict):
        raise CommandError(f"{where}: expected a table of entries keyed by number or id")
    unknown = [key for key in entries if key not in english]
    if unknown:
        raise CommandError(f"{where}: {unknown[0]!r} is not in the English file")
    missing = [key for key in english if key not in entries]
    if missing:
        raise CommandError(f"{where}: {missing[0]!r} has no Japanese text")
    texts: dict[str, dict[str, str]] = {}
    for key, source in english.items():
        entry = entries[key]
        if not isinstance(entry, dict):
            raise CommandError(f"{where}: {key!r} is not a table")
        wanted = [field for field in fields if source.get(field)]
        extra = sorted(set(entry) - set(wanted))
        if extra:
            raise CommandError(f"{where}: {key!r} has {extra[0]!r}, which the English lacks")
        blank = [field for field in wanted if not str(entry.get(field, "")).strip()]
        if blank:
            raise CommandError(f"{where}: {key!r} lacks {', '.join(blank)}")
        texts[key] = {field: str(entry[field]).strip() for field in wanted}
    return texts


def refuse_stray_japanese(folder: Path) -> None:
    """Refuse a Japanese file whose English file is not there."""
    for twin in sorted((folder / JAPANESE_DIR).glob("*.toml")):
        if not (folder / twin.name).is_file():
            raise CommandError(
                f"{folder.name}/{JAPANESE_DIR}/{twin.name}: no English file {twin.name} beside it"
            )


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
        refuse_stray_japanese(rules_dir)
        refuse_stray_japanese(rules_dir / "interpretations")
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
            where, japanese = japanese_file(path)
            if japanese:
                require(japanese, JA_DOCUMENT_KEYS, where)
                if japanese["id"] != code:
                    raise CommandError(f"{where}: id {japanese['id']!r} is not {code!r}")
            document, _ = Document.objects.update_or_create(
                code=code,
                defaults={
                    "slug": code,
                    "title": data["title"],
                    "summary": data["summary"].strip(),
                    "title_ja": japanese.get("title", "").strip(),
                    "summary_ja": japanese.get("summary", "").strip(),
                    "source": data.get("source", ""),
                    "issued": data.get("issued", ""),
                    "order": document_order(code),
                },
            )
            numbers = self.check_numbers(data["article"], path.name)
            translated = (
                japanese_texts(
                    where,
                    japanese["article"],
                    {entry["number"]: entry for entry in data["article"]},
                    JA_ARTICLE_FIELDS,
                )
                if japanese
                else {}
            )
            for position, entry in enumerate(data["article"]):
                ja = translated.get(entry["number"], {})
                Article.objects.update_or_create(
                    document=document,
                    number=entry["number"],
                    defaults={
                        "section": entry.get("section", ""),
                        "heading": entry["heading"],
                        "text": entry["text"].strip(),
                        "example": entry.get("example", "").strip(),
                        **{f"{field}_ja": ja.get(field, "") for field in JA_ARTICLE_FIELDS},
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
            entries = read_toml(path).get("interpretation", [])
            where, japanese = japanese_file(path)
            translated = (
                japanese_texts(
                    where,
                    japanese,
                    {str(entry.get("id", "")): entry for entry in entries},
                    JA_INTERPRETATION_FIELDS,
                )
                if japanese
                else {}
            )
            for index, entry in enumerate(entries, start=1):
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
                        **{
                            f"{field}_ja": prose(translated.get(code, {}).get(field, ""))
                            for field in JA_INTERPRETATION_FIELDS
                        },
                        "order": int(code[1:]) if code[1:].isdigit() else 0,
                    },
                )
        removed = Interpretation.objects.exclude(code__in=codes).delete()[0]
        return len(codes), removed
