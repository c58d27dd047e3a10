"""House rules' sentences (scoring/wording/house.py), said from scoring.house's records in English
and, through the Japanese catalogue, in Japanese (issue 36).

scoring.house decides and keeps records: what a house rule's citation departs from is a record of
the articles and the base's value (the number of articles decides "gives" or "give"), a refusal
is a record at its setting, and a ruling under switched readings says the article it replaces.
"""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest

from scoring.errors import InputError
from scoring.house import PINEAPPLE, PRESETS, SETTINGS, check, house_readings, house_ruleset
from scoring.wording import Plural
from scoring.wording.house import SENTENCES
from scoring.wording.speak import speak

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "locale"


@pytest.fixture(scope="module")
def japanese() -> gettext.GNUTranslations:
    return gettext.translation("django", LOCALE, ["ja"])


def _note(changes: dict, setting: str, base: str = "pineapple-ofc"):
    return house_ruleset("t3st", base, changes).house_notes[f"HOUSE-t3st {setting}"]


def test_one_article_gives_and_two_or_three_give_in_english() -> None:
    one = _note({"foul_penalty": 3}, "foul_penalty")
    two = _note({"row_point": 2}, "row_point")
    three = _note({"scoring": "2-4"}, "scoring")
    assert one.kind == "house.document_gives"
    assert str(one) == "OFC-BETA 6.5 gives 6"
    assert str(two) == "OFC-BETA 6.2 and OFC-BETA 6.4 give 1"
    assert str(three) == "OFC-BETA 6.3, OFC-BETA 6.2 and OFC-BETA 6.5 give 1-6"
    assert one.as_dict()["fields"]["count"] == 1 and two.as_dict()["fields"]["count"] == 2


def test_a_note_reads_in_japanese_at_one_and_two_articles(
    japanese: gettext.GNUTranslations,
) -> None:
    assert speak(_note({"foul_penalty": 3}, "foul_penalty"), japanese) == "OFC-BETA 6.5の定め：6"
    two = speak(_note({"row_point": 2}, "row_point"), japanese)
    assert two == "OFC-BETA 6.2、OFC-BETA 6.4の定め：1"


def test_a_notes_words_are_records_in_every_language(japanese: gettext.GNUTranslations) -> None:
    """The base's value said in words ("no", "its own table") is a record, not English."""
    off = _note({"fantasyland": True}, "fantasyland")
    assert str(off) == "OFC-BETA 9.1 gives no"
    assert speak(off, japanese) == "OFC-BETA 9.1の定め：いいえ"
    joker = {"fantasyland_entry": {"queens": 14}, "fantasyland_stay_cards": 15}
    entry = _note(joker, "fantasyland_entry", "joker-ofc")
    stay = _note(joker, "fantasyland_stay_cards", "joker-ofc")
    assert str(entry) == "JOKER-OFC 7.2 gives its own table"
    assert str(stay) == "JOKER-OFC 5.3 gives the count entered with"
    assert speak(entry, japanese) == "JOKER-OFC 7.2の定め：独自の表"
    assert speak(stay, japanese) == "JOKER-OFC 5.3の定め：入ったときと同じ枚数"


def test_a_house_rule_played_on_ofc_notes_the_article_in_its_ruling(
    japanese: gettext.GNUTranslations,
) -> None:
    """The ruling a house rule decides carries the note as a record, said in Japanese too."""
    from scoring.cards import parse_cards
    from scoring.ofc import PlayerBoard, score_table

    rows = ("Qs Qd 7c", "9s 9h 4c 4d 2s", "Ah Jh 8h 6h 3h")
    fouled = ("As Ad 7d", "9d 9c 5c 5d 2d", "Kh Jc 8c 6c 3c")  # aces on top over two pair
    boards = [
        PlayerBoard("Ann", *(parse_cards(r) for r in rows)),
        PlayerBoard("Bob", *(parse_cards(r) for r in fouled)),
    ]
    table = score_table(house_ruleset("t3st", "pineapple-ofc", {"foul_penalty": 3}), boards)
    (ruling,) = [r for r in table.rulings if r.citation == "HOUSE-t3st foul_penalty"]
    assert ruling.text.endswith("(OFC-BETA 6.5 gives 6).")
    assert "OFC-BETA 6.5の定め：6" in speak(ruling.message, japanese)


def test_switched_readings_note_title_and_ruling_in_japanese(
    japanese: gettext.GNUTranslations,
) -> None:
    house = house_readings("t3st", {"late_discard": "allowed"}, PINEAPPLE)
    note = house.note_messages["HOUSE-t3st late_discard"]
    assert note.kind == "house.plain_reading"
    assert house.notes["HOUSE-t3st late_discard"] == str(note)
    assert str(note).startswith("H20's plain reading of PPR 6.4 ('dead'): ")
    assert speak(note, japanese).startswith("H20（PPR 6.4）の標準の解釈（'dead'）：")
    assert house.title == "House rules t3st (from Pineapple, Crazy and Lazy Pineapple (PPR))"
    assert speak(house.title_message, japanese).startswith("ハウスルール t3st")


def test_a_refusal_is_a_record_at_its_setting(japanese: gettext.GNUTranslations) -> None:
    with pytest.raises(InputError) as refused:
        check("pineapple-ofc", {"fantasyland": False, "fantasyland_stay_cards": 15})
    (message,) = refused.value.messages["changes.fantasyland_stay_cards"]
    assert message.kind == "house.fantasyland_off"
    assert str(message) == "Fantasyland is turned off, so it has no stay_cards"
    assert speak(message, japanese) == "ファンタジーランドがオフなので、stay_cardsはありません"


def test_labels_and_presets_are_worded_here() -> None:
    """A setting's label and a preset's title and source are records of this module's kinds;
    a preset's English title is the one its saved house rules keep."""
    assert {s.label.kind for s in SETTINGS.values()} == {f"house.label_{name}" for name in SETTINGS}
    assert str(SETTINGS["foul_penalty"].label) == "What a foul pays"
    for preset in PRESETS.values():
        assert preset.title_message.kind in SENTENCES
        assert preset.source_message.kind in SENTENCES
    assert PRESETS["foul-three"].title == "A foul pays 3"


def test_every_kind_the_engine_says_is_worded_and_translated(
    japanese: gettext.GNUTranslations,
) -> None:
    """Each say("house....") in scoring/house.py has a sentence here, and each sentence (both
    forms of a plural) a Japanese entry."""
    said = set(re.findall(r'say\(\s*"(house\.[a-z_]+)"', (ROOT / "scoring/house.py").read_text()))
    assert said and said <= set(SENTENCES), sorted(said - set(SENTENCES))
    missing = []
    for kind, sentence in SENTENCES.items():
        if isinstance(sentence, Plural):
            ones = japanese.ngettext(sentence.one, sentence.other, 1)
            if ones in (sentence.one, sentence.other):
                missing.append(kind)
        elif japanese.gettext(sentence) == sentence and re.search("[a-z]", sentence):
            missing.append(kind)
    assert not missing, missing
