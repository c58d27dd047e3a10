"""Cards, decks and the one gateway that turns typed text into cards.

>>> parse_cards("As, 10h KD7c")
[Card('As'), Card('Th'), Card('Kd'), Card('7c')]
>>> parse_cards("A♠ x")
[Card('As'), Card('X')]
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from scoring.errors import InputError
from scoring.messages import Message, Value, say

RANK_CHARS = "23456789TJQKA"
SUITS = "shdc"
SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
SUIT_NAMES = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
RANK_NAMES = {
    2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
    9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace",
}  # fmt: skip
RANK_PLURALS = {rank: name + ("es" if name == "six" else "s") for rank, name in RANK_NAMES.items()}
JOKER_RANK = 0

_SUIT_ALIASES = {"♠": "s", "♤": "s", "♥": "h", "♡": "h", "♦": "d", "♢": "d", "♣": "c", "♧": "c"}
_SUIT_CLASS = "shdc♠♤♥♡♦♢♣♧"
_TOKEN = re.compile(
    rf"(?P<rank>10|[2-9tjqka])(?P<suit>[{_SUIT_CLASS}])|(?P<joker>joker|jk|x)",
    # ASCII: otherwise the Kelvin sign matches k and the long s matches s.
    re.IGNORECASE | re.ASCII,
)
_SEPARATORS = re.compile(r"[\s,;]+")
# Emoji presentation selectors that phones add after suit symbols (♠️).
_INVISIBLE = dict.fromkeys(map(ord, "\ufe0e\ufe0f\u200b\u200d"))


# The longest card text any place reads: more than a table holds, written out long-hand. The
# server's fields and schema and the phone's offline reader all hold to it.
MAX_CARD_TEXT = 200


class CardError(InputError):
    """Text that is not a card, or cards that break a deal's rules; the message says why.

    >>> CardError(say("common.hand_card_twice"), "players.0.top").errors
    {'players.0.top': ['a hand cannot hold the same card twice']}
    """


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """A playing card: rank 2-14 (ace high) and suit, or the Joker (rank 0, no suit).

    >>> Card.parse("td").rank, Card.parse("td").suit
    (10, 'd')
    """

    rank: int
    suit: str
    code: int = field(init=False, repr=False, compare=False)
    text: str = field(init=False, repr=False, compare=False)  # "As", "Td", "X"
    is_joker: bool = field(init=False, repr=False, compare=False)  # asked of every card, often

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_joker", self.rank == JOKER_RANK)
        if self.rank == JOKER_RANK and self.suit == "":
            object.__setattr__(self, "code", 0)
            object.__setattr__(self, "text", "X")
            return
        if not (2 <= self.rank <= 14 and self.suit in SUITS):
            raise CardError(
                say(
                    "common.card_impossible",
                    rank=repr(self.rank),
                    suit=repr(self.suit),
                )
            )
        # Evaluator encoding (see hands.py): a 4-bit counter per rank above a 3-bit one per suit.
        code = (16 ** (self.rank - 2)) << 12 | (1 << (3 * SUITS.index(self.suit)))
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "text", RANK_CHARS[self.rank - 2] + self.suit)

    def __hash__(self) -> int:
        return self.code  # unique per card; the two Jokers are equal and share 0

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse exactly one card."""
        cards = parse_cards(text)
        if len(cards) != 1:
            raise CardError(
                say(
                    "common.card_not_one",
                    count=len(cards),
                    text=repr(text),
                )
            )
        return cards[0]

    @property
    def symbol(self) -> str:
        """The suit symbol, empty for the Joker."""
        return SUIT_SYMBOLS.get(self.suit, "")

    @property
    def rank_char(self) -> str:
        return "X" if self.is_joker else RANK_CHARS[self.rank - 2]

    @property
    def is_red(self) -> bool:
        return self.suit in ("h", "d")

    @property
    def name(self) -> str:
        """A spoken name: 'queen of spades', 'Joker'."""
        if self.is_joker:
            return "Joker"
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


JOKER = Card(JOKER_RANK, "")
DECK_52: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in range(2, 15))
DECK_54: tuple[Card, ...] = (*DECK_52, JOKER, JOKER)
# Every card by rank and suit: parsing hands out these rather than building new ones.
CARDS: dict[tuple[int, str], Card] = {(card.rank, card.suit): card for card in DECK_52}


def _spellings(word: str) -> set[str]:
    """Every upper- and lower-case spelling of an ASCII word: "jk" -> {"jk", "Jk", "jK", "JK"}."""
    return {"".join(chars) for chars in itertools.product(*({c.lower(), c.upper()} for c in word))}


# One card typed on its own ("As", "10h", "q♦", "X"), by its exact text: most input is typed
# this way, and a dictionary lookup is much faster than the tokenizer, which handles the rest.
_SINGLE_CARDS: dict[str, Card] = {
    **{
        spelling + suit_text: CARDS[rank, suit]
        for rank in range(2, 15)
        for rank_text in (["10"] if rank == 10 else []) + [RANK_CHARS[rank - 2]]
        for spelling in _spellings(rank_text)
        for suit in SUITS
        for suit_text in [*_spellings(suit), *(a for a, s in _SUIT_ALIASES.items() if s == suit)]
    },
    **{spelling: JOKER for word in ("x", "jk", "joker") for spelling in _spellings(word)},
}


def _display(token: str) -> str:
    return token if len(token) <= 12 else token[:12] + "…"


def parse_cards(text: str) -> list[Card]:
    """Parse a list of cards separated by spaces or commas, or run together.

    >>> parse_cards("AsKd7c")
    [Card('As'), Card('Kd'), Card('7c')]
    >>> parse_cards("Zs")
    Traceback (most recent call last):
    ...
    scoring.cards.CardError: 'Zs' is not a card: a card is a rank (2-9, T or 10, J, Q, K, A) \
and a suit (s, h, d, c or ♠ ♥ ♦ ♣), e.g. As or 10h; a Joker is X
    """
    if not isinstance(text, str):
        raise CardError(say("common.cards_not_text", type=type(text).__name__))
    cards: list[Card] = []
    for chunk in _SEPARATORS.split(text.translate(_INVISIBLE).strip()):
        single = _SINGLE_CARDS.get(chunk)
        if single is not None:
            cards.append(single)
            continue
        position = 0
        while position < len(chunk):
            match = _TOKEN.match(chunk, position)
            if match is None:
                raise CardError(
                    say(
                        "common.not_a_card",
                        token=repr(_display(chunk[position:])),
                    )
                )
            position = match.end()
            if match["joker"]:
                cards.append(JOKER)
            else:
                rank = 10 if match["rank"] == "10" else RANK_CHARS.index(match["rank"].upper()) + 2
                suit = _SUIT_ALIASES.get(match["suit"], match["suit"].lower())
                cards.append(CARDS[rank, suit])
    return cards


# Distinct cards for an example that fits a place of any size ("e.g. As Kd 7c").
EXAMPLE_CARDS = ("As", "Kd", "7c", "Th", "2s", "9h", "4c", "Jd", "3s", "8h", "Qc", "5d", "6s")


def example_cards(count: int) -> str:
    """An example of ``count`` cards, to show with a refusal of a place that holds that many.

    >>> example_cards(3)
    'As Kd 7c'
    """
    return " ".join(EXAMPLE_CARDS[: max(count, 1)])


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical text for a list of cards: 'As Td X'."""
    return " ".join(str(card) for card in cards)


@dataclass(frozen=True)
class Duplicate:
    """A card entered in more than one place, or more than once in one place."""

    card: Card
    places: tuple[str, ...]  # each place once, in the order the places were given
    count: int

    @property
    def last(self) -> str:
        """The last place it was entered, where the repeat is shown to the player."""
        return self.places[-1]

    def __str__(self) -> str:
        return str(self.message())

    def message(self, places: Mapping[str, Value] | None = None) -> Message:
        """The duplicate as a message; ``places`` says each place (by its text) as a message.

        >>> str(Duplicate(CARDS[12, "s"], ("Ann's top row", "Bob's bottom row"), 2))
        "Qs is in Ann's top row and in Bob's bottom row"
        """
        said = [(places or {}).get(place, place) for place in self.places]
        if len(said) == 1:
            return say(
                "common.duplicate_in_one_place",
                card=str(self.card),
                place=said[0],
                count=self.count,
            )
        # "A and in B and in C": each place after the first is "in" it again.
        rest = [say("common.duplicate_in_again", place=place) for place in said[2:]]
        return say(
            "common.duplicate_in_places",
            card=str(self.card),
            first=said[0],
            places=_chained([said[1], *rest]),
        )


def _chained(items: Sequence[Value]) -> Value:
    """Items joined by " and ", however many: "A and in B and in C" (``Duplicate.message``)."""
    if len(items) == 1:
        return items[0]
    return say("common.chained", first=items[0], rest=_chained(items[1:]))


def find_duplicates(places: Mapping[str, Sequence[Card]]) -> list[Duplicate]:
    """Find every card that stands in more than one place (Jokers are counted separately).

    >>> places = {"Ann's top row": parse_cards("Qs Qd"), "Bob's bottom row": parse_cards("Qs")}
    >>> [str(duplicate) for duplicate in find_duplicates(places)]
    ["Qs is in Ann's top row and in Bob's bottom row"]
    """
    seen: dict[Card, list[str]] = {}
    for place, cards in places.items():
        for card in cards:
            if not card.is_joker:
                seen.setdefault(card, []).append(place)
    return [
        Duplicate(card, tuple(dict.fromkeys(where)), len(where))
        for card, where in seen.items()
        if len(where) > 1
    ]
