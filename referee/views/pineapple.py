"""Pages for Pineapple, Crazy and Lazy: the showdown calculator and the discard referee."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from referee.cases import record_case, ruling_links
from referee.forms.pineapple import RulingForm, ShowdownForm
from scoring.irregularities import IrregularityError, rule
from scoring.pineapple import PineappleError, showdown

RULING_GAME = "pineapple-ruling"


def _render(request: HttpRequest, template: str, context: dict[str, Any]) -> HttpResponse:
    name = f"{template}#result" if request.htmx else template
    return render(request, name, context)


def showdown_page(request: HttpRequest) -> HttpResponse:
    """Settle a showdown: best high and low hands, winners of each half, chips and rulings."""
    form = ShowdownForm(request.POST if request.method == "POST" else None)
    context: dict[str, Any] = {"form": form}
    if form.is_valid():
        try:
            result = showdown(**form.engine_arguments())
        except PineappleError as error:
            form.add_engine_error(error)
        else:
            answer = result.as_dict()
            case = record_case(result.game, form.entered(), answer, list(result.rulings))
            context.update(result=answer, rulings=ruling_links(result.rulings), case=case)
    return _render(request, "pineapple/showdown.html", context)


def ruling_page(request: HttpRequest) -> HttpResponse:
    """Rule on a discard mishap: the consequence, in a sentence, with its citations."""
    form = RulingForm(request.POST if request.method == "POST" else None)
    context: dict[str, Any] = {"form": form}
    if form.is_valid():
        data = form.cleaned_data
        try:
            decision = rule(
                data["game"], data["situation"], data["timing"], data["player"], data["house_rules"]
            )
        except IrregularityError as error:
            form.add_error(error.field if error.field in form.fields else None, str(error))
        else:
            answer = decision.as_dict()
            case = record_case(RULING_GAME, dict(form.cleaned_data), answer, list(decision.rulings))
            context.update(decision=answer, rulings=ruling_links(decision.rulings), case=case)
    return _render(request, "pineapple/ruling.html", context)
