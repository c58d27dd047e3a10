"""What ``score_table`` decides, as records: a board as entered, each row's hand and royalty,
Fantasyland, each matchup.

``ofc.py`` makes them and ``ofc_rulings.py`` words them; both import them from here, so the
wording never imports the engine it words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scoring.cards import Card
from scoring.hands import Hand
from scoring.jokers import BoardResolution, joker_cards
from scoring.messages import Message, Row
from scoring.rulesets import ROWS

# Each row as a sentence names it (one record per row, shared: a record never changes).
SAID_ROWS: Mapping[str, Row] = {row: Row(row) for row in ROWS}


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
        """The cards of a row by its name: top, middle or bottom."""
        cards: Sequence[Card] = getattr(self, row)
        return cards

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
class ScoredBoard:
    """A board after resolution: its rows, foul, royalties and Fantasyland, before matchups."""

    name: str
    resolution: BoardResolution
    rows: Mapping[str, RowResult]
    fouled: bool
    foul_reason: Message | None
    royalties: int
    fantasyland: FantasylandResult | None


@dataclass(frozen=True)
class Matchup:
    """What ``player`` scores against ``opponent``; ``points`` is the sum of the parts.

    ``compared`` is the decision the row points follow: each row from the player's side, 1 won,
    -1 lost, 0 tied; empty when a foul means no row is compared.
    """

    player: str
    opponent: str
    rows: Mapping[str, int]
    sweep: int
    royalties: int
    foul: int
    points: int
    majority: int = 0  # 2-4 scoring's point for winning more rows
    compared: Mapping[str, int] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of DESIGN.md's /api/ofc/score/ response for this part."""
        return {
            "player": self.player,
            "opponent": self.opponent,
            "rows": dict(self.rows),
            "sweep": self.sweep,
            "majority": self.majority,
            "royalties": self.royalties,
            "foul": self.foul,
            "points": self.points,
        }
