"""Switchable house readings, for any game: the questions, and a record of the readings in force.

Where a rule document leaves a question open and the rule library records two defensible
readings, the project's reading is the default (``plain``) and the host may switch to the
other. A game lists its questions as ``Switch`` entries and holds the readings in force in a
frozen ``Readings`` record, one field per question; the engine asks the record, never a
host's name, and a ruling that depends on a value says which reading applied
(``house_reading``). Island Pineapple's are in ``island_readings``, Pineapple's in
``pineapple_readings``. The switches are the only way a reading is set: a saved house rule's
settings are a game's switches (``scoring.house``, ``Readings.reading``), and a switch with
words for itself alone (``Switch.alone``) may be named for one request (``discards.HOUSE_RULES``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from dataclasses import field as _field
from types import MappingProxyType
from typing import Any, ClassVar, TypeVar

from scoring.errors import InputError
from scoring.messages import Message, Unstopped, say
from scoring.rulings import Ruling

__all__ = ["Readings", "Switch", "house_reading", "house_reading_message", "switch"]

R = TypeVar("R", bound="Readings")


@dataclass(frozen=True)
class Switch:
    """One switchable question: its interpretation and article, both values and their words."""

    field: str
    interpretation: str
    article: str  # the citation a ruling on this question carries
    plain: str
    other: str
    # value -> what that reading holds, in a ruling's words: a record (``switch``), to be said
    # in the reader's language; ``says`` is its English.
    said: Mapping[str, Message] = _field(default_factory=dict)
    question: Message | None = None  # what the question is, as a house rule's setting names it
    # The other reading as a switch a single request may name (``alone_name``), in its words;
    # None where only a saved house rule switches it.
    alone: Message | None = None

    @property
    def says(self) -> Mapping[str, str]:
        """What each reading holds, in English (from ``said``)."""
        return {value: str(message) for value, message in self.said.items()}

    @property
    def name(self) -> str:
        """The question's name as a house rule's setting: its field."""
        return self.field

    @property
    def label(self) -> Message:
        """The setting's label, with its interpretation: "... (H1)"."""
        return say(
            "common.reading_label",
            label=self.question or self.field,
            interpretation=self.interpretation,
        )

    @property
    def alone_name(self) -> str:
        """The name a request gives the other reading, for itself only: "late_discard_allowed"."""
        return f"{self.field}_{self.other}"

    def checked(self, value: Any) -> str:
        """The value, if it is one of the two readings; else ValueError saying what is."""
        if not isinstance(value, str) or value not in (self.plain, self.other):
            quoted = repr(value)
            raise ValueError(
                say(
                    "common.reading_value_refused",
                    interpretation=self.interpretation,
                    plain=repr(self.plain),
                    other=repr(self.other),
                    value=quoted if len(quoted) <= 40 else quoted[:37] + "...",
                )
            )
        return value


def switch(
    field: str,
    interpretation: str,
    article: str,
    plain: str,
    other: str,
    says: Mapping[str, Message],
    question: Message | None = None,
    alone: Message | None = None,
) -> Switch:
    """A switchable question whose readings' words are messages (``Switch.said``)."""
    return Switch(
        field, interpretation, article, plain, other, MappingProxyType(says), question, alone
    )


@dataclass(frozen=True)
class Readings:
    """The reading in force for each of a game's questions (``switches``), one field each."""

    switches: ClassVar[Mapping[str, Switch]] = {}
    game: ClassVar[str] = ""  # the game's name, for a house rule's base
    # A saved house rule's readings: its key ("house:<id>"), and for each switched question's
    # interpretation the house rule's citation ("H1" -> "HOUSE-<id> wheel"), so the engine cites
    # the house rule as it decides (``ruling``). Set by ``scoring.house.house_readings``.
    house: str | None = _field(default=None, kw_only=True)
    cited: tuple[tuple[str, str], ...] = _field(default=(), kw_only=True)

    def __post_init__(self) -> None:
        for switch in self.switches.values():
            value = getattr(self, switch.field)
            if value not in (switch.plain, switch.other):
                raise InputError(
                    say(
                        "common.reading_refused",
                        interpretation=switch.interpretation,
                        plain=repr(switch.plain),
                        other=repr(switch.other),
                        value=repr(value),
                    ),
                    f"readings.{switch.field}",
                )

    def ruling(
        self,
        citation: str,
        subject: str | Message,
        message: Message,
        interpretation: str | None = None,
    ) -> Ruling:
        """A ruling under these readings: where a house rule switched the reading it rests on,
        it cites the house rule, in place of the article it names.

        >>> from scoring.pineapple_readings import PineappleReadings
        >>> cited = (("H20", "HOUSE-ab12 late_discard"),)
        >>> house = PineappleReadings(late_discard="allowed", cited=cited)
        >>> house.ruling("PPR 4.4", "Ann", say("Late."), "H20").text
        'Late (by these house rules, in place of PPR 4.4).'
        """
        house = next((h for i, h in self.cited if i == interpretation), None)
        if house is None:
            return Ruling(citation, subject, message, interpretation)
        message = say(
            "house.ruled_in_place_of",
            ruling=Unstopped(message.kind, message.values),
            citation=citation,
        )
        return Ruling(house, subject, message, interpretation)

    def as_dict(self) -> dict[str, str]:
        """Each question's reading in force, by field."""
        return {field: getattr(self, field) for field in self.switches}

    @property
    def switched(self) -> tuple[str, ...]:
        """The fields a host has switched away from the plain reading."""
        return tuple(
            switch.field
            for switch in self.switches.values()
            if getattr(self, switch.field) != switch.plain
        )

    def other(self: R, field: str) -> R:
        """The same readings with one question read the other way."""
        switch = self.switches[field]
        value = switch.other if getattr(self, field) == switch.plain else switch.plain
        changes: dict[str, Any] = {field: value}  # checked by __post_init__
        return replace(self, **changes)

    def read(self: R, field: str, value: str) -> R:
        """The same readings with one question read as ``value`` (checked)."""
        changes: dict[str, Any] = {field: value}
        return replace(self, **changes)

    def reading(self: R, changes: Mapping[str, str]) -> R:
        """The same readings with each question named read as given (checked)."""
        named: dict[str, Any] = {
            field: changes[field] for field in self.switches if field in changes
        }
        return replace(self, **named)


def house_reading(readings: Readings, field: str) -> str:
    """Say which reading of a question applied, for a ruling: "house reading H1: ..."."""
    return str(house_reading_message(readings, field))


def house_reading_message(readings: Readings, field: str) -> Message:
    """``house_reading`` as a message, to be said in the reader's language."""
    question = readings.switches[field]
    value = getattr(readings, field)
    said = question.said[value]
    if value == question.plain:
        return say("common.reading_plain", interpretation=question.interpretation, reading=said)
    return say("common.reading_switched", interpretation=question.interpretation, reading=said)
