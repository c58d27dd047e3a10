"""Money at the table: `{% money_text cents currency %}` and `{{ mapping|get:key }}`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template

register = template.Library()


@register.simple_tag
def money_text(cents: int | None, currency: str = "") -> str:
    """Cents as money, signed when owed: money_text(-250, "EUR") is "-2.50 EUR"."""
    if cents is None:
        return ""
    sign = "-" if cents < 0 else ""
    amount = f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"
    return f"{amount} {currency}".strip()


@register.filter
def get(mapping: Mapping[str, Any], key: str) -> Any:
    """One value of a mapping, for templates: {{ net|get:name }}."""
    return mapping.get(key) if isinstance(mapping, Mapping) else None
