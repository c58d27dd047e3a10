"""Forms for the Pineapple showdown and the discard referee: they parse; the engine rules."""

from __future__ import annotations

from typing import Any

from django import forms

from referee.web import CardsField, CardsInput
from scoring.irregularities import HOUSE_RULES, SITUATIONS, TIMINGS, VERSION_NAMES
from scoring.pineapple import MAX_PLAYERS, VERSIONS, Entrant, PineappleError

SEATS = MAX_PLAYERS
OPEN_SEATS = 4  # the rest sit in a <details> block, which opens without JavaScript
MAX_CHIPS = 10**9
GAME_CHOICES = list(VERSION_NAMES.items())
SEAT_PARTS = ("name", "hole", "chips", "folded")


def _seat_field(seat: int, part: str) -> str:
    return f"p{seat}_{part}"


class ShowdownForm(forms.Form):
    """The version, the board, up to ten seats (hole, chips, folded), the pot and the button."""

    game = forms.ChoiceField(
        choices=GAME_CHOICES, initial="pineapple", widget=forms.RadioSelect, label="Version"
    )
    hi_lo = forms.BooleanField(required=False, label="High-low split, eight or better")
    board = CardsField(count=5, label="Board: flop, turn and river")
    pot = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=MAX_CHIPS,
        label="Pot (chips)",
        help_text="When everyone still in put in the same. For side pots, give each player's "
        "chips instead.",
    )
    button = forms.TypedChoiceField(
        required=False,
        coerce=int,
        empty_value=None,
        choices=[("", "Not set: the last player listed")]
        + [(str(seat), f"Player {seat}'s seat") for seat in range(1, SEATS + 1)],
        label="Dealer button",
        help_text="Odd chips go to the first winner left of the button.",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        game = self.data.get("game") if self.is_bound else "pineapple"
        hole_size = max(VERSIONS.get(str(game), VERSIONS["pineapple"]).showdown_holes)
        for seat in range(1, SEATS + 1):
            self.fields[_seat_field(seat, "name")] = forms.CharField(
                required=False, max_length=40, label=f"Player {seat} name"
            )
            self.fields[_seat_field(seat, "hole")] = CardsField(
                required=False,
                label=f"Player {seat} hole cards",
                widget=CardsInput(hole_size, attrs={"data-hole": ""}),
            )
            self.fields[_seat_field(seat, "chips")] = forms.IntegerField(
                required=False,
                min_value=0,
                max_value=MAX_CHIPS,
                label=f"Player {seat} chips put in",
            )
            self.fields[_seat_field(seat, "folded")] = forms.BooleanField(
                required=False, label="Folded"
            )

    def seats(self) -> list[dict[str, Any]]:
        """Each seat's bound fields for the template, and whether it starts open."""
        rows = []
        for seat in range(1, SEATS + 1):
            row: dict[str, Any] = {"number": seat, "open": seat <= OPEN_SEATS}
            for part in SEAT_PARTS:
                row[part] = self[_seat_field(seat, part)]
                if self.is_bound and self.data.get(_seat_field(seat, part)):
                    row["open"] = True
            rows.append(row)
        return rows

    def extra_seats_open(self) -> bool:
        return any(row["open"] for row in self.seats()[OPEN_SEATS:])

    def _taken(self, seat: int) -> bool:
        data = self.cleaned_data
        return bool(
            data.get(_seat_field(seat, "hole"))
            or data.get(_seat_field(seat, "name"))
            or data.get(_seat_field(seat, "folded"))
            or data.get(_seat_field(seat, "chips")) is not None
        )

    def taken_seats(self) -> list[int]:
        """The seats with anything entered, in order: the players at the table."""
        return [seat for seat in range(1, SEATS + 1) if self._taken(seat)]

    def engine_arguments(self) -> dict[str, Any]:
        """The showdown's arguments; raise PineappleError (on `button`) for an empty button seat."""
        data = self.cleaned_data
        seats = self.taken_seats()
        entrants = [
            Entrant(
                name=data[_seat_field(seat, "name")].strip() or f"Player {seat}",
                hole=tuple(data[_seat_field(seat, "hole")]),
                folded=data[_seat_field(seat, "folded")],
                contributed=data[_seat_field(seat, "chips")],
            )
            for seat in seats
        ]
        button = data.get("button")
        if button is not None and button not in seats:
            raise PineappleError(f"Nobody is entered in seat {button}: move the button", "button")
        return {
            "game": data["game"],
            "board": data["board"],
            "players": entrants,
            "hi_lo": data["hi_lo"],
            "pot": data.get("pot"),
            "button": seats.index(button) if button is not None else None,
        }

    def add_engine_error(self, error: PineappleError) -> None:
        """Show an engine error at the field it names (``players.1.hole`` -> that seat's hole)."""
        field: str | None = error.field
        parts = error.field.split(".")
        if parts[0] == "players" and len(parts) == 3:
            seat = self.taken_seats()[int(parts[1])]
            part = {"contributed": "chips"}.get(parts[2], parts[2])
            field = _seat_field(seat, part)
        elif field not in self.fields:
            field = None
        self.add_error(field, str(error))

    def entered(self) -> dict[str, Any]:
        """The input as typed, for the case record."""
        data = self.cleaned_data
        players = []
        for seat in self.taken_seats():
            player: dict[str, Any] = {"name": data[_seat_field(seat, "name")] or f"Player {seat}"}
            player["hole"] = self.data.get(_seat_field(seat, "hole"), "")
            if data[_seat_field(seat, "chips")] is not None:
                player["contributed"] = data[_seat_field(seat, "chips")]
            if data[_seat_field(seat, "folded")]:
                player["folded"] = True
            players.append(player)
        entered: dict[str, Any] = {
            "game": data["game"],
            "hi_lo": data["hi_lo"],
            "board": self.data.get("board", ""),
        }
        if data.get("pot") is not None:
            entered["pot"] = data["pot"]
        if data.get("button") is not None:
            entered["button"] = f"Player {data['button']}'s seat"
        entered["players"] = players
        return entered


def _timing_choices() -> list[Any]:
    choices: list[Any] = [("", "The version's standard timing")]
    for game, timings in TIMINGS.items():
        choices.append(
            (VERSION_NAMES[game], [(key, timing.label) for key, timing in timings.items()])
        )
    return choices


class RulingForm(forms.Form):
    """The discard referee's question: version, situation, timing and (optionally) who."""

    game = forms.ChoiceField(
        choices=GAME_CHOICES, initial="pineapple", widget=forms.RadioSelect, label="Version"
    )
    situation = forms.ChoiceField(choices=list(SITUATIONS.items()), label="What happened?")
    timing = forms.ChoiceField(
        required=False,
        choices=_timing_choices(),
        label="Discard timing announced",
        help_text="Pineapple and Crazy Pineapple each have a variation; leave it for the "
        "standard timing.",
    )
    player = forms.CharField(required=False, max_length=40, label="Player (optional)")
    house_rules = forms.MultipleChoiceField(
        required=False,
        choices=[(key, house.label) for key, house in HOUSE_RULES.items()],
        widget=forms.CheckboxSelectMultiple,
        label="House rules",
    )
