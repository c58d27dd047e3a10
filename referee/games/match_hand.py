"""A hand of an OFC match, the whole path: POST /api/matches/<id>/hands/ and the edit page.

It is the OFC table's input (the boards of ``games.ofc_boards``, as ``games.ofc`` takes them)
under the match's ruleset, scored and stored by ``referee.matches.score_hand`` under the match's
lock; the page and the API both come here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.exceptions import PermissionDenied, ValidationError

from referee import matches
from referee.fields import NameField, players_of
from referee.games.base import errors_by_path
from referee.games.ofc_boards import (
    MOST_BOARDS,
    BoardSerializer,
    board_fields,
    seat_fields,
)
from referee.house_rules import KEY_PATTERN, ruleset_for
from referee.messages import localized_errors
from referee.models import Match, SeatBoard
from referee.pages import PageForm
from referee.schema import ruleset_schema
from referee.tables import Role
from referee.validation import validated
from scoring.calls import boards
from scoring.errors import InputError
from scoring.ofc import PlayerBoard, check_board
from scoring.rulesets import ROWS


@extend_schema_field(ruleset_schema(KEY_PATTERN))
class MatchRulesetField(serializers.CharField):
    """The ruleset a hand is sent under: the match's own, which the match checks."""


class HandSerializer(serializers.Serializer[Any]):
    """The OFC request body: its ``players``; a ``ruleset``, if sent, must be the match's."""

    ruleset = MatchRulesetField(required=False, max_length=40)
    players = players_of(BoardSerializer, MOST_BOARDS, name_seats=False)


class HandForm(PageForm):
    """One board per seat of the match, in seat order: the match says who sits where."""

    def __init__(self, *args: Any, match: Match, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.match = match
        for seat in range(len(match.players)):
            board_fields(self, seat, required=True)
            del self.fields[f"players-{seat}-name"]

    def seats(self) -> list[dict[str, Any]]:
        return [
            {**seat_fields(self, seat), "player": name}
            for seat, name in enumerate(self.match.players)
        ]


class SeatForm(PageForm):
    """One seat's board for the next hand, sent from that player's phone: rows and discards."""

    def __init__(self, *args: Any, match: Match, seat: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.match, self.seat = match, seat
        board_fields(self, seat, required=True, prefix="")
        for part in ("name", "in_fantasyland", "fantasyland_cards"):  # the match says these
            del self.fields[part]

    def rows(self) -> list[Any]:
        return [self[row] for row in ROWS]


def seat_board(match: Match, seat: int) -> dict[str, Any] | None:
    """The board a seat has sent for the next hand, if any, as the OFC API spells it."""
    sent = SeatBoard.objects.filter(match=match, hand=matches.next_number(match), seat=seat)
    entry = sent.values_list("board", flat=True).first()
    return dict(entry) if isinstance(entry, dict) else None


def seated(data: Any, match: Match) -> Any:
    """Boards without a single name are the match's seats in order (the engine's reading)."""
    players = data.get("players") if isinstance(data, dict) else None
    if not isinstance(players, list) or len(players) != len(match.players):
        return data
    if any(isinstance(p, dict) and str(p.get("name") or "").strip() for p in players):
        return data
    named = [{**p, "name": name} if isinstance(p, dict) else p
             for p, name in zip(players, match.players, strict=True)]  # fmt: skip
    return {**data, "players": named}


def _hand(data: Any, match: Match) -> tuple[list[PlayerBoard], dict[str, Any]]:
    """The boards of a hand, validated as the OFC API would, and its record for the case."""
    valid = validated(HandSerializer, seated(data, match))
    if valid.get("ruleset", match.ruleset) != match.ruleset:
        playing = ruleset_for(match.ruleset).name
        refusal = _("this match plays %(name)s (%(key)s)") % {"name": playing, "key": match.ruleset}
        raise ValidationError({"ruleset": [refusal]})
    played = boards(valid["players"])
    return played, {"ruleset": match.ruleset, "players": [b.as_dict() for b in played]}


def add_hand(data: Any, table: matches.Locked, maker: str = "") -> matches.HandAdded:
    """Validate a whole hand of a locked match, then score it and add it to the match.

    A ValidationError names each field; MatchFinished says the match is over.
    """
    played, entered = _hand(data, table.match)
    try:
        return matches.score_hand(table, played, entered, maker)
    except InputError as error:
        raise ValidationError(localized_errors(error)) from error


class SeatBoardSerializer(BoardSerializer):
    """One seat's board for the next hand: the seat by its player's name, then the rows."""

    seat = NameField(required=True, allow_blank=False, default=serializers.empty)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        del self.fields["name"]
        self.fields["seat"].error_messages["required"] = gettext_lazy("name the seat, e.g. Ann")


@dataclass(frozen=True)
class BoardIn:
    """A seat's board taken: the hand it is for, the seats still to come, the hand if scored."""

    hand: int
    waiting: tuple[str, ...]
    added: matches.HandAdded | None


def seat_of(match: Match, name: str) -> int:
    """A seat by its player's name (any case), or a ValidationError at ``seat``."""
    for seat, player in enumerate(match.players):
        if player.casefold() == name.strip().casefold():
            return seat
    raise ValidationError(
        {
            "seat": [
                _("%(name)s has no seat here: use %(seats)s")
                % {"name": name, "seats": ", ".join(match.players)}
            ]
        }
    )


def submit_board(data: Any, match: Match, role: Role, maker: str = "") -> BoardIn:
    """Take one seat's board for the next hand; score the hand once every seat has one.

    A phone may send its own seat's board, the editor any seat's; a board may be sent again,
    to correct it, until the hand is scored. When the boards meet, the engine judges them all
    (a card on two boards names both seats); a refusal keeps what was there before.
    """
    valid = validated(SeatBoardSerializer, data)
    seat = seat_of(match, valid["seat"])
    if not role.editor and role.seat != seat:
        raise PermissionDenied(
            _("This phone does not hold %(player)s's seat.") % {"player": match.players[seat]}
        )
    name = match.players[seat]
    board = boards([{**valid, "name": name}])[0]
    try:
        with matches.locked(match.id) as table:
            matches.ensure_open(table.standings)
            matches.ensure_room(table.standings)
            # The board alone is judged now (rows, Jokers, discards); against the others later.
            held = table.standings.fantasyland.get(name)
            cards = held.cards if held is not None else None
            dealt = replace(board, in_fantasyland=cards is not None, fantasyland_cards=cards)
            check_board(table.standings.spec.profile, dealt, name)
            number = table.standings.next_number
            SeatBoard.objects.update_or_create(
                match=table.match, hand=number, seat=seat, defaults={"board": board.as_dict()}
            )
            waiting_on = matches.boards_waiting(table.match, number)
            if waiting_on:
                matches.bump(table.match)
                return BoardIn(number, waiting_on, None)
            played, entered = _hand(
                {"players": matches.boards_in(table.match, number)}, table.match
            )
            return BoardIn(number, (), matches.score_hand(table, played, entered, maker))
    except InputError as error:
        raise ValidationError(_for_seat(localized_errors(error), seat)) from error
    except ValidationError as error:  # a board sent earlier no longer reads (it cannot)
        raise ValidationError(_for_seat(errors_by_path(error.detail), seat)) from error


def _for_seat(errors: dict[str, list[str]], seat: int) -> dict[str, list[str]]:
    """The hand's refusals as one seat's sender sees them: its own rows by their names."""
    own = f"players.{seat}."
    return {path.removeprefix(own): messages for path, messages in errors.items()}
