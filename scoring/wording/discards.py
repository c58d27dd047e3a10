"""Sentences of the discard referee: missed, early and late discards (scoring/discards.py).

A table's sentence names the values ``discards.rule`` fills in: ``%(player)s``, ``%(Player)s``
(the player opening a sentence), ``%(when)s``, ``%(deadline)s`` and ``%(next_round)s`` (a
timing's phrases, said in the same language).
"""

from __future__ import annotations

from scoring.wording.base import N_, Sentence

SENTENCES: dict[str, Sentence] = {
    # Each version's discard timings (TIMINGS): a choice's label; when the discard is due, the
    # deadline and the next betting round, inside a ruling; the rules that set the timing.
    "discards.timing_after_preflop": N_("After the pre-flop betting, before the flop"),
    "discards.when_after_preflop": N_(
        "after the pre-flop betting is over and before the flop is dealt"
    ),
    "discards.deadline_flop_dealt": N_("the flop is dealt"),
    "discards.round_flop_betting": N_("the flop betting"),
    "discards.pineapple_discards_before_flop": N_(
        "In Pineapple each player discards one hole card before the flop."
    ),
    "discards.pineapple_discard_after_preflop_betting": N_(
        "The discard comes once the pre-flop betting is over and before the flop is dealt; "
        "only players still in the hand discard."
    ),
    "discards.timing_at_deal": N_("Right after the deal, before any betting (variation)"),
    "discards.when_at_deal": N_("as soon as the deal is complete, before any pre-flop betting"),
    "discards.deadline_preflop_betting": N_("the pre-flop betting starts"),
    "discards.round_preflop_betting": N_("the pre-flop betting"),
    "discards.variation_at_deal": N_(
        "Under this variation, announced by the host, the discard is made as soon as the "
        "deal is complete, before any pre-flop betting."
    ),
    "discards.timing_after_flop": N_("After the flop betting, before the turn (the default)"),
    "discards.when_after_flop": N_("after the flop betting is over and before the turn is dealt"),
    "discards.deadline_turn_dealt": N_("the turn is dealt"),
    "discards.round_turn_betting": N_("the turn betting"),
    "discards.crazy_keeps_three_through_flop": N_(
        "In Crazy Pineapple each player keeps three hole cards through the pre-flop betting "
        "and sees the flop with all three."
    ),
    "discards.crazy_discard_after_flop_betting": N_(
        "Each player still in discards one hole card once the flop betting is over and "
        "before the turn is dealt."
    ),
    "discards.crazy_default_timing": N_(
        "This is the timing whenever the host has not announced the variation."
    ),
    "discards.timing_at_flop": N_("As the flop is dealt, before the flop betting (variation)"),
    "discards.when_at_flop": N_("as soon as the flop is dealt, before the flop betting"),
    "discards.deadline_flop_betting": N_("the flop betting starts"),
    "discards.variation_at_flop": N_(
        "Under this variation, announced by the host, the discard is made as soon as the "
        "flop is dealt, before the flop betting."
    ),
    "discards.timing_showdown": N_("At the showdown, after the river betting"),
    "discards.when_showdown": N_("only at the showdown, after the river betting"),
    "discards.the_showdown": N_("the showdown"),
    "discards.lazy_discards_at_showdown": N_(
        "In Lazy Pineapple players keep all three hole cards through every betting round and "
        "discard only at the showdown."
    ),
    # The situations the referee rules on (SITUATIONS), as the host picks one.
    "discards.situation_discard_timing": N_("When must the discard be made?"),
    "discards.situation_no_discard_before_acting": N_(
        "Did not discard; noticed before acting on the next round"
    ),
    "discards.situation_no_discard_after_acting": N_(
        "Did not discard; noticed after acting, before the showdown"
    ),
    "discards.situation_no_discard_at_showdown": N_(
        "Did not discard; noticed at the showdown (three cards)"
    ),
    "discards.situation_too_few_at_showdown": N_("Fewer than two hole cards at the showdown"),
    "discards.situation_tabled_three_dealer_reads": N_(
        "Tabled three cards and asked the dealer to read the hand"
    ),
    "discards.situation_uses_three_hole_cards": N_("Claims a hand that needs all three hole cards"),
    "discards.situation_wrong_card_discarded": N_("Discarded the wrong card"),
    "discards.situation_discarded_early": N_("Discarded before the discard was due"),
    "discards.situation_discard_exposed": N_("A discard was exposed by accident"),
    # Each consequence in a few words (CONSEQUENCES).
    "discards.consequence_timing": N_("When to discard"),
    "discards.consequence_discard_now": N_("Discard at once"),
    "discards.consequence_hand_dead": N_("Dead hand"),
    "discards.consequence_no_irregularity": N_("No irregularity"),
    "discards.consequence_dealer_reads_two": N_("Dealer reads at most two"),
    "discards.consequence_bound_by_discard": N_("Bound by the discard"),
    "discards.consequence_hand_continues": N_("The hand continues"),
    # The verdicts (OUTCOMES): each decision, then the rulings it cites.
    "discards.discard_is_dead": N_(
        "A discard goes face down to the dealer and into the muck: it is dead and cannot be "
        "taken back."
    ),
    "discards.lazy_keeps_three": N_(
        "In Lazy Pineapple holding three hole cards before the showdown is correct: no "
        "discard is due until then."
    ),
    "discards.lazy_reads_two": N_(
        "The hand is the best five cards from the board and any two (or fewer) of the three "
        "hole cards; never all three."
    ),
    "discards.showdown_two_hole_cards": N_(
        "In Pineapple and Crazy Pineapple a showdown hand is two hole cards."
    ),
    "discards.lazy_no_discard_due": N_(
        "No irregularity: in Lazy Pineapple %(player)s keeps three cards until the showdown."
    ),
    "discards.dead_never_discarded": N_("%(Player)s's hand is dead: the discard was never made."),
    "discards.missed_held_three_at_showdown": N_(
        "%(Player)s did not discard when required and holds three cards at the showdown: the "
        "hand is dead."
    ),
    "discards.lazy_three_correct": N_(
        "No irregularity: three cards at a Lazy Pineapple showdown are correct; the dealer "
        "reads the best hand using at most two of them."
    ),
    "discards.lazy_dead_hand_rule_not_applied": N_(
        "The dead-hand rule for a missed discard does not apply to Lazy Pineapple, where "
        "three cards at the showdown are correct."
    ),
    "discards.lazy_may_table_three": N_(
        "%(Player)s may table all three and let the dealer read the best hand that uses no "
        "more than two of them."
    ),
    "discards.discards_when": N_("%(Player)s discards %(when)s."),
    "discards.host_announces_timing": N_(
        "The host announces the version and the discard timing before play begins."
    ),
    "discards.discard_order": N_(
        "Players discard together where practical; otherwise one at a time, clockwise from "
        "the first active player left of the button."
    ),
    "discards.discard_now": N_(
        "%(Player)s must discard one card at once, face down; the hand goes on."
    ),
    "discards.missed_noticed_before_acting": N_(
        "%(Player)s missed the discard, but it was noticed before %(player)s acted on "
        "%(next_round)s: %(player)s discards immediately and the hand continues."
    ),
    "discards.dead_after_acting": N_(
        "%(Player)s's hand is dead: %(player)s acted on %(next_round)s holding three cards."
    ),
    "discards.late_discard_ends_on_acting": N_(
        "The chance to discard late lasts only until %(player)s acts on %(next_round)s; "
        "after that %(player)s holds a hand with the wrong number of cards, and such a hand "
        "is dead."
    ),
    "discards.dead_too_few": N_("%(Player)s's hand is dead: it holds fewer than two hole cards."),
    "discards.showdown_needs_two": N_(
        "A showdown hand is two hole cards (in Lazy Pineapple two or three); a hand with "
        "fewer does not meet it and is dead."
    ),
    "discards.cards_not_taken_back": N_(
        "Cards that have left %(player)s's hand cannot be taken back to make it up."
    ),
    "discards.dealer_reads_two": N_(
        "The dealer reads %(player)s's best hand using no more than two of the three hole cards."
    ),
    "discards.lazy_dealer_reads_tabled_three": N_(
        "%(Player)s may table all three hole cards and let the dealer read the best hand "
        "that uses no more than two of them."
    ),
    "discards.lazy_tabled_three_stays_live": N_(
        "Even where the venue asks players to table two, a hand tabled with three stays live "
        "and is read: three cards at a Lazy showdown are correct (PPR 6.4) and the cards "
        "speak (PPR 7.1)."
    ),
    "discards.lazy_not_all_three": N_(
        "%(Player)s may not use all three hole cards: the hand is read as the best one using "
        "no more than two."
    ),
    "discards.host_confirms_two_of_three": N_(
        "The host confirms before play that no more than two of the three hole cards may be used."
    ),
    "discards.cards_speak": N_(
        "The cards speak: the claimed hand does not count, the best legal reading does."
    ),
    "discards.bound_by_discard": N_(
        "%(Player)s is bound by the discard: the card cannot be exchanged."
    ),
    "discards.wrong_card_bound": N_(
        "%(Player)s discarded the wrong card and is bound by it: once a card has left the "
        "hand it cannot be swapped back."
    ),
    "discards.early_discard_stands": N_(
        "The early discard stands: %(player)s plays on with the two cards kept."
    ),
    "discards.early_discard_made_stands": N_(
        "A card that has left the hand cannot be exchanged, so a discard made before "
        "%(deadline)s stands and %(player)s plays the two cards kept."
    ),
    "discards.lazy_early_discard_stands": N_(
        "The early discard stands: %(player)s plays on with two hole cards."
    ),
    "discards.lazy_early_discard_made_stands": N_(
        "A card that has left the hand cannot be exchanged, so %(player)s's discard before "
        "the showdown stands."
    ),
    "discards.lazy_two_hole_cards_live": N_(
        "A Lazy Pineapple showdown hand may hold two hole cards, so %(player)s's hand stays live."
    ),
    "discards.exposed_stays_dead": N_("The exposed card stays dead and the hand continues."),
    "discards.exposed_discard_dead": N_(
        "A discard is not to be shown or announced; one exposed by accident remains dead and "
        "the hand goes on."
    ),
    # The late discard allowed by a house rule (SWITCHED_OUTCOMES, H20).
    "discards.house_discard_now": N_(
        "%(Player)s must discard one card at once, face down; under the house rule the hand "
        "goes on."
    ),
    "discards.house_late_discard": N_(
        "By the host's house rule, a missed discard found after %(player)s acted on "
        "%(next_round)s is corrected the same way as one found before: %(player)s discards "
        "at once and the hand continues."
    ),
    # An unnamed player, inside a sentence and opening one.
    "discards.the_player": N_("the player"),
    "discards.the_player_opening": N_("The player"),
    # Refusals: a version, situation, timing or house rule the referee does not know.
    "discards.no_ruling": N_("no ruling is recorded for %(situation)s in %(game)s"),
    "discards.unknown_house_rule": N_("%(name)s is not a house rule: choose from %(choices)s"),
    "discards.unknown_version": N_(
        "%(game)s is not a Pineapple version: choose pineapple, crazy or lazy"
    ),
    "discards.unknown_situation": N_(
        "%(situation)s is not a situation the referee knows: choose one of %(choices)s"
    ),
    "discards.unknown_timing": N_(
        "%(timing)s is not a %(version)s discard timing: choose %(choices)s"
    ),
}
