"""Saving calculations as permanent cases, and linking rulings to the rule library."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import Any

from django.http import HttpRequest
from django.urls import NoReverseMatch, reverse

from referee import devices
from referee.messages import said
from referee.models import Case, CaseQuerySet
from scoring.cards import Card, format_cards
from scoring.citations import article_slug, split_citation
from scoring.rulings import INTERPRETATIONS, Ruling

RulingLike = Ruling | Mapping[str, Any]


@cache  # the URLconf is fixed for the life of the process
def citation_url(citation: str) -> str:
    """Link a citation to its article page: "OPR-538 1.3(a)" -> "/rules/OPR-538/1-3-a/".

    A table's own rule ("HOUSE-k3m9x2qa foul_penalty") links to its place on the house rules.
    """
    document, number = split_citation(citation)
    if document.startswith("HOUSE-"):
        return f"{reverse('house-rule', args=[document[6:]])}#{number}"
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
    """Give each ruling as a dict with the `url` of its article (and `interpretation_url`),
    its text in the reader's language."""
    linked = []
    for ruling in rulings:
        entry = _as_dict(ruling)
        for key, said_key in (("text", "message"), ("subject", "subject_message")):
            message = entry.pop(said_key, None)
            if message is not None:
                entry[key] = said(message, entry.get(key, ""))
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
    game: str,
    entered: dict[str, Any],
    result: dict[str, Any],
    rulings: Iterable[RulingLike],
    maker: str = "",
    case_id: uuid.UUID | None = None,
) -> Case:
    """Save one calculation as a single INSERT, so it is whole or absent without a transaction.

    The rulings are kept once, in their own column, even when the result also carries them.
    A case made offline keeps the id its phone gave it (``case_id``); others get a new one.
    """
    stored_rulings = [_as_dict(ruling) for ruling in rulings]
    return Case.objects.create(
        id=case_id or uuid.uuid4(),
        game=game,
        entered=entered,
        result={key: value for key, value in result.items() if key != "rulings"},
        rulings=stored_rulings,
        cited=cited_text(stored_rulings),
        maker=maker,
    )


def visible_cases(request: HttpRequest) -> CaseQuerySet:
    """The cases this device may find listed or linked on any page or API answer: those it
    made, and those their makers published (``CaseQuerySet.seen_by``).

    Every list of cases goes through here: the case log and its filters, an article's latest
    cases. A case that is neither reaches nobody but the holders of its link.
    """
    return Case.objects.seen_by(devices.mine(request))


def canonical(value: Any) -> Any:
    """Validated input as the case log keeps it: cards back in canonical text, all else as is.

    >>> from scoring.cards import parse_cards
    >>> canonical({"board": parse_cards("ah 7d"), "hi_lo": True})
    {'board': 'Ah 7d', 'hi_lo': True}
    """
    if isinstance(value, dict):
        return {key: canonical(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        if value and all(isinstance(item, Card) for item in value):
            return format_cards(value)
        return [canonical(item) for item in value]
    return str(value) if isinstance(value, Card) else value
