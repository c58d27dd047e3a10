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
from dataclasses import dataclass
from typing import Any

from scoring import pots
from scoring.cards import Card, Duplicate, find_duplicates, format_cards
from scoring.errors import InputError
from scoring.hands import Group, Hand, Low, best_hand, best_low, strength5
from scoring.messages import Capital, Either, Message, say
from scoring.pineapple_readings import PLAIN_READINGS, PineappleReadings, house_reading_message
from scoring.players import count_message, name_messages, seat_names
from scoring.rulings import Ruling

MIN_PLAYERS, MAX_PLAYERS = 2, 10  # PPR 1.4
BOARD_SIZE = 5


class PineappleError(InputError):
    """Input a Pineapple showdown cannot use; ``field`` names the place (``players.1.hole``)."""


@dataclass(frozen=True)
class Version:
    """One of PPR's three versions: its title, its article, the hole cards it may show down."""

    key: str
    title: Message  # the version's name, said in the reader's language
    article: str
    showdown_holes: tuple[int, ...]

    @property
    def name(self) -> str:
        """The version's name in English."""
        return str(self.title)


VERSIONS: dict[str, Version] = {
    "pineapple": Version("pineapple", say("pineapple.version_pineapple"), "3", (2,)),
    "crazy": Version("crazy", say("pineapple.version_crazy"), "4", (2,)),
    "lazy": Version("lazy", say("pineapple.version_lazy"), "5", (2, 3)),
}

# Each version's name in a sentence, said in the reader's language.
TITLES: dict[str, Message] = {key: version.title for key, version in VERSIONS.items()}

# How many hole cards a showdown hand may use: both, one or neither; never three (PPR 1.3, 5.2).
MOST_HOLE_CARDS = 2

# The subjects of the rulings on the whole table, one record each (a record never changes).
THE_GAME, THE_HIGH, THE_LOW = (
    say("pineapple.subject_game"),
    say("pineapple.subject_high"),
    say("pineapple.subject_low"),
)


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

    @property
    def house_rules(self) -> str | None:
        """The key of the saved house rules played (``scoring.house``), if any."""
        return self.readings.house

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
        return say("pineapple.using_hole", cards=" ".join(used))
    return say("pineapple.playing_board")


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
                "pineapple.unknown_version",
                game=repr(game),
            ),
            "game",
        )
    problem = count_message(TITLES[game], MIN_PLAYERS, MAX_PLAYERS, len(players))
    if problem:
        raise PineappleError(say("pineapple.player_count", problem=problem), "players")
    if len(board) != BOARD_SIZE:
        raise PineappleError(
            say(
                "pineapple.board_size",
                size=BOARD_SIZE,
                count=len(board),
            ),
            "board",
        )
    return VERSIONS[game]


def _check_cards(board: Sequence[Card], players: Sequence[Entrant], names: Sequence[str]) -> None:
    places: dict[str, Sequence[Card]] = {"board": board}  # each place's cards, by its field
    owners: dict[str, str] = {}  # each hole's player, by its field
    for seat, player in enumerate(players):
        field = f"players.{seat}.hole"
        places[field], owners[field] = player.hole, names[seat]
    if any(card.is_joker for card in board):
        raise PineappleError(
            say("pineapple.board_joker"),
            "board",
        )
    for seat, player in enumerate(players):
        if any(card.is_joker for card in player.hole):
            joker = say("pineapple.hole_joker", name=Capital(names[seat]))
            raise PineappleError(joker, f"players.{seat}.hole")
    duplicates = find_duplicates(places)
    if duplicates:
        duplicate = duplicates[0]
        labels = {  # how a sentence says each place, worded only for a refusal
            field: say("pineapple.hole_of", name=owners[field])
            if field in owners
            else say("pineapple.the_board")
            for field in duplicate.places
        }
        raise PineappleError(_duplicate(duplicate, labels), duplicate.last)


def _duplicate(duplicate: Duplicate, labels: Mapping[str, Message]) -> Message:
    """``str(duplicate)`` as a message: "Qs is in the board and in Ann's hole"."""
    card = str(duplicate.card)
    if len(duplicate.places) == 1:
        return say(
            "pineapple.card_repeated",
            card=card,
            place=labels[duplicate.places[0]],
            count=duplicate.count,
        )
    places: Message = labels[duplicate.places[-1]]
    for place in reversed(duplicate.places[:-1]):
        places = say("pineapple.places_and", place=labels[place], more=places)
    return say("pineapple.card_duplicated", card=card, places=places)


def _check_hole(version: Version, name: str, seat: int, hole: Sequence[Card], folded: bool) -> bool:
    """Return whether the hand is dead; refuse a hole no showdown could hold."""
    field = f"players.{seat}.hole"
    if folded:
        if len(hole) > 3:
            raise PineappleError(
                say(
                    "pineapple.folded_hole_size",
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
            "pineapple.showdown_hole_size",
            name=name,
            wanted=Either(tuple(version.showdown_holes)),
            version=TITLES[version.key],
            count=len(hole),
        ),
        field,
    )


def _chips(value: object, owner: str | None, field: str) -> int:
    """Chips as given: the pot's (``owner`` None) or a player's contribution."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        place = (
            say("pineapple.the_pot")
            if owner is None
            else say("pineapple.contribution_of", name=owner)
        )
        raise PineappleError(say("pineapple.chips_whole", place=place), field)
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
                THE_GAME,
                say("pineapple.lazy_keeps_three"),
            ),
            Ruling(
                "PPR 5.2",
                THE_GAME,
                say("pineapple.lazy_hand"),
            ),
        ]
    else:
        if version.key == "pineapple":
            discarded = say(
                "pineapple.discarded_before_flop",
                version=TITLES[version.key],
            )
        else:
            discarded = say(
                "pineapple.discarded_before_turn",
                version=TITLES[version.key],
            )
        rulings = [
            Ruling(f"PPR {version.article}.4", THE_GAME, discarded),
            Ruling(
                "PPR 1.3",
                THE_GAME,
                say("pineapple.holdem_hand"),
            ),
        ]
    if hi_lo and version.key == "lazy":
        rulings.append(
            readings.ruling(
                "PPR 7.3",
                THE_GAME,
                say(
                    "pineapple.hi_lo_reading",
                    reading=house_reading_message(readings, "lazy_hi_lo"),
                ),
                interpretation="H8",
            )
        )
    elif hi_lo:
        rulings.append(
            Ruling(
                "PPR 7.3",
                THE_GAME,
                say("pineapple.hi_lo"),
            )
        )
    return rulings


def _player_rulings(
    version: Version, player: PlayerShowdown, hi_lo: bool, readings: PineappleReadings
) -> list[Ruling]:
    name = player.name
    title = TITLES[version.key]
    if player.folded:
        return [
            Ruling(
                "PPR 7.1",
                name,
                say(
                    "pineapple.folded",
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
                    "pineapple.dead_one_card",
                    name=name,
                    version=title,
                    needed=Either(tuple(version.showdown_holes)),
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
                    "pineapple.dead_no_discard",
                    name=name,
                    version=title,
                ),
            ),
            Ruling(
                "PPR 7.2",
                name,
                say(
                    "pineapple.dead_wins_nothing",
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
                "pineapple.tabled_three",
                name=name,
            )
        else:
            tabled = say("pineapple.tabled_two", name=name)
        rulings.append(Ruling("PPR 5.3", name, tabled))
    high, cards = player.high, format_cards(player.high.cards)
    using = _using(player.hole, high.cards)
    rulings.append(
        Ruling(
            "PPR 5.2" if version.key == "lazy" else "PPR 1.3",
            name,
            say(
                "pineapple.best_hand",
                name=name,
                hand=Capital(high),
                cards=cards,
                using=using,
            ),
        )
    )
    if hi_lo:
        interpretation = "H8" if version.key == "lazy" else None
        rulings.append(_low_ruling(player, interpretation, readings))
    return rulings


def _low_ruling(
    player: PlayerShowdown, interpretation: str | None, readings: PineappleReadings
) -> Ruling:
    """The low a live hand makes; under the shared reading of H8, from the two kept for the high."""
    name, low = player.name, player.low
    if low is None:
        if player.kept:
            message = say(
                "pineapple.no_low_kept",
                name=name,
                kept=format_cards(player.kept),
            )
        else:
            message = say(
                "pineapple.no_low",
                name=name,
            )
        return readings.ruling("PPR 7.3", name, message, interpretation)
    cards, using = format_cards(low.cards), _using(player.hole, low.cards)
    if player.kept:
        message = say(
            "pineapple.best_low_kept",
            name=name,
            kept=format_cards(player.kept),
            low=Capital(low),
            cards=cards,
            using=using,
        )
    else:
        message = say(
            "pineapple.best_low",
            name=name,
            low=Capital(low),
            cards=cards,
            using=using,
        )
    return readings.ruling("PPR 7.3", name, message, interpretation)


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
            THE_HIGH,
            say("pineapple.only_live_hand", name=high[0]),
        )
    elif len(high) == 1:
        ruling = Ruling(
            "PPR 7.1",
            THE_HIGH,
            say("pineapple.high_winner", name=high[0], hand=Capital(best)),
        )
    else:
        ruling = Ruling(
            "PPR 7.1",
            THE_HIGH,
            say(
                "pineapple.high_tie",
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
            THE_LOW,
            say("pineapple.no_low_qualifies"),
        )
    best = by_name[low[0]].low
    assert best is not None
    if len(low) == 1:
        return Ruling(
            "PPR 7.3",
            THE_LOW,
            say("pineapple.low_winner", name=low[0], low=Capital(best)),
        )
    return Ruling(
        "PPR 7.3",
        THE_LOW,
        say(
            "pineapple.low_tie",
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

    No search of its own: each half is found by the routines every game's reading uses,
    ``hands.best_hand`` and ``hands.best_low``, given the hole (none to two of its cards) and the
    board as ``hands.Group`` limits. The shared reading of H8 only chooses among their answers:
    it reads each pair of hole cards the hand may keep, once, and keeps the pair whose high,
    then low, ranks best (``_shared_order``).

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
        pairs = [  # each pair the hand may keep, read as a hand of two hole cards
            (*_read(two, board, hi_lo, PLAIN_READINGS)[:2], two)
            for two in itertools.combinations(hole, MOST_HOLE_CARDS)
        ]
        high, low, kept = max(pairs, key=lambda read: _shared_order(read[0], read[1]))
        return high, low, kept
    groups = [Group(tuple(hole), 0, MOST_HOLE_CARDS), Group(tuple(board), 0, BOARD_SIZE)]
    best = best_hand(groups)
    if best is None:
        raise PineappleError(say("pineapple.hand_short"), "board")
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
            say("pineapple.no_live_hand"),
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
        rulings.extend(_player_rulings(version, player, hi_lo, readings))
    rulings.extend(_result_rulings(results, high_winners, low_winners, hi_lo))

    division = _divide(players, names, live, high_values, low_values, pot, button, hi_lo, rulings)
    if division is not None:
        results = [  # as dataclasses.replace would, without its generic field walk
            PlayerShowdown(
                player.name,
                player.hole,
                player.folded,
                player.dead,
                player.high,
                player.low,
                division.wins[seat],
                division.returned[seat],
                player.kept,
            )
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
                "pineapple.button_seat",
                last=len(players) - 1,
            ),
            "button",
        )
    if pot is None and not any(given):
        return None
    if pot is not None and any(given):
        raise PineappleError(say("pineapple.pot_and_contributions"), "pot")
    if any(given) and not all(given):
        seat = given.index(False)
        raise PineappleError(
            say(
                "pineapple.contribution_missing",
                name=names[seat],
            ),
            f"players.{seat}.contributed",
        )
    if button is None:
        button = len(players) - 1
        rulings.append(
            Ruling(
                "PPR 7.1",
                say("pineapple.subject_button"),
                say(
                    "pineapple.button_taken",
                    button=names[button],
                    first=names[0],
                ),
                interpretation="H9",
            )
        )
    if pot is not None:
        built = pots.single_pot(_chips(pot, None, "pot"), live)
        returned = None
    else:
        contributed = [
            _chips(player.contributed, names[seat], f"players.{seat}.contributed")
            for seat, player in enumerate(players)
        ]
        built, returned_chips = pots.build_pots(contributed, live, names)
        returned = list(returned_chips)
    return pots.award(built, high_values, low_values, button, returned, names, hi_lo)
