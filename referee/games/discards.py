"""The discard referee, the whole path: POST /api/pineapple/discards/ and /pineapple/discards/.

A Pineapple-family discard went wrong: the host names the version, the situation and (where the
version has a variation) the timing, and the engine (``scoring.discards``) gives the ruling.

``house_rules`` is a list of the house rules in force: switch names for this ruling only
(``"late_discard_allowed"``), and at most one saved house rule made from Pineapple
(``"house:<id>"``), whose switched readings the ruling cites (``HOUSE-<id> late_discard``).
A lone string is a list of one, so ``"house_rules": "house:<id>"`` works as on every game.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from referee.cases import canonical, ruling_links
from referee.fields import NameField, choice_field
from referee.games.base import Game
from referee.house_rules import (
    KEY_PATTERN,
    PREFIX,
    offer_house_rules,
    pineapple_readings_for,
    played_under,
    saved_readings,
)
from referee.messages import english, said, said_lazy
from referee.pages import ChoiceField, PageForm, TextField
from referee.schema import house_rules_list_schema
from scoring import calls
from scoring.discards import (
    CONSEQUENCES,
    HOUSE_RULES,
    SITUATIONS,
    TIMINGS,
    VERSION_NAMES,
    Decision,
)
from scoring.errors import InputError
from scoring.house import PINEAPPLE
from scoring.pineapple import TITLES
from scoring.pineapple_readings import PLAIN_READINGS
from scoring.players import MAX_NAME

NAME = _("Pineapple discard ruling")
TIMING_KEYS = list(dict.fromkeys(key for timings in TIMINGS.values() for key in timings))


def _accepted() -> str:
    """What house_rules takes, in a refusal's words."""
    return gettext("a list of %(switches)s (for this ruling only) and at most one %(saved)s") % {
        "switches": ", ".join(HOUSE_RULES),
        "saved": saved_readings(PINEAPPLE),
    }


def _not_a_house_rule(item: Any) -> str:
    return gettext("%(item)s is not a house rule: house_rules is %(accepted)s") % {
        "item": repr(item),
        "accepted": _accepted(),
    }


@extend_schema_field(house_rules_list_schema(list(HOUSE_RULES), KEY_PATTERN))
class DiscardHouseRulesField(serializers.Field):
    """The house rules in force: switch names and at most one "house:<id>" (a string is one).

    Gives ``{"house": HouseReadings | None, "names": [...]}``; a refused item at its index.
    The phone reads it offline too (``referee.offline``), saved house rules only those it has
    kept.
    """

    offline: ClassVar[dict[str, Any]] = {
        "kind": "switches", "choices": list(HOUSE_RULES), "base": PINEAPPLE
    }  # fmt: skip

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        items = [data] if isinstance(data, str) else data
        if not isinstance(items, list) or len(items) > len(HOUSE_RULES) + 1:
            raise serializers.ValidationError(
                gettext("house_rules is %(accepted)s") % {"accepted": _accepted()}
            )
        house, names, errors = None, [], {}
        for index, item in enumerate(items):
            if not isinstance(item, str):
                errors[index] = [_not_a_house_rule(item)]
            elif item in HOUSE_RULES and item not in names:
                names.append(item)
            elif item.startswith(PREFIX) and house is None:
                try:
                    house = pineapple_readings_for(item)
                except InputError as error:  # saved rules are refused at house_rules itself
                    raise serializers.ValidationError(str(error)) from error
            else:
                errors[index] = [_not_a_house_rule(item)]
        if errors:
            raise serializers.ValidationError(errors if isinstance(data, list) else errors[0])
        return {"house": house, "names": names}

    def to_representation(self, value: Any) -> list[str]:
        house = [value["house"].key] if value["house"] else []
        return [*house, *value["names"]]


class DiscardsSerializer(serializers.Serializer[Any]):
    """The discard referee's question."""

    game = choice_field(list(VERSION_NAMES), _("a Pineapple version"))
    situation = choice_field(list(SITUATIONS), _("a situation the referee rules on"))
    timing = choice_field(TIMING_KEYS, _("a discard timing"), required=False)
    player = NameField()
    house_rules = DiscardHouseRulesField(
        required=False,
        default=lambda: {"house": None, "names": []},
        help_text=_(
            'Optional: ["late_discard_allowed"] for this ruling, "house:<id>" of house '
            "rules made from Pineapple, or both in one list"
        ),
    )


def _timing_choices() -> list[Any]:
    choices: list[Any] = [("", _("The version's standard timing"))]
    for game, timings in TIMINGS.items():
        choices.append(
            (said_lazy(TITLES[game]), [(k, said_lazy(t.label)) for k, t in timings.items()])
        )
    return choices


class HouseRulesChoice(ChoiceField):
    """One of the house rules: a switch for this ruling, or saved house rules (a list of one)."""

    def from_api(self, value: Any) -> Any:
        return super().from_api(value[0] if isinstance(value, list) and value else value or None)


class DiscardsForm(PageForm):
    """Version, situation, timing and (optionally) who, with the house rules that apply."""

    game = ChoiceField(
        label=_("Version"),
        choices=[(key, said_lazy(title)) for key, title in TITLES.items()],
        initial="pineapple",
        widget=forms.RadioSelect,
    )
    situation = ChoiceField(
        label=_("What happened?"),
        choices=[(key, said_lazy(situation)) for key, situation in SITUATIONS.items()],
    )
    timing = ChoiceField(
        label=_("Discard timing announced"),
        choices=_timing_choices(),
        help_text=_(
            "Pineapple and Crazy Pineapple each have a variation; leave it for the standard timing."
        ),
    )
    player = TextField(
        label=_("Player (optional)"), widget=forms.TextInput(attrs={"maxlength": MAX_NAME})
    )
    house_rules = HouseRulesChoice(
        label=_("House rules (optional)"),
        choices=[("", _("None: the rule library's readings"))]
        + [
            (key, format_lazy(_("For this ruling only: {rule}"), rule=said_lazy(switch.alone)))
            for key, switch in HOUSE_RULES.items()
        ],
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        offer_house_rules(self, "house_rules", pineapple_readings_for)


class DiscardReferee(Game):
    """Rule on a discard mishap for a version, a situation and (optionally) a timing."""

    key = "discards"
    title = _("Discard referee")
    template = "pineapple/discards.html"
    serializer = DiscardsSerializer
    form = DiscardsForm
    # "pineapple-ruling" is the key of the cases logged before the referee had one name.
    case_games: ClassVar[dict[str, str]] = {key: NAME, "pineapple-ruling": NAME}
    kept_fields = ("game", "house_rules")

    def run(self, data: dict[str, Any]) -> Decision:
        house, names = data["house_rules"]["house"], data["house_rules"]["names"]
        return calls.discards(data, house.readings if house else PLAIN_READINGS, names)

    def entered(self, data: dict[str, Any]) -> dict[str, Any]:
        house_rules = DiscardHouseRulesField().to_representation(data["house_rules"])
        return dict(canonical({**data, "house_rules": house_rules}))

    def present(self, outcome: Decision) -> dict[str, Any]:
        saved = next((key for key in outcome.house_rules if key.startswith(PREFIX)), None)
        return {
            **outcome.as_dict(),
            "decision": said(outcome.decision_message),
            "consequence_label": said(CONSEQUENCES[outcome.consequence]),
            "house": played_under(saved, outcome.readings),
            "rulings": ruling_links(outcome.rulings),
        }

    def summary(self, result: dict[str, Any]) -> list[str]:
        # The stored decision is English: another reader gets the consequence in their words.
        decision = str(result.get("decision", ""))
        consequence = CONSEQUENCES.get(str(result.get("consequence", "")))
        return [decision if consequence is None or english() else said(consequence)]
