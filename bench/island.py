"""Median time of one seven-player Island Pineapple showdown, in-process (target: under 5 ms).

Every player is judged on every board with every variant on: Phantom Ship (three hole cards
each, a matched caller), Straights with wilds, Playing the board, Arcade Ante and the Secondary
bonus, with deuces in play so the wild readings run. A second figure times the same table
without Phantom Ship, where Playing the board gives each player 21 hands per board, and a third
a fresh random deal every run.

    python bench/island.py [--runs N] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from scoring.cards import DECK_52, parse_cards  # noqa: E402
from scoring.island import Seat, showdown  # noqa: E402

ALL_VARIANTS = [
    "phantom_ship",
    "straights_with_wilds",
    "playing_the_board",
    "arcade_ante",
    "secondary_bonus",
]
BOARD = parse_cards("7d 3h Jc Qc 4d Qs 5h")
PHANTOM_HOLES = ["7s 7h 7c", "2c 9c Tc", "2s As 8s", "2h Ah 6h", "Kd Kh Ks", "9d Td Jd", "6c 8c 5c"]
PLAIN_HOLES = ["7s 7h", "2c 9c", "2s As", "2h Ah", "Kd Kh", "9d Td", "6c 8c"]


def seats(holes: list[str]) -> list[Seat]:
    return [Seat(f"P{i}", tuple(parse_cards(hole))) for i, hole in enumerate(holes, 1)]


def phantom_table() -> object:
    return showdown(
        BOARD[0:2],
        BOARD[2:4],
        BOARD[4:5],
        BOARD[5:7],
        seats(PHANTOM_HOLES),
        ALL_VARIANTS,
        caller="P1",
        table_size=7,
        exchanged=7,
    )


def plain_table() -> object:
    variants = [name for name in ALL_VARIANTS if name != "phantom_ship"]
    return showdown(
        BOARD[0:2],
        BOARD[2:4],
        BOARD[4:5],
        BOARD[5:7],
        seats(PLAIN_HOLES),
        variants,
        table_size=7,
        exchanged=3,
    )


def random_tables(seed: int = 2026) -> Callable[[], object]:
    """A fresh random seven-player deal on every call, so memoised readings rarely help."""
    rng = random.Random(seed)
    variants = [name for name in ALL_VARIANTS if name != "phantom_ship"]

    def run() -> object:
        cards = rng.sample(DECK_52, 21)
        holes = [Seat(f"P{i}", tuple(cards[7 + 2 * i : 9 + 2 * i])) for i in range(7)]
        return showdown(cards[0:2], cards[2:4], cards[4:5], cards[5:7], holes, variants)

    return run


def median_ms(run: Callable[[], object], runs: int) -> float:
    """Median wall time of one call, in milliseconds, after a warm-up."""
    for _ in range(10):
        run()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=500)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    figures = {
        "median_ms": round(median_ms(phantom_table, args.runs), 3),
        "without_phantom_ship_median_ms": round(median_ms(plain_table, args.runs), 3),
        "random_tables_median_ms": round(median_ms(random_tables(), args.runs), 3),
        "runs": args.runs,
        "players": 7,
        "target_ms": 5,
    }
    if args.json:
        print(json.dumps(figures))
        return
    print(f"Seven-player Island showdown, every variant on: {figures['median_ms']:.3f} ms median")
    print(
        "Same table without Phantom Ship (Playing the board, 21 hands a board): "
        f"{figures['without_phantom_ship_median_ms']:.3f} ms median"
    )
    print(
        "A fresh random deal each run (Straights with wilds, Playing the board): "
        f"{figures['random_tables_median_ms']:.3f} ms median"
    )
    print(f"({args.runs} runs; target under 5 ms)")


if __name__ == "__main__":
    main()
