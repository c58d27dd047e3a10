"""OFC's records and their wording (scoring/wording/ofc.py, issue 36).

The engine keeps kinds and values; the sentences are said in English and, through the same
catalogue the server uses, in Japanese. The plurals read right at 1 and at 2.
"""

from __future__ import annotations

import gettext
from collections.abc import Sequence
from pathlib import Path

import pytest

from scoring.cards import parse_cards
from scoring.messages import Message
from scoring.ofc import OfcError, PlayerBoard, score_table, validate
from scoring.rulesets import get_ruleset
from scoring.wording.speak import speak

LOCALE = Path(__file__).resolve().parents[2] / "locale"
BOB = PlayerBoard(
    "Bob", parse_cards("Kc 8d 3s"), parse_cards("5s 5h 5c Ad 2h"), parse_cards("6c 7d 8c 9c Td")
)


@pytest.fixture(scope="module")
def ja() -> gettext.GNUTranslations:
    return gettext.translation("django", LOCALE, ["ja"])


def board(
    name: str, top: str, middle: str, bottom: str, discards: str | None = None, fl: bool = False
) -> PlayerBoard:
    cards = [parse_cards(row) for row in (top, middle, bottom)]
    return PlayerBoard(name, *cards, None if discards is None else parse_cards(discards), fl)


def refusals(ruleset: str, boards: Sequence[PlayerBoard]) -> dict[str, list[str | Message]]:
    with pytest.raises(OfcError) as refused:
        validate(get_ruleset(ruleset), boards)
    return refused.value.messages


def only(said: dict[str, list[str | Message]], field: str) -> Message:
    assert list(said) == [field]
    (message,) = said[field]
    assert isinstance(message, Message)
    return message


def test_a_missing_discard_is_one_card_in_fantasyland(ja: gettext.GNUTranslations) -> None:
    ann = board(
        "Ann",
        "2s 2d 2c",
        "9s 9h 9c 4d 3s",
        "Ah Jh 8h 6h 3h",
        discards="Th Tc",
        fl=True,
    )
    bob = board("Bob", "Kc 8d 7s", "5s 5h 5c Ad 2h", "6c 7d 8c 9d Td")
    said = only(refusals("pineapple-2p-v1", [ann, bob]), "players.0.discards")
    assert said.kind == "ofc.discard_count"
    assert str(said) == (
        "Ann discards 1 card in Fantasyland (14 dealt, 13 placed), not 2 "
        "(pineapple-2p-v1 Fantasyland deal size)"
    )
    assert speak(said, ja) == (
        "Annはファンタジーランドで1枚捨てます（14枚配られ、13枚置く）。2枚ではありません"
        "（pineapple-2p-v1 Fantasyland deal size）"
    )


def test_discards_in_a_normal_hand_are_four_cards(ja: gettext.GNUTranslations) -> None:
    ann = board("Ann", "Qs Qd 7c", "9s 9h 4c 4d 2s", "Ah Jh 8h 6h 3h", discards="2c 3c 4s")
    said = only(refusals("pineapple-ofc", [ann, BOB]), "players.0.discards")
    assert str(said) == (
        "Ann discards 4 cards in a normal hand (17 dealt, 13 placed), not 3 (OFC-BETA 2.1)"
    )
    assert speak(said, ja) == (
        "Annは通常のハンドで4枚捨てます（17枚配られ、13枚置く）。3枚ではありません（OFC-BETA 2.1）"
    )


def test_one_joker_too_many_and_two(ja: gettext.GNUTranslations) -> None:
    ann = board("Ann", "Qs Qd X", "9s 9h 4c 4d X", "Ah Jh 8h 6h 3h")
    bob = board("Bob", "Kc 8d 3s", "5s 5h 5c Ad 2h", "6c 7d 8c 9c Td", discards="X 2c 3c 4s")
    one = only(refusals("joker-ofc", [ann, bob]), "players.1.discards")
    assert str(one) == (
        "a Joker too many in Bob's discards: the Joker OFC deck has only 2 (JOKER-OFC 2.1)"
    )
    assert speak(one, ja).startswith("Bobの捨て札のジョーカーが1枚多すぎます：")

    ann = board("Ann", "X X 7c", "9s 9h 4c 4d 2s", "Ah Jh 8h 6h 3h")
    bob = board("Bob", "Kc 8d 3s", "X X 5c Ad 2h", "6c 7d 8c 9c Td")
    two = only(refusals("joker-ofc", [ann, bob]), "players.1.middle")
    assert str(two) == (
        "2 Jokers too many in Bob's middle row: the Joker OFC deck has only 2 (JOKER-OFC 2.1)"
    )
    assert speak(two, ja).startswith("Bobのミドルのジョーカーが2枚多すぎます：")
    assert one.kind == two.kind == "ofc.jokers_too_many"


def test_the_foul_reason_is_the_record_said_in_english(ja: gettext.GNUTranslations) -> None:
    ann = board("Ann", "Qs Qd 7c", "9s 9h 4c 4d 2s", "Ah Jh 8h 6h 3h")
    bob = board("Bob", "Kc 8d 3s", "5s 5h 5c Ad 2h", "Tc 7s 5d 4h 2d")
    fouled = score_table("pineapple-ofc", [ann, bob]).players[1]
    assert fouled.foul_message is not None and fouled.foul_message.kind == "ofc.foul_rows"
    assert fouled.foul_reason == str(fouled.foul_message)
    assert fouled.foul_reason.startswith("on Bob's board the middle row (three fives")
    assert speak(fouled.foul_message, ja).startswith("Bobのボードではミドル")


def test_a_matchup_ruling_names_both_players_in_the_readers_language(
    ja: gettext.GNUTranslations,
) -> None:
    ann = board("Ann", "Qs Qd 7c", "9s 9h 4c 4d 2s", "Ah Jh 8h 6h 3h")
    rulings = score_table("pineapple-ofc", [ann, BOB]).rulings
    matchup = [ruling for ruling in rulings if ruling.subject_message is not None]
    assert matchup and {ruling.subject for ruling in matchup} == {"Ann v Bob"}
    assert {speak(r.subject_message, ja) for r in matchup if r.subject_message} == {"Ann 対 Bob"}


@pytest.mark.parametrize(
    ("count", "english", "japanese"),
    [
        (1, "discards the other one.", "残りの1枚を捨てます。"),
        (3, "discards the other 3.", "残りの3枚を捨てます。"),
    ],
)
def test_a_fantasyland_discard_reads_at_one_and_at_more(
    ja: gettext.GNUTranslations, count: int, english: str, japanese: str
) -> None:
    said = Message("ofc.fantasyland_discards", {"name": "Ann", "count": count})
    assert str(said) == f"In Fantasyland Ann sets 13 cards and {english}"
    assert speak(said, ja).endswith(japanese)
