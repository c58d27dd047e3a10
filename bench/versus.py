"""Engine benchmarks of this checkout beside an earlier revision, in one run, rounds alternating.

Each round runs every named bench script once in each tree, in turn (the earlier revision's
own copy of the script, so each side calls its own engine as it was): a loaded machine then
weighs on both sides alike. Each script prints ``--json`` with a ``median_ms``; this prints the
median over the rounds of each side and their ratio.

    python bench/versus.py 3c38eef bench/ofc.py bench/island.py bench/pineapple.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def _tree(revision: str) -> Path:
    """The revision's files, unpacked once into a directory of its own."""
    commit = subprocess.run(
        ["git", "rev-parse", "--verify", f"{revision}^{{commit}}"],
        cwd=HERE, check=True, capture_output=True, text=True,
    ).stdout.strip()  # fmt: skip
    tree = Path(tempfile.gettempdir()) / f"referee-versus-{commit[:12]}"
    if not (tree / "scoring").is_dir():
        archive = subprocess.run(
            ["git", "archive", commit], cwd=HERE, check=True, capture_output=True
        ).stdout
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(tree)  # our own repository's archive: no path to distrust
    return tree


def _median_ms(tree: Path, script: str) -> float:
    """One run of the tree's own copy of the script: its ``median_ms``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, str(tree / script), "--json"],
        cwd=tree, env=env, check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip
    return float(json.loads(out.strip().splitlines()[-1])["median_ms"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("revision", help="the earlier revision, e.g. 3c38eef")
    parser.add_argument("scripts", nargs="+", help="bench scripts, e.g. bench/ofc.py")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()

    trees = {"now": HERE, args.revision: _tree(args.revision)}
    samples: dict[str, dict[str, list[float]]] = {
        script: {side: [] for side in trees} for script in args.scripts
    }
    for round_ in range(args.rounds):
        sides = list(trees.items()) if round_ % 2 == 0 else list(trees.items())[::-1]
        for script in args.scripts:
            for side, tree in sides:
                samples[script][side].append(_median_ms(tree, script))

    figures = {
        script: {
            "now_ms": statistics.median(by_side["now"]),
            "then_ms": statistics.median(by_side[args.revision]),
            "ratio": statistics.median(by_side["now"]) / statistics.median(by_side[args.revision]),
        }
        for script, by_side in samples.items()
    }
    if args.json:
        print(json.dumps({"revision": args.revision, "rounds": args.rounds, "figures": figures}))
        return
    print(f"median of {args.rounds} rounds, each side's median_ms, alternating")
    for script, figure in figures.items():
        print(
            f"  {script:22} now {figure['now_ms']:.3f} ms   {args.revision} "
            f"{figure['then_ms']:.3f} ms   now/then {figure['ratio']:.2f}x"
        )


if __name__ == "__main__":
    main()
