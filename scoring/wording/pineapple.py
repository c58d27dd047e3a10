"""Sentences of Pineapple, Crazy and Lazy Pineapple: hands, pots, hi-lo.

The deciding modules: scoring/pineapple.py, scoring/pineapple_readings.py (the switchable
readings H8 and H20) and scoring/pots.py (main and side pots, halves, odd chips: H9).
"""

from __future__ import annotations

from scoring.wording.base import N_, Plural, Sentence

SENTENCES: dict[str, Sentence] = {
    # --- Names said alone: the versions, the places, the rulings' subjects ----------------------
    "pineapple.version_pineapple": N_("Pineapple"),
    "pineapple.version_crazy": N_("Crazy Pineapple"),
    "pineapple.version_lazy": N_("Lazy Pineapple"),
    "pineapple.the_board": N_("the board"),
    "pineapple.hole_of": N_("%(name)s's hole"),
    "pineapple.subject_game": N_("The game"),
    "pineapple.subject_high": N_("The high"),
    "pineapple.subject_low": N_("The low"),
    "pineapple.subject_button": N_("The button"),
    "pineapple.the_pot": N_("The pot"),
    "pineapple.contribution_of": N_("%(name)s's contribution"),
    # --- Phrases inside a sentence --------------------------------------------------------------
    "pineapple.using_hole": N_("using %(cards)s from the hole"),
    "pineapple.playing_board": N_("playing the board"),
    # --- Refusals: the table and the cards as entered -------------------------------------------
    "pineapple.unknown_version": N_(
        "%(game)s is not a Pineapple version: choose pineapple, crazy or lazy"
    ),
    "pineapple.player_count": N_("%(problem)s (PPR 1.4)"),
    "pineapple.board_size": N_(
        "The board holds %(size)s cards at the showdown (flop, turn and river), not %(count)s"
    ),
    "pineapple.board_joker": N_(
        "The board holds a Joker: Pineapple uses a 52-card deck with no jokers (PPR 1.2)"
    ),
    "pineapple.hole_joker": N_(
        "%(name)s's hole holds a Joker: Pineapple uses a 52-card deck with no jokers (PPR 1.2)"
    ),
    "pineapple.card_repeated": N_("%(card)s is in %(place)s %(count)s times"),
    "pineapple.places_and": N_("%(place)s and in %(more)s"),
    "pineapple.card_duplicated": N_("%(card)s is in %(places)s"),
    "pineapple.folded_hole_size": N_("%(name)s's hole holds at most 3 cards, not %(count)s"),
    "pineapple.showdown_hole_size": N_(
        "%(name)s's hole must hold %(wanted)s cards at a %(version)s showdown (PPR 7.2), "
        "not %(count)s: enter the cards %(name)s showed, or mark %(name)s folded"
    ),
    "pineapple.hand_short": N_("a hand needs five cards between the hole and the board"),
    "pineapple.no_live_hand": N_(
        "No live hand is left at the showdown (every hand folded or dead), so there is "
        "nothing to settle"
    ),
    # --- Refusals: the chips --------------------------------------------------------------------
    "pineapple.chips_whole": N_("%(place)s must be a whole number of chips, 0 or more"),
    "pineapple.button_seat": N_("The button must be one of the players' seats, 0 to %(last)s"),
    "pineapple.pot_and_contributions": N_(
        "Give either the pot or each player's contribution, not both"
    ),
    "pineapple.contribution_missing": N_(
        "%(name)s's contribution is missing: give every player's contribution (0 for a "
        "player who put nothing in), or none and the pot instead"
    ),
    # --- The game's rulings ---------------------------------------------------------------------
    "pineapple.lazy_keeps_three": N_(
        "Lazy Pineapple: players keep all three hole cards to the showdown and discard only then."
    ),
    "pineapple.lazy_hand": N_(
        "Each hand is the best five cards from the board and any two (or fewer) of the three "
        "hole cards; never all three."
    ),
    "pineapple.discarded_before_flop": N_(
        "%(version)s: every player still in discarded before the flop, so the showdown plays "
        "as Hold'em with two hole cards each."
    ),
    "pineapple.discarded_before_turn": N_(
        "%(version)s: every player still in discarded before the turn, so the showdown plays "
        "as Hold'em with two hole cards each."
    ),
    "pineapple.holdem_hand": N_(
        "Each hand is the best five cards from the two hole cards and the board, using both, "
        "one or neither hole card."
    ),
    "pineapple.hi_lo_reading": N_(
        "High-low eight-or-better: the pot is split between the best high and the best low of "
        "five different ranks eight or lower; %(reading)s."
    ),
    "pineapple.hi_lo": N_(
        "High-low eight-or-better: the pot is split between the best high and the best low of "
        "five different ranks eight or lower, each half read separately from any of the hole "
        "cards a hand may use."
    ),
    # --- Each player's rulings ------------------------------------------------------------------
    "pineapple.folded": N_(
        "%(name)s folded: not eligible for any pot; chips already put in stay in the pots."
    ),
    "pineapple.dead_one_card": N_(
        "%(name)s shows down one hole card; a %(version)s showdown hand needs %(needed)s hole "
        "cards, and a card in the muck cannot come back, so the hand is dead: %(name)s wins "
        "nothing."
    ),
    "pineapple.dead_no_discard": N_(
        "%(name)s still holds three hole cards at the showdown of %(version)s: the discard was "
        "never made, so the hand is dead."
    ),
    "pineapple.dead_wins_nothing": N_(
        "A %(version)s showdown hand is two hole cards; %(name)s wins nothing."
    ),
    "pineapple.tabled_three": N_(
        "%(name)s tabled all three hole cards; the dealer reads the best hand using no more "
        "than two of them."
    ),
    "pineapple.tabled_two": N_(
        "%(name)s tabled the two hole cards played and discarded the third."
    ),
    "pineapple.best_hand": N_("%(name)s's best hand: %(hand)s (%(cards)s), %(using)s."),
    "pineapple.no_low_kept": N_(
        "%(name)s has no low from the two kept for the high (%(kept)s): no five different ranks "
        "eight or lower can be made."
    ),
    "pineapple.no_low": N_(
        "%(name)s has no low: no five different ranks eight or lower can be made."
    ),
    "pineapple.best_low_kept": N_(
        "%(name)s's best low from the two kept for the high (%(kept)s): %(low)s (%(cards)s), "
        "%(using)s."
    ),
    "pineapple.best_low": N_("%(name)s's best low: %(low)s (%(cards)s), %(using)s."),
    # --- Who wins each half ---------------------------------------------------------------------
    "pineapple.only_live_hand": N_("%(name)s holds the only live hand and wins the high."),
    "pineapple.high_winner": N_("%(name)s has the best high hand: %(hand)s."),
    "pineapple.high_tie": N_("%(names)s tie for the best high hand (%(hand)s) and split it."),
    "pineapple.no_low_qualifies": N_(
        "No hand qualifies for low, so the best high hand takes the whole pot."
    ),
    "pineapple.low_winner": N_("%(name)s has the best low: %(low)s."),
    "pineapple.low_tie": N_("%(names)s tie for the best low (%(low)s) and split it."),
    "pineapple.button_taken": N_(
        "No button was given, so %(button)s (the last seat listed) is taken as the button and "
        "odd chips start with %(first)s."
    ),
    # --- The readings a host may switch (H8, H20) -----------------------------------------------
    "pineapple.reading_lazy_own": N_(
        "each half chooses its own hole cards, no more than two of the three"
    ),
    "pineapple.reading_lazy_shared": N_(
        "both halves play the same two hole cards, the two that make the best high (of two "
        "making the same high, the one making the better low)"
    ),
    "pineapple.reading_late_dead": N_(
        "a missed discard noticed after the player acted on the next round kills the hand"
    ),
    "pineapple.reading_late_allowed": N_(
        "a missed discard noticed after the player acted is made at once and the hand plays "
        "on, up to the showdown"
    ),
    "pineapple.question_lazy_hi_lo": N_("The hole cards of each half in Lazy Pineapple hi-lo"),
    "pineapple.question_late_discard": N_("A missed discard noticed after the player acted"),
    "pineapple.late_discard_alone": N_(
        "A missed discard may still be made after the player has acted (not a dead hand)"
    ),
    # --- Pots (scoring/pots.py): names, refusals ------------------------------------------------
    "pineapple.seat": N_("Seat %(number)s"),
    "pineapple.main_pot": N_("The main pot"),
    "pineapple.side_pot": N_("Side pot %(number)s"),
    "pineapple.chips_whole_not": N_(
        "%(place)s must be a whole number of chips, 0 or more, not %(value)s"
    ),
    "pineapple.status_missing": N_("every player needs a contribution and a status (in or folded)"),
    "pineapple.button_not_a_seat": N_(
        "the button must be one of the %(count)s seats, not seat %(seat)s"
    ),
    "pineapple.pot_unwon": N_("%(pot)s has no live hand to award it to"),
    # --- Pots: how each is divided (H9) ---------------------------------------------------------
    "pineapple.pot_to_only_player": Plural(
        "%(pot)s (%(amount)s chip; %(eligible)s eligible) goes to %(winner)s, the only player "
        "still in it.",
        "%(pot)s (%(amount)s chips; %(eligible)s eligible) goes to %(winner)s, the only player "
        "still in it.",
        "amount",
    ),
    "pineapple.pot_halved": Plural(
        "%(pot)s (%(amount)s chip; %(eligible)s eligible) is halved: %(high_amount)s to the "
        "high (%(high)s), %(low_amount)s to the low (%(low)s).",
        "%(pot)s (%(amount)s chips; %(eligible)s eligible) is halved: %(high_amount)s to the "
        "high (%(high)s), %(low_amount)s to the low (%(low)s).",
        "amount",
    ),
    "pineapple.pot_no_low": Plural(
        "%(pot)s (%(amount)s chip; %(eligible)s eligible): no hand in it qualifies for low, so "
        "it goes whole to %(high)s.",
        "%(pot)s (%(amount)s chips; %(eligible)s eligible): no hand in it qualifies for low, so "
        "it goes whole to %(high)s.",
        "amount",
    ),
    "pineapple.pot_to_high": Plural(
        "%(pot)s (%(amount)s chip; %(eligible)s eligible) goes to %(high)s.",
        "%(pot)s (%(amount)s chips; %(eligible)s eligible) goes to %(high)s.",
        "amount",
    ),
    "pineapple.odd_chip_halving": N_("The odd chip of the halving goes to the high half."),
    "pineapple.odd_chips_high": Plural(
        "The high does not split evenly: the odd chip goes to %(winners)s, first clockwise "
        "from the button.",
        "The high does not split evenly: the odd chips go to %(winners)s, first clockwise "
        "from the button.",
        "odd",
    ),
    "pineapple.odd_chips_low": Plural(
        "The low does not split evenly: the odd chip goes to %(winners)s, first clockwise "
        "from the button.",
        "The low does not split evenly: the odd chips go to %(winners)s, first clockwise "
        "from the button.",
        "odd",
    ),
    "pineapple.chips_paid": N_("%(name)s %(chips)s"),
    "pineapple.chips_listed": N_("%(item)s, %(more)s"),
    "pineapple.chips_line": N_("Chips: %(paid)s."),
    "pineapple.sentences": N_("%(sentence)s %(more)s"),
    "pineapple.returned": Plural(
        "%(name)s's last %(chips)s chip was matched by no player still in the hand, so it goes "
        "back to them.",
        "%(name)s's last %(chips)s chips were matched by no player still in the hand, so they "
        "go back to them.",
        "chips",
    ),
}
