"""Sentences of Island Pineapple: boards, variants, wild deuces and aces, the showdown.

The deciding modules: scoring/island*.py and scoring/wilds.py.
"""

from __future__ import annotations

from scoring.wording.base import N_, Plural, Sentence

SENTENCES: dict[str, Sentence] = {
    # --- Names said alone: the board's places, the variants, the rulings' subjects -------------
    "island.first_set": N_("the first set"),
    "island.second_set": N_("the second set"),
    "island.turn": N_("the turn"),
    "island.split_river": N_("the split river"),
    "island.variant_phantom_ship": N_("Phantom Ship"),
    "island.variant_arcade_ante": N_("Arcade Ante"),
    "island.variant_secondary_bonus": N_("Secondary bonus"),
    "island.variant_straights_with_wilds": N_("Straights with wilds"),
    "island.variant_playing_the_board": N_("Playing the board"),
    "island.showdown": N_("An Island Pineapple showdown"),
    "island.subject_pot": N_("Pot"),
    "island.subject_table": N_("Table"),
    "island.subject_deal": N_("Deal"),
    "island.subject_variants": N_("Variants"),
    "island.subject_players": N_("Players"),
    "island.subject_boards": N_("Boards"),
    # --- Refusals: the deal as entered ----------------------------------------------------------
    "island.board_joker": N_("%(place)s holds a Joker; Island Pineapple has none (1.1)"),
    "island.board_part_size": Plural(
        "%(place)s needs exactly %(size)s card, got %(count)s",
        "%(place)s needs exactly %(size)s cards, got %(count)s",
        "size",
    ),
    "island.hole_joker": N_("%(name)s's hole holds a Joker; Island Pineapple has none"),
    "island.hole_count_phantom": Plural(
        "%(name)s's hole needs three under Phantom Ship (5.1), got %(count)s card",
        "%(name)s's hole needs three under Phantom Ship (5.1), got %(count)s cards",
    ),
    "island.hole_count_discarded": Plural(
        "%(name)s's hole needs two after the Pineapple discard (3.3), got %(count)s card",
        "%(name)s's hole needs two after the Pineapple discard (3.3), got %(count)s cards",
    ),
    "island.hole_count": Plural(
        "%(name)s's hole needs two or three, got %(count)s card",
        "%(name)s's hole needs two or three, got %(count)s cards",
    ),
    "island.showdown_size": N_("%(problem)s (4.3, 1.1)"),
    "island.hole_example": N_("%(problem)s: e.g. %(example)s"),
    "island.hole_of": N_("%(name)s's hole"),
    "island.card_repeated": N_("%(card)s is in %(place)s %(count)s times; each card is dealt once"),
    "island.places_and": N_("%(places)s and in %(place)s"),
    "island.card_duplicated": N_("%(card)s is in %(places)s; each card is dealt once"),
    "island.table_size_missing": N_("give the table size (3 to 7) to count the exchanges"),
    "island.table_size": N_("a table has 3 to 7 players (1.1), not %(size)s"),
    "island.table_too_small": N_("%(players)s players in the showdown but %(size)s at the table"),
    "island.exchanged_range": N_("between 0 and %(size)s players can exchange, not %(exchanged)s"),
    "island.caller_unknown": N_("%(caller)s is not one of the players: %(players)s"),
    "island.caller_missing": N_("name the player who called the Phantom Ship"),
    "island.variant_unknown": N_("%(name)s is not a variant; use one of %(variants)s"),
    "island.bonus_previous_unknown": N_("the previous qualifier is one of %(slugs)s"),
    # --- The Secondary bonus (5.3, H15) ---------------------------------------------------------
    "island.bonus_ladder_ended": N_(
        "The ladder ended with the royal flush, so play returns to Hold'em whatever this hand was."
    ),
    "island.bonus_first_reached": N_(
        "The first island hand the winner needed %(required)s or better; %(reached)s "
        "reaches it, so the Island hands continue."
    ),
    "island.bonus_first_short": N_(
        "The first island hand the winner needed %(required)s or better; %(reached)s falls "
        "short, so play returns to Hold'em."
    ),
    "island.bonus_next_reached": N_(
        "After %(previous)s the winner needed %(required)s or better; %(reached)s reaches it, "
        "so the Island hands continue."
    ),
    "island.bonus_next_short": N_(
        "After %(previous)s the winner needed %(required)s or better; %(reached)s falls short, "
        "so play returns to Hold'em."
    ),
    # --- Fouled hands (3.3, 5.1, H13) -----------------------------------------------------------
    "island.no_discard": N_(
        "%(name)s did not discard at the Pineapple, so the hand is fouled and cannot win."
    ),
    "island.call_not_trips": N_("%(hole)s is not three of a kind"),
    "island.call_unmatched": N_(
        "%(hole)s is not matched by the fourth card of that rank in the first set, second "
        "set or turn"
    ),
    "island.call_late": N_("the call came after the discards had begun"),
    "island.call_fouls": N_(
        "%(name)s's Phantom Ship call fouls the hand: %(reason)s. The pot goes to the "
        "best of the other hands."
    ),
    # --- Winners (4.3, 5.1, 5.5, H6) ------------------------------------------------------------
    "island.all_fouled": N_(
        "Every hand is fouled, so no hand can win; the rules do not say where the pot "
        "goes, so the house decides."
    ),
    "island.ship_stands": N_(
        "%(caller)s's Phantom Ship stands: no one beat the four of a kind with a straight "
        "flush, and higher fours of a kind do not count."
    ),
    "island.ship_beaten": N_(
        "%(names)s beat the Phantom Ship with a straight flush (wild deuces count)."
    ),
    "island.ship_beaten_best_wins": N_(
        "%(names)s beat the Phantom Ship's four of a kind with a straight flush (wild deuces "
        "count), so the pot goes to the best hand."
    ),
    "island.board_alone_shares": N_(
        "No one beats the best board alone (%(hand)s), so every player still in the hand "
        "shares the pot."
    ),
    "island.split": N_(
        "%(names)s hold identical hands (%(hand)s) and split; suits never break ties."
    ),
    "island.wins_alone": N_("%(name)s wins with %(hand)s on board %(board)s."),
    "island.wins": N_(
        "%(name)s wins with %(hand)s on board %(board)s, beating %(runner)s's %(runner_hand)s."
    ),
    # --- How a hand is made (4.1, 5.1, 5.5, H14) ------------------------------------------------
    "island.board": N_("board %(board)s"),
    "island.board_same_elsewhere": N_("board %(board)s (%(boards)s gives the same hand)"),
    "island.plays_board_alone": N_("plays the five cards of %(board)s alone (Playing the board)"),
    "island.plays_three": N_("plays all three hole cards %(hole)s with %(cards)s from %(board)s"),
    "island.plays_one": N_(
        "plays one hole card %(hole)s with %(count)s cards (%(cards)s) of %(board)s"
    ),
    "island.plays_both": N_(
        "plays both hole cards %(hole)s with %(count)s cards (%(cards)s) of %(board)s"
    ),
    "island.hand_under_reading": N_("%(name)s %(how)s: %(hand)s (%(reading)s)."),
    "island.hand": N_("%(name)s %(how)s: %(hand)s."),
    # --- Wild cards and the readings that decide a hand (1.3, 5.4, H1-H5) ----------------------
    "island.scope_any_straight": N_("any straight (5.4)"),
    "island.scope_straight_flush": N_("a straight flush"),
    "island.reading_and_other": N_("%(reading)s; %(other)s"),
    "island.hand_decided_by_reading": N_("%(name)s holds %(hand)s under %(reading)s; %(other)s."),
    "island.wild_royal_other": N_(
        "%(name)s: %(why)s; a ten-to-ace straight flush made with wild cards is a royal "
        "flush; %(other)s."
    ),
    "island.wild_royal": N_(
        "%(name)s: %(why)s; a ten-to-ace straight flush made with wild cards is a royal flush."
    ),
    "island.wild_other": N_("%(name)s: %(why)s; %(other)s."),
    "island.wild": N_("%(name)s: %(why)s."),
    "island.natural": Plural(
        "%(name)s: %(cards)s is not standing in for another card (a deuce, and with it the "
        "ace of its suit, is wild only to complete %(scope)s), so it keeps its natural rank "
        "and suit.",
        "%(name)s: %(cards)s are not standing in for another card (a deuce, and with it the "
        "ace of its suit, is wild only to complete %(scope)s), so they keep their natural "
        "rank and suit.",
    ),
    "island.natural_reading": Plural(
        "%(name)s: %(cards)s is not standing in for another card (a deuce, and with it the "
        "ace of its suit, is wild only to complete %(scope)s), so it keeps its natural rank "
        "and suit; %(reading)s.",
        "%(name)s: %(cards)s are not standing in for another card (a deuce, and with it the "
        "ace of its suit, is wild only to complete %(scope)s), so they keep their natural "
        "rank and suit; %(reading)s.",
    ),
    "island.board_alone_if_switched": N_(
        "The best board alone is %(hand)s (%(reading)s); with %(interpretation)s "
        "switched, it would be %(other)s."
    ),
    "island.board_alone_if_plain": N_(
        "The best board alone is %(hand)s (%(reading)s); with %(interpretation)s's "
        "plain reading, it would be %(other)s."
    ),
    "island.other_if_switched": N_(
        "with %(interpretation)s switched, the hand would read %(hand)s"
    ),
    "island.other_if_plain": N_(
        "with %(interpretation)s's plain reading, the hand would read %(hand)s"
    ),
    # --- The table and the deal (1.1, 2.4, 2.5, 3.5, 4.3, H7) ----------------------------------
    "island.table": N_(
        "%(table)s players at the table, %(in_hand)s still in the hand at showdown."
    ),
    "island.exchanged": N_("%(swaps)s exchanged"),
    "island.exchanges_not_given": N_("no exchanges given, so none counted"),
    "island.deal_fits": N_(
        "The deal uses %(cards)s cards (%(hole)s hole cards, 7 board cards, %(replacements)s "
        "replacements, %(burns)s burns; %(exchanges)s): it fits the 52-card deck."
    ),
    "island.deal_too_big": N_(
        "The deal uses %(cards)s cards (%(hole)s hole cards, 7 board cards, %(replacements)s "
        "replacements, %(burns)s burns; %(exchanges)s): more than the 52-card deck holds."
    ),
    "island.river_burn_left_out": N_(
        "All seven players exchanged, so the burn "
        "before the split river is left out; the deal uses all 52 cards."
    ),
    "island.river_burn_would_go": N_(
        "Had all seven exchanged, the burn before the "
        "split river would be left out to make the cards last."
    ),
    "island.variant_in_play": N_("%(variant)s is in play, as announced before the deal (5)."),
    "island.ship_adds_board": N_(
        "In the Phantom Ship showdown each player may also use one or two hole cards "
        "with three or four cards of a board, or a board alone under Playing the "
        "board (%(reading)s)."
    ),
    "island.ship_adds": N_(
        "In the Phantom Ship showdown each player may also use one or two hole cards "
        "with three or four cards of a board (%(reading)s)."
    ),
    "island.ship_replaces_board": N_(
        "In the Phantom Ship showdown the usual ways of making a hand do not count, "
        "and Playing the board has no effect on this hand (%(reading)s)."
    ),
    "island.ship_replaces": N_(
        "In the Phantom Ship showdown the usual ways of making a hand do not count (%(reading)s)."
    ),
    "island.showdown_among_in_hand": N_(
        "%(in_hand)s players are still in the hand; the 3-7 limit of 1.1 is for the "
        "table, and a showdown is among those still in."
    ),
    "island.four_boards": N_("The board makes four boards: %(boards)s."),
    # --- The switchable readings (island_readings.py: H1, H4, H5, H14) --------------------------
    "island.wheel_natural": N_(
        "a deuce stands in only for a card the hand lacks, so where it could "
        "only be itself it keeps its natural rank, and the suited ace with it"
    ),
    "island.wheel_best": N_(
        "the deuce may count as itself so that the suited ace goes wild at the "
        "top, and the stronger reading counts"
    ),
    "island.wheel_question": N_("A deuce and its ace in a natural wheel"),
    "island.flush_ace_top": N_("the wild ace fills only an empty top place of the straight flush"),
    "island.flush_ace_gap": N_(
        "when a natural card holds the top of the straight flush, the wild ace fills a gap below it"
    ),
    "island.flush_ace_question": N_("The wild ace when the top of a straight flush is held"),
    "island.straight_ace_top": N_(
        "one deuce at most is wild and goes at the bottom, and the suited ace only at the top"
    ),
    "island.straight_ace_gap": N_(
        "one deuce at most is wild and goes at the bottom, and the suited ace at "
        "the top or, when a natural card holds the top, in a gap below it"
    ),
    "island.straight_ace_question": N_("The wild ace when the top of a mixed straight is held"),
    "island.phantom_ship_adds": N_(
        "all three hole cards with two board cards is one more way to make a "
        "hand, besides the usual ones"
    ),
    "island.phantom_ship_replaces": N_(
        "every hand is all three hole cards with two board cards, and no other way counts"
    ),
    "island.phantom_ship_question": N_("Hands in a Phantom Ship showdown"),
    # --- Why wild cards stand where they do (wilds.py: 1.3, 1.3(a), 1.3(b), 5.4, H1-H5) --------
    "island.comma_items": N_("%(items)s, %(item)s"),
    "island.wild_as_itself": N_("%(wild)s as itself"),
    "island.wild_as": N_("%(wild)s as %(card)s"),
    "island.why_mixed_straight": N_(
        "Straights with wilds: %(uses)s completes a mixed-suit straight (%(reading)s)"
    ),
    "island.why_ace_stays_natural": N_(
        "%(uses)s completes the straight flush while the suited ace stays natural, "
        "the stronger reading; the deuce stays below the top of the run"
    ),
    "island.why_deuce_below_run": N_(
        "%(uses)s: beside four suited cards in a row the deuce takes the place below "
        "the lowest of them, never the one above"
    ),
    "island.why_missing_card": N_("%(uses)s fills the missing card of a straight flush"),
    "island.why_beats_natural_wheel": N_(
        "%(uses)s: with the suited ace wild at the top these cards beat the natural "
        "straight flush they also make (%(reading)s)"
    ),
    "island.why_ace_in_gap": N_(
        "%(uses)s: the top place is already held, so the wild ace fills a gap below it "
        "(%(reading)s)"
    ),
    "island.why_deuce_inside": N_(
        "%(uses)s: the wild ace takes the top and the deuce the gap inside the run, the "
        "highest straight flush the rules allow"
    ),
    "island.why_ace_on_top": N_(
        "%(uses)s: with the deuce wild, the ace of its suit is wild too and fills the top"
    ),
}
