"""Sentences of a table's own house rules: settings, bases, readings (scoring/house.py)."""

from __future__ import annotations

from scoring.wording.base import N_, Plural, Sentence

SENTENCES: dict[str, Sentence] = {
    # A house rule's names, and what each of its citations departs from.
    "house.name": N_("House rules %(id)s"),
    "house.title": N_("House rules %(id)s (from %(base)s)"),
    "house.ruled_in_place_of": N_("%(ruling)s (by these house rules, in place of %(citation)s)."),
    "house.document_gives": Plural(
        "%(cited)s gives %(value)s",
        "%(cited)s give %(value)s",
        "count",  # the articles cited
    ),
    "house.plain_reading": N_(
        "%(interpretation)s's plain reading of %(article)s (%(plain)s): %(reads)s"
    ),
    "house.yes": N_("yes"),
    "house.no": N_("no"),
    "house.own_table": N_("its own table"),
    "house.count_entered_with": N_("the count entered with"),
    # The OFC settings' labels, as the pages show them.
    "house.label_row_point": N_("Points for a row won"),
    "house.label_sweep_bonus": N_("Bonus for the sweep"),
    "house.label_foul_penalty": N_("What a foul pays"),
    "house.label_scoring": N_("Scoring method"),
    "house.label_top_pairs": N_("Top royalties for a pair"),
    "house.label_top_trips": N_("Top royalties for trips"),
    "house.label_middle": N_("Middle royalties"),
    "house.label_bottom": N_("Bottom royalties"),
    "house.label_fantasyland": N_("Fantasyland played"),
    "house.label_fantasyland_entry": N_("Fantasyland entry and deal"),
    "house.label_fantasyland_stay": N_("Staying in Fantasyland"),
    "house.label_fantasyland_stay_cards": N_("Cards dealt on a stay"),
    "house.label_jokers": N_("Jokers in the deck"),
    "house.label_max_players": N_("Most players"),
    # A royalty table, named in a refusal.
    "house.table_top_pairs": N_("pair royalties"),
    "house.table_top_trips": N_("trips royalties"),
    "house.table_middle": N_("middle royalties"),
    "house.table_bottom": N_("bottom royalties"),
    # The bases that are a game's readings, and what one of a base's settings is.
    "house.base_island": N_("Island Pineapple"),
    "house.base_island_title": N_("Island Pineapple (OPR-538)"),
    "house.base_island_setting": N_("an Island Pineapple reading"),
    "house.base_pineapple": N_("Pineapple"),
    "house.base_pineapple_title": N_("Pineapple, Crazy and Lazy Pineapple (PPR)"),
    "house.base_pineapple_setting": N_("a Pineapple reading"),
    "house.ofc_setting": N_("an OFC setting"),
    # Refusals of a setting's value.
    "house.whole_number": N_("enter a whole number from %(low)s to %(high)s"),
    "house.table_expected": N_("give the %(what)s as a table, e.g. %(example)s"),
    "house.entry_name_empty": N_("an entry's name is empty: use %(keys)s"),
    "house.entry_unknown": N_("%(key)s is not one of %(keys)s"),
    "house.royalty_not_whole": N_(
        "%(key)s pays a whole number of points from 0 to 1000, not %(paid)s"
    ),
    "house.stronger_pays_less": N_(
        "%(stronger)s pays %(less)s but %(weaker)s pays %(more)s: a stronger hand "
        "may not pay less than a weaker one"
    ),
    "house.stronger_pays_less_kept": N_(
        "%(stronger)s pays %(less)s but %(weaker)s pays %(more)s (%(kept)s is left "
        "out, so it keeps %(base)s's value): a stronger hand may not pay less than "
        "a weaker one"
    ),
    "house.scheme_unknown": N_("scoring is one of %(schemes)s, not %(value)s"),
    "house.true_or_false": N_("enter true or false"),
    "house.entries_expected": N_('give each entry hand its deal, e.g. {"queens": 14, "trips": 17}'),
    "house.entry_hand_empty": N_("an entry hand's name is empty: use a pair (queens) or trips"),
    "house.entry_hand_unknown": N_("%(hand)s is not an entry hand: use a pair (queens) or trips"),
    "house.deal_size": N_("a Fantasyland deal is 14 to 17 cards, not %(cards)s"),
    "house.entries_unordered": N_("a stronger entry hand may not earn fewer cards"),
    "house.stay_expected": N_(
        'name the least hand per row that stays, e.g. {"top": "three_of_a_kind"}'
    ),
    "house.stay_hand_unknown": N_(
        "%(slug)s is not a hand: name one such as three_of_a_kind, or null for no stay on this row"
    ),
    "house.stay_beyond_top": N_(
        "%(slug)s cannot be made with the top row's three cards: a stay on top is "
        "high_card, pair or three_of_a_kind"
    ),
    "house.stay_nowhere": N_("at least one row must be able to stay"),
    "house.stay_cards": N_("a stay deals 14 to 17 cards, or null for the count entered with"),
    # Refusals of the settings named, and of settings that conflict with one another.
    "house.setting_name_empty": N_("a setting's name is empty: use %(accepted)s"),
    "house.setting_unknown": N_("%(name)s is not a setting: use %(accepted)s"),
    "house.setting_of_other_base": N_(
        "%(name)s is %(kind)s, not one of %(base)s: use %(accepted)s"
    ),
    "house.top_pair_over_trips": N_(
        "top_pairs.aces pays %(pair)s but top_trips.twos pays %(trips)s: trips beat "
        "any pair on top, so the weakest trips may not pay less than a pair of aces"
    ),
    "house.bottom_over_middle": N_(
        "bottom.%(hand)s pays %(bottom)s but middle.%(hand)s pays %(middle)s: "
        "the middle is the harder row to make it in, and %(base)s pays it more "
        "there, so the bottom may not pay more"
    ),
    "house.sweep_under_two_four": N_("2-4 scoring has no sweep bonus: its majority point is it"),
    "house.fantasyland_off": N_("Fantasyland is turned off, so it has no %(setting)s"),
    # Refusals of the base.
    "house.base_unknown": N_("start from one of %(bases)s, not %(base)s"),
    "house.changes_empty": N_("change at least one setting, e.g. %(example)s"),
    "house.readings_not_ofc": N_("%(base)s house rules play its readings, not OFC"),
    "house.ofc_not_readings": N_("%(base)s house rules are an OFC ruleset, not readings"),
    # The published variants (``PRESETS``): each one's title and where it comes from.
    "house.preset_fantasyland": N_("Pineapple OFC with Fantasyland"),
    "house.preset_fantasyland_source": N_(
        "Not in OFC-BETA, which leaves Fantasyland out (9.1): the Fantasyland of "
        "pineapple-2p-v1, queens or better on top for 14 cards, dealt and played."
    ),
    "house.preset_progressive": N_("Progressive Fantasyland, no Jokers"),
    "house.preset_progressive_source": N_(
        "Not in the documents without Jokers: JOKER-OFC 7.2's Ultimate Fantasyland deal sizes "
        "(QQ 14, KK 15, AA 16, trips 17) with a 52-card deck, as many online OFC rooms play."
    ),
    "house.preset_one_joker": N_("Joker OFC with one Joker"),
    "house.preset_one_joker_source": N_(
        "Not in JOKER-OFC, which deals two Jokers (2.1): the same game with one in the deck."
    ),
    "house.preset_two_four": N_("2-4 scoring"),
    "house.preset_two_four_source": N_(
        "Not in the documents, which score 1-6: the 2-4 method of Chinese poker (house "
        "reading H42)."
    ),
    "house.preset_foul_three": N_("A foul pays 3"),
    "house.preset_foul_three_source": N_(
        "Not in OFC-BETA, where a foul pays 6 (6.5): a lighter penalty some home games use."
    ),
    "house.preset_island_earlier": N_("Island: the earlier readings"),
    "house.preset_island_earlier_source": N_(
        "Not OPR-538's plain reading: H1, H4, H5 and H14 each read the more generous way, the "
        "project's readings before the plain ones became the default."
    ),
}
