"""A table's own rules: a base and the settings it changes, played like the document's rules.

A house rule starts from a base (``BASES``): one of the OFC profiles ``RULESETS`` (an
``OfcBase``), or a game's readings, Island Pineapple's (``"island"``) or Pineapple's (a
``ReadingsBase``), whose settings are the game's ``Switch`` entries. The kind of base decides
how its settings are read and played, and a base accepts only its own.

An OFC house rule changes some of its profile's data fields, each a typed ``Setting`` put in
place by ``dataclasses.replace``; the result is a ``Ruleset`` the engine scores exactly as it
scores the built-in profiles (they are records of the same shape). Each changed setting puts its
own citation, ``HOUSE-<id> <setting>``, in the place of the document's article for the rules it
decides, and notes what the document would have given; a ruling the change decides cites the
house rule and says so.

The settings, each validated on its own, every refusal at ``changes.<setting>``:

    =========================  =================================  ======================
    setting                    value                              decides (citation)
    =========================  =================================  ======================
    row_point                  1-10 a row won                     row points
    sweep_bonus                0-50 for winning all three rows    sweep
    foul_penalty               0-50 a foul pays                   foul payout
    scoring                    "1-6", or "2-4" (H42)              sweep, majority, foul
    top_pairs, top_trips       {"sixes": 1, ...} royalties        top royalties
    middle, bottom             {"flush": 8, ...} royalties        middle/bottom royalties
    fantasyland                true or false                      Fantasyland (all of it)
    fantasyland_entry          {"queens": 14, "trips": 17, ...}   entry and deal size
    fantasyland_stay           {"top": "three_of_a_kind", ...}    stay
    fantasyland_stay_cards     14-17, or null: as entered         the count on a stay
    jokers                     0, 1 or 2                          the deck
    max_players                2 or 3                             players
    =========================  =================================  ======================

A royalty table names only the entries it changes: every entry it leaves out keeps the
profile's value, so ``{"top_pairs": {"sixes": 2}}`` changes 66 alone. No table may pay a
stronger hand less than a weaker one, nor may two tables together: the best top pair pays no
more than the weakest top trips, and where the profile pays a hand more in the middle than on
the bottom, the house may not pay it more on the bottom. The Joker rules (the strongest row is
the best for its owner) and the Fantasyland setter's bounds rest on it. A stay names a hand its
row can make: a three-card top makes no straight or flush.

>>> [check("pineapple-ofc", {"top_pairs": {"sixes": 2}})["top_pairs"][r] for r in (6, 7, 14)]
[2, 2, 9]

>>> rules = house_ruleset("h1", "pineapple-ofc", {"foul_penalty": 3})
>>> note = rules.house_notes["HOUSE-h1 foul_penalty"]
>>> rules.foul_penalty, rules.citations.foul_payout, note.kind, str(note)
(3, 'HOUSE-h1 foul_penalty', 'house.document_gives', 'OFC-BETA 6.5 gives 6')

An Island house rule sets the readings of ``scoring.island_readings.SWITCHES`` (``wheel``,
``flush_ace``, ``straight_ace``, ``phantom_ship``), each to its plain or its other value; the
showdown plays under them, and each ruling a switched reading decides cites the house rule
(``HOUSE-<id> wheel``) in place of the article, keeping its interpretation (H1) beside it:

>>> house = house_readings("h2", {"wheel": "best"})
>>> house.readings.wheel, house.readings.cited
('best', (('H1', 'HOUSE-h2 wheel'),))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from dataclasses import field as _field
from types import MappingProxyType
from typing import Any, ClassVar, TypeAlias

from scoring import island_readings, pineapple_readings
from scoring.cards import RANK_PLURALS
from scoring.errors import InputError
from scoring.hands import Category
from scoring.messages import Message, Value, say
from scoring.readings import Readings, Switch
from scoring.rulesets import ROWS, RULESETS, Fantasyland, FantasylandEntry, Ruleset

HOUSE = "HOUSE"
PAIR_NAMES = {RANK_PLURALS[rank]: rank for rank in range(2, 15)}
FIVE_CARD = (
    Category.THREE_OF_A_KIND, Category.STRAIGHT, Category.FLUSH, Category.FULL_HOUSE,
    Category.FOUR_OF_A_KIND, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH,
)  # fmt: skip
DEAL_SIZES = range(14, 18)
# 2-4 scoring (H42): a point a row, one for winning more rows, so a sweep is 4 and a foul 4.
SCHEMES: Mapping[str, Mapping[str, int]] = {
    "1-6": {"sweep_bonus": 3, "majority_bonus": 0},
    "2-4": {"sweep_bonus": 0, "majority_bonus": 1, "foul_penalty": 4},
}


def _scored_by(rules: Ruleset, scheme: str) -> Ruleset:
    points = SCHEMES[scheme]
    return replace(
        rules,
        sweep_bonus=points["sweep_bonus"],
        majority_bonus=points["majority_bonus"],
        foul_penalty=points.get("foul_penalty", rules.foul_penalty),
    )


class HouseRuleError(InputError):
    """A house rule that cannot be played; ``errors`` names each setting at fault."""


class Refused(ValueError):
    """What a setting's reader found wrong, and where inside the setting (a table's entry, a
    row of the stays: ``at="sixes"``), or at the setting itself (``at=""``)."""

    def __init__(self, message: Message, at: str = "") -> None:
        super().__init__(message)
        self.at = at


def _problem(problem: ValueError) -> str | Message:
    """What a setting's reader found wrong: its message, said in the reader's language."""
    said = problem.args[0] if problem.args else None
    return said if isinstance(said, Message) else str(problem)


def _quoted(value: Any) -> str:
    """A value sent, quoted in a refusal: ``repr`` escapes what cannot be shown (a lone
    surrogate, a control or bidi character) and a long value is cut."""
    said = repr(value)
    return said if len(said) <= 40 else said[:37] + "..."


@dataclass(frozen=True)
class Setting:
    """One field of a ruleset a table may change: how to read it and what it decides. It is
    put in place by ``replace`` on the ruleset's field of the same name (``field``, if another)."""

    name: str
    label: Message
    read: Callable[[Any, Ruleset], Any]  # the value checked, or ValueError saying what is wrong
    cites: tuple[str, ...]  # what it decides: the Citations (or Fantasyland) fields
    field: str = ""  # the Ruleset's (or Fantasyland's) field it sets, when not ``name``

    @property
    def target(self) -> str:
        return self.field or self.name

    def _value(self, value: Any) -> dict[str, Any]:
        """The field's new value (a table kept read-only, as the profiles keep theirs)."""
        return {self.target: MappingProxyType(value) if isinstance(value, dict) else value}

    def apply(self, rules: Ruleset, value: Any) -> Ruleset:
        return replace(rules, **self._value(value))

    def shown(self, rules: Ruleset) -> Any:
        """The base's own value, for "the document gives"."""
        return getattr(rules, self.target)


@dataclass(frozen=True)
class RoyaltyTable(Setting):
    """A royalty table: its entries by the names a house rule gives them (``keys``)."""

    keys: Mapping[str, Any] = _field(default_factory=dict)  # entry name -> the table's key

    def shown(self, rules: Ruleset) -> dict[str, int]:
        table: Mapping[Any, int] = getattr(rules, self.target)
        return {name: table.get(key, 0) for name, key in self.keys.items()}


@dataclass(frozen=True)
class ScoringMethod(Setting):
    """The scoring method (``SCHEMES``): the points it sets in place of the profile's."""

    def apply(self, rules: Ruleset, value: Any) -> Ruleset:
        return _scored_by(rules, value)

    def shown(self, rules: Ruleset) -> str:
        return "1-6"


@dataclass(frozen=True)
class FantasylandPlayed(Setting):
    """Whether Fantasyland is played: the profile's, or the plain one, or none."""

    def apply(self, rules: Ruleset, value: Any) -> Ruleset:
        return replace(rules, fantasyland=_fantasyland_of(rules) if value else None)

    def shown(self, rules: Ruleset) -> bool:
        return rules.fantasyland is not None


@dataclass(frozen=True)
class FantasylandSetting(Setting):
    """A field of the ruleset's ``Fantasyland`` (the plain one, if the profile plays none)."""

    document: Any = None  # what the document gives, in a note's words

    def apply(self, rules: Ruleset, value: Any) -> Ruleset:
        return replace(rules, fantasyland=replace(_fantasyland_of(rules), **self._value(value)))

    def shown(self, rules: Ruleset) -> Any:
        return self.document


def _whole(low: int, high: int) -> Callable[[Any, Ruleset], int]:
    def read(value: Any, _: Ruleset) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise Refused(say("house.whole_number", low=low, high=high))
        return value

    return read


def _table(
    keys: Mapping[str, Any], what: Message, field: str
) -> Callable[[Any, Ruleset], dict[Any, int]]:
    """A royalty table: the entries named, each a whole number of 0 or more; every entry left
    out keeps the profile's value (``kept``); never paying a stronger hand less."""

    def read(value: Any, rules: Ruleset) -> dict[Any, int]:
        if not isinstance(value, Mapping):
            raise Refused(
                say(
                    "house.table_expected",
                    what=what,
                    example=f"{{{next(iter(keys))!r}: 1}}",
                )
            )
        unknown = sorted(set(value) - set(keys))
        if unknown and unknown[0] == "":
            raise Refused(say("house.entry_name_empty", keys=", ".join(keys)))
        if unknown:
            raise Refused(say("house.entry_unknown", key=_quoted(unknown[0]), keys=", ".join(keys)))
        profile: Mapping[Any, int] = getattr(rules, field)
        table = {}
        for key, target in keys.items():
            paid = value.get(key, profile.get(target, 0))
            if isinstance(paid, bool) or not isinstance(paid, int) or not 0 <= paid <= 1000:
                raise Refused(
                    say(
                        "house.royalty_not_whole",
                        key=key,
                        paid=_quoted(paid),
                    ),
                    key,
                )
            table[target] = paid
        names = list(keys)
        for weaker, stronger in zip(names, names[1:], strict=False):
            less, more = table[keys[stronger]], table[keys[weaker]]
            if less >= more:
                continue
            values: dict[str, Value] = {
                "stronger": stronger, "less": less, "weaker": weaker, "more": more,
            }  # fmt: skip
            left_out = next((k for k in (weaker, stronger) if k not in value), None)
            if left_out is None:
                message = say("house.stronger_pays_less", **values)
            else:
                message = say(
                    "house.stronger_pays_less_kept",
                    **values,
                    kept=left_out,
                    base=rules.name,
                )
            raise Refused(message, stronger if stronger in value else weaker)
        return table

    return read


def _scheme(value: Any, _: Ruleset) -> str:
    if not isinstance(value, str) or value not in SCHEMES:
        raise Refused(
            say(
                "house.scheme_unknown",
                schemes=", ".join(SCHEMES),
                value=_quoted(value),
            )
        )
    return value


def _yes_no(value: Any, _: Ruleset) -> bool:
    if not isinstance(value, bool):
        raise Refused(say("house.true_or_false"))
    return value


def _entries(value: Any, rules: Ruleset) -> tuple[FantasylandEntry, ...]:
    """{"queens": 14, "kings": 15, "aces": 16, "trips": 17}: a top row earns a deal size."""
    if not isinstance(value, Mapping) or not value:
        raise Refused(say("house.entries_expected"))
    entries = []
    for hand, cards in value.items():
        if hand == "":
            raise Refused(say("house.entry_hand_empty"))
        if hand not in (*PAIR_NAMES, "trips"):
            raise Refused(say("house.entry_hand_unknown", hand=_quoted(hand)))
        if isinstance(cards, bool) or not isinstance(cards, int) or cards not in DEAL_SIZES:
            raise Refused(
                say("house.deal_size", cards=_quoted(cards)),
                hand,
            )
        if hand == "trips":
            entries.append(FantasylandEntry(Category.THREE_OF_A_KIND, 2, cards))
        else:
            entries.append(FantasylandEntry(Category.PAIR, PAIR_NAMES[hand], cards))
    ordered = sorted(entries, key=lambda e: (e.category, e.rank))
    if [e.cards for e in ordered] != sorted(e.cards for e in ordered):
        raise Refused(say("house.entries_unordered"))
    return tuple(ordered)


# What each row's cards can make: a three-card top has no straight, flush or two pair.
ROW_CAN_MAKE: Mapping[str, tuple[Category, ...]] = MappingProxyType({
    "top": (Category.HIGH_CARD, Category.PAIR, Category.THREE_OF_A_KIND),
    "middle": tuple(Category),
    "bottom": tuple(Category),
})  # fmt: skip


def _stay(value: Any, _: Ruleset) -> dict[str, Category | None]:
    """{"top": "three_of_a_kind", "middle": null, "bottom": "four_of_a_kind"}."""
    if not isinstance(value, Mapping) or set(value) - set(ROWS):
        raise Refused(say("house.stay_expected"))
    stay: dict[str, Category | None] = dict.fromkeys(ROWS)
    for row, slug in value.items():
        if slug is None:
            continue
        named = next((c for c in Category if isinstance(slug, str) and c.slug == slug), None)
        if named is None:
            raise Refused(
                say("house.stay_hand_unknown", slug=_quoted(slug)),
                row,
            )
        if named not in ROW_CAN_MAKE[row]:
            raise Refused(
                say("house.stay_beyond_top", slug=named.slug),
                row,
            )
        stay[row] = named
    if all(least is None for least in stay.values()):
        raise Refused(say("house.stay_nowhere"))
    return stay


def _stay_cards(value: Any, _: Ruleset) -> int | None:
    if value is not None and (isinstance(value, bool) or value not in DEAL_SIZES):
        raise ValueError(say("house.stay_cards"))
    return value


def _fantasyland_of(rules: Ruleset) -> Fantasyland:
    """The profile's Fantasyland, or the plain one a house rule turns on (pineapple-2p-v1's,
    dealt: QQ or better for 14, staying on trips top, a full house middle or quads bottom)."""
    plain = RULESETS["pineapple-2p-v1"].fantasyland
    assert plain is not None
    return rules.fantasyland or replace(plain, played=True, played_interpretation=None)


def _players(value: Any, rules: Ruleset) -> int:
    count = _whole(2, 3)(value, rules)  # three seats of 17 cards is all a deck holds
    return count


def _royalties(name: str, label: Message, keys: Mapping[str, Any], what: Message) -> RoyaltyTable:
    cites = ("top_royalties",) if name.startswith("top_") else (f"{name}_royalties",)
    return RoyaltyTable(name, label, _table(keys, what, name), cites, keys=MappingProxyType(keys))


RANKS = {RANK_PLURALS[rank]: rank for rank in range(2, 15)}
HANDS = {category.slug: category for category in FIVE_CARD}
SETTINGS: Mapping[str, Setting] = MappingProxyType({s.name: s for s in (
    Setting("row_point", say("house.label_row_point"), _whole(1, 10), ("row_points", "royalties")),
    Setting("sweep_bonus", say("house.label_sweep_bonus"), _whole(0, 50), ("sweep",)),
    Setting("foul_penalty", say("house.label_foul_penalty"), _whole(0, 50), ("foul_payout",)),
    ScoringMethod("scoring", say("house.label_scoring"), _scheme,
                  ("sweep", "majority", "foul_payout")),
    _royalties("top_pairs", say("house.label_top_pairs"), RANKS, say("house.table_top_pairs")),
    _royalties("top_trips", say("house.label_top_trips"), RANKS, say("house.table_top_trips")),
    _royalties("middle", say("house.label_middle"), HANDS, say("house.table_middle")),
    _royalties("bottom", say("house.label_bottom"), HANDS, say("house.table_bottom")),
    FantasylandPlayed("fantasyland", say("house.label_fantasyland"), _yes_no,
                      ("no_fantasyland", "entry_citation", "deal_citation", "stay_citation",
                       "played_citation", "same_count_citation")),
    FantasylandSetting("fantasyland_entry", say("house.label_fantasyland_entry"), _entries,
                       ("entry_citation", "deal_citation"), field="entries"),
    FantasylandSetting("fantasyland_stay", say("house.label_fantasyland_stay"), _stay,
                       ("stay_citation",), field="stay"),
    FantasylandSetting("fantasyland_stay_cards", say("house.label_fantasyland_stay_cards"),
                       _stay_cards, ("same_count_citation",), field="stay_cards",
                       document=say("house.count_entered_with")),
    Setting("jokers", say("house.label_jokers"), _whole(0, 2), ("deck",)),
    Setting("max_players", say("house.label_max_players"), _players, ("players",)),
)})  # fmt: skip
# Applied in this order, so a scheme's defaults give way to a foul penalty set beside it.
ORDER = ("scoring", *(name for name in SETTINGS if name != "scoring"))


ISLAND = "island"
PINEAPPLE = "pineapple"


@dataclass(frozen=True)
class OfcBase:
    """An OFC profile as a house rule's base: its settings (``SETTINGS``) change the Ruleset."""

    key: str
    name: Message | str  # in a sentence, said in the reader's language
    title: Message | str  # with its document, as a choice lists it
    profile: Ruleset
    kind: Message = say("house.ofc_setting")  # what one of its settings is, in a refusal
    example: str = '{"foul_penalty": 3}'
    readings: ClassVar[bool] = False  # its settings are not a game's switchable readings

    @property
    def settings(self) -> Mapping[str, Setting]:
        return SETTINGS

    def read(self, name: str, value: Any) -> Any:
        """One setting's value checked, or ValueError (``Refused``) saying what is wrong."""
        return SETTINGS[name].read(value, self.profile)

    def across(self, read: Mapping[str, Any]) -> dict[str, list[str | Message]]:
        """Refusals of settings that conflict with one another."""
        return _across(read, self.profile)

    def notes(self, house_id: str, changes: Mapping[str, Any]) -> Mapping[str, Message]:
        return house_ruleset(house_id, self.key, changes).house_notes


@dataclass(frozen=True)
class ReadingsBase:
    """A game's readings as a house rule's base: its settings are the game's switches."""

    key: str
    name: Message | str  # in a sentence, said in the reader's language: say("Island Pineapple")
    title: Message | str  # with its document, as a choice lists it
    profile: Readings  # the plain readings
    kind: Message  # what one of its settings is, in a refusal
    example: str
    readings: ClassVar[bool] = True

    @property
    def settings(self) -> Mapping[str, Switch]:
        return self.profile.switches

    def read(self, name: str, value: Any) -> str:
        return self.profile.switches[name].checked(value)

    def across(self, read: Mapping[str, Any]) -> dict[str, list[str | Message]]:
        return {}  # each reading stands alone

    def notes(self, house_id: str, changes: Mapping[str, Any]) -> Mapping[str, Message]:
        return house_readings(house_id, changes, self.key).note_messages


Base: TypeAlias = OfcBase | ReadingsBase

_READING_BASES: Mapping[str, ReadingsBase] = MappingProxyType({
    ISLAND: ReadingsBase(ISLAND, say("house.base_island"), say("house.base_island_title"),
                         island_readings.PLAIN_READINGS, say("house.base_island_setting"),
                         '{"wheel": "best"}'),
    PINEAPPLE: ReadingsBase(PINEAPPLE, say("house.base_pineapple"),
                            say("house.base_pineapple_title"),
                            pineapple_readings.PLAIN_READINGS, say("house.base_pineapple_setting"),
                            '{"late_discard": "allowed"}'),
})  # fmt: skip


class _Bases(Mapping[str, Base]):
    """Every base: each OFC profile of ``RULESETS`` as it stands (so a profile added there is a
    base too, named by its own entry), then the games' readings."""

    def __getitem__(self, key: str) -> Base:
        rules = RULESETS.get(key)
        if rules is not None:
            return OfcBase(key, rules.name, rules.title, rules)
        return _READING_BASES[key]

    def __iter__(self) -> Iterator[str]:
        yield from RULESETS
        yield from _READING_BASES

    def __len__(self) -> int:
        return len(RULESETS) + len(_READING_BASES)

    def __contains__(self, key: object) -> bool:
        return key in RULESETS or key in _READING_BASES


BASES: Mapping[str, Base] = _Bases()


def _not_a_setting(name: str, base: Base) -> Message:
    accepted = ", ".join(base.settings)
    if name == "":
        return say("house.setting_name_empty", accepted=accepted)
    other = next((b for b in BASES.values() if name in b.settings), None)
    if other is None:
        return say("house.setting_unknown", name=_quoted(name), accepted=accepted)
    return say(
        "house.setting_of_other_base",
        name=name,
        kind=other.kind,
        base=base.name,
        accepted=accepted,
    )


def _place(name: str) -> str:
    """Where a refusal about a setting name sent goes: ``changes.<name>`` for a plain name,
    else ``changes`` (a path never carries what cannot be shown)."""
    plain = 0 < len(name) <= 40 and name.isascii() and name.isprintable() and "." not in name
    return f"changes.{name}" if plain else "changes"


def _across(read: Mapping[str, Any], profile: Ruleset) -> dict[str, list[str | Message]]:
    """Refusals for royalty tables that conflict with one another: a top pair paid more than
    top trips, or a hand paid more on the bottom than in the middle where the profile pays the
    middle more. Each goes to the changed entries involved."""
    tables = {
        name: read.get(name, getattr(profile, name))
        for name in ("top_pairs", "top_trips", "middle", "bottom")
    }
    errors: dict[str, list[str | Message]] = {}

    def refuse(message: Message, *entries: tuple[str, str]) -> None:
        for table, key in entries:
            if table in read:
                errors.setdefault(f"changes.{table}.{key}", []).append(message)

    pair, trips = tables["top_pairs"].get(14, 0), tables["top_trips"].get(2, 0)
    if ("top_pairs" in read or "top_trips" in read) and pair > trips:
        refuse(
            say(
                "house.top_pair_over_trips",
                pair=pair,
                trips=trips,
            ),
            ("top_pairs", "aces"),
            ("top_trips", "twos"),
        )
    if "middle" in read or "bottom" in read:
        for category in FIVE_CARD:
            middle, bottom = tables["middle"].get(category, 0), tables["bottom"].get(category, 0)
            ordered = profile.middle.get(category, 0) > profile.bottom.get(category, 0)
            if ordered and bottom > middle:
                refuse(
                    say(
                        "house.bottom_over_middle",
                        hand=category.slug,
                        bottom=bottom,
                        middle=middle,
                        base=profile.name,
                    ),
                    ("middle", category.slug),
                    ("bottom", category.slug),
                )
    return errors


def _start(base: Any) -> Base:
    """The base a house rule starts from, or HouseRuleError at ``base``."""
    if not isinstance(base, str) or base not in BASES:
        raise HouseRuleError(
            say(
                "house.base_unknown",
                bases=", ".join(BASES),
                base=_quoted(base),
            ),
            "base",
        )
    return BASES[base]


def check(base: str, changes: Any) -> dict[str, Any]:
    """The changes, each read and checked; HouseRuleError names every setting at fault, at the
    entry or row inside it where it can (``changes.top_pairs.sixes``)."""
    start = _start(base)
    if not isinstance(changes, Mapping) or not changes:
        raise HouseRuleError(say("house.changes_empty", example=start.example), "changes")
    read: dict[str, Any] = {}
    errors: dict[str, list[str | Message]] = {}
    for name, value in changes.items():
        setting = start.settings.get(name)
        if setting is None:
            errors.setdefault(_place(name), []).append(_not_a_setting(name, start))
            continue
        try:
            read[name] = start.read(name, value)
        except ValueError as problem:
            at = getattr(problem, "at", "")
            errors[f"changes.{name}.{at}" if at else f"changes.{name}"] = [_problem(problem)]
    if not errors:
        errors.update(start.across(read))
    if read.get("scoring") == "2-4" and "sweep_bonus" in read:
        errors["changes.sweep_bonus"] = [say("house.sweep_under_two_four")]
    if read.get("fantasyland") is False:
        for name in read:
            if name.startswith("fantasyland_"):
                errors[f"changes.{name}"] = [say("house.fantasyland_off", setting=name[12:])]
    if errors:
        raise HouseRuleError.at(errors)
    return read


def house_ruleset(house_id: str, base: str, changes: Mapping[str, Any], title: str = "") -> Ruleset:
    """The ruleset a house rule plays: the profile with the changes, each citing the house;
    named as the table named it (``title``), wherever the ruleset is named."""
    start = BASES.get(base) if isinstance(base, str) else None
    if isinstance(start, ReadingsBase):
        raise HouseRuleError(
            say("house.readings_not_ofc", base=start.name),
            "base",
        )
    read = check(base, changes)
    profile = rules = RULESETS[base]
    notes: dict[str, Message] = {}
    for name in (name for name in ORDER if name in read):
        setting = SETTINGS[name]
        rules = setting.apply(rules, read[name])
        house = f"{HOUSE}-{house_id} {name}"
        rules = _cite(rules, setting.cites, house)
        cited = [c for c in _citations(profile, setting.cites) if not c.startswith(HOUSE)]
        if cited:
            articles = list(dict.fromkeys(cited))
            notes[house] = say(
                "house.document_gives",
                cited=articles,
                count=len(articles),
                value=_said(setting.shown(profile)),
            )
    return replace(
        rules,
        key=f"house:{house_id}",
        name=title or say("house.name", id=house_id),
        title=title or say("house.title", id=house_id, base=profile.title),
        house_notes=MappingProxyType(notes),
    )


def _said(value: Any) -> Value:
    """A base's value in a note: a word, a table's entries ("sixes 1, sevens 2"), a number."""
    if isinstance(value, bool):
        return say("house.yes") if value else say("house.no")
    if isinstance(value, Mapping):
        return ", ".join(f"{key} {paid}" for key, paid in value.items() if paid)
    if isinstance(value, Message):
        return value
    return say("house.own_table") if value is None else str(value)


def _citations(rules: Ruleset, fields: tuple[str, ...]) -> list[str]:
    """The articles a ruleset cites for these rules."""
    places = [rules.citations, rules.fantasyland]
    return [getattr(p, name) for name in fields for p in places if getattr(p, name, None)]


def _cite(rules: Ruleset, fields: tuple[str, ...], house: str) -> Ruleset:
    """Put the house's citation where the ruleset cited its document for these rules."""
    citations = {name: house for name in fields if hasattr(rules.citations, name)}
    rules = replace(rules, citations=replace(rules.citations, **citations))
    fantasyland = rules.fantasyland
    if fantasyland is not None:
        moved = {name: house for name in fields if getattr(fantasyland, name, None)}
        rules = replace(rules, fantasyland=replace(fantasyland, **moved))  # type: ignore[arg-type]
    return rules


@dataclass(frozen=True)
class HouseReadings:
    """A game as a house rule plays it: the readings, and what each switch cites."""

    key: str  # "house:<id>"
    title_message: Message  # "House rules <id> (from <base>)"
    # The game's Readings (IslandReadings, PineappleReadings), with the house rule's key and
    # what each switched reading cites, so the engine cites the house as it decides.
    readings: Any
    # Each setting's citation -> the plain reading it departs from.
    note_messages: Mapping[str, Message]

    @property
    def title(self) -> str:
        """The title in English (the pages name house rules by the title the table gave them)."""
        return str(self.title_message)

    @property
    def notes(self) -> Mapping[str, str]:
        """Each setting's citation -> the plain reading it departs from, in English."""
        return {house: str(note) for house, note in self.note_messages.items()}


def house_readings(house_id: str, changes: Mapping[str, Any], base: str = ISLAND) -> HouseReadings:
    """The readings a house rule of a game plays (Island by default); only a switched reading
    cites the house (a plain value changes nothing, so its rulings keep the article).

    >>> house_readings("h3", {"late_discard": "allowed"}, PINEAPPLE).readings.cited
    (('H20', 'HOUSE-h3 late_discard'),)
    """
    start = BASES.get(base) if isinstance(base, str) else None
    if not isinstance(start, ReadingsBase):
        raise HouseRuleError(say("house.ofc_not_readings", base=repr(base)), "base")
    read = check(base, changes)
    readings = start.profile.reading(read)
    switches = readings.switches
    cited: dict[str, str] = {}
    notes: dict[str, Message] = {}
    for name in read:
        switch = switches[name]
        house = f"{HOUSE}-{house_id} {name}"
        if name in readings.switched:
            cited[switch.interpretation] = house
        notes[house] = say(
            "house.plain_reading",
            interpretation=switch.interpretation,
            article=switch.article,
            plain=repr(switch.plain),
            reads=switch.said[switch.plain],
        )
    key = f"house:{house_id}"
    return HouseReadings(
        key,
        say("house.title", id=house_id, base=start.title),
        replace(readings, house=key, cited=tuple(cited.items())),
        MappingProxyType(notes),
    )


def house_notes(house_id: str, base: str, changes: Mapping[str, Any]) -> Mapping[str, Message]:
    """What each setting of a house rule departs from, by its citation."""
    return _start(base).notes(house_id, changes)


@dataclass(frozen=True)
class Preset:
    """A published variant, ready to play as house rules, with where it comes from."""

    title_message: Message  # said in the reader's language, saved in English (``title``)
    base: str
    changes: Mapping[str, Any]
    source_message: Message

    @property
    def title(self) -> str:
        """The title in English: the catalogue's msgid, and the saved house rules' title."""
        return str(self.title_message)

    @property
    def source(self) -> str:
        """Where the variant comes from, in English (the catalogue's msgid)."""
        return str(self.source_message)


# None of these is one of the five rule documents (those are the built-in profiles): each is a
# variant tables play, and says where it comes from.
PRESETS: Mapping[str, Preset] = MappingProxyType({
    "fantasyland": Preset(
        say("house.preset_fantasyland"), "pineapple-ofc", {"fantasyland": True},
        say("house.preset_fantasyland_source"),
    ),
    "progressive": Preset(
        say("house.preset_progressive"), "pineapple-ofc",
        {"fantasyland_entry": {"queens": 14, "kings": 15, "aces": 16, "trips": 17}},
        say("house.preset_progressive_source"),
    ),
    "one-joker": Preset(
        say("house.preset_one_joker"), "joker-ofc", {"jokers": 1},
        say("house.preset_one_joker_source"),
    ),
    "two-four": Preset(
        say("house.preset_two_four"), "pineapple-ofc", {"scoring": "2-4"},
        say("house.preset_two_four_source"),
    ),
    "foul-three": Preset(
        say("house.preset_foul_three"), "pineapple-ofc", {"foul_penalty": 3},
        say("house.preset_foul_three_source"),
    ),
    "island-earlier": Preset(
        say("house.preset_island_earlier"), ISLAND,
        island_readings.ALTERNATIVE_READINGS.as_dict(),
        say("house.preset_island_earlier_source"),
    ),
})  # fmt: skip
