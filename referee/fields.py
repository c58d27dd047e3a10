"""The input fields every game's serializer is built from: card text, names, whole numbers,
yes/no, choices and lists of players. JSON is taken as typed (no number turned into a name, no
"5" into 5), and each refusal says what is wrong and what would be accepted.

Pages post the same fields as text (``referee.pages``) and are validated by the same
serializers, so a card is read, and refused, in one place.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.validators import ProhibitNullCharactersValidator
from django.utils.deconstruct import deconstructible
from django.utils.functional import Promise
from django.utils.text import format_lazy
from django.utils.translation import gettext, ngettext, ngettext_lazy
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers
from rest_framework.validators import ProhibitSurrogateCharactersValidator

from referee.messages import said
from scoring import texts
from scoring.cards import MAX_CARD_TEXT, Card, CardError, parse_cards
from scoring.players import MAX_NAME, default_name_message, seat_names


def text_problem(value: str, allowed: str = "", accepted: str | Promise = "") -> str | None:
    """``scoring.texts.text_problem`` in the request's language."""
    return texts.text_problem(value, gettext, allowed, str(accepted))


@deconstructible
class TextValidator:
    """The one check of a text's characters, for serializer fields and page form fields alike
    (``validators=[validate_text]``): refuses what ``text_problem`` names."""

    def __init__(self, multiline: bool = False) -> None:
        self.multiline = multiline

    def __call__(self, value: Any) -> None:
        if isinstance(value, str):
            problem = text_problem(value, texts.NEW_LINES if self.multiline else "")
            if problem:
                raise DjangoValidationError(problem, code="hidden_character")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TextValidator) and other.multiline == self.multiline


validate_text = TextValidator()
validate_multiline_text = TextValidator(multiline=True)
PROHIBITED = (ProhibitNullCharactersValidator, ProhibitSurrogateCharactersValidator)


def checked_text(field: Any, multiline: bool = False) -> Any:
    """A form or serializer field whose characters ``validate_text`` checks (in place of
    Django's and DRF's own NUL and surrogate checks, which it covers, so one message is said)."""
    field.validators = [v for v in field.validators if not isinstance(v, PROHIBITED)]
    field.validators.append(validate_multiline_text if multiline else validate_text)
    return field


class PlainTextField(serializers.CharField):
    """Text of one line (a title, a currency): its characters checked by ``validate_text``."""

    def __init__(self, *, multiline: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        checked_text(self, multiline)

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):  # JSON text only, as the API schema says: no 5 for "5"
            raise serializers.ValidationError(
                gettext('enter this as text in quotes, e.g. "Friday game", not a number or a list')
            )
        return str(super().to_internal_value(data))


def _plural(count: int) -> Promise:
    return format_lazy(ngettext_lazy("{count} card", "{count} cards", count), count=count)


def clean_cards(
    value: Any, count: int | None, jokers: bool, optional: bool = False, example: str = ""
) -> list[Card]:
    """Parse card text for one place, checking the count and Jokers; raise CardError if wrong,
    in the reader's language. A wrong count shows ``example``, cards that fit the place."""
    if not isinstance(value, str):
        raise CardError(gettext("enter cards as text, e.g. As Kd 7c"))
    problem = text_problem(value, " \t\n\r", gettext("cards such as As Kd 7c"))
    if problem:
        raise CardError(problem)
    if len(value) > MAX_CARD_TEXT:
        raise CardError(
            gettext("too long: at most %(most)d characters of cards") % {"most": MAX_CARD_TEXT}
        )
    try:
        cards = parse_cards(value)
    except CardError as error:  # the engine's English sentence, said in the reader's language
        from referee.messages import said

        raise CardError(said(next(iter(error.messages.values()))[0])) from error
    if not cards and optional:
        return cards
    if not jokers and any(card.is_joker for card in cards):
        raise CardError(gettext("Jokers are only in the Joker OFC deck; use a card like As or Td"))
    if count is not None and len(cards) != count and example:
        raise CardError(
            ngettext(
                "needs exactly %(count)d card, got %(got)d, e.g. %(example)s",
                "needs exactly %(count)d cards, got %(got)d, e.g. %(example)s",
                count,
            )
            % {"count": count, "got": len(cards), "example": example}
        )
    if count is not None and len(cards) != count:
        raise CardError(
            ngettext(
                "needs exactly %(count)d card, got %(got)d",
                "needs exactly %(count)d cards, got %(got)d",
                count,
            )
            % {"count": count, "got": len(cards)}
        )
    return cards


# In the schema, card text with a pattern of its count: referee.schema.CardsFieldSchema.
class CardsField(serializers.Field):
    """Card text in, a list of Cards out; ``count`` None accepts any number."""

    def __init__(
        self,
        *,
        count: int | None = None,
        jokers: bool = False,
        wanted: str | Promise = "",
        example: str = "",
        **kwargs: Any,
    ) -> None:
        self.count, self.jokers = count, jokers
        wanted = wanted or (_plural(count) if count else _("cards"))
        example = example or " ".join(["As", "Kd", "7c", "Th", "2s"][: count or 3])
        self.example = example
        kwargs.setdefault(
            "help_text", format_lazy(_("{wanted}, e.g. {example}"), wanted=wanted, example=example)
        )
        super().__init__(**kwargs)
        self.error_messages["required"] = format_lazy(
            _("enter {wanted} here, e.g. {example}"), wanted=wanted, example=example
        )
        self.error_messages["null"] = format_lazy(
            _("enter {wanted} here as text, e.g. {example}"), wanted=wanted, example=example
        )

    def to_internal_value(self, data: Any) -> list[Card]:
        try:
            return clean_cards(
                data, self.count, self.jokers, optional=not self.required, example=self.example
            )
        except CardError as error:
            raise serializers.ValidationError(str(error)) from error

    def to_representation(self, value: list[Card]) -> list[str]:
        return [str(card) for card in value]


class NameField(serializers.CharField):
    """A player's name as text; blank is allowed (the seat's number stands in for it)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", MAX_NAME)
        kwargs.setdefault("required", False)
        kwargs.setdefault("allow_blank", True)
        kwargs.setdefault("default", "")
        super().__init__(**kwargs)
        self.error_messages["max_length"] = format_lazy(
            _("a name is at most {most} characters"), most=MAX_NAME
        )

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            raise serializers.ValidationError(gettext("enter a name as text, e.g. Ann"))
        problem = text_problem(data)
        if problem:
            raise serializers.ValidationError(problem)
        return str(super().to_internal_value(data))


class WholeNumberField(serializers.IntegerField):
    """A JSON whole number only: no "5", no 5.0, no true."""

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise serializers.ValidationError(gettext("enter a whole number, e.g. 15"))
        return int(super().to_internal_value(data))


class YesNoField(serializers.BooleanField):
    """JSON true or false only."""

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            raise serializers.ValidationError(gettext("enter true or false"))
        return data


class ChoiceField(serializers.ChoiceField):
    """One of its choices; text that no choice could be (a hidden character, more than any
    choice's length) is refused without being quoted back."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, str):
            accepted = ", ".join(map(str, self.choices))
            problem = text_problem(data, accepted=gettext("one of: %(accepted)s") % {
                "accepted": accepted})  # fmt: skip
            if problem:
                raise serializers.ValidationError(problem)
            if len(data) > max((len(str(c)) for c in self.choices), default=0) + 20:
                raise serializers.ValidationError(
                    gettext("too long for a choice: use one of %(accepted)s")
                    % {"accepted": accepted}
                )
        return super().to_internal_value(data)


def choice_field(choices: Sequence[str], what: str | Promise, **kwargs: Any) -> ChoiceField:
    """A ChoiceField whose refusal lists what it accepts: "holdem" is not a version; use ..."""
    accepted = ", ".join(choices)
    return ChoiceField(
        choices=list(choices),
        error_messages={
            # {{input}} is left for DRF to fill in with what was sent.
            "invalid_choice": format_lazy(
                _('"{{input}}" is not {what}; use one of: {accepted}'), what=what, accepted=accepted
            ),
            "required": format_lazy(
                _("choose {what}: one of {accepted}"), what=what, accepted=accepted
            ),
            "null": format_lazy(
                _("choose {what}: one of {accepted}"), what=what, accepted=accepted
            ),
        },
        **kwargs,
    )


def _seat_name(index: int) -> str:
    """A blank seat's name as the reader's language says it ("Player 1", "プレイヤー1")."""
    return said(default_name_message(index))


def _given(value: Any) -> bool:
    """Whether a seat's value says anything: not blank text, not false, not empty."""
    return bool(value.strip()) if isinstance(value, str) else bool(value)


class PlayersField(serializers.ListSerializer):
    """The players in seat order; each nameless one is named by its seat ("Player 2").

    The game's engine checks how many may sit, in the game's words; this bound only keeps a
    request small. A match's hand names its boards by the match's seats instead.
    """

    def __init__(
        self,
        *args: Any,
        most: int,
        name_seats: bool = True,
        least: int = 0,
        needed: str | Promise = "",
        seat_fields: Sequence[str] = (),
        **kwargs: Any,
    ) -> None:
        self.name_seats, self.least, self.seat_fields = name_seats, least, seat_fields
        kwargs.setdefault("max_length", most)
        super().__init__(*args, **kwargs)
        self.error_messages["max_length"] = format_lazy(_("at most {most} players"), most=most)
        self.error_messages["required"] = needed or _("enter the players")

    def run_validation(self, data: Any = serializers.empty) -> Any:
        """A table short of the seats it needs, none given (an empty form) or a needed seat
        without a card (a blank seat on the page): the game's sentence of what a table needs,
        and each such seat's card fields (``seat_fields``, or the required ones) refused as
        missing, so the page marks every field that is missing. A shorter list is the engine's
        to count, in the game's words."""
        if not self.least or (data is serializers.empty and not self.required):
            return super().run_validation(data)
        fields = self.child.fields  # type: ignore[union-attr]
        wanted = {
            name: field.error_messages["required"]
            for name, field in fields.items()
            if isinstance(field, CardsField)
            and (name in self.seat_fields if self.seat_fields else field.required)
        }
        if data is serializers.empty:
            blank = list(range(self.least))
        elif isinstance(data, list):
            blank = [
                index
                for index, seat in enumerate(data[: self.least])
                if isinstance(seat, dict) and not any(_given(value) for value in seat.values())
            ]
        else:
            blank = []
        if not blank or not wanted:
            return super().run_validation(data)
        missing: dict[str, Any] = {"non_field_errors": [self.error_messages["required"]]}
        for index in blank:
            missing[str(index)] = {name: [message] for name, message in wanted.items()}
        if data is not serializers.empty:
            try:
                super().run_validation(data)
            except serializers.ValidationError as error:  # the other seats' own problems
                detail = error.detail  # each item's errors by its index (a dict or a list)
                items = detail.items() if isinstance(detail, dict) else enumerate(detail)
                for index, problems in items:
                    if isinstance(index, int) and isinstance(problems, dict) and problems:
                        missing.setdefault(str(index), {}).update(problems)
        raise serializers.ValidationError(missing)

    def to_internal_value(self, data: Any) -> list[dict[str, Any]]:
        players: list[dict[str, Any]] = super().to_internal_value(data)
        if not self.name_seats:
            return players
        names = seat_names([player.get("name", "") for player in players], default=_seat_name)
        return [{**player, "name": name} for player, name in zip(players, names, strict=True)]


def players_of(
    child: type[serializers.Serializer[Any]],
    most: int,
    name_seats: bool = True,
    least: int = 0,
    needed: str | Promise = "",
    seat_fields: Sequence[str] = (),
) -> PlayersField:
    """A list of ``child`` players, at most ``most`` of them; with none, ``needed`` says what
    the table needs and the card fields of the first ``least`` seats are marked."""
    return PlayersField(
        child=child(),
        most=most,
        name_seats=name_seats,
        least=least,
        needed=needed,
        seat_fields=seat_fields,
    )
