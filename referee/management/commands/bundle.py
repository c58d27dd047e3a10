"""``manage.py bundle``: the phone's offline engine, written into ``settings.OFFLINE_BUNDLE``.

- ``pyodide/``: Pyodide's runtime, copied from ``node_modules/pyodide`` (``npm ci`` installs it
  from package-lock.json, pinned and checked by its hash);
- ``engine.zip``: the ``scoring`` package as it is in the repository with the phone's entry
  (``referee/phone.py``, ``referee/page_bodies.py``), each offline game's request shape and
  page fields and the article address (``referee.offline``), and the compiled catalogues.

The zip is the same bytes for the same files (fixed dates, sorted), so its hashed name changes
only when the engine does. ``make bundle`` runs this; it is safe to run again.
"""

from __future__ import annotations

import io
import json
import shutil
import zipfile
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from referee.offline import PYODIDE, links, pages, shapes

# The web layer's Django-free modules the phone runs beside scoring/.
PHONE = ("referee/__init__.py", "referee/page_bodies.py", "referee/phone.py")


def _engine_files(base: Path) -> list[tuple[str, bytes]]:
    files = [
        (str(path.relative_to(base)), path.read_bytes())
        for path in sorted((base / "scoring").rglob("*.py"))
    ]
    files += [
        (str(path.relative_to(base)), path.read_bytes())
        for path in sorted((base / "locale").glob("*/LC_MESSAGES/django.mo"))
    ]
    files += [(name, (base / name).read_bytes()) for name in PHONE]
    data = {"shapes.json": shapes(), "pages.json": pages(), "links.json": links()}
    files += [(name, json.dumps(value, sort_keys=True).encode()) for name, value in data.items()]
    return files


def _zipped(files: list[tuple[str, bytes]]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as bundle:
        for name, content in files:
            bundle.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), content,
                            compress_type=zipfile.ZIP_DEFLATED)  # fmt: skip
    return out.getvalue()


def _write(path: Path, content: bytes) -> bool:
    if path.exists() and path.read_bytes() == content:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    return True


class Command(BaseCommand):
    help = "Build the phone's offline engine (Pyodide and the engine's files) for /static/."

    def handle(self, *args: Any, **options: Any) -> None:
        base, dest = Path(settings.BASE_DIR), Path(settings.OFFLINE_BUNDLE)
        source = base / "node_modules" / "pyodide"
        if not all((source / name).is_file() for name in PYODIDE):
            raise CommandError(f"Pyodide is not installed in {source}: run `npm ci` (make bundle)")
        for name in PYODIDE:
            target = dest / "pyodide" / name
            if not target.exists() or target.stat().st_size != (source / name).stat().st_size:
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source / name, target)
        changed = _write(dest / "engine.zip", _zipped(_engine_files(base)))
        self.stdout.write(f"offline engine in {dest} ({'rebuilt' if changed else 'unchanged'})")
