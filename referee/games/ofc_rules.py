"""What the OFC slices (the table's scoring and the Fantasyland setter) take from the rulesets.

Every choice, help line and document link comes from the entries of ``scoring.rulesets.RULESETS``
as they stand when a page is made, each said in the reader's language, so a profile is one entry
there and nothing here names one. The setter's fields for a scored Fantasyland board (the OFC
page's "was this the best setting?") are here too, so neither slice imports the other.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import pgettext

from referee.house_rules import ruleset_for
from referee.messages import said
from scoring.cards import format_cards
from scoring.errors import InputError
from scoring.ofc import PlayerResult
from scoring.rulesets import ROWS, RULESETS, Ruleset, documents, joker_keys


def ruleset_choices(rulesets: Mapping[str, Ruleset] = RULESETS) -> list[tuple[str, str]]:
    """Each profile as a choice: its key and its title in the reader's language."""
    return [(key, said(rules.title)) for key, rules in rulesets.items()]


def ruleset_title(key: str) -> str:
    """A ruleset key (a profile's or house rules') as people read it: its title in the reader's
    language; a key that no longer names rules, as it is."""
    try:
        return said(ruleset_for(key).title)
    except InputError:
        return key


def joker_rulesets(rulesets: Mapping[str, Ruleset] = RULESETS) -> str:
    """The keys of the profiles that deal Jokers, as the picker's data attribute takes them."""
    return " ".join(joker_keys(rulesets))


def ruleset_help(rulesets: Mapping[str, Ruleset] = RULESETS) -> list[dict[str, str]]:
    """Each profile's help line: who plays, with what deck and what Fantasyland."""
    return [
        {"key": key, "title": said(rules.title), "description": said(rules.description())}
        for key, rules in rulesets.items()
    ]


def document_links(rulesets: Mapping[str, Ruleset] = RULESETS) -> SafeString:
    """The rule documents the profiles come from, each a link to its page, as a list in the
    reader's language ("OFC-BETA, pineapple-2p-v1 and JOKER-OFC")."""
    links = [(reverse("rules-document", args=[code]), code) for code in documents(rulesets)]
    link = '<a href="{}">{}</a>'
    if len(links) <= 1:
        return format_html_join("", link, links)
    between, last = pgettext("list", ", "), pgettext("list", " and ")
    return format_html(
        "{}{}{}", format_html_join(between, link, links[:-1]), last, format_html(link, *links[-1])
    )


def audit_offer(rules: Ruleset, player: PlayerResult) -> dict[str, str] | None:
    """The setter's fields for a scored Fantasyland board whose discards were entered (the OFC
    page's "was this the best setting?"), or None when the dealt cards are not all known."""
    fantasyland = rules.fantasyland
    if fantasyland is None or player.discards is None or not player.fantasyland:
        return None
    if not player.fantasyland.in_fantasyland:
        return None
    rows = {row: player.rows[row].cards for row in ROWS}
    dealt = [card for row in ROWS for card in rows[row]] + list(player.discards)
    if len(dealt) not in fantasyland.deal_sizes:
        return None
    return {
        "ruleset": rules.key,
        "cards": format_cards(dealt),
        **{f"played-{row}": format_cards(rows[row]) for row in ROWS},
    }


def layout(rulesets: Mapping[str, Ruleset] = RULESETS) -> dict[str, Any]:
    """What an OFC page's form shows beside its fields, from the profiles it offers."""
    return {
        "joker_rulesets": joker_rulesets(rulesets),
        "ruleset_help": ruleset_help(rulesets),
        "documents": document_links(rulesets),
    }
