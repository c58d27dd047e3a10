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
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from scoring import pots
from scoring.cards import Card, find_duplicates, format_cards
from scoring.errors import InputError
from scoring.hands import Group, Hand, Low, best_hand, best_low, strength5
from scoring.pineapple_readings import PLAIN_READINGS, PineappleReadings, house_reading
from scoring.players import count_problem, name_problems, seat_names
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


def _using(hole: Sequence[Card], cards: Sequence[Card]) -> str:
    used = _hole_used(hole, cards)
    return f"using {' '.join(used)} from the hole" if used else "playing the board"


def _names(players: Sequence[Entrant]) -> list[str]:
    names = seat_names([player.name for player in players])
    problems = name_problems(names)
    if problems:
        raise PineappleError.at(problems)
    return names


def _check_table(game: str, board: Sequence[Card], players: Sequence[Entrant]) -> Version:
    if game not in VERSIONS:
        raise PineappleError(
            f"{game!r} is not a Pineapple version: choose pineapple, crazy or lazy", "game"
        )
    problem = count_problem(VERSIONS[game].name, MIN_PLAYERS, MAX_PLAYERS, len(players))
    if problem:
        raise PineappleError(f"{problem} (PPR 1.4)", "players")
    if len(board) != BOARD_SIZE:
        raise PineappleError(
            f"The board holds {BOARD_SIZE} cards at the showdown (flop, turn and river), "
            f"not {len(board)}",
            "board",
        )
    return VERSIONS[game]


def _check_cards(board: Sequence[Card], players: Sequence[Entrant], names: Sequence[str]) -> None:
    places: dict[str, tuple[str, Sequence[Card]]] = {"the board": ("board", board)}
    for seat, player in enumerate(players):
        places[f"{names[seat]}'s hole"] = (f"players.{seat}.hole", player.hole)
    for label, (field, cards) in places.items():
        if any(card.is_joker for card in cards):
            raise PineappleError(
                f"{label[0].upper()}{label[1:]} holds a Joker: Pineapple uses a 52-card deck "
                "with no jokers (PPR 1.2)",
                field,
            )
    duplicates = find_duplicates({label: cards for label, (_, cards) in places.items()})
    if duplicates:
        raise PineappleError(str(duplicates[0]), places[duplicates[0].last][0])


def _check_hole(version: Version, name: str, seat: int, hole: Sequence[Card], folded: bool) -> bool:
    """Return whether the hand is dead; refuse a hole no showdown could hold."""
    field = f"players.{seat}.hole"
    if folded:
        if len(hole) > 3:
            raise PineappleError(f"{name}'s hole holds at most 3 cards, not {len(hole)}", field)
        return False
    if len(hole) in version.showdown_holes:
        return False
    if len(hole) == 3:  # Pineapple or Crazy: the discard was never made (PPR 6.4)
        return True
    if len(hole) == 1:  # a card discarded by mistake or lost: dead too (H21)
        return True
    wanted = " or ".join(map(str, version.showdown_holes))
    raise PineappleError(
        f"{name}'s hole must hold {wanted} cards at a {version.name} showdown "
        f"(PPR 7.2), not {len(hole)}: enter the cards {name} showed, or mark {name} folded",
        field,
    )


def _chips(value: object, place: str, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise PineappleError(f"{place} must be a whole number of chips, 0 or more", field)
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
                "The game",
                "Lazy Pineapple: players keep all three hole cards to the showdown and discard "
                "only then.",
            ),
            Ruling(
                "PPR 5.2",
                "The game",
                "Each hand is the best five cards from the board and any two (or fewer) of the "
                "three hole cards; never all three.",
            ),
        ]
    else:
        play = "before the flop" if version.key == "pineapple" else "before the turn"
        rulings = [
            Ruling(
                f"PPR {version.article}.4",
                "The game",
                f"{version.name}: every player still in discarded {play}, so the showdown "
                "plays as Hold'em with two hole cards each.",
            ),
            Ruling(
                "PPR 1.3",
                "The game",
                "Each hand is the best five cards from the two hole cards and the board, using "
                "both, one or neither hole card.",
            ),
        ]
    if hi_lo and version.key == "lazy":
        rulings.append(
            Ruling(
                "PPR 7.3",
                "The game",
                "High-low eight-or-better: the pot is split between the best high and the best "
                "low of five different ranks eight or lower; "
                f"{house_reading(readings, 'lazy_hi_lo')}.",
                interpretation="H8",
            )
        )
    elif hi_lo:
        rulings.append(
            Ruling(
                "PPR 7.3",
                "The game",
                "High-low eight-or-better: the pot is split between the best high and the best "
                "low of five different ranks eight or lower, each half read separately from any "
                "of the hole cards a hand may use.",
            )
        )
    return rulings


def _player_rulings(version: Version, player: PlayerShowdown, hi_lo: bool) -> list[Ruling]:
    name = player.name
    if player.folded:
        return [
            Ruling(
                "PPR 7.1",
                name,
                f"{name} folded: not eligible for any pot; chips already put in stay in the pots.",
                interpretation="H9",
            )
        ]
    if player.dead and len(player.hole) == 1:
        needed = " or ".join(map(str, version.showdown_holes))
        return [
            Ruling(
                "PPR 7.2",
                name,
                f"{name} shows down one hole card; a {version.name} showdown hand needs {needed} "
                f"hole cards, and a card in the muck cannot come back, so the hand is dead: "
                f"{name} wins nothing.",
                interpretation="H21",
            )
        ]
    if player.dead:
        return [
            Ruling(
                "PPR 6.4",
                name,
                f"{name} still holds three hole cards at the showdown of {version.name}: the "
                "discard was never made, so the hand is dead.",
            ),
            Ruling(
                "PPR 7.2",
                name,
                f"A {version.name} showdown hand is two hole cards; {name} wins nothing.",
            ),
        ]
    rulings: list[Ruling] = []
    assert player.high is not None  # a live hand always has one
    if version.key == "lazy":
        if len(player.hole) == 3:
            text = (
                f"{name} tabled all three hole cards; the dealer reads the best hand using no "
                f"more than two of them."
            )
        else:
            text = f"{name} tabled the two hole cards played and discarded the third."
        rulings.append(Ruling("PPR 5.3", name, text))
    rulings.append(
        Ruling(
            "PPR 5.2" if version.key == "lazy" else "PPR 1.3",
            name,
            f"{name}'s best hand: {player.high.name} ({format_cards(player.high.cards)}), "
            f"{_using(player.hole, player.high.cards)}.",
        )
    )
    if hi_lo:
        interpretation = "H8" if version.key == "lazy" else None
        # Under the shared reading of H8 the low comes from the two kept for the high.
        kept = (
            f" from the two kept for the high ({format_cards(player.kept)})" if player.kept else ""
        )
        if player.low is None:
            text = f"{name} has no low{kept}: no five different ranks eight or lower can be made."
        else:
            text = (
                f"{name}'s best low{kept}: {player.low.name} ({format_cards(player.low.cards)}), "
                f"{_using(player.hole, player.low.cards)}."
            )
        rulings.append(Ruling("PPR 7.3", name, text, interpretation=interpretation))
    return rulings


def _result_rulings(
    players: Sequence[PlayerShowdown], high: Sequence[str], low: Sequence[str], hi_lo: bool
) -> list[Ruling]:
    by_name = {player.name: player for player in players}
    best = by_name[high[0]].high
    assert best is not None
    live = [player for player in players if player.live]
    if len(live) == 1:
        text = f"{high[0]} holds the only live hand and wins the high."
    elif len(high) == 1:
        text = f"{high[0]} has the best high hand: {best.name}."
    else:
        text = f"{pots.join_names(high)} tie for the best high hand ({best.name}) and split it."
    rulings = [Ruling("PPR 7.1", "The high", text)]
    if hi_lo:
        if low:
            best_low_hand = by_name[low[0]].low
            assert best_low_hand is not None
            if len(low) == 1:
                text = f"{low[0]} has the best low: {best_low_hand.name}."
            else:
                text = (
                    f"{pots.join_names(low)} tie for the best low ({best_low_hand.name}) "
                    "and split it."
                )
        else:
            text = "No hand qualifies for low, so the best high hand takes the whole pot."
        rulings.append(Ruling("PPR 7.3", "The low", text))
    return rulings


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
        raise PineappleError("a hand needs five cards between the hole and the board", "board")
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
            "No live hand is left at the showdown (every hand folded or dead), so there is "
            "nothing to settle",
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
            f"The button must be one of the players' seats, 0 to {len(players) - 1}", "button"
        )
    if pot is None and not any(given):
        return None
    if pot is not None and any(given):
        raise PineappleError("Give either the pot or each player's contribution, not both", "pot")
    if any(given) and not all(given):
        seat = given.index(False)
        raise PineappleError(
            f"{names[seat]}'s contribution is missing: give every player's contribution "
            "(0 for a player who put nothing in), or none and the pot instead",
            f"players.{seat}.contributed",
        )
    if button is None:
        button = len(players) - 1
        rulings.append(
            Ruling(
                "PPR 7.1",
                "The button",
                f"No button was given, so {names[button]} (the last seat listed) is taken as the "
                f"button and odd chips start with {names[0]}.",
                interpretation="H9",
            )
        )
    if pot is not None:
        built = pots.single_pot(_chips(pot, "The pot", "pot"), live)
        returned = None
    else:
        contributed = [
            _chips(
                player.contributed, f"{names[seat]}'s contribution", f"players.{seat}.contributed"
            )
            for seat, player in enumerate(players)
        ]
        built, returned_chips = pots.build_pots(contributed, live, names)
        returned = list(returned_chips)
    return pots.award(built, high_values, low_values, button, returned, names, hi_lo)
