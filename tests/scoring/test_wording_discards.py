"""The discard referee's records and its wording (scoring/wording/discards.py, issue 36).

The engine keeps kinds and values; the sentences are said in English and, through the same
catalogue the server uses, in Japanese.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from scoring.discards import (
    CONSEQUENCES,
    OUTCOMES,
    SITUATIONS,
    SWITCHED_OUTCOMES,
    TIMINGS,
    DiscardError,
    rule,
)
from scoring.messages import Message
from scoring.wording import SENTENCES
from scoring.wording.discards import SENTENCES as DISCARD_SENTENCES
from scoring.wording.speak import speak

LOCALE = Path(__file__).resolve().parents[2] / "locale"
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


@pytest.fixture(scope="module")
def ja() -> gettext.GNUTranslations:
    return gettext.translation("django", LOCALE, ["ja"])


def _table_sentences() -> Iterator[Message]:
    for timings in TIMINGS.values():
        for timing in timings.values():
            yield from (timing.label, timing.when, timing.deadline, timing.next_round)
            yield from (step.text for step in timing.steps)
    verdicts = [*OUTCOMES.values()]
    verdicts += [v for table in SWITCHED_OUTCOMES.values() for v in table.values()]
    for verdict in verdicts:
        yield verdict.decision
        yield from (step.text for step in verdict.steps)
    yield from SITUATIONS.values()
    yield from CONSEQUENCES.values()


def test_each_table_sentence_takes_the_values_its_english_names() -> None:
    """A table names the values ``rule`` fills in; they are the sentence's placeholders."""
    sentences = list(_table_sentences())
    assert len(sentences) > 60
    for sentence in sentences:
        assert sentence.kind.startswith("discards.")
        english = DISCARD_SENTENCES[sentence.kind]
        assert isinstance(english, str)
        assert set(sentence.values) == set(PLACEHOLDER.findall(english)), sentence.kind


def test_a_ruling_keeps_only_the_values_its_sentence_says() -> None:
    decision = rule("crazy", "discarded_early", player="Ann")
    early = next(r for r in decision.rulings if r.interpretation == "H23")
    assert early.message.kind == "discards.early_discard_made_stands"
    assert set(early.message.values) == {"deadline", "player"}
    assert early.text == (
        "A card that has left the hand cannot be exchanged, so a discard made before the turn is "
        "dealt stands and Ann plays the two cards kept."
    )
    assert decision.decision_message.kind == "discards.early_discard_stands"
    assert (
        decision.decision
        == str(decision.decision_message)
        == ("The early discard stands: Ann plays on with the two cards kept.")
    )


def test_a_named_player_rules_in_japanese(ja: gettext.GNUTranslations) -> None:
    decision = rule("crazy", "discarded_early", player="Ann")
    said = [speak(r.message, ja) for r in decision.rulings]
    assert (
        "手を離れたカードは交換できないので、ターンが配られる前にした捨て札は有効で、Annは残した2枚で"
        "プレイします。" in said
    )
    assert not any(text.isascii() for text in said)  # every ruling said in Japanese


def test_the_unnamed_player_is_a_record_said_in_each_language(
    ja: gettext.GNUTranslations,
) -> None:
    """No name typed: "The player" opening a sentence, "the player" inside one, and the
    rulings' subject, each a record the reader's language says ("プレイヤー")."""
    decision = rule("pineapple", "no_discard_before_acting")
    assert (
        decision.decision
        == "The player must discard one card at once, face down; the hand goes on."
    )
    assert speak(decision.decision_message, ja) == (
        "プレイヤーはすぐに1枚を伏せて捨てなければなりません。ハンドは続行します。"
    )
    ruling = decision.rulings[0]
    assert ruling.subject == "The player"
    assert ruling.subject_message is not None
    assert speak(ruling.subject_message, ja) == "プレイヤー"
    assert rule("pineapple", "no_discard_before_acting", player="Ann").rulings[0].subject == "Ann"


def test_a_timing_is_said_inside_the_decision_in_japanese(ja: gettext.GNUTranslations) -> None:
    decision = rule("lazy", "discard_timing")
    assert decision.decision == "The player discards only at the showdown, after the river betting."
    assert speak(decision.decision_message, ja) == (
        "プレイヤーはリバーのベッティングの後、ショーダウンでだけ捨てます。"
    )


@pytest.mark.parametrize(
    ("args", "english", "japanese"),
    [
        (
            ("crazy", "discard_timing", "at_deal"),
            "'at_deal' is not a Crazy Pineapple discard timing: choose after_flop or at_flop",
            "'at_deal'はクレイジー・パイナップルの捨てるタイミングではありません："
            "after_flopまたはat_flopを選んでください",
        ),
        (
            ("lazy", "discard_timing", "at_deal"),
            "'at_deal' is not a Lazy Pineapple discard timing: choose showdown",
            "'at_deal'はレイジー・パイナップルの捨てるタイミングではありません："
            "showdownを選んでください",
        ),
    ],
)
def test_a_refusal_offers_the_timings_in_each_language(
    args: tuple[str, ...], english: str, japanese: str, ja: gettext.GNUTranslations
) -> None:
    with pytest.raises(DiscardError) as refused:
        rule(*args)
    assert refused.value.errors == {"timing": [english]}
    (message,) = refused.value.messages["timing"]
    assert isinstance(message, Message) and message.kind == "discards.unknown_timing"
    assert speak(message, ja) == japanese


def test_every_discard_kind_is_in_the_wording_layer() -> None:
    assert DISCARD_SENTENCES.items() <= SENTENCES.items()
    assert all(kind.startswith("discards.") for kind in DISCARD_SENTENCES)
