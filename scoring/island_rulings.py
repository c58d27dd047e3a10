"""Island Pineapple's rulings in words: what is in play, the deal, and how each hand is made.

``island.py`` decides (its records are in ``island_records.py``); this module says what it
decided, citing OPR-538 article by article.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scoring.cards import Card
from scoring.hands import Category, Hand, describe
from scoring.island_readings import PLAIN_READINGS, SWITCHES, IslandReadings
from scoring.island_readings import house_reading_message as house_reading
from scoring.island_records import DOC, CardCount, PlayedHand, Variant
from scoring.messages import Message, Value, say
from scoring.rulings import Ruling
from scoring.wilds import comma_list, wild_kind_message


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as text: "Kh 4c"."""
    return " ".join(str(card) for card in cards)


def hand_rulings(
    name: str,
    played: PlayedHand,
    phantom: bool,
    straights: bool,
    readings: IslandReadings = PLAIN_READINGS,
    decided_by: Sequence[tuple[str, PlayedHand]] = (),
) -> list[Ruling]:
    """How a player's best hand is made: which cards, which wilds, which deuces stay natural.

    A ruling that rests on a house reading a host may switch (H1, H4, H5, H14) cites it and
    says which reading applied; where the other reading would change the hand (``decided_by``),
    it says what the hand would be.
    """
    used = len(played.hole_used)
    in_hole = {card.code for card in played.hole_used}
    board_cards = [card for card in played.hand.cards if card.code not in in_hole]
    hand = played.hand
    where: Message = say("island.board", board=played.board)
    if played.also_on:
        same = comma_list([say("island.board", board=b) for b in played.also_on])
        where = say("island.board_same_elsewhere", board=played.board, boards=same)
    hole = cards_text(played.hole_used)
    if used == 0:
        article = "5.5"
        how = say("island.plays_board_alone", board=where)
    elif used == 3:
        article = "5.1"
        how = say(
            "island.plays_three",
            hole=hole,
            cards=cards_text(board_cards),
            board=where,
        )
    else:
        article = "4.1"
        values: dict[str, Value] = {
            "hole": hole,
            "count": len(board_cards),
            "cards": cards_text(board_cards),
            "board": where,
        }
        how = say("island.plays_one" if used == 1 else "island.plays_both", **values)
    # H14: in a Phantom Ship showdown a hand made the usual way, or any hand once switched.
    ship = phantom and (used != 3 or readings.phantom_ship != SWITCHES["phantom_ship"].plain)
    if ship:
        text = say(
            "island.hand_under_reading",
            name=name,
            how=how,
            hand=hand,
            reading=house_reading(readings, "phantom_ship"),
        )
    else:
        text = say("island.hand", name=name, how=how, hand=hand)
    rulings = [readings.ruling(f"{DOC} {article}", name, text, "H14" if ship else None)]
    five = played.hand.cards
    pending = list(decided_by)
    if played.wilds:
        citation, interpretation, why = wild_kind_message(played.reading, five, readings)
        royal = played.hand.category is Category.ROYAL_FLUSH
        other: Message | None = None
        for field, other_hand in pending:
            if SWITCHES[field].interpretation == interpretation:
                other = _other_reading(readings, field, other_hand)
                pending.remove((field, other_hand))
                break
        rulings.append(
            readings.ruling(citation, name, _wild_ruling(name, why, royal, other), interpretation)
        )
    wild_cards = {wild.code for wild, _ in played.wilds}
    deuce_suits = {card.suit for card in five if card.rank == 2}
    natural = [
        card
        for card in five
        if card.code not in wild_cards
        and (card.rank == 2 or (card.rank == 14 and card.suit in deuce_suits))
    ]
    if natural:
        scope = say("island.scope_any_straight" if straights else "island.scope_straight_flush")
        interpretation = None
        reading: Message | None = None
        if pending:
            field, other_hand = pending.pop(0)
            interpretation = SWITCHES[field].interpretation
            reading = say(
                "island.reading_and_other",
                reading=house_reading(readings, field),
                other=_other_reading(readings, field, other_hand),
            )
        text = _natural_ruling(name, cards_text(natural), len(natural), scope, reading)
        rulings.append(readings.ruling(f"{DOC} 1.3(c)", name, text, interpretation))
    for field, other_hand in pending:
        question = SWITCHES[field]
        text = say(
            "island.hand_decided_by_reading",
            name=name,
            hand=hand,
            reading=house_reading(readings, field),
            other=_other_reading(readings, field, other_hand),
        )
        rulings.append(readings.ruling(question.article, name, text, question.interpretation))
    return rulings


def _wild_ruling(name: str, why: Message, royal: bool, other: Message | None) -> Message:
    """A wild reading's ruling: why the wilds stand where they do, and what the other reading
    would make of the hand."""
    if royal and other is not None:
        return say("island.wild_royal_other", name=name, why=why, other=other)
    if royal:
        return say("island.wild_royal", name=name, why=why)
    if other is not None:
        return say("island.wild_other", name=name, why=why, other=other)
    return say("island.wild", name=name, why=why)


def _natural_ruling(
    name: str, cards: str, count: int, scope: Message, reading: Message | None
) -> Message:
    """Which deuces (and aces with them) keep their natural rank and suit (1.3(c)); ``count``
    of them."""
    if reading is None:
        return say("island.natural", name=name, cards=cards, scope=scope, count=count)
    return say(
        "island.natural_reading", name=name, cards=cards, scope=scope, reading=reading, count=count
    )


def board_alone_rulings(
    best: int, decided: Sequence[tuple[str, int]], readings: IslandReadings
) -> list[Ruling]:
    """Under Playing the board (5.5), the wild readings the best board alone rests on, each with
    what the board would make read the other way (``decided``: the reading and that value)."""
    rulings = []
    for field, other in decided:
        question = SWITCHES[field]
        values: dict[str, Value] = {
            "hand": Hand(*describe(best)),
            "reading": house_reading(readings, field),
            "interpretation": question.interpretation,
            "other": Hand(*describe(other)),
        }
        plain = getattr(readings, field) == question.plain
        kind = "island.board_alone_if_switched" if plain else "island.board_alone_if_plain"
        text = say(kind, **values)
        rulings.append(
            readings.ruling(f"{DOC} 5.5", say("island.subject_pot"), text, question.interpretation)
        )
    return rulings


def _other_reading(readings: IslandReadings, field: str, other: PlayedHand) -> Message:
    """What the other reading of a question would make of the hand."""
    question = SWITCHES[field]
    plain = getattr(readings, field) == question.plain
    return say(
        "island.other_if_switched" if plain else "island.other_if_plain",
        interpretation=question.interpretation,
        hand=other.hand,
    )


def deal_rulings(deal: CardCount, in_hand: int) -> list[Ruling]:
    """The table, the card count and the burns (1.1, 2.4, 2.5)."""
    out = [
        Ruling(
            f"{DOC} 1.1",
            say("island.subject_table"),
            say(
                "island.table",
                table=deal.table_size,
                in_hand=in_hand,
            ),
        )
    ]
    swaps = deal.exchanged
    said = (
        say("island.exchanged", swaps=swaps)
        if swaps is not None
        else say("island.exchanges_not_given")
    )
    counts: dict[str, Value] = {
        "cards": deal.cards,
        "hole": 3 * deal.table_size,
        "replacements": 3 * (swaps or 0),
        "burns": deal.burns,
        "exchanges": said,
    }
    text = say("island.deal_fits" if deal.fits else "island.deal_too_big", **counts)
    out.append(Ruling(f"{DOC} 2.4", say("island.subject_deal"), text))
    if deal.burns == 3:
        out.append(
            Ruling(
                f"{DOC} 2.5",
                say("island.subject_deal"),
                say("island.river_burn_left_out"),
            )
        )
    elif swaps is None and deal.most_cards > 52:
        out.append(
            Ruling(
                f"{DOC} 2.5",
                say("island.subject_deal"),
                say("island.river_burn_would_go"),
            )
        )
    return out


def setup_rulings(
    chosen: Sequence[Variant],
    deal: CardCount | None,
    in_hand: int,
    fewest_at_table: int,
    boards: Sequence[Sequence[Card]],
    readings: IslandReadings = PLAIN_READINGS,
) -> list[Ruling]:
    """What is in play before any hand is read: the variants, the deal, the four boards."""
    rulings = [
        Ruling(
            variant.citation,
            say("island.subject_variants"),
            say("island.variant_in_play", variant=variant.title),
        )
        for variant in chosen
    ]
    keys = {variant.key for variant in chosen}
    if "phantom_ship" in keys:
        board = "playing_the_board" in keys
        reading = house_reading(readings, "phantom_ship")
        if readings.phantom_ship == SWITCHES["phantom_ship"].plain:
            kind = "island.ship_adds_board" if board else "island.ship_adds"
        else:
            kind = "island.ship_replaces_board" if board else "island.ship_replaces"
        text = say(kind, reading=reading)
        rulings.append(readings.ruling(f"{DOC} 5.1", say("island.subject_variants"), text, "H14"))
    if deal is not None:
        rulings.extend(deal_rulings(deal, in_hand))
    if in_hand < fewest_at_table:
        rulings.append(
            Ruling(
                f"{DOC} 4.3",
                say("island.subject_players"),
                say("island.showdown_among_in_hand", in_hand=in_hand),
                "H7",
            )
        )
    boards_said = "; ".join(f"{i} = {cards_text(b)}" for i, b in enumerate(boards, 1))
    rulings.append(
        Ruling(
            f"{DOC} 3.5",
            say("island.subject_boards"),
            say("island.four_boards", boards=boards_said),
        )
    )
    return rulings
