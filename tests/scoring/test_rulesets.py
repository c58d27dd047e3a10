"""The OFC rulesets as data: players, decks, royalty tables, Fantasyland and their citations."""

from __future__ import annotations

import dataclasses

import pytest

from scoring.cards import parse_cards
from scoring.hands import Category
from scoring.ofc import PlayerBoard, score_table
from scoring.rulesets import RULESETS, UnknownRuleset, get_ruleset
from scoring.rulings import CITATIONS, INTERPRETATIONS

KEYS = ("pineapple-ofc", "pineapple-2p-v1", "joker-ofc")


def test_the_three_rulesets_exist() -> None:
    """DESIGN.md: pineapple-ofc, pineapple-2p-v1 and joker-ofc are the OFC rulesets."""
    assert set(RULESETS) == set(KEYS)


@pytest.mark.parametrize(
    ("key", "least", "most", "jokers"),
    [("pineapple-ofc", 2, 3, 0), ("pineapple-2p-v1", 2, 2, 0), ("joker-ofc", 2, 3, 2)],
)
def test_players_and_deck(key: str, least: int, most: int, jokers: int) -> None:
    """OFC-BETA 2.1 (2-3 players, 52 cards); pineapple-2p-v1 Number of players (exactly two);
    JOKER-OFC 2.1 (54 cards, two Jokers) with H11 (two players may use it)."""
    ruleset = get_ruleset(key)
    assert (ruleset.min_players, ruleset.max_players, ruleset.jokers) == (least, most, jokers)
    assert ruleset.deck_size == 52 + jokers


def test_rows_hold_three_five_five_and_seventeen_cards_are_dealt() -> None:
    """OFC-BETA 1.1 and 2.1: rows of 3, 5 and 5; 17 cards a player, 13 placed and 4 discarded."""
    for ruleset in RULESETS.values():
        assert dict(ruleset.row_sizes) == {"top": 3, "middle": 5, "bottom": 5}
        assert (ruleset.placed_cards, ruleset.dealt_cards) == (13, 17)


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize(
    ("category", "rank", "royalty"),
    [
        (Category.HIGH_CARD, 14, 0),
        (Category.PAIR, 5, 0),
        (Category.PAIR, 6, 1),
        (Category.PAIR, 11, 6),
        (Category.PAIR, 12, 7),
        (Category.PAIR, 13, 8),
        (Category.PAIR, 14, 9),
        (Category.THREE_OF_A_KIND, 2, 10),
        (Category.THREE_OF_A_KIND, 5, 13),
        (Category.THREE_OF_A_KIND, 14, 22),
    ],
)
def test_top_royalties(key: str, category: Category, rank: int, royalty: int) -> None:
    """pineapple-2p-v1 Top royalties (66 = 1 ... AA = 9, 222 = 10 ... AAA = 22), agreeing with
    OFC-BETA 6.7: a pair of queens pays 7 and three fives 13."""
    assert get_ruleset(key).royalty("top", category, rank) == royalty


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize(
    ("category", "middle", "bottom"),
    [
        (Category.TWO_PAIR, 0, 0),
        (Category.THREE_OF_A_KIND, 2, 0),
        (Category.STRAIGHT, 4, 2),
        (Category.FLUSH, 8, 4),
        (Category.FULL_HOUSE, 12, 6),
        (Category.FOUR_OF_A_KIND, 20, 10),
        (Category.STRAIGHT_FLUSH, 30, 15),
        (Category.ROYAL_FLUSH, 50, 25),
    ],
)
def test_middle_and_bottom_royalties(
    key: str, category: Category, middle: int, bottom: int
) -> None:
    """pineapple-2p-v1 Middle royalties and Bottom royalties; OFC-BETA 6.8: anything lower pays
    nothing."""
    ruleset = get_ruleset(key)
    assert ruleset.royalty("middle", category, 9) == middle
    assert ruleset.royalty("bottom", category, 9) == bottom


def test_royalty_citations_follow_each_document() -> None:
    """OFC-BETA 6.7/6.8 for pineapple-ofc and joker-ofc; pineapple-2p-v1's own topics there."""
    assert get_ruleset("pineapple-ofc").royalty_citation("top") == "OFC-BETA 6.7"
    assert get_ruleset("joker-ofc").royalty_citation("bottom") == "OFC-BETA 6.8"
    v1 = get_ruleset("pineapple-2p-v1")
    assert v1.royalty_citation("middle") == "pineapple-2p-v1 Middle royalties"
    assert v1.citations.foul_payout == "pineapple-2p-v1 Foul payout"


def test_pineapple_ofc_has_no_fantasyland() -> None:
    """OFC-BETA 9.1: no Fantasyland."""
    assert get_ruleset("pineapple-ofc").fantasyland is None


@pytest.mark.parametrize(
    ("category", "rank", "cards"),
    [
        (Category.HIGH_CARD, 14, None),
        (Category.PAIR, 11, None),
        (Category.PAIR, 12, 14),
        (Category.PAIR, 14, 14),
        (Category.THREE_OF_A_KIND, 2, 14),
    ],
)
def test_pineapple_2p_v1_fantasyland_entry(category: Category, rank: int, cards: int) -> None:
    """pineapple-2p-v1 Fantasyland qualification: QQ or better on top, flat 14 cards."""
    fantasyland = get_ruleset("pineapple-2p-v1").fantasyland
    assert fantasyland is not None
    assert fantasyland.entry_cards(category, rank) == cards
    assert fantasyland.deal_sizes == (14,)
    assert not fantasyland.played


@pytest.mark.parametrize(
    ("category", "rank", "cards"),
    [
        (Category.PAIR, 11, None),
        (Category.PAIR, 12, 14),
        (Category.PAIR, 13, 15),
        (Category.PAIR, 14, 16),
        (Category.THREE_OF_A_KIND, 2, 17),
        (Category.THREE_OF_A_KIND, 14, 17),
    ],
)
def test_joker_ofc_ultimate_fantasyland_entry(category: Category, rank: int, cards: int) -> None:
    """JOKER-OFC 7.2: Ultimate Fantasyland, QQ 14, KK 15, AA 16, trips 17."""
    fantasyland = get_ruleset("joker-ofc").fantasyland
    assert fantasyland is not None
    assert fantasyland.entry_cards(category, rank) == cards
    assert fantasyland.deal_sizes == (14, 15, 16, 17)


def test_fantasyland_stay_rules() -> None:
    """pineapple-2p-v1 Fantasyland stay: trips top, full house+ middle, quads+ bottom;
    JOKER-OFC 7.2: trips top or quads+ bottom (the middle never keeps a player there)."""
    v1, joker = get_ruleset("pineapple-2p-v1").fantasyland, get_ruleset("joker-ofc").fantasyland
    assert v1 is not None and joker is not None
    assert dict(v1.stay) == {
        "top": Category.THREE_OF_A_KIND,
        "middle": Category.FULL_HOUSE,
        "bottom": Category.FOUR_OF_A_KIND,
    }
    assert dict(joker.stay) == {
        "top": Category.THREE_OF_A_KIND,
        "middle": None,
        "bottom": Category.FOUR_OF_A_KIND,
    }


def test_every_citation_of_every_ruleset_is_in_the_registry() -> None:
    """DESIGN.md: every citation the engine can emit exists in the rule library."""
    for ruleset in RULESETS.values():
        cited = list(dataclasses.asdict(ruleset.citations).values())
        fantasyland = ruleset.fantasyland
        if fantasyland is not None:
            cited += [
                fantasyland.entry_citation,
                fantasyland.deal_citation,
                fantasyland.stay_citation,
                fantasyland.played_citation,
            ]
            cited += [
                c for c in (fantasyland.resolved_citation, fantasyland.same_count_citation) if c
            ]
            for reading in (fantasyland.played_interpretation, fantasyland.discard_interpretation):
                assert reading is None or reading in INTERPRETATIONS
        registered = CITATIONS | set(INTERPRETATIONS)
        assert set(cited) <= registered, set(cited) - registered
        assert ruleset.players_interpretation in (None, *INTERPRETATIONS)


def test_an_unknown_ruleset_names_the_ones_that_exist() -> None:
    """DESIGN.md: bad input gets an error saying what is accepted."""
    with pytest.raises(
        UnknownRuleset, match="must be one of pineapple-ofc, pineapple-2p-v1, joker"
    ):
        get_ruleset("texas")


def test_a_house_profile_is_a_new_entry_not_new_code() -> None:
    """DESIGN.md: a ruleset is data. A house profile with a foul penalty of 5 scores a foul
    (OFC-BETA 8.3's boards) as 5 plus the royalties, with no change to the engine."""
    house = dataclasses.replace(get_ruleset("pineapple-ofc"), key="house-5", foul_penalty=5)
    ann = PlayerBoard(
        "Ann",
        parse_cards("Qs Qd 7c"),
        parse_cards("9s 9h 4c 4d 2s"),
        parse_cards("Ah Jh 8h 6h 3h"),
    )
    bob = PlayerBoard(
        "Bob",
        parse_cards("Kc 8d 3s"),
        parse_cards("Tc 7s 5d 4h 2d"),
        parse_cards("6c 7d 8c 9c Td"),
    )
    result = score_table(house, [ann, bob])
    assert [player.score for player in result.players] == [5 + 11, -(5 + 11)]
