"""Pineapple's switchable house readings (H8, H20) as data.

Two questions PPR leaves open have two defensible readings. The project's reading is the
default; a host may switch to the other in a house rule (``scoring.house``, base
``"pineapple"``). A ``PineappleReadings`` record holds the reading in force for each; the
showdown (``pineapple.showdown(readings=...)``) and the discard referee
(``discards.rule(readings=...)``) ask the record, and the rulings a reading decides cite its
interpretation and say which reading applied (``house_reading``).

    ============  ==============  =========================  ===================================
    field         interpretation  plain (the default)        the switch
    ============  ==============  =========================  ===================================
    lazy_hi_lo    H8, PPR 7.3     "own": in Lazy hi-lo each  "shared": the two hole cards kept
                                  half chooses its own hole  play both halves, the two making
                                  cards, at most two         the best high (of equal highs, the
                                                             one making the best low)
    late_discard  H20, PPR 6.4    "dead": a missed discard   "allowed": the player discards at
                                  noticed after the player   once and the hand plays on, as
                                  acted kills the hand       before acting
    ============  ==============  =========================  ===================================

>>> PineappleReadings(late_discard="allowed").switched
('late_discard',)
>>> house_reading(PineappleReadings(lazy_hi_lo="shared"), "lazy_hi_lo")[:48]
'house reading H8, switched by the host: both hal'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import ClassVar, Literal

from scoring.messages import Message, say
from scoring.readings import Readings, Switch, house_reading, house_reading_message, switch

__all__ = [
    "PLAIN_READINGS",
    "SAYS",
    "SWITCHES",
    "PineappleReadings",
    "house_reading",
    "house_reading_message",
]

LazyHiLo = Literal["own", "shared"]
LateDiscard = Literal["dead", "allowed"]

# What each reading holds, in a ruling's words, by (field, value): as messages, to be said in the
# reader's language; ``Switch.says`` holds the same words in English.
SAYS: Mapping[tuple[str, str], Message] = MappingProxyType(
    {
        ("lazy_hi_lo", "own"): say("pineapple.reading_lazy_own"),
        ("lazy_hi_lo", "shared"): say("pineapple.reading_lazy_shared"),
        ("late_discard", "dead"): say("pineapple.reading_late_dead"),
        ("late_discard", "allowed"): say("pineapple.reading_late_allowed"),
    }
)

SWITCHES: Mapping[str, Switch] = MappingProxyType(
    {
        switch.field: switch
        for switch in (
            switch(
                "lazy_hi_lo",
                "H8",
                "PPR 7.3",
                "own",
                "shared",
                {value: SAYS["lazy_hi_lo", value] for value in ("own", "shared")},
                question=say("pineapple.question_lazy_hi_lo"),
            ),
            switch(
                "late_discard",
                "H20",
                "PPR 6.4",
                "dead",
                "allowed",
                {value: SAYS["late_discard", value] for value in ("dead", "allowed")},
                question=say("pineapple.question_late_discard"),
                # The discard referee takes it for one ruling too ("late_discard_allowed").
                alone=say("pineapple.late_discard_alone"),
            ),
        )
    }
)


@dataclass(frozen=True)
class PineappleReadings(Readings):
    """The reading in force for each switchable question (see SWITCHES); the plain ones default.

    >>> PineappleReadings(lazy_hi_lo="shared").other("lazy_hi_lo") == PLAIN_READINGS
    True
    """

    switches: ClassVar[Mapping[str, Switch]] = SWITCHES
    game: ClassVar[str] = "Pineapple"

    lazy_hi_lo: LazyHiLo = "own"  # H8
    late_discard: LateDiscard = "dead"  # H20


PLAIN_READINGS = PineappleReadings()
