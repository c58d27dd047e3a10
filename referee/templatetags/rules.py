"""Citations as links: `{% citation_link ruling %}` and `{{ "PPR 7.1"|citation_url }}`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template
from django.urls import NoReverseMatch
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import pgettext

from referee import cases
from referee.games import case_name
from scoring.rulings import INTERPRETATIONS, Ruling

register = template.Library()


def _field(ruling: Ruling | Mapping[str, Any], name: str) -> Any:
    return ruling.get(name) if isinstance(ruling, Mapping) else getattr(ruling, name, None)


@register.simple_tag
def citation_link(ruling: Ruling | Mapping[str, Any]) -> SafeString:
    """Link a ruling's citation to its article, and its house interpretation (if any) too."""
    citation = _field(ruling, "citation")
    if not citation:
        return format_html("")
    try:
        url = _field(ruling, "url") or cases.citation_url(citation)
    except (ValueError, NoReverseMatch):
        return format_html('<span class="citation">{}</span>', citation)
    link = format_html('<a class="citation" href="{}">{}</a>', url, citation)
    code = _field(ruling, "interpretation")
    if not code:
        return link
    if code not in INTERPRETATIONS:
        unlinked = '{} <span class="interpretation-link">{}</span>'
        return format_html(unlinked, link, _house_reading(code))
    href = _field(ruling, "interpretation_url") or cases.interpretation_url(code)
    return format_html(
        '{} <a class="interpretation-link" href="{}">{}</a>', link, href, _house_reading(code)
    )


def _house_reading(code: str) -> str:
    return pgettext("a ruling's link", "house reading %(code)s") % {"code": code}


@register.filter
def citation_url(citation: str) -> str:
    """Give the article page of a citation string ("OPR-538 1.3(a)")."""
    try:
        return cases.citation_url(citation)
    except (ValueError, NoReverseMatch):
        return ""


@register.filter
def game_name(game: str) -> str:
    """Name a game or ruleset key for people ("island" -> "Island Pineapple")."""
    return case_name(game)
