"""Rulings and the one registry of every citation the engines may emit.

A citation is ``DOCUMENT ARTICLE`` (``OPR-538 1.3(a)``, ``pineapple-2p-v1 Foul payout``). Every
article listed here exists in the rule library (``referee/rules/*.toml``); a test proves it.
House interpretations (``H1``...) answer the questions the documents leave open; each belongs
to one article and is cited alongside it.

>>> from scoring.messages import say
>>> duplicate = say("common.duplicate_in_places", card="Qs", first="Ann's top row",
...                 places="Bob's bottom row")
>>> Ruling("OFC-BETA 2.1", "Bob", duplicate)
Ruling(citation='OFC-BETA 2.1', subject='Bob', text="Qs is in Ann's top row and in Bob's \
bottom row", interpretation=None)
"""

from __future__ import annotations

import re
from functools import cached_property
from typing import Any

from scoring.messages import Message

# The articles, by document, numbered as the rule library numbers them.
ARTICLES: dict[str, tuple[str, ...]] = {
    "OPR-538": (
        "1.1", "1.2", "1.3", "1.3(a)", "1.3(b)", "1.3(c)", "1.4",
        "2.1", "2.2", "2.2(a)", "2.2(b)", "2.3", "2.4", "2.5",
        "3", "3.1", "3.2", "3.3", "3.4", "3.5",
        "4.1", "4.2", "4.3",
        "5", "5.1", "5.2", "5.3", "5.4", "5.5",
        "6.1", "6.2", "6.3",
        "Final authority", "Hand rankings",
    ),
    "OFC-BETA": (
        "1.1", "1.2",
        "2.1",
        "3.1", "3.2", "3.3",
        "4.1", "4.2",
        "5.1", "5.2", "5.3", "5.4",
        "6.1", "6.2", "6.3", "6.4", "6.5", "6.6", "6.7", "6.8", "6.9",
        "7.1",
        "8.1", "8.2", "8.3",
        "9.1", "9.2",
    ),
    "PPR": (
        "1.1", "1.2", "1.3", "1.4", "1.5",
        "2.1", "2.2", "2.3", "2.4", "2.5",
        "3.1", "3.2", "3.3", "3.4",
        "4.1", "4.2", "4.3", "4.4",
        "5.1", "5.2", "5.3", "5.4",
        "6.1", "6.2", "6.3", "6.4", "6.5",
        "7.1", "7.2", "7.3",
    ),
    "pineapple-2p-v1": (
        "Rows", "Order rule", "Foul definition", "Top row hand types", "Initial deal",
        "Each later street", "Placed cards are final", "Row points", "Scoop bonus",
        "Foul penalty", "Top royalties", "Middle royalties", "Bottom royalties",
        "Fantasyland qualification", "Fantasyland deal size", "Fantasyland stay",
        "Number of players", "Deck", "Turn structure", "Card visibility", "Discard timing",
        "Scoring method", "Foul payout", "Both players foul", "Row ties", "Fantasyland hands",
        "Match end",
    ),
    "JOKER-OFC": (
        "1.1", "1.2",
        "2.1", "2.2",
        "3.1", "3.2", "3.3", "3.4", "3.5",
        "4.1", "4.2",
        "5.1", "5.2", "5.3",
        "6.1",
        "7.1", "7.2",
    ),
}  # fmt: skip

_FANTASYLAND_DEAL = "pineapple-2p-v1 Fantasyland deal size"

# House interpretations: id -> the article it interprets (numbered after OPEN-QUESTIONS.md).
INTERPRETATIONS: dict[str, str] = {
    "H1": "OPR-538 1.3(b)",  # 2s As 3s 4s 5s: nothing missing, a natural wheel (or two-to-six)
    "H2": "OPR-538 1.3(a)",  # 2s As Ts Js Qs: the deuce fills the inside gap, royal flush
    "H3": "OPR-538 1.3(b)",  # 2s As 7s 8s Ts: seven-to-jack
    "H4": "OPR-538 1.3(b)",  # 2s As 6s 8s Ts: the ace only tops the run, a flush (or six-to-ten)
    "H5": "OPR-538 5.4",  # straights with wilds: deuce at bottom (a low ace), ace only at top
    "H6": "OPR-538 5.1",  # Phantom Ship: any straight flush (wild or not) beats the caller
    "H7": "OPR-538 4.3",  # a showdown is among the players still in the hand, two or more
    "H8": "PPR 7.3",  # Lazy hi-lo: each half picks its own two hole cards
    "H9": "PPR 7.1",  # odd chips: first winner clockwise from the button; high half first
    "H10": "JOKER-OFC 4.2",  # fouled board: each Joker shown as its row's best alone
    "H11": "JOKER-OFC 7.1",  # two players may use the Joker ruleset
    "H12": "JOKER-OFC 3.1",  # equal candidates: the highest suit in the order s, h, d, c
    "H13": "OPR-538 5.1",  # a fouled Phantom Ship call: the best other hand wins, cards as dealt
    "H14": "OPR-538 5.1",  # Phantom Ship: 3 hole + 2 board adds to the usual ways (or replaces)
    "H15": "OPR-538 5.3",  # Secondary bonus: first rung a straight, "reach" = that or better
    "H20": "PPR 6.4",  # missed discard noticed after acting on the next round: dead hand
    "H21": "PPR 7.2",  # fewer than two hole cards at the showdown: dead hand
    "H22": "PPR 5.3",  # Lazy: three tabled where the venue asks for two is still read
    "H23": "PPR 6.5",  # a discard made early stands
    "H30": "pineapple-2p-v1 Fantasyland hands",  # a Fantasyland board is scored, stay reported
    "H31": "JOKER-OFC 4.1",  # "a little lower": strongest bottom, then middle, then top in order
    "H32": "JOKER-OFC 7.2",  # a Fantasyland player sets 13 and discards the rest
    "H33": "JOKER-OFC 5.3",  # in Fantasyland only the stay rule decides the next hand
    "H34": _FANTASYLAND_DEAL,  # "the best 13": stay, royalties, strong rows
    "H35": _FANTASYLAND_DEAL,  # settings differ when a row's hand differs
    "H40": "OFC-BETA 4.2",  # a voided match hand does not move the button or count
    "H41": "pineapple-2p-v1 Match end",  # reach = at least; level leaders play on
    "H42": "OFC-BETA 6.1",  # 2-4 scoring for house rules: a point a row, one for the majority
}

DOCUMENTS = tuple(ARTICLES)
# A table's own rule (scoring/house.py): "HOUSE-<id> <setting>", on the house rule's own page.
HOUSE_CITATION = re.compile(r"HOUSE-[a-z0-9]{4,16} [a-z_]+")
CITATIONS: frozenset[str] = frozenset(
    f"{document} {article}" for document, articles in ARTICLES.items() for article in articles
)


class Ruling:
    """One decision a player could dispute: the rule, whom it concerns, and what was decided.

    ``message`` is the record of what was decided (``scoring.messages.say``), worded only when
    read: ``text`` is its English. ``subject`` is a player's name as typed, or a record naming a
    part of the game (``say(N_("Table"))``).
    """

    def __init__(
        self,
        citation: str,
        subject: str | Message,
        message: Message | str,
        interpretation: str | None = None,
    ) -> None:
        if citation not in CITATIONS and not HOUSE_CITATION.fullmatch(citation):
            raise ValueError(f"unknown citation {citation!r}")
        if interpretation is not None and interpretation not in INTERPRETATIONS:
            raise ValueError(f"unknown interpretation {interpretation!r}")
        self.citation = citation
        self.message = message if isinstance(message, Message) else Message(message, {})
        self.interpretation = interpretation
        self.subject_message = subject if isinstance(subject, Message) else None
        self._subject = subject

    @cached_property
    def subject(self) -> str:
        return str(self._subject)

    @cached_property
    def text(self) -> str:
        """The decision in English."""
        return str(self.message)

    def _key(self) -> tuple[str, str, str, str | None]:
        return (self.citation, self.subject, self.text, self.interpretation)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Ruling) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Ruling(citation={self.citation!r}, subject={self.subject!r}, text={self.text!r}, "
            f"interpretation={self.interpretation!r})"
        )

    def as_dict(self) -> dict[str, Any]:
        """The ruling as JSON: a new dict each time (its readers add to it)."""
        return dict(self._written)

    @cached_property
    def _written(self) -> dict[str, Any]:
        # Written out once: dataclasses.asdict deep-copies, and an answer, its case and its
        # links each ask for every ruling.
        written: dict[str, Any] = {
            "citation": self.citation,
            "subject": self.subject,
            "text": self.text,
            "interpretation": self.interpretation,
        }
        written["message"] = self.message.as_dict()
        if self.subject_message is not None:
            written["subject_message"] = self.subject_message.as_dict()
        return written
