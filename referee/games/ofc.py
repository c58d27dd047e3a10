"""OFC scoring, the whole path: POST /api/ofc/score/ and the /ofc/ page.

A finished table of two or three boards under one of the rulesets of ``scoring.rulesets``; the
rules of the deal (row sizes, Jokers, duplicates, discards, Fantasyland) are the engine's.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers
from rest_framework.exceptions import ValidationError

from referee.cases import ruling_links
from referee.fields import players_of as players_field
from referee.games.base import Game
from referee.games.ofc_boards import (
    MOST_BOARDS,
    REQUIRED_SEATS,
    SEATS,
    BoardSerializer,
    board_fields,
    seat_fields,
)
from referee.games.ofc_rules import audit_offer, layout, ruleset_choices
from referee.hand_names import hand_name, row_name
from referee.house_rules import RulesetField, offer_house_rules, ruleset_for
from referee.messages import either, said, said_lazy
from referee.pages import ChoiceField, PageForm
from referee.validation import validated
from scoring import calls
from scoring.errors import InputError
from scoring.ofc import TableResult
from scoring.rulesets import DEFAULT, ROWS, RULESETS


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
        "cards": either(cards),
    }


class ScoreSerializer(serializers.Serializer[Any]):
    ruleset = RulesetField()
    players = players_field(
        BoardSerializer, MOST_BOARDS, least=REQUIRED_SEATS, needed=lazy(boards_needed, str)()
    )


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
        return calls.ofc(data, data["ruleset"])

    def entered(self, data: dict[str, Any]) -> dict[str, Any]:
        players = [board.as_dict() for board in calls.boards(data["players"])]
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
