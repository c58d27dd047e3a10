"""Sentences of Open-Face Chinese Poker: rows, fouls, royalties, matchups, Jokers, Fantasyland.

The deciding modules: scoring/ofc.py, ofc_rulings.py, jokers.py.
"""

from __future__ import annotations

from scoring.wording.base import N_, Plural, Sentence

SENTENCES: dict[str, Sentence] = {
    # --- Lists and places (values said inside other sentences) -------------------------------
    "ofc.row_place": N_("%(name)s's %(row)s row"),
    "ofc.discards_place": N_("%(name)s's discards"),
    "ofc.joker_place": N_("%(name)s's Joker in the %(row)s row"),
    "ofc.the_table": N_("table"),
    "ofc.matchup_subject": N_("%(player)s v %(opponent)s"),
    "ofc.hand_fantasyland": N_("Fantasyland"),
    "ofc.hand_normal": N_("a normal hand"),
    # --- Refusals: a table that is not legal (ofc.py) ----------------------------------------
    "ofc.players_refused": N_("%(problem)s (%(article)s)"),
    "ofc.row_size": N_("%(place)s needs %(size)s cards, not %(count)s (%(article)s)"),
    "ofc.with_example": N_("%(problem)s: e.g. %(example)s"),
    "ofc.duplicate": N_("%(duplicate)s: each card is in the deck once"),
    "ofc.fantasyland_size_refused": N_(
        "a Fantasyland hand in %(ruleset)s is %(sizes)s cards, not %(count)s"
    ),
    "ofc.fantasyland_size_missing": N_(
        "say how many cards %(name)s was dealt in Fantasyland: %(sizes)s"
    ),
    "ofc.no_fantasyland_mark": N_(
        "%(ruleset)s has no Fantasyland (%(article)s): clear the Fantasyland mark"
    ),
    "ofc.size_without_fantasyland": N_(
        "%(name)s is not marked as in Fantasyland, so there is no Fantasyland deal size"
    ),
    "ofc.discard_count": Plural(
        "%(name)s discards %(wanted)s card in %(hand)s (%(deal)s dealt, %(placed)s placed), "
        "not %(count)s (%(article)s)",
        "%(name)s discards %(wanted)s cards in %(hand)s (%(deal)s dealt, %(placed)s placed), "
        "not %(count)s (%(article)s)",
        "wanted",
    ),
    "ofc.joker_without_jokers": N_(
        "%(place)s holds a Joker, but %(ruleset)s uses a 52-card deck without Jokers "
        "(%(article)s); choose %(jokered)s to play with Jokers"
    ),
    "ofc.jokers_too_many": Plural(
        "a Joker too many in %(place)s: the %(ruleset)s deck has only %(jokers)s (%(article)s)",
        "%(extra)s Jokers too many in %(place)s: the %(ruleset)s deck has only %(jokers)s "
        "(%(article)s)",
        "extra",
    ),
    # --- Joker resolution's own checks (jokers.py) -------------------------------------------
    "ofc.joker_unreachable": N_("no cards reach the strength %(key)s in %(cards)s"),
    "ofc.row_cards": N_("a row holds 3 or 5 different cards, not %(cards)s"),
    # --- Fouls --------------------------------------------------------------------------------
    "ofc.middle_over_bottom": N_(
        "the middle row (%(middle)s) is stronger than the bottom row (%(bottom)s)"
    ),
    "ofc.top_over_middle": N_("the top row (%(top)s) is stronger than the middle row (%(middle)s)"),
    "ofc.foul_jokers_broken": N_(
        "no way of resolving %(name)s's Jokers keeps the bottom at least as strong as the "
        "middle and the middle at least as strong as the top; at their strongest %(broken)s"
    ),
    "ofc.foul_jokers": N_(
        "no way of resolving %(name)s's Jokers keeps the bottom at least as strong as the "
        "middle and the middle at least as strong as the top"
    ),
    "ofc.foul_rows": N_("on %(name)s's board %(broken)s"),
    "ofc.foul": N_(
        "%(name)s's board fouls: %(reason)s. It earns no royalties and its rows are not compared."
    ),
    # --- Jokers -------------------------------------------------------------------------------
    "ofc.joker_lowered": N_(
        "%(joker)s becomes the %(card)s (%(hand)s): at its strongest the row (%(best)s) would "
        "break the order of the rows, so the Joker is resolved lower, to the strongest hand "
        "that keeps it."
    ),
    "ofc.joker_best": N_(
        "%(joker)s becomes the %(card)s, making the %(row)s row %(hand)s, the strongest it can "
        "be without breaking the order of the rows."
    ),
    "ofc.joker_choice": N_(
        "%(count)s choices of card give %(joker)s the same hand; it is shown as the %(card)s, "
        "the highest suit in the order spades, hearts, diamonds, clubs."
    ),
    "ofc.joker_no_five": N_("%(joker)s cannot make five of a kind, so it is a kicker: %(hand)s."),
    "ofc.joker_own_row": N_(
        "%(joker)s cannot be a card already in its row (%(cards)s), so it is the %(card)s: "
        "%(hand)s."
    ),
    "ofc.joker_elsewhere": N_(
        "%(joker)s is the %(card)s although the %(card)s is also in %(place)s: only the cards "
        "of its own row limit a Joker."
    ),
    "ofc.joker_foul": N_(
        "%(joker)s is shown as the %(card)s, the strongest its row can be on its own "
        "(%(hand)s); the board fouls whatever the Jokers become, so this does not change the "
        "score."
    ),
    # --- Rows and royalties -------------------------------------------------------------------
    "ofc.top_stronger": N_("the top is stronger, which breaks the order"),
    "ofc.middle_stronger": N_("the middle is stronger, so they are in order"),
    "ofc.top_vs_middle": N_(
        "%(name)s's top row (%(top)s) and middle row (%(middle)s) are the same kind of hand; "
        "compared rank by rank, and with the middle ahead when every rank of the top matches, "
        "%(outcome)s."
    ),
    "ofc.trips_tie": N_(
        "%(name)s's top and middle rows are both %(trips)s, which Jokers make possible; the "
        "middle's kickers make it the stronger row."
    ),
    "ofc.royalty": N_("%(name)s's %(row)s row, %(hand)s, pays a royalty of %(royalty)s."),
    # --- Fantasyland --------------------------------------------------------------------------
    "ofc.stays": N_(
        "%(name)s stays in Fantasyland with %(hand)s in the %(row)s row: the next hand is "
        "%(cards)s cards again."
    ),
    "ofc.stay_count": N_(
        "A stay keeps the count %(name)s entered with (%(cards)s cards), whatever the top row "
        "would earn from outside."
    ),
    "ofc.leaves_fouled": N_(
        "%(name)s leaves Fantasyland: the board fouls; the next hand is dealt as usual."
    ),
    "ofc.leaves": N_(
        "%(name)s leaves Fantasyland: no row meets the stay rule; the next hand is dealt as usual."
    ),
    "ofc.played_not_dealt": N_(
        "%(ruleset)s deals no Fantasyland hands, but %(name)s's board was played as one: it is "
        "scored like any other board and its stay is reported."
    ),
    "ofc.enters": N_(
        "%(name)s's top row, %(hand)s, on a board that does not foul, earns Fantasyland with "
        "%(cards)s cards."
    ),
    "ofc.entry_not_dealt": N_(
        "%(ruleset)s records and reports %(name)s's qualification, but deals no Fantasyland hand."
    ),
    "ofc.entry_fouled": N_(
        "%(name)s's top row is %(hand)s, but the board fouls, so it earns no Fantasyland."
    ),
    "ofc.no_fantasyland": N_(
        "%(name)s's top row is %(hand)s, but %(ruleset)s has no Fantasyland: the next hand is "
        "dealt as usual."
    ),
    "ofc.judged_resolved": N_(
        "Fantasyland for %(name)s is judged on the rows as the Jokers were resolved."
    ),
    "ofc.fantasyland_discards": Plural(
        "In Fantasyland %(name)s sets 13 cards and discards the other one.",
        "In Fantasyland %(name)s sets 13 cards and discards the other %(count)s.",
        "count",
    ),
    # --- Matchups and totals ------------------------------------------------------------------
    "ofc.both_foul": N_("%(a)s and %(b)s both foul: they score 0 against each other."),
    "ofc.foul_payout": N_(
        "%(loser)s fouls and pays %(winner)s %(penalty)s plus %(winner)s's royalties of "
        "%(royalties)s: %(points)s points."
    ),
    "ofc.row_tie": N_(
        "%(a)s's and %(b)s's %(row)s rows are both %(hand)s: suits never break a tie, so the "
        "row is equal and scores 0."
    ),
    "ofc.sweep": N_("%(winner)s wins all three rows: %(bonus)s more for the sweep."),
    "ofc.tie_stops_sweep": N_("A tied row scores 0 for both and prevents the sweep."),
    "ofc.majority": N_("%(winner)s wins more rows: %(bonus)s more for the majority."),
    "ofc.points_rows": N_("%(points)s for rows"),
    "ofc.points_sweep": N_("%(points)s for the sweep"),
    "ofc.points_majority": N_("%(points)s for the majority"),
    "ofc.points_royalties": N_("%(mine)s - %(theirs)s in royalties"),
    "ofc.matchup_score": N_("%(name)s scores %(parts)s: %(points)s against %(opponent)s."),
    "ofc.points_against": N_("%(points)s against %(opponent)s"),
    "ofc.hand_score": N_("%(name)s scores %(parts)s: %(points)s for the hand."),
    "ofc.players_interpretation": N_(
        "%(ruleset)s describes a %(most)s-player table; %(count)s players use the same rules."
    ),
    # --- House rules --------------------------------------------------------------------------
    "ofc.noted": N_("%(ruling)s (%(note)s)."),
}
