"""The discard referee, the whole path: POST /api/pineapple/discards/ and /pineapple/discards/.

A Pineapple-family discard went wrong: the host names the version, the situation and (where the
version has a variation) the timing, and the engine (``scoring.discards``) gives the ruling.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms
from rest_framework import serializers

from referee.cases import canonical, ruling_links
from referee.fields import NameField, choice_field
from referee.games.base import Game
from referee.pages import ChoiceField, ChoicesField, PageForm, TextField
from scoring.discards import HOUSE_RULES, SITUATIONS, TIMINGS, VERSION_NAMES, Decision, rule
from scoring.players import MAX_NAME

NAME = "Pineapple discard ruling"
TIMING_KEYS = list(dict.fromkeys(key for timings in TIMINGS.values() for key in timings))


class DiscardsSerializer(serializers.Serializer[Any]):
    """The discard referee's question."""

    game = choice_field(list(VERSION_NAMES), "a Pineapple version")
    situation = choice_field(list(SITUATIONS), "a situation the referee rules on")
    timing = choice_field(TIMING_KEYS, "a discard timing", required=False)
    player = NameField()
    house_rules = serializers.ListField(
        child=choice_field(list(HOUSE_RULES), "a house rule"),
        required=False,
        default=list,
        max_length=len(HOUSE_RULES),
    )


def _timing_choices() -> list[Any]:
    choices: list[Any] = [("", "The version's standard timing")]
    for game, timings in TIMINGS.items():
        choices.append(
            (VERSION_NAMES[game], [(key, timing.label) for key, timing in timings.items()])
        )
    return choices


class DiscardsForm(PageForm):
    """Version, situation, timing and (optionally) who, with the house rules that apply."""

    game = ChoiceField(
        label="Version",
        choices=list(VERSION_NAMES.items()),
        initial="pineapple",
        widget=forms.RadioSelect,
    )
    situation = ChoiceField(label="What happened?", choices=list(SITUATIONS.items()))
    timing = ChoiceField(
        label="Discard timing announced",
        choices=_timing_choices(),
        help_text="Pineapple and Crazy Pineapple each have a variation; leave it for the "
        "standard timing.",
    )
    player = TextField(
        label="Player (optional)", widget=forms.TextInput(attrs={"maxlength": MAX_NAME})
    )
    house_rules = ChoicesField(
        label="House rules", choices=[(key, house.label) for key, house in HOUSE_RULES.items()]
    )


class DiscardReferee(Game):
    """Rule on a discard mishap for a version, a situation and (optionally) a timing."""

    key = "discards"
    title = "Discard referee"
    template = "pineapple/discards.html"
    serializer = DiscardsSerializer
    form = DiscardsForm
    # "pineapple-ruling" is the key of the cases logged before the referee had one name.
    case_games: ClassVar[dict[str, str]] = {key: NAME, "pineapple-ruling": NAME}
    kept_fields = ("game",)

    def run(self, data: dict[str, Any]) -> Decision:
        return rule(
            data["game"], data["situation"], data.get("timing"), data["player"], data["house_rules"]
        )

    def entered(self, data: dict[str, Any]) -> dict[str, Any]:
        return dict(canonical(data))

    def present(self, outcome: Decision) -> dict[str, Any]:
        return {**outcome.as_dict(), "rulings": ruling_links(outcome.rulings)}

    def summary(self, result: dict[str, Any]) -> list[str]:
        return [str(result.get("decision", ""))]
