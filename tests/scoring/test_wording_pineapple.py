"""Pineapple's records and their wording (scoring/wording/pineapple.py, issue 36).

The showdown, the pots and the readings keep kinds and values; the sentences are said in
English and, through the same catalogue the server uses, in Japanese. A number of chips picks
its sentence: "1 chip", "2 chips".
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from pathlib import Path

import pytest

from scoring.cards import parse_cards
from scoring.messages import Message, Value
from scoring.pineapple import TITLES, VERSIONS, Entrant, showdown
from scoring.pineapple_readings import SWITCHES, PineappleReadings
from scoring.pots import award, build_pots, single_pot
from scoring.rulings import Ruling
from scoring.wording import SENTENCES
from scoring.wording.pineapple import SENTENCES as PINEAPPLE_SENTENCES
from scoring.wording.speak import speak

LOCALE = Path(__file__).resolve().parents[2] / "locale"
NAMES = ["Ann", "Bob", "Cy"]


@pytest.fixture(scope="module")
def ja() -> gettext.GNUTranslations:
    return gettext.translation("django", LOCALE, ["ja"])


def _records(value: Value) -> Iterator[Message]:
    if isinstance(value, Message):
        yield value
        for inner in value.values.values():
            yield from _records(inner)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _records(item)


def _pot_ruling(amount: int, high: list[int], button: int = 2) -> Ruling:
    pots = single_pot(amount, [True] * len(high))
    division = award(pots, high, [None] * len(high), button, names=NAMES[: len(high)])
    return division.rulings[0]


def test_every_record_of_a_showdown_is_a_pineapple_kind_the_wording_says() -> None:
    """Lazy hi-lo with side pots and a returned bet: every record, nested ones too, has a kind
    of the Pineapple wording, and its English is the ruling's text."""
    players = [
        Entrant("Ann", tuple(parse_cards("3h 4h Qs")), contributed=20),
        Entrant("Bob", tuple(parse_cards("Kc Ks 8d")), contributed=31),
        Entrant("Cy", folded=True, contributed=10),
    ]
    result = showdown("lazy", parse_cards("Ah 7d 5c Kd 2s"), players, hi_lo=True)
    kinds = set()
    for ruling in result.rulings:
        assert isinstance(ruling.message, Message)
        assert str(ruling.message) == ruling.text
        for record in _records([ruling.subject, ruling.message]):
            kinds.add(record.kind)
    worded = {kind for kind in kinds if kind.startswith("pineapple.")}
    # H8's reading is worded by the readings shared by every game (scoring/readings.py).
    assert kinds - worded <= {kind for kind in SENTENCES if not kind.startswith("pineapple.")}
    assert worded <= PINEAPPLE_SENTENCES.keys()
    assert {"pineapple.best_hand", "pineapple.pot_halved", "pineapple.returned"} <= worded


def test_a_version_and_a_pot_keep_their_names_as_records() -> None:
    assert {key: version.name for key, version in VERSIONS.items()} == {
        "pineapple": "Pineapple",
        "crazy": "Crazy Pineapple",
        "lazy": "Lazy Pineapple",
    }
    assert TITLES["crazy"].kind == "pineapple.version_crazy"
    pots, _ = build_pots([20, 50, 50], [True, True, True])
    division = award(pots, [1, 9, 5], [None] * 3, button=2, names=NAMES)
    assert [pot.name for pot in division.awards] == ["The main pot", "Side pot 1"]
    assert [pot.title.kind for pot in division.awards] == [
        "pineapple.main_pot",
        "pineapple.side_pot",
    ]


def test_a_readings_words_are_kept_in_english_from_their_records() -> None:
    switch = SWITCHES["lazy_hi_lo"]
    assert switch.said["shared"].kind == "pineapple.reading_lazy_shared"
    assert switch.says["shared"] == str(switch.said["shared"])
    assert switch.says["own"] == (
        "each half chooses its own hole cards, no more than two of the three"
    )
    assert PineappleReadings(lazy_hi_lo="shared").switched == ("lazy_hi_lo",)


def test_one_odd_chip_reads_singular_and_two_plural(ja: gettext.GNUTranslations) -> None:
    """100 chips among three tied highs leave one odd chip; 101 leave two (H9)."""
    one = _pot_ruling(100, [7, 7, 7])
    assert one.text == (
        "The pot (100 chips; Ann, Bob and Cy eligible) goes to Ann, Bob and Cy. The high does "
        "not split evenly: the odd chip goes to Ann, first clockwise from the button. "
        "Chips: Ann 34, Bob 33, Cy 33."
    )
    two = _pot_ruling(101, [7, 7, 7])
    assert "the odd chips go to Ann and Bob, first clockwise from the button." in two.text
    assert speak(one.message, ja) == (
        "ポット（100チップ、対象：Ann、Bob、Cy）はAnn、Bob、Cyのものです。"
        "ハイは均等に割り切れません：端数のチップは、ボタンから時計回りの順でAnnに付きます。"
        "チップ：Ann 34、Bob 33、Cy 33。"
    )
    assert "端数のチップは、ボタンから時計回りの順でAnn、Bobに付きます。" in speak(two.message, ja)


def test_a_pot_of_one_chip_reads_singular(ja: gettext.GNUTranslations) -> None:
    assert _pot_ruling(1, [9, 2], button=1).text.startswith(
        "The pot (1 chip; Ann and Bob eligible) goes to Ann."
    )
    assert _pot_ruling(2, [9, 2], button=1).text.startswith(
        "The pot (2 chips; Ann and Bob eligible) goes to Ann."
    )
    assert speak(_pot_ruling(1, [9, 2], button=1).message, ja).startswith(
        "ポット（1チップ、対象：Ann、Bob）はAnnのものです。"
    )


@pytest.mark.parametrize(
    ("extra", "english", "japanese"),
    [
        (
            1,
            "Bob's last 1 chip was matched by no player still in the hand, so it goes back to "
            "them.",
            "Bobの最後の1チップは、残っているどのプレイヤーにもコールされなかったので、Bobに戻ります。",
        ),
        (
            2,
            "Bob's last 2 chips were matched by no player still in the hand, so they go back to "
            "them.",
            "Bobの最後の2チップは、残っているどのプレイヤーにもコールされなかったので、Bobに戻ります。",
        ),
    ],
)
def test_a_returned_bet_reads_by_its_chips(
    extra: int, english: str, japanese: str, ja: gettext.GNUTranslations
) -> None:
    pots, returned = build_pots([10, 10 + extra], [True, True])
    division = award(pots, [9, 2], [None, None], button=1, returned=returned, names=NAMES[:2])
    ruling = division.rulings[-1]
    assert ruling.message.kind == "pineapple.returned"
    assert (ruling.text, speak(ruling.message, ja)) == (english, japanese)
    assert division.wins == (20, extra)
