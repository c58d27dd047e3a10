"""The phone's entry to its engine (``static/js/engine.js`` calls ``served`` under Pyodide).

Django-free, bundled with ``scoring/``: it answers a game's API body (``scoring.offline``), or
a page's posted fields, which it first builds into the body as the server's page does
(``referee.page_bodies``, with each page's fields as ``referee/offline.py`` exported them).
"""

from __future__ import annotations

import gettext
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from referee.page_bodies import island_caller, spelt
from scoring.offline import answer
from scoring.players import default_name

# What a game's page does to its fields' body beyond spelling it (its Game.page_body).
PAGE_STEPS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "island": lambda body: island_caller(body, default_name),
}


def posted(kind: str, values: list[str]) -> Any:
    """A field's posted value as Django's widget reads it from the values sent under its name:
    the ticked choices, whether a box is ticked, or the (last) text."""
    if kind == "choices":
        return values
    if kind in ("check", "exception"):
        return bool(values) and values[-1].lower() != "false"
    return values[-1] if values else None


def page_body(page: dict[str, Any], game: str, sent: dict[str, list[str]]) -> dict[str, Any]:
    """The API body a page's posted fields (each name's values) spell."""
    fields = [(name, kind, initial, posted(kind, sent.get(name, [])))
              for name, kind, initial in page["fields"]]  # fmt: skip
    body = spelt(fields, page["least"])
    step = PAGE_STEPS.get(game)
    return step(body) if step else body


def served(root: str) -> Callable[[str, str, str, bool, str], str]:
    """The bundle unpacked at ``root`` (the shapes, pages, article address and catalogues) as
    one function: a game, the JSON of its body (or of a page's fields when ``from_page``), a
    language and the JSON of the saved house rules the phone has kept give the JSON of the
    answer, with the body it answered."""
    base = Path(root)
    shapes, pages, links = (json.loads((base / f"{name}.json").read_text())
                            for name in ("shapes", "pages", "links"))  # fmt: skip
    # Every file is read here, none later: the phone keeps this function in a memory snapshot
    # (static/js/engine.js), which holds no files.
    catalogues = {found.name: gettext.translation("django", found.parent, [found.name])
                  for found in (base / "locale").iterdir()}  # fmt: skip
    english = gettext.NullTranslations()

    def answer_json(
        game: str, given: str, language: str, from_page: bool, houses: str = "{}"
    ) -> str:
        body = json.loads(given)
        if from_page:
            body = page_body(pages[game], game, body)
        t = catalogues.get(language, english)
        said = answer(game, body, language, shapes, links, t, json.loads(houses))
        return json.dumps({**said, "body": body})

    return answer_json
