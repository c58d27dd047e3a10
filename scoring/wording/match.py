"""Sentences of an OFC match: hands, the button, Fantasyland between hands, standings.

The deciding modules: scoring/match.py, settlement.py, players.py (names and counts of players,
shared by every game).
"""

from __future__ import annotations

from scoring.wording.base import N_, Plural, Sentence

SENTENCES: dict[str, Sentence] = {
    # --- A match's length (values said inside other sentences) -------------------------------
    "match.first_to": N_("first to %(target)s"),
    "match.rounds": Plural("%(count)s round", "%(count)s rounds"),
    "match.hands": Plural("%(count)s hand", "%(count)s hands"),
    "match.rounds_of_hands": N_("%(rounds)s (%(hands)s)"),
    # What a ruleset allows: "last 1 hand or 1 or 2 rounds"; ``count`` is the last number said.
    "match.lengths_target_only": N_("play to a target score"),
    "match.lengths_hands": Plural("%(counts)s hand", "%(counts)s hands"),
    "match.lengths_rounds": Plural("%(counts)s round", "%(counts)s rounds"),
    "match.lengths_target": N_("%(counts)s target"),
    "match.lengths": N_("last %(parts)s"),
    # --- Refusals: a new match that cannot be played ------------------------------------------
    "match.ruleset_unknown": N_("%(ruleset)s is not an OFC ruleset: choose one of %(known)s"),
    "match.name_not_text": N_("enter the player's name as text"),
    "match.name_blank": N_("enter a name for this seat"),
    "match.name_too_long": N_("a name is at most %(most)s ordinary characters"),
    "match.players_not_listed": N_("list the players' names in seat order"),
    "match.seats_exactly": N_("%(title)s seats exactly %(count)s players, not %(given)s"),
    "match.seats_range": N_("%(title)s seats %(least)s to %(most)s players, not %(given)s"),
    "match.name_seated": N_("%(name)s is already seated: names must differ"),
    "match.dealer_not_seated": N_("the first dealer must be one of %(names)s"),
    "match.length_kind_refused": N_("%(title)s matches %(lengths)s (give %(choices)s)"),
    "match.length_not_whole": N_("enter a whole number"),
    "match.target_out_of_range": N_("the target must be from 1 to %(most)s"),
    # ``count`` is the last allowed number said: "allows 1 hand", "allows 1 or 2 rounds".
    "match.hands_not_allowed": Plural(
        "%(rule)s allows %(options)s hand, not %(value)s",
        "%(rule)s allows %(options)s hands, not %(value)s",
    ),
    "match.rounds_not_allowed": Plural(
        "%(rule)s allows %(options)s round, not %(value)s",
        "%(rule)s allows %(options)s rounds, not %(value)s",
    ),
    "match.target_not_allowed": N_("%(rule)s allows %(options)s target, not %(value)s"),
    # --- Refusals: a hand the match cannot take -----------------------------------------------
    "match.scores_not_seated": N_("a hand must score exactly %(names)s"),
    "match.over": N_("the match is over (%(winners)s won): no more hands"),
    "match.boards_count": N_("enter a board for each of %(names)s, in seat order"),
    "match.board_name_unknown": N_("%(name)s is not in this match: use %(names)s"),
    "match.board_name_blank": N_("a blank name is not in this match: use %(names)s"),
    "match.board_name_twice": N_("%(seat)s has two boards: give each of %(names)s one board"),
    # --- Rulings: the standings ---------------------------------------------------------------
    "match.length": N_("The match is %(length)s."),
    "match.totals": Plural(
        "Each running total adds up the %(count)s counted hand.",
        "Each running total adds up the %(count)s counted hands.",
    ),
    "match.totals_with_void": Plural(
        "Each running total adds up the %(count)s counted hand (void: %(void)s).",
        "Each running total adds up the %(count)s counted hands (void: %(void)s).",
    ),
    "match.void_hand": N_(
        "A void hand is kept in the history but adds nothing, does not count towards "
        "the length, and does not move the button."
    ),
    "match.dealer_after": N_("%(last)s dealt the last hand, so %(dealer)s deals the next hand."),
    "match.dealer_first": N_("%(dealer)s deals the next hand."),
    "match.target_won": N_(
        "%(winner)s reached %(target)s first, alone on the highest total, and wins the match."
    ),
    "match.won": N_("%(winner)s has the highest total and wins."),
    "match.win_shared": N_("%(winners)s tie on the highest total and share the win."),
    "match.hands_left": Plural("%(count)s hand to play.", "%(count)s hands to play."),
    "match.level_past_target": N_(
        "The totals are level at %(total)s, past the target: another hand is played."
    ),
    "match.target_not_reached": N_("Nobody has reached %(target)s yet."),
    # --- Rulings: Fantasyland between hands ---------------------------------------------------
    "match.fantasyland_recorded": N_(
        "%(name)s qualified for Fantasyland in hand %(number)s; it is recorded, and "
        "the next hand is dealt normally."
    ),
    "match.fantasyland_not_dealt": N_(
        "This profile records Fantasyland but deals no Fantasyland hand."
    ),
    "match.fantasyland_stays": N_("%(name)s stays in Fantasyland after hand %(number)s."),
    "match.fantasyland_same_count": N_(
        "Staying keeps the count %(name)s entered with: %(cards)s cards again."
    ),
    "match.fantasyland_leaves": N_(
        "%(name)s did not make a stay hand in hand %(number)s, so the next hand is a normal one."
    ),
    "match.fantasyland_enters": N_(
        "%(name)s qualified in hand %(number)s and plays the next hand in Fantasyland "
        "with %(cards)s cards."
    ),
    # --- Rulings: the hand being entered ------------------------------------------------------
    "match.hand_dealer": N_("%(dealer)s deals hand %(number)s."),
    "match.hand_in_fantasyland": N_(
        "%(name)s plays hand %(number)s in Fantasyland with %(cards)s cards."
    ),
    # --- Settling up (scoring/settlement.py) --------------------------------------------------
    "match.points_unbalanced": N_("the points do not sum to zero, so they cannot be settled"),
    "match.amounts_unbalanced": N_("the amounts do not sum to zero, so they cannot be settled"),
    "match.settle_too_many": N_("at most %(most)s players can be settled at once"),
    # --- Players at any table (scoring/players.py) --------------------------------------------
    "match.default_player_name": N_("Player %(seat)s"),
    "match.same_name": N_("two players are called %(name)s: give each player a different name"),
    "match.player_count": N_("%(game)s takes %(range)s players; got %(count)s"),
    "match.players_exactly": N_("exactly %(count)s"),
    "match.players_either": N_("%(least)s or %(most)s"),
    "match.players_range": N_("%(least)s to %(most)s"),
}
