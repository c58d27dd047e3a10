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
from typing import Any

from scoring.cards import JOKER, Card, CardError, find_duplicates, parse_cards
from scoring.hands import Hand, evaluate
from scoring.jokers import resolve_board
from scoring.rulesets import ROWS, RULESETS, Fantasyland, Ruleset, get_ruleset
from scoring.rulings import INTERPRETATIONS, Ruling
from scoring.setter_search import Deal, Found, Search, joker_cards

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


def _cards_of(value: Sequence[Card | str] | str, field: str) -> list[Card]:
    """Cards given as cards, as text, or as a list of texts ("As", "10h", "X")."""
    if not isinstance(value, str) and all(isinstance(card, Card) for card in value):
        return list(value)  # type: ignore[arg-type]
    if not isinstance(value, str):
        if not all(isinstance(card, str) for card in value):
            raise SetterError("give the cards as text, such as As Kd X", field)
        value = " ".join(value)  # type: ignore[arg-type]
    try:
        return parse_cards(value)
    except CardError as error:
        raise SetterError(str(error), field) from None


def _listed(numbers: Sequence[int]) -> str:
    words = [str(number) for number in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _fantasyland_of(rules: Ruleset) -> Fantasyland:
    if rules.fantasyland is None:
        dealing = " or ".join(
            f"{other.title}" for other in RULESETS.values() if other.fantasyland is not None
        )
        raise SetterError(
            f"{rules.title} has no Fantasyland ({rules.citations.no_fantasyland}), so there is "
            f"no Fantasyland hand to set: choose {dealing}",
            "cards",
        )
    return rules.fantasyland


def _check_deal(rules: Ruleset, cards: Sequence[Card]) -> None:
    """Raise SetterError for a deal the ruleset never makes."""
    fantasyland = _fantasyland_of(rules)
    errors: list[str] = []
    sizes = fantasyland.deal_sizes
    if len(cards) not in sizes:
        errors.append(
            f"{rules.title} deals a Fantasyland hand of {_listed(sizes)} cards, not "
            f"{len(cards)} ({fantasyland.deal_citation})"
        )
    jokers = sum(card.is_joker for card in cards)
    if jokers and not rules.jokers:
        errors.append(
            f"the dealt cards hold {'a Joker' if jokers == 1 else f'{jokers} Jokers'}, but "
            f"{rules.title} uses a 52-card deck without Jokers ({rules.citations.deck}); "
            "choose Joker OFC Pineapple (JOKER-OFC) to play with Jokers"
        )
    elif jokers > rules.jokers:
        errors.append(
            f"the dealt cards hold {jokers} Jokers, but the {rules.title} deck has only "
            f"{rules.jokers} ({rules.citations.deck})"
        )
    for duplicate in find_duplicates({"the dealt cards": cards}):
        errors.append(f"{duplicate}: each card is in the deck once")
    if errors:
        raise SetterError.at({"cards": errors})


Rows = tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]


def _played_rows(rules: Ruleset, dealt: Sequence[Card], played: Mapping[str, Any]) -> Rows:
    """The played rows (top, middle, bottom) and the discards, or SetterError at played.<row>."""
    errors: dict[str, list[str]] = {}
    rows: dict[str, list[Card]] = {}
    for row in ROWS:
        field = f"played.{row}"
        if row not in played or played[row] is None:
            errors.setdefault(field, []).append(f"give the played {row} row")
            continue
        try:
            rows[row] = _cards_of(played[row], field)
        except SetterError as error:
            errors.setdefault(field, []).extend(error.errors[field])
            continue
        size = rules.row_sizes[row]
        if len(rows[row]) != size:
            errors.setdefault(field, []).append(
                f"the played {row} row needs {size} cards, not {len(rows[row])} "
                f"({rules.citations.rows})"
            )
    places = {f"the played {row} row": row for row in rows}
    repeated = find_duplicates({place: rows[row] for place, row in places.items()})
    for duplicate in repeated:
        errors.setdefault(f"played.{places[duplicate.last]}", []).append(
            f"{duplicate}: each card is played once"
        )
    left = Counter(dealt)
    for row, cards in rows.items():
        for card in cards:
            if left[card] > 0:
                left[card] -= 1
            elif card.is_joker:
                errors.setdefault(f"played.{row}", []).append(
                    f"the played {row} row holds a Joker, but no Joker is left of those dealt"
                )
            elif card not in dealt:
                errors.setdefault(f"played.{row}", []).append(
                    f"{card} in the played {row} row was not dealt: a Fantasyland hand is set "
                    "from the cards dealt"
                )
    if errors:
        raise SetterError.at(errors)
    discards = tuple(card for card, count in left.items() for _ in range(count))
    return tuple(rows["top"]), tuple(rows["middle"]), tuple(rows["bottom"]), discards


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
    paid, stays = _figures_of(rules, hands, not resolution.in_order)
    resolved = {row: part.resolved for row, part in parts.items()}
    rows = tuple(top), tuple(middle), tuple(bottom)
    total = sum(paid.values())
    return Setting(
        *rows, tuple(discards), resolved, hands, paid, total, stays, not resolution.in_order
    )


def _found_setting(rules: Ruleset, deal: Deal, found: Found) -> Setting:
    """The cards of a setting the search kept, real cards highest first, Jokers last; the
    Jokers become what the search resolved them to (``joker_cards``), as resolve_board would."""
    top_cards = found.top[1]
    used = found.bottom[1] | found.middle[1] | deal.mask(top_cards)
    spare = deal.jokers - found.bottom[2] - found.middle[2] - found.top[2]
    reals = {
        "top": [deal.cards[i] for i in sorted(top_cards)],
        "middle": [deal.cards[i] for i in deal.indices(found.middle[1])],
        "bottom": [deal.cards[i] for i in deal.indices(found.bottom[1])],
    }
    jokers = {"top": found.top[2], "middle": found.middle[2], "bottom": found.bottom[2]}
    keys = dict(zip(ROWS, found.keys, strict=True))
    resolved = {
        row: (*reals[row], *joker_cards(reals[row], jokers[row], keys[row])) for row in ROWS
    }
    hands = {row: evaluate(resolved[row]) for row in ROWS}
    paid, stays = _figures_of(rules, hands, False)
    top, middle, bottom = ((*reals[row], *(JOKER,) * jokers[row]) for row in ROWS)
    discards = (*(deal.cards[i] for i in deal.indices(deal.all & ~used)), *(JOKER,) * spare)
    total = sum(paid.values())
    return Setting(top, middle, bottom, discards, resolved, hands, paid, total, stays, False)


# --- Rulings --------------------------------------------------------------------------------


def _text(hand: Hand) -> str:
    return hand.name[0].lower() + hand.name[1:]


def _stay_rule(fantasyland: Fantasyland) -> str:
    parts = [
        f"{least.label.lower()} or better in the {row} row".replace("three of a kind", "trips")
        for row, least in fantasyland.stay.items()
        if least is not None
    ]
    return ", ".join(parts[:-1]) + " or " + parts[-1] if len(parts) > 1 else parts[0]


def _deal_rulings(rules: Ruleset, fantasyland: Fantasyland, dealt: int) -> list[Ruling]:
    discards = dealt - rules.placed_cards
    rulings = [
        Ruling(
            fantasyland.deal_citation,
            "deal",
            f"A Fantasyland hand of {dealt} cards is dealt at once: {rules.placed_cards} are set "
            f"(3 top, 5 middle, 5 bottom) and {discards} discarded.",
            interpretation=fantasyland.discard_interpretation,
        )
    ]
    if not fantasyland.played:
        rulings.append(
            Ruling(
                fantasyland.played_citation,
                "deal",
                f"{rules.key} itself deals no Fantasyland hands; the hand is set by its "
                "Fantasyland rules, as a table playing them face to face would.",
                interpretation=fantasyland.played_interpretation,
            )
        )
    return rulings


def _objective_rulings(objective: str, alternatives: int) -> list[Ruling]:
    if objective == "stay":
        order = "stays in Fantasyland whenever a setting can, then pays the most royalties"
    else:
        order = "pays the most royalties, staying in Fantasyland breaking a tie"
    rulings = [
        Ruling(
            INTERPRETATIONS[OBJECTIVE_READING],
            "objective",
            f"The recommended setting {order}; between settings equal in that, the strongest "
            "bottom row, then middle, then top.",
            interpretation=OBJECTIVE_READING,
        )
    ]
    if alternatives:
        rulings.append(
            Ruling(
                INTERPRETATIONS[DISTINCT_READING],
                "alternatives",
                f"The {alternatives} alternative{'s' if alternatives > 1 else ''} are the next "
                "best distinct settings: settings whose rows make the same hands, kickers and "
                "discards aside, count once, by their best version.",
                interpretation=DISTINCT_READING,
            )
        )
    return rulings


def _stay_rulings(
    rules: Ruleset, fantasyland: Fantasyland, best: Setting, dealt: int, staying: int | None
) -> list[Ruling]:
    rule = _stay_rule(fantasyland)
    if staying is None:
        text = f"No setting of these cards stays in Fantasyland, which takes {rule}."
        return [Ruling(fantasyland.stay_citation, "best", text)]
    if not best.stays:
        text = (
            f"The recommended setting leaves Fantasyland ({rule} would keep it); the best "
            f"setting that stays pays {staying}, {best.royalties - staying} less."
        )
        return [Ruling(fantasyland.stay_citation, "best", text)]
    row = next(
        row
        for row, least in fantasyland.stay.items()
        if least is not None and best.hands[row].category >= least
    )
    rulings = [
        Ruling(
            fantasyland.stay_citation,
            "best",
            f"The recommended setting stays in Fantasyland with {_text(best.hands[row])} in the "
            f"{row} row.",
        )
    ]
    if fantasyland.same_count_citation:
        rulings.append(
            Ruling(
                fantasyland.same_count_citation,
                "best",
                f"Staying keeps the count entered with: the next hand is {dealt} cards again.",
                interpretation="H33",
            )
        )
    return rulings


def _royalty_rulings(rules: Ruleset, best: Setting, most: int, staying: int | None) -> list[Ruling]:
    rulings = [
        Ruling(
            rules.royalty_citation(row),
            "best",
            f"The recommended {row} row, {_text(best.hands[row])}, pays {best.row_royalties[row]}.",
        )
        for row in reversed(ROWS)
        if best.row_royalties[row]
    ]
    also = "none stays" if staying is None else f"the most of one that stays, {staying}"
    rulings.append(
        Ruling(
            rules.citations.royalties,
            "figures",
            f"The recommended setting pays {best.royalties} in royalties; the most any setting "
            f"that does not foul pays is {most}, and {also}.",
        )
    )
    return rulings


def _joker_rulings(fantasyland: Fantasyland, best: Setting) -> list[Ruling]:
    rulings: list[Ruling] = []
    resolution = resolve_board(best.top, best.middle, best.bottom)
    parts = {"top": resolution.top, "middle": resolution.middle, "bottom": resolution.bottom}
    for row, part in parts.items():
        for card in part.jokers:
            hand = _text(part.hand)
            if part.lowered:
                text = (
                    f"The Joker in the recommended {row} row becomes the {card} ({hand}): at "
                    f"its strongest ({_text(part.best_alone)}) the row would break the order."
                )
                rulings.append(Ruling("JOKER-OFC 4.1", "best", text, interpretation="H31"))
            else:
                text = f"The Joker in the recommended {row} row becomes the {card}: {hand}."
                rulings.append(Ruling("JOKER-OFC 3.1", "best", text))
    if any(card.is_joker for card in best.discards):
        text = "The recommended setting discards a Joker: no row gains from it."
        rulings.append(Ruling("JOKER-OFC 6.1", "best", text))
    if resolution.has_jokers and best.stays and fantasyland.resolved_citation:
        text = "The stay is judged on the rows as the Jokers were resolved."
        rulings.append(Ruling(fantasyland.resolved_citation, "best", text))
    return rulings


def _played_ruling(rules: Ruleset, played: Setting, lost: Lost) -> Ruling:
    if played.fouled:
        return Ruling(
            rules.citations.joker_foul
            if any(card.is_joker for row in ROWS for card in played.row(row))
            else rules.citations.foul,
            "played",
            "The played setting fouls: it earns no royalties and leaves Fantasyland, giving up "
            f"{lost.royalties} against the recommended setting.",
        )
    stay = "stays" if played.stays else "leaves Fantasyland"
    if lost.royalties < 0:
        given = f"earns {-lost.royalties} more than the recommended setting"
    elif lost.royalties:
        given = f"gives up {lost.royalties} against the recommended setting"
    else:
        given = "matches the recommended setting's royalties"
    if lost.stays:
        given += ", and the stay" if lost.royalties > 0 else ", but gives up the stay"
    return Ruling(
        rules.citations.royalties,
        "played",
        f"The played setting pays {played.royalties} and {stay}: it {given}.",
    )


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
        raise SetterError(str(error), "ruleset") from None
    if objective not in OBJECTIVES:
        raise SetterError(
            f"{objective!r} is not an objective: choose stay (stay in Fantasyland first) or "
            "royalties (the most royalties first)",
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
    settings = [_found_setting(rules, deal, found) for found in kept]
    best = settings[0]
    rulings = _deal_rulings(rules, fantasyland, len(dealt))
    rulings += _objective_rulings(objective, len(settings) - 1)
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
