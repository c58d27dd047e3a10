"""A page's posted fields as the API body they spell, without Django: ``PageForm.body()`` builds
it here, and the phone's offline engine builds the same body from the same fields (the bundle
carries this module and each page's fields, ``referee/offline.py``).

A field is named by its API path ("players-1-top") and has a kind, which says how its posted
value (``raw``: the text, the ticked choices, or whether a box is ticked) reads:

- ``text``: the text, or nothing when blank; ``whole``: a whole number when it reads as one,
  else the text (the serializer refuses it in words);
- ``choices``: the ticked ones; ``check``: whether it is ticked; ``exception``: ticked, it sends
  false (a box for the exception to a yes: "did not discard").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

WHOLE = re.compile(r"-?\d{1,12}")
Field = tuple[str, str, Any, Any]  # name, kind, initial, raw


def to_api(kind: str, raw: Any) -> Any:
    """The value the API would have been sent, or None to leave it out."""
    if kind == "choices":
        return list(raw or [])
    if kind == "check":
        return bool(raw)
    if kind == "exception":
        return False if raw else None
    text = raw if isinstance(raw, str) and raw.strip() else None
    if kind == "whole" and text is not None and WHOLE.fullmatch(text.strip()):
        return int(text)
    return text


def _unset(kind: str, initial: Any, raw: Any) -> bool:
    """Whether a field holds nothing the person typed or changed."""
    if kind in ("check", "exception"):
        return bool(raw) == bool(initial)
    return to_api(kind, raw) in (None, [])


def spelt(fields: Iterable[Field], least: Mapping[str, int]) -> dict[str, Any]:
    """The API body the fields spell; ``least``: the seats a list needs (``PageForm``)."""
    tree: dict[str, Any] = {}
    unset: dict[tuple[str, ...], bool] = {}
    for name, kind, initial, raw in fields:
        path = tuple(name.split("-"))
        for depth in range(1, len(path)):  # every object or list item above the field
            unset[path[:depth]] = unset.get(path[:depth], True) and _unset(kind, initial, raw)
        node = tree
        for part in path[:-1]:
            node = node.setdefault(part, {})
        node[path[-1]] = to_api(kind, raw)
    return _built(tree, unset, (), least)  # type: ignore[no-any-return]


def _built(
    node: Any, unset: Mapping[tuple[str, ...], bool], at: tuple[str, ...], least: Mapping[str, int]
) -> Any:
    """The posted tree as the API has it: lists for numbered keys, nothing for what is blank.

    Blank values and objects of which nothing was set are left out; so are list items of which
    nothing was set when only such items follow them (the unused seats at the end), beyond the
    ``least`` a list of that name must hold.
    """
    if not isinstance(node, dict):
        return node
    built = {}
    for key, value in node.items():
        place = (*at, key)
        if isinstance(value, dict) and unset.get(place) and not key.isdigit():
            continue
        value = _built(value, unset, place, least)
        if value is not None:
            built[key] = value
    if not built:
        return None if at else built
    if not all(key.isdigit() for key in built):
        return built
    count = 1 + max(int(key) for key in node)
    items = [built.get(str(index)) for index in range(count)]
    if any(isinstance(item, dict) for item in items):
        keep = least.get("-".join(at), 0)
        while len(items) > keep and unset.get((*at, str(len(items) - 1)), True):
            items.pop()
        return [item if item is not None else {} for item in items]
    # Numbered text fields are the slots of one place (a board's two cards): one card text.
    return " ".join(str(item) for item in items if item is not None)


def island_caller(body: dict[str, Any], default_name: Any) -> dict[str, Any]:
    """Island's page marks the Phantom Ship's caller by seat; the API names them (a blank seat
    by ``default_name(index)``)."""
    ship = body.get("phantom_ship") or {}
    seat = ship.get("caller")
    if isinstance(seat, str) and seat.isdigit():
        players = body.get("players", [])
        index = int(seat)
        named = players[index].get("name") if index < len(players) else None
        ship["caller"] = (named or "").strip() or default_name(index)
    return body
