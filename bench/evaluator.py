"""Evaluations per second of scoring.hands against treys, on the same random hands in one run.

Each evaluator gets the hands in its own card encoding, converted before the clock starts, and is
called through its public function: scoring.hands.strength5 / strength, treys' Evaluator.evaluate.

    python bench/evaluator.py [--hands N] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

from treys import Card as TreysCard
from treys import Evaluator

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from scoring.cards import DECK_52  # noqa: E402
from scoring.hands import strength, strength5  # noqa: E402


def rates(
    ours: Callable[[], object], theirs: Callable[[], object], count: int, repeats: int = 5
) -> tuple[float, float]:
    """Each evaluator's best of several runs, in evaluations per second. The two take turns,
    so a change in the machine's speed during the run (other tenants, CPU boost) falls on both
    alike and the ratio stays fair."""
    best = [float("inf"), float("inf")]
    for _ in range(repeats):
        for which, run in enumerate((ours, theirs)):
            start = time.perf_counter()
            run()
            best[which] = min(best[which], time.perf_counter() - start)
    return count / best[0], count / best[1]


def measure(hands: int, seed: int = 2026) -> dict[str, float]:
    rng = random.Random(seed)
    fives = [rng.sample(DECK_52, 5) for _ in range(hands)]
    sevens = [rng.sample(DECK_52, 7) for _ in range(hands)]
    ours5 = [tuple(card.code for card in hand) for hand in fives]
    ours7 = [tuple(card.code for card in hand) for hand in sevens]
    treys5 = [[TreysCard.new(str(card)) for card in hand] for hand in fives]
    treys7 = [[TreysCard.new(str(card)) for card in hand] for hand in sevens]
    evaluator = Evaluator()

    def run_ours(evaluate: Callable[[Sequence[int]], int], hands: list[tuple[int, ...]]) -> None:
        for hand in hands:
            evaluate(hand)

    def run_treys(hands: list[list[int]], board_size: int) -> None:
        for hand in hands:
            evaluator.evaluate(hand[:2], hand[2:board_size])

    # Warm both up (our seven-card memo fills as any long-running process's would).
    run_ours(strength, ours7)
    figures: dict[str, float] = {}
    for size, ours_hands, treys_hands, ours_evaluate in (
        ("five", ours5, treys5, strength5),
        ("seven", ours7, treys7, strength),
    ):
        figures[f"ours_{size}_per_s"], figures[f"treys_{size}_per_s"] = rates(
            partial(run_ours, ours_evaluate, ours_hands),
            partial(run_treys, treys_hands, len(treys_hands[0])),
            hands,
        )
    figures["five_card_ratio"] = figures["ours_five_per_s"] / figures["treys_five_per_s"]
    figures["seven_card_ratio"] = figures["ours_seven_per_s"] / figures["treys_seven_per_s"]
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    figures = measure(args.hands)
    if args.json:
        print(json.dumps({key: round(value, 2) for key, value in figures.items()}))
        return
    print(f"{args.hands:,} random hands of each size, same hands for both evaluators")
    print(f"{'':12}{'scoring.hands':>16}{'treys':>16}{'ratio':>8}")
    for size, word in (("five", "5 cards"), ("seven", "best of 7")):
        ours, theirs = figures[f"ours_{size}_per_s"], figures[f"treys_{size}_per_s"]
        print(f"{word:12}{ours:>14,.0f}/s{theirs:>14,.0f}/s{ours / theirs:>7.2f}x")


if __name__ == "__main__":
    main()
