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

from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from drf_spectacular.plumbing import append_meta
from rest_framework import serializers

from scoring.rulesets import ROW_SIZES, RULESETS

CARD = "[2-9TJQKA][cdhs]"
CARD_OR_JOKER = f"(?:{CARD}|X)"
MAX_CARD_TEXT = 200  # referee.fields.MAX_CARD_TEXT: the longest card text a field reads
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


# Characters no name may hold: controls, bidi overrides and isolates, zero-width characters.
UNSEEN = "\\x00-\\x1f\\x7f-\\x9f\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u2069\\ufeff"


class NameFieldSchema(OpenApiSerializerFieldExtension):  # type: ignore[no-untyped-call]
    """A name: printable text; one that may not be blank holds more than spaces."""

    target_class = "referee.fields.NameField"

    def map_serializer_field(self, auto_schema: Any, direction: str) -> dict[str, Any]:
        schema: dict[str, Any] = auto_schema._map_serializer_field(
            self.target, direction, bypass_extensions=True
        )
        if self.target.allow_blank:
            schema["pattern"] = f"^[^{UNSEEN}]*$"
        else:
            schema["pattern"] = f"^[^{UNSEEN}]*[^{UNSEEN}\\s][^{UNSEEN}]*$"
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
