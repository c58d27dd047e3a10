"""Island Pineapple's rulings in words: what is in play, the deal, and how each hand is made.

``island.py`` decides; this module says what it decided, citing OPR-538 article by article.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from scoring.cards import Card
from scoring.hands import Category
from scoring.rulings import Ruling
from scoring.wilds import wild_kind

if TYPE_CHECKING:
    from scoring.island import CardCount, PlayedHand, Variant

DOC = "OPR-538"


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as text: "Kh 4c"."""
    return " ".join(str(card) for card in cards)


def hand_rulings(name: str, played: PlayedHand, phantom: bool, straights: bool) -> list[Ruling]:
    """How a player's best hand is made: which cards, which wilds, which deuces stay natural."""
    used = len(played.hole_used)
    board_cards = [card for card in played.hand.cards if card not in played.hole_used]
    where = f"board {played.board}"
    if played.also_on:
        where += " (" + ", ".join(f"board {b}" for b in played.also_on) + " gives the same hand)"
    if used == 0:
        article, how = "5.5", f"plays the five cards of {where} alone (Playing the board)"
    elif phantom:
        article = "5.1"
        how = f"plays all three hole cards {cards_text(played.hole_used)} with "
        how += f"{cards_text(board_cards)} from {where}"
    else:
        article = "4.1"
        words = "one hole card" if used == 1 else "both hole cards"
        how = f"plays {words} {cards_text(played.hole_used)} with {len(board_cards)} cards "
        how += f"({cards_text(board_cards)}) of {where}"
    rulings = [Ruling(f"{DOC} {article}", name, f"{name} {how}: {played.hand.name.lower()}.")]
    five = played.hand.cards
    if played.wilds:
        citation, interpretation, text = wild_kind(played.reading, five)
        if played.hand.category is Category.ROYAL_FLUSH:
            text += "; a ten-to-ace straight flush made with wild cards is a royal flush"
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
        rulings.append(
            Ruling(
                f"{DOC} 1.3(c)",
                name,
                f"{name}: {cards_text(natural)} {'is' if one else 'are'} not standing in for "
                f"another card (a deuce, and with it the ace of its suit, is wild only to complete "
                f"{scope}), so {'it keeps its' if one else 'they keep their'} natural rank and "
                "suit.",
            )
        )
    return rulings


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
    if "phantom_ship" in keys and "playing_the_board" in keys:
        rulings.append(
            Ruling(
                f"{DOC} 5.5",
                "Variants",
                "Under a Phantom Ship showdown every player uses all three hole cards, so "
                "Playing the board has no effect on this hand.",
                "H14",
            )
        )
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
