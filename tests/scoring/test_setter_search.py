"""The bounds of the setter's search (scoring/setter_bounds.py) on cards picked to trip them."""

from __future__ import annotations

import itertools
import random

import pytest

from scoring.cards import DECK_52, parse_cards
from scoring.hands import Category
from scoring.setter_deal import Deal
from scoring.setter_scale import CATEGORY


def test_the_best_category_finds_a_royal_flush_in_a_later_suit() -> None:
    """JOKER-OFC 3.1: two Jokers make A K Q of hearts a royal flush; the spades make only a
    straight flush, and spades come first, so a bound stopping at the first suit's straight
    flush would understate what the cards can make."""
    deal = Deal(parse_cards("Ah Kh Qh 9s 8s 7s 6s 5s 4c 3d 2d"))
    assert deal.best_category(deal.all, deal.counter, 2) == Category.ROYAL_FLUSH
    assert deal.best_category(deal.all, deal.counter, 2, cap=8) == Category.STRAIGHT_FLUSH
    assert deal.best_category(deal.all, deal.counter, 0) == Category.STRAIGHT_FLUSH


@pytest.mark.parametrize(
    ("cards", "jokers", "made"),
    [
        ("Ah Jd 7s 3c", 0, Category.HIGH_CARD),
        ("Ah Jd 7s 3c", 1, Category.PAIR),  # the Joker pairs any card
        ("Ah Jd 7s 3c", 2, Category.THREE_OF_A_KIND),  # two Jokers join any card
        ("Ah Ad 9s 7c 4h 2d", 0, Category.PAIR),
        ("Ah Ad 9s 7c 4h 2d", 1, Category.THREE_OF_A_KIND),
        ("Ah Ad 9s 9c 4h 2d", 0, Category.TWO_PAIR),
        ("Ah Ad Ac 9c 4h 2d", 0, Category.THREE_OF_A_KIND),
    ],
)
def test_below_a_straight_the_best_category_is_what_the_ranks_make(
    cards: str, jokers: int, made: Category
) -> None:
    """No suit or run makes more here, so the bound is the trips, pairs or high card the ranks
    and Jokers make: a bottom whose other cards hold no trips is not searched for a middle of
    trips."""
    deal = Deal(parse_cards(cards))
    assert deal.best_category(deal.all, deal.counter, jokers) == made


def test_the_best_category_is_at_most_the_cap() -> None:
    deal = Deal(parse_cards("Ah Ad Ac 9c 4h 2d"))
    assert deal.best_category(deal.all, deal.counter, 0, cap=1) == Category.PAIR


def test_the_best_category_never_understates_what_five_of_the_cards_make() -> None:
    """The search skips every middle above this bound, so it must bound every five of the cards
    left (with the Jokers), on random cards of random deals."""
    rng = random.Random(2026)
    for _ in range(300):
        deal = Deal(rng.sample(DECK_52, 14))
        mask = sum(1 << i for i in rng.sample(range(deal.size), rng.randint(5, 9)))
        counter = sum(deal.units[i] for i in deal.indices(mask))
        for jokers in range(3):
            made = max(
                CATEGORY[place]
                for cards in itertools.combinations(deal.indices(mask), 5 - jokers)
                for place, _, _, _, _ in [deal.row(cards, jokers)]
            )
            assert deal.best_category(mask, counter, jokers) >= made, (deal.cards, mask, jokers)
