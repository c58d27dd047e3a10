"""The Island Pineapple showdown form: seven board places laid out as dealt, and up to 7 players."""

from __future__ import annotations

from typing import Any

from django import forms

from referee.web import CardsField, CardsInput
from scoring.cards import Card, find_duplicates
from scoring.hands import Category
from scoring.island import BONUS_LADDER, TABLE_SIZES, VARIANT_NAMES, Seat

MAX_PLAYERS = max(TABLE_SIZES)  # 1.1
SHOWN_PLAYERS = 3  # the rest sit behind "More players"
# (field name, label, name in messages) for each board place, in dealing order (2.2, 3.2, 3.4).
BOARD_PLACES = (
    ("first_1", "First set, upper card", "the first set (upper)"),
    ("first_2", "First set, lower card", "the first set (lower)"),
    ("second_1", "Second set, left card", "the second set (left)"),
    ("second_2", "Second set, right card", "the second set (right)"),
    ("turn", "Turn", "the turn"),
    ("river_1", "River, upper card", "the river (upper)"),
    ("river_2", "River, lower card", "the river (lower)"),
)
# The engine names a board part; the form shows its error at the part's first place.
ENGINE_FIELDS = {
    "first_set": "first_1",
    "second_set": "second_1",
    "turn": "turn",
    "river": "river_1",
    "phantom_ship.caller": "caller",
    "table_size": "table_size",
    "exchanged": "exchanged",
    "variants": "variants",
    "secondary_bonus.previous": "bonus_previous",
}


class IslandForm(forms.Form):
    """What the dealer types: the board, each player's kept hole cards, the variants in play."""

    variants = forms.MultipleChoiceField(
        choices=list(VARIANT_NAMES.items()),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Variants announced before the deal (OPR-538 5)",
    )
    caller = forms.ChoiceField(
        choices=[("", "No one")] + [(str(i), f"Player {i}") for i in range(1, MAX_PLAYERS + 1)],
        required=False,
        widget=forms.RadioSelect,
        label="Phantom Ship caller",
    )
    after_discards = forms.BooleanField(
        required=False, label="The Phantom Ship was called after discards began"
    )
    bonus_previous = forms.ChoiceField(
        choices=[("", "None: this is the first Island hand")]
        + [(category.slug, category.label) for category in BONUS_LADDER],
        required=False,
        label="Secondary bonus: the previous hand's qualifier",
    )
    table_size = forms.IntegerField(
        required=False,
        label="Players at the table (3-7)",
        widget=forms.NumberInput(
            attrs={"min": min(TABLE_SIZES), "max": MAX_PLAYERS, "inputmode": "numeric"}
        ),
    )
    exchanged = forms.IntegerField(
        required=False,
        label="How many exchanged at the draw",
        widget=forms.NumberInput(attrs={"min": 0, "max": MAX_PLAYERS, "inputmode": "numeric"}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, label, _ in BOARD_PLACES:
            self.fields[name] = CardsField(
                count=1, label=label, widget=CardsInput(1, attrs={"placeholder": "card"})
            )
        for seat in range(1, MAX_PLAYERS + 1):
            self.fields[f"p{seat}_name"] = forms.CharField(
                required=False, max_length=40, label=f"Player {seat} name"
            )
            self.fields[f"p{seat}_hole"] = CardsField(
                required=False,
                label=f"Player {seat} hole cards",
                widget=CardsInput(attrs={"placeholder": "e.g. Th 8c"}),
            )
            self.fields[f"p{seat}_fouled"] = forms.BooleanField(
                required=False, label="Did not discard at the Pineapple (3.3)"
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        places = {said: data.get(name) or [] for name, _, said in BOARD_PLACES}
        by_label = {said: name for name, _, said in BOARD_PLACES}
        for duplicate in find_duplicates(places):
            self.add_error(by_label[duplicate.last], str(duplicate))
        for seat in range(1, MAX_PLAYERS + 1):
            name, hole = data.get(f"p{seat}_name"), data.get(f"p{seat}_hole")
            if name and not hole:
                self.add_error(f"p{seat}_hole", f"enter {name}'s hole cards, or clear the name")
        caller = data.get("caller")
        if caller and not data.get(f"p{caller}_hole"):
            self.add_error("caller", f"player {caller} has no hole cards, so cannot call")
        return data

    # --- What the engine takes ---------------------------------------------------------------

    def board(self) -> dict[str, list[Card]]:
        """The board parts as the engine takes them."""
        d = self.cleaned_data
        return {
            "first_set": d["first_1"] + d["first_2"],
            "second_set": d["second_1"] + d["second_2"],
            "turn": d["turn"],
            "river": d["river_1"] + d["river_2"],
        }

    def seats(self) -> list[tuple[int, Seat]]:
        """Each filled-in player row with its seat number; an unnamed row is 'Player N'."""
        d = self.cleaned_data
        out = []
        for seat in range(1, MAX_PLAYERS + 1):
            hole = d.get(f"p{seat}_hole") or []
            if hole:
                name = (d.get(f"p{seat}_name") or "").strip() or f"Player {seat}"
                out.append((seat, Seat(name, tuple(hole), not d.get(f"p{seat}_fouled"))))
        return out

    def engine_args(self) -> dict[str, Any]:
        """Keyword arguments for scoring.island.showdown."""
        d = self.cleaned_data
        seats = self.seats()
        previous = d.get("bonus_previous")
        return {
            **self.board(),
            "players": [seat for _, seat in seats],
            "variants": list(d.get("variants") or []),
            "caller": next((s.name for n, s in seats if str(n) == d.get("caller")), None),
            "called_after_discards": bool(d.get("after_discards")),
            "table_size": d.get("table_size"),
            "exchanged": d.get("exchanged"),
            "bonus_previous": Category.from_slug(previous) if previous else None,
        }

    def field_for(self, engine_field: str, seats: list[tuple[int, Seat]]) -> str | None:
        """The form field where an engine error belongs (None: the form as a whole)."""
        parts = engine_field.split(".")
        if parts[0] == "players" and len(parts) == 3 and parts[1].isdigit():
            index = int(parts[1])
            if index < len(seats):
                return f"p{seats[index][0]}_{'name' if parts[2] == 'name' else 'hole'}"
        return ENGINE_FIELDS.get(engine_field)

    def entered(self) -> dict[str, Any]:
        """The input as the case log keeps it (card text in canonical form)."""
        d = self.cleaned_data
        seats = self.seats()
        caller = next((s.name for n, s in seats if str(n) == d.get("caller")), None)
        return {  # the API's field names, so a case reads the same however it was entered
            **{key: " ".join(map(str, cards)) for key, cards in self.board().items()},
            "variants": list(d.get("variants") or []),
            "players": [
                {"name": s.name, "hole": " ".join(map(str, s.hole)), "discarded": s.discarded}
                for _, s in seats
            ],
            "caller": caller,
            "after_discards": bool(d.get("after_discards")),
            "table_size": d.get("table_size"),
            "exchanged": d.get("exchanged"),
            "bonus_previous": d.get("bonus_previous") or None,
        }
