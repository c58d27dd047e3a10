"""OFC matches: how long a match lasts, who deals, the running totals, the end and Fantasyland.

A match is a ruleset, the players in seat order (each seat is to the left of the one before
it, the last to the right of the first), the first dealer and a length. The hands played are
plain records (who dealt, what each player scored, whether the hand was voided, what the
engine said about Fantasyland); ``standings`` folds them into totals, the next dealer, the end
of the match and its winners, each decision a ``Ruling``.

- Length (OFC-BETA 6.9): 1 hand, 1 round or 2 rounds, a round being one hand dealt by each
  player. JOKER-OFC leaves the match to OFC Pineapple (JOKER-OFC 1.2), so it plays the same.
  pineapple-2p-v1 plays to a target score instead (pineapple-2p-v1 Match end).
- Dealer (OFC-BETA 4.2): the deal passes one seat to the left after each hand.
- A voided hand stays in the history but counts for nothing: not in the totals, not towards
  the length, and the button moves on from the last counted hand, so the hand that replaces a
  voided one is dealt by the same player.
- End: after the last hand the highest total wins and tied players share (OFC-BETA 6.9); in a
  target match the first to reach the target wins, when several reach it in the same hand the
  higher total wins, and level totals play another hand (pineapple-2p-v1 Match end).
- Fantasyland: pineapple-2p-v1 records each qualification but deals no Fantasyland hand;
  JOKER-OFC deals 14/15/16/17 cards for QQ/KK/AA/trips on top (JOKER-OFC 7.2), and a player
  who stays keeps the count they entered with (JOKER-OFC 5.3).

>>> spec = new_match("pineapple-ofc", ["Ann", "Bob", "Cy"], "Bob", "rounds", 1)
>>> spec.hands_to_play
3
>>> standings(spec, [HandRecord(1, "Bob", {"Ann": 4, "Bob": -1, "Cy": -3})]).dealer
'Cy'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from types import MappingProxyType
from typing import Any

from scoring.errors import InputError
from scoring.messages import Either, Message, Value, say
from scoring.ofc import PlayerBoard
from scoring.rulesets import RULESETS, MatchRules, Ruleset
from scoring.rulings import Ruling

LENGTH_KINDS = ("hands", "rounds", "target")
SUGGESTED_TARGETS = (20, 30, 50, 100)
MAX_TARGET = 10_000  # a custom target above this is a typing slip, not a match
MAX_NAME = 40
VOID_HAND = "H40"  # a voided hand does not count or move the button
TARGET_REACHED = "H41"  # reaching = at least the target; level leaders play on
STAY_ONLY = "H33"  # in Fantasyland only the stay rule decides the next hand (the OFC engine's)
# The kinds of record that say a length kind: a count refused, and what a ruleset allows.
NOT_ALLOWED = {
    "hands": "match.hands_not_allowed",
    "rounds": "match.rounds_not_allowed",
    "target": "match.target_not_allowed",
}
LENGTHS_SAID = {
    "hands": "match.lengths_hands",
    "rounds": "match.lengths_rounds",
    "target": "match.lengths_target",
}


MATCH_RULES: Mapping[str, MatchRules] = MappingProxyType(
    {key: ruleset.match for key, ruleset in RULESETS.items()}
)


class MatchError(InputError):
    """Bad input for a match; ``field`` names the place (``players.1``, ``target``)."""


class MatchFinished(Exception):
    """A hand was offered to a match that is already over: a conflict, not bad input.

    ``str()`` is the English; ``message`` keeps it to be said in the reader's language.
    """

    def __init__(self, message: str | Message) -> None:
        super().__init__(str(message))
        self.message = message


@dataclass(frozen=True)
class MatchSpec:
    """A match as created: its ruleset (a profile or a table's own), seats in order, first
    dealer, and its length."""

    profile: Ruleset
    players: tuple[str, ...]
    first_dealer: str
    kind: str
    value: int

    @property
    def ruleset(self) -> str:
        return self.profile.key

    @property
    def rules(self) -> MatchRules:
        return self.profile.match

    @property
    def hands_to_play(self) -> int | None:
        """Counted hands the match lasts, or None for a target match.

        >>> new_match("joker-ofc", ["A", "B", "C"], "A", "rounds", 2).hands_to_play
        6
        """
        if self.kind == "hands":
            return self.value
        if self.kind == "rounds":
            return self.value * len(self.players)
        return None

    def describe(self) -> str:
        """The length in words: "2 rounds (6 hands)", "first to 50"."""
        return str(self.length_message())

    def length_message(self) -> Message:
        """The length as a message, to be said in the reader's language."""
        if self.kind == "target":
            return say("match.first_to", target=self.value)
        if self.kind == "hands":
            return say("match.hands", count=self.value)
        rounds = say("match.rounds", count=self.value)
        hands = say("match.hands", count=self.hands_to_play or 0)
        return say("match.rounds_of_hands", rounds=rounds, hands=hands)


def profile_of(ruleset: str | Ruleset) -> Ruleset:
    """A ruleset record, from itself or from a profile's key; MatchError names the keys.

    >>> dict(profile_of("pineapple-ofc").match.lengths)
    {'hands': (1,), 'rounds': (1, 2)}
    """
    if isinstance(ruleset, Ruleset):
        return ruleset
    if ruleset not in MATCH_RULES:
        known = ", ".join(MATCH_RULES)
        raise MatchError(
            say("match.ruleset_unknown", ruleset=repr(ruleset), known=known), "ruleset"
        )
    return RULESETS[ruleset]


def clean_name(name: object, place: str) -> str:
    """A player's name, stripped; it must be text of 1-40 characters.

    >>> clean_name("  Ann ", "players.0")
    'Ann'
    """
    if not isinstance(name, str):
        raise MatchError(say("match.name_not_text"), place)
    cleaned = " ".join(name.split())
    if not cleaned:
        raise MatchError(say("match.name_blank"), place)
    if len(cleaned) > MAX_NAME or "\x00" in cleaned:
        raise MatchError(say("match.name_too_long", most=MAX_NAME), place)
    return cleaned


def new_match(
    ruleset: str | Ruleset, players: Sequence[object], dealer: object, kind: str, value: object
) -> MatchSpec:
    """Check a new match against its ruleset and give its spec; raise MatchError by field.

    >>> new_match("pineapple-2p-v1", ["Ann", "Bob"], "Ann", "target", 50).describe()
    'first to 50'
    """
    table = profile_of(ruleset)
    lengths = table.match.lengths
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise MatchError(say("match.players_not_listed"), "players")
    names = tuple(clean_name(name, f"players.{index}") for index, name in enumerate(players))
    if not table.min_players <= len(names) <= table.max_players:
        seats = (
            say(
                "match.seats_exactly",
                title=table.title,
                count=table.min_players,
                given=len(names),
            )
            if table.min_players == table.max_players
            else say(
                "match.seats_range",
                title=table.title,
                least=table.min_players,
                most=table.max_players,
                given=len(names),
            )
        )
        raise MatchError(seats, "players")
    seen: set[str] = set()
    for index, name in enumerate(names):
        if name.casefold() in seen:
            raise MatchError(say("match.name_seated", name=name), f"players.{index}")
        seen.add(name.casefold())
    if dealer not in names:
        raise MatchError(say("match.dealer_not_seated", names=", ".join(names)), "dealer")
    if kind not in lengths:
        choices = Either(tuple(f'"{option}"' for option in lengths))
        raise MatchError(
            say(
                "match.length_kind_refused",
                title=table.title,
                lengths=lengths_in_words(lengths),
                choices=choices,
            ),
            "length",
        )
    if isinstance(value, bool) or not isinstance(value, int):
        raise MatchError(say("match.length_not_whole"), kind)
    allowed = lengths[kind]
    if allowed is None and not 0 < value <= MAX_TARGET:
        raise MatchError(say("match.target_out_of_range", most=MAX_TARGET), kind)
    if allowed is not None and value not in allowed:
        raise MatchError(_not_allowed(table.match.length_citation, kind, allowed, value), kind)
    return MatchSpec(table, names, str(dealer), kind, value)


def _not_allowed(rule: str, kind: str, allowed: Sequence[int], value: int) -> Message:
    """ "OFC-BETA 6.9 allows 1 or 2 rounds, not 3": the noun agrees with the last number said
    (``count``)."""
    options = Either(tuple(allowed))
    return say(NOT_ALLOWED[kind], rule=rule, options=options, value=value, count=allowed[-1])


def lengths_in_words(lengths: Mapping[str, tuple[int, ...] | None]) -> Message:
    """ "last 1 hand or 1 or 2 rounds", "play to a target score": what a ruleset allows (the
    noun agrees with the last number said, ``count``).

    >>> str(lengths_in_words(profile_of("pineapple-ofc").match.lengths))
    'last 1 hand or 1 or 2 rounds'
    """
    if set(lengths) == {"target"}:
        return say("match.lengths_target_only")
    parts: list[Value] = []
    for kind, values in lengths.items():
        if values is None:
            continue
        parts.append(say(LENGTHS_SAID[kind], counts=Either(tuple(values)), count=values[-1]))
    return say("match.lengths", parts=Either(tuple(parts)))


def left_of(players: Sequence[str], name: str) -> str:
    """The player seated to the left of ``name``: the next seat, round the table.

    >>> left_of(("Ann", "Bob", "Cy"), "Cy")
    'Ann'
    """
    return players[(players.index(name) + 1) % len(players)]


def dealers(players: Sequence[str], first: str, count: int) -> list[str]:
    """Who deals each of ``count`` hands when the button passes left after every hand.

    >>> dealers(("Ann", "Bob", "Cy"), "Bob", 4)
    ['Bob', 'Cy', 'Ann', 'Bob']
    """
    start = players.index(first)
    return [players[(start + step) % len(players)] for step in range(count)]


@dataclass(frozen=True)
class FantasylandRecord:
    """What the engine reported for one player in one hand, and the count they played with."""

    qualifies: bool = False
    cards: int | None = None  # cards earned on entry
    stays: bool = False
    played_with: int | None = None  # this hand was a Fantasyland hand of this many cards


@dataclass(frozen=True)
class HandRecord:
    """One hand of a match: its number, who dealt, each player's score, and whether void."""

    number: int
    dealer: str
    scores: Mapping[str, int]
    void: bool = False
    fantasyland: Mapping[str, FantasylandRecord] = field(
        default_factory=lambda: MappingProxyType({})
    )


@dataclass(frozen=True)
class PlayerFantasyland:
    """One player's Fantasyland going into the next hand."""

    cards: int | None  # a Fantasyland hand of this many cards next, or None for a normal hand
    qualified: bool  # qualified (or stayed) in the last counted hand
    times: int  # counted hands in which they qualified

    def as_dict(self) -> dict[str, Any]:
        return {"cards": self.cards, "qualified": self.qualified, "times": self.times}


@dataclass(frozen=True)
class FantasylandMove:
    """What the last counted hand decided about one player's Fantasyland.

    ``kind``: "recorded" (qualified under a profile that deals no Fantasyland hand), "enters"
    (qualified: the next hand in Fantasyland with ``cards``), "stays" (stays with the ``cards``
    entered with) or "leaves" (played in Fantasyland and did not make a stay hand).
    """

    kind: str
    cards: int | None = None


NO_HAND = FantasylandRecord()


def _move(
    spec: MatchSpec, before: PlayerFantasyland, result: FantasylandRecord
) -> tuple[PlayerFantasyland, FantasylandMove | None]:
    """A player's Fantasyland after one counted hand, and what it decided (if anything)."""
    table = spec.profile.fantasyland
    assert table is not None
    entered = result.played_with if result.played_with is not None else before.cards
    move: FantasylandMove | None
    if not table.played:
        qualified, cards = result.qualifies, None
        move = FantasylandMove("recorded") if qualified else None
    elif entered is not None:
        qualified = result.stays
        cards = entered if result.stays else None
        move = FantasylandMove("stays", entered) if result.stays else FantasylandMove("leaves")
    else:
        qualified = result.qualifies and result.cards is not None
        cards = result.cards if qualified else None
        move = FantasylandMove("enters", cards) if qualified else None
    return PlayerFantasyland(cards, qualified, before.times + int(qualified)), move


@dataclass(frozen=True)
class Tally:
    """What a match's hands add up to: all the next hand needs, without the hands before it.

    ``standings`` folds the hands into one; the web layer keeps it on the match's row
    (``as_dict``, ``from_dict``) and adds each new hand to it (``add``), so scoring a hand reads
    no other hand. Voiding a hand folds them all again.
    """

    totals: Mapping[str, int]
    running: tuple[Mapping[str, int], ...]  # totals after each counted hand, from 0
    counted: tuple[int, ...]  # numbers of the counted hands, in order
    voided: tuple[int, ...]
    last_dealer: str | None  # who dealt the last counted hand
    fantasyland: Mapping[str, PlayerFantasyland]
    moves: Mapping[str, FantasylandMove]  # what the last counted hand decided, by player
    finished: bool
    winners: tuple[str, ...]
    ended_at: int | None  # the number of the hand that ended the match

    @classmethod
    def start(cls, spec: MatchSpec) -> Tally:
        """A match before its first hand."""
        zero = MappingProxyType(dict.fromkeys(spec.players, 0))
        no_fantasyland = PlayerFantasyland(None, False, 0)
        return cls(
            totals=zero,
            running=(zero,),
            counted=(),
            voided=(),
            last_dealer=None,
            fantasyland=MappingProxyType(dict.fromkeys(spec.players, no_fantasyland)),
            moves=MappingProxyType({}),
            finished=False,
            winners=(),
            ended_at=None,
        )

    def add(self, spec: MatchSpec, hand: HandRecord) -> Tally:
        """The tally with one more hand, numbered after every hand in it."""
        if hand.void:
            return replace(self, voided=(*self.voided, hand.number))
        check_scores(spec, hand.scores)
        totals = MappingProxyType({name: self.totals[name] + hand.scores[name]
                                   for name in spec.players})  # fmt: skip
        state, moves = dict(self.fantasyland), {}
        if spec.profile.fantasyland is not None:
            for name in spec.players:
                state[name], move = _move(spec, state[name], hand.fantasyland.get(name, NO_HAND))
                if move is not None:
                    moves[name] = move
        finished, winners, ended_at = self.finished, self.winners, self.ended_at
        if not finished:
            finished, winners = _ends(spec, totals, len(self.counted) + 1)
            ended_at = hand.number if finished else None
            winners = winners if finished else ()
        return Tally(
            totals=totals,
            running=(*self.running, totals),
            counted=(*self.counted, hand.number),
            voided=self.voided,
            last_dealer=hand.dealer,
            fantasyland=MappingProxyType(state),
            moves=MappingProxyType(moves),
            finished=finished,
            winners=winners,
            ended_at=ended_at,
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "totals": dict(self.totals),
            "running": [dict(totals) for totals in self.running],
            "counted": list(self.counted),
            "voided": list(self.voided),
            "last_dealer": self.last_dealer,
            "fantasyland": {name: state.as_dict() for name, state in self.fantasyland.items()},
            "moves": {name: [move.kind, move.cards] for name, move in self.moves.items()},
            "finished": self.finished,
            "winners": list(self.winners),
            "ended_at": self.ended_at,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Tally:
        """The tally ``as_dict`` wrote."""
        return cls(
            totals=MappingProxyType(dict(data["totals"])),
            running=tuple(MappingProxyType(dict(totals)) for totals in data["running"]),
            counted=tuple(data["counted"]),
            voided=tuple(data["voided"]),
            last_dealer=data["last_dealer"],
            fantasyland=MappingProxyType(
                {
                    name: PlayerFantasyland(state["cards"], state["qualified"], state["times"])
                    for name, state in data["fantasyland"].items()
                }  # fmt: skip
            ),
            moves=MappingProxyType(
                {
                    name: FantasylandMove(kind, cards)
                    for name, (kind, cards) in data["moves"].items()
                }
            ),
            finished=data["finished"],
            winners=tuple(data["winners"]),
            ended_at=data["ended_at"],
        )


@dataclass(frozen=True)
class Standings:
    """Where a match stands: totals, who deals next, whether it is over and who won.

    Its rulings are worded only when asked for (a scored hand's answer does not show them).
    """

    spec: MatchSpec
    tally: Tally

    @property
    def totals(self) -> Mapping[str, int]:
        return self.tally.totals

    @property
    def running(self) -> tuple[Mapping[str, int], ...]:
        return self.tally.running

    @property
    def counted(self) -> tuple[int, ...]:
        return self.tally.counted

    @property
    def voided(self) -> tuple[int, ...]:
        return self.tally.voided

    @property
    def finished(self) -> bool:
        return self.tally.finished

    @property
    def winners(self) -> tuple[str, ...]:
        return self.tally.winners

    @property
    def ended_at(self) -> int | None:
        return self.tally.ended_at

    @property
    def fantasyland(self) -> Mapping[str, PlayerFantasyland]:
        return self.tally.fantasyland

    @property
    def dealer(self) -> str | None:
        """Who deals next; None once the match is over."""
        if self.tally.finished:
            return None
        last = self.tally.last_dealer
        return self.spec.first_dealer if last is None else left_of(self.spec.players, last)

    @property
    def next_hand(self) -> int:
        """How many counted hands there will be once the next one is entered."""
        return len(self.counted) + 1

    @property
    def next_number(self) -> int:
        """The number the next hand is entered under (void hands keep theirs)."""
        return len(self.counted) + len(self.voided) + 1

    @cached_property
    def rulings(self) -> tuple[Ruling, ...]:
        return tuple(_standings_rulings(self))

    def fantasyland_dict(self) -> dict[str, Any] | None:
        """Each player's Fantasyland going into the next hand, under a profile that has it."""
        if not self.spec.profile.fantasyland:
            return None
        return {name: state.as_dict() for name, state in self.fantasyland.items()}

    def as_dict(self) -> dict[str, Any]:
        spec = self.spec
        return {
            "ruleset": spec.ruleset,
            "players": list(spec.players),
            "length": {"kind": spec.kind, "value": spec.value, "text": spec.describe()},
            "hands_to_play": spec.hands_to_play,
            "hands_played": len(self.counted),
            "totals": dict(self.totals),
            "running": [dict(totals) for totals in self.running],
            "voided": list(self.voided),
            "dealer": self.dealer,
            "finished": self.finished,
            "winners": list(self.winners),
            "ended_at": self.ended_at,
            "fantasyland": self.fantasyland_dict(),
            "rulings": [ruling.as_dict() for ruling in self.rulings],
        }


def check_scores(spec: MatchSpec, scores: Mapping[str, int]) -> None:
    """Refuse a hand whose scores do not name each seated player exactly once."""
    if set(scores) != set(spec.players):
        raise MatchError(say("match.scores_not_seated", names=", ".join(spec.players)), "players")


def _ends(spec: MatchSpec, totals: Mapping[str, int], counted: int) -> tuple[bool, tuple[str, ...]]:
    """Whether the match ends with these totals after ``counted`` hands, and its winners."""
    best = max(totals.values())
    leaders = tuple(name for name in spec.players if totals[name] == best)
    if spec.kind == "target":
        # Level leaders at or past the target play another hand; one leader there has won.
        return (best >= spec.value and len(leaders) == 1), leaders
    return counted >= (spec.hands_to_play or 0), leaders


def tally(spec: MatchSpec, hands: Sequence[HandRecord]) -> Tally:
    """Fold the hands, in the order of their numbers, into one tally."""
    folded = Tally.start(spec)
    for hand in sorted(hands, key=lambda hand: hand.number):
        folded = folded.add(spec, hand)
    return folded


def standings(spec: MatchSpec, hands: Sequence[HandRecord]) -> Standings:
    """Fold the hands into totals, the next dealer, the end of the match and its winners.

    >>> spec = new_match("pineapple-ofc", ["Ann", "Bob"], "Ann", "hands", 1)
    >>> done = standings(spec, [HandRecord(1, "Ann", {"Ann": 8, "Bob": -8})])
    >>> done.finished, done.winners, done.dealer
    (True, ('Ann',), None)
    """
    return Standings(spec, tally(spec, hands))


def _fantasyland_rulings(
    spec: MatchSpec, name: str, move: FantasylandMove, number: int
) -> Iterator[Ruling]:
    """The rulings of what the last counted hand (``number``) decided for a player."""
    table = spec.profile.fantasyland
    assert table is not None
    if move.kind == "recorded":
        yield Ruling(
            table.entry_citation,
            name,
            say("match.fantasyland_recorded", name=name, number=number),
        )
        yield Ruling(
            table.played_citation,
            name,
            say("match.fantasyland_not_dealt"),
        )
    elif move.kind == "stays":
        yield Ruling(
            table.stay_citation,
            name,
            say("match.fantasyland_stays", name=name, number=number),
            interpretation=STAY_ONLY,
        )
        yield Ruling(
            table.same_count_citation or table.stay_citation,
            name,
            say("match.fantasyland_same_count", name=name, cards=move.cards or 0),
        )
    elif move.kind == "leaves":
        yield Ruling(
            table.stay_citation,
            name,
            say("match.fantasyland_leaves", name=name, number=number),
            interpretation=STAY_ONLY,
        )
    else:
        yield Ruling(
            table.entry_citation,
            name,
            say("match.fantasyland_enters", name=name, number=number, cards=move.cards or 0),
        )


def _standings_rulings(current: Standings) -> Iterator[Ruling]:
    """Each decision of the standings: length, Fantasyland, totals, void hands, end, dealer."""
    spec, counted = current.spec, current.tally.counted
    rules = spec.rules
    yield Ruling(
        rules.length_citation,
        "match",
        say("match.length", length=spec.length_message()),
    )
    for name in spec.players:
        move = current.tally.moves.get(name)
        if move is not None:
            yield from _fantasyland_rulings(spec, name, move, counted[-1])
    yield Ruling(rules.total_citation, "match", _totals_text(len(counted), current.voided))
    if current.voided:
        yield Ruling(
            rules.dealer_citation,
            "match",
            say("match.void_hand"),
            interpretation=VOID_HAND,
        )
    yield from _end_rulings(spec, current.totals, current.finished, current.winners, len(counted))
    dealer = current.dealer
    if dealer is not None:
        last = current.tally.last_dealer
        text = (
            say("match.dealer_after", last=last, dealer=dealer)
            if last is not None
            else say("match.dealer_first", dealer=dealer)
        )
        yield Ruling(rules.dealer_citation, dealer, text)


def _totals_text(count: int, voided: Sequence[int]) -> Message:
    """What the running totals add up: the counted hands, and which hands were void."""
    if voided:
        return say("match.totals_with_void", count=count, void=", ".join(map(str, voided)))
    return say("match.totals", count=count)


def _end_rulings(
    spec: MatchSpec, totals: Mapping[str, int], finished: bool, winners: Sequence[str], played: int
) -> list[Ruling]:
    """Say why the match is over (and who won) or why it goes on."""
    citation = spec.rules.length_citation
    if finished and len(winners) == 1 and spec.kind == "target":
        return [
            Ruling(
                citation,
                winners[0],
                say("match.target_won", winner=winners[0], target=spec.value),
                interpretation=TARGET_REACHED,
            )
        ]
    if finished and len(winners) == 1:
        text = say("match.won", winner=winners[0])
        return [Ruling(citation, winners[0], text)]
    if finished:
        return [
            Ruling(
                citation,
                "match",
                say("match.win_shared", winners=list(winners)),
            )
        ]
    if spec.kind != "target":
        left = (spec.hands_to_play or 0) - played
        return [Ruling(citation, "match", say("match.hands_left", count=left))]
    best = max(totals.values())
    if played and best >= spec.value:
        return [
            Ruling(
                citation,
                "match",
                say("match.level_past_target", total=best),
                interpretation=TARGET_REACHED,
            )
        ]
    return [Ruling(citation, "match", say("match.target_not_reached", target=spec.value))]


def ensure_open(current: Standings) -> None:
    """Refuse a new hand once the match is over.

    >>> spec = new_match("pineapple-ofc", ["A", "B"], "A", "hands", 1)
    >>> ensure_open(standings(spec, []))
    """
    if current.finished:
        raise MatchFinished(say("match.over", winners=list(current.winners)))


def seat_boards(
    spec: MatchSpec, current: Standings, boards: Sequence[PlayerBoard]
) -> list[PlayerBoard]:
    """Put a hand's boards in seat order under the seated names, with each one's Fantasyland.

    Boards may name their players (in any order) or leave every name blank (seat order).
    Whether a player is in Fantasyland, and with how many cards, is the match's to say.

    >>> from scoring.cards import parse_cards as c
    >>> spec = new_match("pineapple-ofc", ["Ann", "Bob"], "Ann", "hands", 1)
    >>> bob = PlayerBoard("bob", c("Kc 8d 3s"), c("5s 5h 5c Ad 2h"), c("6c 7d 8c 9c Td"))
    >>> ann = PlayerBoard("Ann", c("Qs Qd 7c"), c("9s 9h 4c 4d 2s"), c("Ah Jh 8h 6h 3h"))
    >>> [board.name for board in seat_boards(spec, standings(spec, []), [bob, ann])]
    ['Ann', 'Bob']
    """
    seated_names = ", ".join(spec.players)
    if len(boards) != len(spec.players):
        raise MatchError(say("match.boards_count", names=seated_names), "players")
    named = [board.name.strip() for board in boards]
    if not any(named):
        order = list(spec.players)
    else:
        seats = {name.casefold(): name for name in spec.players}
        order = []
        for index, name in enumerate(named):
            seat = seats.get(name.casefold())
            if seat is None:
                raise MatchError(
                    say("match.board_name_unknown", name=name, names=seated_names)
                    if name
                    else say("match.board_name_blank", names=seated_names),
                    f"players.{index}.name",
                )
            if seat in order:
                raise MatchError(
                    say("match.board_name_twice", seat=seat, names=seated_names),
                    f"players.{index}.name",
                )
            order.append(seat)
    by_seat = dict(zip(order, boards, strict=True))
    seated = []
    for name in spec.players:
        cards = current.fantasyland[name].cards if current.fantasyland else None
        seated.append(
            replace(
                by_seat[name], name=name, in_fantasyland=cards is not None, fantasyland_cards=cards
            )
        )
    return seated


def hand_rulings(current: Standings, number: int) -> list[Ruling]:
    """The match's own rulings for hand ``number``: who deals it, who plays it in Fantasyland.

    >>> spec = new_match("pineapple-ofc", ["Ann", "Bob"], "Bob", "hands", 1)
    >>> [ruling.text for ruling in hand_rulings(standings(spec, []), 1)]
    ['Bob deals hand 1.']
    """
    spec = current.spec
    dealer = current.dealer or spec.first_dealer
    text = say("match.hand_dealer", dealer=dealer, number=number)
    rulings = [Ruling(spec.rules.dealer_citation, dealer, text)]
    fantasyland = spec.profile.fantasyland
    for name, state in current.fantasyland.items():
        if fantasyland is not None and state.cards is not None:
            rulings.append(
                Ruling(
                    fantasyland.deal_citation,
                    name,
                    say("match.hand_in_fantasyland", name=name, number=number, cards=state.cards),
                )
            )
    return rulings
