"""House rules: write down a table's rules once (page or API), then link to them for good.

The form starts from a profile's own values, every royalty table beside the standard one (for
Island Pineapple and Pineapple, each reading beside the plain one); what is saved is only what
differs from the base. The page and the API check the rules the same way
(``scoring.house.check``), each refusal at ``changes.<setting>``.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils import translation
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from referee.cases import interpretation_url
from referee.fields import PlainTextField, choice_field
from referee.games.base import errors_by_path
from referee.hand_names import category_name, rank_symbol
from referee.house_rules import departures, save_house_rule
from referee.messages import localized_errors, reads, said
from referee.models import HouseRule
from referee.pages import ChoiceField, NumberField, PageForm, TextField
from referee.validation import validated
from scoring.cards import RANK_PLURALS
from scoring.errors import InputError
from scoring.hands import Category
from scoring.house import BASES, DEAL_SIZES, ISLAND, PRESETS, SETTINGS, Preset
from scoring.rulesets import DEFAULT, ROWS, RULESETS, Ruleset

TABLES = ("top_pairs", "top_trips", "middle", "bottom")


def _stay_choices() -> list[tuple[str, str]]:
    return [("", gettext("Never stays"))] + [(c.slug, category_name(c)) for c in Category]


class HouseRuleSerializer(serializers.Serializer[Any]):
    """A table's rules: a title, the profile they start from, the settings they change."""

    title = PlainTextField(max_length=80)
    base = choice_field(list(BASES), _("a profile to start from"))  # as BASES stands: get_fields
    changes = serializers.JSONField(
        help_text=_(
            'Setting -> value, e.g. {"foul_penalty": 3}; from "island", {"wheel": "best"}; '
            'from "pineapple", {"late_discard": "allowed"}. A royalty table (top_pairs, '
            "top_trips, middle, bottom) names only the entries it changes: "
            '{"top_pairs": {"sixes": 2}} changes 66 alone, and every entry left out keeps the '
            "profile's value. A refusal is at the value's path, e.g. changes.top_pairs.sixes "
            "or changes.fantasyland_stay.top."
        )
    )

    def get_fields(self) -> dict[str, Any]:
        fields: dict[str, Any] = super().get_fields()
        fields["base"] = choice_field(list(BASES), _("a profile to start from"))
        return fields


# The Fantasyland settings' labels, row by row and hand by hand (called when a form is made).
ENTRY_LABELS = {
    "queens": lambda: gettext("Queens on top earn"),
    "kings": lambda: gettext("Kings on top earn"),
    "aces": lambda: gettext("Aces on top earn"),
    "trips": lambda: gettext("Trips on top earn"),
}
STAY_LABELS = {
    "top": lambda: gettext("Stay with a top row of at least"),
    "middle": lambda: gettext("Stay with a middle row of at least"),
    "bottom": lambda: gettext("Stay with a bottom row of at least"),
}


def standard(rules: Ruleset) -> dict[str, Any]:
    """Every setting's value in a profile, as the form shows it."""
    fantasyland = rules.fantasyland
    values = {name: setting.shown(rules) for name, setting in SETTINGS.items()}
    values["fantasyland_entry"] = (
        {
            ("trips" if e.category is Category.THREE_OF_A_KIND else _pair(e.rank)): e.cards
            for e in fantasyland.entries
        }
        if fantasyland
        else {}
    )
    values["fantasyland_stay"] = (
        {row: (least.slug if least else "") for row, least in fantasyland.stay.items()}
        if fantasyland
        else {}
    )
    values["fantasyland_stay_cards"] = fantasyland.stay_cards if fantasyland else None
    return values


def _royalty_row(table: str, key: str) -> str:
    """A royalty table's row: a category ("Straight") or the rank of a top pair or trips."""
    if table in ("middle", "bottom"):
        return category_name(Category.from_slug(key))
    rank = next((rank for rank, plural in RANK_PLURALS.items() if plural == key), None)
    if rank is None or translation.get_language() in (None, "en"):
        return key.replace("_", " ")
    if table == "top_pairs":
        return gettext("pair of %(rank)s") % {"rank": rank_symbol(rank)}
    return gettext("trips of %(rank)s") % {"rank": rank_symbol(rank)}


def _pair(rank: int) -> str:
    return RANK_PLURALS[rank]


class HouseRuleForm(PageForm):
    """Every setting, filled with the profile's values; the royalty tables row by row."""

    title = TextField(label=_("Name of your rules"), max_length=80)

    def __init__(self, *args: Any, base: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.base = base
        self.shown = standard(RULESETS[base])
        for name in ("row_point", "sweep_bonus", "foul_penalty"):
            self._field(name, NumberField(label=said(SETTINGS[name].label)))
        self._choice("scoring", [("1-6", "1-6"), ("2-4", gettext("2-4 (house reading H42)"))])
        for table in ("top_pairs", "top_trips", "middle", "bottom"):
            for key, paid in self.shown[table].items():
                self._field(f"{table}-{key}", NumberField(label=_royalty_row(table, key)), paid)
        fantasyland = "yes" if self.shown["fantasyland"] else "no"
        played = [("yes", gettext("Played")), ("no", gettext("Not played"))]
        self._choice("fantasyland", played, fantasyland)
        deals = [
            (str(n), ngettext("%(count)d card", "%(count)d cards", n) % {"count": n})
            for n in DEAL_SIZES
        ]
        for hand in ("queens", "kings", "aces", "trips"):
            earns = self.shown["fantasyland_entry"].get(hand, "")
            self._choice(f"fantasyland_entry-{hand}", [("", gettext("No Fantasyland")), *deals],
                         earns, label=ENTRY_LABELS[hand]())  # fmt: skip
        for row in ROWS:
            least = self.shown["fantasyland_stay"].get(row, "")
            self._choice(f"fantasyland_stay-{row}", _stay_choices(), least,
                         label=STAY_LABELS[row]())  # fmt: skip
        self._choice(
            "fantasyland_stay_cards", [("", gettext("As many as they entered with")), *deals]
        )
        self._choice("jokers", [(str(n), str(n)) for n in (0, 1, 2)])
        self._choice("max_players", [(str(n), str(n)) for n in (2, 3)])

    def _choice(
        self, name: str, choices: list[tuple[str, str]], shown: Any = None, label: str = ""
    ) -> None:
        setting = SETTINGS[name.partition("-")[0]]
        field = ChoiceField(label=label or said(setting.label), choices=choices, whole=True)
        self._field(name, field, shown)

    def _field(self, name: str, field: forms.Field, shown: Any = None) -> None:
        field.initial = self.shown.get(name) if shown is None else shown
        field.standard = field.initial  # shown beside the input
        self.fields[f"changes-{name}"] = field

    def table(self, name: str) -> list[Any]:
        return [self[f"changes-{name}-{key}"] for key in self.shown[name]]

    def sections(self) -> dict[str, Any]:
        """The form's fields, grouped as the page lays them out."""
        fields = {name.removeprefix("changes-"): self[name] for name in self.fields}
        return {
            "scoring": [fields[n] for n in ("row_point", "sweep_bonus", "foul_penalty", "scoring")],
            "tables": [(said(SETTINGS[name].label), self.table(name)) for name in TABLES],
            "fantasyland": [fields[n] for n in fields if n.startswith("fantasyland")],
            "deck": [fields["jokers"], fields["max_players"]],
        }

    def changes(self) -> dict[str, Any]:
        """What the posted rules change from the profile (the rest is the profile's)."""
        posted = self.body().get("changes", {})
        changed: dict[str, Any] = {}
        for name, value in posted.items():
            if name == "fantasyland":
                value = value == "yes"
            if name == "fantasyland_stay":
                value = {row: value.get(row) or None for row in ROWS}
                shown = {row: self.shown[name].get(row) or None for row in ROWS}
            elif name == "fantasyland_entry":
                value = {hand: cards for hand, cards in value.items() if cards not in ("", None)}
                shown = self.shown[name]
            else:
                shown = self.shown.get(name)
            if name in TABLES and isinstance(value, dict):
                # Only the rows changed: a row left as it is, or emptied, keeps the profile's.
                value = {key: paid for key, paid in value.items() if paid != shown.get(key)}
                if value:
                    changed[name] = value
                continue
            if value != shown:
                changed[name] = value
        if changed.get("fantasyland") is False:
            changed = {k: v for k, v in changed.items() if not k.startswith("fantasyland_")}
        return changed


class ReadingsForm(PageForm):
    """A game's readings (Island Pineapple's, Pineapple's), each the plain one or the host's
    switch, in their words."""

    title = TextField(label=_("Name of your rules"), max_length=80)

    def __init__(self, *args: Any, base: str = ISLAND, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.settings = BASES[base].settings
        self.switches = BASES[base].profile.switches
        for name, switch in self.switches.items():
            choices = [
                (
                    switch.plain,
                    gettext("The plain reading: %(reads)s")
                    % {"reads": reads(switch, switch.plain)},
                ),
                (
                    switch.other,
                    gettext("The switch: %(reads)s") % {"reads": reads(switch, switch.other)},
                ),
            ]
            field = ChoiceField(
                label=said(self.settings[name].label), choices=choices, widget=forms.RadioSelect
            )
            field.initial = switch.plain
            field.interpretation = switch.interpretation
            field.interpretation_url = interpretation_url(switch.interpretation)
            self.fields[f"changes-{name}"] = field

    def changes(self) -> dict[str, Any]:
        """The readings switched (a plain one is the base's own)."""
        posted = self.body().get("changes", {})
        return {name: value for name, value in posted.items() if value != self.switches[name].plain}

    def sections(self) -> dict[str, Any]:
        return {"readings": [self[f"changes-{name}"] for name in self.switches]}


# Where a game's house rules are played, for the house rules' page: (url name, words).
PLAYED_ON = {
    ISLAND: [("island", _("Play a showdown under these rules"))],
    "pineapple": [
        ("pineapple", _("Settle a showdown under these rules")),
        ("discards", _("Ask the discard referee under these rules")),
    ],
}


def said_base(key: str) -> dict[str, Any]:
    """A base as the pages show it: its names in the reader's language, and for an OFC profile
    its help line (who plays, with what deck and what Fantasyland)."""
    base = BASES[key]
    profile = base.profile
    return {
        "key": key,
        "name": said(base.name),
        "title": said(base.title),
        "readings": base.readings,
        "help": "" if base.readings else said(profile.description()),
    }


def said_preset(preset: Preset) -> dict[str, Any]:
    """A published variant in the reader's language."""
    return {
        "title": said(preset.title_message),
        "source": said(preset.source_message),
        "base": preset.base,
    }


def house_new(request: HttpRequest) -> HttpResponse:
    """Write a table's rules, starting from a base (``?from=<a profile's key>``, or
    ``?from=island``) or a preset."""
    base = request.GET.get("from") or request.POST.get("base") or DEFAULT
    if base not in BASES:
        base = DEFAULT
    form_class = ReadingsForm if BASES[base].readings else HouseRuleForm
    form = form_class(request.POST or None, base=base)
    if form.is_bound:
        title = (request.POST.get("title") or "").strip()
        body = {"title": title, "base": base, "changes": form.changes()}
        try:
            house = _save(body)
        except ValidationError as error:
            form.show_errors(errors_by_path(error.detail))
        else:
            return HttpResponseRedirect(house.get_absolute_url())
    context = {
        "form": form,
        "base": said_base(base),
        "profiles": [said_base(key) for key in BASES],
        "presets": {name: said_preset(preset) for name, preset in PRESETS.items()},
        **form.sections(),
    }
    return render(request, "rules/house_new.html", context)


def _save(body: Any) -> HouseRule:
    data = validated(HouseRuleSerializer, body)
    try:
        return save_house_rule(data["title"], data["base"], data["changes"])
    except InputError as error:
        raise ValidationError(localized_errors(error)) from error


def house_detail(request: HttpRequest, house_id: str) -> HttpResponse:
    """A table's rules for good: each change beside the article it departs from."""
    house = HouseRule.objects.filter(pk=house_id[:16]).first()
    if house is None:
        raise Http404(gettext("No such house rules"))
    context = {
        "house": house,
        "base": said_base(house.base),
        "departures": departures(house),
        "played_on": PLAYED_ON.get(house.base, []),
    }
    return render(request, "rules/house.html", context)


def house_preset(request: HttpRequest, name: str) -> HttpResponse:
    """A published variant: shown with a button on GET; a POST saves it as house rules (once
    per name, the same rules again for a second post) and goes to them."""
    preset = PRESETS.get(name)
    if preset is None:
        raise Http404(gettext("No such preset"))
    same = HouseRule.objects.filter(title=preset.title, base=preset.base)
    house = next((h for h in same if h.changes == dict(preset.changes)), None)
    if request.method != "POST":
        context = {
            "name": name,
            "preset": said_preset(preset),
            "base": said_base(preset.base),
            "changes": [{"setting": key, "value": value} for key, value in preset.changes.items()],
            "saved": house,
        }
        return render(request, "rules/house_preset.html", context)
    if house is None:
        house = save_house_rule(preset.title, preset.base, dict(preset.changes))
    return HttpResponseRedirect(house.get_absolute_url())


def house_body(house: HouseRule) -> dict[str, Any]:
    return {
        "id": house.id,
        "key": house.key,
        "title": house.title,
        "base": house.base,
        "changes": house.changes,
        "departures": departures(house),
        "url": house.get_absolute_url(),
    }


class HouseRulesApi(APIView):
    """POST /api/house-rules/: save a table's rules; the answer's key plays them anywhere."""

    @extend_schema(
        request=HouseRuleSerializer,
        description=(
            "Save a table's rules: a profile (base) and the settings they change. A royalty "
            "table names only the entries it changes; every entry it leaves out keeps the "
            "profile's value. Rules a table cannot play are refused at the value's path "
            "(changes.scoring, changes.top_pairs.aces, changes.fantasyland_stay.top): a value "
            "of the wrong type, a stay its row can never make (a straight on a three-card top), "
            "a table where a stronger hand pays less than a weaker one, in one table or across "
            "two (a top pair of aces over top trips; the same hand paid more on the bottom than "
            "in the middle where the profile pays the middle more)."
        ),
        responses={
            201: OpenApiResponse(OpenApiTypes.OBJECT, description="The saved rules and key"),
            400: OpenApiResponse(OpenApiTypes.OBJECT, description='{"errors": {FIELD: [...]}}'),
        },
    )
    def post(self, request: Request) -> Response:
        return Response(house_body(_save(request.data)), status=status.HTTP_201_CREATED)


class HouseRuleApi(APIView):
    """GET /api/house-rules/<id>/: a table's rules and what each change departs from."""

    @extend_schema(
        responses={
            200: OpenApiResponse(OpenApiTypes.OBJECT, description="The rules"),
            404: OpenApiResponse(OpenApiTypes.OBJECT, description="No such house rules"),
        }
    )
    def get(self, request: Request, house_id: str) -> Response:
        house = HouseRule.objects.filter(pk=house_id[:16]).first()
        if house is None:
            raise NotFound(gettext("No such house rules."))
        return Response(house_body(house))
