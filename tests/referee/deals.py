"""Random deals for every game, as API bodies, drawn by hypothesis: the page-and-API parity
tests (test_parity.py) and the offline engine's (test_offline_engine.py) rule on the same kinds
of deal. Some carry a slip (a card typed twice) or house rules, as tables do. ``typed`` gives
the page's fields a person fills to say what a body says."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scoring.cards import DECK_52
from scoring.discards import HOUSE_RULES, SITUATIONS, TIMINGS
from scoring.hands import Category
from scoring.island import BONUS_LADDER, VARIANTS
from scoring.rulesets import RULESETS

NAMES = st.sampled_from(["Ann", "Bob", "Cy", "", "Ann "])


@st.composite
def ofc_tables(draw: st.DrawFn) -> dict[str, Any]:
    ruleset = draw(st.sampled_from(list(RULESETS)))
    rules = RULESETS[ruleset]
    count = draw(st.integers(rules.min_players, rules.max_players))
    deck = [*map(str, DECK_52), *(["X"] * rules.jokers)]
    cards = draw(st.permutations(deck))[: 13 * count]
    if draw(st.booleans()):  # a slip: one card typed twice
        cards[draw(st.integers(0, len(cards) - 1))] = cards[0]
    players = []
    for seat in range(count):
        mine = cards[13 * seat : 13 * seat + 13]
        player = {
            "name": draw(NAMES),
            "top": " ".join(mine[:3]),
            "middle": " ".join(mine[3:8]),
            "bottom": " ".join(mine[8:]),
        }
        if rules.fantasyland and draw(st.booleans()):
            player["in_fantasyland"] = True
            player["fantasyland_cards"] = draw(st.sampled_from(rules.fantasyland.deal_sizes))
        players.append(player)
    return {"ruleset": ruleset, "players": players}


@st.composite
def fantasyland_hands(draw: st.DrawFn) -> dict[str, Any]:
    ruleset = draw(st.sampled_from([k for k, r in RULESETS.items() if r.fantasyland]))
    rules = RULESETS[ruleset]
    size = draw(st.sampled_from(rules.fantasyland.deal_sizes))  # type: ignore[union-attr]
    deck = [*map(str, DECK_52), *(["X"] * draw(st.integers(0, rules.jokers)))]
    cards = draw(st.permutations(deck))[:size]
    if draw(st.integers(0, 4)) == 0:  # a slip: one card typed twice
        cards[-1] = cards[0]
    body: dict[str, Any] = {"ruleset": ruleset, "cards": " ".join(cards)}
    if draw(st.booleans()):
        body["objective"] = draw(st.sampled_from(["stay", "royalties"]))
    if draw(st.booleans()):  # the setting played: the first 13 in order, perhaps fouling
        body["played"] = {"top": " ".join(cards[:3]), "middle": " ".join(cards[3:8]),
                          "bottom": " ".join(cards[8:13])}  # fmt: skip
    return body


@st.composite
def island_deals(draw: st.DrawFn) -> dict[str, Any]:
    phantom = draw(st.booleans())
    count = draw(st.integers(2, 4))
    hole = 3 if phantom else 2
    cards = [str(c) for c in draw(st.permutations(DECK_52))[: 7 + hole * count]]
    others = [key for key in VARIANTS if key != "phantom_ship"]
    body: dict[str, Any] = {
        "first_set": " ".join(cards[0:2]),
        "second_set": " ".join(cards[2:4]),
        "turn": cards[4],
        "river": " ".join(cards[5:7]),
        "variants": draw(st.lists(st.sampled_from(others), unique=True, max_size=2)),
        "players": [
            {
                "name": name,
                "hole": " ".join(cards[7 + hole * i : 7 + hole * i + hole]),
                "discarded": draw(st.booleans()) or phantom,
            }
            for i, name in enumerate(draw(st.lists(NAMES, min_size=count, max_size=count)))
        ],
    }
    names = [p["name"].strip() or f"Player {i + 1}" for i, p in enumerate(body["players"])]
    if phantom and len(set(names)) == len(names):
        body["phantom_ship"] = {"caller": draw(st.sampled_from(names)), "after_discards": False}
    if "secondary_bonus" in body["variants"]:
        rung = draw(st.sampled_from([None, *BONUS_LADDER]))
        body["secondary_bonus"] = {"previous": rung.slug if isinstance(rung, Category) else None}
    if draw(st.booleans()):
        body["table_size"] = draw(st.integers(2, 8))
    if draw(st.booleans()):  # every reading switched, by saved house rules (see earlier_readings)
        body["house_rules"] = EARLIER
    return body


EARLIER = "house:earlier"  # stands for the key of the "island-earlier" preset once saved


@st.composite
def pineapple_showdowns(draw: st.DrawFn) -> dict[str, Any]:
    game = draw(st.sampled_from(["pineapple", "crazy", "lazy"]))
    count = draw(st.integers(2, 5))
    cards = [str(c) for c in draw(st.permutations(DECK_52))[: 5 + 3 * count]]
    players = []
    for seat in range(count):
        size = draw(st.sampled_from([2, 3] if game == "lazy" else [2, 2, 3]))
        player: dict[str, Any] = {
            "name": draw(NAMES),
            "hole": " ".join(cards[5 + 3 * seat :][:size]),
        }
        if draw(st.integers(0, 4)) == 0:
            player["folded"] = True
        players.append(player)
    if draw(st.booleans()):
        for player in players:
            player["contributed"] = draw(st.integers(0, 100))
    body: dict[str, Any] = {
        "game": game,
        "hi_lo": draw(st.booleans()),
        "board": " ".join(cards[:5]),
        "players": players,
    }
    if draw(st.booleans()):
        body["button"] = draw(st.integers(0, count))
    return body


@st.composite
def discard_questions(draw: st.DrawFn) -> dict[str, Any]:
    game = draw(st.sampled_from(list(TIMINGS)))
    body: dict[str, Any] = {
        "game": game,
        "situation": draw(st.sampled_from(list(SITUATIONS))),
        "player": draw(NAMES),
        "house_rules": draw(st.lists(st.sampled_from(list(HOUSE_RULES)), unique=True)),
    }
    if draw(st.booleans()):
        every = [key for timings in TIMINGS.values() for key in timings]
        body["timing"] = draw(st.sampled_from(every))
    return body


def typed(body: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """The page's fields a person fills to say what ``body`` says (booleans as ticks)."""
    fields: dict[str, Any] = {}
    for key, value in body.items():
        name = f"{prefix}-{key}" if prefix else key
        if isinstance(value, dict):
            fields.update(typed(value, name))
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            for index, item in enumerate(value):
                fields.update(typed(item, f"{name}-{index}"))
        elif value is True:
            fields[name] = "on"
        elif value is not None and value is not False:
            fields[name] = value if isinstance(value, list) else str(value)
    return fields


def island_typed(body: dict[str, Any]) -> dict[str, Any]:
    """Island's page lays the board out slot by slot, ticks "did not discard", marks the caller."""
    fields = typed({k: v for k, v in body.items() if k not in ("phantom_ship", "players")})
    for part in ("first_set", "second_set", "river"):
        for slot, card in enumerate(fields.pop(part).split()):
            fields[f"{part}-{slot}"] = card
    for index, player in enumerate(body["players"]):
        fields[f"players-{index}-name"] = player.get("name", "")
        fields[f"players-{index}-hole"] = player["hole"]
        if player.get("discarded") is False:
            fields[f"players-{index}-discarded"] = "on"
    ship = body.get("phantom_ship")
    if ship:
        names = [
            p.get("name", "").strip() or f"Player {i + 1}" for i, p in enumerate(body["players"])
        ]
        fields["phantom_ship-caller"] = str(names.index(ship["caller"]))
        if ship.get("after_discards"):
            fields["phantom_ship-after_discards"] = "on"
    return fields
