"""What the match tests share: OFC-BETA's worked examples (8.1-8.3) as boards, Ann scoring 8,
15 and 17; and what a client of a match does: make one by the API, add a hand with the edit
key, take a seat by its code on a phone of its own, send from several phones at one moment."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar

from django.db import connections
from django.test import Client

ROWS = ("top", "middle", "bottom")
LENGTHS = ("target", "rounds", "hands")

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


def rows(board: dict[str, str]) -> dict[str, str]:
    """A board's three rows, as a seat's phone sends them."""
    return {row: board[row] for row in ROWS}


def new_match_body(**length: int) -> dict[str, Any]:
    length = length or {"target": 20}
    return {
        "ruleset": "pineapple-2p-v1" if "target" in length else "pineapple-ofc",
        "players": ["Ann", "Bob"],
        "dealer": "Ann",
        **length,
    }


def create(client: Client, **fields: Any) -> dict[str, Any]:
    """POST /api/matches/ for Ann and Bob, Ann dealing first; 201 asserted, its answer returned.

    A length (``target``, ``rounds`` or ``hands``; one round when none is given) picks the
    ruleset as new_match_body does; any other field replaces the body's (``ruleset``,
    ``players``, ``dealer``, ``point_value``...)."""
    length = {key: fields.pop(key) for key in LENGTHS if key in fields} or {"rounds": 1}
    made = client.post(
        "/api/matches/", {**new_match_body(**length), **fields}, content_type="application/json"
    )
    assert made.status_code == 201, made.content
    return dict(made.json())


def post_hand(
    client: Client, match: dict[str, Any], body: Any, key: Any = None, **headers: str
) -> Any:
    """POST a hand to the match by the API, with its edit key (``key``: another key, or False
    for none) and any other headers (``HTTP_ACCEPT_LANGUAGE``...)."""
    if key is not False:
        headers["HTTP_X_EDIT_KEY"] = match["edit_key"] if key is None else key
    return client.post(
        f"/api/matches/{match['id']}/hands/", body, content_type="application/json", **headers
    )


def phone_for(made: dict[str, Any], seat: int) -> Client:
    """A new phone that takes a seat by its code, as a player scanning the QR code would."""
    phone = Client()
    code = made["seats"][seat]["join_code"]
    offer = phone.get(f"/join/{code}/")
    assert offer.status_code == 200 and f"Take {made['players'][seat]}'s seat" in offer.text
    taken = phone.post(f"/join/{code}/")
    assert taken.status_code == 302 and taken["Location"] == made["url"]
    return phone


Answer = TypeVar("Answer")


def at_once(*calls: Callable[[], Answer]) -> list[Answer]:
    """Each call in its own thread, all released together (phones sending at one moment); the
    answers in the order they came."""
    barrier, answers = threading.Barrier(len(calls)), []

    def run(call: Callable[[], Answer]) -> None:
        barrier.wait()
        try:
            answers.append(call())
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers
