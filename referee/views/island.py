"""The Island Pineapple page: type the board and the hole cards, get the winners and rulings."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from referee.cases import record_case, ruling_links
from referee.forms.island import BOARD_PLACES, MAX_PLAYERS, SHOWN_PLAYERS, IslandForm
from scoring.island import IslandError, IslandResult, PlayedHand, showdown


def island(request: HttpRequest) -> HttpResponse:
    """Bind the form, referee the showdown, record the case, render (the result alone for htmx)."""
    form = IslandForm(request.POST if request.method == "POST" else None)
    result, case = None, None
    if form.is_bound and form.is_valid():
        try:
            outcome = showdown(**form.engine_args())
        except IslandError as error:
            form.add_error(form.field_for(error.field, form.seats()), str(error))
        else:
            case = record_case("island", form.entered(), outcome.as_dict(), list(outcome.rulings))
            result = present(outcome)
    context = {"form": form, "result": result, "case": case, **layout(form)}
    template = "island/page.html#result" if request.htmx else "island/page.html"
    return render(request, template, context)


def layout(form: IslandForm) -> dict[str, Any]:
    """Group the form's fields the way the page lays them out."""
    board = {name: form[name] for name, _, _ in BOARD_PLACES}
    seats = [
        {
            "number": seat,
            "name": form[f"p{seat}_name"],
            "hole": form[f"p{seat}_hole"],
            "fouled": form[f"p{seat}_fouled"],
            "is_caller": form["caller"].value() == str(seat),
        }
        for seat in range(1, MAX_PLAYERS + 1)
    ]
    more_open = any(seat["hole"].value() for seat in seats[SHOWN_PLAYERS:])
    return {
        "board": board,
        "seats": seats[:SHOWN_PLAYERS],
        "more_seats": seats[SHOWN_PLAYERS:],
        "more_open": more_open,
        "deal_fields": [form["table_size"], form["exchanged"]],
    }


def _faces(played: PlayedHand) -> list[dict[str, Any]]:
    """Each card of a hand with how to mark it: a hole card used, a wild card and what it was."""
    stood = {str(wild): str(card) for wild, card in played.wilds}
    hole = {str(card) for card in played.hole_used}
    faces = []
    for card in map(str, played.hand.cards):
        classes = " ".join(
            name for name, on in (("used-hole", card in hole), ("wild", card in stood)) if on
        )
        faces.append({"card": card, "classes": classes, "wild_as": stood.get(card, "")})
    return faces


def present(outcome: IslandResult) -> dict[str, Any]:
    """The result as the template shows it: verdict, boards, hands by player, rulings."""
    winners = set(outcome.winners)
    players = []
    for player in outcome.players:
        hands = [
            {
                "board": played.board,
                "faces": _faces(played),
                "hand": played.hand.name,
                "is_best": player.best is not None and played.board == player.best.board,
                "wilds": [f"{wild} as {card}" for wild, card in played.wilds],
                "hole_used": [str(card) for card in played.hole_used],
            }
            for played in player.per_board
        ]
        players.append(
            {
                "name": player.name,
                "fouled": player.fouled,
                "caller": player.caller,
                "won": player.name in winners,
                "best": player.best,
                "hands": hands,
            }
        )
    winning = next((p.best for p in outcome.players if p.name in winners and p.best), None)
    return {
        "winners": list(outcome.winners),
        "winning": winning,
        "boards": [
            {"number": number, "cards": [str(card) for card in board]}
            for number, board in enumerate(outcome.boards, 1)
        ],
        "players": players,
        "variants": outcome.variants,
        "deal": outcome.deal,
        "bonus": outcome.bonus,
        "rulings": ruling_links(outcome.rulings),
    }
