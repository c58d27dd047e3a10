"""Loading the rule library in tests: the real files, or the tiny fixture document TEST-1."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

from django.core.management import call_command

FIXTURE_RULES = Path(__file__).resolve().parent / "fixtures" / "rules"


def load_rules(rules_dir: Path | None = None) -> str:
    """Run the loader quietly and return what it reported."""
    out = StringIO()
    options = {"rules_dir": rules_dir} if rules_dir else {}
    call_command("load_rules", stdout=out, stderr=StringIO(), **options)
    return out.getvalue()
