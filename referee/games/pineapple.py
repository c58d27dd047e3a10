"""Pineapple, Crazy and Lazy showdowns, the whole path: POST /api/pineapple/showdown/ and
/pineapple/. The board, each seat's hole (or fold) and chips, the pot and the button; the
engine (``scoring.pineapple``) reads the hands, splits hi-lo and divides the pots.
``house_rules`` ("house:<id>", made from Pineapple) switches readings (H8 for Lazy hi-lo);
without it the rule library's readings play.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from referee.cases import canonical, ruling_links
from referee.fields import CardsField, NameField, WholeNumberField, YesNoField, choice_field
from referee.fields import players_of as players_field
from referee.games.base import Game
from referee.hand_names import hand_name, low_name
from referee.house_rules import (
    PineappleHouseRulesField,
    offer_house_rules,
    pineapple_readings_for,
    played_under,
)
from referee.messages import said, said_lazy
from referee.pages import (
    CardsInput,
    CardsTextField,
    CheckField,
    ChoiceField,
    NumberField,
    PageForm,
    TextField,
)
from scoring import calls
from scoring.cards import format_cards
from scoring.pineapple import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    TITLES,
    VERSIONS,
    Showdown,
)
from scoring.pineapple_readings import PLAIN_READINGS
from scoring.players import MAX_NAME, count_phrase

MAX_CHIPS = 10**9
OPEN_SEATS = 4  # the rest sit in a <details> block, which opens without JavaScript
SEAT_PARTS = ("name", "hole", "contributed", "folded")


def _players_needed() -> str:
    """What a showdown with no players needs: "enter the hole cards of 2 to 10 players"."""
    players = said(count_phrase(MIN_PLAYERS, MAX_PLAYERS))
    return gettext("enter the hole cards of %(players)s players") % {"players": players}


class PineapplePlayerSerializer(serializers.Serializer[Any]):
    """One seat, in clockwise order: a folded player may leave the hole empty."""

    name = NameField()
    hole = CardsField(
        required=False,
        default=list,
        wanted=_("the 2 hole cards shown (2 or 3 in Lazy Pineapple)"),
        example="Kc Ks",
    )
    folded = YesNoField(required=False, default=False)
    contributed = WholeNumberField(min_value=0, max_value=MAX_CHIPS, required=False)


class PineappleShowdownSerializer(serializers.Serializer[Any]):
    """Shape only; the rules (hole sizes, duplicates, pots) are checked by scoring.pineapple."""

    game = choice_field(list(VERSIONS), _("a Pineapple version"))
    hi_lo = YesNoField(required=False, default=False)
    board = CardsField(count=5, example="Ah 7d 5c Kd 2s")
    players = players_field(
        PineapplePlayerSerializer,
        MAX_PLAYERS,
        least=MIN_PLAYERS,
        needed=lazy(_players_needed, str)(),
        seat_fields=("hole",),  # not required (a folded player's), but a table needs it
    )
    pot = WholeNumberField(min_value=0, max_value=MAX_CHIPS, required=False)
    button = WholeNumberField(min_value=0, max_value=MAX_PLAYERS - 1, required=False)
    house_rules = PineappleHouseRulesField(
        required=False,
        allow_null=True,
        default=None,
        help_text=_("Optional: house:<id> of house rules made from Pineapple's readings"),
    )


class ShowdownForm(PageForm):
    """The version, the board, up to ten seats (hole, chips, folded), the pot and the button."""

    least_items: ClassVar[dict[str, int]] = {"players": MIN_PLAYERS}
    game = ChoiceField(
        label=_("Version"),
        choices=[(key, version.name) for key, version in VERSIONS.items()],
        initial="pineapple",
        widget=forms.RadioSelect,
    )
    hi_lo = CheckField(label=_("High-low split, eight or better"))
    board = CardsTextField(count=5, label=_("Board: flop, turn and river"))
    pot = NumberField(
        label=_("Pot (chips)"),
        help_text=_(
            "When everyone still in put in the same. For side pots, give each player's "
            "chips instead."
        ),
    )
    button = ChoiceField(
        label=_("Dealer button"),
        choices=[("", _("Not set: the last player listed"))],
        whole=True,
        help_text=_("Odd chips go to the first winner left of the button."),
    )
    house_rules = ChoiceField(
        label=_("House rules (optional)"),
        choices=[("", _("None: the rule library's readings"))],
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["button"].widget.choices = [  # type: ignore[attr-defined]
            ("", gettext("Not set: the last player listed"))
        ] + [
            (str(seat), gettext("%(player)s's seat") % {"player": _seat_name(seat)})
            for seat in range(MAX_PLAYERS)
        ]
        offer_house_rules(self, "house_rules", pineapple_readings_for)
        chosen = VERSIONS.get(str(self["game"].value()), VERSIONS["pineapple"])
        hole_size = max(chosen.showdown_holes)
        for seat in range(MAX_PLAYERS):
            prefix, player = f"players-{seat}", _seat_name(seat)
            self.fields[f"{prefix}-name"] = TextField(
                label=gettext("%(player)s name") % {"player": player},
                widget=forms.TextInput(attrs={"maxlength": MAX_NAME}),
            )
            self.fields[f"{prefix}-hole"] = TextField(
                label=gettext("%(player)s hole cards") % {"player": player},
                widget=CardsInput(hole_size, {"data-hole": ""}),
            )
            self.fields[f"{prefix}-contributed"] = NumberField(
                label=gettext("%(player)s chips put in") % {"player": player}
            )
            self.fields[f"{prefix}-folded"] = CheckField(
                label=gettext("%(player)s folded") % {"player": player}
            )

    def seats(self) -> list[dict[str, Any]]:
        """Each seat's bound fields for the template, and whether it starts open."""
        rows = []
        for seat in range(MAX_PLAYERS):
            row: dict[str, Any] = {"number": seat + 1, "open": seat < OPEN_SEATS}
            for part in SEAT_PARTS:
                row[part] = self[f"players-{seat}-{part}"]
                row["open"] = row["open"] or bool(row[part].value()) or bool(row[part].errors)
            rows.append(row)
        return rows

    def extra_seats_open(self) -> bool:
        return any(row["open"] for row in self.seats()[OPEN_SEATS:])


def _seat_name(seat: int) -> str:
    """A seat's default name in the page's language ("Player 2"), as the engine names it."""
    return gettext("Player %(seat)s") % {"seat": seat + 1}


def _names(names: list[str]) -> str:
    between = pgettext("between winners' names", " and ")
    return between.join(names) if names else pgettext("no winner", "nobody")


class PineappleShowdown(Game):
    """Settle a Pineapple, Crazy or Lazy showdown, high or hi-lo, with the chips if given."""

    key = "pineapple"
    title = _("Pineapple showdown")
    template = "pineapple/showdown.html"
    serializer = PineappleShowdownSerializer
    form = ShowdownForm
    case_games: ClassVar[dict[str, str]] = {key: said_lazy(TITLES[key]) for key in VERSIONS}
    kept_fields = ("game", "hi_lo", "house_rules", "players-*-name")
    card_keys = frozenset({"board", "hole"})

    def run(self, data: dict[str, Any]) -> Showdown:
        house = data.get("house_rules")
        return calls.pineapple(data, house.readings if house else PLAIN_READINGS)

    def entered(self, data: dict[str, Any]) -> dict[str, Any]:
        house = data.get("house_rules")
        entered = dict(canonical({**data, "house_rules": house.key if house else None}))
        for player, given in zip(entered["players"], data["players"], strict=True):
            player["hole"] = format_cards(given["hole"])  # a folded, empty hole is "" too
        return entered

    def case_game(self, data: dict[str, Any], outcome: Showdown) -> str:
        return outcome.game

    def present(self, outcome: Showdown) -> dict[str, Any]:
        shown = outcome.as_dict()
        if outcome.division is not None:  # each pot by its name in the reader's language
            for pot, award in zip(shown.get("pots", []), outcome.division.awards, strict=True):
                pot["name"] = said(award.title or award.name)
        for player, seat in zip(shown["players"], outcome.players, strict=True):
            if seat.high is not None:  # each hand as the reader's dealer says it
                player["high"]["hand"] = hand_name(seat.high)
            if seat.low is not None:
                player["low"]["hand"] = low_name(seat.low)
        return {
            **shown,
            "house": played_under(outcome.house_rules, outcome.readings),
            "rulings": ruling_links(outcome.rulings),
        }

    def summary(self, result: dict[str, Any]) -> list[str]:
        high = _names(result.get("high_winners") or [])
        lines = [gettext("High: %(names)s") % {"names": high}]
        if result.get("hi_lo"):
            low = result.get("low_winners") or []
            lines.append(
                gettext("Low: %(names)s") % {"names": _names(low)}
                if low
                else gettext("Low: no hand qualifies")
            )
        return lines
