"""House rules in the web layer: store them, find them by key, and accept them as a ruleset.

Wherever a ruleset key is taken (the OFC calculator, matches, the Fantasyland setter),
``"house:<id>"`` is taken too and played as ``scoring.house.house_ruleset`` builds it. The
Island showdown takes the key of house rules made from Island Pineapple (``house_rules``), the
Pineapple showdown and the discard referee that of house rules made from Pineapple, and each
plays their readings (``scoring.house.house_readings``).
"""

from __future__ import annotations

import secrets
from typing import Any

from django import forms
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils.functional import lazy
from django.utils.translation import gettext, pgettext
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from referee.cases import interpretation_url
from referee.messages import reads, said
from referee.models import HouseRule
from referee.schema import house_key_schema, ruleset_schema
from scoring.errors import InputError
from scoring.house import (
    BASES,
    ISLAND,
    PINEAPPLE,
    HouseReadings,
    check,
    house_notes,
    house_readings,
    house_ruleset,
)
from scoring.rulesets import RULESETS, Ruleset

PREFIX = "house:"
ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"
ID_LENGTH = 8
KEY_PATTERN = f"^{PREFIX}[{ID_ALPHABET}]{{{ID_LENGTH}}}$"  # the API schema's house:<id>


class UnknownRules(InputError):
    """A ruleset key that is neither a profile nor a saved house rule."""


def accepted() -> str:
    return gettext("%(keys)s, or house:<id> for a table's own rules") % {
        "keys": ", ".join(RULESETS)
    }


def _quoted(key: Any) -> str:
    """A key sent, quoted in a refusal: escaped (``repr``) and cut short."""
    said = repr(key)
    return said if len(said) <= 40 else said[:37] + "..."


def _saved(key: str, field: str) -> HouseRule:
    house_id = key[len(PREFIX) :]
    if not house_id:
        raise UnknownRules(
            gettext(
                "the house-rule key is empty: give house: and the rules' id, e.g. house:k3m9x2qa"
            ),
            field,
        )
    if len(house_id) > 16 or not (house_id.isascii() and house_id.isalnum()):
        raise UnknownRules(
            gettext(
                "no house rules are saved as %(key)s: a key is house: and letters and digits, "
                "e.g. house:k3m9x2qa"
            )
            % {"key": _quoted(key)},
            field,
        )
    found = HouseRule.objects.filter(pk=house_id).first()
    if found is None:
        raise UnknownRules(
            gettext("no house rules are saved as %(key)s: check the link") % {"key": key}, field
        )
    return found


def ruleset_for(key: Any) -> Ruleset:
    """The ruleset a key names: a built-in profile, or saved house rules ("house:k3m9x2qa")."""
    if isinstance(key, str) and key in RULESETS:
        return RULESETS[key]
    if isinstance(key, str) and key.startswith(PREFIX):
        found = _saved(key, "ruleset")
        start = BASES.get(found.base)
        if start is not None and start.readings:
            raise UnknownRules(
                gettext(
                    "%(key)s are house rules for %(game)s; OFC plays %(accepted)s made from an "
                    "OFC profile"
                )
                % {"key": key, "game": said(start.name), "accepted": accepted()},
                "ruleset",
            )
        return house_ruleset(found.id, found.base, found.changes, found.title)
    raise UnknownRules(
        gettext("ruleset must be one of %(accepted)s, not %(key)s")
        % {"accepted": accepted(), "key": _quoted(key)},
        "ruleset",
    )


def readings_accepted(base: str) -> str:
    """What a game's house_rules takes, in a refusal's words."""
    return gettext("%(saved)s, or nothing for the plain readings") % {"saved": saved_readings(base)}


def saved_readings(base: str) -> str:
    """How saved house rules of a game's readings are named, in a refusal's words."""
    return gettext(
        "house:<id> for house rules made from %(game)s's readings (/rules/house/new/?from=%(base)s)"
    ) % {"game": said(BASES[base].name), "base": base}


def _games(base: str) -> str:
    """The games that play a base's readings, in a refusal's words."""
    if base == ISLAND:
        return gettext("the Island showdown")
    return gettext("the Pineapple showdown and discard referee")


def _takes(base: str) -> str:
    return gettext("house_rules is %(accepted)s") % {"accepted": readings_accepted(base)}


def _choose_ruleset() -> str:
    return gettext("choose the ruleset: %(accepted)s") % {"accepted": accepted()}


def _call(call: Any, *args: Any) -> str:
    return str(call(*args))


_lazy_str = lazy(_call, str)


def readings_for(key: Any, base: str = ISLAND, field: str = "house_rules") -> HouseReadings:
    """The readings saved house rules of a game play ("house:k3m9x2qa", made from ``base``)."""
    if not isinstance(key, str) or not key.startswith(PREFIX):
        raise UnknownRules(
            gettext("%(field)s is %(accepted)s, not %(key)s")
            % {"field": field, "accepted": readings_accepted(base), "key": _quoted(key)},
            field,
        )
    found = _saved(key, field)
    if found.base != base:
        made = BASES[found.base]
        game = (
            said(made.name)
            if made.readings
            else pgettext("house rules' base", "OFC (%(base)s)") % {"base": found.base}
        )
        raise UnknownRules(
            gettext("%(key)s are house rules for %(game)s; %(games)s takes %(accepted)s")
            % {
                "key": key,
                "game": game,
                "games": _games(base),
                "accepted": readings_accepted(base),
            },
            field,
        )
    return house_readings(found.id, found.changes, base)


def pineapple_readings_for(key: Any) -> HouseReadings:
    """The Pineapple readings saved house rules play ("house:<id>", made from "pineapple")."""
    return readings_for(key, PINEAPPLE)


def played_under(key: str | None, readings: Any) -> dict[str, Any] | None:
    """The house rules a game's answer was played under, with each reading they switch, for
    the page's note; None when none were."""
    if key is None:
        return None
    switches = [readings.switches[name] for name in readings.switched]
    return {
        "key": key,
        "url": reverse("house-rule", args=[key.removeprefix(PREFIX)]),
        "switched": [
            {
                "interpretation": switch.interpretation,
                "url": interpretation_url(switch.interpretation),
                "reads": reads(switch, getattr(readings, switch.field)),
            }
            for switch in switches
        ],
    }


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
    """Each changed setting beside what the document it starts from says, and its article; an
    Island reading also beside its interpretation in the rule library, and what it holds."""
    start = BASES[house.base]
    settings = start.settings
    notes = house_notes(house.id, house.base, house.changes)
    changed = []
    for name, value in house.changes.items():
        if name not in settings:
            continue
        citation = f"HOUSE-{house.id} {name}"
        change = {
            "setting": name,
            "label": said(settings[name].label),
            "value": value,
            "citation": citation,
            "document": said(notes.get(citation, "")),
        }
        if start.readings:
            switch = start.profile.switches[name]
            change.update(
                interpretation=switch.interpretation,
                interpretation_url=interpretation_url(switch.interpretation),
                reads=reads(switch, value),
                plain=reads(switch, switch.plain),
                switched=value != switch.plain,
            )
        changed.append(change)
    return changed


@extend_schema_field(ruleset_schema(KEY_PATTERN))
class RulesetField(serializers.Field):
    """A ruleset key, or "house:<id>": gives the Ruleset it names."""

    default_error_messages = {"required": _lazy_str(_choose_ruleset)}
    find = staticmethod(ruleset_for)
    base: str | None = None  # what saved house rules it takes are made from: None, any OFC profile

    def to_internal_value(self, data: Any) -> Any:
        try:
            return self.find(data)
        except InputError as error:
            raise serializers.ValidationError(str(error)) from error

    def to_representation(self, value: Any) -> str:
        return str(value.key)


@extend_schema_field(house_key_schema(KEY_PATTERN))
class IslandHouseRulesField(RulesetField):
    """Island house rules' key, "house:<id>": gives the HouseReadings they play."""

    default_error_messages = {"required": _lazy_str(_takes, ISLAND)}
    find = staticmethod(readings_for)
    base = ISLAND


@extend_schema_field(house_key_schema(KEY_PATTERN))
class PineappleHouseRulesField(RulesetField):
    """Pineapple house rules' key, "house:<id>": gives the HouseReadings they play."""

    default_error_messages = {"required": _lazy_str(_takes, PINEAPPLE)}
    find = staticmethod(pineapple_readings_for)
    base = PINEAPPLE


def offer_house_rules(form: forms.Form, field: str = "ruleset", find: Any = ruleset_for) -> None:
    """Add the house rules a page was opened or posted with to the field's choices."""
    asked = form.data.get(field) if form.is_bound else form.initial.get(field)
    if isinstance(asked, str) and asked.startswith(PREFIX):
        try:
            rules = find(asked)
        except InputError:
            return
        widget = form.fields[field].widget
        choice = (rules.key, said(rules.title))
        widget.choices = [*widget.choices, choice]  # type: ignore[attr-defined]
