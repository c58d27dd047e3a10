"""The sentences every game shares (scoring/wording/common.py), said from the engines' records:
a card refused, a card entered twice, a ruleset in a line, a house reading, in English and in
Japanese."""

from __future__ import annotations

import gettext
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from scoring.cards import CARDS, CardError, Duplicate, parse_cards
from scoring.errors import InputError
from scoring.hands import CATEGORY_WORDS, Category, evaluate
from scoring.messages import say
from scoring.readings import Readings, house_reading_message, switch
from scoring.rulesets import JOKER_OFC, PINEAPPLE_OFC, get_ruleset
from scoring.rulings import Ruling
from scoring.wording.speak import speak

LOCALE = Path(__file__).resolve().parents[2] / "locale"


@pytest.fixture(scope="module")
def japanese() -> gettext.GNUTranslations:
    return gettext.translation("django", LOCALE, ["ja"])


def test_a_card_entered_twice_in_one_place_counts_the_times() -> None:
    queen = CARDS[12, "s"]
    assert str(Duplicate(queen, ("the board",), 2)) == "Qs is in the board 2 times"
    # The engine never finds a card once in one place, but the plural is there for any count.
    assert str(Duplicate(queen, ("the board",), 1)) == "Qs is in the board 1 time"


def test_a_card_entered_twice_reads_in_japanese(japanese) -> None:
    queen = CARDS[12, "s"]
    assert speak(Duplicate(queen, ("B",), 3).message(), japanese) == "QsがBに3回あります"
    chained = Duplicate(queen, ("A", "B", "C"), 3).message()
    assert str(chained) == "Qs is in A and in B and in C"
    assert speak(chained, japanese) == "QsがAとBとCにあります"


def test_a_deck_with_one_joker_and_with_two_reads_right() -> None:
    one = replace(JOKER_OFC, jokers=1)
    assert "53 cards with 1 Joker (X);" in one.describe()
    assert "54 cards with 2 Jokers (X);" in JOKER_OFC.describe()
    assert PINEAPPLE_OFC.describe() == ("Pineapple OFC: 2 or 3 players; 52 cards; no Fantasyland.")


def test_a_ruleset_in_a_line_reads_in_japanese(japanese) -> None:
    one = replace(JOKER_OFC, jokers=1)
    assert "53枚（うちジョーカー1枚、X）" in speak(one.description(), japanese)
    said = speak(JOKER_OFC.description(), japanese)
    assert said.startswith("ジョーカーOFC：") and "54枚（うちジョーカー2枚、X）" in said


def test_an_unknown_ruleset_is_refused_at_its_field_in_either_language(japanese) -> None:
    with pytest.raises(InputError) as raised:
        get_ruleset("texas")
    (message,) = raised.value.messages["ruleset"]
    assert str(raised.value).startswith("ruleset must be one of pineapple-ofc, ")
    assert speak(message, japanese).startswith("ルールセットは")


def test_a_card_refusal_is_worded_when_read_and_reads_in_japanese(japanese) -> None:
    with pytest.raises(CardError) as raised:
        parse_cards("Qs Zz")
    (message,) = raised.value.messages["non_field_errors"]
    assert raised.value.args == (message,)  # the record, not its English
    assert str(raised.value).startswith("'Zz' is not a card: a card is a rank")
    assert speak(message, japanese) != str(message)


def test_a_hand_that_holds_a_joker_or_a_card_twice_is_refused() -> None:
    with pytest.raises(CardError, match="^a Joker must be resolved"):
        evaluate(parse_cards("X Qs Qd 7c 5h"))
    with pytest.raises(CardError, match="^a hand needs 3 or 5 cards, not 4$"):
        evaluate(parse_cards("Qs Qd 7c 5h"))


def test_a_category_is_said_alone_in_either_language(japanese) -> None:
    assert str(CATEGORY_WORDS[Category.THREE_OF_A_KIND]) == "three of a kind"
    assert speak(CATEGORY_WORDS[Category.THREE_OF_A_KIND], japanese) == "スリーカード"


@dataclass(frozen=True)
class Wheel(Readings):
    """One switchable question, read "pair" (plain) or "flush", in words every game has."""

    switches = {
        "wheel": switch(
            "wheel",
            "H1",
            "OPR-538 1.3(b)",
            "pair",
            "flush",
            {"pair": CATEGORY_WORDS[Category.PAIR], "flush": CATEGORY_WORDS[Category.FLUSH]},
        )
    }
    wheel: str = "pair"


def test_a_house_reading_says_whether_the_host_switched_it(japanese) -> None:
    plain = house_reading_message(Wheel(), "wheel")
    switched = house_reading_message(Wheel().other("wheel"), "wheel")
    assert str(plain) == "house reading H1: pair"
    assert str(switched) == "house reading H1, switched by the host: flush"
    assert speak(plain, japanese).endswith("ワンペア")
    assert speak(switched, japanese).endswith("フラッシュ")
    assert speak(plain, japanese) != speak(switched, japanese)
    assert Wheel.switches["wheel"].says == {"pair": "pair", "flush": "flush"}


def test_a_reading_that_is_neither_is_refused_at_its_field(japanese) -> None:
    with pytest.raises(InputError) as raised:
        Wheel(wheel="straight")
    (message,) = raised.value.messages["readings.wheel"]
    assert str(message) == "house reading H1 is 'pair' or 'flush', not 'straight'"
    assert "'straight'" in speak(message, japanese) and speak(message, japanese) != str(message)


def test_a_ruling_words_its_record_when_read() -> None:
    record = say("common.duplicate_in_places", card="Qs", first="A", places="B")
    ruling = Ruling("OFC-BETA 2.1", "Table", record)
    assert ruling.message is record and ruling.text == "Qs is in A and in B"
    with pytest.raises(ValueError, match="unknown citation"):
        Ruling("OFC-BETA 99", "Table", record)
