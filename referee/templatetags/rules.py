"""Citations as links: `{% citation_link ruling %}` and `{{ "PPR 7.1"|citation_url }}`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template
from django.urls import NoReverseMatch
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language, pgettext

from referee import cases
from referee.games import case_name
from referee.models import Article, is_japanese
from scoring.citations import split_citation
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
    link = format_html('<a class="citation" href="{}">{}</a>', url, shown_citation(citation))
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


# A named topic's heading in Japanese, by its citation (the rule texts do not change while the
# server runs; a topic not found is looked up again).
_TOPICS_JA: dict[str, str] = {}


@register.filter
def shown_citation(citation: str) -> str:
    """A citation as the reader reads it. An article cited by its number ("OFC-BETA 6.5") reads
    the same in every language; one cited by its topic's name ("pineapple-2p-v1 Fantasyland
    hands") names the topic by its heading in the reader's language, where it has one."""
    if not isinstance(citation, str) or not is_japanese(get_language() or ""):
        return citation
    try:
        document, topic = split_citation(citation)
    except ValueError:
        return citation
    if any(char.isdigit() for char in topic):
        return citation
    heading = _TOPICS_JA.get(citation)
    if heading is None:
        found = Article.objects.filter(document__code=document, number=topic)
        heading = found.values_list("heading_ja", flat=True).first() or ""
        if heading:
            _TOPICS_JA[citation] = heading
    return f"{document}「{heading}」" if heading else citation  # the Japanese quotes


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
