"""The one error the engines raise for input they refuse, with each message at its place.

>>> InputError("needs 2 cards", "players.0.hole").errors
{'players.0.hole': ['needs 2 cards']}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Self

from scoring.messages import Message


class InputError(ValueError):
    """Input an engine refuses; ``errors`` maps each place concerned to its messages.

    A place is a field path such as ``players.1.hole``, so the web layer can show each message
    at the field where it was typed, on the page and in the API alike.
    """

    def __init__(self, message: str | Message, field: str = "non_field_errors") -> None:
        super().__init__(str(message))
        # The messages as given (a Message is said again in the reader's language), and in English.
        self.messages: dict[str, list[str | Message]] = {field: [message]}

    @property
    def errors(self) -> dict[str, list[str]]:
        """Each place's messages in English."""
        return {place: [str(m) for m in messages] for place, messages in self.messages.items()}

    @property
    def field(self) -> str:
        """The first place concerned."""
        return next(iter(self.errors))

    @classmethod
    def at(cls, errors: Mapping[str, Sequence[str | Message]]) -> Self:
        """One error for several places at once.

        >>> InputError.at({"top": ["too few"], "river": ["a Joker"]}).errors["river"]
        ['a Joker']
        """
        error = cls("; ".join(str(message) for messages in errors.values() for message in messages))
        error.messages = {field: list(messages) for field, messages in errors.items()}
        return error
