"""OFC scoring, the whole path: POST /api/ofc/score/ and the /ofc/ page.

A finished table of two or three boards under one of the rulesets of ``scoring.rulesets``; the
rules of the deal (row sizes, Jokers, duplicates, discards, Fantasyland) are the engine's.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext, ngettext, pgettext
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers
from rest_framework.exceptions import ValidationError

from referee.api.schema import FantasylandCardsField
from referee.api.validation import validated
from referee.cases import ruling_links
from referee.fields import CardsField, NameField, YesNoField
from referee.fields import players_of as players_field
from referee.games.base import Game
from referee.games.ofc_rules import audit_offer, layout, ruleset_choices
from referee.hand_names import hand_name, row_name
from referee.house_rules import RulesetField, offer_house_rules, ruleset_for
from referee.messages import said, said_lazy
from referee.pages import CardsTextField, CheckField, ChoiceField, PageForm, TextField
from scoring.errors import InputError
from scoring.ofc import PlayerBoard, TableResult, score_table
from scoring.players import MAX_NAME, default_name_message
from scoring.rulesets import DEFAULT, ROW_SIZES, ROWS, RULESETS

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


def boards_needed() -> str:
    """What a table with no boards needs, from the rulesets' data: "enter 2 or 3 boards of 13
    cards" (guidance at the field, issue 37)."""
    from scoring.players import count_phrase

    rulesets = RULESETS.values()
    least = min(ruleset.min_players for ruleset in rulesets)
    most = max(ruleset.max_players for ruleset in rulesets)
    cards = sorted({ruleset.placed_cards for ruleset in rulesets})
    return gettext("enter %(boards)s boards of %(cards)s cards") % {
        "boards": said(count_phrase(least, most)),
        "cards": pgettext("between numbers of cards", " or ").join(map(str, cards)),
    }


class ScoreSerializer(serializers.Serializer[Any]):
    ruleset = RulesetField()
    players = players_field(
        BoardSerializer, MOST_BOARDS, least=REQUIRED_SEATS, needed=lazy(boards_needed, str)()
    )


def boards(players: list[dict[str, Any]]) -> list[PlayerBoard]:
    """The engine's boards from validated players."""
    return [
        PlayerBoard(
            name=player["name"],
            top=player["top"],
            middle=player["middle"],
            bottom=player["bottom"],
            discards=player["discards"],
            in_fantasyland=player["in_fantasyland"],
            fantasyland_cards=player["fantasyland_cards"],
        )
        for player in players
    ]


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


class OfcForm(PageForm):
    """The ruleset, then each player's three rows, discards and Fantasyland state."""

    least_items: ClassVar[dict[str, int]] = {"players": REQUIRED_SEATS}
    ruleset = ChoiceField(label=_("Ruleset"), choices=[], initial=DEFAULT)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].widget.choices = ruleset_choices()  # type: ignore[attr-defined]
        for seat in range(SEATS):
            board_fields(self, seat, seat < REQUIRED_SEATS)
        offer_house_rules(self)

    def seats(self) -> list[dict[str, Any]]:
        return [seat_fields(self, seat) for seat in range(SEATS)]

    @property
    def extras_open(self) -> bool:
        """Whether any discard or Fantasyland field holds a value or an error."""
        return any(
            self[f"players-{seat}-{part}"].value() or self[f"players-{seat}-{part}"].errors
            for seat in range(SEATS)
            for part in ("discards", "in_fantasyland", "fantasyland_cards")
        )


def present_table(table: TableResult) -> dict[str, Any]:
    """A scored table as the pages show it: totals, boards, Jokers, matchups, rulings."""
    names = [player.name for player in table.players]
    points = {(m.player, m.opponent): m.points for m in table.matchups}
    best = max(player.score for player in table.players)
    rules = ruleset_for(table.ruleset)
    players = [
        {
            "name": player.name,
            "score": player.score,
            "leads": player.score == best and best > 0,
            "fouled": player.fouled,
            "foul_reason": said(player.foul_message or player.foul_reason or ""),
            "royalties": player.royalties,
            "fantasyland": player.fantasyland,
            "audit": audit_offer(rules, player),
            "rows": [
                {
                    "row": row,
                    "label": row_name(row),
                    "faces": [
                        {"card": str(new), "classes": "wild" if old.is_joker else ""}
                        for old, new in zip(
                            player.rows[row].cards, player.rows[row].resolved, strict=True
                        )
                    ],
                    "jokers": player.rows[row].jokers,
                    "hand": hand_name(player.rows[row].hand),
                    "royalty": player.rows[row].royalty,
                }
                for row in ROWS
            ],
        }
        for player in table.players
    ]
    return {
        "ruleset": rules,
        "ruleset_title": said(rules.title),
        "players": players,
        "jokers": [
            {"player": player.name, "row": row, "row_label": row_name(row).lower(), "card": card}
            for player in table.players
            for row in ROWS
            for card in player.rows[row].jokers
        ],
        "names": names,
        "matrix": [
            {"name": name, "cells": [points.get((name, other)) for other in names]}
            for name in names
        ],
        "matchups": [m for m in table.matchups if names.index(m.player) < names.index(m.opponent)],
        "rulings": ruling_links(table.rulings),
    }


def table_summary(result: dict[str, Any]) -> list[str]:
    """Each player's score for the hand, as the case log says it."""
    return [f"{player['name']}: {player['score']:+d}" for player in result.get("players", [])]


class OfcScoring(Game):
    """Score a finished OFC table: fouls, royalties, Jokers, every matchup, totals, Fantasyland."""

    key = "ofc"
    title = _("Score an OFC hand")
    template = "ofc/page.html"
    serializer = ScoreSerializer
    form = OfcForm
    case_games: ClassVar[dict[str, str]] = {key: said_lazy(r.name) for key, r in RULESETS.items()}
    kept_fields = ("ruleset", "players-*-name")
    card_keys = frozenset({*ROWS, "discards"})

    def run(self, data: dict[str, Any]) -> TableResult:
        return score_table(data["ruleset"], boards(data["players"]))

    def entered(self, data: dict[str, Any]) -> dict[str, Any]:
        players = [board.as_dict() for board in boards(data["players"])]
        return {"ruleset": data["ruleset"].key, "players": players}

    def case_game(self, data: dict[str, Any], outcome: TableResult) -> str:
        return outcome.ruleset

    def present(self, outcome: TableResult) -> dict[str, Any]:
        return present_table(outcome)

    def summary(self, result: dict[str, Any]) -> list[str]:
        return table_summary(result)

    def layout(self, form: PageForm) -> dict[str, Any]:
        return {**layout(), "rulesets": ruleset_choices()}

    def compared(self, entered: dict[str, Any], other: str) -> dict[str, Any] | None:
        """The same boards under another ruleset or house rules, beside the case's own."""
        try:
            valid = validated(ScoreSerializer, {**entered, "ruleset": other})
            theirs = self.run(valid)
            ours = self.run(validated(ScoreSerializer, entered))
        except (ValidationError, InputError):
            return None
        rows = []
        for mine, them in zip(ours.players, theirs.players, strict=True):
            cells = [(mine.score, them.score), (mine.royalties, them.royalties),
                     (mine.fouled, them.fouled)]  # fmt: skip
            rows.append({"name": mine.name, "cells": [{"ours": a, "theirs": b, "differs": a != b}
                                                      for a, b in cells]})  # fmt: skip
        mine, other_rules = ruleset_for(ours.ruleset), ruleset_for(theirs.ruleset)
        return {"ours": mine, "theirs": other_rules, "ours_title": said(mine.title),
                "theirs_title": said(other_rules.title), "rows": rows}  # fmt: skip
