"""Sentences shared by every game: cards, hands, players, readings, rulesets, rulings.

The deciding modules: scoring/cards.py, hands.py, rulesets.py, rulings.py, readings.py,
errors.py.
"""

from __future__ import annotations

from scoring.wording.base import N_, Plural, Sentence

SENTENCES: dict[str, Sentence] = {
    # --- Cards (scoring/cards.py): text that is not a card, and a card entered twice ---------
    "common.card_impossible": N_("no card has rank %(rank)s and suit %(suit)s"),
    "common.card_not_one": N_("expected one card, got %(count)s in %(text)s"),
    "common.cards_not_text": N_("cards must be given as text, not %(type)s"),
    "common.not_a_card": N_(
        "%(token)s is not a card: a card is a rank (2-9, T or 10, J, Q, K, A) and "
        "a suit (s, h, d, c or ♠ ♥ ♦ ♣), e.g. As or 10h; a Joker is X"
    ),
    "common.duplicate_in_one_place": Plural(
        "%(card)s is in %(place)s %(count)s time",
        "%(card)s is in %(place)s %(count)s times",
        "count",
    ),
    "common.duplicate_in_places": N_("%(card)s is in %(first)s and in %(places)s"),
    # Each place after the second: "A and in B and in C".
    "common.duplicate_in_again": N_("in %(place)s"),
    "common.chained": N_("%(first)s and %(rest)s"),
    # --- Hands (scoring/hands.py) ------------------------------------------------------------
    # Each category inside a sentence ("a straight or better").
    "common.category_high_card": N_("high card"),
    "common.category_pair": N_("pair"),
    "common.category_two_pair": N_("two pair"),
    "common.category_three_of_a_kind": N_("three of a kind"),
    "common.category_straight": N_("straight"),
    "common.category_flush": N_("flush"),
    "common.category_full_house": N_("full house"),
    "common.category_four_of_a_kind": N_("four of a kind"),
    "common.category_straight_flush": N_("straight flush"),
    "common.category_royal_flush": N_("royal flush"),
    # Card counts as choices: "5 or 7".
    "common.hand_size": N_("a hand needs %(wanted)s cards, not %(count)s"),
    "common.hand_joker_unresolved": N_("a Joker must be resolved before the hand is evaluated"),
    "common.hand_card_twice": N_("a hand cannot hold the same card twice"),
    # --- Rulesets (scoring/rulesets.py): a ruleset in a line, and an unknown key --------------
    "common.ruleset_summary": N_("%(name)s: %(players)s players; %(deck)s; %(fantasyland)s."),
    "common.ruleset_deck": N_("%(count)s cards"),
    "common.ruleset_deck_jokers": Plural(
        "%(count)s cards with %(jokers)s Joker (X)",
        "%(count)s cards with %(jokers)s Jokers (X)",
        "jokers",
    ),
    "common.ruleset_no_fantasyland": N_("no Fantasyland"),
    "common.ruleset_fantasyland_cards": N_("Fantasyland %(count)s cards"),
    "common.ruleset_fantasyland_range": N_("Fantasyland %(least)s-%(most)s cards"),
    "common.ruleset_unknown": N_("ruleset must be one of %(known)s, not %(key)s"),
    # --- Switchable house readings (scoring/readings.py) -------------------------------------
    "common.reading_label": N_("%(label)s (%(interpretation)s)"),
    "common.reading_value_refused": N_(
        "%(interpretation)s is read %(plain)s (the plain reading) or %(other)s, not %(value)s"
    ),
    "common.reading_refused": N_(
        "house reading %(interpretation)s is %(plain)s or %(other)s, not %(value)s"
    ),
    "common.reading_plain": N_("house reading %(interpretation)s: %(reading)s"),
    "common.reading_switched": N_(
        "house reading %(interpretation)s, switched by the host: %(reading)s"
    ),
}
