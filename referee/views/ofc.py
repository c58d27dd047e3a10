"""The OFC scoring page: enter two or three finished boards, get the scores and the rulings."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from referee.cases import record_case, ruling_links
from referee.forms.ofc import JOKER_RULESETS, OfcForm
from scoring.ofc import OfcError, TableResult, score_table
from scoring.rulesets import ROWS


def ofc(request: HttpRequest) -> HttpResponse:
    """Bind the form, score the table, record the case, render (the result alone for htmx)."""
    form = OfcForm(request.POST if request.method == "POST" else None)
    result, case = None, None
    if form.is_bound and form.is_valid():
        try:
            table = score_table(form.ruleset_key(), form.boards())
        except OfcError as error:
            form.add_engine_error(error)
        else:
            case = record_case(table.ruleset, form.entered(), table.as_dict(), list(table.rulings))
            result = present(table)
    context = {"form": form, "result": result, "case": case, "joker_rulesets": JOKER_RULESETS}
    template = "ofc/page.html#result" if request.htmx else "ofc/page.html"
    return render(request, template, context)


def present(table: TableResult) -> dict[str, Any]:
    """The result as the page shows it: totals, boards, Jokers, matchups, rulings."""
    names = [player.name for player in table.players]
    points = {(m.player, m.opponent): m.points for m in table.matchups}
    best = max(player.score for player in table.players)
    players = [
        {
            "name": player.name,
            "score": player.score,
            "leads": player.score == best and best > 0,
            "fouled": player.fouled,
            "foul_reason": player.foul_reason,
            "royalties": player.royalties,
            "fantasyland": player.fantasyland,
            "rows": [
                {
                    "row": row,
                    "faces": [
                        {"card": str(new), "classes": "wild" if old.is_joker else ""}
                        for old, new in zip(
                            player.rows[row].cards, player.rows[row].resolved, strict=True
                        )
                    ],
                    "jokers": player.rows[row].jokers,
                    "hand": player.rows[row].hand.name,
                    "royalty": player.rows[row].royalty,
                }
                for row in ROWS
            ],
        }
        for player in table.players
    ]
    jokers = [
        {"player": player.name, "row": row, "card": card}
        for player in table.players
        for row in ROWS
        for card in player.rows[row].jokers
    ]
    matrix = [
        {"name": name, "cells": [points.get((name, other)) for other in names]} for name in names
    ]
    return {
        "ruleset": table.ruleset,
        "players": players,
        "jokers": jokers,
        "names": names,
        "matrix": matrix,
        "matchups": [m for m in table.matchups if names.index(m.player) < names.index(m.opponent)],
        "has_fantasyland": any(p.fantasyland is not None for p in table.players),
        "rulings": ruling_links(table.rulings),
    }
