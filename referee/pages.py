"""Page forms: what a page lays out, named along the API's paths, and nothing more.

A page's fields are named like Django's formsets name theirs, and each name is an API path:
``players-1-middle`` is ``players.1.middle``. So the page needs no rules of its own: ``body()``
turns what was posted into the API's request body, the game's serializer and engine judge it
exactly as they judge the API's, and ``show_errors`` puts each message at the field its path
names. A message whose path names no field goes to the top of the form.

Text stays text (the serializer reads cards and refuses what is not a number); a blank field is
left out, as an API client would leave it out; a box is true or false. A list item of which
nothing was typed is left out when only empty items follow it (the unused third seat); an empty
item between players is sent, so its refusal lands on it, and so are the seats a table needs
(``least_items``), blank or not, so each missing field is refused and marked. Numbered text
fields of one place (``first_set-0``, ``first_set-1``: a board's slots) are sent as that place's
one card text; a refusal of the place is said at each box by the box's own count ("enter 1 card
here, e.g. 4c"), not the place's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext, ngettext

from referee.fields import MAX_CARD_TEXT, clean_cards
from referee.page_bodies import spelt
from scoring.cards import CardError


class TextField(forms.CharField):
    """Text as typed; the game's serializer says whether it is right."""

    api_kind = "text"  # how its posted value reads in the API's body (referee.page_bodies)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        kwargs.setdefault("strip", False)
        super().__init__(**kwargs)

    def from_api(self, value: Any) -> Any:
        """What the field shows for a value of the API's body (the inverse of to_api)."""
        return "" if value is None else str(value)


class NumberField(TextField):
    """A whole number: sent as a number when it reads as one, else as the text typed."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("widget", forms.NumberInput(attrs={"inputmode": "numeric"}))
        super().__init__(**kwargs)

    api_kind = "whole"


class ChoiceField(TextField):
    """One of a list of choices, shown as a select or radio buttons; ``whole`` ones are numbers."""

    def __init__(
        self, *, choices: Sequence[tuple[str, str]], whole: bool = False, **kwargs: Any
    ) -> None:
        widget = kwargs.pop("widget", forms.Select)
        self.api_kind = "whole" if whole else "text"
        super().__init__(widget=widget(choices=choices), **kwargs)


class ChoicesField(forms.MultipleChoiceField):
    """Several of a list of choices, as check boxes."""

    api_kind = "choices"

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        kwargs.setdefault("widget", forms.CheckboxSelectMultiple)
        super().__init__(**kwargs)

    def validate(self, value: Any) -> None:
        """The serializer judges the choices."""

    def from_api(self, value: Any) -> Any:
        return list(value or [])


class CheckField(forms.BooleanField):
    """A box: true when ticked."""

    api_kind = "check"

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)

    def from_api(self, value: Any) -> Any:
        return value is True


class ExceptionField(CheckField):
    """A box for the exception to a yes: ticked, it sends false ("did not discard")."""

    api_kind = "exception"

    def from_api(self, value: Any) -> Any:
        return value is False


def _example_text() -> str:
    return gettext("e.g. %(cards)s") % {"cards": "As Kd 7c"}


_example = lazy(_example_text, str)  # a widget made at import shows the reader's language


class CardsInput(forms.TextInput):
    """A text box for cards that shows them as cards beneath it (the picker fills it)."""

    template_name = "includes/cards_input.html"

    def __init__(self, count: int | None = None, attrs: dict[str, Any] | None = None) -> None:
        base = {
            "data-cards": "",
            "autocomplete": "off",
            "autocapitalize": "off",
            "spellcheck": "false",
            "maxlength": str(MAX_CARD_TEXT),
            "placeholder": _example(),
        }
        if count:
            base["data-count"] = str(count)
        super().__init__({**base, **(attrs or {})})


class CardsTextField(TextField):
    """Card text, with the card preview and the picker. One of a place's slots (an Island
    board's upper card) also says what it takes: ``count`` cards like ``example``."""

    def __init__(
        self,
        *,
        count: int | None = None,
        placeholder: str = "",
        example: str = "",
        jokers: bool = False,
        **kwargs: Any,
    ) -> None:
        self.count, self.example, self.jokers = count, example, jokers
        attrs = {"placeholder": placeholder} if placeholder else {}
        kwargs.setdefault("widget", CardsInput(count, attrs))
        super().__init__(**kwargs)

    def problem(self, raw: Any) -> str | None:
        """What is wrong with this field's own text, in the reader's language, or None: empty,
        not cards, or not ``count`` of them."""
        text = raw if isinstance(raw, str) else ""
        count = self.count or 0
        example = self.example or " ".join(["As", "Kd", "7c", "Th", "2s"][: count or 3])
        if not text.strip():
            wanted = ngettext("{count} card", "{count} cards", count).format(count=count)
            return gettext("enter {wanted} here, e.g. {example}").format(
                wanted=wanted, example=example
            )
        try:
            clean_cards(text, self.count, self.jokers, example=example)
        except CardError as error:
            return str(error)
        return None


class PageForm(forms.Form):
    """A page's fields, named by API path; it lays out and re-displays, the serializer judges."""

    use_required_attribute = False
    # The seats a table needs, by list ("players": 2): a blank one among them is sent empty,
    # not left out, so each of its missing fields is refused and marked (not only the count).
    least_items: ClassVar[Mapping[str, int]] = {}

    def body(self) -> dict[str, Any]:
        """The API request body the posted fields spell."""
        return spelt(
            (
                (name, field.api_kind, field.initial,  # type: ignore[attr-defined]
                 field.widget.value_from_datadict(self.data, self.files, self.add_prefix(name)))
                for name, field in self.fields.items()
            ),
            self.least_items,
        )  # fmt: skip

    @classmethod
    def initial_for(cls, body: Mapping[str, Any]) -> dict[str, Any]:
        """The fields' values that spell ``body`` again (the inverse of ``body()``)."""
        flat = _flatten(body, "")
        fields = cls().fields
        initial: dict[str, Any] = {}
        for name, field in fields.items():
            place, _, slot = name.rpartition("-")
            if name in flat:
                initial[name] = field.from_api(flat[name])  # type: ignore[attr-defined]
            elif slot.isdigit() and isinstance(flat.get(place), str):  # a board's slots
                cards = flat[place].split()
                initial[name] = cards[int(slot)] if int(slot) < len(cards) else ""
        return initial

    def show_errors(self, errors: Mapping[str, Sequence[str]]) -> None:
        """Put each message at the field its path names (``players.1.top``), or at the top.

        A message about a place of several fields (``first_set``, a royalty table) goes to its
        first field.
        """
        if not hasattr(self, "cleaned_data"):
            self.full_clean()
        for path, messages in errors.items():
            name = path.replace(".", "-")
            if name not in self.fields:  # a place's own fields, not a list's items' (players)
                own = [
                    f
                    for f in self.fields
                    if f.startswith(f"{name}-") and f.count("-") == name.count("-") + 1
                ]
                slots = self._slot_problems(own)
                if slots:  # each of a place's card boxes says what it takes itself
                    for slot, problem in slots.items():
                        self.add_error(slot, problem)
                    continue
                name = own[0] if own else name
            for message in messages:
                self.add_error(name if name in self.fields else None, message)

    def _slot_problems(self, names: Sequence[str]) -> dict[str, str]:
        """The problem of each card box of a place split into boxes (``first_set-0``, one card
        each), judged by its own count: the place's message counts the whole place's cards."""
        problems = {}
        for name in names:
            field = self.fields[name]
            if isinstance(field, CardsTextField) and field.count:
                raw = field.widget.value_from_datadict(self.data, self.files, self.add_prefix(name))
                problem = field.problem(raw)
                if problem:
                    problems[name] = problem
        return problems

    def problems(self) -> list[dict[str, str]]:
        """Every message on the form, each with the label and id of its field (the summary)."""
        listed = [{"label": "", "id": "", "message": str(m)} for m in self.non_field_errors()]
        for name, messages in self.errors.items():
            if name in self.fields:
                bound = self[name]
                place = bound.id_for_label or bound.auto_id  # radio buttons: the group's first
                label = getattr(bound.field, "summary_label", "") or str(bound.label)
                for message in messages:
                    listed.append({"label": label, "id": place, "message": message})
        return listed


def _flatten(body: Mapping[str, Any], prefix: str) -> dict[str, Any]:
    """An API body's values by page field name: {"players": [{"top": ..}]} -> players-0-top."""
    flat: dict[str, Any] = {}
    for key, value in body.items():
        name = f"{prefix}-{key}" if prefix else str(key)
        if isinstance(value, Mapping):
            flat.update(_flatten(value, name))
        elif isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
            for index, item in enumerate(value):
                flat.update(_flatten(item, f"{name}-{index}"))
        else:
            flat[name] = value
    return flat
