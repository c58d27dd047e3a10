"""The one error the engines raise for input they refuse, with each message at its place.

>>> from scoring.messages import say
>>> InputError(say("common.hand_card_twice"), "players.0.hole").errors
{'players.0.hole': ['a hand cannot hold the same card twice']}
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
        super().__init__(message)
        # The messages as given (a Message is said again in the reader's language); their
        # English is worded only when read (``str()``, ``errors``).
        self.messages: dict[str, list[str | Message]] = {field: [message]}

    def __str__(self) -> str:
        return "; ".join(str(m) for messages in self.messages.values() for m in messages)

    @property
    def errors(self) -> dict[str, list[str]]:
        """Each place's messages in English."""
        return {place: [str(m) for m in messages] for place, messages in self.messages.items()}

    @property
    def field(self) -> str:
        """The first place concerned."""
        return next(iter(self.messages))

    @classmethod
    def at(cls, errors: Mapping[str, Sequence[str | Message]]) -> Self:
        """One error for several places at once.

        >>> from scoring.messages import say
        >>> error = InputError.at({"top": [say("common.hand_card_twice")], "river": ["X"]})
        >>> error.errors["river"], str(error)
        (['X'], 'a hand cannot hold the same card twice; X')
        """
        messages = {field: list(said) for field, said in errors.items()}
        every = [message for said in messages.values() for message in said]
        error = cls(every[0] if every else "", next(iter(messages), "non_field_errors"))
        error.messages = messages
        error.args = tuple(every)  # the messages as given, each worded when read
        return error
