"""Pot division: main and side pots, high and low halves, ties and odd chips (PPR 7.1, H9).

PPR 7.1 leaves side pots and odd chips to Texas Hold'em practice; house interpretation H9 says
which practice. Players are given in seat order, clockwise, with the button's seat.

Building the pots. The distinct totals put in by the players still in the hand (not folded, hand
not dead) are the pot *levels*, lowest first. Each pot takes, from every player (folded ones
too), the chips between the previous level and its own; the players still in who reached its
level are eligible for it. Chips above the highest level can only be a folded player's bet that
nobody still in matched: they go back to whoever put them in. A pot that only its one eligible
player paid into is that player's uncalled bet, and goes back to them.

    ======  ===========  =======  =====================================================
    player  contributed  status   pots
    ======  ===========  =======  =====================================================
    Ann     20           all in   main pot: 20 from each of Ann Bob Cat Dan = 80
    Bob     50           all in   side pot 1: 30 from Bob and Cat, 20 from Dan = 80
    Cat     100          in       uncalled: Cat's last 50, returned to Cat
    Dan     40           folded   eligible for nothing; his 40 stays in the pots
    ======  ===========  =======  =====================================================

Main pot eligible: Ann, Bob, Cat. Side pot 1 eligible: Bob, Cat.

Splitting a pot. In hi-lo, a pot in which some eligible player has a qualifying low is halved,
the odd chip going to the high half; a pot with no qualifying low goes whole to the high. Each
half (or the whole pot) is split evenly among its tied best hands, and the chips that do not
divide go one at a time to those winners in seat order, starting with the first seat to the
left of the button (the button's own seat comes last).

>>> pots, returned = build_pots([20, 50, 100, 40], [True, True, True, False])
>>> [(pot.amount, pot.eligible) for pot in pots], returned
([(80, (0, 1, 2)), (80, (1, 2))], (0, 0, 50, 0))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.errors import InputError
from scoring.messages import Message, Value, say
from scoring.rulings import Ruling


class PotError(InputError):
    """Chips or seats that cannot be divided; the message names the place."""


@dataclass(frozen=True)
class Pot:
    """One pot: its chips, the seats eligible to win it, and the seats that paid into it."""

    amount: int
    eligible: tuple[int, ...]
    contributors: tuple[int, ...]


@dataclass(frozen=True)
class PotAward:
    """How one pot was divided: winners of each half, and the chips each seat receives."""

    title: Message  # the pot's name ("The main pot"), said in the reader's language
    pot: Pot
    high_winners: tuple[int, ...]
    low_winners: tuple[int, ...]
    high_amount: int
    low_amount: int
    shares: tuple[int, ...]

    @property
    def name(self) -> str:
        """The pot's name in English."""
        return str(self.title)


@dataclass(frozen=True)
class Division:
    """Every pot's award, the chips returned uncalled, and each seat's total receipts."""

    awards: tuple[PotAward, ...]
    returned: tuple[int, ...]
    wins: tuple[int, ...]
    rulings: tuple[Ruling, ...]


def _said_labels(names: Sequence[str] | None, count: int) -> list[str | Message]:
    """Each seat in a sentence: the player's name, or "Seat 2" said in the reader's language."""
    if names is not None:
        return list(names)
    return [say("pineapple.seat", number=seat + 1) for seat in range(count)]


def _whole_chips(value: object) -> bool:
    """Whether chips were given as a whole number, 0 or more."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _chips_refused(value: object, place: Message) -> PotError:
    """The refusal of chips that are not a whole number; ``place`` says where they were given."""
    return PotError(say("pineapple.chips_whole_not", place=place, value=repr(value)))


def build_pots(
    contributed: Sequence[int], live: Sequence[bool], names: Sequence[str] | None = None
) -> tuple[list[Pot], tuple[int, ...]]:
    """Build the main and side pots from each seat's total contribution, plus chips returned.

    >>> build_pots([30, 30, 10], [True, True, False])
    ([Pot(amount=70, eligible=(0, 1), contributors=(0, 1, 2))], (0, 0, 0))
    """
    for seat, given in enumerate(contributed):
        if not _whole_chips(given):  # the seat is named only when refused
            label = _said_labels(names, len(contributed))[seat]
            raise _chips_refused(given, say("pineapple.contribution_of", name=label))
    chips = list(contributed)
    if len(live) != len(chips):
        raise PotError(say("pineapple.status_missing"))
    levels = sorted({c for c, in_hand in zip(chips, live, strict=True) if in_hand and c > 0})
    pots: list[Pot] = []
    returned = [0] * len(chips)
    previous = 0
    for level in levels:
        layer = [min(c, level) - min(c, previous) for c in chips]
        eligible = tuple(seat for seat, c in enumerate(chips) if live[seat] and c >= level)
        contributors = tuple(seat for seat, paid in enumerate(layer) if paid)
        if contributors == eligible and len(eligible) == 1:
            returned[eligible[0]] += layer[eligible[0]]  # an uncalled bet
        else:
            pots.append(Pot(sum(layer), eligible, contributors))
        previous = level
    for seat, c in enumerate(chips):
        returned[seat] += max(0, c - previous)  # folded chips above every live player's total
    return pots, tuple(returned)


def single_pot(total: int, live: Sequence[bool]) -> list[Pot]:
    """One pot of ``total`` chips that every seat still in may win.

    >>> single_pot(101, [True, False, True])
    [Pot(amount=101, eligible=(0, 2), contributors=())]
    """
    if not _whole_chips(total):
        raise _chips_refused(total, say("pineapple.the_pot"))
    eligible = tuple(seat for seat, in_hand in enumerate(live) if in_hand)
    return [Pot(total, eligible, ())] if total else []


def seat_order(button: int, count: int) -> list[int]:
    """Seats clockwise from the first seat left of the button; the button's seat comes last.

    >>> seat_order(1, 4)
    [2, 3, 0, 1]
    """
    return [(button + 1 + step) % count for step in range(count)]


def split(amount: int, winners: Sequence[int], order: Sequence[int]) -> dict[int, int]:
    """Split chips evenly; the odd chips go one each to winners in ``order`` (H9).

    >>> split(10, [3, 0, 2], seat_order(1, 4))
    {2: 4, 3: 3, 0: 3}
    """
    ranked = sorted(winners, key=order.index)
    share, odd = divmod(amount, len(ranked))
    return {seat: share + (1 if place < odd else 0) for place, seat in enumerate(ranked)}


def best_seats(values: Sequence[int | None], seats: Sequence[int]) -> tuple[int, ...]:
    """The seats among ``seats`` holding the highest value (None counts as no hand).

    >>> best_seats([3, None, 5, 5], [0, 1, 2, 3])
    (2, 3)
    """
    scored = {seat: value for seat in seats if (value := values[seat]) is not None}
    if not scored:
        return ()
    top = max(scored.values())
    return tuple(seat for seat, value in scored.items() if value == top)


def _pot_title(index: int, total: int) -> Message:
    """A pot's name ("The main pot", "Side pot 1"), said in the reader's language."""
    if index == 0:
        return say("pineapple.main_pot") if total > 1 else say("pineapple.the_pot")
    return say("pineapple.side_pot", number=index)


def _who(seats: Sequence[int], labels: Sequence[Value]) -> list[Value]:
    """The players in these seats, said as a list ("Ann, Bob and Cat")."""
    return [labels[seat] for seat in seats]


def award(
    pots: Sequence[Pot],
    high: Sequence[int | None],
    low: Sequence[int | None],
    button: int,
    returned: Sequence[int] | None = None,
    names: Sequence[str] | None = None,
    hi_lo: bool = False,
) -> Division:
    """Divide each pot between its best high and best qualifying low (higher values win).

    ``high``/``low`` hold each seat's hand value, None for no hand (or no qualifying low).

    >>> pot = Pot(101, (0, 1, 2), ())
    >>> division = award([pot], high=[5, 9, 9], low=[3, None, None], button=2)
    >>> division.wins
    (50, 26, 25)
    """
    count = len(high)
    said = _said_labels(names, count)
    if not 0 <= button < count:
        raise PotError(
            say(
                "pineapple.button_not_a_seat",
                count=count,
                seat=button + 1,
            )
        )
    order = seat_order(button, count)
    wins = list(returned) if returned is not None else [0] * count
    awards: list[PotAward] = []
    rulings: list[Ruling] = []
    for index, pot in enumerate(pots):
        title = _pot_title(index, len(pots))
        high_winners = best_seats(high, pot.eligible)
        if not high_winners:
            raise PotError(say("pineapple.pot_unwon", pot=title))
        low_winners = best_seats(low, pot.eligible)
        low_amount = pot.amount // 2 if low_winners else 0
        high_amount = pot.amount - low_amount
        shares = [0] * count
        for half, winners in ((high_amount, high_winners), (low_amount, low_winners)):
            if winners:
                for seat, chips in split(half, winners, order).items():
                    shares[seat] += chips
        for seat in range(count):
            wins[seat] += shares[seat]
        awards.append(
            PotAward(title, pot, high_winners, low_winners, high_amount, low_amount, tuple(shares))
        )
        rulings.append(_pot_rulings(awards[-1], title, said, order, hi_lo))
    for seat, chips in enumerate(returned or ()):
        if chips:
            rulings.append(
                Ruling(
                    "PPR 7.1",
                    said[seat],
                    say("pineapple.returned", name=said[seat], chips=chips),
                    interpretation="H9",
                )
            )
    return Division(tuple(awards), tuple(returned or [0] * count), tuple(wins), tuple(rulings))


def _pot_rulings(
    award: PotAward, title: Message, labels: Sequence[Value], order: Sequence[int], hi_lo: bool
) -> Ruling:
    pot = award.pot
    high, low = award.high_winners, award.low_winners
    sentences = [_pot_sentence(award, title, labels, hi_lo)]
    if low and len(pot.eligible) > 1 and pot.amount % 2:
        sentences.append(say("pineapple.odd_chip_halving"))
    # The chips of a half that do not divide evenly, and who gets them (H9).
    for kind, amount, winners in (
        ("pineapple.odd_chips_high", award.high_amount, high),
        ("pineapple.odd_chips_low", award.low_amount, low),
    ):
        odd = amount % len(winners) if winners else 0
        if odd:
            first = _who(sorted(winners, key=order.index)[:odd], labels)
            sentences.append(say(kind, odd=odd, winners=first))
    paid = [say("pineapple.chips_paid", name=labels[seat], chips=award.shares[seat])
            for seat in order if award.shares[seat]]  # fmt: skip
    sentences.append(say("pineapple.chips_line", paid=_comma_list(paid)))
    text = sentences[-1]
    for sentence in reversed(sentences[:-1]):
        text = say("pineapple.sentences", sentence=sentence, more=text)
    return Ruling("PPR 7.1", title, text, interpretation="H9")


def _pot_sentence(award: PotAward, title: Message, labels: Sequence[Value], hi_lo: bool) -> Message:
    """How a pot is divided, its first sentence."""
    pot = award.pot
    high, low = award.high_winners, award.low_winners
    eligible = _who(pot.eligible, labels)
    if len(pot.eligible) == 1:
        return say(
            "pineapple.pot_to_only_player",
            pot=title,
            amount=pot.amount,
            eligible=eligible,
            winner=labels[pot.eligible[0]],
        )
    if low:
        return say(
            "pineapple.pot_halved",
            pot=title,
            amount=pot.amount,
            eligible=eligible,
            high_amount=award.high_amount,
            high=_who(high, labels),
            low_amount=award.low_amount,
            low=_who(low, labels),
        )
    if hi_lo:
        return say(
            "pineapple.pot_no_low",
            pot=title,
            amount=pot.amount,
            eligible=eligible,
            high=_who(high, labels),
        )
    return say(
        "pineapple.pot_to_high",
        pot=title,
        amount=pot.amount,
        eligible=eligible,
        high=_who(high, labels),
    )


def _comma_list(items: Sequence[Message]) -> Value:
    """Items joined by commas alone ("Ann 40, Bob 61"), as the chips line says them."""
    if not items:
        return ""
    listed: Value = items[-1]
    for item in reversed(items[:-1]):
        listed = say("pineapple.chips_listed", item=item, more=listed)
    return listed
