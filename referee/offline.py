"""What the phone's offline engine is given (issue 38), written by ``manage.py bundle``.

Each game's request is declared once, by its serializer. ``shapes()`` exports those serializers
as plain data (each field's kind, bounds, default and refusal messages in every language), so
the phone reads an API body by the same fields (``scoring.offline``) without Django.
``pages()`` exports each game page's fields, so a page's posted fields spell the same body on
the phone (``referee/phone.py``). ``links()`` gives the article addresses the rulings link to.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils import translation
from rest_framework import serializers
from rest_framework.fields import SkipField

from referee.fields import (
    CardsField,
    ChoiceField,
    NameField,
    PlayersField,
    WholeNumberField,
    YesNoField,
)
from referee.games import GAMES
from referee.house_rules import RulesetField
from scoring.rulesets import RULESETS

# Pyodide's runtime files, which it asks for by these names in its folder (build/offline/pyodide/).
PYODIDE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
           "pyodide-lock.json")  # fmt: skip
# The games a phone answers offline: every game but a match's hand, which needs its match.
OFFLINE_GAMES = ("ofc", "fantasyland", "island", "pineapple", "discards")
# The refusals a field says in its own words, in every language.
OWN_WORDS = ("required", "null", "invalid", "not_a_list", "invalid_choice", "max_length",
             "min_value", "max_value")  # fmt: skip


def _words(field: serializers.Field) -> dict[str, dict[str, str]]:
    words: dict[str, dict[str, str]] = {}
    for key in OWN_WORDS:
        if key in field.error_messages:
            for language, _name in settings.LANGUAGES:
                with translation.override(language):
                    words.setdefault(key, {})[language] = str(field.error_messages[key])
    return words


def _default(field: serializers.Field) -> dict[str, Any]:
    if field.required:
        return {"required": True}
    try:
        return {"default": field.get_default()}  # a callable default is called: list -> []
    except SkipField:
        return {}  # left out of the request, as DRF leaves it


def _kind(field: serializers.Field) -> dict[str, Any]:
    if hasattr(field, "offline"):  # a field that says how the phone reads it (and its default)
        return dict(field.offline)
    if isinstance(field, PlayersField):
        return {"kind": "players", "item": shape(field.child), "most": field.max_length,
                "least": field.least, "name_seats": field.name_seats}  # fmt: skip
    if isinstance(field, serializers.ListField):
        return {"kind": "list", "item": shape(field.child), "most": field.max_length}
    if isinstance(field, serializers.Serializer):
        return {"kind": "object", "fields": {n: shape(f) for n, f in field.fields.items()}}
    if isinstance(field, CardsField):
        return {"kind": "cards", "count": field.count, "jokers": field.jokers,
                "example": field.example}  # fmt: skip
    if isinstance(field, RulesetField):
        return {"kind": "house" if field.find.__name__ != "ruleset_for" else "ruleset",
                "choices": list(RULESETS), "base": field.base}  # fmt: skip
    if isinstance(field, serializers.ChoiceField):  # ours check their text first
        return {"kind": "choice", "choices": list(field.choices),
                "checked": isinstance(field, ChoiceField)}  # fmt: skip
    if isinstance(field, YesNoField):
        return {"kind": "flag"}
    if isinstance(field, WholeNumberField):
        return {"kind": "whole", "least": field.min_value, "most": field.max_value}
    if isinstance(field, NameField | serializers.CharField):
        return {"kind": "name" if isinstance(field, NameField) else "text",
                "most": field.max_length}  # fmt: skip
    return {"kind": "server"}  # read only by the server: the phone says it needs the network


def shape(field: serializers.Field) -> dict[str, Any]:
    """One field as data: its kind and bounds, whether it is required or its default, whether
    null is taken, and its own refusal messages in every language."""
    return {**_default(field), **_kind(field), "null": field.allow_null, "words": _words(field)}


def shapes() -> dict[str, dict[str, Any]]:
    """Each offline game's request, by the game's key."""
    games = {game.key: game for game in GAMES}
    return {key: shape(games[key].serializer()) for key in OFFLINE_GAMES}


def pages() -> dict[str, dict[str, Any]]:
    """Each offline game's page: its fields (name, kind, initial) and the seats a list needs,
    for ``referee.page_bodies`` to spell the body on the phone."""
    games = {game.key: game for game in GAMES}
    return {
        key: {
            "fields": [[name, field.api_kind, field.initial]  # type: ignore[attr-defined]
                       for name, field in games[key].form().fields.items()],
            "least": dict(games[key].form.least_items),
        }
        for key in OFFLINE_GAMES
    }  # fmt: skip


def links() -> dict[str, str]:
    """The address of an article with its document and slug left to fill in, and of saved
    house rules with their id."""
    return {
        "article": reverse("rules-article", args=["DOCUMENT", "SLUG"]),
        "house": reverse("house-rule", args=["ID"]),
    }
