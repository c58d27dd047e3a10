"""Island Pineapple's rulings in words: what is in play, the deal, and how each hand is made.

``island.py`` decides; this module says what it decided, citing OPR-538 article by article.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from scoring.cards import Card
from scoring.hands import Category
from scoring.island_readings import PLAIN_READINGS, SWITCHES, IslandReadings, house_reading
from scoring.rulings import Ruling
from scoring.wilds import wild_kind

if TYPE_CHECKING:
    from scoring.island import CardCount, PlayedHand, Variant

DOC = "OPR-538"


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
    where = f"board {played.board}"
    if played.also_on:
        where += " (" + ", ".join(f"board {b}" for b in played.also_on) + " gives the same hand)"
    if used == 0:
        article, how = "5.5", f"plays the five cards of {where} alone (Playing the board)"
    elif used == 3:
        article = "5.1"
        how = f"plays all three hole cards {cards_text(played.hole_used)} with "
        how += f"{cards_text(board_cards)} from {where}"
    else:
        article = "4.1"
        words = "one hole card" if used == 1 else "both hole cards"
        how = f"plays {words} {cards_text(played.hole_used)} with {len(board_cards)} cards "
        how += f"({cards_text(board_cards)}) of {where}"
    text = f"{name} {how}: {played.hand.name.lower()}"
    # H14: in a Phantom Ship showdown a hand made the usual way, or any hand once switched.
    ship = phantom and (used != 3 or readings.phantom_ship != SWITCHES["phantom_ship"].plain)
    if ship:
        text += f" ({house_reading(readings, 'phantom_ship')})"
    rulings = [Ruling(f"{DOC} {article}", name, text + ".", "H14" if ship else None)]
    five = played.hand.cards
    pending = list(decided_by)
    if played.wilds:
        citation, interpretation, text = wild_kind(played.reading, five, readings)
        if played.hand.category is Category.ROYAL_FLUSH:
            text += "; a ten-to-ace straight flush made with wild cards is a royal flush"
        for field, other in pending:
            if SWITCHES[field].interpretation == interpretation:
                text += "; " + _other_reading(readings, field, other)
                pending.remove((field, other))
                break
        rulings.append(Ruling(citation, name, f"{name}: {text}.", interpretation))
    wild_cards = {wild for wild, _ in played.wilds}
    natural = [
        card
        for card in five
        if card not in wild_cards
        and (card.rank == 2 or (card.rank == 14 and Card(2, card.suit) in five))
    ]
    if natural:
        scope = "any straight (5.4)" if straights else "a straight flush"
        one = len(natural) == 1
        text = (
            f"{name}: {cards_text(natural)} {'is' if one else 'are'} not standing in for "
            f"another card (a deuce, and with it the ace of its suit, is wild only to complete "
            f"{scope}), so {'it keeps its' if one else 'they keep their'} natural rank and suit"
        )
        interpretation = None
        if pending:
            field, other = pending.pop(0)
            interpretation = SWITCHES[field].interpretation
            text += f"; {house_reading(readings, field)}; {_other_reading(readings, field, other)}"
        rulings.append(Ruling(f"{DOC} 1.3(c)", name, text + ".", interpretation))
    for field, other in pending:
        switch = SWITCHES[field]
        text = (
            f"{name} holds {played.hand.name.lower()} under {house_reading(readings, field)}; "
            f"{_other_reading(readings, field, other)}"
        )
        rulings.append(Ruling(switch.article, name, text + ".", switch.interpretation))
    return rulings


def _other_reading(readings: IslandReadings, field: str, other: PlayedHand) -> str:
    """What the other reading of a question would make of the hand, in words."""
    switch = SWITCHES[field]
    hand = other.hand.name.lower()
    if getattr(readings, field) == switch.plain:
        return f"with {switch.interpretation} switched, the hand would read {hand}"
    return f"with {switch.interpretation}'s plain reading, the hand would read {hand}"


def deal_rulings(deal: CardCount, in_hand: int) -> list[Ruling]:
    """The table, the card count and the burns (1.1, 2.4, 2.5)."""
    out = [
        Ruling(
            f"{DOC} 1.1",
            "Table",
            f"{deal.table_size} players at the table, {in_hand} still in the hand at showdown.",
        )
    ]
    swaps = deal.exchanged
    said = f"{swaps} exchanged" if swaps is not None else "no exchanges given, so none counted"
    text = (
        f"The deal uses {deal.cards} cards ({3 * deal.table_size} hole cards, 7 board cards, "
        f"{3 * (swaps or 0)} replacements, {deal.burns} burns; {said}): "
        + ("it fits the 52-card deck." if deal.fits else "more than the 52-card deck holds.")
    )
    out.append(Ruling(f"{DOC} 2.4", "Deal", text))
    if deal.burns == 3:
        out.append(
            Ruling(
                f"{DOC} 2.5",
                "Deal",
                "All seven players exchanged, so the burn "
                "before the split river is left out; the deal uses all 52 cards.",
            )
        )
    elif swaps is None and deal.most_cards > 52:
        out.append(
            Ruling(
                f"{DOC} 2.5",
                "Deal",
                "Had all seven exchanged, the burn before the "
                "split river would be left out to make the cards last.",
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
            "Variants",
            f"{variant.name} is in play, as announced before the deal (5).",
        )
        for variant in chosen
    ]
    keys = {variant.key for variant in chosen}
    if "phantom_ship" in keys:
        board = "playing_the_board" in keys
        if readings.phantom_ship == SWITCHES["phantom_ship"].plain:
            text = (
                "In the Phantom Ship showdown each player may also use one or two hole cards "
                "with three or four cards of a board"
                + (", or a board alone under Playing the board" if board else "")
            )
        else:
            text = "In the Phantom Ship showdown the usual ways of making a hand do not count" + (
                ", and Playing the board has no effect on this hand" if board else ""
            )
        text += f" ({house_reading(readings, 'phantom_ship')})."
        rulings.append(Ruling(f"{DOC} 5.1", "Variants", text, "H14"))
    if deal is not None:
        rulings.extend(deal_rulings(deal, in_hand))
    if in_hand < fewest_at_table:
        rulings.append(
            Ruling(
                f"{DOC} 4.3",
                "Players",
                f"{in_hand} players are still in the hand; the 3-7 limit of 1.1 is for the "
                "table, and a showdown is among those still in.",
                "H7",
            )
        )
    boards_said = "; ".join(f"{i} = {cards_text(b)}" for i, b in enumerate(boards, 1))
    rulings.append(Ruling(f"{DOC} 3.5", "Boards", f"The board makes four boards: {boards_said}."))
    return rulings
