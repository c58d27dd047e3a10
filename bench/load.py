"""Load test: gunicorn (2 workers) on PostgreSQL, scoring 3-player OFC tables beside /healthz.

Starts a throwaway PostgreSQL cluster (unless DATABASE_URL is set) and gunicorn on 127.0.0.1,
drives POST /api/ofc/score/ with random legal 3-player tables (Jokers included), GET /healthz (a
read and a rolled-back write) and GET /livez for a bounded time at each concurrency, then checks
that every successful scoring request saved exactly one case. All traffic stays on this machine.

/livez is the reference: the same server and middleware answering without the database or an
engine, so its latency is the floor this machine puts under any request at that concurrency.

    python bench/load.py [--seconds 10] [--json]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import secrets
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from scoring.cards import DECK_52, DECK_54, format_cards  # noqa: E402

CONCURRENCY = (8, 32)
SLICES = 5  # turns per endpoint at each concurrency


def random_table(rng: random.Random) -> dict[str, object]:
    """A legal 3-player table: pineapple-ofc from 52 cards, or joker-ofc with both Jokers."""
    jokers = rng.random() < 0.5
    deck = list(DECK_54 if jokers else DECK_52)
    rng.shuffle(deck)
    if jokers:  # make sure the table really carries its two Jokers
        deck.sort(key=lambda card: not card.is_joker)
        rng.shuffle(deck[:39])
    players = []
    for seat, name in enumerate(("Ann", "Bob", "Cy")):
        cards = deck[seat * 13 : seat * 13 + 13]
        players.append(
            {
                "name": name,
                "top": format_cards(cards[:3]),
                "middle": format_cards(cards[3:8]),
                "bottom": format_cards(cards[8:13]),
            }
        )
    return {"ruleset": "joker-ofc" if jokers else "pineapple-ofc", "players": players}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


@dataclass
class Sample:
    """What one stretch of load saw: each request's latency, and how many succeeded."""

    latencies: list[float] = field(default_factory=list)
    ok: int = 0
    errors: int = 0
    seconds: float = 0.0


def drive(
    port: int, method: str, path: str, bodies: list[bytes], concurrency: int, seconds: float
) -> Sample:
    """Closed-loop load: each worker sends its next request when the last one answers."""
    sample = Sample()
    lock = threading.Lock()
    deadline = time.perf_counter() + seconds

    def worker(offset: int) -> None:
        index = offset
        while time.perf_counter() < deadline:
            body = bodies[index % len(bodies)] if bodies else None
            index += concurrency
            start = time.perf_counter()
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                conn.request(method, path, body=body, headers={"Content-Type": "application/json"})
                response = conn.getresponse()
                response.read()
                conn.close()
                good = response.status in (200, 201)
            except OSError:
                good = False
            elapsed = time.perf_counter() - start
            with lock:
                sample.latencies.append(elapsed)
                if good:
                    sample.ok += 1
                else:
                    sample.errors += 1

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(concurrency)]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    sample.seconds = time.perf_counter() - began
    return sample


def summary(samples: list[Sample]) -> dict[str, float]:
    latencies = [latency for sample in samples for latency in sample.latencies]
    ok = sum(sample.ok for sample in samples)
    errors = sum(sample.errors for sample in samples)
    return {
        "requests": ok + errors,
        "ok": ok,
        "errors": errors,
        "rps": ok / sum(sample.seconds for sample in samples),
        "p50_ms": percentile(latencies, 0.50) * 1000,
        "p99_ms": percentile(latencies, 0.99) * 1000,
    }


def rounded(value: object) -> object:
    """Figures to two decimals, for --json."""
    if isinstance(value, dict):
        return {key: rounded(item) for key, item in value.items()}
    return round(value, 2) if isinstance(value, float) else value


def wait_until_up(port: int, server: subprocess.Popen[bytes]) -> None:
    for _ in range(100):
        if server.poll() is not None:
            raise SystemExit("gunicorn exited before it answered")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("gunicorn did not answer /healthz")


def count_cases(env: dict[str, str]) -> int:
    code = (
        "import django; django.setup(); "
        "from referee.models import Case; print(Case.objects.count())"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=ROOT, check=True, capture_output=True, text=True
    )
    return int(out.stdout.strip())


def run(seconds: float) -> dict[str, object]:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "referee.settings",
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DJANGO_SECURE_SSL_REDIRECT": "false",
        "REFEREE_RATE_LIMIT": "0",
    }
    cluster = None
    if "DATABASE_URL" not in env:
        cluster = tempfile.mkdtemp(prefix="referee-load-pg.")
        url = subprocess.run(
            [str(ROOT / "scripts/pgtmp.sh"), "start", cluster, str(free_port())],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
        env["DATABASE_URL"] = url
    server = None
    try:
        manage = [sys.executable, "manage.py"]
        subprocess.run([*manage, "migrate", "--noinput", "-v0"], env=env, cwd=ROOT, check=True)
        subprocess.run([*manage, "load_rules"], env=env, cwd=ROOT, check=True, capture_output=True)
        # Production serves static files from the collected, hashed copies.
        subprocess.run(
            [*manage, "collectstatic", "--noinput", "-v0"], env=env, cwd=ROOT, check=True
        )
        port = free_port()
        gunicorn = Path(sys.executable).with_name("gunicorn")
        server = subprocess.Popen(
            [
                str(gunicorn),
                "referee.wsgi",
                "--workers",
                "2",
                "--bind",
                f"127.0.0.1:{port}",
                "--log-level",
                "warning",
            ],
            env=env,
            cwd=ROOT,
        )
        wait_until_up(port, server)
        rng = random.Random(2026)
        bodies = [json.dumps(random_table(rng)).encode() for _ in range(500)]
        before = count_cases(env)
        results: dict[str, object] = {}
        scored_ok = 0
        for concurrency in CONCURRENCY:
            # The endpoints take turns in short slices, so a change in the machine's speed
            # during the run (other tenants, CPU boost) falls on all alike.
            scores, healths, lives = [], [], []
            for _ in range(SLICES):
                scores.append(
                    drive(port, "POST", "/api/ofc/score/", bodies, concurrency, seconds / SLICES)
                )
                healths.append(drive(port, "GET", "/healthz", [], concurrency, seconds / SLICES))
                lives.append(drive(port, "GET", "/livez", [], concurrency, seconds / SLICES))
            score, health = summary(scores), summary(healths)
            scored_ok += int(score["ok"])
            results[f"c{concurrency}"] = {
                "score": score,
                "healthz": health,
                "livez": summary(lives),
                "ratio": score["rps"] / health["rps"] if health["rps"] else 0.0,
            }
        saved = count_cases(env) - before
        top = results[f"c{CONCURRENCY[-1]}"]
        assert isinstance(top, dict)
        errors = sum(
            int(r[kind]["errors"])  # type: ignore[index, misc]
            for r in results.values()
            for kind in ("score", "healthz", "livez")
        )
        results.update(
            ratio=top["ratio"],
            p99_ms=top["score"]["p99_ms"],
            livez_p99_ms=top["livez"]["p99_ms"],
            errors=errors,
            lost=scored_ok - saved,
            saved_cases=saved,
            successful_scores=scored_ok,
        )
        return results
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=30)
        if cluster is not None:
            subprocess.run([str(ROOT / "scripts/pgtmp.sh"), "stop", cluster], check=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0, help="per endpoint and concurrency")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    results = run(args.seconds)
    if args.json:
        print(json.dumps(rounded(results)))
        return
    print(
        f"gunicorn, 2 workers, PostgreSQL; {args.seconds:g} s per endpoint and concurrency, "
        f"in {SLICES} alternating slices"
    )
    print(f"{'endpoint':22}{'conc':>5}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'errors':>8}")
    for concurrency in CONCURRENCY:
        row = results[f"c{concurrency}"]
        assert isinstance(row, dict)
        for kind, label in (
            ("score", "POST /api/ofc/score/"),
            ("healthz", "GET /healthz"),
            ("livez", "GET /livez (floor)"),
        ):
            r = row[kind]
            print(
                f"{label:22}{concurrency:>5}{r['rps']:>9.1f}{r['p50_ms']:>9.1f}"
                f"{r['p99_ms']:>9.1f}{r['errors']:>8}"
            )
        print(f"{'scoring / healthz throughput':34}{row['ratio']:>10.2f}")
    print(
        f"successful scores {results['successful_scores']}, cases saved "
        f"{results['saved_cases']}, lost {results['lost']}, errors {results['errors']}"
    )


if __name__ == "__main__":
    main()
