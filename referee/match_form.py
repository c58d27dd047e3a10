"""The new-match form: ruleset, players in seat order, first dealer, length. Shape only."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from referee.fields import checked_text
from referee.games.ofc_rules import ruleset_choices
from referee.house_rules import ruleset_for
from referee.messages import localized_errors, said
from scoring.errors import InputError
from scoring.match import MAX_NAME, MAX_TARGET, SUGGESTED_TARGETS, MatchError, lengths_in_words
from scoring.players import count_phrase
from scoring.rulesets import RULESETS

SEATS = ("player_1", "player_2", "player_3")


def _first_to_text(target: int) -> str:
    return ngettext("First to %(target)d point", "First to %(target)d points", target) % {
        "target": target
    }


_first_to = lazy(_first_to_text, str)
LENGTHS = [
    ("rounds:1", _("1 round (each player deals once)")),
    ("rounds:2", _("2 rounds")),
    ("hands:1", _("1 hand")),
    *((f"target:{target}", _first_to(target)) for target in SUGGESTED_TARGETS),
    ("target:custom", _("First to a score of your choice")),
]


HOUSE_HELP = _("House rules play as the profile they start from.")


def ruleset_lengths() -> list[str]:
    """Each profile in a line: who sits and how long its matches are, in the reader's words."""
    return [
        gettext("%(name)s: %(players)s players; %(lengths)s.")
        % {
            "name": said(rules.title),
            "players": said(count_phrase(rules.min_players, rules.max_players)),
            "lengths": said(lengths_in_words(rules.match.lengths)),
        }
        for rules in RULESETS.values()
    ]


class MoneyForm(forms.Form):
    """What a point is worth, in the currency's units with cents; empty plays for points."""

    point_value = forms.DecimalField(
        label=_("Value of a point"),
        required=False,
        min_value=Decimal("0.01"),
        max_value=Decimal("10000"),
        decimal_places=2,
        help_text=_("e.g. 0.25; leave empty to play for points only."),
        widget=forms.TextInput(attrs={"inputmode": "decimal", "placeholder": _("e.g. 0.25")}),
    )
    currency = checked_text(
        forms.CharField(
            label=_("Currency"),
            required=False,
            max_length=8,
            help_text=_('A label: "EUR", "$", "chips".'),
        )
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        value = data.get("point_value")
        data["cents"] = int(value * 100) if value is not None else None
        data["currency"] = (data.get("currency") or "").strip()
        return data


class MatchForm(MoneyForm):
    """Who plays, who deals first, how long, and (if for money) what a point is worth."""

    field_order = ["ruleset", *SEATS, "dealer", "length", "custom_target", "point_value"]

    ruleset = forms.ChoiceField(choices=[], label=_("Ruleset"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["ruleset"]
        field.choices = ruleset_choices()  # type: ignore[attr-defined]
        field.help_text = " ".join([*ruleset_lengths(), str(HOUSE_HELP)])
        asked = self.data.get("ruleset") if self.is_bound else self.initial.get("ruleset")
        if isinstance(asked, str) and asked.startswith("house:"):
            try:
                rules = ruleset_for(asked)
            except InputError:
                return
            field.choices = [*field.choices, (rules.key, said(rules.title))]  # type: ignore[attr-defined]

    player_1 = checked_text(forms.CharField(label=_("Seat 1"), max_length=MAX_NAME))
    player_2 = checked_text(
        forms.CharField(label=_("Seat 2 (to the left of seat 1)"), max_length=MAX_NAME)
    )
    player_3 = checked_text(
        forms.CharField(
            label=_("Seat 3 (to the left of seat 2)"),
            max_length=MAX_NAME,
            required=False,
            help_text=_("Leave empty for two players."),
        )
    )
    dealer = forms.ChoiceField(
        label=_("First dealer"),
        choices=[("1", _("Seat 1")), ("2", _("Seat 2")), ("3", _("Seat 3"))],
        initial="1",
        widget=forms.RadioSelect,
    )
    length = forms.ChoiceField(label=_("Length"), choices=LENGTHS, initial="rounds:1")
    custom_target = forms.IntegerField(
        label=_("Custom target"),
        required=False,
        min_value=1,
        max_value=MAX_TARGET,
        help_text=_("Only for “a score of your choice”."),
    )

    def seat_fields(self) -> list[str]:
        """The seat fields that hold a name, in seat order."""
        return [name for name in SEATS if (self.cleaned_data.get(name) or "").strip()]

    def match_args(self) -> dict[str, Any]:
        """The arguments for ``create_match`` (call after is_valid)."""
        data = self.cleaned_data
        seats = self.seat_fields()
        players = [data[name] for name in seats]
        chosen = f"player_{data['dealer']}"
        dealer = data[chosen] if chosen in seats else ""
        kind, _, value = data["length"].partition(":")
        amount: object = data.get("custom_target") if value == "custom" else int(value)
        if value == "custom" and amount is None:
            # Not a number, so the engine's own "enter a whole number" lands on custom_target.
            amount = "missing"
        return {
            "ruleset": data["ruleset"],
            "players": players,
            "dealer": dealer,
            "kind": kind,
            "value": amount,
            "cents_per_point": data["cents"],
            "currency": data["currency"],
        }

    def add_match_error(self, error: MatchError) -> None:
        """Show a rule's refusal at the field it concerns."""
        field = error.field
        said_here = "; ".join(localized_errors(error)[field])  # in the reader's language
        if field.startswith("players."):
            seats = self.seat_fields()
            index = int(field.split(".")[1])
            self.add_error(seats[index] if index < len(seats) else None, said_here)
        elif field == "dealer":
            self.add_error("dealer", _("the first dealer's seat has no player in it"))
        elif field == "target" and self.cleaned_data.get("length") == "target:custom":
            self.add_error("custom_target", said_here)
        elif field in ("hands", "rounds", "target", "length"):
            self.add_error("length", said_here)
        elif field == "ruleset":
            self.add_error("ruleset", said_here)
        else:
            self.add_error(None, said_here)
