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

from scoring.cards import RANK_PLURALS, Card, find_duplicates
from scoring.errors import InputError
from scoring.hands import Category, Hand
from scoring.jokers import BoardResolution, RowResolution, joker_cards, key_of, resolve_board
from scoring.rulesets import ROWS, Ruleset, get_ruleset
from scoring.rulings import Ruling


class OfcError(InputError):
    """Input that is not a legal OFC table; ``errors`` maps each field path to its messages."""


@dataclass(frozen=True)
class PlayerBoard:
    """One player's finished board as entered, with the optional discards and Fantasyland state.

    ``fantasyland_cards`` is how many cards a player in Fantasyland was dealt (Joker OFC deals
    14 to 17); it may be left out when the ruleset deals one size or the discards tell it.
    """

    name: str
    top: Sequence[Card]
    middle: Sequence[Card]
    bottom: Sequence[Card]
    discards: Sequence[Card] | None = None
    in_fantasyland: bool = False
    fantasyland_cards: int | None = None

    def row(self, row: str) -> Sequence[Card]:
        """The cards of a row by its name."""
        return {"top": self.top, "middle": self.middle, "bottom": self.bottom}[row]

    def as_dict(self) -> dict[str, Any]:
        """The board as a ``/api/ofc/score/`` request spells it, cards in canonical text.

        >>> from scoring.cards import parse_cards as c
        >>> PlayerBoard("Ann", c("qs qd 7c"), c("9s9h4c4d2s"), c("Ah Jh 8h 6h 3h")).as_dict()["top"]
        'Qs Qd 7c'
        """
        return {
            "name": self.name,
            **{row: " ".join(map(str, self.row(row))) for row in ROWS},
            "discards": None if self.discards is None else " ".join(map(str, self.discards)),
            "in_fantasyland": self.in_fantasyland,
            "fantasyland_cards": self.fantasyland_cards,
        }


@dataclass(frozen=True)
class RowResult:
    """A row's cards, what its Jokers became, its hand and the royalty it pays."""

    cards: tuple[Card, ...]
    resolved: tuple[Card, ...]
    hand: Hand
    royalty: int

    @property
    def jokers(self) -> tuple[Card, ...]:
        """What each Joker in the row became, in order."""
        return joker_cards(self.cards, self.resolved)

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of DESIGN.md's /api/ofc/score/ response for this part."""
        return {
            "cards": [str(card) for card in self.cards],
            "resolved": [str(card) for card in self.resolved],
            "category": self.hand.category.slug,
            "hand": self.hand.name,
            "royalty": self.royalty,
            "jokers": [str(card) for card in self.jokers],
        }


@dataclass(frozen=True)
class FantasylandResult:
    """Whether the board earns a Fantasyland hand next, of how many cards, and whether a player
    already there stays (house interpretation H33: in Fantasyland only the stay rule counts)."""

    in_fantasyland: bool
    qualifies: bool
    cards: int | None
    stays: bool

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of DESIGN.md's /api/ofc/score/ response for this part."""
        return {
            "qualifies": self.qualifies,
            "cards": self.cards,
            "stays": self.stays,
            "in_fantasyland": self.in_fantasyland,
        }


@dataclass(frozen=True)
class PlayerResult:
    """One player's board as scored: rows, foul, royalties, total score and Fantasyland."""

    name: str
    fouled: bool
    foul_reason: str | None
    royalties: int
    score: int
    rows: Mapping[str, RowResult]
    fantasyland: FantasylandResult | None
    discards: tuple[Card, ...] | None = None

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
class Matchup:
    """What ``player`` scores against ``opponent``; ``points`` is the sum of the parts."""

    player: str
    opponent: str
    rows: Mapping[str, int]
    sweep: int
    royalties: int
    foul: int
    points: int

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of DESIGN.md's /api/ofc/score/ response for this part."""
        return {
            "player": self.player,
            "opponent": self.opponent,
            "rows": dict(self.rows),
            "sweep": self.sweep,
            "royalties": self.royalties,
            "foul": self.foul,
            "points": self.points,
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


def _names(boards: Sequence[PlayerBoard]) -> list[str]:
    return [board.name.strip() or f"Player {index + 1}" for index, board in enumerate(boards)]


def _fantasyland_cards(
    rules: Ruleset, board: PlayerBoard, name: str, prefix: str, errors: dict[str, list[str]]
) -> int | None:
    """The card count of a Fantasyland player's deal, or None (with an error) if unknown."""
    fantasyland = rules.fantasyland
    if fantasyland is None:
        return None
    sizes = fantasyland.deal_sizes
    listed = ", ".join(map(str, sizes[:-1])) + (" or " if len(sizes) > 1 else "") + str(sizes[-1])
    if board.fantasyland_cards is not None:
        if board.fantasyland_cards not in sizes:
            errors.setdefault(f"{prefix}.fantasyland_cards", []).append(
                f"a Fantasyland hand in {rules.key} is {listed} cards, "
                f"not {board.fantasyland_cards}"
            )
            return None
        return board.fantasyland_cards
    if len(sizes) == 1:
        return sizes[0]
    if board.discards is not None and rules.placed_cards + len(board.discards) in sizes:
        return rules.placed_cards + len(board.discards)
    errors.setdefault(f"{prefix}.fantasyland_cards", []).append(
        f"say how many cards {name} was dealt in Fantasyland: {listed}"
    )
    return None


def validate(rules: Ruleset, boards: Sequence[PlayerBoard]) -> None:
    """Raise OfcError naming every field that breaks the ruleset's deal."""
    errors: dict[str, list[str]] = {}
    count = len(boards)
    if not rules.min_players <= count <= rules.max_players:
        wanted = (
            f"exactly {rules.min_players}"
            if rules.min_players == rules.max_players
            else f"{rules.min_players} to {rules.max_players}"
        )
        raise OfcError(f"{rules.key} is played by {wanted} players, not {count}", "players")
    names = _names(boards)
    places: dict[str, Sequence[Card]] = {}
    fields: dict[str, str] = {}
    jokers_seen = 0
    for index, (board, name) in enumerate(zip(boards, names, strict=True)):
        prefix = f"players.{index}"
        if name in names[:index]:
            errors.setdefault(f"{prefix}.name", []).append(
                f"two players are called {name}: give each player a different name"
            )
        for row in ROWS:
            cards = board.row(row)
            label, where = f"{name}'s {row} row", f"{prefix}.{row}"
            places[label], fields[label] = cards, where
            size = rules.row_sizes[row]
            if len(cards) != size:
                errors.setdefault(where, []).append(
                    f"{label} needs {size} cards, not {len(cards)} ({rules.citations.rows})"
                )
        if board.in_fantasyland and rules.fantasyland is None:
            errors.setdefault(f"{prefix}.in_fantasyland", []).append(
                f"{rules.key} has no Fantasyland (OFC-BETA 9.1): clear the Fantasyland mark"
            )
        deal = rules.dealt_cards
        if board.in_fantasyland:
            deal = _fantasyland_cards(rules, board, name, prefix, errors) or 0
        elif board.fantasyland_cards is not None:
            errors.setdefault(f"{prefix}.fantasyland_cards", []).append(
                f"{name} is not marked as in Fantasyland, so there is no Fantasyland deal size"
            )
        if board.discards is not None:
            label, where = f"{name}'s discards", f"{prefix}.discards"
            places[label], fields[label] = board.discards, where
            wanted_discards = deal - rules.placed_cards
            article = (
                rules.fantasyland.deal_citation
                if board.in_fantasyland and rules.fantasyland
                else rules.citations.discards
            )
            if deal and len(board.discards) != wanted_discards:
                how = "in Fantasyland" if board.in_fantasyland else "in a normal hand"
                errors.setdefault(where, []).append(
                    f"{name} discards {wanted_discards} card{'' if wanted_discards == 1 else 's'}"
                    f" {how} ({deal} dealt, {rules.placed_cards} placed), not "
                    f"{len(board.discards)} ({article})"
                )
    # One message per place, however many Jokers it holds.
    for label, cards in places.items():
        held = sum(card.is_joker for card in cards)
        if not held:
            continue
        jokers_seen += held
        if rules.jokers == 0:
            errors.setdefault(fields[label], []).append(
                f"{label} holds a Joker, but {rules.key} uses a 52-card deck without "
                f"Jokers ({rules.citations.deck}); choose joker-ofc to play with Jokers"
            )
        elif jokers_seen > rules.jokers:
            extra = min(held, jokers_seen - rules.jokers)
            errors.setdefault(fields[label], []).append(
                f"{'a Joker' if extra == 1 else f'{extra} Jokers'} too many in {label}: "
                f"the {rules.key} deck has only {rules.jokers} ({rules.citations.deck})"
            )
    for duplicate in find_duplicates(places):
        errors.setdefault(fields[duplicate.last], []).append(
            f"{duplicate}: each card is in the deck once"
        )
    if errors:
        raise OfcError.at(errors)


# --- One board: fouls, royalties, Fantasyland -------------------------------------------------


@dataclass(frozen=True)
class ScoredBoard:
    """A board after resolution: its rows, foul, royalties and Fantasyland, before matchups."""

    name: str
    resolution: BoardResolution
    rows: Mapping[str, RowResult]
    fouled: bool
    foul_reason: str | None
    royalties: int
    fantasyland: FantasylandResult | None


def _hand_text(hand: Hand) -> str:
    return hand.name[0].lower() + hand.name[1:]


def _foul_reason(name: str, resolution: BoardResolution) -> str:
    top, middle, bottom = resolution.top.hand, resolution.middle.hand, resolution.bottom.hand
    broken = []
    if key_of(middle) > key_of(bottom):
        broken.append(
            f"the middle row ({_hand_text(middle)}) is stronger than the bottom row "
            f"({_hand_text(bottom)})"
        )
    if key_of(top) > key_of(middle):
        broken.append(
            f"the top row ({_hand_text(top)}) is stronger than the middle row "
            f"({_hand_text(middle)})"
        )
    if resolution.has_jokers:
        shown = "; at their strongest " + " and ".join(broken) if broken else ""
        return (
            f"no way of resolving {name}'s Jokers keeps the bottom at least as strong as the "
            f"middle and the middle at least as strong as the top{shown}"
        )
    return f"on {name}'s board " + " and ".join(broken)


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
        return FantasylandResult(True, stays, entered if stays else None, stays)
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
        foul_reason=_foul_reason(name, resolution) if fouled else None,
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
    rows = {
        row: rules.row_point * _compare(player.rows[row].hand, opponent.rows[row].hand)
        for row in ROWS
    }
    results = set(rows.values())
    sweep = rules.sweep_bonus if results == {rules.row_point} else 0
    sweep = -rules.sweep_bonus if results == {-rules.row_point} else sweep
    royalties = player.royalties - opponent.royalties
    points = sum(rows.values()) + sweep + royalties
    return Matchup(player.name, opponent.name, rows, sweep, royalties, 0, points)


# --- Rulings ----------------------------------------------------------------------------------


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def _joker_rulings(
    rules: Ruleset, board: ScoredBoard, table_cards: Sequence[tuple[str, Card]]
) -> list[Ruling]:
    rulings: list[Ruling] = []
    resolution = board.resolution
    name = board.name
    for row, part in (
        ("top", resolution.top),
        ("middle", resolution.middle),
        ("bottom", resolution.bottom),
    ):
        for card in part.jokers:
            joker = f"{name}'s Joker in the {row} row"
            hand = _hand_text(part.hand)
            if not resolution.in_order:
                rulings.append(
                    Ruling(
                        "JOKER-OFC 4.2",
                        name,
                        f"{joker} is shown as the {card}, the strongest its row can be on its "
                        f"own ({hand}); the board fouls whatever the Jokers become, so this "
                        "does not change the score.",
                        interpretation="H10",
                    )
                )
                continue
            if part.lowered:
                rulings.append(
                    Ruling(
                        "JOKER-OFC 4.1",
                        name,
                        f"{joker} becomes the {card} ({hand}): at its strongest the row "
                        f"({_hand_text(part.best_alone)}) would break the order of the rows, "
                        "so the Joker is resolved lower, to the strongest hand that keeps it.",
                        interpretation="H31",
                    )
                )
            else:
                rulings.append(
                    Ruling(
                        "JOKER-OFC 3.1",
                        name,
                        f"{joker} becomes the {card}, making the {row} row {hand}, the "
                        "strongest it can be without breaking the order of the rows.",
                    )
                )
            if part.alternatives > 1:
                rulings.append(
                    Ruling(
                        "JOKER-OFC 3.1",
                        name,
                        f"{part.alternatives} choices of card give {joker} the same hand; it "
                        f"is shown as the {card}, the highest suit in the order spades, hearts, "
                        "diamonds, clubs.",
                        interpretation="H12",
                    )
                )
            real = [c for c in part.cards if not c.is_joker]
            quads = [r for r in {c.rank for c in real} if sum(c.rank == r for c in real) == 4]
            if quads:
                rulings.append(
                    Ruling(
                        "JOKER-OFC 3.2",
                        name,
                        f"{joker} cannot make five of a kind, so it is a kicker: {hand}.",
                    )
                )
            blocked = [c for c in real if c.suit == card.suit and c.rank > card.rank]
            if (
                part.hand.category
                in (
                    Category.FLUSH,
                    Category.STRAIGHT_FLUSH,
                    Category.ROYAL_FLUSH,
                )
                and blocked
                and not part.lowered
            ):
                rulings.append(
                    Ruling(
                        "JOKER-OFC 3.3",
                        name,
                        f"{joker} cannot be a card already in its row ("
                        + ", ".join(map(str, blocked))
                        + f"), so it is the {card}: {hand}.",
                    )
                )
            elsewhere = [place for place, other in table_cards if other == card]
            if elsewhere:
                rulings.append(
                    Ruling(
                        "JOKER-OFC 3.4",
                        name,
                        f"{joker} is the {card} although the {card} is also in "
                        + " and in ".join(elsewhere)
                        + ": only the cards of its own row limit a Joker.",
                    )
                )
    return rulings


def _board_rulings(rules: Ruleset, board: ScoredBoard) -> list[Ruling]:
    rulings: list[Ruling] = []
    name, cite = board.name, rules.citations
    top, middle = board.rows["top"].hand, board.rows["middle"].hand
    if top.category == middle.category:
        outcome = (
            "the top is stronger, which breaks the order"
            if key_of(top) > key_of(middle)
            else "the middle is stronger, so they are in order"
        )
        rulings.append(
            Ruling(
                cite.top_vs_middle,
                name,
                f"{name}'s top row ({_hand_text(top)}) and middle row ({_hand_text(middle)}) "
                "are the same kind of hand; compared rank by rank, and with the middle ahead "
                f"when every rank of the top matches, {outcome}.",
            )
        )
        if top.category == Category.THREE_OF_A_KIND and top.ranks[0] == middle.ranks[0]:
            rulings.append(
                Ruling(
                    "JOKER-OFC 3.5",
                    name,
                    f"{name}'s top and middle rows are both three {RANK_PLURALS[top.ranks[0]]}, "
                    "which Jokers make possible; the middle's kickers make it the stronger row.",
                )
            )
    if board.fouled:
        rulings.append(
            Ruling(
                cite.joker_foul if board.resolution.has_jokers else cite.foul,
                name,
                f"{name}'s board fouls: {board.foul_reason}. It earns no royalties and its rows "
                "are not compared.",
            )
        )
        return rulings
    for row in ROWS:
        result = board.rows[row]
        if result.royalty:
            rulings.append(
                Ruling(
                    rules.royalty_citation(row),
                    name,
                    f"{name}'s {row} row, {_hand_text(result.hand)}, pays a royalty of "
                    f"{result.royalty}.",
                )
            )
    return rulings


def _fantasyland_rulings(rules: Ruleset, board: ScoredBoard) -> list[Ruling]:
    name, top = board.name, board.rows["top"].hand
    rules_fl, result = rules.fantasyland, board.fantasyland
    if rules_fl is None or result is None:
        # OFC-BETA 9.1 names the usual entry, queens or better, to say this version has none.
        if not board.fouled and (top.category, top.ranks[0]) >= (Category.PAIR, 12):
            return [
                Ruling(
                    rules.citations.no_fantasyland,
                    name,
                    f"{name}'s top row is {_hand_text(top)}, but {rules.key} has no "
                    "Fantasyland: the next hand is dealt as usual.",
                )
            ]
        return []
    rulings: list[Ruling] = []
    with_joker = any(card.is_joker for card in board.rows["top"].cards) or (
        result.in_fantasyland and board.resolution.has_jokers
    )
    if result.in_fantasyland:
        if result.stays:
            held = [
                row
                for row, least in rules_fl.stay.items()
                if least is not None and board.rows[row].hand.category >= least
            ]
            rulings.append(
                Ruling(
                    rules_fl.stay_citation,
                    name,
                    f"{name} stays in Fantasyland with {_hand_text(board.rows[held[0]].hand)} "
                    f"in the {held[0]} row: the next hand is {result.cards} cards again.",
                )
            )
            if rules_fl.same_count_citation:
                rulings.append(
                    Ruling(
                        rules_fl.same_count_citation,
                        name,
                        f"A stay keeps the count {name} entered with ({result.cards} cards), "
                        "whatever the top row would earn from outside.",
                        interpretation="H33",
                    )
                )
        else:
            why = "the board fouls" if board.fouled else "no row meets the stay rule"
            rulings.append(
                Ruling(
                    rules_fl.stay_citation,
                    name,
                    f"{name} leaves Fantasyland: {why}; the next hand is dealt as usual.",
                )
            )
        if not rules_fl.played:
            rulings.append(
                Ruling(
                    rules_fl.played_citation,
                    name,
                    f"{rules.key} deals no Fantasyland hands, but {name}'s board was played as "
                    "one: it is scored like any other board and its stay is reported.",
                    interpretation=rules_fl.played_interpretation,
                )
            )
    elif result.qualifies:
        rulings.append(
            Ruling(
                rules_fl.entry_citation,
                name,
                f"{name}'s top row, {_hand_text(top)}, on a board that does not foul, earns "
                f"Fantasyland with {result.cards} cards.",
            )
        )
        if not rules_fl.played:
            rulings.append(
                Ruling(
                    rules_fl.played_citation,
                    name,
                    f"{rules.key} records and reports {name}'s qualification, but deals no "
                    "Fantasyland hand.",
                )
            )
    elif board.fouled and rules_fl.entry_cards(top.category, top.ranks[0]) is not None:
        rulings.append(
            Ruling(
                rules_fl.entry_citation,
                name,
                f"{name}'s top row is {_hand_text(top)}, but the board fouls, so it earns no "
                "Fantasyland.",
            )
        )
    if with_joker and rules_fl.resolved_citation and (result.qualifies or result.stays):
        rulings.append(
            Ruling(
                rules_fl.resolved_citation,
                name,
                f"Fantasyland for {name} is judged on the rows as the Jokers were resolved.",
            )
        )
    return rulings


def _matchup_rulings(rules: Ruleset, ab: Matchup, a: ScoredBoard, b: ScoredBoard) -> list[Ruling]:
    cite = rules.citations
    subject = f"{a.name} v {b.name}"
    if a.fouled and b.fouled:
        return [
            Ruling(
                cite.both_foul,
                subject,
                f"{a.name} and {b.name} both foul: they score 0 against each other.",
            )
        ]
    if a.fouled or b.fouled:
        loser, winner = (a, b) if a.fouled else (b, a)
        return [
            Ruling(
                cite.foul_payout,
                subject,
                f"{loser.name} fouls and pays {winner.name} {rules.foul_penalty} plus "
                f"{winner.name}'s royalties of {winner.royalties}: "
                f"{rules.foul_penalty + winner.royalties} points.",
            )
        ]
    rulings: list[Ruling] = []
    for row in ROWS:
        if ab.rows[row] == 0:
            hand = a.rows[row].hand
            rulings.append(
                Ruling(
                    cite.ties,
                    subject,
                    f"{a.name}'s and {b.name}'s {row} rows are both {_hand_text(hand)}: suits "
                    "never break a tie, so the row is equal and scores 0.",
                )
            )
    if ab.sweep:
        winner = a if ab.sweep > 0 else b
        rulings.append(
            Ruling(
                cite.sweep,
                subject,
                f"{winner.name} wins all three rows: {rules.sweep_bonus} more for the sweep.",
            )
        )
    elif sorted(map(abs, ab.rows.values())) == [0, 1, 1] and len(set(ab.rows.values())) == 2:
        # Two rows won (or lost) and one tied: the tie is what stops the sweep.
        rulings.append(
            Ruling(
                cite.row_ties,
                subject,
                "A tied row scores 0 for both and prevents the sweep.",
            )
        )
    row_total = sum(ab.rows.values())
    rulings.append(
        Ruling(
            cite.royalties,
            subject,
            f"{a.name} scores {_signed(row_total)} for rows"
            + (f", {_signed(ab.sweep)} for the sweep" if ab.sweep else "")
            + f" and {a.royalties} - {b.royalties} in royalties: {_signed(ab.points)} "
            f"against {b.name}.",
        )
    )
    return rulings


def _total_ruling(rules: Ruleset, name: str, mine: Sequence[Matchup], total: int) -> Ruling:
    parts = ", ".join(f"{_signed(m.points)} against {m.opponent}" for m in mine)
    return Ruling(
        rules.citations.hand_score,
        name,
        f"{name} scores {parts}: {_signed(total)} for the hand.",
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
    validate(rules, boards)
    names = _names(boards)
    assessed = [_assess(rules, board, name) for board, name in zip(boards, names, strict=True)]
    matchups = [score_matchup(rules, a, b) for a, b in itertools.permutations(assessed, 2)]
    scores = {
        board.name: sum(m.points for m in matchups if m.player == board.name) for board in assessed
    }
    rulings: list[Ruling] = []
    if rules.players_interpretation and len(boards) < rules.max_players:
        rulings.append(
            Ruling(
                rules.citations.players,
                "table",
                f"{rules.key} describes a {rules.max_players}-player table; "
                f"{len(boards)} players use the same rules.",
                interpretation=rules.players_interpretation,
            )
        )
    table_cards = [
        (f"{name}'s {row} row", card)
        for board, name in zip(boards, names, strict=True)
        for row in ROWS
        for card in board.row(row)
        if not card.is_joker
    ]
    for board, player in zip(assessed, boards, strict=True):
        rulings += _joker_rulings(rules, board, table_cards)
        rulings += _board_rulings(rules, board)
        rulings += _fantasyland_rulings(rules, board)
        if player.discards is not None and player.in_fantasyland and rules.fantasyland:
            rulings.append(
                Ruling(
                    rules.fantasyland.deal_citation,
                    board.name,
                    f"In Fantasyland {board.name} sets 13 cards and discards the other "
                    f"{len(player.discards)}.",
                    interpretation=rules.fantasyland.discard_interpretation,
                )
            )
    for a, b in itertools.combinations(assessed, 2):
        rulings += _matchup_rulings(
            rules, next(m for m in matchups if (m.player, m.opponent) == (a.name, b.name)), a, b
        )
    for board in assessed:
        mine = [m for m in matchups if m.player == board.name]
        rulings.append(_total_ruling(rules, board.name, mine, scores[board.name]))
    players = tuple(
        PlayerResult(
            name=board.name,
            fouled=board.fouled,
            foul_reason=board.foul_reason,
            royalties=board.royalties,
            score=scores[board.name],
            rows=board.rows,
            fantasyland=board.fantasyland,
            discards=None if player.discards is None else tuple(player.discards),
        )
        for board, player in zip(assessed, boards, strict=True)
    )
    return TableResult(rules.key, players, tuple(matchups), tuple(rulings))
