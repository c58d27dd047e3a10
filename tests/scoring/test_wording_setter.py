"""The Fantasyland setter's sentences (scoring/wording/setter.py), said from the setter's records
in English and, through the Japanese catalogue, in Japanese (issue 36).

The setter decides and keeps records; a number that decides the words (the alternatives listed,
the Jokers dealt) is kept as a value and read by one plural sentence.
"""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest

from scoring.rulesets import get_ruleset
from scoring.rulings import Ruling
from scoring.setter import SetterError, _fantasyland_of, _objective_rulings, set_fantasyland
from scoring.wording.speak import speak

LOCALE = Path(__file__).resolve().parents[2] / "locale"
PLAIN = "pineapple-2p-v1"
DEALT = "Ah Ad Ac Kh Kd Qs Js Ts 9s 8s 5h 4c 3d 2c"
SAME = "whose rows make the same hands, kickers and discards aside, count once, by their best"


@pytest.fixture(scope="module")
def japanese() -> gettext.GNUTranslations:
    return gettext.translation("django", LOCALE, ["ja"])


def _alternatives(count: int) -> Ruling:
    fantasyland = _fantasyland_of(get_ruleset(PLAIN))
    rulings = _objective_rulings(fantasyland, "stay", count)
    (ruling,) = [r for r in rulings if r.subject == "alternatives"]
    return ruling


def test_one_alternative_reads_singular_and_two_plural_in_english() -> None:
    one, two = _alternatives(1), _alternatives(2)
    assert (
        one.text == f"The 1 alternative is the next best distinct setting: settings {SAME} version."
    )
    assert two.text == (
        f"The 2 alternatives are the next best distinct settings: settings {SAME} version."
    )
    assert one.message.as_dict()["fields"] == {"count": 1}


def test_no_alternative_makes_no_ruling() -> None:
    fantasyland = _fantasyland_of(get_ruleset(PLAIN))
    subjects = [r.subject for r in _objective_rulings(fantasyland, "stay", 0)]
    assert subjects == ["objective"]


def test_the_alternatives_read_in_japanese_at_one_and_two(
    japanese: gettext.GNUTranslations,
) -> None:
    one = speak(_alternatives(1).message, japanese)
    two = speak(_alternatives(2).message, japanese)
    assert one.startswith("ほかの組み方1件は、次に良い別々の組み方です")
    assert two.startswith("ほかの組み方2件は、次に良い別々の組み方です")


def _refusal(cards: str) -> SetterError:
    with pytest.raises(SetterError) as caught:
        set_fantasyland(PLAIN, cards)
    return caught.value


def test_jokers_dealt_without_jokers_read_a_joker_and_two_jokers() -> None:
    one = _refusal(DEALT.replace("2c", "X"))
    two = _refusal(DEALT.replace("2c", "X").replace("3d", "X"))
    rest = (
        "Default Pineapple OFC, heads-up (pineapple-2p-v1) uses a 52-card deck without Jokers "
        "(pineapple-2p-v1 Deck); choose Joker OFC Pineapple (JOKER-OFC) to play with Jokers"
    )
    assert one.errors == {"cards": [f"the dealt cards hold a Joker, but {rest}"]}
    assert two.errors == {"cards": [f"the dealt cards hold 2 Jokers, but {rest}"]}


def test_jokers_dealt_without_jokers_read_in_japanese(japanese: gettext.GNUTranslations) -> None:
    one = _refusal(DEALT.replace("2c", "X")).messages["cards"][0]
    two = _refusal(DEALT.replace("2c", "X").replace("3d", "X")).messages["cards"][0]
    assert speak(one, japanese).startswith("配られたカードにジョーカーが1枚ありますが、")
    assert speak(two, japanese).startswith("配られたカードにジョーカーが2枚ありますが、")
    assert "ジョーカーなしの52枚のデッキを使います" in speak(two, japanese)


def test_a_card_played_in_two_rows_names_both_rows_at_the_last() -> None:
    with pytest.raises(SetterError) as caught:
        set_fantasyland(
            PLAIN, DEALT, played={"top": "Ah Ad Ac", "middle": "Ah 4c 3d 2c Kh", "bottom": "Qs"}
        )
    assert caught.value.errors["played.middle"] == [
        "Ah is in the played top row and in the played middle row: each card is played once"
    ]


def test_the_audit_is_worded_from_what_the_played_setting_gave_up(
    japanese: gettext.GNUTranslations,
) -> None:
    # Kings on top (8) and the straight flush below (15) stay, as the best does, for 5 less.
    played = {"top": "Kh Kd 2c", "middle": "5h 4c 3d Ah Ad", "bottom": "Qs Js Ts 9s 8s"}
    result = set_fantasyland(PLAIN, DEALT, played=played)
    (audit,) = [r for r in result.rulings if r.subject == "played"]
    assert audit.text == (
        "The played setting pays 23 and stays: it gives up 5 against the recommended setting."
    )
    assert audit.message.kind == "setter.played_stays"
    assert speak(audit.message, japanese) == (
        "実際の組み方のロイヤリティは23でファンタジーランド継続です："
        "おすすめの組み方より5少なくなります。"
    )
    assert speak(audit.subject_message, japanese) == "実際の組み方"
