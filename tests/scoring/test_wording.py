"""The wording layer holds the sentences; the deciding modules hold records (issue 36).

- every ``say(...)`` in the engines names a kind the wording layer words (or marks a name's own
  msgid with ``N_``), and every kind worded is said somewhere;
- the deciding modules keep at most 25 string literals of four or more words (docstrings aside);
- a wording module imports no engine and nothing from Django;
- each sentence has its Japanese, with the same placeholders.
"""

from __future__ import annotations

import ast
import gettext
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from scoring.messages import Commas, Either, say
from scoring.wording import SENTENCES, Plural
from scoring.wording.speak import speak

SCORING = Path(__file__).resolve().parents[2] / "scoring"
LOCALE = SCORING.parent / "locale"
DECIDING = sorted(SCORING.glob("*.py"))
WORDING = sorted((SCORING / "wording").glob("*.py"))
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def _trees() -> Iterator[tuple[Path, ast.Module]]:
    for path in DECIDING:
        yield path, ast.parse(path.read_text(), str(path))


def _said_kinds() -> Iterator[tuple[str, ast.expr]]:
    for path, tree in _trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "say":
                yield f"{path.name}:{node.lineno}", node.args[0]


def _docstrings(tree: ast.Module) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def test_every_record_names_a_worded_kind() -> None:
    unworded = []
    for place, kind in _said_kinds():
        if isinstance(kind, ast.Call) and getattr(kind.func, "id", None) == "N_":
            continue  # a name kept as data, its own msgid
        if isinstance(kind, ast.Constant) and kind.value not in SENTENCES:
            unworded.append(f"{place} {kind.value!r}")
    assert not unworded, "\n".join(unworded)


def test_every_kind_worded_is_said() -> None:
    said = {kind.value for _, kind in _said_kinds() if isinstance(kind, ast.Constant)}
    # A kind may also be kept as data (a table of steps) and said through a variable.
    data = {
        node.value
        for _, tree in _trees()
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }
    assert not (SENTENCES.keys() - said - data)


def test_the_deciding_modules_keep_at_most_25_sentences() -> None:
    sentences = []
    for path, tree in _trees():
        docstrings = _docstrings(tree)
        sentences += [
            f"{path.name}:{node.lineno} {node.value[:60]!r}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            and len(node.value.split()) >= 4
        ]
    assert len(sentences) <= 25, "\n".join(sentences)


@pytest.mark.parametrize("path", WORDING, ids=[p.name for p in WORDING])
def test_a_wording_module_imports_no_engine_and_no_django(path: Path) -> None:
    """The wording reads records as they are stored (hands as category and ranks), so it
    depends on no engine module: the engine imports the wording for its English, never back."""
    allowed = {"__future__", "collections.abc", "dataclasses", "typing", "scoring.wording"}
    imported = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module)
        elif isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
    assert {m for m in imported if not m.startswith("scoring.wording")} <= allowed


def _msgids() -> Iterator[tuple[str, str, str | None]]:
    for kind, sentence in SENTENCES.items():
        if isinstance(sentence, Plural):
            yield kind, sentence.one, sentence.other
        else:
            yield kind, sentence, None


@pytest.mark.parametrize(("kind", "one", "other"), list(_msgids()), ids=list(SENTENCES))
def test_each_sentence_reads_in_japanese_with_its_placeholders(
    kind: str, one: str, other: str | None
) -> None:
    japanese = gettext.translation("django", LOCALE, ["ja"])
    said = japanese.ngettext(one, other, 2) if other else japanese.gettext(one)
    if re.search(r"[A-Za-z]", PLACEHOLDER.sub("", one)):  # words, not values alone
        assert said not in (one, other), f"{kind} has no Japanese"
    english = set(PLACEHOLDER.findall(one)) | set(PLACEHOLDER.findall(other or ""))
    assert set(PLACEHOLDER.findall(said)) == english


def test_the_wording_numbers_categories_as_the_engine_does() -> None:
    """wording/hands.py says a category by its number; the engine's Category gives it."""
    from scoring.hands import Category
    from scoring.wording.hands import category_name

    english = gettext.NullTranslations()
    assert [category_name(int(c), english) for c in Category] == [
        c.name.replace("_", " ").capitalize() for c in Category
    ]


@pytest.mark.parametrize(
    ("value", "english", "japanese"),
    [
        (Either(("5",)), "5", "5"),
        (Either(("2", "3")), "2 or 3", "2または3"),
        (Either((14, 15, 16, 17)), "14, 15, 16 or 17", "14、15、16または17"),
        (Commas(("+3 Bob", "-2 Cy")), "+3 Bob, -2 Cy", "+3 Bob、-2 Cy"),
        (["Ann", "Bob", "Cy"], "Ann, Bob and Cy", "Ann、Bob、Cy"),
    ],
)
def test_choices_and_parts_are_listed_in_each_language(value, english, japanese) -> None:
    """One way to list choices ("or") and parts (commas) for every game, said per language."""
    record = say("%(items)s", items=value)
    assert str(record) == english
    assert speak(record.as_dict(), gettext.NullTranslations()) == english
    assert speak(record.as_dict(), gettext.translation("django", LOCALE, ["ja"])) == japanese


def test_a_stored_list_of_an_unknown_kind_does_not_read() -> None:
    """A stored value the wording cannot say raises, so the web layer falls back to English."""
    with pytest.raises(KeyError):
        speak(
            {"kind": "%(items)s", "fields": {"items": {"neither": ["a"]}}},
            gettext.NullTranslations(),
        )
