"""The Fantasyland setter: how to set the 14 to 17 cards of a Fantasyland hand (issue 15).

A player in Fantasyland is dealt all their cards at once: 14 under pineapple-2p-v1, 14 to 17
under JOKER-OFC's Ultimate Fantasyland (two Jokers in the deck), sets 13 of them (3 top,
5 middle, 5 bottom) and discards the rest. ``set_fantasyland`` recommends a setting by a stated
objective (house interpretation H34: stay in Fantasyland when possible, then the most royalties,
then the strongest bottom, middle and top), reports the most royalties any setting that stands
pays and the most any setting that stays pays, lists up to five distinct alternatives (H35: two
settings are the same when every row makes the same hand), and, given the setting actually
played, says what it gave up. The search, exact and pruned by bounds, is
``scoring.setter_search``; a setting's figures come from the same resolution and royalty tables
as ``scoring.ofc.score_table``.

>>> result = set_fantasyland("pineapple-2p-v1", "Ah Ad Ac Kh Kd Qs Js Ts 9s 8s 5h 4c 3d 2c")
>>> {row: hand.name for row, hand in result.best.hands.items()}  # doctest: +NORMALIZE_WHITESPACE
{'top': 'Pair of aces, king kicker', 'middle': 'Five-high straight',
 'bottom': 'Queen-high straight flush'}
>>> result.best.royalties, result.best.stays, result.max_royalties, len(result.alternatives)
(28, True, 28, 5)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from scoring.cards import JOKER, Card, CardError, find_duplicates, parse_cards
from scoring.hands import CATEGORY_WORDS, Category, Hand, made_hand
from scoring.jokers import joker_cards, key_of, resolve_board
from scoring.messages import Either, Message, Row, Value, say
from scoring.rulesets import ROWS, RULESETS, Fantasyland, Ruleset, get_ruleset
from scoring.rulings import Ruling
from scoring.setter_deal import Deal
from scoring.setter_pay import Pay
from scoring.setter_scale import KEYS, cards_for_jokers, top_options
from scoring.setter_search import Found, Search

OBJECTIVES = ("stay", "royalties")
ALTERNATIVES = 5  # besides the recommended setting
OBJECTIVE_READING = "H34"
DISTINCT_READING = "H35"


class SetterError(CardError):
    """A Fantasyland deal or played setting the setter cannot use; ``errors`` maps each field
    (``cards``, ``played.top``...) to its messages."""


@dataclass(frozen=True)
class Setting:
    """Thirteen of the dealt cards set in rows, the rest discarded, with what the board makes."""

    top: tuple[Card, ...]
    middle: tuple[Card, ...]
    bottom: tuple[Card, ...]
    discards: tuple[Card, ...]
    resolved: Mapping[str, tuple[Card, ...]]  # each row with its Jokers as what they became
    hands: Mapping[str, Hand]
    # Each row's hand at its strongest on its own: its hand, unless its Jokers were resolved
    # lower to keep the order (JOKER-OFC 4.1).
    strongest: Mapping[str, Hand]
    row_royalties: Mapping[str, int]
    royalties: int
    stays: bool
    fouled: bool

    def row(self, name: str) -> tuple[Card, ...]:
        """The cards of a row by its name."""
        return {"top": self.top, "middle": self.middle, "bottom": self.bottom}[name]

    def as_dict(self) -> dict[str, Any]:
        """The setting as the API returns it, cards in canonical text."""
        return {
            **{row: [str(card) for card in self.row(row)] for row in ROWS},
            "discards": [str(card) for card in self.discards],
            "resolved": {row: [str(card) for card in self.resolved[row]] for row in ROWS},
            "hands": {row: self.hands[row].name for row in ROWS},
            "royalties": self.royalties,
            "stays": self.stays,
            "fouled": self.fouled,
        }


@dataclass(frozen=True)
class Lost:
    """What a played setting gave up against the recommended one: royalties (negative when it
    earned more by giving up the stay) and whether it gave up staying in Fantasyland."""

    royalties: int
    stays: bool

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of this part of the answer."""
        return {"royalties": self.royalties, "stays": self.stays}


@dataclass(frozen=True)
class SetterResult:
    """The recommended setting of a Fantasyland hand, the figures, alternatives and rulings."""

    ruleset: str
    cards: tuple[Card, ...]
    objective: str
    best: Setting
    max_royalties: int
    max_royalties_staying: int | None
    alternatives: tuple[Setting, ...]
    rulings: tuple[Ruling, ...]
    played: Setting | None = None
    lost: Lost | None = None

    def as_dict(self) -> dict[str, Any]:
        """The answer as the API returns it."""
        answer: dict[str, Any] = {
            "ruleset": self.ruleset,
            "cards": [str(card) for card in self.cards],
            "objective": self.objective,
            "best": self.best.as_dict(),
            "max_royalties": self.max_royalties,
            "max_royalties_staying": self.max_royalties_staying,
            "alternatives": [setting.as_dict() for setting in self.alternatives],
            "rulings": [ruling.as_dict() for ruling in self.rulings],
        }
        if self.played is not None and self.lost is not None:
            answer["played"] = self.played.as_dict()
            answer["lost"] = self.lost.as_dict()
        return answer


# --- Input ----------------------------------------------------------------------------------


def _refusal(error: CardError, field: str) -> SetterError:
    """A card error's messages as they were made (to be said in any language), at ``field``."""
    return SetterError.at(
        {field: [message for kept in error.messages.values() for message in kept]}
    )


def _cards_of(value: Sequence[Card | str] | str, field: str) -> list[Card]:
    """Cards given as cards, as text, or as a list of texts ("As", "10h", "X")."""
    if not isinstance(value, str) and all(isinstance(card, Card) for card in value):
        return list(value)  # type: ignore[arg-type]
    if not isinstance(value, str):
        if not all(isinstance(card, str) for card in value):
            raise SetterError(say("setter.cards_not_text"), field)
        value = " ".join(value)  # type: ignore[arg-type]
    try:
        return parse_cards(value)
    except CardError as error:
        raise _refusal(error, field) from None


def _fantasyland_of(rules: Ruleset) -> Fantasyland:
    if rules.fantasyland is None:
        titles = [other.title for other in RULESETS.values() if other.fantasyland is not None]
        dealing = Either(tuple(titles))
        raise SetterError(
            say(
                "setter.no_fantasyland",
                title=rules.title,
                rule=rules.citations.no_fantasyland,
                dealing=dealing,
            ),
            "cards",
        )
    return rules.fantasyland


def _check_deal(rules: Ruleset, cards: Sequence[Card]) -> None:
    """Raise SetterError for a deal the ruleset never makes."""
    fantasyland = _fantasyland_of(rules)
    errors: list[str | Message] = []
    sizes = fantasyland.deal_sizes
    if len(cards) not in sizes:
        errors.append(
            say(
                "setter.deal_size",
                title=rules.title,
                sizes=Either(tuple(sizes)),
                count=len(cards),
                rule=fantasyland.deal_citation,
            )
        )
    jokers = sum(card.is_joker for card in cards)
    deck = rules.citations.deck
    if jokers and not rules.jokers:
        errors.append(
            say("setter.jokers_without_jokers", jokers=jokers, title=rules.title, rule=deck)
        )
    elif jokers > rules.jokers:
        errors.append(
            say(
                "setter.too_many_jokers",
                jokers=jokers,
                title=rules.title,
                most=rules.jokers,
                rule=deck,
            )
        )
    for duplicate in find_duplicates({"cards": cards}):
        errors.append(say("setter.dealt_twice", card=str(duplicate.card), count=duplicate.count))
    if errors:
        raise SetterError.at({"cards": errors})


Rows = tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]


def _played_rows(rules: Ruleset, dealt: Sequence[Card], played: Mapping[str, Any]) -> Rows:
    """The played rows (top, middle, bottom) and the discards, or SetterError at played.<row>."""
    errors: dict[str, list[str | Message]] = {}
    rows: dict[str, list[Card]] = {}
    for row in ROWS:
        field = f"played.{row}"
        if row not in played or played[row] is None:
            errors.setdefault(field, []).append(say("setter.played_row_missing", row=Row(row)))
            continue
        try:
            rows[row] = _cards_of(played[row], field)
        except SetterError as error:
            errors.setdefault(field, []).extend(error.messages[field])
            continue
        size = rules.row_sizes[row]
        if len(rows[row]) != size:
            errors.setdefault(field, []).append(
                say(
                    "setter.played_row_size",
                    row=Row(row),
                    size=size,
                    count=len(rows[row]),
                    rule=rules.citations.rows,
                )
            )
    for duplicate in find_duplicates(rows):  # each place is a row's name
        errors.setdefault(f"played.{duplicate.last}", []).append(
            _played_twice(duplicate.card, duplicate.places, duplicate.count)
        )
    left = Counter(dealt)
    for row, cards in rows.items():
        for card in cards:
            if left[card] > 0:
                left[card] -= 1
            elif card.is_joker:
                errors.setdefault(f"played.{row}", []).append(
                    say("setter.played_joker_not_left", row=Row(row))
                )
            elif card not in dealt:
                errors.setdefault(f"played.{row}", []).append(
                    say("setter.played_not_dealt", card=str(card), row=Row(row))
                )
    if errors:
        raise SetterError.at(errors)
    discards = tuple(card for card, count in left.items() for _ in range(count))
    return tuple(rows["top"]), tuple(rows["middle"]), tuple(rows["bottom"]), discards


def _played_twice(card: Card, rows: Sequence[str], count: int) -> Message:
    """ "Qs is in the played top row and in the played middle row: each card is played once"."""
    if len(rows) == 1:
        return say("setter.played_twice_in_row", card=str(card), row=Row(rows[0]), count=count)
    places: Value = say("setter.played_row", row=Row(rows[0]))
    for row in rows[1:]:
        place = say("setter.played_row", row=Row(row))
        places = say("setter.and_in", first=places, next=place)
    return say("setter.played_twice", card=str(card), places=places)


# --- Settings -------------------------------------------------------------------------------


def _figures_of(
    rules: Ruleset, hands: Mapping[str, Hand], fouled: bool
) -> tuple[dict[str, int], bool]:
    """Each row's royalty and the stay, as ``scoring.ofc`` pays them: nothing on a foul."""
    fantasyland = _fantasyland_of(rules)
    paid = {
        row: 0 if fouled else rules.royalty(row, hand.category, hand.ranks[0])
        for row, hand in hands.items()
    }
    stays = not fouled and any(
        least is not None and hands[row].category >= least
        for row, least in fantasyland.stay.items()
    )
    return paid, stays


def make_setting(
    rules: Ruleset,
    top: Sequence[Card],
    middle: Sequence[Card],
    bottom: Sequence[Card],
    discards: Sequence[Card],
) -> Setting:
    """A board's figures, as ``scoring.ofc`` gives them: Jokers resolved (JOKER-OFC 3.1-4.2),
    no royalties on a foul, and the stay rule on the resolved rows.

    >>> from scoring.cards import parse_cards as c
    >>> rules = get_ruleset("pineapple-2p-v1")
    >>> board = make_setting(rules, c("Qs Qd 7c"), c("9s 9h 4c 4d 2s"), c("Ah Jh 8h 6h 3h"), [])
    >>> board.royalties, board.stays, board.fouled
    (11, False, False)
    """
    resolution = resolve_board(top, middle, bottom)
    parts = {"top": resolution.top, "middle": resolution.middle, "bottom": resolution.bottom}
    hands = {row: part.hand for row, part in parts.items()}
    strongest = {row: part.best_alone for row, part in parts.items()}
    paid, stays = _figures_of(rules, hands, not resolution.in_order)
    resolved = {row: part.resolved for row, part in parts.items()}
    rows = tuple(top), tuple(middle), tuple(bottom)
    total = sum(paid.values())
    fouled = not resolution.in_order
    return Setting(*rows, tuple(discards), resolved, hands, strongest, paid, total, stays, fouled)


def _found_setting(pay: Pay, deal: Deal, found: Found) -> Setting:
    """The cards of a setting the search kept, real cards highest first, Jokers last; the
    Jokers become what the search resolved them to (``cards_for_jokers``), as resolve_board would,
    and each row's hand is the one the search ranked it as, paid from the search's tables."""
    _, top_cards, top_jokers = found.top
    _, middle_mask, middle_jokers, _, middle_options = found.middle
    _, bottom_mask, bottom_jokers, _, bottom_options = found.bottom
    used = bottom_mask | middle_mask | deal.mask(top_cards)
    spare = deal.jokers - bottom_jokers - middle_jokers - top_jokers
    reals = {
        "top": [deal.cards[i] for i in sorted(top_cards)],
        "middle": [deal.cards[i] for i in deal.indices(middle_mask)],
        "bottom": [deal.cards[i] for i in deal.indices(bottom_mask)],
    }
    jokers = {"top": top_jokers, "middle": middle_jokers, "bottom": bottom_jokers}
    keys = dict(zip(ROWS, found.keys, strict=True))
    top_counter = sum(deal.units[i] for i in top_cards)
    alone = {
        "top": top_options(top_counter, top_jokers)[0] if top_jokers else keys["top"],
        "middle": middle_options[0],
        "bottom": bottom_options[0],
    }
    resolved, hands, strongest = {}, {}, {}
    for row in ROWS:
        resolved[row] = (*reals[row], *cards_for_jokers(reals[row], jokers[row], keys[row]))
        hands[row] = made_hand(resolved[row], *_category_ranks(keys[row]))
        strongest[row] = (
            hands[row] if alone[row] == keys[row] else Hand(*_category_ranks(alone[row]))
        )
    paid = {row: pay.royalty[row][keys[row]] for row in ROWS}
    stays = any(pay.stays[row][keys[row]] for row in ROWS)
    top, middle, bottom = ((*reals[row], *(JOKER,) * jokers[row]) for row in ROWS)
    discards = (*(deal.cards[i] for i in deal.indices(deal.all & ~used)), *(JOKER,) * spare)
    total = sum(paid.values())
    return Setting(
        top, middle, bottom, discards, resolved, hands, strongest, paid, total, stays, False
    )


@cache  # a few thousand places
def _category_ranks(place: int) -> tuple[Category, tuple[int, ...]]:
    category, ranks = KEYS[place]
    return Category(category), ranks


# --- Rulings --------------------------------------------------------------------------------


# Each category as the stay rule names it ("trips or better in the top row").
STAY_WORDS: Mapping[Category, Message] = {
    **CATEGORY_WORDS,
    Category.THREE_OF_A_KIND: say("setter.trips"),
}


def _stay_rule(fantasyland: Fantasyland) -> Value:
    parts: list[Value] = [
        say("setter.stay_rule_part", hand=STAY_WORDS[least], row=Row(row))
        for row, least in fantasyland.stay.items()
        if least is not None
    ]
    return Either(tuple(parts))


def _deal_rulings(rules: Ruleset, fantasyland: Fantasyland, dealt: int) -> list[Ruling]:
    discards = dealt - rules.placed_cards
    rulings = [
        Ruling(
            fantasyland.deal_citation,
            say("setter.subject_deal"),
            say("setter.dealt_at_once", dealt=dealt, placed=rules.placed_cards, discards=discards),
            interpretation=fantasyland.discard_interpretation,
        )
    ]
    if not fantasyland.played:
        rulings.append(
            Ruling(
                fantasyland.played_citation,
                say("setter.subject_deal"),
                say("setter.ruleset_deals_none", ruleset=rules.key),
                interpretation=fantasyland.played_interpretation,
            )
        )
    return rulings


def _objective_rulings(fantasyland: Fantasyland, objective: str, alternatives: int) -> list[Ruling]:
    """H34 and H35, cited at the article of the ruleset in play that deals the hand."""
    if objective == "stay":
        text = say("setter.objective_stay")
    else:
        text = say("setter.objective_royalties")
    rulings = [
        Ruling(
            fantasyland.deal_citation,
            say("setter.subject_objective"),
            text,
            interpretation=OBJECTIVE_READING,
        )
    ]
    if alternatives:
        rulings.append(
            Ruling(
                fantasyland.deal_citation,
                say("setter.subject_alternatives"),
                say("setter.alternatives", count=alternatives),
                interpretation=DISTINCT_READING,
            )
        )
    return rulings


def _stay_rulings(
    rules: Ruleset, fantasyland: Fantasyland, best: Setting, dealt: int, staying: int | None
) -> list[Ruling]:
    rule = _stay_rule(fantasyland)
    if staying is None:
        text = say("setter.none_stays", rule=rule)
        return [Ruling(fantasyland.stay_citation, say("setter.subject_best"), text)]
    if not best.stays:
        text = say("setter.best_leaves", rule=rule, staying=staying, less=best.royalties - staying)
        return [Ruling(fantasyland.stay_citation, say("setter.subject_best"), text)]
    row = next(
        row
        for row, least in fantasyland.stay.items()
        if least is not None and best.hands[row].category >= least
    )
    rulings = [
        Ruling(
            fantasyland.stay_citation,
            say("setter.subject_best"),
            say("setter.best_stays", hand=best.hands[row], row=Row(row)),
        )
    ]
    if fantasyland.same_count_citation:
        rulings.append(
            Ruling(
                fantasyland.same_count_citation,
                say("setter.subject_best"),
                say("setter.stay_same_count", cards=dealt),
                interpretation="H33",
            )
        )
    return rulings


def _royalty_rulings(rules: Ruleset, best: Setting, most: int, staying: int | None) -> list[Ruling]:
    rulings = [
        Ruling(
            rules.royalty_citation(row),
            say("setter.subject_best"),
            say(
                "setter.row_pays",
                row=Row(row),
                hand=best.hands[row],
                royalties=best.row_royalties[row],
            ),
        )
        for row in reversed(ROWS)
        if best.row_royalties[row]
    ]
    if staying is None:
        text = say("setter.figures_none_stays", royalties=best.royalties, most=most)
    else:
        text = say("setter.figures", royalties=best.royalties, most=most, staying=staying)
    rulings.append(Ruling(rules.citations.royalties, say("setter.subject_figures"), text))
    return rulings


def _joker_rulings(fantasyland: Fantasyland, best: Setting) -> list[Ruling]:
    rulings: list[Ruling] = []
    for row in ROWS:
        hand, strongest = best.hands[row], best.strongest[row]
        for card in joker_cards(best.row(row), best.resolved[row]):
            if key_of(hand) < key_of(strongest):
                text = say(
                    "setter.joker_lowered",
                    row=Row(row),
                    card=str(card),
                    hand=hand,
                    strongest=strongest,
                )
                rulings.append(
                    Ruling("JOKER-OFC 4.1", say("setter.subject_best"), text, interpretation="H31")
                )
            else:
                text = say("setter.joker_becomes", row=Row(row), card=str(card), hand=hand)
                rulings.append(Ruling("JOKER-OFC 3.1", say("setter.subject_best"), text))
    if any(card.is_joker for card in best.discards):
        text = say("setter.joker_discarded")
        rulings.append(Ruling("JOKER-OFC 6.1", say("setter.subject_best"), text))
    in_rows = any(card.is_joker for row in ROWS for card in best.row(row))
    if in_rows and best.stays and fantasyland.resolved_citation:
        text = say("setter.stay_on_resolved")
        rulings.append(Ruling(fantasyland.resolved_citation, say("setter.subject_best"), text))
    return rulings


def _played_ruling(rules: Ruleset, played: Setting, lost: Lost) -> Ruling:
    if played.fouled:
        return Ruling(
            rules.citations.joker_foul
            if any(card.is_joker for row in ROWS for card in played.row(row))
            else rules.citations.foul,
            say("setter.subject_played"),
            say("setter.played_fouls", points=lost.royalties),
        )
    return Ruling(
        rules.citations.royalties, say("setter.subject_played"), _played_text(played, lost)
    )


def _played_text(played: Setting, lost: Lost) -> Message:
    """The audit of a played setting that stands: what it pays, and what it gave up."""
    if lost.royalties < 0:
        earned = -lost.royalties
        given = (
            say("setter.earns_more_but_leaves", points=earned)
            if lost.stays
            else say("setter.earns_more", points=earned)
        )
    elif lost.royalties:
        given = (
            say("setter.gives_up_and_leaves", points=lost.royalties)
            if lost.stays
            else say("setter.gives_up", points=lost.royalties)
        )
    elif lost.stays:
        given = say("setter.matches_but_leaves")
    else:
        given = say("setter.matches")
    if played.stays:
        return say("setter.played_stays", royalties=played.royalties, given=given)
    return say("setter.played_leaves", royalties=played.royalties, given=given)


# --- The setter -----------------------------------------------------------------------------


def set_fantasyland(
    ruleset: str | Ruleset,
    cards: Sequence[Card | str] | str,
    *,
    objective: str = "stay",
    played: Mapping[str, Sequence[Card | str] | str] | None = None,
) -> SetterResult:
    """Recommend how to set a Fantasyland hand, with the figures, alternatives and rulings.

    ``played`` (rows ``top``, ``middle``, ``bottom`` of the dealt cards, the rest discarded)
    adds what that setting earned and what it gave up against the recommended one.

    >>> result = set_fantasyland("joker-ofc", "As Ad 2c 3c 4c 5c 9c Kd Kh Qs Js 8h 7d X")
    >>> result.best.as_dict()["resolved"]["bottom"], result.best.stays
    (['5c', '4c', '3c', '2c', '6c'], True)
    """
    try:
        rules = ruleset if isinstance(ruleset, Ruleset) else get_ruleset(ruleset)
    except CardError as error:
        raise _refusal(error, "ruleset") from None
    if objective not in OBJECTIVES:
        raise SetterError(
            say("setter.not_an_objective", objective=repr(objective)),
            "objective",
        )
    dealt = _cards_of(cards, "cards")
    _check_deal(rules, dealt)
    fantasyland = _fantasyland_of(rules)
    played_rows = None if played is None else _played_rows(rules, dealt, played)
    deal = Deal(dealt)
    stay_first = objective == "stay"
    search = Search(rules, deal, stay_first, ALTERNATIVES + 1)
    kept = search.run()
    most, staying = search.most()
    settings = [_found_setting(search.pay, deal, found) for found in kept]
    best = settings[0]
    rulings = _deal_rulings(rules, fantasyland, len(dealt))
    rulings += _objective_rulings(fantasyland, objective, len(settings) - 1)
    rulings += _stay_rulings(rules, fantasyland, best, len(dealt), staying)
    rulings += _royalty_rulings(rules, best, most, staying)
    rulings += _joker_rulings(fantasyland, best)
    played_setting = lost = None
    if played_rows is not None:
        played_setting = make_setting(rules, *played_rows)
        lost = Lost(
            best.royalties - played_setting.royalties, best.stays and not played_setting.stays
        )
        rulings.append(_played_ruling(rules, played_setting, lost))
    return SetterResult(
        rules.key,
        tuple(dealt),
        objective,
        best,
        most,
        staying,
        tuple(settings[1:]),
        tuple(rulings),
        played_setting,
        lost,
    )
