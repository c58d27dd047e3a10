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
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from scoring.errors import InputError
from scoring.messages import Message, Value, say
from scoring.pineapple import TITLES, VERSIONS
from scoring.pineapple_readings import PLAIN_READINGS, SWITCHES, PineappleReadings
from scoring.readings import Switch
from scoring.rulings import Ruling


class DiscardError(InputError):
    """A version, situation or timing the referee does not know; ``field`` names it."""


@dataclass(frozen=True)
class Step:
    """One ruling to give, as a message template: ``%(player)s`` (``%(Player)s`` opening a
    sentence), ``%(deadline)s``, ``%(next_round)s``, ``%(when)s``, filled in by ``rule``."""

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
    decision: Message  # a template, as a Step's text
    steps: tuple[Step, ...]
    with_timing: bool = False


VERSION_NAMES = {key: version.name for key, version in VERSIONS.items()}

# Each version's timings; the first is the default (PPR 4.3 makes it so for Crazy Pineapple).
TIMINGS: dict[str, dict[str, Timing]] = {
    "pineapple": {
        "after_preflop": Timing(
            say("After the pre-flop betting, before the flop"),
            say("after the pre-flop betting is over and before the flop is dealt"),
            say("the flop is dealt"),
            say("the flop betting"),
            (
                Step(
                    "PPR 3.1",
                    say("In Pineapple each player discards one hole card before the flop."),
                ),
                Step(
                    "PPR 3.2",
                    say(
                        "The discard comes once the pre-flop betting is over and before the flop "
                        "is dealt; only players still in the hand discard."
                    ),
                ),
            ),
        ),
        "at_deal": Timing(
            say("Right after the deal, before any betting (variation)"),
            say("as soon as the deal is complete, before any pre-flop betting"),
            say("the pre-flop betting starts"),
            say("the pre-flop betting"),
            (
                Step(
                    "PPR 3.3",
                    say(
                        "Under this variation, announced by the host, the discard is made as soon "
                        "as the deal is complete, before any pre-flop betting."
                    ),
                ),
            ),
        ),
    },
    "crazy": {
        "after_flop": Timing(
            say("After the flop betting, before the turn (the default)"),
            say("after the flop betting is over and before the turn is dealt"),
            say("the turn is dealt"),
            say("the turn betting"),
            (
                Step(
                    "PPR 4.1",
                    say(
                        "In Crazy Pineapple each player keeps three hole cards through the "
                        "pre-flop betting and sees the flop with all three."
                    ),
                ),
                Step(
                    "PPR 4.2",
                    say(
                        "Each player still in discards one hole card once the flop betting is over "
                        "and before the turn is dealt."
                    ),
                ),
                Step(
                    "PPR 4.3",
                    say("This is the timing whenever the host has not announced the variation."),
                ),
            ),
        ),
        "at_flop": Timing(
            say("As the flop is dealt, before the flop betting (variation)"),
            say("as soon as the flop is dealt, before the flop betting"),
            say("the flop betting starts"),
            say("the flop betting"),
            (
                Step(
                    "PPR 4.3",
                    say(
                        "Under this variation, announced by the host, the discard is made as soon "
                        "as the flop is dealt, before the flop betting."
                    ),
                ),
            ),
        ),
    },
    "lazy": {
        "showdown": Timing(
            say("At the showdown, after the river betting"),
            say("only at the showdown, after the river betting"),
            say("the showdown"),
            say("the showdown"),
            (
                Step(
                    "PPR 5.1",
                    say(
                        "In Lazy Pineapple players keep all three hole cards through every betting "
                        "round and discard only at the showdown."
                    ),
                ),
            ),
        ),
    },
}

SITUATIONS: dict[str, Message] = {
    "discard_timing": say("When must the discard be made?"),
    "no_discard_before_acting": say("Did not discard; noticed before acting on the next round"),
    "no_discard_after_acting": say("Did not discard; noticed after acting, before the showdown"),
    "no_discard_at_showdown": say("Did not discard; noticed at the showdown (three cards)"),
    "too_few_at_showdown": say("Fewer than two hole cards at the showdown"),
    "tabled_three_dealer_reads": say("Tabled three cards and asked the dealer to read the hand"),
    "uses_three_hole_cards": say("Claims a hand that needs all three hole cards"),
    "wrong_card_discarded": say("Discarded the wrong card"),
    "discarded_early": say("Discarded before the discard was due"),
    "discard_exposed": say("A discard was exposed by accident"),
}

# What each consequence means, in a few words for people.
CONSEQUENCES: dict[str, Message] = {
    "timing": say("When to discard"),
    "discard_now": say("Discard at once"),
    "hand_dead": say("Dead hand"),
    "no_irregularity": say("No irregularity"),
    "dealer_reads_two": say("Dealer reads at most two"),
    "bound_by_discard": say("Bound by the discard"),
    "hand_continues": say("The hand continues"),
}

_DEAD_CARD = Step(
    "PPR 6.1",
    say(
        "A discard goes face down to the dealer and into the muck: it is dead and cannot be taken "
        "back."
    ),
)
_LAZY_KEEPS_THREE = Step(
    "PPR 5.1",
    say(
        "In Lazy Pineapple holding three hole cards before the showdown is correct: no discard is "
        "due until then."
    ),
)
_LAZY_READ_TWO = Step(
    "PPR 5.2",
    say(
        "The hand is the best five cards from the board and any two (or fewer) of the three hole "
        "cards; never all three."
    ),
)
_TWO_AT_SHOWDOWN = Step(
    "PPR 7.2",
    say("In Pineapple and Crazy Pineapple a showdown hand is two hole cards."),
)
_LAZY_NO_DISCARD_DUE = Verdict(
    "no_irregularity",
    say("No irregularity: in Lazy Pineapple %(player)s keeps three cards until the showdown."),
    (_LAZY_KEEPS_THREE,),
)
_DEAD_AT_SHOWDOWN = Verdict(
    "hand_dead",
    say("%(Player)s's hand is dead: the discard was never made."),
    (
        Step(
            "PPR 6.4",
            say(
                "%(Player)s did not discard when required and holds three cards at the showdown: "
                "the hand is dead."
            ),
        ),
        _TWO_AT_SHOWDOWN,
    ),
)
_LAZY_THREE_CORRECT = Verdict(
    "no_irregularity",
    say(
        "No irregularity: three cards at a Lazy Pineapple showdown are correct; the dealer reads "
        "the best hand using at most two of them."
    ),
    (
        Step(
            "PPR 6.4",
            say(
                "The dead-hand rule for a missed discard does not apply to Lazy Pineapple, where "
                "three cards at the showdown are correct."
            ),
        ),
        Step(
            "PPR 5.3",
            say(
                "%(Player)s may table all three and let the dealer read the best hand that uses no "
                "more than two of them."
            ),
        ),
        _LAZY_READ_TWO,
    ),
)

OUTCOMES: dict[tuple[str, str], Verdict] = {
    ("discard_timing", "*"): Verdict(
        "timing",
        say("%(Player)s discards %(when)s."),
        (
            Step(
                "PPR 1.5",
                say("The host announces the version and the discard timing before play begins."),
            ),
            _DEAD_CARD,
            Step(
                "PPR 6.2",
                say(
                    "Players discard together where practical; otherwise one at a time, clockwise "
                    "from the first active player left of the button."
                ),
            ),
        ),
        with_timing=True,
    ),
    ("no_discard_before_acting", "*"): Verdict(
        "discard_now",
        say("%(Player)s must discard one card at once, face down; the hand goes on."),
        (
            Step(
                "PPR 6.4",
                say(
                    "%(Player)s missed the discard, but it was noticed before %(player)s acted on "
                    "%(next_round)s: %(player)s discards immediately and the hand continues."
                ),
            ),
            _DEAD_CARD,
        ),
        with_timing=True,
    ),
    ("no_discard_before_acting", "lazy"): _LAZY_NO_DISCARD_DUE,
    ("no_discard_after_acting", "*"): Verdict(
        "hand_dead",
        say("%(Player)s's hand is dead: %(player)s acted on %(next_round)s holding three cards."),
        (
            Step(
                "PPR 6.4",
                say(
                    "The chance to discard late lasts only until %(player)s acts on "
                    "%(next_round)s; after that %(player)s holds a hand with the wrong number of "
                    "cards, and such a hand is dead."
                ),
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
        say("%(Player)s's hand is dead: it holds fewer than two hole cards."),
        (
            Step(
                "PPR 7.2",
                say(
                    "A showdown hand is two hole cards (in Lazy Pineapple two or three); a hand "
                    "with fewer does not meet it and is dead."
                ),
                interpretation="H21",
            ),
            Step(
                "PPR 6.5",
                say("Cards that have left %(player)s's hand cannot be taken back to make it up."),
            ),
        ),
    ),
    ("tabled_three_dealer_reads", "*"): _DEAD_AT_SHOWDOWN,
    ("tabled_three_dealer_reads", "lazy"): Verdict(
        "dealer_reads_two",
        say(
            "The dealer reads %(player)s's best hand using no more than two of the three hole "
            "cards."
        ),
        (
            Step(
                "PPR 5.3",
                say(
                    "%(Player)s may table all three hole cards and let the dealer read the best "
                    "hand that uses no more than two of them."
                ),
            ),
            _LAZY_READ_TWO,
            Step(
                "PPR 5.3",
                say(
                    "Even where the venue asks players to table two, a hand tabled with three "
                    "stays live and is read: three cards at a Lazy showdown are correct (PPR 6.4) "
                    "and the cards speak (PPR 7.1)."
                ),
                interpretation="H22",
            ),
        ),
    ),
    ("uses_three_hole_cards", "*"): _DEAD_AT_SHOWDOWN,
    ("uses_three_hole_cards", "lazy"): Verdict(
        "dealer_reads_two",
        say(
            "%(Player)s may not use all three hole cards: the hand is read as the best one using "
            "no more than two."
        ),
        (
            _LAZY_READ_TWO,
            Step(
                "PPR 5.4",
                say(
                    "The host confirms before play that no more than two of the three hole cards "
                    "may be used."
                ),
            ),
            Step(
                "PPR 7.1",
                say(
                    "The cards speak: the claimed hand does not count, the best legal reading does."
                ),
            ),
        ),
    ),
    ("wrong_card_discarded", "*"): Verdict(
        "bound_by_discard",
        say("%(Player)s is bound by the discard: the card cannot be exchanged."),
        (
            Step(
                "PPR 6.5",
                say(
                    "%(Player)s discarded the wrong card and is bound by it: once a card has left "
                    "the hand it cannot be swapped back."
                ),
            ),
            _DEAD_CARD,
        ),
    ),
    ("discarded_early", "*"): Verdict(
        "bound_by_discard",
        say("The early discard stands: %(player)s plays on with the two cards kept."),
        (
            Step(
                "PPR 6.5",
                say(
                    "A card that has left the hand cannot be exchanged, so a discard made before "
                    "%(deadline)s stands and %(player)s plays the two cards kept."
                ),
                interpretation="H23",
            ),
            _DEAD_CARD,
        ),
        with_timing=True,
    ),
    ("discarded_early", "lazy"): Verdict(
        "bound_by_discard",
        say("The early discard stands: %(player)s plays on with two hole cards."),
        (
            Step(
                "PPR 6.5",
                say(
                    "A card that has left the hand cannot be exchanged, so %(player)s's discard "
                    "before the showdown stands."
                ),
                interpretation="H23",
            ),
            _DEAD_CARD,
            Step(
                "PPR 7.2",
                say(
                    "A Lazy Pineapple showdown hand may hold two hole cards, so %(player)s's hand "
                    "stays live."
                ),
            ),
        ),
    ),
    ("discard_exposed", "*"): Verdict(
        "hand_continues",
        say("The exposed card stays dead and the hand continues."),
        (
            Step(
                "PPR 6.3",
                say(
                    "A discard is not to be shown or announced; one exposed by accident remains "
                    "dead and the hand goes on."
                ),
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
            say(
                "%(Player)s must discard one card at once, face down; under the house rule the "
                "hand goes on."
            ),
            (
                Step(
                    "PPR 6.4",
                    say(
                        "By the host's house rule, a missed discard found after %(player)s acted "
                        "on %(next_round)s is corrected the same way as one found before: "
                        "%(player)s discards at once and the hand continues."
                    ),
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
    decision: str
    rulings: tuple[Ruling, ...]
    house_rules: tuple[str, ...] = ()  # as asked: switch names, and a saved rule's key first
    readings: PineappleReadings = PLAIN_READINGS
    # ``decision`` as a message, to be said in the reader's language (``decision`` is English).
    decision_message: Message | None = field(default=None, compare=False, repr=False)

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

    def under_house(self, key: str, rulings: tuple[Ruling, ...]) -> Decision:
        """The same decision as saved house rules give it (``scoring.house.HouseReadings``)."""
        return replace(self, rulings=rulings, house_rules=(key, *self.house_rules))


def _without_message(ruling: dict[str, Any]) -> dict[str, Any]:
    ruling.pop("message", None)
    ruling.pop("subject_message", None)
    return ruling


def _sentence(template: Message, fields: Mapping[str, Value]) -> Message:
    """A table's template with the values it names filled in."""
    text = template.template
    return Message(
        template.kind, {key: value for key, value in fields.items() if f"%({key})s" in text}
    )


def _player(player: str) -> tuple[Value, Value]:
    """The player in a sentence, and opening one: the name as typed, or "the player"."""
    name = player.strip()
    if name:
        return name, name[0].upper() + name[1:]
    return say("the player"), say("The player")


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
        say("no ruling is recorded for %(situation)s in %(game)s", situation=situation, game=game),
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
                "%(name)s is not a house rule: choose from %(choices)s",
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
                "%(game)s is not a Pineapple version: choose pineapple, crazy or lazy",
                game=repr(game),
            ),
            "game",
        )
    if situation not in SITUATIONS:
        raise DiscardError(
            say(
                "%(situation)s is not a situation the referee knows: choose one of %(choices)s",
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
                "%(timing)s is not a %(version)s discard timing: choose %(choices)s",
                timing=repr(timing),
                version=TITLES[game],
                choices=" or ".join(timings),
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
    subject = player.strip() or "The player"
    rulings = tuple(
        Ruling(step.citation, subject, _sentence(step.text, fields), step.interpretation)
        for step in steps
    )
    decision = _sentence(outcome.decision, fields)
    return Decision(
        game,
        situation,
        timing,
        outcome.consequence,
        str(decision),
        rulings,
        tuple(house_rules),
        readings,
        decision,
    )
