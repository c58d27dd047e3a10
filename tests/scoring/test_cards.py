"""Card notation, decks and duplicate detection (DESIGN.md "Cards", OFC-BETA 2.1, JOKER-OFC)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import (
    DECK_52,
    DECK_54,
    JOKER,
    Card,
    CardError,
    find_duplicates,
    format_cards,
    parse_cards,
)

ACCEPTED = (
    "a card is a rank (2-9, T or 10, J, Q, K, A) and a suit (s, h, d, c or ♠ ♥ ♦ ♣), "
    "e.g. As or 10h; a Joker is X"
)

AS, KD, SEVEN_C = Card(14, "s"), Card(13, "d"), Card(7, "c")
TEN_S, TEN_H, TEN_D = Card(10, "s"), Card(10, "h"), Card(10, "d")

PROPERTY = settings(max_examples=300, deadline=None, database=None)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("As", [AS]),
        ("as", [AS]),
        ("AS", [AS]),
        ("aS", [AS]),
        ("A♠", [AS]),
        ("A♤", [AS]),
        ("a♠\ufe0f", [AS]),  # phones add an emoji presentation selector after the suit
        ("A♠\ufe0e", [AS]),
        ("10s", [TEN_S]),
        ("Ts", [TEN_S]),
        ("ts", [TEN_S]),
        ("10♠", [TEN_S]),
        ("K♡ Q♢ J♧", [Card(13, "h"), Card(12, "d"), Card(11, "c")]),
        ("K♥ Q♦ J♣", [Card(13, "h"), Card(12, "d"), Card(11, "c")]),
        ("X", [JOKER]),
        ("x", [JOKER]),
        ("JK", [JOKER]),
        ("jk", [JOKER]),
        ("Joker", [JOKER]),
        ("JOKER", [JOKER]),
        ("joker", [JOKER]),
    ],
)
def test_one_card_in_every_accepted_spelling(text: str, expected: list[Card]) -> None:
    """DESIGN.md Cards: ranks 2-9, T/10, J, Q, K, A; suits shdc or symbols; any case; X/JK/Joker."""
    assert parse_cards(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("As Kd 7c", [AS, KD, SEVEN_C]),
        ("As,Kd,7c", [AS, KD, SEVEN_C]),
        ("As, Kd, 7c", [AS, KD, SEVEN_C]),
        ("AsKd7c", [AS, KD, SEVEN_C]),
        ("aSkD7C", [AS, KD, SEVEN_C]),
        ("  As \n\tKd  7c  ", [AS, KD, SEVEN_C]),
        ("A♠️K♦️7♣️", [AS, KD, SEVEN_C]),
        ("10h10d", [TEN_H, TEN_D]),
        ("10h Td", [TEN_H, TEN_D]),
        ("AsX", [AS, JOKER]),
        ("XX", [JOKER, JOKER]),
        ("JhJK", [Card(11, "h"), JOKER]),
        ("Joker,As", [JOKER, AS]),
        ("", []),
        ("   ", []),
        (" , ,", []),
    ],
)
def test_lists_separated_by_spaces_commas_or_nothing(text: str, expected: list[Card]) -> None:
    """DESIGN.md Cards: a list may be separated by spaces or commas, or run together (AsKd7c)."""
    assert parse_cards(text) == expected


def test_every_card_of_the_deck_parses_in_every_spelling() -> None:
    """DESIGN.md Cards: each of the 52 cards in every rank spelling, case and suit form."""
    symbols = {"s": "♠♤", "h": "♥♡", "d": "♦♢", "c": "♣♧"}
    for card in DECK_52:
        ranks = [card.rank_char, card.rank_char.lower()] + (["10"] if card.rank == 10 else [])
        suits = [card.suit, card.suit.upper(), *symbols[card.suit]]
        for rank in ranks:
            for suit in suits:
                assert parse_cards(rank + suit) == [card], rank + suit
                # Run together, the same spelling goes through the tokenizer, not the lookup.
                assert parse_cards(rank + suit + rank + suit) == [card, card], rank + suit


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("Zs", "Zs"),
        ("1s", "1s"),
        ("11s", "11s"),
        ("A", "A"),
        ("Ax", "Ax"),
        ("AsK", "K"),  # the first card is fine; the K after it has no suit
        ("As Zs", "Zs"),
        ("As, Kd, 7", "7"),
        ("Xs", "s"),
        ("A♠♠", "♠"),
        ("Jo", "Jo"),
        ("As Kd 7c 😀", "😀"),
        ("Zzzzzzzzzzzzzzzzzzzz", "Zzzzzzzzzzzz…"),  # long junk is cut to 12 characters
    ],
)
def test_a_bad_token_is_named_and_what_is_accepted_is_said(text: str, token: str) -> None:
    """DESIGN.md Cards: bad input gets an error naming the token and saying what is accepted."""
    with pytest.raises(CardError) as raised:
        parse_cards(text)
    assert str(raised.value) == f"{token!r} is not a card: {ACCEPTED}"


@pytest.mark.parametrize(
    ("value", "kind"), [(None, "NoneType"), (14, "int"), (["As"], "list"), (b"As", "bytes")]
)
def test_non_text_input_is_refused(value: object, kind: str) -> None:
    """DESIGN.md Cards: cards are typed as text; anything else gets the project's error."""
    with pytest.raises(CardError) as raised:
        parse_cards(value)  # type: ignore[arg-type]
    assert str(raised.value) == f"cards must be given as text, not {kind}"


def test_card_error_is_a_value_error() -> None:
    """DESIGN.md Cards: the project's own error, catchable as a ValueError by the web layer."""
    assert issubclass(CardError, ValueError)


@pytest.mark.parametrize(
    ("text", "message"),
    [("As Kd", "expected one card, got 2 in 'As Kd'"), ("", "expected one card, got 0 in ''")],
)
def test_card_parse_takes_exactly_one_card(text: str, message: str) -> None:
    """DESIGN.md Cards: a single-card field holds exactly one card."""
    with pytest.raises(CardError) as raised:
        Card.parse(text)
    assert str(raised.value) == message
    assert Card.parse("td") == Card(10, "d")


@pytest.mark.parametrize(
    ("rank", "suit", "message"),
    [
        (15, "s", "no card has rank 15 and suit 's'"),
        (1, "s", "no card has rank 1 and suit 's'"),
        (14, "x", "no card has rank 14 and suit 'x'"),
        (0, "s", "no card has rank 0 and suit 's'"),
    ],
)
def test_no_card_outside_the_deck_can_be_built(rank: int, suit: str, message: str) -> None:
    """OFC-BETA 2.1: a standard deck; ranks 2 to ace and four suits, nothing else."""
    with pytest.raises(CardError) as raised:
        Card(rank, suit)
    assert str(raised.value) == message


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("as", "As"),
        ("10♦", "Td"),
        ("t♤", "Ts"),
        ("joker", "X"),
        ("jk", "X"),
        ("2C", "2c"),
        ("q♡", "Qh"),
    ],
)
def test_output_uses_the_canonical_form(text: str, canonical: str) -> None:
    """DESIGN.md Cards: output always uses the canonical form As, Td, X."""
    (card,) = parse_cards(text)
    assert str(card) == canonical
    assert repr(card) == f"Card({canonical!r})"


def test_format_cards_joins_canonical_forms_with_spaces() -> None:
    """DESIGN.md Cards: a list of cards is written canonically, one space apart."""
    assert format_cards(parse_cards("a♠,10h x KD")) == "As Th X Kd"
    assert format_cards([]) == ""


def test_card_names_symbols_and_colours() -> None:
    """DESIGN.md Pages: cards look like cards (symbol, red hearts and diamonds, a clear Joker)."""
    queen = Card(12, "s")
    assert (queen.name, queen.symbol, queen.is_red, queen.rank_char) == (
        "queen of spades",
        "♠",
        False,
        "Q",
    )
    assert Card(6, "h").name == "six of hearts"
    assert Card(10, "d").is_red and Card(10, "d").symbol == "♦"
    assert (JOKER.name, JOKER.symbol, JOKER.is_joker, JOKER.rank_char) == ("Joker", "", True, "X")
    assert not queen.is_joker


def test_cards_are_immutable_values() -> None:
    """DESIGN.md Cards: a card is a value; equal cards are interchangeable and cannot change."""
    assert Card(14, "s") == parse_cards("A♠")[0]
    assert len({Card(14, "s"), parse_cards("as")[0], parse_cards("AS")[0]}) == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        AS.rank = 13  # type: ignore[misc]


def test_the_52_card_deck() -> None:
    """OFC-BETA 2.1: a standard 52-card deck without Jokers."""
    assert len(DECK_52) == 52
    assert len(set(DECK_52)) == 52
    assert {(card.rank, card.suit) for card in DECK_52} == {
        (rank, suit) for rank in range(2, 15) for suit in "shdc"
    }
    assert not any(card.is_joker for card in DECK_52)
    # The evaluator's integer encodings never collide.
    assert len({card.code for card in DECK_52}) == 52


def test_the_54_card_deck_has_two_jokers() -> None:
    """JOKER-OFC 2.1: one standard 52-card deck plus two Jokers, 54 cards in total."""
    assert len(DECK_54) == 54
    assert DECK_54.count(JOKER) == 2
    assert set(DECK_54) - {JOKER} == set(DECK_52)
    assert format_cards(DECK_54).count("X") == 2


@pytest.mark.parametrize(
    ("places", "messages"),
    [
        (
            {"Ann's top row": "Qs Qd", "Bob's bottom row": "Qs"},
            ["Qs is in Ann's top row and in Bob's bottom row"],
        ),
        (
            {"Ann's top row": "Qs", "Bob's middle row": "Qs", "river": "qs"},
            ["Qs is in Ann's top row and in Bob's middle row and in river"],
        ),
        ({"Ann's top row": "Qs Qs 7c"}, ["Qs is in Ann's top row 2 times"]),
        (
            {"Ann's top row": "Qs Qs", "Bob's bottom row": "Qs"},
            ["Qs is in Ann's top row and in Bob's bottom row"],
        ),
        (
            {"A's hole": "As Kd", "board": "Kd 2c As", "B's hole": "2c"},
            [
                "As is in A's hole and in board",
                "Kd is in A's hole and in board",
                "2c is in board and in B's hole",
            ],
        ),
        ({"Ann's top row": "X Qs", "Bob's top row": "X 7c"}, []),  # two Jokers are two cards
        ({"Ann's top row": "Qs Qd 7c", "Bob's top row": "Ks Kd 7d"}, []),
        ({}, []),
    ],
)
def test_a_card_in_two_places_names_both(places: dict[str, str], messages: list[str]) -> None:
    """DESIGN.md Cards: a card twice anywhere in one deal is an error that names both places."""
    found = find_duplicates({place: parse_cards(text) for place, text in places.items()})
    assert [str(duplicate) for duplicate in found] == messages
    # The repeat is shown where it was entered last.
    assert all(duplicate.last == str(duplicate).rsplit(" and in ", 1)[-1] for duplicate in found
               if len(duplicate.places) > 1)  # fmt: skip


cards_lists = st.lists(st.sampled_from(DECK_54), max_size=20)


@PROPERTY
@given(cards_lists)
def test_canonical_text_parses_back_to_the_same_cards(cards: list[Card]) -> None:
    """DESIGN.md Cards: whatever the app writes, it reads back unchanged."""
    assert parse_cards(format_cards(cards)) == cards
    assert parse_cards("".join(map(str, cards))) == cards
    assert parse_cards(",".join(str(card).lower() for card in cards)) == cards
    assert parse_cards(" ".join(card.rank_char + card.symbol for card in cards)) == cards


@PROPERTY
@given(st.text())
def test_arbitrary_text_gives_cards_or_a_card_error(text: str) -> None:
    """DESIGN.md Cards: any text gives cards or the project's error, never KeyError/IndexError."""
    try:
        cards = parse_cards(text)
    except CardError as error:
        assert "is not a card" in str(error)
    else:
        assert all(isinstance(card, Card) for card in cards)


@PROPERTY
@given(st.text(alphabet="23456789TJQKAXtjqkax10shdcSHDC♠♤♥♡♦♢♣♧ ,\ufe0f\u212a\u017fo"))
def test_card_like_text_gives_cards_or_a_card_error(text: str) -> None:
    """DESIGN.md Cards: near-miss notation and look-alike letters give only CardError."""
    try:
        cards = parse_cards(text)
    except CardError as error:
        assert "is not a card" in str(error)
    else:
        assert all(isinstance(card, Card) for card in cards)


@pytest.mark.parametrize("text", ["\u212as", "A\u017f", "jo\u212aer"])
def test_unicode_look_alikes_are_not_cards(text: str) -> None:
    """DESIGN.md Cards: the Kelvin sign is not a K and the long s is not an s."""
    with pytest.raises(CardError, match="is not a card"):
        parse_cards(text)
