"""Island Pineapple showdowns (OPR-538): four boards, wild deuces, variants and winners.

The seven board cards make four five-card boards (3.5), numbered 1 = (first-set card 1, river
card 1), 2 = (first 1, river 2), 3 = (first 2, river 1), 4 = (first 2, river 2). Each player's
hand is the best one of one or two hole cards with three or four cards of one board (4.1, 4.2),
read with wild deuces as ``scoring.wilds`` explains; the best hands win and identical ones
split (4.3). Four house readings (H1, H4, H5, H14) come from ``readings=``: the plain ones
unless a host switches one (``scoring.island_readings``), and the rulings say which applied.

>>> from scoring.cards import find_duplicates, parse_cards as p
>>> result = showdown(p("Kh 4c"), p("9s 9d"), p("Jh"), p("Qh 3d"),
...                   [Seat("A", tuple(p("Th 8c"))), Seat("B", tuple(p("9c 4s")))])
>>> result.winners, result.players[1].best.hand.name
(('B',), 'Nines full of fours')
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from types import MappingProxyType
from typing import Any

from scoring.cards import DECK_52, SUITS, Card, example_cards, find_duplicates
from scoring.errors import InputError
from scoring.hands import CATEGORY_WORDS, CLASSES, Category, Hand, describe, made_hand, strength5
from scoring.hands import strength as hand_strength
from scoring.island_readings import PLAIN_READINGS, SWITCHES, IslandReadings
from scoring.island_records import DOC
from scoring.island_records import CardCount as CardCount
from scoring.island_records import PlayedHand as PlayedHand
from scoring.island_records import Variant as Variant
from scoring.island_rulings import board_alone_rulings, cards_text, hand_rulings, setup_rulings
from scoring.messages import Message, Value, say
from scoring.players import count_message, name_messages, seat_names
from scoring.rulings import Ruling
from scoring.wilds import (
    STRAIGHT_FLUSHES,
    STRAIGHTS,
    Reading,
    natural,
    read_codes,
    sorted_reader,
    strength_reader,
)

# The board's places: each one's field, its name in a sentence and its number of cards.
BOARD_PARTS: tuple[tuple[str, Message, int], ...] = (
    ("first_set", say("island.first_set"), 2),
    ("second_set", say("island.second_set"), 2),
    ("turn", say("island.turn"), 1),
    ("river", say("island.split_river"), 2),
)
BOARD_PLACES: Mapping[str, Message] = MappingProxyType(
    {key: place for key, place, _ in BOARD_PARTS}
)
# Which first-set and river card make each board, in board order (DESIGN.md).
BOARD_LAYOUT = ((0, 0), (0, 1), (1, 0), (1, 1))


# The variants of OPR-538 5, in the document's order: the one table the pages and API read.
VARIANTS: Mapping[str, Variant] = MappingProxyType(
    {
        variant.key: variant
        for variant in (
            Variant("phantom_ship", say("island.variant_phantom_ship"), "5.1"),
            Variant("arcade_ante", say("island.variant_arcade_ante"), "5.2"),
            Variant("secondary_bonus", say("island.variant_secondary_bonus"), "5.3"),
            Variant("straights_with_wilds", say("island.variant_straights_with_wilds"), "5.4"),
            Variant("playing_the_board", say("island.variant_playing_the_board"), "5.5"),
        )
    }
)
# 5.3: the rising qualifiers of the Secondary bonus, lowest first.
BONUS_LADDER = (
    Category.STRAIGHT,
    Category.FLUSH,
    Category.FULL_HOUSE,
    Category.FOUR_OF_A_KIND,
    Category.STRAIGHT_FLUSH,
    Category.ROYAL_FLUSH,
)
TABLE_SIZES = range(3, 8)  # 1.1
SHOWDOWN_SIZES = range(2, 8)  # 4.3 and H7: two or more still in, no more than sit
NAME = "Island Pineapple"


class IslandError(InputError):
    """Input that cannot be refereed; ``field`` names the place (``players.1.hole``)."""


@dataclass(frozen=True)
class Seat:
    """A player still in the hand: name, kept hole cards, and whether they discarded (3.3)."""

    name: str
    hole: tuple[Card, ...]
    discarded: bool = True


@dataclass(frozen=True)
class IslandPlayer:
    """One player's showdown: best hand overall and on each board, or a fouled hand."""

    name: str
    hole: tuple[Card, ...]
    fouled: bool
    best: PlayedHand | None
    per_board: tuple[PlayedHand, ...]
    caller: bool = False
    # The wild readings that decide this hand, each with the best hand the other reading gives.
    decided_by: tuple[tuple[str, PlayedHand], ...] = field(default=(), repr=False)

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "hole": [str(card) for card in self.hole],
            "fouled": self.fouled,
            "caller": self.caller,
            "best": None if self.best is None else self.best.as_dict(),
            "per_board": [played.as_dict() for played in self.per_board],
        }


@dataclass(frozen=True)
class BonusStep:
    """One rung of the Secondary bonus (5.3): the qualifier this hand needed and the outcome."""

    previous: Category | None
    required: Category | None
    reached: Category
    continues: bool
    ruling: Ruling

    def as_dict(self) -> dict[str, Any]:
        return {
            "previous": None if self.previous is None else self.previous.slug,
            "required": None if self.required is None else self.required.slug,
            "reached": self.reached.slug,
            "continues": self.continues,
        }


@dataclass(frozen=True)
class IslandResult:
    """The whole showdown: boards, every player's hands, winners and the rulings."""

    boards: tuple[tuple[Card, ...], ...]
    players: tuple[IslandPlayer, ...]
    winners: tuple[str, ...]
    rulings: tuple[Ruling, ...]
    variants: tuple[str, ...]
    deal: CardCount | None = None
    bonus: BonusStep | None = None
    readings: IslandReadings = PLAIN_READINGS

    @property
    def house_rules(self) -> str | None:
        """The key of the saved house rules played (``scoring.house``), if any."""
        return self.readings.house

    def as_dict(self) -> dict[str, Any]:
        return {
            "boards": [[str(card) for card in board] for board in self.boards],
            "players": [player.as_dict() for player in self.players],
            "winners": list(self.winners),
            "variants": list(self.variants),
            "deal": None if self.deal is None else self.deal.as_dict(),
            "secondary_bonus": None if self.bonus is None else self.bonus.as_dict(),
            "readings": self.readings.as_dict(),
            "house_rules": self.house_rules,
            "rulings": [ruling.as_dict() for ruling in self.rulings],
        }


# --- Deal checks -----------------------------------------------------------------------------


def card_count(table_size: int, exchanged: int | None = None) -> CardCount:
    """Count the cards a deal uses (2.2-2.5, 3.2, 3.4): hole cards, board, burns, exchanges.

    >>> card_count(7, 7).cards, card_count(7, 7).burns, card_count(7, 7).fits
    (52, 3, True)
    """

    def count(swaps: int) -> tuple[int, int]:
        burns = 3 if table_size == 7 and swaps == 7 else 4  # 2.5: the river burn is omitted
        return 3 * table_size + 7 + 3 * swaps + burns, burns

    cards, burns = count(exchanged or 0)
    return CardCount(table_size, exchanged, cards, burns, count(table_size)[0])


Errors = dict[str, list[str | Message]]


def _check_board(parts: Sequence[Sequence[Card]], errors: Errors) -> None:
    for (key, place, size), cards in zip(BOARD_PARTS, parts, strict=True):
        if any(card.is_joker for card in cards):
            errors.setdefault(key, []).append(say("island.board_joker", place=place))
        elif len(cards) != size:
            errors.setdefault(key, []).append(
                say("island.board_part_size", place=place, size=size, count=len(cards))
            )


def _hole_problem(seat: Seat, name: str, hole_size: int, phantom: bool) -> Message | None:
    if any(card.is_joker for card in seat.hole):
        return say("island.hole_joker", name=name)
    allowed = (hole_size,) if phantom or seat.discarded else (2, 3)
    if len(seat.hole) in allowed:
        return None
    if phantom:
        kind = "island.hole_count_phantom"
    elif seat.discarded:
        kind = "island.hole_count_discarded"
    else:
        kind = "island.hole_count"
    return say(kind, name=name, count=len(seat.hole))


def _check_players(
    players: Sequence[Seat],
    names: Sequence[str],
    hole_size: int,
    phantom: bool,
    errors: Errors,
) -> None:
    least, most = SHOWDOWN_SIZES[0], SHOWDOWN_SIZES[-1]
    problem = count_message(say("island.showdown"), least, most, len(players))
    if problem:
        errors.setdefault("players", []).append(say("island.showdown_size", problem=problem))
    for place, messages in name_messages(names).items():
        errors.setdefault(place, []).extend(messages)
    for index, (seat, name) in enumerate(zip(players, names, strict=True)):
        hole = _hole_problem(seat, name, hole_size, phantom)
        if hole and not any(card.is_joker for card in seat.hole):  # a count: show one that fits
            wanted = hole_size if phantom or seat.discarded else 2
            hole = say("island.hole_example", problem=hole, example=example_cards(wanted))
        if hole:
            errors.setdefault(f"players.{index}.hole", []).append(hole)


def _check_duplicates(
    parts: Sequence[Sequence[Card]],
    players: Sequence[Seat],
    names: Sequence[str],
    errors: Errors,
) -> None:
    # Each place's cards by its field; its name in a sentence is said only for a duplicate.
    cards_at: dict[str, Sequence[Card]] = {
        key: cards for (key, _, _), cards in zip(BOARD_PARTS, parts, strict=True)
    }
    holders: dict[str, str] = {}
    for i, (seat, name) in enumerate(zip(players, names, strict=True)):
        cards_at[f"players.{i}.hole"] = seat.hole
        holders[f"players.{i}.hole"] = name

    def place(key: str) -> Message:
        if key in holders:
            return say("island.hole_of", name=holders[key])
        return BOARD_PLACES[key]

    for duplicate in find_duplicates(cards_at):
        card = str(duplicate.card)
        if len(duplicate.places) == 1:
            message = say(
                "island.card_repeated",
                card=card,
                place=place(duplicate.last),
                count=duplicate.count,
            )
        else:
            where: Value = place(duplicate.places[0])
            for key in duplicate.places[1:]:
                where = say("island.places_and", places=where, place=place(key))
            message = say("island.card_duplicated", card=card, places=where)
        errors.setdefault(duplicate.last, []).append(message)


def _check_table(
    players: Sequence[Seat],
    table_size: int | None,
    exchanged: int | None,
    errors: Errors,
) -> CardCount | None:
    def refuse(place: str, message: Message) -> None:
        errors.setdefault(place, []).append(message)

    if table_size is None:
        if exchanged is not None:
            refuse("table_size", say("island.table_size_missing"))
        return None
    if table_size not in TABLE_SIZES:
        refuse("table_size", say("island.table_size", size=table_size))
        return None
    if len(players) > table_size:
        refuse(
            "players",
            say("island.table_too_small", players=len(players), size=table_size),
        )
    if exchanged is not None and not 0 <= exchanged <= table_size:
        refuse(
            "exchanged",
            say("island.exchanged_range", size=table_size, exchanged=exchanged),
        )
        return None
    return card_count(table_size, exchanged)


def _checked(
    parts: Sequence[Sequence[Card]],
    players: Sequence[Seat],
    names: Sequence[str],
    caller: str | None,
    table: tuple[int | None, int | None],
) -> CardCount | None:
    """Check the whole deal at once: raise IslandError with every problem at its place."""
    errors: Errors = {}
    phantom = caller is not None
    if phantom and caller not in names:
        errors["phantom_ship.caller"] = [
            say(
                "island.caller_unknown",
                caller=repr(caller),
                players=", ".join(names),
            )
        ]
    _check_board(parts, errors)
    _check_players(players, names, 3 if phantom else 2, phantom, errors)
    _check_duplicates(parts, players, names, errors)
    deal = _check_table(players, *table, errors)
    if errors:
        raise IslandError.at(errors)
    return deal


# --- Hands -----------------------------------------------------------------------------------


def boards_of(
    first_set: Sequence[Card], second_set: Sequence[Card], turn: Card, river: Sequence[Card]
) -> tuple[tuple[Card, ...], ...]:
    """The four boards in DESIGN.md's order (3.5, 6.1).

    >>> from scoring.cards import parse_cards as p
    >>> [" ".join(map(str, b)) for b in boards_of(p("Kh 4c"), p("9s 9d"), p("Jh")[0], p("Qh 3d"))]
    ['Kh 9s 9d Jh Qh', 'Kh 9s 9d Jh 3d', '4c 9s 9d Jh Qh', '4c 9s 9d Jh 3d']
    """
    return tuple((first_set[f], *second_set, turn, river[r]) for f, r in BOARD_LAYOUT)


def _played(
    board: int, five: tuple[Card, ...], reading: Reading, hole: Sequence[int]
) -> PlayedHand:
    category, ranks = describe(reading.value)
    if reading.wilds:
        places = reading.places
        low_ace = 1 if reading.top == 5 else 14
        order = sorted(
            five,
            key=lambda card: places.get(card, low_ace if card.rank == 14 else card.rank),
            reverse=True,
        )
        hand = Hand(category, ranks, tuple(order))
    else:
        hand = made_hand(five, category, ranks)  # evaluate(five) without its checks
    hole_used = tuple(card for card in hand.cards if card.code in hole)
    return PlayedHand(board, hand, hole_used, reading)


def _best_on(
    number: int,
    board: tuple[int, ...],
    hole: tuple[int, ...],
    limits: tuple[int, int],
    wild_straights: bool,
    readings: IslandReadings,
    best: int | None = None,
) -> PlayedHand:
    """A player's best hand on one board (4.1, 5.1, 5.5 within ``limits``), read with wilds:
    the board's and the hole cards' codes (``best``: its strength, when known already)."""
    best_value, best_codes = _best_codes(board, hole, limits, wild_straights, readings, best)
    best_five = tuple(map(_CARD_OF.__getitem__, best_codes))
    if sum(best_codes) & _DEUCES:
        reading = read_codes(best_codes, wild_straights, readings)
    else:
        reading = natural(best_value)
    return _played(number, best_five, reading, hole)


def _fives(
    hole: Sequence[int], board: Sequence[int], least: int, most: int
) -> Iterator[tuple[int, ...]]:
    """Each five of ``least`` to ``most`` hole cards with board cards, in the order of
    hands.choices: fewer hole cards first, then the hole cards' and the board's own order."""
    for count in range(max(least, 5 - len(board)), min(most, len(hole)) + 1):
        rests = list(itertools.combinations(board, 5 - count))
        for from_hole in itertools.combinations(hole, count):
            for rest in rests:
                yield from_hole + rest


def _best_codes(
    board: tuple[int, ...],
    hole: tuple[int, ...],
    limits: tuple[int, int],
    wild_straights: bool,
    readings: IslandReadings,
    best: int | None = None,
) -> tuple[int, tuple[int, ...]]:
    """The strength and card codes of the best five on a board: the first of the fives
    ``_fives`` lists that no later one beats (``best``: its strength, when known already).

    The search learns the best strength first, then reads only the cards that can make it.
    Read naturally no five beats the best five of all the cards (``hands.strength``); a wild
    reading only makes a straight or a straight flush, so only a run's cards (with deuces and
    aces) can beat that (``_wild_best``). A hand of a given strength holds only its own ranks,
    and deuces and aces too when it is a run a wild reading may make: the first five of those
    cards that reaches the strength is the one every five read in turn would find. When the
    limits keep the best five of all the cards out of reach, every allowed five is read.

    Why Island keeps its own search beside ``hands.best_hand``, which the other games share:
    an Island five is read with wild deuces under the house readings (``scoring.wilds``), which
    ``hands.best_hand`` does not know, and it reads every allowed five in turn, 56 a board for
    a Phantom Ship hand (three hole cards, five board cards, none to all three of them). With
    the shared routine in its place, a seven-player showdown takes three to four times as long
    (``bench/island_search.py``, medians, one process, alternating): bench/island.py's Phantom
    Ship table 1.78 ms with this search, 7.02 ms with ``hands.choices`` and the wild reader
    (3.95x); seven players and no deuce, 0.91 ms with it, 3.17 ms with ``hands.best_hand``
    itself (3.47x), 2.77 ms under Playing the board (3.05x).
    """
    least, most = limits
    every = hole + board
    wild = bool((sum(hole) | sum(board)) & _DEUCES)  # (five cards at most to a sum: cards.py)
    strength: Callable[[Sequence[int]], int] = strength5  # nothing can be wild
    if wild:
        strength = strength_reader(wild_straights, readings)
    if best is None:
        best = hand_strength(every)
        if wild:
            best = _wild_best(hole, board, limits, wild_straights, readings, best)
    keep = _cards_making(best, wild)
    kept = (
        tuple(code for code in hole if code & keep),
        tuple(code for code in board if code & keep),
    )
    for codes in _fives(*kept, least, most):
        if strength(codes) == best:
            return best, codes
    # The best five of all the cards is out of reach within the limits: read every allowed five.
    best = -1
    found: tuple[int, ...] = ()
    for codes in _fives(hole, board, least, most):
        value = strength(codes)
        if value > best:
            best, found = value, codes
    return best, found


def _wild_best(
    hole: tuple[int, ...],
    board: tuple[int, ...],
    limits: tuple[int, int],
    wild_straights: bool,
    readings: IslandReadings,
    floor: int,
    highest: int = 14,
    flushes: bool = True,
) -> int:
    """The strongest allowed five above ``floor`` read with wild deuces, or ``floor``.

    A wild reading makes a run: its natural cards lie within five ranks, and the wild cards
    are a deuce and the ace of its suit. So each run, highest first (up to ``highest``), reads
    the fives of its own ranks' cards (with deuces and aces) that hold a deuce, where it could
    beat the best: as a straight flush where it holds five cards of a deuce's suit (unless not
    ``flushes``), else as a straight (under ``wild_straights`` only).
    """
    runs = _RUNS[14 - highest :]  # ace-high first, from the highest allowed
    _, straight_flush, straight, *_ = runs[0]
    if (straight_flush if flushes else straight if wild_straights else -1) <= floor:
        return floor  # not even the highest run can beat it
    every = sorted(hole + board)  # so each five is in the order sorted_reader reads
    suited = _flush_suits(every) if flushes else []
    if (straight_flush if suited else straight if wild_straights else -1) <= floor:
        return floor
    present = functools.reduce(operator.or_, every) >> 12  # the ranks held, as bits
    wild_cards = sum(1 for code in every if code & _WILD_RANKS)  # deuces and aces
    least, most = limits
    free = least == 0 and most >= len(hole)  # any five of these cards is allowed
    in_hole = set(hole)
    strength = sorted_reader(wild_straights, readings)
    best = floor
    for _, straight_flush, straight, cards, ranks, own_ranks in runs:
        if (straight_flush if suited else straight) <= best:
            break  # no lower run can beat the best
        if any((held & ranks).bit_count() >= 5 for held in suited):
            can_make = straight_flush
        else:
            can_make = straight if wild_straights else -1
        # A wild five's other cards have ranks of their own: five places at least.
        places = (present & own_ranks).bit_count() + wild_cards
        if can_make <= best or places < 5:
            continue
        for codes in itertools.combinations([code for code in every if code & cards], 5):
            if (
                sum(codes) & _DEUCES
                and (free or least <= len(in_hole.intersection(codes)) <= most)
                and (value := strength(codes)) > best
            ):
                best = value
    return best


def _flush_suits(codes: Sequence[int]) -> list[int]:
    """The ranks of the cards of each deuce's suit that holds five or more, as bits (cards.py:
    each code's rank counter): only there can a wild reading make a straight flush."""
    suits = [code & _SUITS for code in codes if code & _DEUCES]
    return [
        ranks
        for suit in suits
        if (ranks := sum(code >> 12 for code in codes if code & suit)).bit_count() >= 5
    ]


@cache
def _cards_making(value: int, wild: bool) -> int:
    """The cards a five of this strength can hold, as a mask of codes: its own ranks, and
    deuces and aces too when it is a run a wild reading may make."""
    category, _, five_ranks = CLASSES[value]
    mask = _rank_mask(five_ranks)
    if wild and category in _RUN_CATEGORIES:
        mask |= _WILD_RANKS  # a run read with wild cards holds a deuce, perhaps an ace
    return mask


def _rank_mask(ranks: Iterable[int]) -> int:
    """The codes' bits that mark a card of these ranks (cards.py: a 4-bit counter per rank;
    the low ace of a wheel, rank 1, is the ace)."""
    mask = 0
    for rank in ranks:
        mask |= 16 ** ((rank if rank > 1 else 14) - 2) << 12
    return mask


_DEUCES = 15 << 12  # the deuce counter of a code or a sum of codes
_SUITS = 0xFFF  # the suit bits of a code
_WILD_RANKS = _rank_mask((2, 14))  # a wild reading's wild cards: a deuce, the ace of its suit
_RUN_CATEGORIES = (Category.STRAIGHT, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH)


def _run(top: int) -> tuple[int, int, int, int, int, int]:
    """The run of five ranks up to ``top``: its top, its straight flush and straight strength,
    its cards (with deuces and aces) as a mask of codes and as rank bits (cards.py: each code's
    rank counter), and its own ranks but the deuce and the ace as rank bits."""
    own = _rank_mask(range(top - 4, top + 1)) & ~_WILD_RANKS
    cards = own | _WILD_RANKS
    return top, STRAIGHT_FLUSHES[top], STRAIGHTS[top], cards, cards >> 12, own >> 12


_RUNS = tuple(_run(top) for top in range(14, 4, -1))  # ace-high first


def _hand_limits(phantom: bool, board_alone: bool, readings: IslandReadings) -> tuple[int, int]:
    """How many hole cards a hand may use: 4.1, 4.2; 5.5 allows none; 5.1 (H14) allows three."""
    if phantom and readings.phantom_ship == "replaces":
        return 3, 3  # H14 switched: all three hole cards with two board cards, nothing else
    return (0 if board_alone else 1), (3 if phantom else 2)


# What another reading of a wild question can lift a five to: the top of its highest run (the
# deuce in its own place, H1, stands in a run up to six), whether a straight flush (H4's ace
# in a gap is for straight flushes only) and whether a mixed straight (H5's, for those only).
_LIFTS: Mapping[str, tuple[int, bool, bool]] = MappingProxyType(
    {"wheel": (6, True, True), "flush_ace": (14, True, False), "straight_ace": (14, False, True)}
)


@cache
def _other(readings: IslandReadings, name: str) -> IslandReadings:
    """``readings.other(name)``, made once: a showdown asks it for many hands."""
    return readings.other(name)


def _decided_by(
    hole: tuple[int, ...],
    codes: Sequence[tuple[int, ...]],
    per_board: Sequence[PlayedHand],
    limits: tuple[int, int],
    straights: bool,
    readings: IslandReadings,
) -> tuple[tuple[str, PlayedHand], ...]:
    """The wild readings that decide a hand: read the other way, the player's best would differ.

    Only fives holding a deuce and its suited ace can read differently. Each switch widens what
    the plain reading allows, so from a plain reading it is enough to find such a five that the
    switched reading lifts above the best hand (``_wild_best``, up to what the switch can make);
    from a switched one, only a board whose best five rests on the switch (its reading records
    the switches its wild cards' places used, ``Reading.switched``) can lose, and only that
    board is read again. The other hand is the one the other reading gives. ``hole`` and
    ``codes``: the codes of the hole cards and of each board.
    """
    usable = {*hole, *itertools.chain(*codes)}  # the hole cards and the seven board cards
    if not _holds_wild_pair(usable):
        return ()
    paired = [number for number, board in enumerate(codes, 1) if _holds_wild_pair(hole + board)]
    # Where a wild reading can make a straight flush (not on any board if not on all cards).
    suited = dict.fromkeys(paired, False)
    if _flush_suits(list(usable)):
        suited = {number: bool(_flush_suits(hole + codes[number - 1])) for number in paired}
    best = max(per_board, key=lambda played: played.value)
    found = []
    for name, (highest, flushes, mixed) in _LIFTS.items():
        widens = getattr(readings, name) == SWITCHES[name].plain
        lifts = (
            STRAIGHT_FLUSHES[highest] if flushes and any(suited.values()) else -1,
            STRAIGHTS[highest] if straights and mixed else -1,
        )
        if widens and max(lifts) <= best.value:
            continue  # the switch cannot lift a five above the best hand
        other = _other(readings, name)
        values = [played.value for played in per_board]
        if widens:
            again = paired  # only a five above the best (and any found so far) matters
            for number in again:
                values[number - 1] = _wild_best(
                    hole,
                    codes[number - 1],
                    limits,
                    straights and mixed,
                    other,
                    max(values),
                    highest,
                    flushes and suited[number],
                )
        else:
            # A board whose best five does not rest on the switch reads alike read plainly.
            again = [number for number in paired if name in per_board[number - 1].reading.switched]
            for number in again:
                value, _ = _best_codes(codes[number - 1], hole, limits, straights, other)
                values[number - 1] = value
        if max(values) == best.value:
            continue
        number = values.index(max(values)) + 1
        alternative = (
            _best_on(number, codes[number - 1], hole, limits, straights, other, max(values))
            if number in again
            else per_board[number - 1]
        )
        found.append((name, alternative))
    return tuple(found)


def _holds_wild_pair(codes: Collection[int]) -> bool:
    """Whether these cards hold a deuce with the ace of its suit (only such a five can read
    differently under another reading of a wild question)."""
    return any(deuce in codes and ace in codes for deuce, ace in _PAIR_CODES.values())


_CARD_OF = {card.code: card for card in DECK_52}
_PAIR_CODES = {suit: (Card(2, suit).code, Card(14, suit).code) for suit in SUITS}


def bonus_ladder(previous: Category | None, reached: Category) -> BonusStep:
    """Say whether the Secondary bonus goes on (5.3, H15): this hand's rung is the next one up.

    >>> bonus_ladder(Category.STRAIGHT, Category.FULL_HOUSE).continues
    True
    >>> bonus_ladder(Category.FULL_HOUSE, Category.FULL_HOUSE).continues
    False
    """
    if previous is not None and previous not in BONUS_LADDER:
        raise IslandError(
            say(
                "island.bonus_previous_unknown",
                slugs=", ".join(c.slug for c in BONUS_LADDER),
            ),
            "secondary_bonus.previous",
        )
    rung = 0 if previous is None else BONUS_LADDER.index(previous) + 1
    required = BONUS_LADDER[rung] if rung < len(BONUS_LADDER) else None
    continues = required is not None and reached >= required
    text = _bonus_text(previous, required, reached, continues)
    ruling = Ruling(f"{DOC} 5.3", say("island.variant_secondary_bonus"), text, "H15")
    return BonusStep(previous, required, reached, continues, ruling)


def _bonus_text(
    previous: Category | None, required: Category | None, reached: Category, continues: bool
) -> Message:
    """The Secondary bonus ruling (5.3, H15)."""
    if required is None:
        return say("island.bonus_ladder_ended")
    words: dict[str, Value] = {
        "required": CATEGORY_WORDS[required],
        "reached": CATEGORY_WORDS[reached],
    }
    if previous is None:
        kind = "island.bonus_first_reached" if continues else "island.bonus_first_short"
        return say(kind, **words)
    kind = "island.bonus_next_reached" if continues else "island.bonus_next_short"
    return say(kind, previous=CATEGORY_WORDS[previous], **words)


# --- The showdown ----------------------------------------------------------------------------


def showdown(
    first_set: Sequence[Card],
    second_set: Sequence[Card],
    turn: Sequence[Card],
    river: Sequence[Card],
    players: Sequence[Seat],
    variants: Iterable[str] = (),
    *,
    caller: str | None = None,
    called_after_discards: bool = False,
    table_size: int | None = None,
    exchanged: int | None = None,
    bonus_previous: Category | None = None,
    readings: IslandReadings = PLAIN_READINGS,
) -> IslandResult:
    """Referee an Island Pineapple showdown: each player's best hands, the winners, rulings.

    ``readings`` holds the house readings in force (H1, H4, H5, H14): the plain ones unless a
    host switches one; the rulings say which applied.

    >>> from scoring.cards import parse_cards as p
    >>> board = p("6s 3c 8s Ts Kd 4h Qc")
    >>> seats = [Seat("Ann", tuple(p("2s As"))), Seat("Bob", tuple(p("Jd Jh")))]
    >>> def ann(**given):
    ...     result = showdown(board[:2], board[2:4], board[4:5], board[5:], seats, **given)
    ...     return result.players[0].best.hand.name
    >>> ann(), ann(readings=IslandReadings(flush_ace="gap"))
    ('Ace-high flush, then ten, eight, six, two', 'Ten-high straight flush')
    """
    chosen = _in_play(variants, caller, bonus_previous)
    phantom = "phantom_ship" in chosen
    straights = "straights_with_wilds" in chosen
    fixed = phantom and readings.phantom_ship == "replaces"  # H14 switched
    board_alone = "playing_the_board" in chosen and not fixed
    if phantom and caller is None:
        raise IslandError(say("island.caller_missing"), "phantom_ship.caller")
    parts = (first_set, second_set, turn, river)
    names = seat_names([seat.name for seat in players])
    players = [
        seat if seat.name == name else replace(seat, name=name)
        for seat, name in zip(players, names, strict=True)
    ]
    deal = _checked(parts, players, names, caller if phantom else None, (table_size, exchanged))
    boards = boards_of(first_set, second_set, turn[0], river)
    in_play = [VARIANTS[name] for name in chosen]
    rulings = setup_rulings(in_play, deal, len(players), TABLE_SIZES[0], boards, readings)
    fouls = _fouls(players, names, parts, phantom, caller, called_after_discards)
    rulings.extend(fouls.values())
    limits = _hand_limits(phantom, board_alone, readings)
    results = _hands(players, boards, fouls, limits, straights, caller, readings)
    rulings.extend(
        ruling
        for result in results
        if result.best is not None
        for ruling in hand_rulings(
            result.name, result.best, phantom, straights, readings, result.decided_by
        )
    )
    winners, winner_rulings = _winners(
        results, boards, caller if phantom else None, board_alone, straights, readings
    )
    rulings.extend(winner_rulings)
    bonus = None
    if "secondary_bonus" in chosen and winners:
        reached = next(r.best.hand.category for r in results if r.best and r.name in winners)
        bonus = bonus_ladder(bonus_previous, reached)
        rulings.append(bonus.ruling)
    return IslandResult(
        boards, tuple(results), winners, tuple(rulings), chosen, deal, bonus, readings
    )


def _in_play(
    variants: Iterable[str], caller: str | None, bonus_previous: Category | None
) -> tuple[str, ...]:
    """The variants announced, and those a variant's details imply: a caller, a qualifier."""
    chosen = tuple(dict.fromkeys(variants))
    for name in chosen:
        if name not in VARIANTS:
            raise IslandError(
                say(
                    "island.variant_unknown",
                    name=repr(name),
                    variants=", ".join(VARIANTS),
                ),
                "variants",
            )
    if caller is not None and "phantom_ship" not in chosen:
        chosen += ("phantom_ship",)
    if bonus_previous is not None and "secondary_bonus" not in chosen:
        chosen += ("secondary_bonus",)
    return chosen


def _hands(
    players: Sequence[Seat],
    boards: Sequence[tuple[Card, ...]],
    fouls: dict[str, Ruling],
    limits: tuple[int, int],
    straights: bool,
    caller: str | None,
    readings: IslandReadings,
) -> list[IslandPlayer]:
    """Each player's best hand on every board, and the best of them (a fouled hand has none)."""
    results = []
    codes = [tuple(card.code for card in board) for board in boards]
    for seat in players:
        if seat.name in fouls:
            results.append(IslandPlayer(seat.name, seat.hole, True, None, (), seat.name == caller))
            continue
        hole = tuple(card.code for card in seat.hole)
        per_board = tuple(
            _best_on(number, board, hole, limits, straights, readings)
            for number, board in enumerate(codes, 1)
        )
        best = max(per_board, key=lambda played: played.value)  # first board wins a tie
        ties = tuple(p.board for p in per_board if p.value == best.value and p is not best)
        if ties:  # (dataclasses.replace is slow)
            best = PlayedHand(best.board, best.hand, best.hole_used, best.reading, also_on=ties)
        decided = _decided_by(hole, codes, per_board, limits, straights, readings)
        results.append(
            IslandPlayer(seat.name, seat.hole, False, best, per_board, seat.name == caller, decided)
        )
    return results


def _fouls(
    players: Sequence[Seat],
    names: Sequence[str],
    parts: Sequence[Sequence[Card]],
    phantom: bool,
    caller: str | None,
    late: bool,
) -> dict[str, Ruling]:
    fouls: dict[str, Ruling] = {}
    for seat, name in zip(players, names, strict=True):
        if not phantom and not seat.discarded:
            fouls[name] = Ruling(f"{DOC} 3.3", name, say("island.no_discard", name=name))
    if not phantom:
        return fouls
    seat = players[list(names).index(caller or "")]
    ranks = {card.rank for card in seat.hole}
    early = [card for part in parts[:3] for card in part]  # dealt before the split river
    reason: Message | None = None
    hole = cards_text(seat.hole)
    if len(ranks) != 1:
        reason = say("island.call_not_trips", hole=hole)
    elif not any(card.rank in ranks for card in early):
        reason = say("island.call_unmatched", hole=hole)
    elif late:
        reason = say("island.call_late")
    name = caller or ""
    if reason is not None:
        fouls[name] = Ruling(
            f"{DOC} 5.1",
            name,
            say("island.call_fouls", name=name, reason=reason),
            "H13",
        )
    return fouls


def _winners(
    results: Sequence[IslandPlayer],
    boards: Sequence[tuple[Card, ...]],
    caller: str | None,
    board_alone: bool,
    straights: bool,
    readings: IslandReadings,
) -> tuple[tuple[str, ...], list[Ruling]]:
    live = [(r.name, r.best) for r in results if r.best is not None]
    if not live:
        text = say("island.all_fouled")
        return (), [Ruling(f"{DOC} Final authority", say("island.subject_pot"), text)]
    if caller is None or caller not in {name for name, _ in live}:
        return _best_hands(live, boards, board_alone, straights, readings)
    beaters = [(n, p) for n, p in live if n != caller and p.value >= _SF_MIN]
    if not beaters:
        text = say("island.ship_stands", caller=caller)
        return (caller,), [Ruling(f"{DOC} 5.1", caller, text, "H6")]
    # A straight flush beats the four of a kind: the pot goes to the best hand, as at any
    # showdown. Only under H14's plain reading can the caller's own hand be a straight flush.
    names, rulings = _best_hands(live, boards, board_alone, straights, readings)
    shared = rulings[0].citation == f"{DOC} 5.5"  # no one beat the best board alone
    if set(names) <= {n for n, _ in beaters} and not shared:
        text = say("island.ship_beaten", names=list(names))
        return names, [Ruling(f"{DOC} 5.1", ", ".join(names), text, "H6")]
    text = say("island.ship_beaten_best_wins", names=[n for n, _ in beaters])
    return names, [Ruling(f"{DOC} 5.1", say("island.subject_pot"), text, "H6"), *rulings]


def _best_hands(
    live: Sequence[tuple[str, PlayedHand]],
    boards: Sequence[tuple[Card, ...]],
    board_alone: bool,
    straights: bool,
    readings: IslandReadings,
) -> tuple[tuple[str, ...], list[Ruling]]:
    """The best hands win and identical ones split (4.3); 5.5 splits when no one beats a board."""
    top = max(p.value for _, p in live)
    if board_alone:
        board_best = _best_board_alone(boards, straights, readings)
        shared = top <= board_best
        # A wild reading the best board alone rests on: read the other way, the board would make
        # another hand (when it names the shared hand), or the pot would be shared (when not).
        # Another reading changes a board only where it holds a deuce and the ace of its suit.
        paired = any(_holds_wild_pair({card.code for card in board}) for board in boards)
        decided = [
            (name, other)
            for name in (_LIFTS if paired else ())
            if (other := _best_board_alone(boards, straights, _other(readings, name))) != board_best
            and (shared or top <= other)
        ]
        readings_said = board_alone_rulings(board_best, decided, readings)
        if shared:
            text = say("island.board_alone_shares", hand=Hand(*describe(board_best)))
            pot = Ruling(f"{DOC} 5.5", say("island.subject_pot"), text)
            return tuple(n for n, _ in live), [pot, *readings_said]
        names, rulings = _best_hands(live, boards, False, straights, readings)
        return names, [*rulings, *readings_said]
    winning = [(n, p) for n, p in live if p.value == top]
    names = tuple(n for n, _ in winning)
    best = winning[0][1]
    hand = best.hand
    if len(names) > 1:
        text = say(
            "island.split",
            names=list(names),
            hand=hand,
        )
        return names, [Ruling(f"{DOC} 4.3", ", ".join(names), text)]
    others = [(n, p) for n, p in live if n != names[0]]
    if not others:
        text = say("island.wins_alone", name=names[0], hand=hand, board=best.board)
        return names, [Ruling(f"{DOC} 4.3", names[0], text)]
    runner, runner_best = max(others, key=lambda pair: pair[1].value)
    text = say(
        "island.wins",
        name=names[0],
        hand=hand,
        board=best.board,
        runner=runner,
        runner_hand=runner_best.hand,
    )
    return names, [Ruling(f"{DOC} 4.3", names[0], text)]


def _best_board_alone(
    boards: Sequence[tuple[Card, ...]], straights: bool, readings: IslandReadings
) -> int:
    strength = strength_reader(straights, readings)
    return max(strength([card.code for card in board]) for board in boards)


_SF_MIN = min(value for value in range(7462) if describe(value)[0] >= Category.STRAIGHT_FLUSH)
