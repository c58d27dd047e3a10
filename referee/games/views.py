"""Every game's page and API view: a few lines each, because the game owns the rest."""

from __future__ import annotations

from typing import Any, ClassVar
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from referee.games.base import Game, errors_by_path
from referee.pages import ChoicesField

REFUSED = OpenApiResponse(OpenApiTypes.OBJECT, description='{"errors": {FIELD: [MESSAGE]}}')


def page(request: HttpRequest, game: Game) -> HttpResponse:
    """Bind the page's form, decide as the API would, render (the result alone for htmx).

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
            decision = game.decide(game.page_body(form))
        except ValidationError as error:
            form.show_errors(errors_by_path(error.detail))
        else:
            context.update(result=game.present(decision.outcome), case=decision.case)
            new_hand = urlencode(list(kept(game, request.POST).items()), doseq=True)
            context["new_hand"] = f"{request.path}?{new_hand}" if new_hand else request.path
    context.update(game.layout(form))
    template = f"{game.template}#result" if request.htmx else game.template
    return render(request, template, context)


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
        return Response(self.game.decide(request.data).answer())


def api_view(game: Game, description: str) -> Any:
    """The API view of one game, its request schema the game's own serializer."""
    schema = extend_schema(
        request=game.serializer,
        responses={
            200: OpenApiResponse(OpenApiTypes.OBJECT, description=description),
            400: REFUSED,
        },
        description=type(game).__doc__,
    )
    view = type(f"{type(game).__name__}Api", (GameApi,), {"game": game})
    view.post = schema(view.post)
    return view.as_view()
