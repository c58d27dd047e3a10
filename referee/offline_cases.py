"""A case made on a phone with no connection, sent when the network returns (issue 38).

The phone answered it with its own copy of the engine and gave it an id (a UUID). It sends the
game, the API body and its answer to ``PUT /api/cases/<id>/``. The server decides the body
again on the game's own path (``Game.judge``) and compares the answers:

- the same: the case is kept under the phone's id, as the game's API would keep it (201);
- refused, or answered otherwise: a ``RefusedCase`` keeps the body, the phone's answer and the
  reasons under that id (409), and the phone shows them. Nothing is dropped silently.

Sent again (a lost answer, a second tab), the same id gets what it got the first time.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from django.db import IntegrityError
from django.utils.translation import gettext as _
from rest_framework.exceptions import ValidationError

from referee.fastjson import JsonEncoder
from referee.games import GAMES
from referee.games.base import errors_by_path
from referee.models import Case, RefusedCase
from referee.offline import OFFLINE_GAMES

GAMES_BY_KEY = {game.key: game for game in GAMES if game.key in OFFLINE_GAMES}
SHOWN = 60  # characters of a differing value quoted in the refusal


Settled = Case | RefusedCase


def settled(
    case_id: uuid.UUID, game: str, body: Any, answer: Any, maker: str
) -> tuple[Settled, bool]:
    """The case kept under ``case_id``, or its refusal, and whether it was made now (else it
    was sent before)."""
    found = (
        Case.objects.filter(pk=case_id).first() or RefusedCase.objects.filter(pk=case_id).first()
    )
    if found is not None:
        return found, False
    try:
        judged = GAMES_BY_KEY[game].judge(body)
    except ValidationError as error:
        return refused(case_id, game, body, answer, errors_by_path(error.detail), maker)
    where = difference(answer, as_json(judged.answer()))
    if where is not None:
        return refused(case_id, game, body, answer, {"answer": [where]}, maker)
    try:  # the same id sent twice at once (a page and Background Sync): one INSERT wins
        return judged.keep(maker, case_id).case, True  # in autocommit: kept once it returns
    except IntegrityError:
        return Case.objects.get(pk=case_id), False


def refused(
    case_id: uuid.UUID, game: str, body: Any, answer: Any, errors: dict[str, list[str]], maker: str
) -> tuple[RefusedCase, bool]:
    return RefusedCase.objects.get_or_create(
        pk=case_id,
        defaults={"game": game, "entered": json.dumps(body), "phone_answer": json.dumps(answer),
                  "errors": errors, "maker": maker},
    )  # fmt: skip


def as_json(value: Any) -> Any:
    """The answer as the API sends it, so it compares with the phone's parsed JSON."""
    return json.loads(json.dumps(value, cls=JsonEncoder))


def difference(phone: Any, server: Any, path: str = "") -> str | None:
    """Where the phone's answer first differs from the server's, said for people; None if the
    two are the same."""
    if isinstance(phone, dict) and isinstance(server, dict):
        for key in sorted(set(phone) | set(server), key=str):
            where = difference(phone.get(key), server.get(key), f"{path}.{key}" if path else key)
            if where is not None:
                return where
        return None
    if isinstance(phone, list) and isinstance(server, list) and len(phone) == len(server):
        for index, (mine, theirs) in enumerate(zip(phone, server, strict=True)):
            where = difference(mine, theirs, f"{path}.{index}")
            if where is not None:
                return where
        return None
    if phone == server:
        return None
    return _(
        "The phone's engine answered this case otherwise than the server's, at %(where)s: "
        "the phone said %(phone)s, the server %(server)s."
    ) % {"where": quoted(path or "the answer"), "phone": quoted(phone), "server": quoted(server)}


def quoted(value: Any) -> str:
    """A value from the answers, as JSON, cut short; what no text holds (U+0000, half a
    surrogate pair, sent by a phone) escaped, so the reason can be stored and sent."""
    said = json.dumps(value, ensure_ascii=False)
    said = said.encode("utf-8", "backslashreplace").decode().replace("\x00", "\\u0000")
    return said if len(said) <= SHOWN else said[: SHOWN - 1] + "…"
