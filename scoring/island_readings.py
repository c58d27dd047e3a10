"""Island Pineapple's switchable house readings (H1, H4, H5, H14) as data.

Four questions of OPR-538 have a plain reading, the default, and an earlier, more generous one
that a host may switch to. An ``IslandReadings`` record holds one value per question; the
engine (``wilds.read_five``, ``island.showdown(readings=...)``) asks the record, never a host's
name, and every ruling that depends on a value cites its interpretation and says which reading
applied (``house_reading``).

    ============  ==============  =========================  ===================================
    field         interpretation  plain (the default)        the switch
    ============  ==============  =========================  ===================================
    wheel         H1, 1.3(b)      "natural": 2s As 3s 4s 5s  "best": the deuce may count as
                                  is a five-high straight    itself so the ace goes wild at the
                                  flush, nothing is missing  top: six high
    flush_ace     H4, 1.3(b)      "top": the wild ace only   "gap": with the top held, the ace
                                  fills the top; 2s As 6s    fills a gap: 2s As 6s 8s Ts is six
                                  8s Ts is a flush           to ten
    straight_ace  H5, 5.4         "top": the same for mixed  "gap": 2s As Qh Kc Ad is ten to ace
                                  straights; 2s As Qh Kc Ad  (the deuce the ten, the ace the
                                  is no straight             jack)
    phantom_ship  H14, 5.1        "adds": the three hole     "replaces": every hand is the three
                                  cards with two board       hole cards with two board cards;
                                  cards are one more way to  Playing the board has no effect
                                  make a hand
    ============  ==============  =========================  ===================================

>>> IslandReadings(wheel="best").switched
('wheel',)
>>> house_reading(PLAIN_READINGS, "wheel")[:36]
'house reading H1: a deuce stands in '
>>> house_reading(IslandReadings(wheel="best"), "wheel")[:38]
'house reading H1, switched by the host'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import ClassVar, Literal

from scoring.messages import say
from scoring.readings import Readings, Switch, house_reading, house_reading_message, switch

__all__ = [
    "ALTERNATIVE_READINGS",
    "PLAIN_READINGS",
    "SWITCHES",
    "IslandReadings",
    "Switch",
    "house_reading",
    "house_reading_message",
]

Wheel = Literal["natural", "best"]
AcePlace = Literal["top", "gap"]
PhantomHands = Literal["adds", "replaces"]


# The four questions, in the order of the record's fields (and of OPEN-QUESTIONS.md).
SWITCHES: Mapping[str, Switch] = MappingProxyType(
    {
        question.field: question
        for question in (
            switch(
                "wheel",
                "H1",
                "OPR-538 1.3(b)",
                "natural",
                "best",
                {"natural": say("island.wheel_natural"), "best": say("island.wheel_best")},
                question=say("island.wheel_question"),
            ),
            switch(
                "flush_ace",
                "H4",
                "OPR-538 1.3(b)",
                "top",
                "gap",
                {"top": say("island.flush_ace_top"), "gap": say("island.flush_ace_gap")},
                question=say("island.flush_ace_question"),
            ),
            switch(
                "straight_ace",
                "H5",
                "OPR-538 5.4",
                "top",
                "gap",
                {"top": say("island.straight_ace_top"), "gap": say("island.straight_ace_gap")},
                question=say("island.straight_ace_question"),
            ),
            switch(
                "phantom_ship",
                "H14",
                "OPR-538 5.1",
                "adds",
                "replaces",
                {
                    "adds": say("island.phantom_ship_adds"),
                    "replaces": say("island.phantom_ship_replaces"),
                },
                question=say("island.phantom_ship_question"),
            ),
        )
    }
)


@dataclass(frozen=True)
class IslandReadings(Readings):
    """The reading in force for each switchable question (see SWITCHES); the plain ones default.

    >>> IslandReadings(flush_ace="gap").other("flush_ace") == PLAIN_READINGS
    True
    """

    switches: ClassVar[Mapping[str, Switch]] = SWITCHES
    game: ClassVar[str] = "Island Pineapple"

    wheel: Wheel = "natural"  # H1
    flush_ace: AcePlace = "top"  # H4
    straight_ace: AcePlace = "top"  # H5
    phantom_ship: PhantomHands = "adds"  # H14


PLAIN_READINGS = IslandReadings()
# Every question read the other way: the project's readings before the plain ones became default.
ALTERNATIVE_READINGS = IslandReadings(
    wheel="best", flush_ace="gap", straight_ace="gap", phantom_ship="replaces"
)
