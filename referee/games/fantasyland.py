"""The Fantasyland setter, the whole path: POST /api/ofc/fantasyland/ and /ofc/fantasyland/.

A player in Fantasyland was dealt 14 to 17 cards at once; the setter (``scoring.setter``) finds
the best legal setting of 13 of them, the figures any setting can reach, a few alternatives and,
given the setting that was played, what it gave up.
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
from referee.fields import CardsField, choice_field
from referee.games.base import Game
from referee.games.ofc_rules import layout, ruleset_choices
from referee.hand_names import hand_name, row_name
from referee.house_rules import KEY_PATTERN, RulesetField, offer_house_rules, ruleset_for
from referee.messages import either, said
from referee.pages import CardsTextField, ChoiceField, PageForm
from referee.schema import ruleset_schema
from scoring import calls
from scoring.rulesets import (
    DEFAULT_FANTASYLAND,
    ROW_SIZES,
    ROWS,
    fantasyland_rulesets,
)
from scoring.setter import OBJECTIVES, SetterResult, Setting

NAME = _("Fantasyland setting")
DEALT_EXAMPLE = "Ah Ad Ac Kh Kd Qs Js Ts 9s 8s 5h 4c 3d 2c"
PLAYED_EXAMPLES = {"top": "Ah Ad Ac", "middle": "5h 4c 3d 2c Kh", "bottom": "Qs Js Ts 9s 8s"}
# The rulesets that deal Fantasyland hands (as RULESETS stands when a page is made); a table's
# house rules are offered as they are used. The API schema lists those there at start-up.
DEAL_SIZES = sorted(
    {n for r in fantasyland_rulesets().values() if r.fantasyland for n in r.fantasyland.deal_sizes}
)


def deals() -> list[str]:
    """How many cards each ruleset deals in Fantasyland, in the reader's words."""
    return [
        gettext("%(ruleset)s deals %(sizes)s cards.")
        % {
            "ruleset": said(rules.title),
            "sizes": either(rules.fantasyland.deal_sizes),
        }
        for rules in fantasyland_rulesets().values()
        if rules.fantasyland
    ]


OBJECTIVE_LABELS = {
    "stay": _("Stay in Fantasyland when possible, then the most royalties"),
    "royalties": _("The most royalties, whether it stays or not"),
}


class PlayedSerializer(serializers.Serializer[Any]):
    """The setting that was played: three rows of the dealt cards, the rest discarded."""

    top = CardsField(jokers=True, wanted=_("3 of the dealt cards"), example=PLAYED_EXAMPLES["top"])
    middle = CardsField(
        jokers=True, wanted=_("5 of the dealt cards"), example=PLAYED_EXAMPLES["middle"]
    )
    bottom = CardsField(
        jokers=True, wanted=_("5 of the dealt cards"), example=PLAYED_EXAMPLES["bottom"]
    )


@extend_schema_field(ruleset_schema(KEY_PATTERN, fantasyland_rulesets()))
class FantasylandRulesetField(RulesetField):
    """A ruleset that deals Fantasyland hands (as the schema says), or a table's own rules."""


class SetterSerializer(serializers.Serializer[Any]):
    ruleset = FantasylandRulesetField()
    cards = CardsField(
        jokers=True,
        wanted=format_lazy(
            _("the {least} to {most} cards dealt"), least=DEAL_SIZES[0], most=DEAL_SIZES[-1]
        ),
        example=DEALT_EXAMPLE,
    )
    objective = choice_field(OBJECTIVES, _("an objective"), required=False, default="stay")
    played = PlayedSerializer(required=False, allow_null=True, default=None)


class SetterForm(PageForm):
    """The ruleset and the dealt cards; optionally the objective and the setting played."""

    ruleset = ChoiceField(label=_("Ruleset"), choices=[], initial=DEFAULT_FANTASYLAND)
    cards = CardsTextField(
        label=format_lazy(
            _("Cards dealt ({least} to {most})"), least=DEAL_SIZES[0], most=DEAL_SIZES[-1]
        ),
        placeholder=format_lazy(_("e.g. {cards}"), cards=DEALT_EXAMPLE),
    )
    objective = ChoiceField(
        label=_("Recommend the setting that gives"),
        choices=list(OBJECTIVE_LABELS.items()),
        initial="stay",
        widget=forms.RadioSelect,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = ruleset_choices(fantasyland_rulesets())
        self.fields["ruleset"].widget.choices = choices  # type: ignore[attr-defined]
        played_labels = {
            "top": gettext("Played top row (%(size)d)"),
            "middle": gettext("Played middle row (%(size)d)"),
            "bottom": gettext("Played bottom row (%(size)d)"),
        }
        for row in ROWS:
            self.fields[f"played-{row}"] = CardsTextField(
                count=ROW_SIZES[row],
                label=played_labels[row] % {"size": ROW_SIZES[row]},
                placeholder=gettext("e.g. %(cards)s") % {"cards": PLAYED_EXAMPLES[row]},
            )
            # The played rows are set from the dealt cards (the picker offers only those).
            self.fields[f"played-{row}"].widget.attrs["data-from"] = "cards"
        offer_house_rules(self)

    @property
    def played_rows(self) -> list[Any]:
        return [self[f"played-{row}"] for row in ROWS]

    @property
    def audit_open(self) -> bool:
        """Whether any played row holds a value or an error."""
        return any(field.value() or field.errors for field in self.played_rows)


def present_setting(setting: Setting) -> dict[str, Any]:
    """A setting as the page shows it: each row's cards (Jokers as what they became)."""
    rows = [
        {
            "row": row,
            "label": row_name(row),
            "faces": [
                {"card": str(new), "classes": "wild" if old.is_joker else ""}
                for old, new in zip(setting.row(row), setting.resolved[row], strict=True)
            ],
            "jokers": [
                new
                for old, new in zip(setting.row(row), setting.resolved[row], strict=True)
                if old.is_joker
            ],
            "hand": hand_name(setting.hands[row]),
            "royalty": setting.row_royalties[row],
        }
        for row in ROWS
    ]
    return {
        "rows": rows,
        "discards": [str(card) for card in setting.discards],
        "royalties": setting.royalties,
        "stays": setting.stays,
        "fouled": setting.fouled,
    }


def audit_headline(outcome: SetterResult) -> str:
    """The audit in a few words: what the played setting gave up, or that it was the best."""
    lost, played = outcome.lost, outcome.played
    if lost is None or played is None:
        return ""
    if played.fouled:
        return gettext("The played setting fouls")
    # It cannot earn more without giving up the stay: the best pays the most of its kind.
    if not (lost.royalties > 0 or lost.stays):
        return gettext("As good as the best setting")
    return gettext("Gave up %(what)s") % {"what": _given_up(lost.royalties, lost.stays)}


def _given_up(royalties: int, stay: bool) -> str:
    """What a setting gave up: "3 royalties", "the stay", "3 royalties and the stay"."""
    if royalties > 0 and stay:
        return gettext("%(royalties)d royalties and the stay") % {"royalties": royalties}
    if royalties > 0:
        return gettext("%(royalties)d royalties") % {"royalties": royalties}
    return gettext("the stay")


def setter_summary(result: dict[str, Any]) -> list[str]:
    """The recommended setting's figures and what the played one gave up, for the case log."""
    best = result.get("best") or {}
    royalties = best.get("royalties", 0)
    if best.get("stays"):
        line = gettext("Best setting: %(royalties)d royalties, stays in Fantasyland")
    else:
        line = gettext("Best setting: %(royalties)d royalties, does not stay")
    lines = [line % {"royalties": royalties}]
    lost = result.get("lost")
    if lost:
        if lost["stays"]:
            gave = gettext("%(royalties)d royalties and the stay")
        else:
            gave = gettext("%(royalties)d royalties")
        gave %= {"royalties": lost["royalties"]}
        lines.append(gettext("Played setting gave up %(what)s") % {"what": gave})
    return lines


class FantasylandSetter(Game):
    """Set a Fantasyland hand of 14 to 17 cards: the best legal setting, the most royalties any
    setting pays (and any that stays), five alternatives, and an audit of the setting played."""

    key = "fantasyland"
    title = _("Set a Fantasyland hand")
    template = "ofc/fantasyland.html"
    serializer = SetterSerializer
    form = SetterForm
    case_games: ClassVar[dict[str, str]] = {key: NAME}
    card_keys = frozenset({"cards", *ROWS})
    kept_fields = ("ruleset", "objective")

    def run(self, data: dict[str, Any]) -> SetterResult:
        return calls.fantasyland(data, data["ruleset"])

    def entered(self, data: dict[str, Any]) -> dict[str, Any]:
        entered = dict(canonical({**data, "ruleset": data["ruleset"].key}))
        if data["played"] is None:
            entered.pop("played")
        return entered

    def present(self, outcome: SetterResult) -> dict[str, Any]:
        best = present_setting(outcome.best)
        return {
            "ruleset": ruleset_for(outcome.ruleset),
            "ruleset_title": said(ruleset_for(outcome.ruleset).title),
            "objective": OBJECTIVE_LABELS[outcome.objective],
            "dealt": [str(card) for card in outcome.cards],
            "best": best,
            "max_royalties": outcome.max_royalties,
            "max_royalties_staying": outcome.max_royalties_staying,
            "alternatives": [present_setting(setting) for setting in outcome.alternatives],
            "played": present_setting(outcome.played) if outcome.played else None,
            "lost": outcome.lost,
            "audit": next(
                (said(r.message or r.text) for r in outcome.rulings if r.subject == "played"), ""
            ),
            "audit_headline": audit_headline(outcome),
            "rulings": ruling_links(outcome.rulings),
        }

    def summary(self, result: dict[str, Any]) -> list[str]:
        return setter_summary(result)

    def layout(self, form: PageForm) -> dict[str, Any]:
        return {**layout(fantasyland_rulesets()), "deals": deals()}
