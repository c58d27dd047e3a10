"""Match services shared by the pages and the API: create, add a hand, void a hand, standings.

The rules live in ``scoring.match`` (length, dealer, end, Fantasyland, seating each hand's boards)
and ``scoring.ofc`` (each hand's score); this module only loads, locks, stores and records.

No lost updates: adding or voiding a hand locks the match row (``select_for_update`` inside
``transaction.atomic``) before reading its hands, so concurrent posts, from threads or from
separate app server processes, queue on the database and each sees the hands committed before
it; the hand is numbered max + 1, and the (match, number) unique constraint is the backstop.
SQLite has no row locks but serialises writers; a writer that loses the race there is retried.
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from referee.cases import record_case
from referee.models import Match, MatchHand
from scoring.match import (
    FantasylandRecord,
    HandRecord,
    MatchError,
    MatchSpec,
    Standings,
    ensure_open,
    hand_rulings,
    new_match,
    seat_boards,
    standings,
)
from scoring.ofc import PlayerBoard, TableResult, score_table


class MatchNotFound(MatchError):
    """No match (or no hand of it) under that id or number."""


@dataclass(frozen=True)
class HandAdded:
    """A hand as stored, the engine's result for it, and the standings after it."""

    hand: MatchHand
    table: TableResult
    standings: Standings


def new_key() -> str:
    """A fresh edit key: 24 random bytes, URL-safe."""
    return secrets.token_urlsafe(24)


def create_match(
    ruleset: str, players: Sequence[object], dealer: object, kind: str, value: object
) -> tuple[Match, str]:
    """Check and save a new match; give it and its edit key (shown once, stored hashed)."""
    spec = new_match(ruleset, players, dealer, kind, value)
    key = new_key()
    match = Match.objects.create(
        ruleset=spec.ruleset,
        players=list(spec.players),
        first_dealer=spec.first_dealer,
        length_kind=spec.kind,
        length_value=spec.value,
        edit_key_hash=Match.hash_key(key),
    )
    return match, key


def find_match(match_id: object) -> Match:
    """The match with this id; a malformed or unknown id raises MatchNotFound."""
    try:
        key = uuid.UUID(str(match_id))
    except ValueError:
        raise MatchNotFound("no match has this id", "match") from None
    match = Match.objects.filter(pk=key).first()
    if match is None:
        raise MatchNotFound("no match has this id", "match")
    return match


def spec_of(match: Match) -> MatchSpec:
    """The pure description of a stored match."""
    return MatchSpec(
        match.ruleset,
        tuple(match.players),
        match.first_dealer,
        match.length_kind,
        match.length_value,
    )


def record_of(hand: MatchHand) -> HandRecord:
    """The pure record of a stored hand."""
    return HandRecord(
        number=hand.number,
        dealer=hand.dealer,
        scores={name: int(points) for name, points in hand.scores.items()},
        void=hand.void,
        fantasyland={
            name: FantasylandRecord(
                qualifies=bool(report.get("qualifies")),
                cards=report.get("cards"),
                stays=bool(report.get("stays")),
                played_with=report.get("played_with"),
            )
            for name, report in (hand.fantasyland or {}).items()
        },
    )


def hands_of(match: Match) -> list[MatchHand]:
    return list(match.hands.select_related("case").order_by("number"))


def standings_of(match: Match, hands: Sequence[MatchHand] | None = None) -> Standings:
    """Where the match stands now."""
    stored = hands_of(match) if hands is None else hands
    return standings(spec_of(match), [record_of(hand) for hand in stored])


def add_hand(
    match_id: object, boards: Sequence[PlayerBoard], entered: Mapping[str, Any]
) -> HandAdded:
    """Score a hand with the OFC engine, save it as a case, and add it to the match.

    Concurrent adds queue: PostgreSQL on the match's row lock, SQLite on its write lock, taken
    when the transaction begins (settings.py). The unique hand number is the last guard.
    """
    with transaction.atomic():
        return _add_hand_locked(match_id, boards, entered)


def _add_hand_locked(
    match_id: object, boards: Sequence[PlayerBoard], entered: Mapping[str, Any]
) -> HandAdded:
    match = find_match(match_id)
    # The row lock: every other add or void on this match waits here until we commit.
    match = Match.objects.select_for_update().get(pk=match.pk)
    spec = spec_of(match)
    hands = hands_of(match)
    current = standings_of(match, hands)
    ensure_open(current)
    seated = seat_boards(spec, current, boards)
    table = score_table(spec.ruleset, seated)
    number = max((hand.number for hand in hands), default=0) + 1
    dealer = current.dealer or spec.first_dealer
    scores = {player.name: player.score for player in table.players}
    fantasyland = {
        player.name: {
            "qualifies": player.fantasyland.qualifies,
            "cards": player.fantasyland.cards,
            "stays": player.fantasyland.stays,
            "played_with": board.fantasyland_cards if board.in_fantasyland else None,
        }
        for player, board in zip(table.players, seated, strict=True)
        if player.fantasyland is not None
    }
    rulings = [*hand_rulings(current, number), *table.rulings]
    result = table.as_dict()
    result["match"] = {"id": str(match.id), "hand": number, "dealer": dealer}
    case = record_case(
        spec.ruleset,
        {**entered, "ruleset": spec.ruleset, "match": str(match.id), "hand": number},
        result,
        rulings,
    )
    hand = MatchHand.objects.create(
        match=match,
        number=number,
        dealer=dealer,
        scores=scores,
        fantasyland=fantasyland,
        case=case,
    )
    return HandAdded(hand, table, standings_of(match, [*hands, hand]))


def void_hand(match_id: object, number: int) -> Standings:
    """Mark a hand void (kept in the history, no longer counted) and give the new standings."""
    with transaction.atomic():
        match = find_match(match_id)
        match = Match.objects.select_for_update().get(pk=match.pk)
        fits = 0 < number < 2**31  # beyond the column's range no hand can exist
        hand = match.hands.filter(number=number).first() if fits else None
        if hand is None:
            raise MatchNotFound(f"this match has no hand {number}", "hand")
        if not hand.void:
            hand.void, hand.voided_at = True, timezone.now()
            hand.save(update_fields=["void", "voided_at"])
        return standings_of(match)


def hand_rows(match: Match, hands: Sequence[MatchHand] | None = None) -> list[dict[str, Any]]:
    """The hand history as plain rows: number, dealer, scores, void mark and case link."""
    stored = hands_of(match) if hands is None else hands
    return [
        {
            "hand": hand.number,
            "dealer": hand.dealer,
            "scores": {name: hand.scores.get(name, 0) for name in match.players},
            "void": hand.void,
            "case": hand.case.get_absolute_url(),
        }
        for hand in stored
    ]
