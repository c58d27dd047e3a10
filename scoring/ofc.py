"""Open-Face Chinese Poker scoring: legality, fouls, royalties, 1-6 scoring and Fantasyland.

``score_table(ruleset, boards)`` checks a finished table, resolves any Jokers (``jokers.py``),
finds each foul, pays each royalty, scores every pair of players and reports Fantasyland, with a
ruling for every decision. The rules themselves are data in ``rulesets.py``.

>>> from scoring.cards import parse_cards as cards
>>> ann = PlayerBoard("Ann", cards("Qs Qd 7c"), cards("9s 9h 4c 4d 2s"), cards("Ah Jh 8h 6h 3h"))
>>> bob = PlayerBoard("Bob", cards("Kc 8d 3s"), cards("5s 5h 5c Ad 2h"), cards("6c 7d 8c 9c Td"))
>>> result = score_table("pineapple-ofc", [ann, bob])
>>> [(player.name, player.royalties, player.score) for player in result.players]
[('Ann', 11, 8), ('Bob', 4, -8)]
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scoring.cards import Card, example_cards, find_duplicates
from scoring.errors import InputError
from scoring.hands import Hand
from scoring.jokers import RowResolution, key_of, resolve_board
from scoring.messages import Either, Message, say
from scoring.ofc_records import SAID_ROWS
from scoring.ofc_records import FantasylandResult as FantasylandResult
from scoring.ofc_records import Matchup as Matchup
from scoring.ofc_records import PlayerBoard as PlayerBoard
from scoring.ofc_records import RowResult as RowResult
from scoring.ofc_records import ScoredBoard as ScoredBoard
from scoring.ofc_rulings import foul_reason, table_rulings
from scoring.players import count_message, name_messages, seat_names
from scoring.rulesets import ROWS, RULESETS, Ruleset, get_ruleset, spoken_name
from scoring.rulings import Ruling


class OfcError(InputError):
    """Input that is not a legal OFC table; ``errors`` maps each field path to its messages."""


@dataclass(frozen=True)
class PlayerResult:
    """One player's board as scored: rows, foul, royalties, total score and Fantasyland."""

    name: str
    fouled: bool
    foul_message: Message | None  # why the board fouls, to be said in the reader's language
    royalties: int
    score: int
    rows: Mapping[str, RowResult]
    fantasyland: FantasylandResult | None
    discards: tuple[Card, ...] | None = None

    @property
    def foul_reason(self) -> str | None:
        """Why the board fouls, in English (worded when read)."""
        return None if self.foul_message is None else str(self.foul_message)

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of DESIGN.md's /api/ofc/score/ response for this part."""
        return {
            "name": self.name,
            "fouled": self.fouled,
            "foul_reason": self.foul_reason,
            "royalties": self.royalties,
            "score": self.score,
            "rows": {row: self.rows[row].as_dict() for row in ROWS},
            "fantasyland": None if self.fantasyland is None else self.fantasyland.as_dict(),
            "discards": None if self.discards is None else [str(card) for card in self.discards],
        }


@dataclass(frozen=True)
class TableResult:
    """A scored table: players in the order given, every ordered matchup, and the rulings."""

    ruleset: str
    players: tuple[PlayerResult, ...]
    matchups: tuple[Matchup, ...]
    rulings: tuple[Ruling, ...] = field(default=())

    def matchup(self, player: str, opponent: str) -> Matchup:
        """The matchup of one player against one opponent, by name."""
        return next(m for m in self.matchups if (m.player, m.opponent) == (player, opponent))

    def as_dict(self) -> dict[str, Any]:
        """The ``/api/ofc/score/`` response, without the case link."""
        return {
            "ruleset": self.ruleset,
            "players": [player.as_dict() for player in self.players],
            "matchups": [matchup.as_dict() for matchup in self.matchups],
            "rulings": [ruling.as_dict() for ruling in self.rulings],
        }


# --- Legality ---------------------------------------------------------------------------------


Refusals = dict[str, list[str | Message]]


def _fantasyland_cards(
    rules: Ruleset, board: PlayerBoard, name: str, prefix: str, errors: Refusals
) -> int | None:
    """The card count of a Fantasyland player's deal, or None (with an error) if unknown."""
    fantasyland = rules.fantasyland
    if fantasyland is None:
        return None
    sizes = fantasyland.deal_sizes
    listed = Either(tuple(str(size) for size in sizes))
    if board.fantasyland_cards is not None:
        if board.fantasyland_cards not in sizes:
            errors.setdefault(f"{prefix}fantasyland_cards", []).append(
                say(
                    "ofc.fantasyland_size_refused",
                    ruleset=spoken_name(rules),
                    sizes=listed,
                    count=board.fantasyland_cards,
                )
            )
            return None
        return board.fantasyland_cards
    if len(sizes) == 1:
        return sizes[0]
    if board.discards is not None and rules.placed_cards + len(board.discards) in sizes:
        return rules.placed_cards + len(board.discards)
    errors.setdefault(f"{prefix}fantasyland_cards", []).append(
        say("ofc.fantasyland_size_missing", name=name, sizes=listed)
    )
    return None


@dataclass
class _Places:
    """Every place that holds cards, by its field path, with whose it is; a place is named (as a
    message) only when a refusal names it."""

    cards: dict[str, Sequence[Card]] = field(default_factory=dict)
    errors: Refusals = field(default_factory=dict)
    owners: dict[str, tuple[str, str | None]] = field(default_factory=dict)  # player, row or None

    def add(self, where: str, cards: Sequence[Card], name: str, row: str | None = None) -> None:
        """A player's row, or (``row`` None) the player's discards."""
        self.cards[where], self.owners[where] = cards, (name, row)

    def label(self, where: str) -> Message:
        """The place as a sentence names it: "Ann's top row", "Ann's discards"."""
        name, row = self.owners[where]
        if row is None:
            return say("ofc.discards_place", name=name)
        return say("ofc.row_place", name=name, row=SAID_ROWS[row])

    def refuse(self, where: str, message: Message) -> None:
        self.errors.setdefault(where, []).append(message)

    def refuse_duplicates(self) -> None:
        for duplicate in find_duplicates(self.cards):
            said = {where: self.label(where) for where in duplicate.places}
            self.refuse(duplicate.last, say("ofc.duplicate", duplicate=duplicate.message(said)))


def _check_rows(rules: Ruleset, board: PlayerBoard, name: str, prefix: str, at: _Places) -> None:
    for row in ROWS:
        cards, where = board.row(row), f"{prefix}{row}"
        at.add(where, cards, name, row)
        size = rules.row_sizes[row]
        if len(cards) != size:
            problem = say(
                "ofc.row_size",
                place=at.label(where),
                size=size,
                count=len(cards),
                article=rules.citations.rows,
            )
            example = example_cards(size)  # cards that fit the row
            at.refuse(where, say("ofc.with_example", problem=problem, example=example))


def _check_deal(rules: Ruleset, board: PlayerBoard, name: str, prefix: str, at: _Places) -> None:
    """The Fantasyland mark, the deal size and the discards that follow from it."""
    if board.in_fantasyland and rules.fantasyland is None:
        at.refuse(
            f"{prefix}in_fantasyland",
            say(
                "ofc.no_fantasyland_mark",
                ruleset=spoken_name(rules),
                article=rules.citations.no_fantasyland,
            ),
        )
    deal = rules.dealt_cards
    if board.in_fantasyland:
        deal = _fantasyland_cards(rules, board, name, prefix, at.errors) or 0
    elif board.fantasyland_cards is not None:
        at.refuse(
            f"{prefix}fantasyland_cards",
            say("ofc.size_without_fantasyland", name=name),
        )
    if board.discards is None:
        return
    where = f"{prefix}discards"
    at.add(where, board.discards, name)
    wanted = deal - rules.placed_cards
    article = (
        rules.fantasyland.deal_citation
        if board.in_fantasyland and rules.fantasyland
        else rules.citations.discards
    )
    if deal and len(board.discards) != wanted:
        message = say(
            "ofc.discard_count",
            name=name,
            wanted=wanted,
            hand=say("ofc.hand_fantasyland" if board.in_fantasyland else "ofc.hand_normal"),
            deal=deal,
            placed=rules.placed_cards,
            count=len(board.discards),
            article=article,
        )
        at.refuse(where, message)


def _check_jokers(rules: Ruleset, at: _Places) -> None:
    """One message per place, however many Jokers it holds."""
    seen = 0
    for where, cards in at.cards.items():
        held = sum(card.is_joker for card in cards)
        if not held:
            continue
        seen += held
        if rules.jokers == 0:
            at.refuse(
                where,
                say(
                    "ofc.joker_without_jokers",
                    place=at.label(where),
                    ruleset=spoken_name(rules),
                    article=rules.citations.deck,
                    jokered=Either(tuple(spoken_name(r) for r in RULESETS.values() if r.jokers)),
                ),
            )
        elif seen > rules.jokers:
            at.refuse(
                where,
                say(
                    "ofc.jokers_too_many",
                    extra=min(held, seen - rules.jokers),
                    place=at.label(where),
                    ruleset=spoken_name(rules),
                    jokers=rules.jokers,
                    article=rules.citations.deck,
                ),
            )


def check_board(rules: Ruleset, board: PlayerBoard, name: str, prefix: str = "") -> None:
    """Raise OfcError at every field of one board that breaks the ruleset (rows, Jokers,
    discards, a card twice), before the other boards are known; ``prefix`` begins each path.

    >>> from scoring.cards import parse_cards as c
    >>> from scoring.rulesets import get_ruleset
    >>> board = PlayerBoard("Ann", c("Qs Qd"), c("9s 9h 4c 4d 2s"), c("Ah Jh 8h 6h 3h"))
    >>> try:
    ...     check_board(get_ruleset("pineapple-ofc"), board, "Ann")
    ... except OfcError as error:
    ...     print(error.errors)
    {'top': ["Ann's top row needs 3 cards, not 2 (OFC-BETA 1.1): e.g. As Kd 7c"]}
    """
    at = _Places()
    _check_rows(rules, board, name, prefix, at)
    _check_deal(rules, board, name, prefix, at)
    _check_jokers(rules, at)
    at.refuse_duplicates()
    if at.errors:
        raise OfcError.at(at.errors)


def validate(rules: Ruleset, boards: Sequence[PlayerBoard]) -> None:
    """Raise OfcError naming every field that breaks the ruleset's deal."""
    _validated(rules, boards)


def _validated(rules: Ruleset, boards: Sequence[PlayerBoard]) -> list[str]:
    """``validate``, giving each player's name as seated (``players.seat_names``)."""
    problem = count_message(spoken_name(rules), rules.min_players, rules.max_players, len(boards))
    if problem:
        raise OfcError(
            say("ofc.players_refused", problem=problem, article=rules.citations.players),
            "players",
        )
    names = seat_names([board.name for board in boards])
    at = _Places(errors=name_messages(names))
    for index, (board, name) in enumerate(zip(boards, names, strict=True)):
        _check_rows(rules, board, name, f"players.{index}.", at)
        _check_deal(rules, board, name, f"players.{index}.", at)
    _check_jokers(rules, at)
    at.refuse_duplicates()
    if at.errors:
        raise OfcError.at(at.errors)
    return names


# --- One board: fouls, royalties, Fantasyland -------------------------------------------------


def _row_royalty(rules: Ruleset, row: str, hand: Hand) -> int:
    return rules.royalty(row, hand.category, hand.ranks[0])


def _fantasyland(
    rules: Ruleset, board: PlayerBoard, rows: Mapping[str, RowResult], fouled: bool
) -> FantasylandResult | None:
    fantasyland = rules.fantasyland
    if fantasyland is None:
        return None
    if board.in_fantasyland:
        stays = not fouled and any(
            least is not None and rows[row].hand.category >= least
            for row, least in fantasyland.stay.items()
        )
        entered = board.fantasyland_cards or (
            fantasyland.deal_sizes[0]
            if len(fantasyland.deal_sizes) == 1
            else rules.placed_cards + len(board.discards or ())
        )
        again = fantasyland.stay_cards or entered
        return FantasylandResult(True, stays, again if stays else None, stays)
    top = rows["top"].hand
    cards = None if fouled else fantasyland.entry_cards(top.category, top.ranks[0])
    return FantasylandResult(False, cards is not None, cards, False)


def _assess(rules: Ruleset, board: PlayerBoard, name: str) -> ScoredBoard:
    resolution = resolve_board(board.top, board.middle, board.bottom)
    fouled = not resolution.in_order
    resolved: dict[str, RowResolution] = {
        "top": resolution.top,
        "middle": resolution.middle,
        "bottom": resolution.bottom,
    }
    rows = {
        row: RowResult(
            part.cards,
            part.resolved,
            part.hand,
            0 if fouled else _row_royalty(rules, row, part.hand),
        )
        for row, part in resolved.items()
    }
    return ScoredBoard(
        name=name,
        resolution=resolution,
        rows=rows,
        fouled=fouled,
        foul_reason=foul_reason(name, resolution) if fouled else None,
        royalties=sum(row.royalty for row in rows.values()),
        fantasyland=_fantasyland(rules, board, rows, fouled),
    )


# --- Matchups ---------------------------------------------------------------------------------


def _compare(a: Hand, b: Hand) -> int:
    return (key_of(a) > key_of(b)) - (key_of(a) < key_of(b))


def score_matchup(rules: Ruleset, player: ScoredBoard, opponent: ScoredBoard) -> Matchup:
    """What one board scores against another under 1-6 scoring (OFC-BETA 6.1-6.5)."""
    zero = dict.fromkeys(ROWS, 0)
    if player.fouled and opponent.fouled:
        return Matchup(player.name, opponent.name, zero, 0, 0, 0, 0)
    if player.fouled or opponent.fouled:
        sign = -1 if player.fouled else 1
        winner = opponent if player.fouled else player
        royalties = sign * winner.royalties
        foul = sign * rules.foul_penalty
        return Matchup(player.name, opponent.name, zero, 0, royalties, foul, royalties + foul)
    compared = {row: _compare(player.rows[row].hand, opponent.rows[row].hand) for row in ROWS}
    rows = {row: rules.row_point * result for row, result in compared.items()}
    won, lost = sum(r > 0 for r in compared.values()), sum(r < 0 for r in compared.values())
    sweep = rules.sweep_bonus * ((won == len(ROWS)) - (lost == len(ROWS)))
    majority = rules.majority_bonus * ((won > lost) - (won < lost))
    royalties = player.royalties - opponent.royalties
    points = sum(rows.values()) + sweep + majority + royalties
    return Matchup(
        player.name, opponent.name, rows, sweep, royalties, 0, points, majority, compared
    )


# --- The table --------------------------------------------------------------------------------


def score_table(ruleset: str | Ruleset, boards: Sequence[PlayerBoard]) -> TableResult:
    """Score a finished OFC table: every board against every other, with the rulings.

    >>> from scoring.cards import parse_cards as c
    >>> a = PlayerBoard("A", c("2s 3d 4c"), c("5s 5d 9c Th Jc"), c("Ks Kd Kc 7h 7d"))
    >>> b = PlayerBoard("B", c("As Ad 4h"), c("6s 6d 9h 2c 3c"), c("Qs Qd Qc 8h 8d"))
    >>> [p.score for p in score_table("pineapple-ofc", [a, b]).players]  # B's AA top fouls
    [12, -12]
    """
    rules = ruleset if isinstance(ruleset, Ruleset) else get_ruleset(ruleset)
    names = _validated(rules, boards)
    assessed = [_assess(rules, board, name) for board, name in zip(boards, names, strict=True)]
    matchups = [score_matchup(rules, a, b) for a, b in itertools.permutations(assessed, 2)]
    scores = {
        board.name: sum(m.points for m in matchups if m.player == board.name) for board in assessed
    }
    rulings = table_rulings(rules, boards, assessed, matchups, scores)
    players = tuple(
        PlayerResult(
            name=board.name,
            fouled=board.fouled,
            foul_message=board.foul_reason,
            royalties=board.royalties,
            score=scores[board.name],
            rows=board.rows,
            fantasyland=board.fantasyland,
            discards=None if player.discards is None else tuple(player.discards),
        )
        for board, player in zip(assessed, boards, strict=True)
    )
    return TableResult(rules.key, players, tuple(matchups), tuple(rulings))
