"""Every game's page and API view: a few lines each, because the game owns the rest."""

from __future__ import annotations

import uuid
from typing import Any, ClassVar
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import render
from django_htmx.http import push_url, reswap, retarget
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from referee import devices
from referee.games.base import Game, errors_by_path
from referee.models import Case
from referee.pages import ChoicesField
from referee.schema import ANSWERS, NOT_IN_THE_SCHEMA, RefusalAnswer

REFUSED = OpenApiResponse(RefusalAnswer, description='{"errors": {FIELD: [MESSAGE]}}')


def page(request: HttpRequest, game: Game) -> HttpResponse:
    """Bind the page's form, decide as the API would, render.

    Without JavaScript a decided post redirects to the case's address (``?case=``), whose GET
    shows the verdict with the fields as they were typed (``decided``). An htmx post that is
    decided gets the verdict alone (``answered``): the form stays as the person typed it. A
    refused one gets the game's block again (verdict place and form), each error at its field.

    A GET may carry what a new hand keeps (the players and the ruleset, as "New hand" links
    them), which fills the fields it names.
    """
    if request.method == "POST":
        form = game.form(request.POST)
    else:
        form = game.form(initial=kept(game, request.GET))
    context: dict[str, Any] = {"game": game, "form": form}
    if form.is_bound:
        try:
            decision = game.decide(game.page_body(form), devices.maker(request))
        except ValidationError as error:
            form.show_errors(errors_by_path(error.detail))
        else:
            if not request.htmx:  # post, redirect, get: a reload asks again, it posts nothing
                moved = HttpResponseRedirect(f"{request.path}?case={decision.case.pk}")
                return devices.keep(request, moved)
            context.update(shown(request, game, decision.outcome, decision.case, form.data))
            context.update(game.layout(form))
            return devices.keep(request, answered(request, game, decision.case, context))
    elif "case" in request.GET:
        context.update(decided(request, game))  # its own form, filled from the case
    context.update(game.layout(context["form"]))
    # A refused htmx post: the block again. Any GET is the whole page (htmx asks for one when
    # Back returns to an address it pushed: the pages keep no copy in its history cache).
    partial = request.method == "POST" and request.htmx
    template = f"{game.template}#block" if partial else game.template
    return devices.keep(request, render(request, template, context))


# Where a decided htmx post's verdict goes: the game block's verdict place, in place of what
# it held, scrolled to the top of the screen as the whole block was before.
VERDICT = "#outcome"
VERDICT_SWAP = "innerHTML show:top"


def answered(request: HttpRequest, game: Game, case: Case, context: dict[str, Any]) -> HttpResponse:
    """A decided htmx post: the verdict alone into its place, the form's next idempotency key
    out of band, and the case's address pushed, so a reload or Back shows it again."""
    response = render(request, f"{game.template}#answer", context)
    retarget(response, VERDICT)
    reswap(response, VERDICT_SWAP)  # type: ignore[arg-type]  # a method with its modifier
    return push_url(response, f"{request.path}?case={case.pk}")


def shown(
    request: HttpRequest, game: Game, outcome: Any, case: Case, data: QueryDict
) -> dict[str, Any]:
    """A decision as the page shows it, with the link to a new hand at the same table."""
    new_hand = urlencode(list(kept(game, data).items()), doseq=True)
    return {
        "result": game.present(outcome),
        "case": case,
        "new_hand": f"{request.path}?{new_hand}" if new_hand else request.path,
    }


def decided(request: HttpRequest, game: Game) -> dict[str, Any]:
    """The page after a post: the case's result again, and its fields as they were typed."""
    case = Case.objects.filter(pk=parse_uuid(request.GET.get("case", ""))).first()
    outcome = game.replay(case) if case is not None else None
    if outcome is None or case is None:
        return {}
    fields = game.page_fields(case.entered)
    form = game.form(initial=fields)
    data = QueryDict(mutable=True)
    data.update({name: value for name, value in fields.items() if isinstance(value, str)})
    context = {"form": form, **shown(request, game, outcome, case, data)}
    # The typed house rules, if any, else the chosen profile.
    other = next((v for v in reversed(request.GET.getlist("compare")) if v.strip()), "")
    if other and hasattr(game, "compared"):
        context["comparison"] = game.compared(case.entered, other[:40])
    return context


def parse_uuid(text: str) -> uuid.UUID | None:
    try:
        return uuid.UUID(text)
    except ValueError:
        return None


def kept(game: Game, data: QueryDict) -> dict[str, Any]:
    """The fields of ``data`` that a new hand keeps, as the game says."""
    fields = game.form.base_fields
    return {
        name: data.getlist(name) if isinstance(fields.get(name), ChoicesField) else data[name]
        for name in data
        if game.keeps(name) and any(data.getlist(name))
    }


class GameApi(APIView):
    """POST a game's request body: 200 with the outcome and its case, or 400 by field."""

    game: ClassVar[Game]

    def post(self, request: Request) -> Response:
        decision = self.game.decide(request.data, devices.maker(request))
        return devices.keep(request, Response(decision.answer()))


def api_view(game: Game, description: str) -> Any:
    """The API view of one game: its own class, whose ``post`` is described by the game's own
    request serializer and answer (``referee.schema.ANSWERS``).

    ``extend_schema`` on the class copies the inherited ``post`` before describing it; the
    shared ``GameApi.post`` itself is never described, or the last game described would be
    every game's (it was: all five took the discard referee's body).
    """
    schema = extend_schema(
        request=game.serializer,
        responses={
            200: OpenApiResponse(ANSWERS[game.key], description=description),
            400: REFUSED,
        },
        description=f"{type(game).__doc__}\n\n{NOT_IN_THE_SCHEMA}",
    )
    view = schema(type(f"{type(game).__name__}Api", (GameApi,), {"game": game}))
    return view.as_view()
