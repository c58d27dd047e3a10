"""The discard referee: what PPR rules when a Pineapple-family discard goes wrong (PPR 3-6).

The host names the version, the situation and, where the version has a variation, the discard
timing. Every answer comes from the table ``OUTCOMES``, keyed by (situation, version), where the
version ``"*"`` serves every version that has no entry of its own. Timings are data too
(``TIMINGS``): the deadline and the "next round" a ruling speaks of depend on them. Where the
other reading of an open question is cheap to offer (H20), the readings in force
(``PineappleReadings``, from a saved house rule) or a switch named for one request
(``HOUSE_RULES``) swap table entries (``SWITCHED_OUTCOMES``) and change no code path.

>>> decision = rule("crazy", "no_discard_before_acting", player="Ann")
>>> decision.consequence, decision.decision
('discard_now', 'Ann must discard one card at once, face down; the hand goes on.')
>>> rule("lazy", "no_discard_at_showdown").consequence
'no_irregularity'
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from scoring.errors import InputError
from scoring.messages import Capital, Either, Message, Value, say
from scoring.pineapple import TITLES, VERSIONS
from scoring.pineapple_readings import PLAIN_READINGS, SWITCHES, PineappleReadings
from scoring.readings import Switch
from scoring.rulings import Ruling


class DiscardError(InputError):
    """A version, situation or timing the referee does not know; ``field`` names it."""


# A value a table's sentence takes, not known until ``rule`` fills it in: ``player`` (``Player``
# opening a sentence), ``deadline``, ``next_round``, ``when``.
FILLED = ""


@dataclass(frozen=True)
class Step:
    """One ruling to give: its sentence's kind with the values it takes, each ``FILLED`` by
    ``rule`` (``say("discards.dead_too_few", Player=FILLED)``)."""

    citation: str
    text: Message
    interpretation: str | None = None


@dataclass(frozen=True)
class Timing:
    """When a version's discard is due, and the betting round that follows it."""

    label: Message
    when: Message
    deadline: Message
    next_round: Message
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Verdict:
    """What the referee decides in one situation: a consequence slug, a summary, the rulings."""

    consequence: str
    decision: Message  # a sentence to fill in, as a Step's text
    steps: tuple[Step, ...]
    with_timing: bool = False


VERSION_NAMES = {key: version.name for key, version in VERSIONS.items()}

# Each version's timings; the first is the default (PPR 4.3 makes it so for Crazy Pineapple).
TIMINGS: dict[str, dict[str, Timing]] = {
    "pineapple": {
        "after_preflop": Timing(
            say("discards.timing_after_preflop"),
            say("discards.when_after_preflop"),
            say("discards.deadline_flop_dealt"),
            say("discards.round_flop_betting"),
            (
                Step(
                    "PPR 3.1",
                    say("discards.pineapple_discards_before_flop"),
                ),
                Step(
                    "PPR 3.2",
                    say("discards.pineapple_discard_after_preflop_betting"),
                ),
            ),
        ),
        "at_deal": Timing(
            say("discards.timing_at_deal"),
            say("discards.when_at_deal"),
            say("discards.deadline_preflop_betting"),
            say("discards.round_preflop_betting"),
            (
                Step(
                    "PPR 3.3",
                    say("discards.variation_at_deal"),
                ),
            ),
        ),
    },
    "crazy": {
        "after_flop": Timing(
            say("discards.timing_after_flop"),
            say("discards.when_after_flop"),
            say("discards.deadline_turn_dealt"),
            say("discards.round_turn_betting"),
            (
                Step(
                    "PPR 4.1",
                    say("discards.crazy_keeps_three_through_flop"),
                ),
                Step(
                    "PPR 4.2",
                    say("discards.crazy_discard_after_flop_betting"),
                ),
                Step(
                    "PPR 4.3",
                    say("discards.crazy_default_timing"),
                ),
            ),
        ),
        "at_flop": Timing(
            say("discards.timing_at_flop"),
            say("discards.when_at_flop"),
            say("discards.deadline_flop_betting"),
            say("discards.round_flop_betting"),
            (
                Step(
                    "PPR 4.3",
                    say("discards.variation_at_flop"),
                ),
            ),
        ),
    },
    "lazy": {
        "showdown": Timing(
            say("discards.timing_showdown"),
            say("discards.when_showdown"),
            say("discards.the_showdown"),
            say("discards.the_showdown"),
            (
                Step(
                    "PPR 5.1",
                    say("discards.lazy_discards_at_showdown"),
                ),
            ),
        ),
    },
}

SITUATIONS: dict[str, Message] = {
    "discard_timing": say("discards.situation_discard_timing"),
    "no_discard_before_acting": say("discards.situation_no_discard_before_acting"),
    "no_discard_after_acting": say("discards.situation_no_discard_after_acting"),
    "no_discard_at_showdown": say("discards.situation_no_discard_at_showdown"),
    "too_few_at_showdown": say("discards.situation_too_few_at_showdown"),
    "tabled_three_dealer_reads": say("discards.situation_tabled_three_dealer_reads"),
    "uses_three_hole_cards": say("discards.situation_uses_three_hole_cards"),
    "wrong_card_discarded": say("discards.situation_wrong_card_discarded"),
    "discarded_early": say("discards.situation_discarded_early"),
    "discard_exposed": say("discards.situation_discard_exposed"),
}

# What each consequence means, in a few words for people.
CONSEQUENCES: dict[str, Message] = {
    "timing": say("discards.consequence_timing"),
    "discard_now": say("discards.consequence_discard_now"),
    "hand_dead": say("discards.consequence_hand_dead"),
    "no_irregularity": say("discards.consequence_no_irregularity"),
    "dealer_reads_two": say("discards.consequence_dealer_reads_two"),
    "bound_by_discard": say("discards.consequence_bound_by_discard"),
    "hand_continues": say("discards.consequence_hand_continues"),
}

_DEAD_CARD = Step(
    "PPR 6.1",
    say("discards.discard_is_dead"),
)
_LAZY_KEEPS_THREE = Step(
    "PPR 5.1",
    say("discards.lazy_keeps_three"),
)
_LAZY_READ_TWO = Step(
    "PPR 5.2",
    say("discards.lazy_reads_two"),
)
_TWO_AT_SHOWDOWN = Step(
    "PPR 7.2",
    say("discards.showdown_two_hole_cards"),
)
_LAZY_NO_DISCARD_DUE = Verdict(
    "no_irregularity",
    say("discards.lazy_no_discard_due", player=FILLED),
    (_LAZY_KEEPS_THREE,),
)
_DEAD_AT_SHOWDOWN = Verdict(
    "hand_dead",
    say("discards.dead_never_discarded", Player=FILLED),
    (
        Step(
            "PPR 6.4",
            say("discards.missed_held_three_at_showdown", Player=FILLED),
        ),
        _TWO_AT_SHOWDOWN,
    ),
)
_LAZY_THREE_CORRECT = Verdict(
    "no_irregularity",
    say("discards.lazy_three_correct"),
    (
        Step(
            "PPR 6.4",
            say("discards.lazy_dead_hand_rule_not_applied"),
        ),
        Step(
            "PPR 5.3",
            say("discards.lazy_may_table_three", Player=FILLED),
        ),
        _LAZY_READ_TWO,
    ),
)

OUTCOMES: dict[tuple[str, str], Verdict] = {
    ("discard_timing", "*"): Verdict(
        "timing",
        say("discards.discards_when", Player=FILLED, when=FILLED),
        (
            Step(
                "PPR 1.5",
                say("discards.host_announces_timing"),
            ),
            _DEAD_CARD,
            Step(
                "PPR 6.2",
                say("discards.discard_order"),
            ),
        ),
        with_timing=True,
    ),
    ("no_discard_before_acting", "*"): Verdict(
        "discard_now",
        say("discards.discard_now", Player=FILLED),
        (
            Step(
                "PPR 6.4",
                say(
                    "discards.missed_noticed_before_acting",
                    Player=FILLED,
                    player=FILLED,
                    next_round=FILLED,
                ),
            ),
            _DEAD_CARD,
        ),
        with_timing=True,
    ),
    ("no_discard_before_acting", "lazy"): _LAZY_NO_DISCARD_DUE,
    ("no_discard_after_acting", "*"): Verdict(
        "hand_dead",
        say("discards.dead_after_acting", Player=FILLED, player=FILLED, next_round=FILLED),
        (
            Step(
                "PPR 6.4",
                say("discards.late_discard_ends_on_acting", player=FILLED, next_round=FILLED),
                interpretation="H20",
            ),
            _TWO_AT_SHOWDOWN,
        ),
        with_timing=True,
    ),
    ("no_discard_after_acting", "lazy"): _LAZY_NO_DISCARD_DUE,
    ("no_discard_at_showdown", "*"): _DEAD_AT_SHOWDOWN,
    ("no_discard_at_showdown", "lazy"): _LAZY_THREE_CORRECT,
    ("too_few_at_showdown", "*"): Verdict(
        "hand_dead",
        say("discards.dead_too_few", Player=FILLED),
        (
            Step(
                "PPR 7.2",
                say("discards.showdown_needs_two"),
                interpretation="H21",
            ),
            Step(
                "PPR 6.5",
                say("discards.cards_not_taken_back", player=FILLED),
            ),
        ),
    ),
    ("tabled_three_dealer_reads", "*"): _DEAD_AT_SHOWDOWN,
    ("tabled_three_dealer_reads", "lazy"): Verdict(
        "dealer_reads_two",
        say("discards.dealer_reads_two", player=FILLED),
        (
            Step(
                "PPR 5.3",
                say("discards.lazy_dealer_reads_tabled_three", Player=FILLED),
            ),
            _LAZY_READ_TWO,
            Step(
                "PPR 5.3",
                say("discards.lazy_tabled_three_stays_live"),
                interpretation="H22",
            ),
        ),
    ),
    ("uses_three_hole_cards", "*"): _DEAD_AT_SHOWDOWN,
    ("uses_three_hole_cards", "lazy"): Verdict(
        "dealer_reads_two",
        say("discards.lazy_not_all_three", Player=FILLED),
        (
            _LAZY_READ_TWO,
            Step(
                "PPR 5.4",
                say("discards.host_confirms_two_of_three"),
            ),
            Step(
                "PPR 7.1",
                say("discards.cards_speak"),
            ),
        ),
    ),
    ("wrong_card_discarded", "*"): Verdict(
        "bound_by_discard",
        say("discards.bound_by_discard", Player=FILLED),
        (
            Step(
                "PPR 6.5",
                say("discards.wrong_card_bound", Player=FILLED),
            ),
            _DEAD_CARD,
        ),
    ),
    ("discarded_early", "*"): Verdict(
        "bound_by_discard",
        say("discards.early_discard_stands", player=FILLED),
        (
            Step(
                "PPR 6.5",
                say("discards.early_discard_made_stands", deadline=FILLED, player=FILLED),
                interpretation="H23",
            ),
            _DEAD_CARD,
        ),
        with_timing=True,
    ),
    ("discarded_early", "lazy"): Verdict(
        "bound_by_discard",
        say("discards.lazy_early_discard_stands", player=FILLED),
        (
            Step(
                "PPR 6.5",
                say("discards.lazy_early_discard_made_stands", player=FILLED),
                interpretation="H23",
            ),
            _DEAD_CARD,
            Step(
                "PPR 7.2",
                say("discards.lazy_two_hole_cards_live", player=FILLED),
            ),
        ),
    ),
    ("discard_exposed", "*"): Verdict(
        "hand_continues",
        say("discards.exposed_stays_dead"),
        (
            Step(
                "PPR 6.3",
                say("discards.exposed_discard_dead"),
            ),
            _DEAD_CARD,
        ),
    ),
}


# The verdicts a switched reading (``pineapple_readings.SWITCHES``) gives in place of the plain
# ones, by (field, value); the plain readings are OUTCOMES itself.
SWITCHED_OUTCOMES: dict[tuple[str, str], dict[tuple[str, str], Verdict]] = {
    ("late_discard", "allowed"): {
        ("no_discard_after_acting", "*"): Verdict(
            "discard_now",
            say("discards.house_discard_now", Player=FILLED),
            (
                Step(
                    "PPR 6.4",
                    say("discards.house_late_discard", player=FILLED, next_round=FILLED),
                    interpretation="H20",
                ),
                _DEAD_CARD,
            ),
            with_timing=True,
        ),
    },
}


# The other reading of an open question, by the name a request may give it for one ruling
# (``Switch.alone_name``): each Pineapple switch that has words for itself alone
# (``Switch.alone``). A saved house rule from base "pineapple" sets the same readings, and is cited.
HOUSE_RULES: Mapping[str, Switch] = MappingProxyType(
    {switch.alone_name: switch for switch in SWITCHES.values() if switch.alone is not None}
)


@dataclass(frozen=True)
class Decision:
    """The referee's answer: the consequence, one sentence, and the rulings with citations."""

    game: str
    situation: str
    timing: str
    consequence: str
    # The one sentence, as a record to be said in the reader's language (``decision``: English).
    decision_message: Message
    rulings: tuple[Ruling, ...]
    house_rules: tuple[str, ...] = ()  # as asked: switch names, and a saved rule's key first
    readings: PineappleReadings = PLAIN_READINGS

    @property
    def decision(self) -> str:
        """The one sentence in English."""
        return str(self.decision_message)

    def as_dict(self) -> dict[str, Any]:
        """The ruling API's response, without the saved case."""
        return {
            "game": self.game,
            "situation": self.situation,
            "timing": self.timing,
            "consequence": self.consequence,
            "consequence_label": str(CONSEQUENCES[self.consequence]),
            "decision": self.decision,
            "house_rules": list(self.house_rules),
            "readings": self.readings.as_dict(),
            # As the API gives them: English text; each message is said by the web layer.
            "rulings": [_without_message(ruling.as_dict()) for ruling in self.rulings],
        }


def _without_message(ruling: dict[str, Any]) -> dict[str, Any]:
    ruling.pop("message", None)
    ruling.pop("subject_message", None)
    return ruling


def _sentence(template: Message, fields: Mapping[str, Value]) -> Message:
    """A table's sentence with the values it takes filled in."""
    return Message(template.kind, {key: fields[key] for key in template.values})


def _player(player: str) -> tuple[Value, Value]:
    """The player in a sentence, and opening one: the name as typed, or "the player"."""
    named: Value = player.strip() or say("discards.the_player")
    return named, Capital(named)


def verdict_for(game: str, situation: str, readings: PineappleReadings = PLAIN_READINGS) -> Verdict:
    """The table entry for a situation in a version: a version's own entry before the one for
    every version, and at each level a switched reading's entry before the plain one.

    >>> verdict_for("pineapple", "wrong_card_discarded").consequence
    'bound_by_discard'
    >>> allowed = PineappleReadings(late_discard="allowed")
    >>> verdict_for("crazy", "no_discard_after_acting", allowed).consequence
    'discard_now'
    """
    switched = [(field, getattr(readings, field)) for field in readings.switched]
    tables = [SWITCHED_OUTCOMES.get(reading, {}) for reading in switched] + [OUTCOMES]
    for key in ((situation, game), (situation, "*")):
        for table in tables:
            if key in table:
                return table[key]
    raise DiscardError(
        say("discards.no_ruling", situation=situation, game=game),
        "situation",
    )


def with_switches(readings: PineappleReadings, house_rules: Collection[str]) -> PineappleReadings:
    """The readings with each per-request switch (``HOUSE_RULES``, by name) set on top.

    >>> with_switches(PLAIN_READINGS, ["late_discard_allowed"]).late_discard
    'allowed'
    """
    unknown = [name for name in house_rules if name not in HOUSE_RULES]
    if unknown:
        raise DiscardError(
            say(
                "discards.unknown_house_rule",
                name=repr(unknown[0]),
                choices=", ".join(HOUSE_RULES),
            ),
            "house_rules",
        )
    return readings.reading(
        {HOUSE_RULES[name].field: HOUSE_RULES[name].other for name in house_rules}
    )


def rule(
    game: str,
    situation: str,
    timing: str | None = None,
    player: str = "",
    house_rules: Collection[str] = (),
    readings: PineappleReadings = PLAIN_READINGS,
) -> Decision:
    """Rule on a discard irregularity for a version, a situation and (optionally) a timing,
    under the readings in force (H20), with any per-request switch named in ``house_rules``.

    >>> rule("pineapple", "discard_timing", "at_deal").rulings[0].citation
    'PPR 3.3'
    >>> allowed = PineappleReadings(late_discard="allowed")
    >>> rule("pineapple", "no_discard_after_acting", readings=allowed).consequence
    'discard_now'
    """
    if game not in TIMINGS:
        raise DiscardError(
            say(
                "discards.unknown_version",
                game=repr(game),
            ),
            "game",
        )
    if situation not in SITUATIONS:
        raise DiscardError(
            say(
                "discards.unknown_situation",
                situation=repr(situation),
                choices=", ".join(SITUATIONS),
            ),
            "situation",
        )
    timings = TIMINGS[game]
    timing = timing or next(iter(timings))
    if timing not in timings:
        raise DiscardError(
            say(
                "discards.unknown_timing",
                timing=repr(timing),
                version=TITLES[game],
                choices=Either(tuple(timings)),
            ),
            "timing",
        )
    readings = with_switches(readings, house_rules)
    when = timings[timing]
    outcome = verdict_for(game, situation, readings)
    named, opening = _player(player)
    fields: dict[str, Value] = {
        "player": named,
        "Player": opening,
        "deadline": when.deadline,
        "when": when.when,
        "next_round": when.next_round,
    }
    steps = (*when.steps, *outcome.steps) if outcome.with_timing else outcome.steps
    subject = player.strip() or say("discards.the_player_opening")
    rulings = tuple(
        readings.ruling(step.citation, subject, _sentence(step.text, fields), step.interpretation)
        for step in steps
    )
    decision = _sentence(outcome.decision, fields)
    return Decision(
        game,
        situation,
        timing,
        outcome.consequence,
        decision,
        rulings,
        (readings.house, *house_rules) if readings.house else tuple(house_rules),
        readings,
    )
