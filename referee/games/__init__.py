"""Every game the referee rules on, each one vertical slice: see ``base.Game``."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from django.utils.translation import gettext

from referee.games.base import Game
from referee.games.discards import DiscardReferee
from referee.games.fantasyland import FantasylandSetter
from referee.games.island import IslandShowdown
from referee.games.ofc import OfcScoring
from referee.games.pineapple import PineappleShowdown

OFC = OfcScoring()
ISLAND = IslandShowdown()
PINEAPPLE = PineappleShowdown()
DISCARDS = DiscardReferee()
FANTASYLAND = FantasylandSetter()
GAMES: tuple[Game, ...] = (OFC, ISLAND, PINEAPPLE, DISCARDS, FANTASYLAND)

# The case log's keys, each with the game that reads its cases and its name for people.
CASE_GAMES: Mapping[str, Game] = MappingProxyType(
    {key: game for game in GAMES for key in game.case_games}
)
CASE_NAMES: Mapping[str, str] = MappingProxyType(
    {key: name for game in GAMES for key, name in game.case_games.items()}
)


def game_for(key: str) -> Game | None:
    """The game that reads cases logged under a key (a table's own rules are OFC's)."""
    return CASE_GAMES.get(key) or (OFC if key.startswith("house:") else None)


def case_name(key: str) -> str:
    """Name a case-log key for people: "island" -> "Island Pineapple"; unknown keys as they are."""
    if key.startswith("house:"):
        return gettext("OFC under house rules %(id)s") % {"id": key[6:]}
    return str(CASE_NAMES.get(key, key))
