"""Island Pineapple showdowns, the whole path: POST /api/island/showdown/ and /island/.

The seven board cards as the dealer laid them out, each player's kept hole cards and the
variants announced; the engine (``scoring.island``) reads the four boards and the wild deuces.
A variant's details imply the variant: a Phantom Ship caller, or a Secondary bonus object.
``house_rules`` ("house:<id>", made from Island Pineapple) switches readings; without it the
plain readings play.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from referee.cases import ruling_links
from referee.fields import CardsField, NameField, WholeNumberField, YesNoField, choice_field
from referee.fields import players_of as players_field
from referee.games.base import Game
from referee.hand_names import category_name, hand_name
from referee.house_rules import (
    IslandHouseRulesField,
    offer_house_rules,
    played_under,
    readings_for,
)
from referee.messages import said, said_lazy
from referee.page_bodies import island_caller
from referee.pages import (
    CardsInput,
    CardsTextField,
    CheckField,
    ChoiceField,
    ChoicesField,
    ExceptionField,
    NumberField,
    PageForm,
    TextField,
)
from scoring import calls
from scoring.island import (
    BONUS_LADDER,
    SHOWDOWN_SIZES,
    TABLE_SIZES,
    VARIANTS,
    IslandResult,
    PlayedHand,
)
from scoring.island_readings import PLAIN_READINGS
from scoring.players import MAX_NAME, count_phrase, default_name

BOARD_KEYS = ("first_set", "second_set", "turn", "river")
SEATS = SHOWDOWN_SIZES[-1]
SHOWN_SEATS = 3  # the rest sit behind "More players"
# Each board place of the page, in dealing order (2.2, 3.2, 3.4): field name and label.
BOARD_PLACES = (
    ("first_set-0", _("First set, upper card")),
    ("first_set-1", _("First set, lower card")),
    ("second_set-0", _("Second set, left card")),
    ("second_set-1", _("Second set, right card")),
    ("turn", pgettext_lazy("Island board place", "Turn")),
    ("river-0", _("River, upper card")),
    ("river-1", _("River, lower card")),
)


# What each board place takes, shown in its refusals: OPR-538 4.3's deal.
BOARD_EXAMPLES = {"first_set": "Kh 4c", "second_set": "9s 9d", "turn": "Jh", "river": "Qh 3d"}


def _slot_example(name: str) -> str:
    """The one card of a place's example that fits its box: "first_set-1" -> "4c"."""
    place, _, slot = name.partition("-")
    return BOARD_EXAMPLES[place].split()[int(slot or 0)]


def _players_needed() -> str:
    """What a showdown with no players needs: "enter the hole cards of 2 to 7 players..."."""
    players = said(count_phrase(SHOWDOWN_SIZES[0], SHOWDOWN_SIZES[-1]))
    return gettext("enter the hole cards of %(players)s players still in the hand") % {
        "players": players
    }


def _seat_name(seat: int) -> str:
    """A nameless seat as the page shows it: "Player 2"."""
    return gettext("Player %(seat)s") % {"seat": seat + 1}


class IslandPlayerSerializer(serializers.Serializer[Any]):
    name = NameField()
    hole = CardsField(wanted=_("the 2 kept hole cards (3 under Phantom Ship)"), example="Th 8c")
    discarded = YesNoField(
        default=True, help_text=_("False when the player failed to discard (a fouled hand, 3.3)")
    )


class PhantomShipSerializer(serializers.Serializer[Any]):
    caller = NameField(required=True, allow_blank=False, default=serializers.empty)
    after_discards = YesNoField(default=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        message = _("name the player who called the Phantom Ship")
        self.fields["caller"].error_messages.update(required=message, blank=message)


class SecondaryBonusSerializer(serializers.Serializer[Any]):
    previous = choice_field(
        [category.slug for category in BONUS_LADDER],
        _("a Secondary bonus qualifier"),
        allow_null=True,
        default=None,
        help_text=_("The previous Island hand's qualifier; null for the first Island hand"),
    )


class ShowdownSerializer(serializers.Serializer[Any]):
    """Shape only; the deal's rules (counts, duplicates, players) are checked by the engine."""

    first_set = CardsField(count=2, example=BOARD_EXAMPLES["first_set"])
    second_set = CardsField(count=2, example=BOARD_EXAMPLES["second_set"])
    turn = CardsField(count=1, example=BOARD_EXAMPLES["turn"])
    river = CardsField(count=2, example=BOARD_EXAMPLES["river"])
    variants = serializers.ListField(
        child=choice_field(list(VARIANTS), _("an Island Pineapple variant")),
        default=list,
        max_length=len(VARIANTS),
    )
    players = players_field(
        IslandPlayerSerializer,
        SEATS,
        least=SHOWDOWN_SIZES[0],
        needed=lazy(_players_needed, str)(),
    )
    phantom_ship = PhantomShipSerializer(required=False, allow_null=True)
    table_size = WholeNumberField(required=False, allow_null=True)
    exchanged = WholeNumberField(required=False, allow_null=True)
    secondary_bonus = SecondaryBonusSerializer(required=False, allow_null=True)
    house_rules = IslandHouseRulesField(
        required=False,
        allow_null=True,
        default=None,
        help_text=_("Optional: house:<id> of house rules made from Island Pineapple's readings"),
    )


class IslandForm(PageForm):
    """The board as dealt, the players still in, the variants, the deal checks."""

    least_items: ClassVar[dict[str, int]] = {"players": SHOWDOWN_SIZES[0]}
    variants = ChoicesField(
        label=_("Variants announced before the deal (OPR-538 5)"),
        choices=[(key, said_lazy(variant.title)) for key, variant in VARIANTS.items()],
    )
    table_size = NumberField(
        label=format_lazy(
            _("Players at the table ({least}-{most})"), least=TABLE_SIZES[0], most=TABLE_SIZES[-1]
        ),
        widget=forms.NumberInput(attrs={"min": TABLE_SIZES[0], "max": TABLE_SIZES[-1]}),
    )
    exchanged = NumberField(
        label=_("How many exchanged at the draw"),
        widget=forms.NumberInput(attrs={"min": 0, "max": TABLE_SIZES[-1]}),
    )
    house_rules = ChoiceField(
        label=_("House rules (optional)"),
        choices=[("", _("None: OPR-538's plain readings"))],
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        offer_house_rules(self, "house_rules", readings_for)
        for name, label in BOARD_PLACES:
            self.fields[name] = CardsTextField(
                count=1, label=label, placeholder=gettext("card"), example=_slot_example(name)
            )
        self.fields["phantom_ship-caller"] = ChoiceField(
            label=gettext("Phantom Ship called by"),
            choices=[("", gettext("No one called it"))]
            + [(str(i), _seat_name(i)) for i in range(SEATS)],
        )
        self.fields["phantom_ship-after_discards"] = CheckField(
            label=gettext("The Phantom Ship was called after discards began")
        )
        self.fields["secondary_bonus-previous"] = ChoiceField(
            label=gettext("Secondary bonus: the previous hand's qualifier"),
            choices=[("", gettext("None: this is the first Island hand"))]
            + [(category.slug, category_name(category)) for category in BONUS_LADDER],
        )
        for seat in range(SEATS):
            prefix = f"players-{seat}"
            self.fields[f"{prefix}-name"] = TextField(
                label=gettext("Name"), widget=forms.TextInput(attrs={"maxlength": MAX_NAME})
            )
            self.fields[f"{prefix}-hole"] = TextField(
                label=gettext("%(player)s hole cards") % {"player": _seat_name(seat)},
                widget=CardsInput(
                    2,
                    {
                        "placeholder": gettext("e.g. %(cards)s") % {"cards": "Th 8c"},
                        "data-hole": "",
                    },
                ),
            )
            self.fields[f"{prefix}-discarded"] = ExceptionField(
                label=gettext("Did not discard at the Pineapple (3.3)")
            )

    def seats(self) -> list[dict[str, Any]]:
        """Each player row's bound fields."""
        return [
            {
                "number": seat + 1,
                "name": self[f"players-{seat}-name"],
                "hole": self[f"players-{seat}-hole"],
                "discarded": self[f"players-{seat}-discarded"],
            }
            for seat in range(SEATS)
        ]


def _faces(played: PlayedHand) -> list[dict[str, Any]]:
    """Each card of a hand with how to mark it: a hole card used, a wild card and what it was."""
    stood = {str(wild): str(card) for wild, card in played.wilds}
    hole = {str(card) for card in played.hole_used}
    faces = []
    for card in map(str, played.hand.cards):
        classes = " ".join(
            name for name, on in (("used-hole", card in hole), ("wild", card in stood)) if on
        )
        faces.append({"card": card, "classes": classes, "wild_as": stood.get(card, "")})
    return faces


def _player(player: Any, winners: set[str]) -> dict[str, Any]:
    hands = [
        {
            "board": played.board,
            "faces": _faces(played),
            "hand": hand_name(played.hand),
            "is_best": player.best is not None and played.board == player.best.board,
            "wilds": [
                gettext("%(wild)s as %(card)s") % {"wild": wild, "card": card}
                for wild, card in played.wilds
            ],
            "hole_used": [str(card) for card in played.hole_used],
        }
        for played in player.per_board
    ]
    return {
        "name": player.name,
        "fouled": player.fouled,
        "caller": player.caller,
        "won": player.name in winners,
        "best": player.best,
        "hands": hands,
    }


def _text(cards: list[Any]) -> str:
    return " ".join(map(str, cards))


class IslandShowdown(Game):
    """Referee an Island Pineapple showdown: best hands on the four boards, winners, rulings."""

    key = "island"
    title = _("Island Pineapple showdown")
    template = "island/page.html"
    serializer = ShowdownSerializer
    form = IslandForm
    case_games: ClassVar[dict[str, str]] = {"island": _("Island Pineapple")}
    kept_fields = ("variants", "house_rules", "players-*-name")
    card_keys = frozenset({*BOARD_KEYS, "hole"})

    def run(self, data: dict[str, Any]) -> IslandResult:
        house = data.get("house_rules")
        return calls.island(data, house.readings if house else PLAIN_READINGS)

    def entered(self, data: dict[str, Any]) -> dict[str, Any]:
        variants = calls.island_variants(data)
        bonus = data.get("secondary_bonus") or {"previous": None}
        return {
            **{key: _text(data[key]) for key in BOARD_KEYS},
            "variants": variants,
            "players": [
                {"name": p["name"], "hole": _text(p["hole"]), "discarded": p["discarded"]}
                for p in data["players"]
            ],
            "phantom_ship": data.get("phantom_ship"),
            "table_size": data.get("table_size"),
            "exchanged": data.get("exchanged"),
            "secondary_bonus": bonus if "secondary_bonus" in variants else None,
            "house_rules": data["house_rules"].key if data.get("house_rules") else None,
        }

    def page_body(self, form: PageForm) -> dict[str, Any]:
        """The page marks the caller by seat; the API names them."""
        return island_caller(form.body(), default_name)

    def page_fields(self, body: dict[str, Any]) -> dict[str, Any]:
        """The page marks the caller by seat (see page_body)."""
        initial = super().page_fields(body)
        caller = (body.get("phantom_ship") or {}).get("caller")
        names = [player.get("name") for player in body.get("players", [])]
        if caller in names:
            initial["phantom_ship-caller"] = str(names.index(caller))
        return initial

    def present(self, outcome: IslandResult) -> dict[str, Any]:
        winners = set(outcome.winners)
        winning = next((p.best for p in outcome.players if p.name in winners and p.best), None)
        return {
            "winners": list(outcome.winners),
            "winning": winning,
            "winning_name": hand_name(winning.hand) if winning else "",
            "boards": [
                {"number": number, "cards": [str(card) for card in board]}
                for number, board in enumerate(outcome.boards, 1)
            ],
            "players": [_player(player, winners) for player in outcome.players],
            "variants": outcome.variants,
            "deal": outcome.deal,
            "bonus": outcome.bonus,
            "house": played_under(outcome.house_rules, outcome.readings),
            "rulings": ruling_links(outcome.rulings),
        }

    def summary(self, result: dict[str, Any]) -> list[str]:
        winners = result.get("winners") or []
        if not winners:
            return [gettext("No hand can win")]
        names = pgettext("between winners' names", " and ").join(map(str, winners))
        if len(winners) > 1:
            return [gettext("Split: %(names)s") % {"names": names}]
        return [gettext("Winner: %(names)s") % {"names": names}]

    def layout(self, form: PageForm) -> dict[str, Any]:
        seats = form.seats()  # type: ignore[attr-defined]
        return {
            "board": [form[name] for name, _ in BOARD_PLACES],
            "seats": seats[:SHOWN_SEATS],
            "more_seats": seats[SHOWN_SEATS:],
            "more_open": any(seat["hole"].value() for seat in seats[SHOWN_SEATS:]),
            "deal_fields": [form["table_size"], form["exchanged"]],
            "caller": form["phantom_ship-caller"],
            "after_discards": form["phantom_ship-after_discards"],
            "bonus_previous": form["secondary_bonus-previous"],
            "house_rules": form["house_rules"],
        }
