"""The examples in scoring/'s docstrings stay true (STYLE.md Tests: runnable examples)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import scoring

MODULES = sorted(info.name for info in pkgutil.walk_packages(scoring.__path__, "scoring."))


def _run_examples(name: str) -> tuple[int, int, str]:
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    for test in doctest.DocTestFinder().find(module, name):
        runner.run(test, out=report.append)
    return runner.failures, runner.tries, "".join(report)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_are_true(name: str) -> None:
    """STYLE.md Tests: every docstring example in scoring/ runs and gives what it shows."""
    failures, _, report = _run_examples(name)
    assert failures == 0, report


@pytest.mark.parametrize("name", ["scoring.cards", "scoring.hands", "scoring.rulings"])
def test_core_modules_show_examples(name: str) -> None:
    """STYLE.md Tests: the card, hand and ruling modules document themselves with examples."""
    assert _run_examples(name)[1] > 0
