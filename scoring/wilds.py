"""Wild deuces in Island Pineapple (OPR-538 1.3 to 1.4, and 5.4 Straights with wilds).

How a hand with a deuce is read. A deuce is wild only to complete a straight flush in its own
suit (all five cards of that suit), or under Straights with wilds any straight (one deuce at
most). When the deuce goes wild the ace of its suit may go wild with it (1.3(b)); the ace alone
never does. The cards left over are the naturals: they need distinct ranks. Try every window of
five consecutive ranks, A-5 up to T-A, that holds all the naturals, highest first; the wild
cards fill the places left empty, under three placement rules, two of them house readings a
host may switch (``IslandReadings``, see ``island_readings.py``):

- the deuce never fills a place above every natural card (1.3(a): it goes below the run);
- the deuce stands in for a missing card, never for itself (H1, ``wheel="natural"``); switched
  (``"best"``) it may take its own place so the ace can go wild;
- the ace fills the empty top place (1.3(b), H4 and H5 ``"top"``); switched (``"gap"``, for
  straight flushes and mixed straights apart) it may fill a gap below a top a natural card
  holds. The deuce takes the lower of the two empty places where it may, else the higher.

    ====================  ========  =====================  ===================  ===============
    five cards            naturals  window (empty places)  plain reading        switched
    ====================  ========  =====================  ===================  ===============
    6s 7s 8s 2s Ts        6 7 8 T   6-T (9)                2s as 9s: six to     same
                                                           ten (1.3)
    2s Ts Js Qs Ks        T J Q K   9-K (9); T-A (A) no    2s as 9s: nine to    same
                                                           king (1.3(a))
    2s As 7s 8s 9s        7 8 9     6-T (6, T)             2s as 6s, As as Ts   same
                                                           (1.3(b))
    2s As 3s 4s 5s        3 4 5     2-6 (2, 6): the deuce  natural: a five-     As as 6s: six
                                    would be itself        high straight flush  high (H1 best)
                                                           (H1)
    2s As Ts Js Qs        T J Q A   T-A (K)                2s as Ks, the ace    same
                                                           natural: royal (H2)
    2s As 7s 8s Ts        7 8 T     7-J (9, J)             2s as 9s, As as Js   same
                                                           (H3)
    2s As 6s 8s Ts        6 8 T     6-T (7, 9): top held   natural: an ace-     As as 9s: six
                                                           high flush (H4)      to ten (H4 gap)
    2s As Qh Kc Ad (5.4)  Q K A     T-A (T, J): top held   natural: a pair of   As as Js: ten
                                                           aces (H5)            to ace (H5 gap)
    2s 2h 3c 4d 5h (5.4)  2 3 4 5   A-5 (A); 2-6 (6) is    2s as a low ace at   same
                                    above the run          the bottom: a wheel
                                                           (H5)
    ====================  ========  =====================  ===================  ===============

The natural reading (strength5) always counts too; the strongest reading is the hand (a tie
keeps the natural reading, then the one with fewer wild cards). A reading only ever makes a
straight or a straight flush, so five of a kind cannot arise (1.4).

>>> from scoring.cards import parse_cards
>>> reading = read_five(parse_cards("2s Ts Js Qs Ks"))
>>> describe(reading.value)[0].slug, [(str(w), str(a)) for w, a in reading.wilds]
('straight_flush', [('2s', '9s')])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from scoring.cards import DECK_52, Card
from scoring.hands import CLASSES, Category, describe, strength5
from scoring.island_readings import PLAIN_READINGS, IslandReadings
from scoring.island_readings import house_reading_message as house_reading
from scoring.messages import Message, Value, say

__all__ = [
    "STRAIGHTS",
    "STRAIGHT_FLUSHES",
    "Reading",
    "comma_list",
    "describe",
    "has_deuce",
    "natural",
    "read_codes",
    "read_five",
    "sorted_reader",
    "strength_reader",
    "wild_kind",
    "wild_kind_message",
]

# Strength of the straight flush (royal at 14) and of the straight, by the top rank.
STRAIGHT_FLUSHES: dict[int, int] = {}
STRAIGHTS: dict[int, int] = {}
for _value, (_category, _ranks, _) in enumerate(CLASSES):
    if _category in (Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH):
        STRAIGHT_FLUSHES[_ranks[0]] = _value
    elif _category is Category.STRAIGHT:
        STRAIGHTS[_ranks[0]] = _value


@dataclass(frozen=True)
class Reading:
    """How five cards count: a strength on hands.py's scale and what each wild card stood for."""

    value: int
    wilds: tuple[tuple[Card, Card], ...] = ()  # (the wild card, the card it stood for)
    top: int = 0  # top rank of the straight the wild cards completed; 0 when natural
    # The switched readings (IslandReadings fields) the wild cards' places rest on: "wheel"
    # where the deuce stands for itself, "flush_ace" or "straight_ace" where the ace fills a
    # gap below a top a natural card holds. Read plainly, these cards would make less.
    switched: tuple[str, ...] = ()

    @property
    def places(self) -> dict[Card, int]:
        """The place in the run each wild card took (1 is the low ace of a wheel)."""
        return {wild: (1 if self.top == 5 and stood.rank == 14 else stood.rank)
                for wild, stood in self.wilds}  # fmt: skip


@cache
def natural(value: int) -> Reading:
    """The reading of five cards that read naturally, nothing wild: one per strength, shared."""
    return Reading(value)


def has_deuce(cards: Sequence[Card]) -> bool:
    """Whether any card is a deuce (only then can a wild reading differ from the natural one)."""
    return any(card.rank == 2 for card in cards)


@lru_cache(maxsize=4096)
def _fill(
    naturals: tuple[int, ...], wild_count: int, own_place: bool, ace_gap: bool
) -> tuple[int, tuple[int, ...]] | None:
    """The highest window top and the places of (deuce[, ace]), or None when none fits."""
    for top in range(14, 4, -1):
        low = top - 4
        ranks = [1 if rank == 14 and top == 5 else rank for rank in naturals]
        if min(ranks) < low or max(ranks) > top:
            continue
        empty = [place for place in range(low, top + 1) if place not in ranks]
        highest = max(ranks)
        if wild_count == 1:
            if empty[0] < highest and (own_place or empty[0] != 2):
                return top, (empty[0],)
            continue
        # The deuce takes the lower place when it may (5.4: at the bottom), else the higher.
        for deuce, ace in ((empty[0], empty[1]), (empty[1], empty[0])):
            if deuce >= highest or (deuce == 2 and not own_place):
                continue  # 1.3(a): never above the run; H1 natural: never itself
            if ace == top or ace_gap:  # 1.3(b): the empty top; H4/H5 gap: or a gap below it
                return top, (deuce, ace)
    return None


def read_five(
    cards: Sequence[Card],
    straights_with_wilds: bool = False,
    readings: IslandReadings = PLAIN_READINGS,
) -> Reading:
    """The best reading of five cards with wild deuces (1.3; 5.4 when the variant is on).

    >>> from scoring.cards import parse_cards
    >>> describe(read_five(parse_cards("2s As 3s 4s 5s")).value)
    (<Category.STRAIGHT_FLUSH: 8>, (5,))
    >>> from scoring.island_readings import ALTERNATIVE_READINGS as switched
    >>> describe(read_five(parse_cards("2s As 3s 4s 5s"), readings=switched).value)
    (<Category.STRAIGHT_FLUSH: 8>, (6,))
    """
    return read_codes([card.code for card in cards], straights_with_wilds, readings)


def read_codes(
    codes: Sequence[int],
    straights_with_wilds: bool = False,
    readings: IslandReadings = PLAIN_READINGS,
) -> Reading:
    """read_five on card codes (see cards.py), for the showdown's inner loop."""
    if not (sum(codes) >> 12) & 15:  # the deuce counter: no deuce, nothing wild
        return natural(strength5(codes))
    return _read(tuple(sorted(codes)), *_flags(straights_with_wilds, readings))


def _flags(straights_with_wilds: bool, readings: IslandReadings) -> tuple[bool, bool, bool, bool]:
    """``_read``'s flags: Straights with wilds, and the switched placements (H1, H4, H5)."""
    return (
        straights_with_wilds,
        readings.wheel == "best",
        readings.flush_ace == "gap",
        readings.straight_ace == "gap",
    )


def strength_reader(
    straights_with_wilds: bool = False, readings: IslandReadings = PLAIN_READINGS
) -> Callable[[Sequence[int]], int]:
    """The strength of five card codes under these readings: read_codes(...).value, faster.

    >>> from scoring.cards import parse_cards
    >>> describe(strength_reader()([card.code for card in parse_cards("2s 7s 8s 9s Ts")]))
    (<Category.STRAIGHT_FLUSH: 8>, (10,))
    """
    flags = _flags(straights_with_wilds, readings)

    def strength(codes: Sequence[int]) -> int:
        if not (sum(codes) >> 12) & 15:  # the deuce counter: no deuce, nothing wild
            return strength5(codes)
        return _read(tuple(sorted(codes)), *flags).value

    return strength


def sorted_reader(
    straights_with_wilds: bool = False, readings: IslandReadings = PLAIN_READINGS
) -> Callable[[tuple[int, ...]], int]:
    """``strength_reader`` for five codes already in ascending order, one of them a deuce: it
    neither sorts nor looks for the deuce (the Island search reads many fives so).

    >>> from scoring.cards import parse_cards
    >>> codes = tuple(sorted(card.code for card in parse_cards("2s 7s 8s 9s Ts")))
    >>> sorted_reader()(codes) == strength_reader()(codes)
    True
    """
    flags = _flags(straights_with_wilds, readings)

    def strength(codes: tuple[int, ...]) -> int:
        return _read(codes, *flags).value

    return strength


_BY_CODE = {card.code: card for card in DECK_52}
_BY_PLACE = {(card.rank, card.suit): card for card in DECK_52}


@lru_cache(maxsize=1 << 16)
def _read(
    codes: tuple[int, ...],
    straights_with_wilds: bool,
    own_place: bool,
    flush_gap: bool,
    straight_gap: bool,
) -> Reading:
    """read_five for sorted codes, memoised: a showdown reads the same fives many times."""
    best = natural(strength5(codes))
    suited = bool(codes[0] & codes[1] & codes[2] & codes[3] & codes[4] & 0xFFF)
    cards = [_BY_CODE[code] for code in codes]
    ranks = [card.rank for card in cards]
    # Wild cards only make straights: four different ranks at least, and the cards that can
    # never be wild (neither deuce nor ace) within one five-rank window.
    core = [rank for rank in ranks if 2 < rank < 14]
    if (
        not (suited or straights_with_wilds)
        or len(set(ranks)) < 4
        or (core and max(core) - min(core) > 4)
    ):
        return best
    table = STRAIGHT_FLUSHES if suited else STRAIGHTS
    ace_gap = flush_gap if suited else straight_gap
    for index, deuce in enumerate(cards):
        if deuce.rank != 2:
            continue
        options: list[tuple[int, ...]] = [(index,)]
        ace = _BY_PLACE[14, deuce.suit].code
        if ace in codes:
            options.append((index, codes.index(ace)))
        for wild in options:
            naturals = tuple(sorted(rank for i, rank in enumerate(ranks) if i not in wild))
            if len(set(naturals)) != len(naturals):
                continue
            found = _fill(naturals, len(wild), own_place, ace_gap)
            if found is None:
                continue
            top, places = found
            if table[top] > best.value:
                stood = (_BY_PLACE[14 if place == 1 else place, deuce.suit] for place in places)
                pairs = tuple(zip((cards[i] for i in wild), stood, strict=True))
                best = Reading(table[top], pairs, top, _switched(places, top, suited))
        if suited:
            break  # a suited five holds one deuce
    return best


def _switched(places: tuple[int, ...], top: int, suited: bool) -> tuple[str, ...]:
    """The switched readings that placed the wild cards (places: the deuce's[, the ace's])."""
    used: tuple[str, ...] = ("wheel",) if places[0] == 2 else ()  # H1: the deuce as itself
    if len(places) == 2 and places[1] != top:  # H4, H5 gap: the ace below the top
        used += ("flush_ace" if suited else "straight_ace",)
    return used


def comma_list(items: Sequence[Value]) -> Value:
    """Items said one after another with commas, as "2s as 9s, As as Ts" (no "and")."""
    said = items[0]
    for item in items[1:]:
        said = say("island.comma_items", items=said, item=item)
    return said


def wild_kind(
    reading: Reading, cards: Sequence[Card], readings: IslandReadings = PLAIN_READINGS
) -> tuple[str, str | None, str]:
    """Which article (and house interpretation) a wild reading rests on, and why, in words.

    >>> from scoring.cards import parse_cards
    >>> five = parse_cards("2s Ts Js Qs Ks")
    >>> wild_kind(read_five(five), five)
    ('OPR-538 1.3(a)', None, '2s as 9s: beside four suited cards in a row the deuce takes the \
place below the lowest of them, never the one above')
    """
    citation, interpretation, why = wild_kind_message(reading, cards, readings)
    return citation, interpretation, str(why)


def wild_kind_message(
    reading: Reading, cards: Sequence[Card], readings: IslandReadings = PLAIN_READINGS
) -> tuple[str, str | None, Message]:
    """``wild_kind`` with the why as a record, to be said in the reader's language."""
    places = reading.places
    uses = comma_list(
        [
            say("island.wild_as_itself", wild=str(wild))
            if wild == stood
            else say("island.wild_as", wild=str(wild), card=str(stood))
            for wild, stood in reading.wilds
        ]
    )
    if describe(reading.value)[0] is Category.STRAIGHT:
        why = say(
            "island.why_mixed_straight",
            uses=uses,
            reading=house_reading(readings, "straight_ace"),
        )
        return "OPR-538 5.4", "H5", why
    deuce = reading.wilds[0][0]
    naturals = [card.rank for card in cards if card not in places]
    lowest = min(1 if rank == 14 and reading.top == 5 else rank for rank in naturals)
    if len(reading.wilds) == 1:
        # H2 decides only when the deuce sits above every card but the natural ace (2s As Ts Js
        # Qs); with the deuce lower down, the ace-wild reading is as strong and 1.3/1.3(a) suffice.
        below_ace = [rank for rank in naturals if rank != 14]
        ace = any(card.rank == 14 and card.suit == deuce.suit for card in cards)
        if ace and places[deuce] > max(below_ace):
            return "OPR-538 1.3(a)", "H2", say("island.why_ace_stays_natural", uses=uses)
        if places[deuce] < lowest:
            return "OPR-538 1.3(a)", None, say("island.why_deuce_below_run", uses=uses)
        return "OPR-538 1.3", None, say("island.why_missing_card", uses=uses)
    # The reading recorded which switched placement it used: the ace in a gap (H4), else the
    # deuce in its own place, which beats the natural wheel these cards make (H1).
    if "flush_ace" in reading.switched:
        why = say("island.why_ace_in_gap", uses=uses, reading=house_reading(readings, "flush_ace"))
        return "OPR-538 1.3(b)", "H4", why
    if "wheel" in reading.switched:
        why = say(
            "island.why_beats_natural_wheel", uses=uses, reading=house_reading(readings, "wheel")
        )
        return "OPR-538 1.3(b)", "H1", why
    if places[deuce] > lowest:
        return "OPR-538 1.3(b)", "H3", say("island.why_deuce_inside", uses=uses)
    return "OPR-538 1.3(b)", None, say("island.why_ace_on_top", uses=uses)
