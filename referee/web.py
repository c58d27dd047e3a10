"""Card fields for Django forms and DRF serializers: the web's one gateway to `parse_cards`."""

from typing import Any

from django import forms
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from scoring.cards import Card, CardError, format_cards, parse_cards

MAX_CARD_TEXT = 200  # more than any place on a table can hold, written out long-hand


def clean_cards(value: Any, count: int | None, jokers: bool, optional: bool = False) -> list[Card]:
    """Parse card text for one place, checking the count and Jokers; raise CardError if wrong."""
    if not isinstance(value, str):
        raise CardError("enter cards as text, e.g. As Kd 7c")
    if "\x00" in value:
        raise CardError("the text holds a NUL character; enter cards such as As Kd 7c")
    if len(value) > MAX_CARD_TEXT:
        raise CardError(f"too long: at most {MAX_CARD_TEXT} characters of cards")
    cards = parse_cards(value)
    if not cards and optional:
        return cards
    if not jokers and any(card.is_joker for card in cards):
        raise CardError("Jokers are only in the Joker OFC deck; use a card like As or Td")
    if count is not None and len(cards) != count:
        plural = "card" if count == 1 else "cards"
        raise CardError(f"needs exactly {count} {plural}, got {len(cards)}")
    return cards


def as_entered(value: Any) -> Any:
    """Validated input as the case log keeps it: cards back in canonical text, all else as is."""
    if isinstance(value, dict):
        return {key: as_entered(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        if value and all(isinstance(item, Card) for item in value):
            return format_cards(value)
        return [as_entered(item) for item in value]
    return str(value) if isinstance(value, Card) else value


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
            "placeholder": "e.g. As Kd 7c",
        }
        if count:
            base["data-count"] = str(count)
        super().__init__({**base, **(attrs or {})})


class CardsField(forms.CharField):
    """Card text that cleans to a list of Cards; `count` None accepts any number."""

    def __init__(self, *, count: int | None = None, jokers: bool = False, **kwargs: Any) -> None:
        self.count, self.jokers = count, jokers
        kwargs.setdefault("widget", CardsInput(count))
        kwargs.setdefault("max_length", MAX_CARD_TEXT)
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> list[Card]:  # type: ignore[override]
        text = super().to_python(value)
        if not text:
            return []
        try:
            return clean_cards(text, self.count, self.jokers, optional=not self.required)
        except CardError as error:
            raise forms.ValidationError(str(error)) from error

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, list):
            return format_cards(value)
        return value


@extend_schema_field(OpenApiTypes.STR)  # card text in the schema, e.g. "Qs Qd 7c"
class ApiCardsField(serializers.Field):
    """A DRF field taking card text and giving a list of Cards; only strings are accepted."""

    def __init__(self, *, count: int | None = None, jokers: bool = False, **kwargs: Any) -> None:
        self.count, self.jokers = count, jokers
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> list[Card]:
        try:
            return clean_cards(data, self.count, self.jokers, optional=not self.required)
        except CardError as error:
            raise serializers.ValidationError(str(error)) from error

    def to_representation(self, value: list[Card]) -> list[str]:
        return [str(card) for card in value]
