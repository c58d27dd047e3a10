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
    board_cards = [card for card in played.hand.cards if card not in played.hole_used]
    hand = played.hand
    where: Message = say("board %(board)s", board=played.board)
    if played.also_on:
        same = comma_list([say("board %(board)s", board=b) for b in played.also_on])
        where = say(
            "board %(board)s (%(boards)s gives the same hand)", board=played.board, boards=same
        )
    hole = cards_text(played.hole_used)
    if used == 0:
        article = "5.5"
        how = say("plays the five cards of %(board)s alone (Playing the board)", board=where)
    elif used == 3:
        article = "5.1"
        how = say(
            "plays all three hole cards %(hole)s with %(cards)s from %(board)s",
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
        how = (
            say(
                "plays one hole card %(hole)s with %(count)s cards (%(cards)s) of %(board)s",
                **values,
            )
            if used == 1
            else say(
                "plays both hole cards %(hole)s with %(count)s cards (%(cards)s) of %(board)s",
                **values,
            )
        )
    # H14: in a Phantom Ship showdown a hand made the usual way, or any hand once switched.
    ship = phantom and (used != 3 or readings.phantom_ship != SWITCHES["phantom_ship"].plain)
    if ship:
        text = say(
            "%(name)s %(how)s: %(hand)s (%(reading)s).",
            name=name,
            how=how,
            hand=hand,
            reading=house_reading(readings, "phantom_ship"),
        )
    else:
        text = say("%(name)s %(how)s: %(hand)s.", name=name, how=how, hand=hand)
    rulings = [Ruling(f"{DOC} {article}", name, text, "H14" if ship else None)]
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
            Ruling(citation, name, _wild_ruling(name, why, royal, other), interpretation)
        )
    wild_cards = {wild for wild, _ in played.wilds}
    natural = [
        card
        for card in five
        if card not in wild_cards
        and (card.rank == 2 or (card.rank == 14 and Card(2, card.suit) in five))
    ]
    if natural:
        scope = say("any straight (5.4)") if straights else say("a straight flush")
        interpretation = None
        reading: Message | None = None
        if pending:
            field, other_hand = pending.pop(0)
            interpretation = SWITCHES[field].interpretation
            reading = say(
                "%(reading)s; %(other)s",
                reading=house_reading(readings, field),
                other=_other_reading(readings, field, other_hand),
            )
        text = _natural_ruling(name, cards_text(natural), len(natural) == 1, scope, reading)
        rulings.append(Ruling(f"{DOC} 1.3(c)", name, text, interpretation))
    for field, other_hand in pending:
        question = SWITCHES[field]
        text = say(
            "%(name)s holds %(hand)s under %(reading)s; %(other)s.",
            name=name,
            hand=hand,
            reading=house_reading(readings, field),
            other=_other_reading(readings, field, other_hand),
        )
        rulings.append(Ruling(question.article, name, text, question.interpretation))
    return rulings


def _wild_ruling(name: str, why: Message, royal: bool, other: Message | None) -> Message:
    """A wild reading's ruling: why the wilds stand where they do, and what the other reading
    would make of the hand."""
    if royal and other is not None:
        return say(
            "%(name)s: %(why)s; a ten-to-ace straight flush made with wild cards is a royal "
            "flush; %(other)s.",
            name=name,
            why=why,
            other=other,
        )
    if royal:
        return say(
            "%(name)s: %(why)s; a ten-to-ace straight flush made with wild cards is a royal flush.",
            name=name,
            why=why,
        )
    if other is not None:
        return say("%(name)s: %(why)s; %(other)s.", name=name, why=why, other=other)
    return say("%(name)s: %(why)s.", name=name, why=why)


def _natural_ruling(
    name: str, cards: str, one: bool, scope: Message, reading: Message | None
) -> Message:
    """Which deuces (and aces with them) keep their natural rank and suit (1.3(c))."""
    if reading is None and one:
        return say(
            "%(name)s: %(cards)s is not standing in for another card (a deuce, and with it the "
            "ace of its suit, is wild only to complete %(scope)s), so it keeps its natural rank "
            "and suit.",
            name=name,
            cards=cards,
            scope=scope,
        )
    if reading is not None and one:
        return say(
            "%(name)s: %(cards)s is not standing in for another card (a deuce, and with it the "
            "ace of its suit, is wild only to complete %(scope)s), so it keeps its natural rank "
            "and suit; %(reading)s.",
            name=name,
            cards=cards,
            scope=scope,
            reading=reading,
        )
    if reading is None:
        return say(
            "%(name)s: %(cards)s are not standing in for another card (a deuce, and with it the "
            "ace of its suit, is wild only to complete %(scope)s), so they keep their natural "
            "rank and suit.",
            name=name,
            cards=cards,
            scope=scope,
        )
    return say(
        "%(name)s: %(cards)s are not standing in for another card (a deuce, and with it the "
        "ace of its suit, is wild only to complete %(scope)s), so they keep their natural "
        "rank and suit; %(reading)s.",
        name=name,
        cards=cards,
        scope=scope,
        reading=reading,
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
        text = (
            say(
                "The best board alone is %(hand)s (%(reading)s); with %(interpretation)s "
                "switched, it would be %(other)s.",
                **values,
            )
            if getattr(readings, field) == question.plain
            else say(
                "The best board alone is %(hand)s (%(reading)s); with %(interpretation)s's "
                "plain reading, it would be %(other)s.",
                **values,
            )
        )
        rulings.append(Ruling(f"{DOC} 5.5", say("Pot"), text, question.interpretation))
    return rulings


def _other_reading(readings: IslandReadings, field: str, other: PlayedHand) -> Message:
    """What the other reading of a question would make of the hand, in words."""
    question = SWITCHES[field]
    if getattr(readings, field) == question.plain:
        return say(
            "with %(interpretation)s switched, the hand would read %(hand)s",
            interpretation=question.interpretation,
            hand=other.hand,
        )
    return say(
        "with %(interpretation)s's plain reading, the hand would read %(hand)s",
        interpretation=question.interpretation,
        hand=other.hand,
    )


def deal_rulings(deal: CardCount, in_hand: int) -> list[Ruling]:
    """The table, the card count and the burns (1.1, 2.4, 2.5)."""
    out = [
        Ruling(
            f"{DOC} 1.1",
            say("Table"),
            say(
                "%(table)s players at the table, %(in_hand)s still in the hand at showdown.",
                table=deal.table_size,
                in_hand=in_hand,
            ),
        )
    ]
    swaps = deal.exchanged
    said = (
        say("%(swaps)s exchanged", swaps=swaps)
        if swaps is not None
        else say("no exchanges given, so none counted")
    )
    counts: dict[str, Value] = {
        "cards": deal.cards,
        "hole": 3 * deal.table_size,
        "replacements": 3 * (swaps or 0),
        "burns": deal.burns,
        "exchanges": said,
    }
    if deal.fits:
        text = say(
            "The deal uses %(cards)s cards (%(hole)s hole cards, 7 board cards, %(replacements)s "
            "replacements, %(burns)s burns; %(exchanges)s): it fits the 52-card deck.",
            **counts,
        )
    else:
        text = say(
            "The deal uses %(cards)s cards (%(hole)s hole cards, 7 board cards, %(replacements)s "
            "replacements, %(burns)s burns; %(exchanges)s): more than the 52-card deck holds.",
            **counts,
        )
    out.append(Ruling(f"{DOC} 2.4", say("Deal"), text))
    if deal.burns == 3:
        out.append(
            Ruling(
                f"{DOC} 2.5",
                say("Deal"),
                say(
                    "All seven players exchanged, so the burn "
                    "before the split river is left out; the deal uses all 52 cards."
                ),
            )
        )
    elif swaps is None and deal.most_cards > 52:
        out.append(
            Ruling(
                f"{DOC} 2.5",
                say("Deal"),
                say(
                    "Had all seven exchanged, the burn before the "
                    "split river would be left out to make the cards last."
                ),
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
            say("Variants"),
            say("%(variant)s is in play, as announced before the deal (5).", variant=variant.title),
        )
        for variant in chosen
    ]
    keys = {variant.key for variant in chosen}
    if "phantom_ship" in keys:
        board = "playing_the_board" in keys
        reading = house_reading(readings, "phantom_ship")
        if readings.phantom_ship == SWITCHES["phantom_ship"].plain:
            text = (
                say(
                    "In the Phantom Ship showdown each player may also use one or two hole cards "
                    "with three or four cards of a board, or a board alone under Playing the "
                    "board (%(reading)s).",
                    reading=reading,
                )
                if board
                else say(
                    "In the Phantom Ship showdown each player may also use one or two hole cards "
                    "with three or four cards of a board (%(reading)s).",
                    reading=reading,
                )
            )
        else:
            text = (
                say(
                    "In the Phantom Ship showdown the usual ways of making a hand do not count, "
                    "and Playing the board has no effect on this hand (%(reading)s).",
                    reading=reading,
                )
                if board
                else say(
                    "In the Phantom Ship showdown the usual ways of making a hand do not count "
                    "(%(reading)s).",
                    reading=reading,
                )
            )
        rulings.append(Ruling(f"{DOC} 5.1", say("Variants"), text, "H14"))
    if deal is not None:
        rulings.extend(deal_rulings(deal, in_hand))
    if in_hand < fewest_at_table:
        rulings.append(
            Ruling(
                f"{DOC} 4.3",
                say("Players"),
                say(
                    "%(in_hand)s players are still in the hand; the 3-7 limit of 1.1 is for the "
                    "table, and a showdown is among those still in.",
                    in_hand=in_hand,
                ),
                "H7",
            )
        )
    boards_said = "; ".join(f"{i} = {cards_text(b)}" for i, b in enumerate(boards, 1))
    rulings.append(
        Ruling(
            f"{DOC} 3.5",
            say("Boards"),
            say("The board makes four boards: %(boards)s.", boards=boards_said),
        )
    )
    return rulings
