"""Island's own best-five search beside the shared one, in one process (issue 36's question).

``scoring.island._best_codes`` finds each player's best five on a board; ``hands.best_hand``
is the routine the other games share. This times seven-player showdowns with Island's search,
then with the shared routine put in its place, alternating in rounds so a loaded machine
weighs on both alike: ``hands.best_hand`` itself where no deuce is dealt (it reads every five
naturally), and its enumeration (``hands.choices``) with Island's wild reader where deuces are.

    python bench/island_search.py [--rounds N] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.island import ALL_VARIANTS, BOARD, PHANTOM_HOLES  # noqa: E402  (its tables)
from scoring import island  # noqa: E402
from scoring.cards import DECK_52, parse_cards  # noqa: E402
from scoring.hands import Group, best_hand, choices, strength5  # noqa: E402
from scoring.island import IslandResult  # noqa: E402
from scoring.island_readings import IslandReadings  # noqa: E402
from scoring.wilds import strength_reader  # noqa: E402

Search = Callable[..., tuple[int, tuple[int, ...]]]
CARD_OF = {card.code: card for card in DECK_52}
OWN: Search = island._best_codes
NATURAL_HOLES = ["7s 7h", "Kc 9c", "As 8s", "Ah 6h", "Kd Kh", "9d Td", "6c 8c"]


def _groups(board: tuple[int, ...], hole: tuple[int, ...], limits: tuple[int, int]) -> list[Group]:
    least, most = limits
    return [
        Group(tuple(CARD_OF[code] for code in hole), least, most),
        Group(tuple(CARD_OF[code] for code in board), 5 - most, 5 - least),
    ]


def shared_natural(
    board: tuple[int, ...],
    hole: tuple[int, ...],
    limits: tuple[int, int],
    straights: bool,
    readings: IslandReadings,
    best: int | None = None,
) -> tuple[int, tuple[int, ...]]:
    """hands.best_hand as it is (right only where no deuce is dealt)."""
    hand = best_hand(_groups(board, hole, limits))
    assert hand is not None
    codes = tuple(card.code for card in hand.cards)
    return strength5(codes), codes


def shared_wild(
    board: tuple[int, ...],
    hole: tuple[int, ...],
    limits: tuple[int, int],
    straights: bool,
    readings: IslandReadings,
    best: int | None = None,
) -> tuple[int, tuple[int, ...]]:
    """hands.best_hand's enumeration, every allowed five read in turn with the wild reader."""
    strength = strength_reader(straights, readings)
    found: tuple[int, ...] = ()
    value = -1
    for five in choices(_groups(board, hole, limits)):
        codes = tuple(card.code for card in five)
        if (read := strength(codes)) > value:
            value, found = read, codes
    return value, found


def table(holes: list[str], variants: list[str], **given: Any) -> Callable[[], IslandResult]:
    seats = [island.Seat(f"P{i}", tuple(parse_cards(hole))) for i, hole in enumerate(holes, 1)]
    return lambda: island.showdown(
        BOARD[0:2], BOARD[2:4], BOARD[4:5], BOARD[5:7], seats, variants, table_size=7, **given
    )


CASES: dict[str, tuple[Callable[[], IslandResult], Search]] = {
    "phantom_table": (table(PHANTOM_HOLES, ALL_VARIANTS, caller="P1", exchanged=7), shared_wild),
    "no_deuce_board_alone": (table(NATURAL_HOLES, ["playing_the_board"]), shared_natural),
    "no_deuce": (table(NATURAL_HOLES, []), shared_natural),
}


def median_ms(run: Callable[[], IslandResult], search: Search, rounds: int) -> dict[str, float]:
    """The median time of one showdown with each search, alternating in rounds."""
    times: dict[str, list[float]] = {"own": [], "shared": []}
    searches = [("own", OWN), ("shared", search)]
    for round_ in range(rounds):
        for label, chosen in searches if round_ % 2 == 0 else searches[::-1]:
            island._best_codes = chosen
            for _ in range(3):
                run()
            for _ in range(25):
                start = time.perf_counter()
                run()
                times[label].append(time.perf_counter() - start)
    island._best_codes = OWN
    own, shared = statistics.median(times["own"]), statistics.median(times["shared"])
    return {
        "own_ms": round(own * 1000, 3),
        "shared_ms": round(shared * 1000, 3),
        "shared_over_own": round(shared / own, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=16)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    figures = {}
    for name, (run, search) in CASES.items():
        island._best_codes = search
        theirs = run()
        island._best_codes = OWN
        mine = run()
        # The same winners with hands of the same strength (a tie may show other cards).
        assert mine.winners == theirs.winners, name
        strengths = [[p.best and p.best.value for p in r.players] for r in (mine, theirs)]
        assert strengths[0] == strengths[1], name
        figures[name] = median_ms(run, search, args.rounds)
    if args.json:
        print(json.dumps(figures))
        return
    for name, figure in figures.items():
        print(
            f"{name:22} Island's search {figure['own_ms']:.3f} ms   shared routine "
            f"{figure['shared_ms']:.3f} ms   {figure['shared_over_own']:.2f}x"
        )


if __name__ == "__main__":
    main()
