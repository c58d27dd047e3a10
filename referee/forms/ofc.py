"""The OFC scoring form: a ruleset and two or three boards, each with optional discards and
Fantasyland state. The rules of the deal are the engine's (scoring.ofc); the form parses."""

from __future__ import annotations

from typing import Any

from django import forms

from referee.web import CardsField, CardsInput
from scoring.ofc import OfcError, PlayerBoard
from scoring.rulesets import ROW_SIZES, ROWS, RULESETS

MAX_PLAYERS = max(ruleset.max_players for ruleset in RULESETS.values())
REQUIRED_PLAYERS = 2  # the third board is optional
ROW_LABELS = {"top": "Top row (3)", "middle": "Middle row (5)", "bottom": "Bottom row (5)"}
ROW_PLACEHOLDERS = {
    "top": "e.g. Qs Qd 7c",
    "middle": "e.g. 9s 9h 4c 4d 2s",
    "bottom": "e.g. Ah Jh 8h 6h 3h",
}
# The engine's name for a part of a player's entry -> the form's field suffix.
ENGINE_PARTS = {
    "name": "name",
    "top": "top",
    "middle": "middle",
    "bottom": "bottom",
    "discards": "discards",
    "in_fantasyland": "fantasyland",
    "fantasyland_cards": "fantasyland_cards",
}
JOKER_RULESETS = " ".join(key for key, ruleset in RULESETS.items() if ruleset.jokers)
# Every Fantasyland deal size any ruleset deals; the engine says which the chosen one allows.
FANTASYLAND_SIZES = sorted(
    {
        size
        for ruleset in RULESETS.values()
        if ruleset.fantasyland
        for size in ruleset.fantasyland.deal_sizes
    }
)


class OfcForm(forms.Form):
    """What the table types or taps: the ruleset, then each player's three rows."""

    ruleset = forms.ChoiceField(
        choices=[(key, ruleset.title) for key, ruleset in RULESETS.items()],
        initial="pineapple-ofc",
        label="Ruleset",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for seat in range(1, MAX_PLAYERS + 1):
            required = seat <= REQUIRED_PLAYERS
            self.fields[f"p{seat}_name"] = forms.CharField(
                required=False,
                max_length=40,
                label=f"Player {seat} name",
                widget=forms.TextInput(attrs={"placeholder": f"Player {seat}"}),
            )
            for row in ROWS:
                count = ROW_SIZES[row]
                self.fields[f"p{seat}_{row}"] = CardsField(
                    count=count,
                    jokers=True,
                    required=required,
                    label=ROW_LABELS[row],
                    widget=CardsInput(count, attrs={"placeholder": ROW_PLACEHOLDERS[row]}),
                )
            self.fields[f"p{seat}_discards"] = CardsField(
                jokers=True,
                required=False,
                label="Discards (optional)",
                widget=CardsInput(attrs={"placeholder": "e.g. 2c 3d 4h 5s"}),
            )
            self.fields[f"p{seat}_fantasyland"] = forms.BooleanField(
                required=False, label="Played this hand in Fantasyland"
            )
            self.fields[f"p{seat}_fantasyland_cards"] = forms.TypedChoiceField(
                choices=[("", "Cards dealt in Fantasyland")]
                + [(str(n), f"{n} cards") for n in FANTASYLAND_SIZES],
                coerce=int,
                empty_value=None,
                required=False,
                label="Fantasyland deal",
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        seat = MAX_PLAYERS
        rows = [data.get(f"p{seat}_{row}") for row in ROWS]
        typed = [self.data.get(self.add_prefix(f"p{seat}_{row}"), "") for row in ROWS]
        name = (data.get(f"p{seat}_name") or "").strip() or f"Player {seat}"
        if any(typed) or data.get(f"p{seat}_name") or data.get(f"p{seat}_discards"):
            for row, cards, text in zip(ROWS, rows, typed, strict=True):
                if not cards and not text and f"p{seat}_{row}" not in self.errors:
                    self.add_error(
                        f"p{seat}_{row}",
                        f"enter {name}'s {row} row, or clear player {seat} for a 2-player table",
                    )
        return data

    # --- What the engine takes ---------------------------------------------------------------

    def seats(self) -> list[int]:
        """The seats with a board entered (1 and 2 always, 3 when filled in)."""
        d = self.cleaned_data
        return [s for s in range(1, MAX_PLAYERS + 1) if s <= REQUIRED_PLAYERS or d.get(f"p{s}_top")]

    def ruleset_key(self) -> str:
        """The chosen ruleset's key."""
        return str(self.cleaned_data["ruleset"])

    def boards(self) -> list[PlayerBoard]:
        """Each entered board as the engine takes it."""
        d = self.cleaned_data
        return [
            PlayerBoard(
                # Blank stays blank: the engine numbers it, and a match seats it by order.
                name=(d.get(f"p{s}_name") or "").strip(),
                top=d[f"p{s}_top"],
                middle=d[f"p{s}_middle"],
                bottom=d[f"p{s}_bottom"],
                discards=d.get(f"p{s}_discards") or None,
                in_fantasyland=bool(d.get(f"p{s}_fantasyland")),
                fantasyland_cards=d.get(f"p{s}_fantasyland_cards"),
            )
            for s in self.seats()
        ]

    def entered(self) -> dict[str, Any]:
        """The input as the case log keeps it, in the API's field names."""
        return {
            "ruleset": self.ruleset_key(),
            "players": [board.as_dict() for board in self.boards()],
        }

    def field_for(self, engine_field: str) -> str | None:
        """The form field where an engine error belongs (None: the form as a whole)."""
        parts = engine_field.split(".")
        if parts[0] == "players" and len(parts) == 3 and parts[1].isdigit():
            seats = self.seats()
            index = int(parts[1])
            if index < len(seats) and parts[2] in ENGINE_PARTS:
                return f"p{seats[index]}_{ENGINE_PARTS[parts[2]]}"
        return "ruleset" if engine_field == "ruleset" else None

    def add_engine_error(self, error: OfcError) -> None:
        """Show each of the engine's messages at the field it names."""
        for engine_field, messages in error.errors.items():
            field = self.field_for(engine_field)
            for message in messages:
                self.add_error(field, message)

    @property
    def extras_open(self) -> bool:
        """Whether any discard or Fantasyland field holds a value or an error."""
        return any(
            self[f"p{seat}_{part}"].value() or self[f"p{seat}_{part}"].errors
            for seat in range(1, MAX_PLAYERS + 1)
            for part in ("discards", "fantasyland", "fantasyland_cards")
        )

    def players(self) -> list[dict[str, Any]]:
        """The fields of each seat, grouped for the template."""
        return [
            {
                "seat": seat,
                "name": self[f"p{seat}_name"],
                "rows": [self[f"p{seat}_{row}"] for row in ROWS],
                "discards": self[f"p{seat}_discards"],
                "fantasyland": self[f"p{seat}_fantasyland"],
                "fantasyland_cards": self[f"p{seat}_fantasyland_cards"],
                "optional": seat > REQUIRED_PLAYERS,
            }
            for seat in range(1, MAX_PLAYERS + 1)
        ]
