"""Each game's engine call, from its request as validated: the server's game slices
(``referee/games/``) and the phone's offline engine (``scoring.offline``) both call these, so
the same request reaches the engine the same way on either side.

A request is a game's API body once its fields are read: cards as ``Card`` lists, blank names
given their seat's name, defaults filled in. What only the caller can resolve (a ruleset, a
table's saved house rules) is passed beside it.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from scoring.discards import Decision, rule
from scoring.hands import Category
from scoring.island import VARIANTS, IslandResult, Seat
from scoring.island import showdown as island_showdown
from scoring.island_readings import IslandReadings
from scoring.ofc import PlayerBoard, TableResult, score_table
from scoring.pineapple import Entrant, Showdown
from scoring.pineapple import showdown as pineapple_showdown
from scoring.pineapple_readings import PineappleReadings
from scoring.rulesets import Ruleset
from scoring.setter import SetterResult, set_fantasyland

Request = Mapping[str, Any]


def boards(players: list[Mapping[str, Any]]) -> list[PlayerBoard]:
    """The engine's OFC boards from the validated players."""
    return [
        PlayerBoard(
            name=player["name"],
            top=player["top"],
            middle=player["middle"],
            bottom=player["bottom"],
            discards=player["discards"],
            in_fantasyland=player["in_fantasyland"],
            fantasyland_cards=player["fantasyland_cards"],
        )
        for player in players
    ]


def ofc(request: Request, ruleset: Ruleset) -> TableResult:
    return score_table(ruleset, boards(request["players"]))


def fantasyland(request: Request, ruleset: Ruleset) -> SetterResult:
    return set_fantasyland(
        ruleset, request["cards"], objective=request["objective"], played=request["played"]
    )


def island_variants(request: Request) -> list[str]:
    """The variants announced, with those a variant's details imply, in the document's order."""
    named = set(request["variants"])
    named |= {key for key in ("phantom_ship", "secondary_bonus") if request.get(key) is not None}
    return [key for key in VARIANTS if key in named]


def island(request: Request, readings: IslandReadings) -> IslandResult:
    phantom = request.get("phantom_ship") or {}
    previous = (request.get("secondary_bonus") or {}).get("previous")
    return island_showdown(
        request["first_set"],
        request["second_set"],
        request["turn"],
        request["river"],
        [Seat(p["name"], tuple(p["hole"]), p["discarded"]) for p in request["players"]],
        island_variants(request),
        caller=phantom.get("caller"),
        called_after_discards=bool(phantom.get("after_discards")),
        table_size=request.get("table_size"),
        exchanged=request.get("exchanged"),
        bonus_previous=Category.from_slug(previous) if previous else None,
        readings=readings,
    )


def pineapple(request: Request, readings: PineappleReadings) -> Showdown:
    entrants = [
        Entrant(
            name=player["name"],
            hole=tuple(player["hole"]),
            folded=player["folded"],
            contributed=player.get("contributed"),
        )
        for player in request["players"]
    ]
    return pineapple_showdown(
        request["game"],
        request["board"],
        entrants,
        hi_lo=request["hi_lo"],
        pot=request.get("pot"),
        button=request.get("button"),
        readings=readings,
    )


def discards(request: Request, readings: PineappleReadings, names: Collection[str]) -> Decision:
    return rule(
        request["game"],
        request["situation"],
        request.get("timing"),
        request["player"],
        names,
        readings=readings,
    )
