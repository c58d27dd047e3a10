"""Time to score a 3-player Joker OFC table with two Jokers, next to a brute-force resolver.

The fast path is ``scoring.ofc.score_table`` (validation, Joker resolution, fouls, royalties,
matchups and rulings decided, as records) on random tables whose two Jokers sit in random places:
``median_ms`` is the engine alone. The wording's cost is measured apart: ``worded_median_ms``
scores the same tables and reads each ruling's English and each foul reason, as an English
answer does (``ruling.text``, worded when read). The brute-force
resolver below tries every card for every Joker on the same tables and keeps the in-order
substitution with the strongest bottom, then middle, then top (the same reading, H31), breaking
ties by H12; the tests use it as the oracle for ``scoring.jokers.resolve_board``.

    python bench/ofc.py [--tables N] [--brute-tables N] [--seed S] [--json]
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from scoring.cards import DECK_52, JOKER, Card  # noqa: E402
from scoring.hands import evaluate  # noqa: E402
from scoring.jokers import Key, card_preference, clear_cache, key_of, resolve_board  # noqa: E402
from scoring.ofc import PlayerBoard, score_table  # noqa: E402

Rows = tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]


def _substitute(cards: Sequence[Card], chosen: Sequence[Card]) -> tuple[Card, ...]:
    replacements = iter(chosen)
    return tuple(next(replacements) if card.is_joker else card for card in cards)


def _row_substitutions(cards: Sequence[Card]) -> list[tuple[Key, tuple[Card, ...]]]:
    """Every card for every Joker of the row (none already in the row), with the hand's key."""
    real = [card for card in cards if not card.is_joker]
    candidates = [card for card in DECK_52 if card not in real]
    jokers = len(cards) - len(real)
    return [
        (key_of(evaluate(_substitute(cards, chosen))), chosen)
        for chosen in itertools.permutations(candidates, jokers)
    ]


def brute_force_resolve(
    top: Sequence[Card], middle: Sequence[Card], bottom: Sequence[Card]
) -> tuple[bool, Rows]:
    """Resolve a board by trying every substitution: (in order?, the three resolved rows)."""
    options = [_row_substitutions(row) for row in (top, middle, bottom)]
    best: tuple[Key, Key, Key] | None = None
    for (top_key, _), (middle_key, _), (bottom_key, _) in itertools.product(*options):
        if top_key <= middle_key <= bottom_key:
            candidate = (bottom_key, middle_key, top_key)
            if best is None or candidate > best:
                best = candidate
    in_order = best is not None
    if best is None:  # a foul: each row at its own strongest (H10)
        wanted = [max(key for key, _ in row) for row in options]
    else:
        wanted = [best[2], best[1], best[0]]
    resolved = []
    for cards, row, key in zip((top, middle, bottom), options, wanted, strict=True):
        chosen = min(
            (subs for row_key, subs in row if row_key == key),
            key=lambda subs: tuple(map(card_preference, subs)),
        )
        resolved.append(_substitute(cards, chosen))
    return in_order, (resolved[0], resolved[1], resolved[2])


def random_table(rng: random.Random, players: int = 3, jokers: int = 2) -> list[PlayerBoard]:
    """A random finished table with the Jokers in random places."""
    cards: list[Card] = rng.sample(DECK_52, 13 * players - jokers)
    for _ in range(jokers):
        cards.insert(rng.randrange(len(cards) + 1), JOKER)
    return [
        PlayerBoard(
            f"Player {seat + 1}",
            cards[13 * seat : 13 * seat + 3],
            cards[13 * seat + 3 : 13 * seat + 8],
            cards[13 * seat + 8 : 13 * seat + 13],
        )
        for seat in range(players)
    ]


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def measure(tables: int, brute_tables: int, seed: int) -> dict[str, float | int | bool]:
    rng = random.Random(seed)
    boards = [random_table(rng) for _ in range(tables)]
    score_table("joker-ofc", random_table(random.Random(seed + 1)))  # warm the imports
    fast, fast_resolve = [], []
    gc.disable()  # as timeit does: a collection pause is not the engine's time
    for table in boards:
        clear_cache()  # every table's rows are new to the engine
        start = time.perf_counter()
        score_table("joker-ofc", table)
        fast.append(time.perf_counter() - start)
        clear_cache()
        start = time.perf_counter()
        for board in table:
            resolve_board(board.top, board.middle, board.bottom)
        fast_resolve.append(time.perf_counter() - start)
        gc.collect()
    worded = []
    for table in boards:  # apart, so that the engine's loop above is timed as it always was
        clear_cache()
        start = time.perf_counter()
        result = score_table("joker-ofc", table)
        _said = [ruling.text for ruling in result.rulings]
        _said += [player.foul_reason for player in result.players if player.fouled]
        worded.append(time.perf_counter() - start)
        gc.collect()
    gc.enable()
    brute, agree = [], True
    for table in boards[:brute_tables]:
        start = time.perf_counter()
        answers = [brute_force_resolve(b.top, b.middle, b.bottom) for b in table]
        brute.append(time.perf_counter() - start)
        for board, (in_order, rows) in zip(table, answers, strict=True):
            ours = resolve_board(board.top, board.middle, board.bottom)
            mine = (ours.top.resolved, ours.middle.resolved, ours.bottom.resolved)
            agree = agree and ours.in_order == in_order and mine == rows
    return {
        "tables": tables,
        "median_ms": _median_ms(fast),
        "p95_ms": statistics.quantiles(fast, n=20)[-1] * 1000,
        "worded_median_ms": _median_ms(worded),
        "resolve_median_ms": _median_ms(fast_resolve),
        "brute_force_tables": len(brute),
        "brute_force_median_ms": _median_ms(brute),
        "agree": agree,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--brute-tables", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    figures = measure(args.tables, min(args.brute_tables, args.tables), args.seed)
    if args.json:
        print(json.dumps(figures))
        return
    print(f"3-player Joker OFC tables with two Jokers ({figures['tables']} random tables)")
    print(f"  score_table, fast path   median {figures['median_ms']:.3f} ms")
    print(f"                           p95    {figures['p95_ms']:.3f} ms  (target: median < 2 ms)")
    print(
        f"  score_table + English    median {figures['worded_median_ms']:.3f} ms"
        "  (each ruling's text and foul reason read)"
    )
    print(f"  resolve_board x3, fast   median {figures['resolve_median_ms']:.3f} ms")
    print(
        f"  resolve x3, brute force  median {figures['brute_force_median_ms']:.3f} ms"
        f"  (first {figures['brute_force_tables']} tables)"
    )
    print(f"  fast and brute force agree: {figures['agree']}")


if __name__ == "__main__":
    main()
