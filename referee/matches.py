"""Match services shared by the pages and the API: create, add a hand, void a hand, standings.

The rules live in ``scoring.match`` (length, dealer, end, Fantasyland, seating each hand's boards)
and ``scoring.ofc`` (each hand's score); this module only loads, locks, stores and records.

No lost updates: adding or voiding a hand locks the match row (``select_for_update`` inside
``transaction.atomic``) and reads where the match stands from that row (its tally: totals,
hands counted and voided, Fantasyland), so concurrent posts, from threads or from separate app
server processes, queue on the database and each sees the tally the one before it left; the
new hand is added to the tally in the same transaction, and the (match, number) unique
constraint is the backstop.
SQLite has no row locks but serialises writers; a writer that loses the race there is retried.
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from django.db import DatabaseError, connection, transaction
from django.db.models import F
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from referee.cases import record_case
from referee.fields import text_problem
from referee.house_rules import ruleset_for
from referee.messages import said
from referee.models import Match, MatchHand, SeatBoard
from scoring import match as rules
from scoring.errors import InputError
from scoring.match import (
    FantasylandRecord,
    HandRecord,
    MatchError,
    MatchFinished,
    MatchSpec,
    Standings,
    Tally,
    hand_rulings,
    new_match,
    seat_boards,
    tally,
)
from scoring.ofc import PlayerBoard, TableResult, score_table
from scoring.rulesets import Ruleset
from scoring.settlement import fewest_transfers, nets

MOST_HANDS = 500  # hands a match holds, voided ones included


class MatchNotFound(MatchError):
    """No match (or no hand of it) under that id or number."""


@dataclass(frozen=True)
class HandAdded:
    """A hand as stored, the engine's result for it (and its JSON), and the standings after it."""

    hand: MatchHand
    table: TableResult
    result: dict[str, Any]
    standings: Standings


def new_key() -> str:
    """A fresh edit key: 24 random bytes, URL-safe."""
    return secrets.token_urlsafe(24)


def create_match(
    ruleset: str | Ruleset,
    players: Sequence[object],
    dealer: object,
    kind: str,
    value: object,
    cents_per_point: int | None = None,
    currency: str = "",
) -> tuple[Match, str]:
    """Check and save a new match; give it and its edit key (shown once, stored hashed)."""
    try:
        profile = ruleset_for(ruleset) if isinstance(ruleset, str) else ruleset
    except InputError as error:  # its message as made, to be said in the reader's language
        made = [message for kept in error.messages.values() for message in kept]
        raise MatchError(made[0] if len(made) == 1 else str(error), "ruleset") from error
    _check_text(players, currency)
    spec = new_match(profile, players, dealer, kind, value)
    key = new_key()
    match = Match.objects.create(
        ruleset=spec.ruleset,
        players=list(spec.players),
        first_dealer=spec.first_dealer,
        length_kind=spec.kind,
        length_value=spec.value,
        edit_key_hash=Match.hash_key(key),
        cents_per_point=cents_per_point or None,
        currency=currency,
        tally=Tally.start(spec).as_dict(),
    )
    return match, key


def _check_text(players: Sequence[object], currency: object) -> None:
    """Names and the currency as every text field takes them (``referee.fields.text_problem``:
    no hidden, control or broken character), refused at their place before anything is kept."""
    for index, name in enumerate(players if isinstance(players, list | tuple) else ()):
        problem = text_problem(name) if isinstance(name, str) else None
        if problem:
            raise MatchError(problem, f"players.{index}")
    problem = text_problem(currency) if isinstance(currency, str) else None
    if problem:
        raise MatchError(problem, "currency")


def set_money(match: Match, cents_per_point: int | None, currency: str) -> None:
    """Set what a point is worth (None: points only) and the currency's label."""
    Match.objects.filter(pk=match.pk).update(
        cents_per_point=cents_per_point or None, currency=currency, version=F("version") + 1
    )


def find_match_id(match_id: object) -> uuid.UUID:
    """A match id as the database keeps it; a malformed one raises MatchNotFound."""
    try:
        return uuid.UUID(str(match_id))
    except ValueError:
        raise MatchNotFound(_("No match has this id."), "match") from None


# The table and columns of Match (models.py), written out once: see match_version.
VERSION_SQL = "SELECT version FROM referee_match WHERE id = %s"


def match_version(match_id: object) -> int | None:
    """The match's version (it counts every change), or None when there is no such match.

    One indexed read in plain SQL: a phone polls for it every 1.5 seconds, and building the ORM
    query took five times as long as running it. It is also the connection's health check
    (CONN_HEALTH_CHECKS would spend a round trip of its own first): a connection that broke
    since its last request fails this read, and the read is tried once more on a new one.
    """
    try:
        key = Match._meta.pk.get_db_prep_value(find_match_id(match_id), connection)
    except MatchNotFound:
        return None
    if connection.in_atomic_block:
        return _read_version(key)
    connection.health_check_done = True
    try:
        return _read_version(key)
    except DatabaseError:
        connection.close()
        return _read_version(key)


def _read_version(key: object) -> int | None:
    with connection.cursor() as cursor:
        cursor.execute(VERSION_SQL, [key])
        row = cursor.fetchone()
    return None if row is None else int(row[0])


def find_match(match_id: object) -> Match:
    """The match with this id; a malformed or unknown id raises MatchNotFound."""
    match = Match.objects.filter(pk=find_match_id(match_id)).first()
    if match is None:
        raise MatchNotFound(_("No match has this id."), "match")
    return match


def spec_of(match: Match) -> MatchSpec:
    """The pure description of a stored match."""
    return MatchSpec(
        ruleset_for(match.ruleset),
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


# Fields of a hand the standings read: not its case, whose input and result weigh kilobytes.
HAND_FIELDS = ("id", "match_id", "number", "dealer", "scores", "fantasyland", "void", "case_id")


def hands_of(match: Match) -> list[MatchHand]:
    """The match's hands in order, without their cases (a case is read only when shown)."""
    return list(match.hands.only(*HAND_FIELDS).order_by("number"))


def tally_of(match: Match) -> Tally:
    """What the match's hands add up to: kept on its row, folded from its hands for a match
    stored before the row kept it (``fold_hands`` then keeps it)."""
    if match.tally is None:
        return fold_hands(match)
    return Tally.from_dict(match.tally)


def fold_hands(match: Match) -> Tally:
    """Fold every hand of the match into its tally, and keep it on the row."""
    folded = tally(spec_of(match), [record_of(hand) for hand in hands_of(match)])
    match.tally = folded.as_dict()
    Match.objects.filter(pk=match.pk).update(tally=match.tally)
    return folded


def standings_of(match: Match, hands: Sequence[MatchHand] | None = None) -> Standings:
    """Where the match stands now: from its tally, or folded from ``hands`` when given."""
    spec = spec_of(match)
    if hands is None:
        return Standings(spec, tally_of(match))
    return Standings(spec, tally(spec, [record_of(hand) for hand in hands]))


@dataclass(frozen=True)
class Locked:
    """A match under its row lock, and where it stands."""

    match: Match
    standings: Standings


@contextmanager
def locked(match_id: object) -> Iterator[Locked]:
    """Hold the match's row lock for a transaction: every other change to it waits.

    The row alone is read: its tally says where the match stands (no other hand is read).
    Concurrent changes queue: PostgreSQL on the match's row lock, SQLite on its write lock,
    taken when the transaction begins (settings.py). The unique hand number is the last guard.
    """
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=find_match_id(match_id)).first()
        if match is None:
            raise MatchNotFound(_("No match has this id."), "match")
        yield Locked(match, standings_of(match))


def bump(match: Match, **changed: Any) -> None:
    """Say the match changed, so every phone's next poll fetches it (the standings' ETag)."""
    Match.objects.filter(pk=match.pk).update(version=F("version") + 1, **changed)


def ensure_open(current: Standings) -> None:
    """Refuse a new hand once the match is over, in the reader's language."""
    try:
        rules.ensure_open(current)
    except MatchFinished as error:
        raise MatchFinished(said(error.message)) from error


def ensure_room(current: Standings) -> None:
    """Refuse a hand past the match's limit (the history stays small enough to show)."""
    if current.next_number > MOST_HANDS:
        raise MatchFinished(
            _("a match holds at most %(most)s hands, voided ones included: start a new match")
            % {"most": MOST_HANDS}
        )


def add_hand(
    match_id: object, boards: Sequence[PlayerBoard], entered: Mapping[str, Any], maker: str = ""
) -> HandAdded:
    """Score a hand with the OFC engine, save it as a case, and add it to the match."""
    with locked(match_id) as table:
        return score_hand(table, boards, entered, maker)


def score_hand(
    table: Locked, boards: Sequence[PlayerBoard], entered: Mapping[str, Any], maker: str = ""
) -> HandAdded:
    """Score the next hand of a locked match and store it; boards waiting for it are done."""
    match, current = table.match, table.standings
    ensure_open(current)
    ensure_room(current)
    spec = current.spec
    seated = seat_boards(spec, current, boards)
    scored = score_table(spec.profile, seated)
    number = current.next_number
    dealer = current.dealer or spec.first_dealer
    scores = {player.name: player.score for player in scored.players}
    fantasyland = {
        player.name: {
            "qualifies": player.fantasyland.qualifies,
            "cards": player.fantasyland.cards,
            "stays": player.fantasyland.stays,
            "played_with": board.fantasyland_cards if board.in_fantasyland else None,
        }
        for player, board in zip(scored.players, seated, strict=True)
        if player.fantasyland is not None
    }
    rulings = [*hand_rulings(current, number), *scored.rulings]
    result = scored.as_dict()
    case = record_case(
        spec.ruleset,
        {**entered, "ruleset": spec.ruleset, "match": str(match.id), "hand": number},
        {**result, "match": {"id": str(match.id), "hand": number, "dealer": dealer}},
        rulings,
        maker,
    )
    hand = MatchHand.objects.create(
        match=match,
        number=number,
        dealer=dealer,
        scores=scores,
        fantasyland=fantasyland,
        case=case,
    )
    SeatBoard.objects.filter(match=match, hand__lte=number).delete()
    after = current.tally.add(spec, record_of(hand))
    match.tally = after.as_dict()
    bump(match, tally=match.tally)
    return HandAdded(hand, scored, result, Standings(spec, after))


def next_number(match: Match) -> int:
    """The number the next hand is entered under: voided hands keep theirs."""
    return Standings(spec_of(match), tally_of(match)).next_number


def boards_in(match: Match, number: int) -> list[dict[str, Any]]:
    """The seats' boards sent for hand ``number``, in seat order."""
    sent = SeatBoard.objects.filter(match=match, hand=number).order_by("seat")
    return [entry.board for entry in sent]


def boards_waiting(match: Match, number: int) -> tuple[str, ...]:
    """The players whose board for hand ``number`` has not come yet."""
    sent = set(SeatBoard.objects.filter(match=match, hand=number).values_list("seat", flat=True))
    return tuple(name for seat, name in enumerate(match.players) if seat not in sent)


def money(match: Match, totals: dict[str, int]) -> dict[str, Any] | None:
    """What each player is up or down in money, and who pays whom, if a point has a value."""
    if not match.cents_per_point:
        return None
    net = nets(totals, match.cents_per_point)
    return {
        "currency": match.currency,
        "net": net,
        "transfers": [t.as_dict() for t in fewest_transfers(net)],
    }


def void_hand(match_id: object, number: int) -> Standings:
    """Mark a hand void (kept in the history, no longer counted) and give the new standings."""
    with locked(match_id) as table:
        fits = 0 < number < 2**31  # beyond the column's range no hand can exist
        hand = table.match.hands.filter(number=number).first() if fits else None
        if hand is None:
            raise MatchNotFound(
                _("This match has no hand %(number)s.") % {"number": number}, "hand"
            )
        if not hand.void:
            hand.void, hand.voided_at = True, timezone.now()
            hand.save(update_fields=["void", "voided_at"])
            bump(table.match)
        return Standings(table.standings.spec, fold_hands(table.match))


def hand_rows(match: Match, hands: Sequence[MatchHand] | None = None) -> list[dict[str, Any]]:
    """The hand history as plain rows: number, dealer, scores, void mark and case link."""
    stored = hands_of(match) if hands is None else hands
    return [
        {
            "hand": hand.number,
            "dealer": hand.dealer,
            "scores": {name: hand.scores.get(name, 0) for name in match.players},
            "void": hand.void,
            "case": reverse("case-detail", args=[hand.case_id]),
        }
        for hand in stored
    ]


EXPORT_COLUMNS = (
    "hand", "dealer", "player", "top", "middle", "bottom", "royalties", "points", "void", "case",
)  # fmt: skip


def _cell(text: object) -> str:
    """A spreadsheet cell that cannot run as a formula (a name may start with = or +)."""
    value = str(text)
    return f"'{value}" if value[:1] in ("=", "+", "-", "@", "\t", "\r") and value != "-" else value


def export_lines(match: Match, site: str) -> Iterator[list[str]]:
    """Each hand and player: the rows played, royalties and points, void, the case's address."""
    for hand in match.hands.select_related("case").order_by("number"):
        entered = {p.get("name"): p for p in hand.case.entered.get("players", [])}
        result = {p.get("name"): p for p in hand.case.result.get("players", [])}
        for name in match.players:
            board, scored = entered.get(name, {}), result.get(name, {})
            yield [
                str(hand.number),
                _cell(hand.dealer),
                _cell(name),
                board.get("top", ""),
                board.get("middle", ""),
                board.get("bottom", ""),
                str(scored.get("royalties", "")),
                str(hand.scores.get(name, 0)),
                "yes" if hand.void else "no",
                site + hand.case.get_absolute_url(),
            ]
