"""What Island Pineapple's showdown decides, as records: the variants in play, the card count
of the deal, each player's best hand on a board.

``island.py`` makes them and ``island_rulings.py`` words them; both import them from here, so
the wording never imports the engine it words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scoring.cards import Card
from scoring.hands import Hand
from scoring.messages import Message
from scoring.wilds import Reading

DOC = "OPR-538"


@dataclass(frozen=True)
class Variant:
    """A variant announced before the deal (5): its key, its name and its article."""

    key: str
    title: Message  # its name, said in the reader's language
    article: str

    @property
    def name(self) -> str:
        """Its name in English."""
        return str(self.title)

    @property
    def citation(self) -> str:
        return f"{DOC} {self.article}"


@dataclass(frozen=True)
class PlayedHand:
    """A player's best hand on one board: the five cards used and what they make."""

    board: int
    hand: Hand
    hole_used: tuple[Card, ...]
    reading: Reading = field(repr=False)
    also_on: tuple[int, ...] = ()  # other boards where the same hand is as strong

    @property
    def value(self) -> int:
        return self.reading.value

    @property
    def wilds(self) -> tuple[tuple[Card, Card], ...]:
        """Each wild card with the card it stood for."""
        return self.reading.wilds

    def as_dict(self) -> dict[str, Any]:
        return {
            "board": self.board,
            "cards": [str(card) for card in self.hand.cards],
            "hole_used": [str(card) for card in self.hole_used],
            "hole_count": len(self.hole_used),
            "category": self.hand.category.slug,
            "hand": self.hand.name,
            "wilds": [{"card": str(wild), "as": str(stood)} for wild, stood in self.wilds],
            "also_on": list(self.also_on),
        }


@dataclass(frozen=True)
class CardCount:
    """The card accounting of a deal (2.2 to 2.5, 3.2, 3.4) and whether one deck holds it."""

    table_size: int
    exchanged: int | None
    cards: int
    burns: int
    most_cards: int  # if every player at the table exchanged

    @property
    def fits(self) -> bool:
        return self.cards <= 52

    def as_dict(self) -> dict[str, Any]:
        return {
            "table_size": self.table_size,
            "exchanged": self.exchanged,
            "cards": self.cards,
            "burns": self.burns,
            "fits": self.fits,
            "most_cards": self.most_cards,
        }
