"""Sentences of the Fantasyland setter: the best setting of a Fantasyland hand.

The deciding modules: scoring/setter*.py.
"""

from __future__ import annotations

from scoring.wording.base import N_, Plural, Sentence

SENTENCES: dict[str, Sentence] = {
    # Lists inside a sentence: "14, 15, 16 or 17", "A or B".
    # Refusals of the deal, at its field.
    "setter.cards_not_text": N_("give the cards as text, such as As Kd X"),
    "setter.not_an_objective": N_(
        "%(objective)s is not an objective: choose stay (stay in Fantasyland first) or "
        "royalties (the most royalties first)"
    ),
    "setter.no_fantasyland": N_(
        "%(title)s has no Fantasyland (%(rule)s), so there is no Fantasyland hand to "
        "set: choose %(dealing)s"
    ),
    "setter.deal_size": N_(
        "%(title)s deals a Fantasyland hand of %(sizes)s cards, not %(count)s (%(rule)s)"
    ),
    "setter.jokers_without_jokers": Plural(
        "the dealt cards hold a Joker, but %(title)s uses a 52-card deck without Jokers "
        "(%(rule)s); choose Joker OFC Pineapple (JOKER-OFC) to play with Jokers",
        "the dealt cards hold %(jokers)s Jokers, but %(title)s uses a 52-card deck "
        "without Jokers (%(rule)s); choose Joker OFC Pineapple (JOKER-OFC) to play with "
        "Jokers",
        "jokers",  # the Jokers dealt
    ),
    "setter.too_many_jokers": N_(
        "the dealt cards hold %(jokers)s Jokers, but the %(title)s deck has only "
        "%(most)s (%(rule)s)"
    ),
    "setter.dealt_twice": N_(
        "%(card)s is in the dealt cards %(count)s times: each card is in the deck once"
    ),
    # Refusals of the setting played, at its rows.
    "setter.played_row_missing": N_("give the played %(row)s row"),
    "setter.played_row_size": N_(
        "the played %(row)s row needs %(size)s cards, not %(count)s (%(rule)s)"
    ),
    "setter.played_joker_not_left": N_(
        "the played %(row)s row holds a Joker, but no Joker is left of those dealt"
    ),
    "setter.played_not_dealt": N_(
        "%(card)s in the played %(row)s row was not dealt: a Fantasyland hand is "
        "set from the cards dealt"
    ),
    "setter.played_twice_in_row": N_(
        "%(card)s is in the played %(row)s row %(count)s times: each card is played once"
    ),
    "setter.played_row": N_("the played %(row)s row"),
    "setter.and_in": N_("%(first)s and in %(next)s"),
    "setter.played_twice": N_("%(card)s is in %(places)s: each card is played once"),
    # What each ruling is about.
    "setter.subject_deal": N_("deal"),
    "setter.subject_objective": N_("objective"),
    "setter.subject_alternatives": N_("alternatives"),
    "setter.subject_best": N_("best"),
    "setter.subject_figures": N_("figures"),
    "setter.subject_played": N_("played"),
    # The stay rule: "trips or better in the top row".
    "setter.trips": N_("trips"),
    "setter.stay_rule_part": N_("%(hand)s or better in the %(row)s row"),
    # The deal.
    "setter.dealt_at_once": N_(
        "A Fantasyland hand of %(dealt)s cards is dealt at once: %(placed)s are set "
        "(3 top, 5 middle, 5 bottom) and %(discards)s discarded."
    ),
    "setter.ruleset_deals_none": N_(
        "%(ruleset)s itself deals no Fantasyland hands; the hand is set by its "
        "Fantasyland rules, as a table playing them face to face would."
    ),
    # The objective (H34) and the alternatives (H35).
    "setter.objective_stay": N_(
        "The recommended setting stays in Fantasyland whenever a setting can, then pays the "
        "most royalties; between settings equal in that, the strongest bottom row, then "
        "middle, then top."
    ),
    "setter.objective_royalties": N_(
        "The recommended setting pays the most royalties, staying in Fantasyland breaking a "
        "tie; between settings equal in that, the strongest bottom row, then middle, then "
        "top."
    ),
    "setter.alternatives": Plural(
        "The %(count)s alternative is the next best distinct setting: settings "
        "whose rows make the same hands, kickers and discards aside, count once, by "
        "their best version.",
        "The %(count)s alternatives are the next best distinct settings: settings "
        "whose rows make the same hands, kickers and discards aside, count once, by "
        "their best version.",
        "count",  # the alternatives listed
    ),
    # The stay.
    "setter.none_stays": N_(
        "No setting of these cards stays in Fantasyland, which takes %(rule)s."
    ),
    "setter.best_leaves": N_(
        "The recommended setting leaves Fantasyland (%(rule)s would keep it); the best "
        "setting that stays pays %(staying)s, %(less)s less."
    ),
    "setter.best_stays": N_(
        "The recommended setting stays in Fantasyland with %(hand)s in the %(row)s row."
    ),
    "setter.stay_same_count": N_(
        "Staying keeps the count entered with: the next hand is %(cards)s cards again."
    ),
    # The royalties.
    "setter.row_pays": N_("The recommended %(row)s row, %(hand)s, pays %(royalties)s."),
    "setter.figures_none_stays": N_(
        "The recommended setting pays %(royalties)s in royalties; the most any setting that "
        "does not foul pays is %(most)s, and none stays."
    ),
    "setter.figures": N_(
        "The recommended setting pays %(royalties)s in royalties; the most any setting that "
        "does not foul pays is %(most)s, and the most of one that stays, %(staying)s."
    ),
    # The Jokers (JOKER-OFC 3.1, 4.1, 6.1).
    "setter.joker_lowered": N_(
        "The Joker in the recommended %(row)s row becomes the %(card)s (%(hand)s): at "
        "its strongest (%(strongest)s) the row would break the order."
    ),
    "setter.joker_becomes": N_(
        "The Joker in the recommended %(row)s row becomes the %(card)s: %(hand)s."
    ),
    "setter.joker_discarded": N_("The recommended setting discards a Joker: no row gains from it."),
    "setter.stay_on_resolved": N_("The stay is judged on the rows as the Jokers were resolved."),
    # The audit of the setting played: what it pays, and what it gave up ("given").
    "setter.played_fouls": N_(
        "The played setting fouls: it earns no royalties and leaves Fantasyland, giving "
        "up %(points)s against the recommended setting."
    ),
    "setter.played_stays": N_("The played setting pays %(royalties)s and stays: it %(given)s."),
    "setter.played_leaves": N_(
        "The played setting pays %(royalties)s and leaves Fantasyland: it %(given)s."
    ),
    "setter.earns_more_but_leaves": N_(
        "earns %(points)s more than the recommended setting, but gives up the stay"
    ),
    "setter.earns_more": N_("earns %(points)s more than the recommended setting"),
    "setter.gives_up_and_leaves": N_(
        "gives up %(points)s against the recommended setting, and the stay"
    ),
    "setter.gives_up": N_("gives up %(points)s against the recommended setting"),
    "setter.matches_but_leaves": N_(
        "matches the recommended setting's royalties, but gives up the stay"
    ),
    "setter.matches": N_("matches the recommended setting's royalties"),
}
