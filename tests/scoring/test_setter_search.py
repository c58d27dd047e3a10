"""The bounds of the setter's search (scoring/setter_search.py) on cards picked to trip them."""

from __future__ import annotations

from scoring.cards import parse_cards
from scoring.hands import Category
from scoring.setter_search import Deal


def test_the_best_category_finds_a_royal_flush_in_a_later_suit() -> None:
    """JOKER-OFC 3.1: two Jokers make A K Q of hearts a royal flush; the spades make only a
    straight flush, and spades come first, so a bound stopping at the first suit's straight
    flush would understate what the cards can make."""
    deal = Deal(parse_cards("Ah Kh Qh 9s 8s 7s 6s 5s 4c 3d 2d"))
    assert deal.best_category(deal.all, deal.counter, 2) == Category.ROYAL_FLUSH
    assert deal.best_category(deal.all, deal.counter, 2, cap=8) == Category.STRAIGHT_FLUSH
    assert deal.best_category(deal.all, deal.counter, 0) == Category.STRAIGHT_FLUSH


def test_the_best_category_is_at_least_trips_and_at_most_the_cap() -> None:
    """The bound may overstate a weak row (trips at least) but never exceeds the cap."""
    deal = Deal(parse_cards("Ah Kd 9s 7c 4h 2d"))
    assert deal.best_category(deal.all, deal.counter, 0) == Category.THREE_OF_A_KIND
    assert deal.best_category(deal.all, deal.counter, 0, cap=1) == Category.PAIR
