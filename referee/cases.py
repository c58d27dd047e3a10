"""Saving calculations as permanent cases, and linking rulings to the rule library."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import Any, Protocol

from django.urls import NoReverseMatch, reverse

from referee.citations import article_slug, split_citation
from referee.models import Case
from scoring.rulings import INTERPRETATIONS, Ruling

RulingLike = Ruling | Mapping[str, Any]

# How the case log names each game or ruleset key; an unknown key is shown as it is.
GAME_NAMES = {
    "pineapple-ofc": "Pineapple OFC",
    "pineapple-2p-v1": "Heads-up Pineapple OFC",
    "joker-ofc": "Joker OFC",
    "island": "Island Pineapple",
    "pineapple": "Pineapple",
    "crazy": "Crazy Pineapple",
    "lazy": "Lazy Pineapple",
    "pineapple-ruling": "Pineapple discard ruling",
}


def game_name(game: str) -> str:
    """Name a game or ruleset key for people: "island" -> "Island Pineapple"."""
    return GAME_NAMES.get(game, game)


@cache  # the URLconf is fixed for the life of the process
def citation_url(citation: str) -> str:
    """Link a citation to its article page: "OPR-538 1.3(a)" -> "/rules/OPR-538/1-3-a/"."""
    document, number = split_citation(citation)
    return reverse("rules-article", args=[document, article_slug(number)])


def interpretation_url(code: str) -> str:
    """Link a house interpretation to its place on the page of the article it interprets."""
    return f"{citation_url(INTERPRETATIONS[code])}#{code}"


def _as_dict(ruling: RulingLike) -> dict[str, Any]:
    return ruling.as_dict() if isinstance(ruling, Ruling) else dict(ruling)


def _safe_url(build: Callable[[str], str], key: str) -> str:
    # A stored ruling outlives registry changes: an unlinkable citation shows without a link.
    try:
        return build(key)
    except (KeyError, ValueError, NoReverseMatch):
        return ""


def ruling_links(rulings: Iterable[RulingLike]) -> list[dict[str, Any]]:
    """Give each ruling as a dict with the `url` of its article (and `interpretation_url`)."""
    linked = []
    for ruling in rulings:
        entry = _as_dict(ruling)
        entry["url"] = _safe_url(citation_url, entry.get("citation", ""))
        code = entry.get("interpretation")
        if code:
            entry["interpretation_url"] = _safe_url(interpretation_url, code)
        linked.append(entry)
    return linked


def cited_text(rulings: Iterable[Mapping[str, Any]]) -> str:
    """The distinct articles and interpretations the rulings cite, as Case.cited keeps them."""
    seen = dict.fromkeys(
        key
        for ruling in rulings
        for key in (ruling["citation"], ruling.get("interpretation"))
        if key
    )
    return f"|{'|'.join(seen)}|" if seen else ""


def record_case(
    game: str, entered: dict[str, Any], result: dict[str, Any], rulings: list[Ruling]
) -> Case:
    """Save one calculation as a single INSERT, so it is whole or absent without a transaction.

    The rulings are kept once, in their own column, even when the result also carries them.
    """
    stored_rulings = [_as_dict(ruling) for ruling in rulings]
    return Case.objects.create(
        game=game,
        entered=entered,
        result={key: value for key, value in result.items() if key != "rulings"},
        rulings=stored_rulings,
        cited=cited_text(stored_rulings),
    )


class Outcome(Protocol):
    """What every engine returns: a JSON-ready answer and the rulings behind it."""

    @property
    def rulings(self) -> Iterable[Ruling]: ...

    def as_dict(self) -> dict[str, Any]: ...


def recorded_answer(game: str, entered: dict[str, Any], outcome: Outcome) -> dict[str, Any]:
    """Save an engine's outcome as a case; give the API answer with linked rulings and the case."""
    body = outcome.as_dict()
    case = record_case(game, entered, body, list(outcome.rulings))
    return {**body, "rulings": ruling_links(outcome.rulings), "case": case.get_absolute_url()}
