"""No import circle among scoring's modules (issue 36): each module is imported by what uses it,
never back by what it serves (a wording module by the engine it words, messages by the hands it
says).

Every import counts, at module level or inside a function, except those under
``if TYPE_CHECKING:``, which never run.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

import scoring

PACKAGE = Path(scoring.__file__).parent

Graph = Mapping[str, set[str]]


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _statements(nodes: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Every statement, however deep (functions, classes, branches), but not the body of an
    ``if TYPE_CHECKING:`` (its ``else`` runs, so it counts)."""
    for node in nodes:
        yield node
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from _statements(node.orelse)
            continue
        for name in ("body", "orelse", "finalbody", "handlers", "cases"):
            children = getattr(node, name, None)
            if isinstance(children, list):
                yield from _statements(
                    [child for child in children if isinstance(child, ast.stmt)]
                    + [
                        statement
                        for child in children
                        if isinstance(child, ast.ExceptHandler | ast.match_case)
                        for statement in child.body
                    ]
                )


def imports_of(source: str, module: str, modules: set[str]) -> set[str]:
    """The modules of ``modules`` that ``module``'s source imports when it runs."""
    found: set[str] = set()
    package = module.rpartition(".")[0]
    for node in _statements(ast.parse(source).body):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}  # from scoring import pots
    return (found & modules) - {module}


def import_graph() -> dict[str, set[str]]:
    paths = {f"scoring.{path.stem}": path for path in PACKAGE.glob("*.py")}
    paths = {name.removesuffix(".__init__"): path for name, path in paths.items()}
    modules = set(paths)
    return {
        name: imports_of(path.read_text(encoding="utf-8"), name, modules)
        for name, path in paths.items()
    }


def cycles(graph: Graph) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def test_no_import_circle_among_scorings_modules() -> None:
    graph = import_graph()
    assert len(graph) > 20  # every module was read
    assert cycles(graph) == []


def test_the_graph_is_the_code_s_own_imports() -> None:
    graph = import_graph()
    assert "scoring.ofc_rulings" in graph["scoring.ofc"]
    assert "scoring.pots" in graph["scoring.pineapple"]  # from scoring import pots
    assert "scoring.messages" in graph["scoring.hands"]


def test_an_import_inside_a_function_counts_and_one_for_type_checking_does_not() -> None:
    modules = {"scoring.a", "scoring.b", "scoring.c", "scoring.d"}
    source = """
from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from scoring.b import B
else:
    from scoring import d
def f():
    try:
        from scoring.c import C
    except ImportError:
        pass
"""
    assert imports_of(source, "scoring.a", modules) == {"scoring.c", "scoring.d"}
    assert imports_of("from .b import B\n", "scoring.a", modules) == {"scoring.b"}


def test_a_circle_is_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert cycles(graph) == [["a", "b", "c"]]
