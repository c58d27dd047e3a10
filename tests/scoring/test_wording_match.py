"""An OFC match's records and their wording (scoring/wording/match.py, issue 36).

The match, settling up and the players' names keep kinds and values; the sentences are said in
English and, through the same catalogue the server uses, in Japanese. A count's noun follows
the number (one ``Plural`` each), in English at 1 and at 2 alike.
"""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest

from scoring.errors import InputError
from scoring.match import (
    HandRecord,
    MatchError,
    lengths_in_words,
    new_match,
    profile_of,
    standings,
)
from scoring.messages import Message
from scoring.players import count_message, default_name_message
from scoring.settlement import fewest_transfers
from scoring.wording.match import SENTENCES as MATCH_SENTENCES
from scoring.wording.speak import speak

LOCALE = Path(__file__).resolve().parents[2] / "locale"


@pytest.fixture(scope="module")
def ja() -> gettext.GNUTranslations:
    return gettext.translation("django", LOCALE, ["ja"])


def _refusal(*args: object) -> Message:
    with pytest.raises(MatchError) as caught:
        new_match(*args)  # type: ignore[arg-type]
    (message,) = next(iter(caught.value.messages.values()))
    assert isinstance(message, Message)
    return message


def _ruling(hands_to_play: int, played: int, kind: str) -> Message:
    spec = new_match("pineapple-ofc", ["Ann", "Bob"], "Ann", "rounds", hands_to_play // 2)
    hands = [HandRecord(n, "Ann", {"Ann": 1, "Bob": -1}) for n in range(1, played + 1)]
    (message,) = [r.message for r in standings(spec, hands).rulings if r.message.kind == kind]
    return message


def test_the_hands_left_read_right_at_one_and_at_two(ja: gettext.GNUTranslations) -> None:
    one, two = _ruling(2, 1, "match.hands_left"), _ruling(4, 2, "match.hands_left")
    assert (str(one), str(two)) == ("1 hand to play.", "2 hands to play.")
    assert (speak(one, ja), speak(two, ja)) == ("残り1ハンドです。", "残り2ハンドです。")


def test_the_counted_hands_read_right_at_one_and_at_two(ja: gettext.GNUTranslations) -> None:
    one, two = _ruling(4, 1, "match.totals"), _ruling(4, 2, "match.totals")
    assert str(one) == "Each running total adds up the 1 counted hand."
    assert str(two) == "Each running total adds up the 2 counted hands."
    assert speak(two, ja) == "累計は有効な2ハンドの合計です。"


def test_a_void_hand_is_said_in_japanese_too(ja: gettext.GNUTranslations) -> None:
    spec = new_match("pineapple-ofc", ["Ann", "Bob"], "Ann", "hands", 1)
    hands = [HandRecord(1, "Ann", {"Ann": 0, "Bob": 0}, void=True)]
    said = {r.message.kind: r.message for r in standings(spec, hands).rulings}
    assert str(said["match.void_hand"]).startswith("A void hand is kept in the history")
    assert speak(said["match.void_hand"], ja).startswith("無効になったハンドは履歴に残ります")
    assert str(said["match.totals_with_void"]) == (
        "Each running total adds up the 0 counted hands (void: 1)."
    )


def test_a_length_names_its_rounds_and_hands(ja: gettext.GNUTranslations) -> None:
    one = new_match("pineapple-ofc", ["Ann", "Bob", "Cy"], "Ann", "rounds", 1)
    two = new_match("pineapple-ofc", ["Ann", "Bob", "Cy"], "Ann", "rounds", 2)
    single = new_match("pineapple-ofc", ["Ann", "Bob"], "Ann", "hands", 1)
    assert [one.describe(), two.describe(), single.describe()] == [
        "1 round (3 hands)",
        "2 rounds (6 hands)",
        "1 hand",
    ]
    assert speak(two.length_message(), ja) == "2周（6ハンド）"


def test_a_refused_length_agrees_with_the_last_number_allowed(
    ja: gettext.GNUTranslations,
) -> None:
    rounds = _refusal("pineapple-ofc", ["Ann", "Bob"], "Ann", "rounds", 3)
    hands = _refusal("pineapple-ofc", ["Ann", "Bob"], "Ann", "hands", 2)
    assert str(rounds) == "OFC-BETA 6.9 allows 1 or 2 rounds, not 3"
    assert str(hands) == "OFC-BETA 6.9 allows 1 hand, not 2"
    assert speak(rounds, ja) == "OFC-BETA 6.9で認められるのは1または2周です。3ではできません"


def test_what_a_ruleset_allows_is_said_in_words(ja: gettext.GNUTranslations) -> None:
    allowed = lengths_in_words(profile_of("pineapple-ofc").match.lengths)
    assert str(allowed) == "last 1 hand or 1 or 2 rounds"
    assert str(lengths_in_words(profile_of("pineapple-2p-v1").match.lengths)) == (
        "play to a target score"
    )
    assert "1ハンド" in speak(allowed, ja) and "2周" in speak(allowed, ja)


def test_settling_and_seating_refuse_with_records(ja: gettext.GNUTranslations) -> None:
    with pytest.raises(InputError) as caught:
        fewest_transfers({"Ann": 5, "Bob": -4})
    (message,) = caught.value.messages["net"]
    assert isinstance(message, Message) and message.kind == "match.amounts_unbalanced"
    assert str(message) == "the amounts do not sum to zero, so they cannot be settled"
    assert speak(default_name_message(1), ja) == "プレイヤー2"
    counted = count_message("Pineapple OFC", 2, 3, 5)
    assert counted is not None and counted.kind == "match.player_count"
    assert str(counted) == "Pineapple OFC takes 2 or 3 players; got 5"


def test_every_match_sentence_has_its_japanese(ja: gettext.GNUTranslations) -> None:
    missing = []
    for kind, sentence in MATCH_SENTENCES.items():
        assert kind.startswith("match.")
        english = sentence if isinstance(sentence, str) else sentence.other
        said = (
            ja.gettext(sentence)
            if isinstance(sentence, str)
            else ja.ngettext(sentence.one, sentence.other, 2)
        )
        if said == english:
            missing.append(kind)
    assert not missing
