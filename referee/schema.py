"""The OpenAPI description's own parts, so a client generated from it sends what the API takes.

Card text is described by a pattern, in the canonical notation (``As Kd 7c``: ranks 2-9TJQKA,
suits cdhs, ``X`` for a Joker, one space between cards). The referee reads more than that (10h,
♠, commas, ``AsKd7c``, any case), so every text the pattern allows is text it reads. Rulesets
are named by an enum built from ``scoring.rulesets.RULESETS``, and a table's own rules by the
pattern of their key, ``house:<id>``.

What a schema cannot say is left to the referee, which refuses it at its field with 400 and says
why: a card dealt twice anywhere in the deal, a Joker outside the Joker deck, more or fewer
players than the game or ruleset seats, house rules that are not saved or are for another game.

Each game's answer has its own component (``OfcScoreAnswer``, ...): every key the engine gives,
its rulings linked to their articles, and the link to the stored case.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from drf_spectacular.extensions import OpenApiSerializerExtension, OpenApiSerializerFieldExtension
from drf_spectacular.plumbing import ResolvedComponent, append_meta
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from referee.fields import WholeNumberField
from scoring.cards import MAX_CARD_TEXT, RANK_PLURALS
from scoring.house import BASES, DEAL_SIZES, FIVE_CARD, PAIR_NAMES, ROW_CAN_MAKE, SCHEMES
from scoring.match import LENGTH_KINDS, MAX_TARGET
from scoring.players import MAX_NAME
from scoring.rulesets import ROW_SIZES, ROWS, RULESETS

CARD = "[2-9TJQKA][cdhs]"
CARD_OR_JOKER = f"(?:{CARD}|X)"
# A row of a board, whatever the ruleset: the engine checks each row holds its size.
ROWS_IN_FULL = frozenset(ROW_SIZES)


def cards_pattern(count: int | None = None, jokers: bool = False, optional: bool = False) -> str:
    """The pattern of card text: ``count`` cards (any number if None), or none if ``optional``.

    >>> cards_pattern(2)
    '^[2-9TJQKA][cdhs](?: [2-9TJQKA][cdhs]){1}$'
    """
    card = CARD_OR_JOKER if jokers else CARD
    if count is None:
        cards = f"{card}(?: {card}){{0,{(MAX_CARD_TEXT - 2) // 3}}}"
    elif count == 1:
        cards = card
    else:
        cards = f"{card}(?: {card}){{{count - 1}}}"
    return f"^(?:{cards})?$" if optional else f"^{cards}$"


def cards_schema(count: int | None = None, jokers: bool = False, optional: bool = False) -> dict:
    """Card text as the schema describes it: a string with the pattern and an example."""
    example = " ".join(["As", "Kd", "7c", "Th", "2s"][: count or 3])
    return {
        "type": "string",
        "pattern": cards_pattern(count, jokers, optional),
        "maxLength": MAX_CARD_TEXT,
        "example": example,
    }


def ruleset_schema(house_key: str, rulesets: Iterable[str] = RULESETS) -> dict[str, Any]:
    """A ruleset key: one of the built-in profiles, or a table's own rules by their key
    (``house_key``: the pattern, ``referee.house_rules.KEY_PATTERN``)."""
    keys = list(rulesets)
    return {
        "oneOf": [{"type": "string", "enum": keys}, house_key_schema(house_key)],
        "example": keys[0],
    }


def house_key_schema(house_key: str) -> dict[str, Any]:
    """The key of saved house rules, ``house:<id>`` (/rules/house/new/ makes one)."""
    return {"type": "string", "pattern": house_key, "example": "house:k3m9x2qa"}


def house_rules_list_schema(switches: list[str], house_key: str) -> dict[str, Any]:
    """The discard referee's house rules: switch names and one saved key, or one as a string."""
    item = {"oneOf": [{"type": "string", "enum": switches}, house_key_schema(house_key)]}
    listed = {"type": "array", "items": item, "uniqueItems": True, "maxItems": len(switches) + 1}
    return {"oneOf": [listed, item]}


class CardsFieldSchema(OpenApiSerializerFieldExtension):  # type: ignore[no-untyped-call]
    """Each card field's own pattern: its count, whether Jokers are dealt, whether it may be
    empty; a board's rows hold their row's size."""

    target_class = "referee.fields.CardsField"

    def map_serializer_field(self, auto_schema: Any, direction: str) -> dict[str, Any]:
        field = self.target
        count = field.count
        if count is None and field.field_name in ROWS_IN_FULL and _holds_every_row(field.parent):
            count = ROW_SIZES[field.field_name]
        schema = cards_schema(count, field.jokers, optional=not field.required)
        meta = auto_schema._get_serializer_field_meta(field, direction)
        return append_meta(schema, meta)  # type: ignore[no-any-return]


def _holds_every_row(parent: Any) -> bool:
    return parent is not None and all(row in getattr(parent, "fields", {}) for row in ROW_SIZES)


# Characters no text may hold, exactly those ``referee.fields.text_problem`` refuses: C0 and C1
# controls and DEL, the bidi marks, embeddings, overrides and isolates, zero-width characters
# and the byte-order mark (``scoring.texts.HIDDEN``).
UNSEEN = (
    "\\x00-\\x1f\\x7f-\\x9f\\u061c\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064"
    "\\u2066-\\u2069\\ufeff"
)


def text_pattern(blank: bool = True) -> str:
    """The pattern of one line of text as ``text_problem`` takes it: none of UNSEEN; one that
    may not be blank holds more than spaces (DRF and the engine strip them)."""
    if blank:
        return f"^[^{UNSEEN}]*$"
    return f"^[^{UNSEEN}]*[^{UNSEEN}\\s][^{UNSEEN}]*$"


def name_schema(blank: bool = False) -> dict[str, Any]:
    """A player's name as the engine takes it: printable text, at most MAX_NAME characters."""
    return {"type": "string", "maxLength": MAX_NAME, "pattern": text_pattern(blank)}


class NameFieldSchema(OpenApiSerializerFieldExtension):  # type: ignore[no-untyped-call]
    """A name: printable text; one that may not be blank holds more than spaces."""

    target_class = "referee.fields.NameField"

    def map_serializer_field(self, auto_schema: Any, direction: str) -> dict[str, Any]:
        schema: dict[str, Any] = auto_schema._map_serializer_field(
            self.target, direction, bypass_extensions=True
        )
        schema["pattern"] = text_pattern(self.target.allow_blank)
        return schema


class PlainTextFieldSchema(OpenApiSerializerFieldExtension):  # type: ignore[no-untyped-call]
    """A title or a currency: one line of printable text (``referee.fields.validate_text``)."""

    target_class = "referee.fields.PlainTextField"

    def map_serializer_field(self, auto_schema: Any, direction: str) -> dict[str, Any]:
        schema: dict[str, Any] = auto_schema._map_serializer_field(
            self.target, direction, bypass_extensions=True
        )
        schema["pattern"] = text_pattern(self.target.allow_blank)
        return schema


class PlayersFieldSchema(OpenApiSerializerFieldExtension):  # type: ignore[no-untyped-call]
    """The players: an array of at most as many as a request may hold (the game or ruleset
    seats fewer, which the referee checks)."""

    target_class = "referee.fields.PlayersField"

    def map_serializer_field(self, auto_schema: Any, direction: str) -> dict[str, Any]:
        schema: dict[str, Any] = auto_schema._map_serializer_field(
            self.target, direction, bypass_extensions=True
        )
        if direction == "request":
            if self.target.max_length is not None:
                schema["maxItems"] = self.target.max_length
            schema["minItems"] = max(self.target.min_length or 0, 1)
        return schema


class ShapedJSONField(serializers.JSONField):
    """JSON taken as it is sent, for the engine to check in its own words, and described by
    ``schema``: what the engine takes (a field of its own type would refuse in other words)."""

    def __init__(self, *, schema: dict[str, Any], **kwargs: Any) -> None:
        self.schema = schema
        super().__init__(**kwargs)


class ShapedJSONFieldSchema(OpenApiSerializerFieldExtension):  # type: ignore[no-untyped-call]
    target_class = "referee.schema.ShapedJSONField"

    def map_serializer_field(self, auto_schema: Any, direction: str) -> dict[str, Any]:
        meta = auto_schema._get_serializer_field_meta(self.target, direction)
        return append_meta(dict(self.target.schema), meta)  # type: ignore[no-any-return]


@extend_schema_field({"type": "integer", "minimum": min(DEAL_SIZES), "maximum": max(DEAL_SIZES)})
class FantasylandCardsField(WholeNumberField):
    """How many cards a Fantasyland hand dealt: 14 to 17 (the ruleset says which it deals)."""


# --- Matches -----------------------------------------------------------------------------------


def fewest_players() -> int:
    """The fewest players any ruleset seats (a match's own ruleset may seat more)."""
    return min(rules.min_players for rules in RULESETS.values())


def match_length_schema(kind: str) -> dict[str, Any]:
    """A match's length of one kind: the counts some ruleset allows (the match's ruleset says
    which), or a target from 1 to MAX_TARGET."""
    allowed: set[int] = set()
    for rules in RULESETS.values():
        counts = rules.match.lengths.get(kind, ())
        if counts is None:
            return {"type": "integer", "minimum": 1, "maximum": MAX_TARGET}
        allowed.update(counts)
    return {"type": "integer", "enum": sorted(allowed)}


LENGTH_RULE = (
    'The length is exactly one of "hands", "rounds" or "target", and one the ruleset plays: '
    "Pineapple OFC and Joker OFC play hands or rounds, Heads-up Pineapple OFC a target."
)


MATCH_NOT_IN_THE_SCHEMA = (
    "What no schema can say is refused with 400 at its field: more or fewer players than the "
    "ruleset seats, two names that differ only in case or spacing, a dealer who is not one of "
    "the players, a length the ruleset does not play, house rules that are not saved or are "
    "another game's."
)


class MatchCreateSchema(OpenApiSerializerExtension):  # type: ignore[no-untyped-call]
    """A new match: exactly one of its lengths (``oneOf``)."""

    target_class = "referee.api.matches.MatchCreateSerializer"

    def map_serializer(self, auto_schema: Any, direction: str) -> dict[str, Any]:
        schema: dict[str, Any] = auto_schema._map_basic_serializer(self.target, direction)
        if direction == "request":
            schema["oneOf"] = [{"required": [kind]} for kind in LENGTH_KINDS]
            players = schema["properties"]["players"]
            players.update(minItems=fewest_players(), uniqueItems=True)
            schema["description"] = f"{schema.get('description', '')}\n\n{LENGTH_RULE}".strip()
        return schema


# --- House rules -------------------------------------------------------------------------------


def _whole(low: int, high: int, nullable: bool = False) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "integer", "minimum": low, "maximum": high}
    if nullable:
        schema["nullable"] = True
    return schema


def _table(keys: Iterable[str], value: dict[str, Any], least: int = 0) -> dict[str, Any]:
    schema: dict[str, Any] = {
        "type": "object",
        "properties": dict.fromkeys(keys, value),
        "additionalProperties": False,
    }
    if least:
        schema["minProperties"] = least
    return schema


def _slugs(categories: Iterable[Any]) -> dict[str, Any]:
    return {"type": "string", "enum": [category.slug for category in categories], "nullable": True}


def ofc_changes() -> dict[str, dict[str, Any]]:
    """Each OFC setting's value (``scoring.house.SETTINGS``): its type and bounds. What one
    value says of another (a stronger hand paid less, in one table or across two; a sweep bonus
    under 2-4 scoring; Fantasyland settings with Fantasyland off) is the referee's to refuse."""
    points = _whole(0, 1000)
    deal = _whole(min(DEAL_SIZES), max(DEAL_SIZES))
    ranks = [RANK_PLURALS[rank] for rank in range(2, 15)]
    return {
        "row_point": _whole(1, 10),
        "sweep_bonus": _whole(0, 50),
        "foul_penalty": _whole(0, 50),
        "scoring": {"type": "string", "enum": list(SCHEMES)},
        "top_pairs": _table(ranks, points),
        "top_trips": _table(ranks, points),
        "middle": _table([c.slug for c in FIVE_CARD], points),
        "bottom": _table([c.slug for c in FIVE_CARD], points),
        "fantasyland": {"type": "boolean"},
        "fantasyland_entry": _table([*PAIR_NAMES, "trips"], deal, least=1),
        "fantasyland_stay": {
            "type": "object",
            "properties": {row: _slugs(ROW_CAN_MAKE[row]) for row in ROWS},
            "additionalProperties": False,
            "minProperties": 1,
        },
        "fantasyland_stay_cards": {**deal, "nullable": True},
        "jokers": _whole(0, 2),
        "max_players": _whole(2, 3),
    }


def house_changes(base: str) -> dict[str, Any]:
    """What a house rule made from ``base`` changes: one or more of its settings."""
    start = BASES[base]
    if start.readings:
        switches = start.profile.switches
        values = {
            name: {"type": "string", "enum": [switches[name].plain, switches[name].other]}
            for name in start.settings
        }
    else:
        every = ofc_changes()
        values = {name: every[name] for name in start.settings}
    return {
        "type": "object",
        "properties": values,
        "additionalProperties": False,
        "minProperties": 1,
    }


class HouseRuleSchema(OpenApiSerializerExtension):  # type: ignore[no-untyped-call]
    """New house rules: the settings ``changes`` takes are the base's (``oneOf`` by base)."""

    target_class = "referee.views.house.HouseRuleSerializer"

    def map_serializer(self, auto_schema: Any, direction: str) -> dict[str, Any]:
        schema: dict[str, Any] = auto_schema._map_basic_serializer(self.target, direction)
        if direction != "request":
            return schema
        groups: dict[tuple[str, ...], list[str]] = {}
        for key, base in BASES.items():
            groups.setdefault(tuple(base.settings), []).append(key)
        schema["properties"]["changes"] = {
            "type": "object",
            "description": schema["properties"]["changes"].get("description", ""),
        }
        schema["oneOf"] = [
            {
                "type": "object",
                "properties": {
                    "base": _bases(auto_schema, keys),
                    "changes": house_changes(keys[0]),
                },
            }
            for keys in groups.values()
        ]
        return schema


def _bases(auto_schema: Any, keys: list[str]) -> dict[str, Any]:
    """The bases sharing one set of settings, as a component of its own (drf-spectacular's enum
    hook would name every such set within one component alike, and keep only the first)."""
    name = f"{keys[0].capitalize()}BaseEnum" if BASES[keys[0]].readings else "OfcBaseEnum"
    component = ResolvedComponent(
        name=name,
        type=ResolvedComponent.SCHEMA,
        object=name,
        schema={"type": "string", "enum": keys},
    )
    auto_schema.registry.register_on_missing(component)
    return component.ref  # type: ignore[no-any-return]


# --- The answers -------------------------------------------------------------------------------


class RulingAnswer(serializers.Serializer[Any]):
    """A ruling as every answer gives it: its article's citation and link, in words."""

    citation = serializers.CharField()
    subject = serializers.CharField(allow_null=True)
    text = serializers.CharField()
    interpretation = serializers.CharField(allow_null=True)
    url = serializers.CharField(allow_null=True)
    interpretation_url = serializers.CharField(required=False, allow_null=True)


def _cards() -> serializers.ListField:
    return serializers.ListField(child=serializers.CharField())


def _names() -> serializers.ListField:
    return serializers.ListField(child=serializers.CharField())


class _Answer(serializers.Serializer[Any]):
    rulings = RulingAnswer(many=True)
    case = serializers.CharField(help_text="The stored case's page: /cases/<id>/")


class RowAnswer(serializers.Serializer[Any]):
    cards = _cards()
    resolved = _cards()
    category = serializers.CharField()
    hand = serializers.CharField()
    royalty = serializers.IntegerField()
    jokers = _cards()


class OfcRowsAnswer(serializers.Serializer[Any]):
    top = RowAnswer()
    middle = RowAnswer()
    bottom = RowAnswer()


class OfcFantasylandAnswer(serializers.Serializer[Any]):
    qualifies = serializers.BooleanField()
    cards = serializers.IntegerField(allow_null=True)
    stays = serializers.BooleanField()
    in_fantasyland = serializers.BooleanField()


class OfcPlayerAnswer(serializers.Serializer[Any]):
    name = serializers.CharField()
    fouled = serializers.BooleanField()
    foul_reason = serializers.CharField(allow_null=True)
    royalties = serializers.IntegerField()
    score = serializers.IntegerField()
    rows = OfcRowsAnswer()
    fantasyland = OfcFantasylandAnswer(allow_null=True)
    discards = serializers.ListField(child=serializers.CharField(), allow_null=True)


class OfcMatchupAnswer(serializers.Serializer[Any]):
    player = serializers.CharField()
    opponent = serializers.CharField()
    rows = serializers.DictField(child=serializers.IntegerField())
    sweep = serializers.IntegerField()
    majority = serializers.IntegerField()
    royalties = serializers.IntegerField()
    foul = serializers.IntegerField()
    points = serializers.IntegerField()


class OfcScoreAnswer(_Answer):
    """The scored table: each player's rows and total, and every ordered matchup."""

    ruleset = serializers.CharField()
    players = OfcPlayerAnswer(many=True)
    matchups = OfcMatchupAnswer(many=True)


class SettingAnswer(serializers.Serializer[Any]):
    top = _cards()
    middle = _cards()
    bottom = _cards()
    discards = _cards()
    resolved = serializers.DictField(child=_cards())
    hands = serializers.DictField(child=serializers.CharField())
    royalties = serializers.IntegerField()
    stays = serializers.BooleanField()
    fouled = serializers.BooleanField()


class LostAnswer(serializers.Serializer[Any]):
    royalties = serializers.IntegerField()
    stays = serializers.BooleanField()


class FantasylandAnswer(_Answer):
    """The best setting of a Fantasyland hand, the figures, the alternatives; and what a played
    setting gave up, if one was sent."""

    ruleset = serializers.CharField()
    cards = _cards()
    objective = serializers.CharField()
    best = SettingAnswer()
    max_royalties = serializers.IntegerField()
    max_royalties_staying = serializers.IntegerField(allow_null=True)
    alternatives = SettingAnswer(many=True)
    played = SettingAnswer(required=False)
    lost = LostAnswer(required=False)


class PlayedHandAnswer(serializers.Serializer[Any]):
    board = serializers.IntegerField()
    cards = _cards()
    hole_used = _cards()
    hole_count = serializers.IntegerField()
    category = serializers.CharField()
    hand = serializers.CharField()
    wilds = serializers.ListField(child=serializers.DictField(child=serializers.CharField()))
    also_on = serializers.ListField(child=serializers.IntegerField())


class IslandPlayerAnswer(serializers.Serializer[Any]):
    name = serializers.CharField()
    hole = _cards()
    fouled = serializers.BooleanField()
    caller = serializers.BooleanField()
    best = PlayedHandAnswer(allow_null=True)
    per_board = PlayedHandAnswer(many=True)


class DealAnswer(serializers.Serializer[Any]):
    table_size = serializers.IntegerField()
    exchanged = serializers.IntegerField(allow_null=True)
    cards = serializers.IntegerField()
    burns = serializers.IntegerField()
    fits = serializers.BooleanField()
    most_cards = serializers.IntegerField()


class BonusAnswer(serializers.Serializer[Any]):
    previous = serializers.CharField(allow_null=True)
    required = serializers.CharField(allow_null=True)
    reached = serializers.CharField()
    continues = serializers.BooleanField()


def _readings() -> serializers.DictField:
    return serializers.DictField(
        child=serializers.CharField(), help_text="Each house reading in force, by its switch"
    )


class IslandShowdownAnswer(_Answer):
    """The Island showdown: the four boards, each player's best hand, the winners."""

    boards = serializers.ListField(child=_cards())
    players = IslandPlayerAnswer(many=True)
    winners = _names()
    variants = _names()
    deal = DealAnswer(allow_null=True)
    secondary_bonus = BonusAnswer(allow_null=True)
    readings = _readings()
    house_rules = serializers.CharField(allow_null=True)


class HighAnswer(serializers.Serializer[Any]):
    category = serializers.CharField()
    hand = serializers.CharField()
    cards = _cards()
    hole_used = _cards()


class LowAnswer(serializers.Serializer[Any]):
    hand = serializers.CharField()
    cards = _cards()
    hole_used = _cards()


class PineapplePlayerAnswer(serializers.Serializer[Any]):
    name = serializers.CharField()
    hole = _cards()
    folded = serializers.BooleanField()
    dead = serializers.BooleanField()
    high = HighAnswer(allow_null=True)
    low = LowAnswer(allow_null=True)
    kept = serializers.ListField(child=serializers.CharField(), required=False)
    wins = serializers.IntegerField(required=False)
    returned = serializers.IntegerField(required=False)


class PotAnswer(serializers.Serializer[Any]):
    name = serializers.CharField()
    amount = serializers.IntegerField()
    eligible = _names()
    high_winners = _names()
    low_winners = _names()
    high_amount = serializers.IntegerField()
    low_amount = serializers.IntegerField()
    shares = serializers.DictField(child=serializers.IntegerField())


class PineappleShowdownAnswer(_Answer):
    """The Pineapple showdown: each player's high (and low) hand, the winners, the pots."""

    game = serializers.CharField()
    hi_lo = serializers.BooleanField()
    board = _cards()
    players = PineapplePlayerAnswer(many=True)
    high_winners = _names()
    low_winners = _names()
    pots = PotAnswer(many=True, required=False)
    readings = _readings()
    house_rules = serializers.CharField(allow_null=True)


class DiscardsAnswer(_Answer):
    """The discard referee's ruling: the consequence, the decision, the readings behind it."""

    game = serializers.CharField()
    situation = serializers.CharField()
    timing = serializers.CharField(allow_null=True)
    consequence = serializers.CharField()
    consequence_label = serializers.CharField()
    decision = serializers.CharField()
    house_rules = _names()
    readings = _readings()


ANSWERS: dict[str, type[serializers.Serializer[Any]]] = {
    "ofc": OfcScoreAnswer,
    "fantasyland": FantasylandAnswer,
    "island": IslandShowdownAnswer,
    "pineapple": PineappleShowdownAnswer,
    "discards": DiscardsAnswer,
}


class RefusalAnswer(serializers.Serializer[Any]):
    """A refusal: each message at the path of the field it is about (``players.1.middle``)."""

    errors = serializers.DictField(child=serializers.ListField(child=serializers.CharField()))


NOT_IN_THE_SCHEMA = (
    "Card text follows the pattern of its field; the referee also reads 10h, suit symbols, "
    "commas and cards run together. What no schema can say is refused with 400 at its field: "
    "a card dealt twice anywhere in the deal, a Joker outside the Joker deck, more or fewer "
    "players than the game or ruleset seats, house rules that are not saved or are another "
    "game's."
)
