"""The OFC board a seat enters, shared by the slices that take one: the table's scoring
(``games.ofc``) and a match's hand (``games.match_hand``), so neither imports the other.

Its serializer (``BoardSerializer``), its page fields by API path (``board_fields``,
``seat_fields``) and the engine's boards from what was validated (``boards``).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from referee.fields import CardsField, NameField, YesNoField
from referee.hand_names import row_name
from referee.messages import said
from referee.pages import CardsTextField, CheckField, ChoiceField, PageForm, TextField
from referee.schema import FantasylandCardsField
from scoring.players import MAX_NAME, default_name_message
from scoring.rulesets import ROW_SIZES, ROWS, RULESETS

MOST_BOARDS = 10  # a request bound; each ruleset's engine check says how many may sit
SEATS = max(ruleset.max_players for ruleset in RULESETS.values())
REQUIRED_SEATS = min(ruleset.min_players for ruleset in RULESETS.values())
EXAMPLES = {"top": "Qs Qd 7c", "middle": "9s 9h 4c 4d 2s", "bottom": "Ah Jh 8h 6h 3h"}


def fantasyland_sizes() -> list[int]:
    """Every Fantasyland deal size any ruleset deals; the engine says which the chosen allows."""
    return sorted(
        {size for r in RULESETS.values() if r.fantasyland for size in r.fantasyland.deal_sizes}
    )


class BoardSerializer(serializers.Serializer[Any]):
    """One player's board; row sizes, Jokers and duplicates are the engine's to check."""

    name = NameField()
    top = CardsField(jokers=True, wanted=_("3 cards"), example=EXAMPLES["top"])
    middle = CardsField(jokers=True, wanted=_("5 cards"), example=EXAMPLES["middle"])
    bottom = CardsField(jokers=True, wanted=_("5 cards"), example=EXAMPLES["bottom"])
    discards = CardsField(
        jokers=True,
        required=False,
        allow_null=True,
        default=None,
        help_text=_("Optional: 4 in a normal hand; in Fantasyland the cards beyond 13"),
    )
    in_fantasyland = YesNoField(default=False)
    fantasyland_cards = FantasylandCardsField(
        required=False,
        allow_null=True,
        default=None,
        help_text=_("Joker OFC: how many cards the Fantasyland hand dealt (14-17)"),
    )


def board_fields(form: PageForm, seat: int, required: bool, prefix: str | None = None) -> None:
    """Add one seat's fields (``players-<seat>-top``..., or ``top``... for prefix "") to a form."""
    prefix = f"players-{seat}-" if prefix is None else prefix
    seat_name = said(default_name_message(seat))
    form.fields[f"{prefix}name"] = TextField(
        label=gettext("Name") if required else gettext("Name (optional)"),
        widget=forms.TextInput(attrs={"placeholder": seat_name, "maxlength": MAX_NAME}),
    )
    for row in ROWS:
        form.fields[f"{prefix}{row}"] = CardsTextField(
            count=ROW_SIZES[row],
            placeholder=gettext("e.g. %(cards)s") % {"cards": EXAMPLES[row]},
            label=gettext("%(row)s row (%(size)d)")
            % {"row": row_name(row), "size": ROW_SIZES[row]},
        )
    form.fields[f"{prefix}discards"] = CardsTextField(
        label=gettext("Discards (optional)"),
        placeholder=gettext("e.g. %(cards)s") % {"cards": "2c 3d 4h 5s"},
    )
    form.fields[f"{prefix}in_fantasyland"] = CheckField(
        label=gettext("Played this hand in Fantasyland")
    )
    form.fields[f"{prefix}fantasyland_cards"] = ChoiceField(
        label=gettext("Fantasyland deal (Joker OFC)"),
        choices=[("", gettext("Cards dealt in Fantasyland"))]
        + [
            (str(n), ngettext("%(count)d card", "%(count)d cards", n) % {"count": n})
            for n in fantasyland_sizes()
        ],
        whole=True,
    )
    for name, field in form.fields.items():
        if prefix and name.startswith(prefix):  # the summary of a refusal names the seat too
            field.summary_label = f"{seat_name}, {str(field.label).lower()}"


def seat_fields(form: PageForm, seat: int) -> dict[str, Any]:
    """One seat's bound fields, grouped for the templates."""
    prefix = f"players-{seat}"
    return {
        "seat": seat + 1,
        "name": form[f"{prefix}-name"] if f"{prefix}-name" in form.fields else None,
        "rows": [form[f"{prefix}-{row}"] for row in ROWS],
        "discards": form[f"{prefix}-discards"],
        "fantasyland": form[f"{prefix}-in_fantasyland"],
        "fantasyland_cards": form[f"{prefix}-fantasyland_cards"],
        "optional": seat >= REQUIRED_SEATS,
    }
