"""Players at a table, the same for every game: their names and how many may sit.

A blank name is the seat's number ("Player 2"), two players may not share a name, and a count
outside the game's range is refused in one wording, with the game's name in it.

>>> seat_names(["Ann", " ", "Bob "])
['Ann', 'Player 2', 'Bob']
>>> count_problem("Pineapple OFC", 2, 3, 5)
'Pineapple OFC takes 2 or 3 players; got 5'
"""

from __future__ import annotations

from collections.abc import Sequence

MAX_NAME = 40  # characters in a player's name


def default_name(index: int) -> str:
    """The name of a nameless player at this place in the list (0 is "Player 1")."""
    return f"Player {index + 1}"


def seat_names(names: Sequence[str]) -> list[str]:
    """Each name stripped, a blank one replaced by its seat's default name."""
    return [name.strip() or default_name(index) for index, name in enumerate(names)]


def name_problems(names: Sequence[str]) -> dict[str, list[str]]:
    """A message at ``players.N.name`` for each player whose name an earlier player has.

    >>> name_problems(["Ann", "Bob", "Ann"])
    {'players.2.name': ['two players are called Ann: give each player a different name']}
    """
    problems: dict[str, list[str]] = {}
    for index, name in enumerate(names):
        if name in names[:index]:
            problems[f"players.{index}.name"] = [
                f"two players are called {name}: give each player a different name"
            ]
    return problems


def count_problem(game: str, least: int, most: int, count: int) -> str | None:
    """Say what is wrong with a number of players, or None when the game takes it."""
    if least <= count <= most:
        return None
    return f"{game} takes {count_words(least, most)} players; got {count}"


def count_words(least: int, most: int) -> str:
    """A range of players in words: "exactly 2", "2 or 3", "2 to 10"."""
    if least == most:
        return f"exactly {least}"
    return f"{least} or {most}" if most == least + 1 else f"{least} to {most}"
