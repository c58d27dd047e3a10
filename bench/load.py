"""Load test: gunicorn on PostgreSQL as production runs it, scoring 3-player OFC tables beside
/healthz.

Starts a throwaway PostgreSQL cluster (unless DATABASE_URL is set) and gunicorn on 127.0.0.1
with the project's gunicorn.conf.py (gevent workers, as many as it sets: WEB_CONCURRENCY, else
one a core and at least two; the pool of REFEREE_DB_POOL=20 each), drives POST /api/ofc/score/
with random legal 3-player tables (Jokers included), GET /healthz (a read and a rolled-back
write) and GET /livez for a bounded time at each concurrency, then checks that every successful
scoring request saved exactly one case. All traffic stays on this machine.

As production: debug off with a secret key, HTTPS as behind a proxy (X-Forwarded-Proto, the
redirect to HTTPS left on), REFEREE_PROXY_HOPS=1, and the rate limit on at its default (120
writes a minute): each simulated client sends its own address in X-Forwarded-For and takes a
new one after 100 writes, so every write is counted and summed but none is refused (a 429 is
counted as an error). Each client keeps one connection open (HTTP/1.1 keep-alive, as a browser
does) and opens a new one only when the server has closed it; a request that meets a kept
connection closed before it was read is sent again over a new one, as browsers do.

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
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from scoring.cards import DECK_52, DECK_54, format_cards  # noqa: E402

CONCURRENCY = (8, 32)
SLICES = 5  # turns per endpoint at each concurrency
HOST = "127.0.0.1"
# Production's headers from its proxy: the scheme it was asked in; the client's address is added
# per client (Client.headers).
PROXIED = {"X-Forwarded-Proto": "https"}


class Addresses:
    """Addresses for simulated clients, each new (10.0.0.0/8 counted up from ``base``).

    A client takes a new one after ``per_address`` writes, below the rate limit's 120 a minute,
    so the limit counts and sums every write as in production yet refuses none.
    """

    def __init__(self, base: int = 0, per_address: int = 100) -> None:
        self.next = base
        self.per_address = per_address
        self.lock = threading.Lock()

    def take(self) -> str:
        with self.lock:
            number, self.next = self.next, self.next + 1
        return f"10.{number >> 16 & 255}.{number >> 8 & 255}.{number & 255}"


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


class Client:
    """One simulated client: its address and the one connection it keeps open."""

    def __init__(self, port: int, addresses: Addresses) -> None:
        self.port = port
        self.addresses = addresses
        self.address = addresses.take()
        self.writes = 0
        self.conn: http.client.HTTPConnection | None = None
        self.opened = 0  # connections opened, the first included
        self.resent = 0  # requests sent again after a kept connection turned out closed

    def headers(self, method: str) -> dict[str, str]:
        if method != "GET":
            if self.writes == self.addresses.per_address:
                self.address, self.writes = self.addresses.take(), 0
            self.writes += 1
        return {**PROXIED, "X-Forwarded-For": self.address, "Content-Type": "application/json"}

    def send(self, method: str, path: str, body: bytes | None) -> int:
        """The answer's status, over the kept connection (a new one if the server closed it)."""
        headers = self.headers(method)
        for attempt in (1, 2):
            fresh = self.conn is None
            if self.conn is None:
                self.conn = http.client.HTTPConnection(HOST, self.port, timeout=30)
                self.opened += 1
            try:
                self.conn.request(method, path, body=body, headers=headers)
                response = self.conn.getresponse()
                response.read()
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                # A kept connection the server closed while idle: nothing was read, send again.
                self.close()
                if fresh or attempt == 2:
                    raise
                self.resent += 1
                continue
            except (OSError, http.client.HTTPException):
                self.close()
                raise
            if response.will_close:
                self.close()
            return response.status
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


@dataclass
class Sample:
    """What one stretch of load saw: each request's latency, and how many succeeded."""

    latencies: list[float] = field(default_factory=list)
    ok: int = 0
    errors: int = 0
    refused: int = 0  # 429: the rate limit said no (counted in errors too)
    seconds: float = 0.0


def drive(
    clients: list[Client], method: str, path: str, bodies: list[bytes], seconds: float
) -> Sample:
    """Closed-loop load: each client sends its next request when the last one answers."""
    sample = Sample()
    lock = threading.Lock()
    deadline = time.perf_counter() + seconds
    concurrency = len(clients)

    def worker(offset: int) -> None:
        index, client = offset, clients[offset]
        while time.perf_counter() < deadline:
            body = bodies[index % len(bodies)] if bodies else None
            index += concurrency
            start = time.perf_counter()
            try:
                status = client.send(method, path, body)
            except (OSError, http.client.HTTPException):
                status = 0
            elapsed = time.perf_counter() - start
            with lock:
                sample.latencies.append(elapsed)
                if status in (200, 201):
                    sample.ok += 1
                else:
                    sample.errors += 1
                    sample.refused += status == 429

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
        "refused_429": sum(sample.refused for sample in samples),
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
            conn = http.client.HTTPConnection(HOST, port, timeout=2)
            conn.request("GET", "/healthz", headers=PROXIED)
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


def production_env() -> dict[str, str]:
    """The environment production runs with behind one proxy, the rate limit at its default."""
    unset = ("REFEREE_RATE_LIMIT", "DJANGO_SECURE_SSL_REDIRECT", "REFEREE_DB_POOL")
    return {
        **{name: value for name, value in os.environ.items() if name not in unset},
        "DJANGO_SETTINGS_MODULE": "referee.settings",
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "REFEREE_PROXY_HOPS": "1",
    }


def workers_of(master: int) -> list[int]:
    """The process ids of a gunicorn master's workers (its children)."""
    children = Path(f"/proc/{master}/task/{master}/children")
    return [int(pid) for pid in children.read_text().split()] if children.exists() else []


def start_gunicorn(env: dict[str, str], port: int) -> subprocess.Popen[bytes]:
    """gunicorn with the project's gunicorn.conf.py (its workers, gevent, keep-alive)."""
    gunicorn = Path(sys.executable).with_name("gunicorn")
    bind = ["--bind", f"{HOST}:{port}", "--log-level", "warning"]
    return subprocess.Popen([str(gunicorn), "referee.wsgi", *bind], env=env, cwd=ROOT)


@dataclass
class Production:
    """gunicorn serving production on ``port``, until ``stop()`` (or the end of the ``with``)."""

    port: int
    server: subprocess.Popen[bytes] | None

    def workers(self) -> int:
        """How many workers gunicorn.conf.py started."""
        return len(workers_of(self.server.pid)) if self.server is not None else 0

    def stop(self) -> None:
        if self.server is not None:
            self.server.terminate()
            self.server.wait(timeout=30)
            self.server = None


@contextmanager
def production(env: dict[str, str], pg_port: int = 0) -> Iterator[Production]:
    """Production as the benches measure it: a throwaway PostgreSQL cluster (unless
    DATABASE_URL is set), the migrations and the rule library, the collected, hashed and
    compressed static files, and gunicorn answering /healthz; all stopped at the end."""
    cluster = None
    if "DATABASE_URL" not in env:
        cluster = tempfile.mkdtemp(prefix="referee-bench-pg.")
        start = [str(ROOT / "scripts/pgtmp.sh"), "start", cluster, str(pg_port or free_port())]
        env["DATABASE_URL"] = subprocess.run(
            start, check=True, capture_output=True, text=True
        ).stdout.strip()
    running = Production(free_port(), None)
    try:
        manage = [sys.executable, "manage.py"]
        subprocess.run([*manage, "migrate", "--noinput", "-v0"], env=env, cwd=ROOT, check=True)
        subprocess.run([*manage, "load_rules"], env=env, cwd=ROOT, check=True, capture_output=True)
        subprocess.run(
            [*manage, "collectstatic", "--noinput", "-v0"], env=env, cwd=ROOT, check=True
        )
        running.server = start_gunicorn(env, running.port)
        wait_until_up(running.port, running.server)
        yield running
    finally:
        running.stop()
        if cluster is not None:
            subprocess.run([str(ROOT / "scripts/pgtmp.sh"), "stop", cluster], check=False)


def run(seconds: float) -> dict[str, object]:
    env = production_env()
    with production(env) as running:
        port = running.port
        rng = random.Random(2026)
        bodies = [json.dumps(random_table(rng)).encode() for _ in range(500)]
        before = count_cases(env)
        results: dict[str, object] = {}
        scored_ok = 0
        addresses = Addresses()
        everyone: list[Client] = []
        for concurrency in CONCURRENCY:
            # The endpoints take turns in short slices, so a change in the machine's speed
            # during the run (other tenants, CPU boost) falls on all alike. Each client keeps
            # its connection across them, as a browser keeps one to a site.
            clients = [Client(port, addresses) for _ in range(concurrency)]
            everyone += clients
            scores, healths, lives = [], [], []
            for _ in range(SLICES):
                scores.append(drive(clients, "POST", "/api/ofc/score/", bodies, seconds / SLICES))
                healths.append(drive(clients, "GET", "/healthz", [], seconds / SLICES))
                lives.append(drive(clients, "GET", "/livez", [], seconds / SLICES))
            for client in clients:
                client.close()
            score, health, live = summary(scores), summary(healths), summary(lives)
            scored_ok += int(score["ok"])
            results[f"c{concurrency}"] = {
                "score": score,
                "healthz": health,
                "livez": live,
                "ratio": score["rps"] / health["rps"] if health["rps"] else 0.0,
                "score_over_livez": score["rps"] / live["rps"] if live["rps"] else 0.0,
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
            rate_limit=True,
            keepalive=True,
            workers=running.workers(),
            connections_opened=sum(client.opened for client in everyone),
            resent=sum(client.resent for client in everyone),
            refused_429=sum(
                int(r[kind]["refused_429"])  # type: ignore[index, misc]
                for r in results.values()
                for kind in ("score", "healthz", "livez")
            ),
            ratio=top["ratio"],
            score_over_livez=top["score_over_livez"],
            p99_ms=top["score"]["p99_ms"],
            livez_p99_ms=top["livez"]["p99_ms"],
            errors=errors,
            lost=scored_ok - saved,
            saved_cases=saved,
            successful_scores=scored_ok,
        )
        return results


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
        f"gunicorn, {results['workers']} gevent workers (gunicorn.conf.py), PostgreSQL; rate limit "
        f"on, each client its own address; keep-alive; {args.seconds:g} s per endpoint and "
        f"concurrency, in {SLICES} alternating slices"
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
        print(f"{'scoring / livez throughput':34}{row['score_over_livez']:>10.2f}")
    print(
        f"successful scores {results['successful_scores']}, cases saved "
        f"{results['saved_cases']}, lost {results['lost']}, errors {results['errors']} "
        f"(429: {results['refused_429']}); connections opened {results['connections_opened']}, "
        f"requests sent again on a new one {results['resent']}"
    )


if __name__ == "__main__":
    main()
