"""Serializer fields that take JSON as typed: no number turned into text, no "5" into 5."""

from collections.abc import Sequence
from typing import Any

from rest_framework import serializers


class StrictCharField(serializers.CharField):
    """Text only: a number is not silently turned into a name."""

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            raise serializers.ValidationError("enter text, e.g. a player's name")
        return str(super().to_internal_value(data))


class StrictIntegerField(serializers.IntegerField):
    """A JSON whole number only: no "5", no 5.0, no true."""

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise serializers.ValidationError("enter a whole number, e.g. 15")
        return int(super().to_internal_value(data))


class StrictBooleanField(serializers.BooleanField):
    """JSON true or false only."""

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            raise serializers.ValidationError("enter true or false")
        return data


def choice_field(choices: Sequence[str], what: str, **kwargs: Any) -> serializers.ChoiceField:
    """A ChoiceField whose refusal lists what it accepts: "holdem" is not a version; use ..."""
    accepted = ", ".join(choices)
    message = f'"{{input}}" is not {what}; use one of: {accepted}'
    return serializers.ChoiceField(
        choices=list(choices), error_messages={"invalid_choice": message}, **kwargs
    )
