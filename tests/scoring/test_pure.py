"""The rules engine is pure Python: importing it loads no Django (DESIGN.md Layout)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Import every module of scoring/ in a fresh interpreter and list what got loaded.
PROBE = """
import importlib, json, pkgutil, sys
import scoring
names = [info.name for info in pkgutil.walk_packages(scoring.__path__, "scoring.")]
for name in names:
    importlib.import_module(name)
web = sorted(m for m in sys.modules if m.split(".")[0] in ("django", "rest_framework", "referee"))
print(json.dumps({"imported": names, "web": web}))
"""


def test_scoring_imports_no_django() -> None:
    """DESIGN.md Layout: scoring/ never imports Django, so it runs and tests without a web stack."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout)
    assert {"scoring.cards", "scoring.hands", "scoring.rulings"} <= set(loaded["imported"])
    assert loaded["web"] == []
