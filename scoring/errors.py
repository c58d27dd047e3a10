"""The one error the engines raise for input they refuse, with each message at its place.

>>> InputError("needs 2 cards", "players.0.hole").errors
{'players.0.hole': ['needs 2 cards']}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Self


class InputError(ValueError):
    """Input an engine refuses; ``errors`` maps each place concerned to its messages.

    A place is a field path such as ``players.1.hole``, so the web layer can show each message
    at the field where it was typed, on the page and in the API alike.
    """

    def __init__(self, message: str, field: str = "non_field_errors") -> None:
        super().__init__(message)
        self.errors: dict[str, list[str]] = {field: [message]}

    @property
    def field(self) -> str:
        """The first place concerned."""
        return next(iter(self.errors))

    @classmethod
    def at(cls, errors: Mapping[str, Sequence[str]]) -> Self:
        """One error for several places at once.

        >>> InputError.at({"top": ["too few"], "river": ["a Joker"]}).errors["river"]
        ['a Joker']
        """
        error = cls("; ".join(message for messages in errors.values() for message in messages))
        error.errors = {field: list(messages) for field, messages in errors.items()}
        return error
