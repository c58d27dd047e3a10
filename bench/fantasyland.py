"""Time the Fantasyland setter on random deals, next to the exhaustive reference search.

Each deal is set by ``scoring.setter.set_fantasyland``, the whole public call: parsing aside,
the search for the best setting and five alternatives, both figures, and the rulings. Three
sizes, each on its own fixed-seed set of deals: 14 cards under pineapple-2p-v1, 17 cards
without Jokers and 17 cards with both Jokers under JOKER-OFC. A warm-up on other deals fills the
tables a running server has built (royalty tables, the hands a row of Jokers can make). The
exhaustive reference (``bench/fantasyland_reference.py``, every setting, no pruning) sets a few
of the 14-card deals in the same run, and its figures must agree with the setter's.

Targets (issue 15): 17 cards with two Jokers under 5 ms median, p99 under 20 ms, no deal over
50 ms; 14 cards under 2 ms median. Wall-clock time is the figure; this process's CPU time is
printed beside it (``cpu_`` keys), which a loaded machine inflates less.

Each deal is timed in three rounds (``--rounds``), and its time is the middle one. This machine
now and then stalls a process for 30-40 ms, CPU time included (a fixed 4.5 ms loop run 9,000
times took 35.6 ms once): a stall in one round is not the setter's time, and the middle round is
not the luckiest one either. ``--rounds 1`` times each deal once.

    python bench/fantasyland.py [--hands N] [--rounds N] [--reference-hands N] [--seed S] [--json]
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.fantasyland_reference import figures as reference_figures  # noqa: E402
from scoring.cards import DECK_52, JOKER, Card  # noqa: E402
from scoring.jokers import clear_cache  # noqa: E402
from scoring.rulesets import get_ruleset  # noqa: E402
from scoring.setter import set_fantasyland  # noqa: E402

# name: (ruleset, cards dealt, Jokers among them)
SIZES = {
    "14": ("pineapple-2p-v1", 14, 0),
    "17": ("joker-ofc", 17, 0),
    "17_jokers": ("joker-ofc", 17, 2),
}
TARGETS = {
    "median_ms_17_jokers": 5.0,
    "p99_ms_17_jokers": 20.0,
    "max_ms": 50.0,
    "median_ms_14": 2.0,
}
WARM_UP = 30


def deal(rng: random.Random, size: int, jokers: int) -> list[Card]:
    """A random Fantasyland hand: ``size`` cards, ``jokers`` of them Jokers, in random order."""
    cards = rng.sample(DECK_52, size - jokers) + [JOKER] * jokers
    rng.shuffle(cards)
    return cards


def _timed(ruleset: str, cards: list[Card]) -> tuple[float, float]:
    """Milliseconds of wall-clock time and of this process's CPU time for one deal."""
    clear_cache()  # each deal's boards are new to the Joker resolver
    gc.collect()
    start, cpu = time.perf_counter(), time.process_time()
    set_fantasyland(ruleset, cards)
    return (time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000


def _percentile(sorted_ms: list[float], share: float) -> float:
    return sorted_ms[max(0, math.ceil(share * len(sorted_ms)) - 1)]


def _middle_round(ruleset: str, cards: list[Card], rounds: int) -> tuple[float, float]:
    """The deal's time in the middle of its rounds, wall-clock and CPU each."""
    timed = [_timed(ruleset, cards) for _ in range(rounds)]
    return statistics.median_low(t[0] for t in timed), statistics.median_low(t[1] for t in timed)


def measure(
    hands: int, rounds: int, reference_hands: int, seed: int
) -> dict[str, float | int | bool]:
    figures: dict[str, float | int | bool] = {"hands": hands, "rounds": rounds}
    warm = random.Random(seed - 1)
    for ruleset, size, jokers in SIZES.values():
        for _ in range(WARM_UP):
            set_fantasyland(ruleset, deal(warm, size, jokers))
    deals = {}
    gc.disable()  # as timeit does: a collection pause is not the setter's time
    try:
        for name, (ruleset, size, jokers) in SIZES.items():
            rng = random.Random(f"{seed}-{name}")
            deals[name] = [deal(rng, size, jokers) for _ in range(hands)]
            timed = [_middle_round(ruleset, cards, rounds) for cards in deals[name]]
            for prefix, times in (
                ("", sorted(t[0] for t in timed)),
                ("cpu_", sorted(t[1] for t in timed)),
            ):
                figures[f"{prefix}median_ms_{name}"] = statistics.median(times)
                figures[f"{prefix}p99_ms_{name}"] = _percentile(times, 0.99)
                figures[f"{prefix}max_ms_{name}"] = times[-1]
    finally:
        gc.enable()
    figures["max_ms"] = max(float(figures[f"max_ms_{name}"]) for name in SIZES)
    figures["cpu_max_ms"] = max(float(figures[f"cpu_max_ms_{name}"]) for name in SIZES)
    rules = get_ruleset("pineapple-2p-v1")
    reference, setter, agree = [], [], True
    for cards in deals["14"][:reference_hands]:
        start = time.perf_counter()
        expected = reference_figures(rules, cards)
        reference.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        result = set_fantasyland(rules, cards)
        setter.append((time.perf_counter() - start) * 1000)
        agree = agree and (result.max_royalties, result.max_royalties_staying) == (
            expected.max_royalties,
            expected.max_royalties_staying,
        )
    figures["reference_hands_14"] = len(reference)
    if reference:
        figures["reference_median_ms_14"] = statistics.median(reference)
        figures["setter_median_ms_on_reference_hands_14"] = statistics.median(setter)
        figures["reference_agrees"] = agree
    for key, target in TARGETS.items():
        figures[f"target_{key}"] = target
    return figures


def rounds(text: str) -> int:
    """How many times each deal is set: a whole number, 1 or more."""
    value = int(text) if text.strip().isdigit() else 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text}: give a whole number of rounds, 1 or more")
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=500, help="deals per size")
    parser.add_argument("--rounds", type=rounds, default=3, help="times each deal is set")
    parser.add_argument("--reference-hands", type=int, default=5, help="14-card deals")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    figures = measure(args.hands, args.rounds, args.reference_hands, args.seed)
    if args.json:
        print(
            json.dumps({k: round(v, 3) if isinstance(v, float) else v for k, v in figures.items()})
        )
        return
    print(
        f"Fantasyland setter, best setting and five alternatives ({args.hands} deals per size,"
        f" each the middle of {args.rounds} rounds)"
    )
    labels = {
        "14": "14 cards, pineapple-2p-v1",
        "17": "17 cards, JOKER-OFC, no Joker",
        "17_jokers": "17 cards, JOKER-OFC, 2 Jokers",
    }
    for name, label in labels.items():
        print(
            f"  {label:31} median {figures[f'median_ms_{name}']:7.2f} ms"
            f"  p99 {figures[f'p99_ms_{name}']:7.2f} ms  max {figures[f'max_ms_{name}']:7.2f} ms"
        )
        print(
            f"  {'  CPU time of this process':31} median {figures[f'cpu_median_ms_{name}']:7.2f} ms"
            f"  p99 {figures[f'cpu_p99_ms_{name}']:7.2f} ms"
            f"  max {figures[f'cpu_max_ms_{name}']:7.2f} ms"
        )
    if figures["reference_hands_14"]:
        print(
            f"  exhaustive reference, 14 cards median {figures['reference_median_ms_14']:8.1f} ms"
            f"  (setter on the same {figures['reference_hands_14']} deals: "
            f"{figures['setter_median_ms_on_reference_hands_14']:.2f} ms; "
            f"figures agree: {figures['reference_agrees']})"
        )
    for key, target in TARGETS.items():
        wall, cpu = float(figures[key]), float(figures[f"cpu_{key}"])
        verdict = "met" if wall < target else "MISSED"
        print(f"  target {key} < {target:g} ms: {verdict} ({wall:.2f} ms; CPU time {cpu:.2f} ms)")


if __name__ == "__main__":
    main()
