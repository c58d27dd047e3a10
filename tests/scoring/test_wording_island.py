"""Island Pineapple's records and their wording (scoring/wording/island.py, issue 36).

The engine (scoring/island*.py, scoring/wilds.py) keeps kinds and values; the sentences are
said in English and, through the catalogue the server uses, in Japanese. A wild reading records
which switched reading placed its wild cards (``Reading.switched``), so the rulings cite it
without reading the cards again.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scoring.cards import parse_cards
from scoring.island import IslandError, IslandResult, Seat, showdown
from scoring.island_readings import ALTERNATIVE_READINGS, PLAIN_READINGS, IslandReadings
from scoring.messages import Message
from scoring.wilds import read_five
from scoring.wording import SENTENCES as EVERY_SENTENCE
from scoring.wording.island import SENTENCES
from scoring.wording.speak import speak

LOCALE = Path(__file__).resolve().parents[2] / "locale"


@pytest.fixture(scope="module")
def ja() -> gettext.GNUTranslations:
    return gettext.translation("django", LOCALE, ["ja"])


def deal(board: str, *players: tuple[str, str], **options: Any) -> IslandResult:
    """A showdown from the seven board cards in order: first set, second set, turn, river."""
    cards = parse_cards(board)
    seats = [Seat(name, tuple(parse_cards(hole))) for name, hole in players]
    return showdown(cards[0:2], cards[2:4], cards[4:5], cards[5:7], seats, **options)


def refusal(first: str, turn: str, *holes: str) -> IslandError:
    seats = [Seat(name, tuple(parse_cards(hole))) for name, hole in zip("AB", holes, strict=True)]
    with pytest.raises(IslandError) as raised:
        showdown(
            parse_cards(first), parse_cards("9s 9d"), parse_cards(turn), parse_cards("Qh 3d"), seats
        )
    return raised.value


def records(value: Any) -> Iterator[Message]:
    """A record and every record said inside it."""
    if isinstance(value, Message):
        yield value
        for inner in value.values.values():
            yield from records(inner)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from records(item)


# --- Plurals: one sentence, the number decides ------------------------------------------------


def test_a_board_place_needs_one_card_or_two(ja: gettext.GNUTranslations) -> None:
    """The turn holds one card, the first set two: "1 card", "2 cards"; Japanese counts 枚."""
    error = refusal("Kh", "Jh Qc", "Th 8c", "9c 4s")
    assert error.errors["turn"] == ["the turn needs exactly 1 card, got 2"]
    assert error.errors["first_set"] == ["the first set needs exactly 2 cards, got 1"]
    turn, first = error.messages["turn"][0], error.messages["first_set"][0]
    assert isinstance(turn, Message) and isinstance(first, Message)
    assert turn.kind == first.kind == "island.board_part_size"
    assert speak(turn, ja) == "ターンはちょうど1枚必要ですが、2枚です"
    assert speak(first, ja) == "ファーストセットはちょうど2枚必要ですが、1枚です"


def test_a_hole_of_one_card_or_three(ja: gettext.GNUTranslations) -> None:
    error = refusal("Kh 4c", "Jh", "Th", "9c 4s 5s")
    assert error.errors["players.0.hole"] == [
        "A's hole needs two after the Pineapple discard (3.3), got 1 card: e.g. As Kd"
    ]
    assert error.errors["players.1.hole"] == [
        "B's hole needs two after the Pineapple discard (3.3), got 3 cards: e.g. As Kd"
    ]
    one, three = error.messages["players.0.hole"][0], error.messages["players.1.hole"][0]
    assert isinstance(one, Message) and isinstance(three, Message)
    assert speak(one, ja) == (
        "Aのホールカードはパイナップルの捨て札の後は2枚必要ですが（3.3）、1枚です（例: As Kd）"
    )
    assert speak(three, ja) == (
        "Bのホールカードはパイナップルの捨て札の後は2枚必要ですが（3.3）、3枚です（例: As Kd）"
    )


def _natural(result: IslandResult) -> Message:
    return next(r.message for r in result.rulings if r.citation == "OPR-538 1.3(c)")


def test_one_natural_deuce_is_it_two_are_they(ja: gettext.GNUTranslations) -> None:
    """1.3(c): "2s is not standing in ... it keeps"; "As 2s are not ... they keep"."""
    one = _natural(deal("8s 3c Ks Qs 9d 4h Jc", ("Ann", "2s 7s"), ("Bob", "Jd Jh")))
    two = _natural(deal("7s 3c 8s Ks 9d 4h Qc", ("Ann", "2s As"), ("Bob", "Kh Kd")))
    assert (one.kind, one.values["count"], two.kind, two.values["count"]) == (
        "island.natural",
        1,
        "island.natural",
        2,
    )
    assert str(one) == (
        "Ann: 2s is not standing in for another card (a deuce, and with it the ace of its suit, "
        "is wild only to complete a straight flush), so it keeps its natural rank and suit."
    )
    assert str(two) == (
        "Ann: As 2s are not standing in for another card (a deuce, and with it the ace of its "
        "suit, is wild only to complete a straight flush), so they keep their natural rank and "
        "suit."
    )
    assert speak(one, ja) == (
        "Ann：2sはほかのカードの代わりになっていないので（2と、それと同じスートのAがワイルドに"
        "なるのはストレートフラッシュを完成させるときだけです）、本来のランクとスートのままです。"
    )
    assert speak(two, ja).startswith("Ann：As 2sはほかのカードの代わりになっていないので")


# --- Records: kinds and values, said alike live and stored -------------------------------------


def test_a_showdown_keeps_island_records_only() -> None:
    """Every record a showdown makes, and every record inside one, is worded in Island's module,
    or in the shared one (a category's words, which reading applied)."""
    result = deal(
        "6s 3c 8s Ts Kd 4h Qc",
        ("Ann", "2s As"),
        ("Bob", "Jd Jh"),
        variants=["straights_with_wilds", "secondary_bonus"],
        table_size=7,
        exchanged=7,
        readings=ALTERNATIVE_READINGS.read("phantom_ship", "adds"),
    )
    kinds = {
        record.kind
        for ruling in result.rulings
        for record in records([ruling.message, ruling.subject_message])
    }
    assert kinds >= {"island.four_boards", "island.deal_fits", "island.wins", "island.wild_other"}
    assert kinds <= set(EVERY_SENTENCE)
    assert {kind for kind in kinds if not kind.startswith("common.")} <= set(SENTENCES)


def test_a_stored_ruling_reads_as_the_live_one(ja: gettext.GNUTranslations) -> None:
    result = deal("Kh 4c 9s 9d Jh Qh 3d", ("Ann", "Th 8c"), ("Bob", "9c 4s"))
    won = next(r for r in result.rulings if r.message.kind == "island.wins")
    assert (
        won.text
        == "Bob wins with nines full of fours on board 3, beating Ann's king-high straight."
    )
    assert (
        speak(won.message.as_dict(), ja)
        == speak(won.message, ja)
        == ("Bobがボード3の9のフルハウス（4のペア）で、AnnのKハイのストレートを上回って勝ちです。")
    )


# --- The switch a wild reading rests on, recorded as a value -----------------------------------


@pytest.mark.parametrize(
    ("cards", "straights", "readings", "switched"),
    [
        ("2s As 6s 8s Ts", False, IslandReadings(flush_ace="gap"), ("flush_ace",)),
        ("2s As 6s 8s Ts", False, PLAIN_READINGS, ()),  # plainly an ace-high flush
        ("2s As 3s 4s 5s", False, IslandReadings(wheel="best"), ("wheel",)),
        ("2s As Qh Kc Ad", True, IslandReadings(straight_ace="gap"), ("straight_ace",)),
        ("2s As 7s 8s 9s", False, ALTERNATIVE_READINGS, ()),  # H3: the ace on top, plain
    ],
)
def test_a_reading_records_the_switch_that_placed_its_wilds(
    cards: str, straights: bool, readings: IslandReadings, switched: tuple[str, ...]
) -> None:
    assert read_five(parse_cards(cards), straights, readings).switched == switched


def test_a_switched_hand_cites_the_switch_its_reading_recorded() -> None:
    """H4 switched: 2s As 6s 8s Ts is six to ten; the ruling cites H4 and says what the plain
    reading would make of the hand."""
    result = deal(
        "6s 3c 8s Ts Kd 4h Qc",
        ("Ann", "2s As"),
        ("Bob", "Jd Jh"),
        readings=IslandReadings(flush_ace="gap"),
    )
    ann = next(p for p in result.players if p.name == "Ann")
    assert ann.best is not None and ann.best.reading.switched == ("flush_ace",)
    assert [name for name, _ in ann.decided_by] == ["flush_ace"]
    h4 = next(r for r in result.rulings if r.interpretation == "H4")
    assert h4.message.kind == "island.wild_other"
    assert h4.text.endswith(
        "with H4's plain reading, the hand would read ace-high flush, then ten, eight, six, two."
    )
