"""The case log: recent cases (filterable by game and citation) and one case, read-only."""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import gettext, pgettext
from django.views.decorators.http import require_POST

from referee import devices
from referee.cases import ruling_links, visible_cases
from referee.games import CASE_NAMES, game_for
from referee.games.ofc_rules import ruleset_title
from referee.models import Case, PublishedCase
from scoring.cards import CardError, parse_cards
from scoring.rulings import CITATIONS, INTERPRETATIONS

PER_PAGE = 25


# The names of the entry keys a case records, as its page shows them ("As entered").
LABELS = {
    "players": lambda: pgettext("as entered", "Players"),
    "name": lambda: pgettext("as entered", "Name"),
    "top": lambda: pgettext("as entered", "Top"),
    "middle": lambda: pgettext("as entered", "Middle"),
    "bottom": lambda: pgettext("as entered", "Bottom"),
    "hole": lambda: pgettext("as entered", "Hole"),
    "board": lambda: pgettext("as entered", "Board"),
    "ruleset": lambda: pgettext("as entered", "Ruleset"),
    "game": lambda: pgettext("as entered", "Game"),
    "hi_lo": lambda: pgettext("as entered", "Hi lo"),
    "pot": lambda: pgettext("as entered", "Pot"),
    "button": lambda: pgettext("as entered", "Button"),
    "folded": lambda: pgettext("as entered", "Folded"),
    "contributed": lambda: pgettext("as entered", "Contributed"),
    "house_rules": lambda: pgettext("as entered", "House rules"),
    "situation": lambda: pgettext("as entered", "Situation"),
    "timing": lambda: pgettext("as entered", "Timing"),
    "player": lambda: pgettext("as entered", "Player"),
    "discards": lambda: pgettext("as entered", "Discards"),
    "in_fantasyland": lambda: pgettext("as entered", "In fantasyland"),
    "fantasyland_cards": lambda: pgettext("as entered", "Fantasyland cards"),
    "first_set": lambda: pgettext("as entered", "First set"),
    "second_set": lambda: pgettext("as entered", "Second set"),
    "turn": lambda: pgettext("as entered", "Turn"),
    "river": lambda: pgettext("as entered", "River"),
    "phantom_ship": lambda: pgettext("as entered", "Phantom ship"),
    "table_size": lambda: pgettext("as entered", "Table size"),
    "exchanged": lambda: pgettext("as entered", "Exchanged"),
    "secondary_bonus": lambda: pgettext("as entered", "Secondary bonus"),
    "cards": lambda: pgettext("as entered", "Cards"),
    "objective": lambda: pgettext("as entered", "Objective"),
    "played": lambda: pgettext("as entered", "Played"),
    "discarded": lambda: pgettext("as entered", "Discarded"),
    "variants": lambda: pgettext("as entered", "Variants"),
    "input": lambda: pgettext("as entered", "Input"),
    "hand": lambda: pgettext("as entered", "Hand"),  # a match hand's number
}


def _label(key: str) -> str:
    """An entry key for people: "hi_lo" -> "Hi lo" (ハイロー in Japanese); others as written."""
    if key in LABELS:
        return LABELS[key]()
    return key.replace("_", " ").replace(".", " ").strip().capitalize()


def _value_row(key: str, value: Any, card_keys: frozenset[str]) -> dict[str, Any]:
    """Describe one entered value: a card place's text becomes cards, anything else text."""
    row: dict[str, Any] = {"label": _label(key), "cards": None, "text": ""}
    if isinstance(value, bool):
        row["text"] = gettext("yes") if value else gettext("no")
    elif key == "ruleset" and isinstance(value, str):
        row["text"] = ruleset_title(value)  # its title in the reader's language, not its key
    elif isinstance(value, str) and key in card_keys and value.strip():
        try:
            row["cards"] = [str(card) for card in parse_cards(value)]
        except CardError:  # a schema 1 case kept some text as it was typed
            row["text"] = value
    elif isinstance(value, list):
        row["text"] = ", ".join(str(item) for item in value) or pgettext("no value", "none")
    elif isinstance(value, Mapping):
        row["text"] = "; ".join(f"{_label(k)}: {v}" for k, v in value.items()) or "—"
    elif value is None:
        row["text"] = "—"
    else:
        row["text"] = str(value)
    return row


def entered_groups(entered: Any, card_keys: frozenset[str]) -> list[dict[str, Any]]:
    """Lay out the input as entered: shared values first, then one group per player (or seat)."""
    if not isinstance(entered, Mapping):
        return [{"heading": "", "rows": [_value_row("input", json.dumps(entered), card_keys)]}]
    shared: list[dict[str, Any]] = []
    groups: list[dict[str, Any]] = []
    for key, value in entered.items():
        if isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
            for index, item in enumerate(value, start=1):
                heading = str(item.get("name") or f"{_label(key)} {index}")
                rows = [_value_row(k, v, card_keys) for k, v in item.items() if k != "name"]
                groups.append({"heading": heading, "rows": rows})
        else:
            shared.append(_value_row(key, value, card_keys))
    return ([{"heading": "", "rows": shared}] if shared else []) + groups


def without_match(record: Any) -> Any:
    """A case's entry or result without the match it was played in (its hand stays)."""
    if not isinstance(record, Mapping):
        return record
    return {key: value for key, value in record.items() if key != "match"}


def case_reading(case: Case) -> dict[str, Any]:
    """A case as its game reads it: the verdict lines and the input laid out."""
    game = game_for(case.game)
    result = case.result if isinstance(case.result, Mapping) else {}
    entered = without_match(case.entered)
    if game is None:  # a key no game claims now: shown as stored
        return {"summary": [], "groups": entered_groups(entered, frozenset())}
    return {
        "summary": game.summary(dict(result)),
        "groups": entered_groups(entered, game.card_keys),
    }


def cases_list(request: HttpRequest) -> HttpResponse:
    """List recent cases, newest first, filtered by game and by citation if asked."""
    # PostgreSQL refuses NUL in text, so it never reaches a query.
    game = request.GET.get("game", "").replace("\x00", "").strip()[:40]
    citation = " ".join(request.GET.get("citation", "").replace("\x00", "").split())[:120]
    mine = devices.mine(request)
    seen = visible_cases(request)
    listed = seen.citing(citation) if citation else seen
    if game:
        listed = listed.filter(game=game)
    ordered = listed.select_related("publication").order_by("-created", "id")
    page = Paginator(ordered, PER_PAGE).get_page(request.GET.get("page"))
    cases = list(page.object_list)
    rows = [
        {
            "case": case,
            "yours": bool(mine) and case.maker == mine,
            "published": hasattr(case, "publication"),
            "summary": (case_reading(case)["summary"] or [""])[0],
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
    response = render(
        request,
        "cases/list.html",
        {
            "page": page,
            "rows": rows,
            "games": CASE_NAMES,  # every game the app records, without reading the whole log
            "game": game,
            "citation": citation,
            "citations": sorted(CITATIONS) + sorted(INTERPRETATIONS),
            "filter_query": urlencode(filters),
            "filters": filters,
        },
    )
    # The list is this device's: no shared cache may hand it to another.
    patch_cache_control(response, private=True)
    patch_vary_headers(response, ("Cookie",))
    return response


@require_POST
def case_publish(request: HttpRequest, case_id: str) -> HttpResponse:
    """Show one of this device's cases in everyone's list (the case itself does not change)."""
    case = _case_or_404(case_id)
    mine = devices.mine(request)
    if not mine or case.maker != mine:
        return HttpResponse(gettext("Only the phone that made a case can publish it."), status=403)
    PublishedCase.objects.get_or_create(case=case)
    return HttpResponseRedirect(reverse("cases") + f"#case-{case.pk}")


def _case_or_404(case_id: str) -> Case:
    try:
        key = uuid.UUID(case_id)
    except ValueError as error:
        raise Http404(gettext("No such case")) from error
    return get_object_or_404(Case, pk=key)


def case_detail(request: HttpRequest, case_id: str) -> HttpResponse:
    """Show one case exactly as it was decided; an id that is not a case is a 404.

    The page is the same for everyone who has its link, so it can be cached for good; it never
    names the match a hand was played in (only the match's own pages do, for the table).
    """
    case = _case_or_404(case_id)
    response = render(
        request,
        "cases/detail.html",
        {
            "case": case,
            **case_reading(case),
            "rulings": ruling_links(case.rulings),
        },
    )
    # A case never changes, so any cache may keep it for good (a proxy, a CDN, the phone),
    # one copy per language: the browser's (Accept-Language) or the switch's (its cookie).
    response["Cache-Control"] = "public, max-age=31536000, immutable"
    patch_vary_headers(response, ("Accept-Language", "Cookie"))
    return response
