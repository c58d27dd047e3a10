"""One path per game: the page and the API both call ``decide``, so they cannot rule apart.

A game is one class (one module under ``referee/games/``) that owns every step between what was
typed and what is shown: its serializer (the input schema, also the OpenAPI schema), the page's
form (the same fields, named by API path), the step from validated input to the engine's
arguments, the canonical record of what was entered, and the presentation of the outcome and of
a stored case. ``decide`` runs them in order:

    validated = serializer(input)          400 (API) or messages at the fields (page)
    outcome = game.run(validated)          the engine; its refusals land at their fields too
    case = record_case(...)                one INSERT: entered, result, rulings, schema version
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fnmatch import fnmatchcase
from typing import Any, ClassVar, Protocol

from rest_framework import serializers
from rest_framework.exceptions import ValidationError

from referee.cases import record_case, ruling_links
from referee.messages import localized_errors
from referee.models import ENTERED_AS_BODY, Case
from referee.pages import PageForm
from referee.validation import validated
from scoring.errors import InputError
from scoring.rulings import Ruling


class Outcome(Protocol):
    """What every engine returns: a JSON-ready answer and the rulings behind it."""

    @property
    def rulings(self) -> Iterable[Ruling]: ...

    def as_dict(self) -> dict[str, Any]: ...


def answered(outcome: Any, body: dict[str, Any], case: Case | None) -> dict[str, Any]:
    """The API's answer: the outcome, its rulings linked to their articles, the case link (null
    on a phone with no connection, whose case is not kept yet)."""
    return {
        **body,
        "rulings": ruling_links(outcome.rulings),
        "case": case.get_absolute_url() if case is not None else None,
    }


@dataclass(frozen=True)
class Decision:
    """An engine's outcome, its JSON form as stored, and the case that keeps it."""

    outcome: Any
    body: dict[str, Any]
    case: Case

    def answer(self) -> dict[str, Any]:
        return answered(self.outcome, self.body, self.case)


@dataclass(frozen=True)
class Judged:
    """A game's outcome on validated input, decided but not yet kept as a case: a case made
    offline is compared with it before it is kept (``referee.offline_cases``)."""

    game: Game
    valid: dict[str, Any]
    outcome: Any
    body: dict[str, Any]

    def answer(self) -> dict[str, Any]:
        return answered(self.outcome, self.body, None)

    def keep(self, maker: str = "", case_id: uuid.UUID | None = None) -> Decision:
        """Record the case (made by the device ``maker``; under ``case_id`` if given)."""
        game, valid, outcome = self.game, self.valid, self.outcome
        case = record_case(
            game.case_game(valid, outcome), game.entered(valid), self.body, outcome.rulings,
            maker, case_id,
        )  # fmt: skip
        return Decision(outcome, self.body, case)


class Game:
    """A game's whole path through the web layer; each game module defines one subclass."""

    key: ClassVar[str]  # the URL name of its page; its API is "api-<key>"
    title: ClassVar[str]
    template: ClassVar[str]
    serializer: ClassVar[type[serializers.Serializer[Any]]]
    form: ClassVar[type[PageForm]]
    # The keys its cases are logged under, with their names, and which entered values are cards.
    case_games: ClassVar[Mapping[str, str]]
    card_keys: ClassVar[frozenset[str]] = frozenset()
    # What "New hand" keeps of a page's fields (patterns): the players' names, the choices.
    kept_fields: ClassVar[tuple[str, ...]] = ("players-*-name",)

    def keeps(self, name: str) -> bool:
        """Whether a new hand keeps this page field: "players-1-name" matches "players-*-name"."""
        return any(fnmatchcase(name, pattern) for pattern in self.kept_fields)

    def run(self, data: dict[str, Any]) -> Outcome:
        """Call the engine with the validated input."""
        raise NotImplementedError

    def entered(self, data: dict[str, Any]) -> dict[str, Any]:
        """The validated input as the case log keeps it: the API's body, cards canonical."""
        raise NotImplementedError

    def case_game(self, data: dict[str, Any], outcome: Any) -> str:
        """The key the case is logged under (a game, or an OFC ruleset)."""
        return self.key

    def present(self, outcome: Any) -> dict[str, Any]:
        """The outcome as the page shows it."""
        raise NotImplementedError

    def summary(self, result: dict[str, Any]) -> list[str]:
        """The outcome of a stored case in a line or two: the verdict first."""
        raise NotImplementedError

    def layout(self, form: PageForm) -> dict[str, Any]:
        """Anything more the page's template needs to lay out its form."""
        return {}

    def page_body(self, form: PageForm) -> dict[str, Any]:
        """The API body the page's posted fields spell."""
        return form.body()

    def page_fields(self, body: dict[str, Any]) -> dict[str, Any]:
        """The page's fields filled in as ``body`` says (a decided case shown again)."""
        return self.form.initial_for(body)

    def replay(self, case: Case) -> Any | None:
        """A case's outcome decided again from what it recorded, or None if it cannot be
        (a case from before its game had one path, or one that reads no more)."""
        if case.schema < ENTERED_AS_BODY:
            return None
        try:
            return self.run(validated(self.serializer, case.entered))
        except (ValidationError, InputError):
            return None

    def judge(self, data: Any) -> Judged:
        """Validate and run the engine; a ValidationError names each field."""
        valid = validated(self.serializer, data)
        try:
            outcome = self.run(valid)
        except InputError as error:
            raise ValidationError(localized_errors(error)) from error
        return Judged(self, valid, outcome, outcome.as_dict())

    def decide(self, data: Any, maker: str = "") -> Decision:
        """Validate, run the engine and record the case (made by the device ``maker``)."""
        return self.judge(data).keep(maker)


def errors_by_path(detail: Any, prefix: str = "") -> dict[str, list[str]]:
    """DRF's nested error detail as dotted field paths: ``{"players.1.middle": [...]}``.

    A list's or object's own error (``non_field_errors``) belongs to its path: ``players``.
    """
    if isinstance(detail, Mapping):
        out: dict[str, list[str]] = {}
        for key, value in detail.items():
            own = key == "non_field_errors"
            path = prefix if own and prefix else (f"{prefix}.{key}" if prefix else str(key))
            for place, messages in errors_by_path(value, path).items():
                out.setdefault(place, []).extend(messages)
        return out
    if isinstance(detail, list) and any(isinstance(item, Mapping | list) for item in detail):
        out = {}
        for index, value in enumerate(detail):
            if value:
                out.update(errors_by_path(value, f"{prefix}.{index}" if prefix else str(index)))
        return out
    messages = detail if isinstance(detail, list) else [detail]
    return {prefix or "non_field_errors": [str(message) for message in messages]}
