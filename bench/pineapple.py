"""Time a ten-player Lazy Pineapple hi-lo showdown with side pots, in process.

Each run deals a random board and three hole cards to ten players with uneven contributions
(so there are several side pots), and times one call of scoring.pineapple.showdown, which reads
every hand high and low, builds the pots and divides them. Target: under 5 ms median.

    python bench/pineapple.py [--deals N] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from scoring.cards import DECK_52, Card  # noqa: E402
from scoring.pineapple import Entrant, showdown  # noqa: E402

PLAYERS = 10
TARGET_MS = 5.0


def deal(rng: random.Random) -> tuple[list[Card], list[Entrant]]:
    cards = rng.sample(DECK_52, 5 + 3 * PLAYERS)
    chips = [rng.choice([20, 50, 50, 120, 300, 300]) for _ in range(PLAYERS)]
    players = [
        Entrant(
            f"Player {seat + 1}",
            tuple(cards[5 + 3 * seat : 8 + 3 * seat]),
            folded=seat in (3, 7),  # two folded players whose chips stay in the pots
            contributed=chips[seat],
        )
        for seat in range(PLAYERS)
    ]
    return cards[:5], players


def measure(deals: int, seed: int = 2026) -> dict[str, float]:
    rng = random.Random(seed)
    hands = [deal(rng) for _ in range(deals)]
    for board, players in hands[:50]:  # warm up the seven-card memo, as a running server has
        showdown("lazy", board, players, hi_lo=True, button=0)
    times = []
    side_pots = 0
    for board, players in hands:
        start = time.perf_counter()
        result = showdown("lazy", board, players, hi_lo=True, button=0)
        times.append(time.perf_counter() - start)
        side_pots += len(result.division.awards) - 1 if result.division else 0
    times_ms = sorted(t * 1000 for t in times)
    return {
        "median_ms": statistics.median(times_ms),
        "p95_ms": times_ms[int(len(times_ms) * 0.95) - 1],
        "mean_side_pots": side_pots / deals,
        "deals": deals,
        "target_ms": TARGET_MS,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    figures = measure(args.deals)
    if args.json:
        print(json.dumps({key: round(value, 3) for key, value in figures.items()}))
        return
    verdict = "under" if figures["median_ms"] < TARGET_MS else "OVER"
    print(
        f"Ten-player Lazy hi-lo showdown with side pots ({args.deals:,} deals, "
        f"{figures['mean_side_pots']:.1f} side pots on average)"
    )
    print(f"median {figures['median_ms']:.2f} ms, p95 {figures['p95_ms']:.2f} ms")
    print(f"{verdict} the {TARGET_MS:.0f} ms target")


if __name__ == "__main__":
    main()
