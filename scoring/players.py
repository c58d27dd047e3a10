"""Players at a table, the same for every game: their names and how many may sit.

A blank name is the seat's number ("Player 2"), two players may not share a name, and a count
outside the game's range is refused in one wording, with the game's name in it.

>>> seat_names(["Ann", " ", "Bob "])
['Ann', 'Player 2', 'Bob']
>>> count_problem("Pineapple OFC", 2, 3, 5)
'Pineapple OFC takes 2 or 3 players; got 5'

Each problem is also a message (``scoring.messages``), to be said in the reader's language:

>>> count_message("Pineapple OFC", 2, 3, 5).as_dict()["template"]
'%(game)s takes %(range)s players; got %(count)s'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from scoring.messages import Message, Value, say

MAX_NAME = 40  # characters in a player's name


def default_name(index: int) -> str:
    """The name of a nameless player at this place in the list (0 is "Player 1"), in English."""
    return str(default_name_message(index))


def default_name_message(index: int) -> Message:
    """``default_name`` as a message: the web layer names a blank seat in the reader's language
    ("プレイヤー1"), before the engine sees the name."""
    return say("match.default_player_name", seat=index + 1)


def seat_names(names: Sequence[str], default: Callable[[int], str] = default_name) -> list[str]:
    """Each name stripped, a blank one replaced by its seat's default name (``default``: the
    English one unless the reader's is given).

    >>> seat_names(["", "Bob"], lambda index: f"P{index + 1}")
    ['P1', 'Bob']
    """
    return [name.strip() or default(index) for index, name in enumerate(names)]


def name_problems(names: Sequence[str]) -> dict[str, list[str]]:
    """A message at ``players.N.name`` for each player whose name an earlier player has.

    >>> name_problems(["Ann", "Bob", "Ann"])
    {'players.2.name': ['two players are called Ann: give each player a different name']}
    """
    return {
        place: [str(message) for message in messages]
        for place, messages in name_messages(names).items()
    }


def name_messages(names: Sequence[str]) -> dict[str, list[str | Message]]:
    """``name_problems`` as messages, to be said in the reader's language."""
    problems: dict[str, list[str | Message]] = {}
    for index, name in enumerate(names):
        if name in names[:index]:
            problems[f"players.{index}.name"] = [say("match.same_name", name=name)]
    return problems


def count_problem(game: str, least: int, most: int, count: int) -> str | None:
    """Say what is wrong with a number of players, or None when the game takes it."""
    message = count_message(game, least, most, count)
    return None if message is None else str(message)


def count_message(game: Value, least: int, most: int, count: int) -> Message | None:
    """``count_problem`` as a message; ``game`` may be a message too (a ruleset's name)."""
    if least <= count <= most:
        return None
    return say("match.player_count", game=game, range=count_phrase(least, most), count=count)


def count_words(least: int, most: int) -> str:
    """A range of players in words: "exactly 2", "2 or 3", "2 to 10"."""
    return str(count_phrase(least, most))


def count_phrase(least: int, most: int) -> Message:
    """``count_words`` as a message."""
    if least == most:
        return say("match.players_exactly", count=least)
    if most == least + 1:
        return say("match.players_either", least=least, most=most)
    return say("match.players_range", least=least, most=most)
