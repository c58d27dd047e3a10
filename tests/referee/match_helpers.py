"""Boards for match tests: OFC-BETA's worked examples (8.1-8.3), Ann scoring 8, 15 and 17."""

from __future__ import annotations

from typing import Any

ANN = {"name": "Ann", "top": "Qs Qd 7c", "middle": "9s 9h 4c 4d 2s", "bottom": "Ah Jh 8h 6h 3h"}
# OFC-BETA 8.1: Ann wins two rows and loses one; royalties 11 against 4: Ann +8.
BOB_8 = {"name": "Bob", "top": "Kc 8d 3s", "middle": "5s 5h 5c Ad 2h", "bottom": "6c 7d 8c 9c Td"}
# OFC-BETA 8.2: Bob's middle is a pair of tens, so Ann sweeps: 3 + 3 + 11 - 2 = 15.
BOB_15 = {"name": "Bob", "top": "Kc 8d 3s", "middle": "Tc Th 5s 4h 2h", "bottom": "6c 7d 8c 9c Ts"}
# OFC-BETA 8.3: Bob's middle is ten high, below his king-high top: he fouls, Ann +6 + 11 = 17.
BOB_17 = {"name": "Bob", "top": "Kc 8d 3s", "middle": "Tc 9d 5s 4h 2h", "bottom": "6c 7d 8c 9c Ts"}


def hand(bob: dict[str, str], ann: dict[str, str] | None = None) -> dict[str, Any]:
    """An OFC request body's ``players`` for Ann and Bob."""
    return {"players": [dict(ann or ANN), dict(bob)]}


def new_match_body(**length: int) -> dict[str, Any]:
    length = length or {"target": 20}
    return {
        "ruleset": "pineapple-2p-v1" if "target" in length else "pineapple-ofc",
        "players": ["Ann", "Bob"],
        "dealer": "Ann",
        **length,
    }
