"""Pineapple, Crazy Pineapple and Lazy Pineapple showdowns, high and hi-lo (PPR 3-5, 7).

At the showdown Pineapple and Crazy Pineapple are Hold'em: two hole cards, any number of them
used (PPR 1.3, 3.4, 4.4). Lazy Pineapple players may still hold three and use at most two
(PPR 5.2). In hi-lo each half is read on its own, from any of the allowed hole cards (PPR 7.3,
H8), unless a host's house rule switches H8 (``readings=``, ``scoring.pineapple_readings``):
then both halves play the same two of the three. With a pot or each player's contribution, the
chips are divided by ``scoring.pots``.

The shared reading of H8 settles which two without looking at the other hands: the dealer keeps
the two hole cards that make the best high (the half every pot has), and of two pairs making
the same high, the one making the better low; both halves are then read from those two, each
using both, one or neither, as in Hold'em. With ``Ks 3d 6c`` on ``Kd Kc 2s 4h 8d``:

    ==========  ============================  ==============================
    kept        high                          low
    ==========  ============================  ==============================
    Ks 6c       three kings, eight, six       none (6-4-2, 8 and a king)
    Ks 3d       three kings, eight, four      none
    3d 6c       a pair of kings               8-6-4-3-2
    ==========  ============================  ==============================

Each half its own (the plain reading) is three kings and 8-6-4-3-2; shared, Ks 6c is kept for
the best high and there is no low.

>>> from scoring.cards import parse_cards
>>> a = Entrant("A", tuple(parse_cards("3h 4h Qs")))
>>> b = Entrant("B", tuple(parse_cards("Kc Ks 8d")))
>>> result = showdown("lazy", parse_cards("Ah 7d 5c Kd 2s"), [a, b], hi_lo=True)
>>> result.high_winners, result.low_winners
(('A',), ('A',))
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scoring import pots
from scoring.cards import Card, Duplicate, find_duplicates, format_cards
from scoring.errors import InputError
from scoring.hands import Group, Hand, Low, best_hand, best_low, strength5
from scoring.messages import Capital, Message, Value, say
from scoring.pineapple_readings import PLAIN_READINGS, PineappleReadings, house_reading_message
from scoring.players import count_message, name_messages, seat_names
from scoring.rulings import Ruling

MIN_PLAYERS, MAX_PLAYERS = 2, 10  # PPR 1.4
BOARD_SIZE = 5


class PineappleError(InputError):
    """Input a Pineapple showdown cannot use; ``field`` names the place (``players.1.hole``)."""


@dataclass(frozen=True)
class Version:
    """One of PPR's three versions: its name, its article, the hole cards it may show down."""

    key: str
    name: str
    article: str
    showdown_holes: tuple[int, ...]


VERSIONS: dict[str, Version] = {
    "pineapple": Version("pineapple", "Pineapple", "3", (2,)),
    "crazy": Version("crazy", "Crazy Pineapple", "4", (2,)),
    "lazy": Version("lazy", "Lazy Pineapple", "5", (2, 3)),
}

# Each version's name in a sentence, said in the reader's language.
TITLES: dict[str, Message] = {
    "pineapple": say("Pineapple"),
    "crazy": say("Crazy Pineapple"),
    "lazy": say("Lazy Pineapple"),
}

# How many hole cards a showdown hand may use: both, one or neither; never three (PPR 1.3, 5.2).
MOST_HOLE_CARDS = 2


@dataclass(frozen=True)
class Entrant:
    """A player as entered, in seat order: hole cards (optional once folded) and chips put in."""

    name: str
    hole: tuple[Card, ...] = ()
    folded: bool = False
    contributed: int | None = None


@dataclass(frozen=True)
class PlayerShowdown:
    """One player's showdown: best high, best low, whether the hand is live, chips received."""

    name: str
    hole: tuple[Card, ...]
    folded: bool
    dead: bool
    high: Hand | None
    low: Low | None
    wins: int | None = None
    returned: int | None = None
    kept: tuple[Card, ...] = ()  # the two both halves play, when H8 is read "shared"

    @property
    def live(self) -> bool:
        return not (self.folded or self.dead)

    def as_dict(self) -> dict[str, Any]:
        """The player as the showdown API gives it."""
        out: dict[str, Any] = {
            "name": self.name,
            "hole": [str(card) for card in self.hole],
            "folded": self.folded,
            "dead": self.dead,
            "high": None,
            "low": None,
        }
        if self.high is not None:
            out["high"] = {
                "category": self.high.category.slug,
                "hand": self.high.name,
                "cards": [str(card) for card in self.high.cards],
                "hole_used": _hole_used(self.hole, self.high.cards),
            }
        if self.low is not None:
            out["low"] = {
                "hand": self.low.name,
                "cards": [str(card) for card in self.low.cards],
                "hole_used": _hole_used(self.hole, self.low.cards),
            }
        if self.kept:
            out["kept"] = [str(card) for card in self.kept]
        if self.wins is not None:
            out["wins"] = self.wins
            out["returned"] = self.returned or 0
        return out


@dataclass(frozen=True)
class Showdown:
    """A settled showdown: every player's hands, the winners of each half, pots and rulings."""

    game: str
    hi_lo: bool
    board: tuple[Card, ...]
    players: tuple[PlayerShowdown, ...]
    high_winners: tuple[str, ...]
    low_winners: tuple[str, ...]
    division: pots.Division | None
    rulings: tuple[Ruling, ...]
    readings: PineappleReadings = PLAIN_READINGS
    house_rules: str | None = None  # the key of the house rules played (scoring.house)

    def as_dict(self) -> dict[str, Any]:
        """The showdown API's response, without the saved case."""
        out: dict[str, Any] = {
            "game": self.game,
            "hi_lo": self.hi_lo,
            "board": [str(card) for card in self.board],
            "players": [player.as_dict() for player in self.players],
            "high_winners": list(self.high_winners),
            "low_winners": list(self.low_winners),
        }
        if self.division is not None:
            names = [player.name for player in self.players]
            out["pots"] = [_award_dict(award, names) for award in self.division.awards]
        out["readings"] = self.readings.as_dict()
        out["house_rules"] = self.house_rules
        out["rulings"] = [ruling.as_dict() for ruling in self.rulings]
        return out

    def under_house(self, key: str, rulings: tuple[Ruling, ...]) -> Showdown:
        """The same showdown as saved house rules give it (``scoring.house.HouseReadings``)."""
        return replace(self, rulings=rulings, house_rules=key)


def _award_dict(award: pots.PotAward, names: Sequence[str]) -> dict[str, Any]:
    return {
        "name": award.name,
        "amount": award.pot.amount,
        "eligible": [names[seat] for seat in award.pot.eligible],
        "high_winners": [names[seat] for seat in award.high_winners],
        "low_winners": [names[seat] for seat in award.low_winners],
        "high_amount": award.high_amount,
        "low_amount": award.low_amount,
        "shares": {names[seat]: chips for seat, chips in enumerate(award.shares) if chips},
    }


def _hole_used(hole: Sequence[Card], cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards if card in hole]


def _using(hole: Sequence[Card], cards: Sequence[Card]) -> Message:
    used = _hole_used(hole, cards)
    if used:
        return say("using %(cards)s from the hole", cards=" ".join(used))
    return say("playing the board")


def _holds(needed: Sequence[int]) -> Value:
    """The hole cards a showdown hand holds, "2" or "2 or 3", as said in a sentence."""
    if len(needed) == 1:
        return needed[0]
    return say("%(fewer)s or %(more)s", fewer=needed[0], more=needed[1])


def _names(players: Sequence[Entrant]) -> list[str]:
    names = seat_names([player.name for player in players])
    problems = name_messages(names)
    if problems:
        raise PineappleError.at(problems)
    return names


def _check_table(game: str, board: Sequence[Card], players: Sequence[Entrant]) -> Version:
    if game not in VERSIONS:
        raise PineappleError(
            say(
                "%(game)s is not a Pineapple version: choose pineapple, crazy or lazy",
                game=repr(game),
            ),
            "game",
        )
    problem = count_message(TITLES[game], MIN_PLAYERS, MAX_PLAYERS, len(players))
    if problem:
        raise PineappleError(say("%(problem)s (PPR 1.4)", problem=problem), "players")
    if len(board) != BOARD_SIZE:
        raise PineappleError(
            say(
                "The board holds %(size)s cards at the showdown (flop, turn and river), "
                "not %(count)s",
                size=BOARD_SIZE,
                count=len(board),
            ),
            "board",
        )
    return VERSIONS[game]


def _check_cards(board: Sequence[Card], players: Sequence[Entrant], names: Sequence[str]) -> None:
    places: dict[str, tuple[str, Sequence[Card]]] = {"the board": ("board", board)}
    labels: dict[str, Message] = {"the board": say("the board")}
    for seat, player in enumerate(players):
        places[f"{names[seat]}'s hole"] = (f"players.{seat}.hole", player.hole)
        labels[f"{names[seat]}'s hole"] = say("%(name)s's hole", name=names[seat])
    if any(card.is_joker for card in board):
        raise PineappleError(
            say("The board holds a Joker: Pineapple uses a 52-card deck with no jokers (PPR 1.2)"),
            "board",
        )
    for seat, player in enumerate(players):
        if any(card.is_joker for card in player.hole):
            name = names[seat]
            raise PineappleError(
                say(
                    "%(name)s's hole holds a Joker: Pineapple uses a 52-card deck with no "
                    "jokers (PPR 1.2)",
                    name=name[:1].upper() + name[1:],
                ),
                f"players.{seat}.hole",
            )
    duplicates = find_duplicates({label: cards for label, (_, cards) in places.items()})
    if duplicates:
        duplicate = duplicates[0]
        raise PineappleError(_duplicate(duplicate, labels), places[duplicate.last][0])


def _duplicate(duplicate: Duplicate, labels: Mapping[str, Message]) -> Message:
    """``str(duplicate)`` as a message: "Qs is in the board and in Ann's hole"."""
    card = str(duplicate.card)
    if len(duplicate.places) == 1:
        return say(
            "%(card)s is in %(place)s %(count)s times",
            card=card,
            place=labels[duplicate.places[0]],
            count=duplicate.count,
        )
    places: Message = labels[duplicate.places[-1]]
    for place in reversed(duplicate.places[:-1]):
        places = say("%(place)s and in %(more)s", place=labels[place], more=places)
    return say("%(card)s is in %(places)s", card=card, places=places)


def _check_hole(version: Version, name: str, seat: int, hole: Sequence[Card], folded: bool) -> bool:
    """Return whether the hand is dead; refuse a hole no showdown could hold."""
    field = f"players.{seat}.hole"
    if folded:
        if len(hole) > 3:
            raise PineappleError(
                say(
                    "%(name)s's hole holds at most 3 cards, not %(count)s",
                    name=name,
                    count=len(hole),
                ),
                field,
            )
        return False
    if len(hole) in version.showdown_holes:
        return False
    if len(hole) == 3:  # Pineapple or Crazy: the discard was never made (PPR 6.4)
        return True
    if len(hole) == 1:  # a card discarded by mistake or lost: dead too (H21)
        return True
    raise PineappleError(
        say(
            "%(name)s's hole must hold %(wanted)s cards at a %(version)s showdown (PPR 7.2), "
            "not %(count)s: enter the cards %(name)s showed, or mark %(name)s folded",
            name=name,
            wanted=_holds(version.showdown_holes),
            version=TITLES[version.key],
            count=len(hole),
        ),
        field,
    )


def _chips(value: object, place: Message, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise PineappleError(
            say("%(place)s must be a whole number of chips, 0 or more", place=place), field
        )
    return value


def _low_value(low: Low | None) -> int | None:
    """A low as an int where higher is better (ranks are 1-8, so base 16 keeps the order)."""
    if low is None:
        return None
    return -sum(rank << (4 * (4 - place)) for place, rank in enumerate(low.ranks))


def _game_rulings(version: Version, hi_lo: bool, readings: PineappleReadings) -> list[Ruling]:
    if version.key == "lazy":
        rulings = [
            Ruling(
                "PPR 5.1",
                say("The game"),
                say(
                    "Lazy Pineapple: players keep all three hole cards to the showdown and "
                    "discard only then."
                ),
            ),
            Ruling(
                "PPR 5.2",
                say("The game"),
                say(
                    "Each hand is the best five cards from the board and any two (or fewer) of "
                    "the three hole cards; never all three."
                ),
            ),
        ]
    else:
        if version.key == "pineapple":
            discarded = say(
                "%(version)s: every player still in discarded before the flop, so the showdown "
                "plays as Hold'em with two hole cards each.",
                version=TITLES[version.key],
            )
        else:
            discarded = say(
                "%(version)s: every player still in discarded before the turn, so the showdown "
                "plays as Hold'em with two hole cards each.",
                version=TITLES[version.key],
            )
        rulings = [
            Ruling(f"PPR {version.article}.4", say("The game"), discarded),
            Ruling(
                "PPR 1.3",
                say("The game"),
                say(
                    "Each hand is the best five cards from the two hole cards and the board, "
                    "using both, one or neither hole card."
                ),
            ),
        ]
    if hi_lo and version.key == "lazy":
        rulings.append(
            Ruling(
                "PPR 7.3",
                say("The game"),
                say(
                    "High-low eight-or-better: the pot is split between the best high and the "
                    "best low of five different ranks eight or lower; %(reading)s.",
                    reading=house_reading_message(readings, "lazy_hi_lo"),
                ),
                interpretation="H8",
            )
        )
    elif hi_lo:
        rulings.append(
            Ruling(
                "PPR 7.3",
                say("The game"),
                say(
                    "High-low eight-or-better: the pot is split between the best high and the "
                    "best low of five different ranks eight or lower, each half read separately "
                    "from any of the hole cards a hand may use."
                ),
            )
        )
    return rulings


def _player_rulings(version: Version, player: PlayerShowdown, hi_lo: bool) -> list[Ruling]:
    name = player.name
    title = TITLES[version.key]
    if player.folded:
        return [
            Ruling(
                "PPR 7.1",
                name,
                say(
                    "%(name)s folded: not eligible for any pot; chips already put in stay in "
                    "the pots.",
                    name=name,
                ),
                interpretation="H9",
            )
        ]
    if player.dead and len(player.hole) == 1:
        return [
            Ruling(
                "PPR 7.2",
                name,
                say(
                    "%(name)s shows down one hole card; a %(version)s showdown hand needs "
                    "%(needed)s hole cards, and a card in the muck cannot come back, so the hand "
                    "is dead: %(name)s wins nothing.",
                    name=name,
                    version=title,
                    needed=_holds(version.showdown_holes),
                ),
                interpretation="H21",
            )
        ]
    if player.dead:
        return [
            Ruling(
                "PPR 6.4",
                name,
                say(
                    "%(name)s still holds three hole cards at the showdown of %(version)s: the "
                    "discard was never made, so the hand is dead.",
                    name=name,
                    version=title,
                ),
            ),
            Ruling(
                "PPR 7.2",
                name,
                say(
                    "A %(version)s showdown hand is two hole cards; %(name)s wins nothing.",
                    version=title,
                    name=name,
                ),
            ),
        ]
    rulings: list[Ruling] = []
    assert player.high is not None  # a live hand always has one
    if version.key == "lazy":
        if len(player.hole) == 3:
            tabled = say(
                "%(name)s tabled all three hole cards; the dealer reads the best hand using no "
                "more than two of them.",
                name=name,
            )
        else:
            tabled = say(
                "%(name)s tabled the two hole cards played and discarded the third.", name=name
            )
        rulings.append(Ruling("PPR 5.3", name, tabled))
    high, cards = player.high, format_cards(player.high.cards)
    using = _using(player.hole, high.cards)
    rulings.append(
        Ruling(
            "PPR 5.2" if version.key == "lazy" else "PPR 1.3",
            name,
            say(
                "%(name)s's best hand: %(hand)s (%(cards)s), %(using)s.",
                name=name,
                hand=Capital(high),
                cards=cards,
                using=using,
            ),
        )
    )
    if hi_lo:
        interpretation = "H8" if version.key == "lazy" else None
        rulings.append(_low_ruling(player, interpretation))
    return rulings


def _low_ruling(player: PlayerShowdown, interpretation: str | None) -> Ruling:
    """The low a live hand makes; under the shared reading of H8, from the two kept for the high."""
    name, low = player.name, player.low
    kept = format_cards(player.kept)
    if low is None:
        if player.kept:
            message = say(
                "%(name)s has no low from the two kept for the high (%(kept)s): no five "
                "different ranks eight or lower can be made.",
                name=name,
                kept=kept,
            )
        else:
            message = say(
                "%(name)s has no low: no five different ranks eight or lower can be made.",
                name=name,
            )
        return Ruling("PPR 7.3", name, message, interpretation=interpretation)
    cards, using = format_cards(low.cards), _using(player.hole, low.cards)
    if player.kept:
        message = say(
            "%(name)s's best low from the two kept for the high (%(kept)s): %(low)s (%(cards)s), "
            "%(using)s.",
            name=name,
            kept=kept,
            low=Capital(low),
            cards=cards,
            using=using,
        )
    else:
        message = say(
            "%(name)s's best low: %(low)s (%(cards)s), %(using)s.",
            name=name,
            low=Capital(low),
            cards=cards,
            using=using,
        )
    return Ruling("PPR 7.3", name, message, interpretation)


def _result_rulings(
    players: Sequence[PlayerShowdown], high: Sequence[str], low: Sequence[str], hi_lo: bool
) -> list[Ruling]:
    by_name = {player.name: player for player in players}
    best = by_name[high[0]].high
    assert best is not None
    live = [player for player in players if player.live]
    if len(live) == 1:
        ruling = Ruling(
            "PPR 7.1",
            say("The high"),
            say("%(name)s holds the only live hand and wins the high.", name=high[0]),
        )
    elif len(high) == 1:
        ruling = Ruling(
            "PPR 7.1",
            say("The high"),
            say("%(name)s has the best high hand: %(hand)s.", name=high[0], hand=Capital(best)),
        )
    else:
        ruling = Ruling(
            "PPR 7.1",
            say("The high"),
            say(
                "%(names)s tie for the best high hand (%(hand)s) and split it.",
                names=list(high),
                hand=Capital(best),
            ),
        )
    rulings = [ruling]
    if hi_lo:
        rulings.append(_low_result(by_name, low))
    return rulings


def _low_result(by_name: Mapping[str, PlayerShowdown], low: Sequence[str]) -> Ruling:
    if not low:
        return Ruling(
            "PPR 7.3",
            say("The low"),
            say("No hand qualifies for low, so the best high hand takes the whole pot."),
        )
    best = by_name[low[0]].low
    assert best is not None
    if len(low) == 1:
        return Ruling(
            "PPR 7.3",
            say("The low"),
            say("%(name)s has the best low: %(low)s.", name=low[0], low=Capital(best)),
        )
    return Ruling(
        "PPR 7.3",
        say("The low"),
        say(
            "%(names)s tie for the best low (%(low)s) and split it.",
            names=list(low),
            low=Capital(best),
        ),
    )


def read_hand(
    hole: Sequence[Card],
    board: Sequence[Card],
    hi_lo: bool = False,
    readings: PineappleReadings = PLAIN_READINGS,
) -> tuple[Hand, Low | None]:
    """Read a hand: best high and (in hi-lo) best low, each from at most two hole cards.

    Each half chooses its own hole cards (PPR 7.3, H8), unless H8 is read "shared": then both
    play the two kept for the best high (see the module's table).

    >>> from scoring.cards import parse_cards
    >>> hole, board = parse_cards("Ks 3d 6c"), parse_cards("Kd Kc 2s 4h 8d")
    >>> high, low = read_hand(hole, board, hi_lo=True)
    >>> high.name, low.name
    ('Three kings, kickers eight, six', 'Eight-six-four-three-two low')
    >>> read_hand(hole, board, True, PineappleReadings(lazy_hi_lo="shared"))[1] is None
    True
    """
    high, low, _ = _read(hole, board, hi_lo, readings)
    return high, low


def _read(
    hole: Sequence[Card], board: Sequence[Card], hi_lo: bool, readings: PineappleReadings
) -> tuple[Hand, Low | None, tuple[Card, ...]]:
    """The high, the low and (when both halves share them, H8 "shared") the two kept."""
    if hi_lo and readings.lazy_hi_lo == "shared" and len(hole) > MOST_HOLE_CARDS:
        kept = max(
            itertools.combinations(hole, MOST_HOLE_CARDS),
            key=lambda two: _shared_order(*_read(two, board, hi_lo, PLAIN_READINGS)[:2]),
        )
        high, low, _ = _read(kept, board, hi_lo, PLAIN_READINGS)
        return high, low, kept
    groups = [Group(tuple(hole), 0, MOST_HOLE_CARDS), Group(tuple(board), 0, BOARD_SIZE)]
    best = best_hand(groups)
    if best is None:
        raise PineappleError(say("a hand needs five cards between the hole and the board"), "board")
    return best, best_low(groups) if hi_lo else None, ()


def _shared_order(high: Hand, low: Low | None) -> tuple[int, bool, int]:
    """How the shared reading of H8 ranks the pairs a player may keep: the high, then the low."""
    return strength5([card.code for card in high.cards]), low is not None, _low_value(low) or 0


def showdown(
    game: str,
    board: Sequence[Card],
    players: Sequence[Entrant],
    hi_lo: bool = False,
    pot: int | None = None,
    button: int | None = None,
    readings: PineappleReadings = PLAIN_READINGS,
) -> Showdown:
    """Settle a showdown: each hand's best high (and low), the winners, and the chips if given.

    Players are in seat order, clockwise; ``button`` is a seat index (default: the last seat).
    Give ``pot`` when everyone still in put in the same, or each entrant's ``contributed``.
    ``readings`` holds the house readings in force (H8): the plain ones unless a host switched.

    >>> from scoring.cards import parse_cards
    >>> holes = [tuple(parse_cards(text)) for text in ("As Ad", "Kc Kd")]
    >>> result = showdown("pineapple", parse_cards("2h 7c 9s Jd 3c"),
    ...                   [Entrant("Ann", holes[0]), Entrant("Bob", holes[1])], pot=30)
    >>> result.high_winners, [player.wins for player in result.players]
    (('Ann',), [30, 0])
    """
    version = _check_table(game, board, players)
    names = _names(players)
    _check_cards(board, players, names)
    results: list[PlayerShowdown] = []
    for seat, entrant in enumerate(players):
        dead = _check_hole(version, names[seat], seat, entrant.hole, entrant.folded)
        high: Hand | None = None
        low: Low | None = None
        kept: tuple[Card, ...] = ()
        if not (entrant.folded or dead):
            high, low, kept = _read(entrant.hole, board, hi_lo, readings)
        results.append(
            PlayerShowdown(
                names[seat], tuple(entrant.hole), entrant.folded, dead, high, low, kept=kept
            )
        )
    live = [player.live for player in results]
    if not any(live):
        raise PineappleError(
            say(
                "No live hand is left at the showdown (every hand folded or dead), so there is "
                "nothing to settle"
            ),
            "players",
        )
    high_values = [
        strength5([card.code for card in player.high.cards]) if player.high else None
        for player in results
    ]
    low_values = [_low_value(player.low) for player in results]
    everyone = range(len(results))
    high_winners = tuple(names[seat] for seat in pots.best_seats(high_values, everyone))
    low_winners = tuple(names[seat] for seat in pots.best_seats(low_values, everyone))

    rulings = _game_rulings(version, hi_lo, readings)
    for player in results:
        rulings.extend(_player_rulings(version, player, hi_lo))
    rulings.extend(_result_rulings(results, high_winners, low_winners, hi_lo))

    division = _divide(players, names, live, high_values, low_values, pot, button, hi_lo, rulings)
    if division is not None:
        results = [
            replace(player, wins=division.wins[seat], returned=division.returned[seat])
            for seat, player in enumerate(results)
        ]
        rulings.extend(division.rulings)
    return Showdown(
        game,
        hi_lo,
        tuple(board),
        tuple(results),
        high_winners,
        low_winners,
        division,
        tuple(rulings),
        readings,
    )


def _divide(
    players: Sequence[Entrant],
    names: Sequence[str],
    live: Sequence[bool],
    high_values: Sequence[int | None],
    low_values: Sequence[int | None],
    pot: int | None,
    button: int | None,
    hi_lo: bool,
    rulings: list[Ruling],
) -> pots.Division | None:
    """Build and award the pots when chips were given; None when they were not."""
    given = [player.contributed is not None for player in players]
    if button is not None and (
        isinstance(button, bool) or not isinstance(button, int) or not 0 <= button < len(players)
    ):
        raise PineappleError(
            say(
                "The button must be one of the players' seats, 0 to %(last)s",
                last=len(players) - 1,
            ),
            "button",
        )
    if pot is None and not any(given):
        return None
    if pot is not None and any(given):
        raise PineappleError(
            say("Give either the pot or each player's contribution, not both"), "pot"
        )
    if any(given) and not all(given):
        seat = given.index(False)
        raise PineappleError(
            say(
                "%(name)s's contribution is missing: give every player's contribution (0 for a "
                "player who put nothing in), or none and the pot instead",
                name=names[seat],
            ),
            f"players.{seat}.contributed",
        )
    if button is None:
        button = len(players) - 1
        rulings.append(
            Ruling(
                "PPR 7.1",
                say("The button"),
                say(
                    "No button was given, so %(button)s (the last seat listed) is taken as the "
                    "button and odd chips start with %(first)s.",
                    button=names[button],
                    first=names[0],
                ),
                interpretation="H9",
            )
        )
    if pot is not None:
        built = pots.single_pot(_chips(pot, say("The pot"), "pot"), live)
        returned = None
    else:
        contributed = [
            _chips(
                player.contributed,
                say("%(name)s's contribution", name=names[seat]),
                f"players.{seat}.contributed",
            )
            for seat, player in enumerate(players)
        ]
        built, returned_chips = pots.build_pots(contributed, live, names)
        returned = list(returned_chips)
    return pots.award(built, high_values, low_values, button, returned, names, hi_lo)
