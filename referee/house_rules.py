"""House rules in the web layer: store them, find them by key, and accept them as a ruleset.

Wherever a ruleset key is taken (the OFC calculator, matches, the Fantasyland setter),
``"house:<id>"`` is taken too and played as ``scoring.house.house_ruleset`` builds it.
"""

from __future__ import annotations

import secrets
from typing import Any

from django import forms
from django.db import IntegrityError, transaction
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from referee.models import HouseRule
from scoring.errors import InputError
from scoring.house import SETTINGS, check, house_ruleset
from scoring.rulesets import RULESETS, Ruleset

PREFIX = "house:"
ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"
ID_LENGTH = 8


class UnknownRules(InputError):
    """A ruleset key that is neither a profile nor a saved house rule."""


def accepted() -> str:
    return f"{', '.join(RULESETS)}, or house:<id> for a table's own rules"


def ruleset_for(key: Any) -> Ruleset:
    """The ruleset a key names: a built-in profile, or saved house rules ("house:k3m9x2qa")."""
    if isinstance(key, str) and key in RULESETS:
        return RULESETS[key]
    if isinstance(key, str) and key.startswith(PREFIX):
        found = HouseRule.objects.filter(pk=key[len(PREFIX) :][:16]).first()
        if found is not None:
            return house_ruleset(found.id, found.base, found.changes)
        raise UnknownRules(f"no house rules are saved as {key}: check the link", "ruleset")
    raise UnknownRules(f"ruleset must be one of {accepted()}, not {key!r}", "ruleset")


def save_house_rule(title: str, base: str, changes: dict[str, Any]) -> HouseRule:
    """Check and keep a table's rules under a new permanent id."""
    check(base, changes)
    while True:
        house_id = "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))
        try:
            with transaction.atomic():
                return HouseRule.objects.create(
                    id=house_id, title=title.strip(), base=base, changes=dict(changes)
                )
        except IntegrityError:  # the id is taken: draw again
            continue


def departures(house: HouseRule) -> list[dict[str, Any]]:
    """Each changed setting beside what the document it starts from says, and its article."""
    rules = house_ruleset(house.id, house.base, house.changes)
    return [
        {
            "setting": name,
            "label": SETTINGS[name].label,
            "value": value,
            "citation": f"HOUSE-{house.id} {name}",
            "document": rules.house_notes.get(f"HOUSE-{house.id} {name}", ""),
        }
        for name, value in house.changes.items()
        if name in SETTINGS
    ]


@extend_schema_field(OpenApiTypes.STR)
class RulesetField(serializers.Field):
    """A ruleset key, or "house:<id>": gives the Ruleset it names."""

    default_error_messages = {"required": f"choose the ruleset: {accepted()}"}

    def to_internal_value(self, data: Any) -> Ruleset:
        try:
            return ruleset_for(data)
        except InputError as error:
            raise serializers.ValidationError(str(error)) from error

    def to_representation(self, value: Ruleset) -> str:
        return value.key


def offer_house_rules(form: forms.Form) -> None:
    """Add the house rules a page was opened or posted with to the ruleset choices."""
    asked = form.data.get("ruleset") if form.is_bound else form.initial.get("ruleset")
    if isinstance(asked, str) and asked.startswith("house:"):
        try:
            rules = ruleset_for(asked)
        except InputError:
            return
        widget = form.fields["ruleset"].widget
        widget.choices = [*widget.choices, (rules.key, rules.title)]  # type: ignore[attr-defined]
