"""The case log: recent cases (filterable by game and citation) and one case, read-only."""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from referee.cases import GAME_NAMES, ruling_links
from referee.models import Case
from scoring.cards import CardError, parse_cards
from scoring.rulings import CITATIONS, INTERPRETATIONS

PER_PAGE = 25
# Entered values under these keys are names or choices, never cards ("X" is a name, not a Joker).
NOT_CARDS = frozenset({"name", "ruleset", "game", "variants", "caller", "phantom_ship_caller"})


def _label(key: str) -> str:
    return key.replace("_", " ").replace(".", " ").strip().capitalize()


def _value_row(key: str, value: Any) -> dict[str, Any]:
    """Describe one entered value: card text becomes cards, anything else stays text."""
    row: dict[str, Any] = {"label": _label(key), "cards": None, "text": ""}
    if isinstance(value, bool):
        row["text"] = "yes" if value else "no"
    elif isinstance(value, str) and key not in NOT_CARDS and value.strip():
        try:
            row["cards"] = [str(card) for card in parse_cards(value)]
        except CardError:
            row["text"] = value
    elif isinstance(value, list):
        row["text"] = ", ".join(str(item) for item in value) or "none"
    elif value is None:
        row["text"] = "—"
    else:
        row["text"] = str(value)
    return row


def entered_groups(entered: Any) -> list[dict[str, Any]]:
    """Lay out the input as entered: shared values first, then one group per player (or seat)."""
    if not isinstance(entered, Mapping):
        return [{"heading": "", "rows": [_value_row("input", json.dumps(entered))]}]
    shared: list[dict[str, Any]] = []
    groups: list[dict[str, Any]] = []
    for key, value in entered.items():
        if isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
            for index, item in enumerate(value, start=1):
                heading = str(item.get("name") or f"{_label(key)} {index}")
                rows = [_value_row(k, v) for k, v in item.items() if k != "name"]
                groups.append({"heading": heading, "rows": rows})
        else:
            shared.append(_value_row(key, value))
    return ([{"heading": "", "rows": shared}] if shared else []) + groups


def _names(names: Any) -> str:
    if not isinstance(names, list) or not names:
        return "nobody"
    return " and ".join(str(name) for name in names)


def result_summary(result: Any) -> list[str]:
    """Say the outcome in a line or two, whatever the game: winners, halves, or totals."""
    if not isinstance(result, Mapping):
        return []
    lines = []
    if "winners" in result:
        winners = result["winners"]
        split = isinstance(winners, list) and len(winners) > 1
        lines.append(f"{'Split' if split else 'Winner'}: {_names(winners)}")
    if "high_winners" in result:
        lines.append(f"High: {_names(result['high_winners'])}")
    if "low_winners" in result and (result.get("hi_lo") or result["low_winners"]):
        low = result["low_winners"]
        lines.append(f"Low: {_names(low)}" if low else "Low: no hand qualifies")
    players = result.get("players")
    if isinstance(players, list) and all(
        isinstance(player, Mapping) and isinstance(player.get("score"), int) for player in players
    ):
        lines.extend(f"{player.get('name', '?')}: {player['score']:+d}" for player in players)
    return lines


def cases_list(request: HttpRequest) -> HttpResponse:
    """List recent cases, newest first, filtered by game and by citation if asked."""
    # PostgreSQL refuses NUL in text, so it never reaches a query.
    game = request.GET.get("game", "").replace("\x00", "").strip()[:40]
    citation = " ".join(request.GET.get("citation", "").replace("\x00", "").split())[:120]
    listed = Case.objects.citing(citation) if citation else Case.objects.all()
    if game:
        listed = listed.filter(game=game)
    page = Paginator(listed.order_by("-created", "id"), PER_PAGE).get_page(request.GET.get("page"))
    cases = list(page.object_list)
    rows = [
        {
            "case": case,
            "summary": (result_summary(case.result) or [""])[0],
            "players": [
                str(player.get("name", ""))
                for player in (case.entered or {}).get("players", [])
                if isinstance(player, Mapping)
            ]
            if isinstance(case.entered, Mapping)
            else [],
            "citations": sorted(
                {r.get("citation", "") for r in case.rulings if isinstance(r, Mapping)}
            ),
        }
        for case in cases
    ]
    filters = {key: value for key, value in (("game", game), ("citation", citation)) if value}
    return render(
        request,
        "cases/list.html",
        {
            "page": page,
            "rows": rows,
            "games": GAME_NAMES,  # every game the app records, without reading the whole log
            "game": game,
            "citation": citation,
            "citations": sorted(CITATIONS) + sorted(INTERPRETATIONS),
            "filter_query": urlencode(filters),
            "filters": filters,
        },
    )


def case_detail(request: HttpRequest, case_id: str) -> HttpResponse:
    """Show one case exactly as it was decided; an id that is not a case is a 404."""
    try:
        key = uuid.UUID(case_id)
    except ValueError as error:
        raise Http404("No such case") from error
    case = get_object_or_404(Case, pk=key)
    return render(
        request,
        "cases/detail.html",
        {
            "case": case,
            "groups": entered_groups(case.entered),
            "summary": result_summary(case.result),
            "rulings": ruling_links(case.rulings),
            "result_json": json.dumps(case.result, indent=2, ensure_ascii=False),
        },
    )
