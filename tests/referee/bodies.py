"""Valid API request bodies the referee tests start from; each test changes what it probes."""

from __future__ import annotations

import copy
from typing import Any

OFC_TABLE: dict[str, Any] = {
    "ruleset": "pineapple-ofc",
    "players": [
        {"name": "Ann", "top": "Qs Qd 7c", "middle": "5h 6h 7h 8h 9d", "bottom": "2c 2d 2h Kc Kd"},
        {"name": "Bob", "top": "Kh 4c 3d", "middle": "Ts Td 6s 5c 4s", "bottom": "As Ad 8c 8s 3c"},
    ],
}
# OPR-538 4.3's worked example.
ISLAND_4_3: dict[str, Any] = {
    "first_set": "Kh 4c",
    "second_set": "9s 9d",
    "turn": "Jh",
    "river": "Qh 3d",
    "variants": [],
    "players": [{"name": "A", "hole": "Th 8c"}, {"name": "B", "hole": "9c 4s"}],
}
LAZY_HI_LO: dict[str, Any] = {
    "game": "lazy",
    "hi_lo": True,
    "board": "Ah 7d 5c Kd 2s",
    "players": [{"name": "A", "hole": "3h 4h Qs"}, {"name": "B", "hole": "Kc Ks 8d"}],
}


def first_player_named(body: dict[str, Any], name: str) -> dict[str, Any]:
    """A copy of the body whose first player is called `name`."""
    renamed = copy.deepcopy(body)
    renamed["players"][0]["name"] = name
    return renamed
