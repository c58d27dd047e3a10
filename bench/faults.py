"""Fault test: match hands posted with retries while workers die and PostgreSQL stops.

Starts a throwaway PostgreSQL cluster and gunicorn (2 workers, gunicorn.conf.py) on 127.0.0.1,
as bench/load.py does. Clients create matches (POST /api/matches/) and add hands to them
(POST /api/matches/<id>/hands/ with X-Edit-Key), each write under its own Idempotency-Key. A
write that fails (a 5xx, a dropped connection, a timeout) is retried under the same key until
it is answered; now and then an answered write is sent again anyway, as a phone does when the
answer is lost on the way. Meanwhile a worker is killed (SIGKILL) several times and PostgreSQL
is stopped for a few seconds (pg_ctl stop, then start). At the end every match's stored hands
are read back:

- lost: hands answered 201 that are not stored;
- doubled: hands stored more than once for one key (stored hands no answered key accounts for),
  or matches created twice;
- errors_5xx_outside_outage: 5xx answers outside the database outage (and a second after it).

Both lost and doubled must be 0. All traffic stays on this machine; the run is bounded in time.

    python bench/faults.py [--seconds 30] [--clients 8] [--json]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import secrets
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.load import free_port, wait_until_up  # noqa: E402
from tests.referee.match_helpers import ANN, BOB_8, BOB_15, BOB_17  # noqa: E402

PGTMP = str(ROOT / "scripts/pgtmp.sh")
HANDS_PER_MATCH = 60
RESEND = 0.2  # the share of answered writes sent again, as if their answer were lost
GIVE_UP = 60.0  # seconds a client keeps retrying one write
OUTAGE = 4.0  # seconds PostgreSQL stays stopped
KILLS = 4


def board(name: str, rows: dict[str, str]) -> dict[str, str]:
    return {"name": name, "top": rows["top"], "middle": rows["middle"], "bottom": rows["bottom"]}


# OFC-BETA 8.1-8.3, and the same boards with the seats swapped: the totals stay near 0, so a
# match never ends before its hands are in.
HANDS = [{"players": [board("Ann", ANN), board("Bob", bob)]} for bob in (BOB_8, BOB_15, BOB_17)] + [
    {"players": [board("Ann", bob), board("Bob", ANN)]} for bob in (BOB_8, BOB_15, BOB_17)
]
MATCH = {"ruleset": "pineapple-2p-v1", "players": ["Ann", "Bob"], "dealer": "Ann"}


@dataclass
class Seen:
    """What the clients saw, shared between their threads."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    statuses: list[tuple[float, int]] = field(default_factory=list)  # (when, status; 0: none)
    requests: int = 0
    retries: int = 0
    resends: int = 0
    replays_differing: int = 0
    gave_up: int = 0
    unexpected: Counter[int] = field(default_factory=Counter)
    matches: dict[str, set[int]] = field(default_factory=dict)  # id -> hand numbers answered
    hand_keys: int = 0  # hands answered, one per key

    def note(self, status: int) -> None:
        with self.lock:
            self.requests += 1
            self.statuses.append((time.monotonic(), status))


def send(port: int, path: str, body: dict, headers: dict[str, str]) -> tuple[int, bytes, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request(
            "POST", path, json.dumps(body), {"Content-Type": "application/json", **headers}
        )
        response = conn.getresponse()
        return response.status, response.read(), {k.lower(): v for k, v in response.getheaders()}
    except (OSError, http.client.HTTPException):
        return 0, b"", {}
    finally:
        conn.close()


def write(port: int, seen: Seen, rng: random.Random, path: str, body: dict, edit: str = "") -> dict:
    """One write under one key, retried until it is answered; its answer's JSON ({} if none)."""
    headers = {"Idempotency-Key": str(uuid.uuid4())}
    if edit:
        headers["X-Edit-Key"] = edit
    deadline = time.monotonic() + GIVE_UP
    first = True
    while True:
        status, content, answer_headers = send(port, path, body, headers)
        seen.note(status)
        if not first:
            with seen.lock:
                seen.retries += 1
        first = False
        if status in (200, 201):
            break
        if 400 <= status < 500:
            with seen.lock:
                seen.unexpected[status] += 1
            return {}
        if time.monotonic() > deadline:
            with seen.lock:
                seen.gave_up += 1
            return {}
        time.sleep(0.2 + rng.random() * 0.3)  # a dropped connection, a 503: back off, retry
    if rng.random() < RESEND:  # the answer "was lost": the same write again
        again, again_content, again_headers = send(port, path, body, headers)
        seen.note(again)
        with seen.lock:
            seen.resends += 1
            if again in (200, 201) and (
                again_content != content or again_headers.get("idempotent-replayed") != "true"
            ):
                seen.replays_differing += 1
    return json.loads(content)


def client(port: int, seen: Seen, seed: int, stop: threading.Event) -> None:
    rng = random.Random(seed)
    while not stop.is_set():
        match = write(port, seen, rng, "/api/matches/", {**MATCH, "target": 10_000})
        if not match:
            continue
        with seen.lock:
            seen.matches[match["id"]] = set()
        for number in range(HANDS_PER_MATCH):
            if stop.is_set():
                return
            path = f"/api/matches/{match['id']}/hands/"
            added = write(port, seen, rng, path, HANDS[number % len(HANDS)], match["edit_key"])
            if added:
                with seen.lock:
                    seen.matches[match["id"]].add(added["hand"])
                    seen.hand_keys += 1


def workers_of(master: int) -> list[int]:
    children = Path(f"/proc/{master}/task/{master}/children")
    return [int(pid) for pid in children.read_text().split()] if children.exists() else []


def faults(
    server: subprocess.Popen[bytes], cluster: str, pg_port: int, seconds: float, log: list
) -> None:
    """Kill a worker now and then; stop PostgreSQL for OUTAGE seconds in the middle."""
    rng = random.Random(7)
    plan = sorted(
        [("kill", seconds * share) for share in (0.15, 0.3, 0.7, 0.85)][:KILLS]
        + [("outage", seconds * 0.45)]
    )
    began = time.monotonic()
    for what, at in plan:
        time.sleep(max(0.0, began + at - time.monotonic()))
        if what == "kill":
            pids = workers_of(server.pid)
            if pids:
                victim = rng.choice(pids)
                os.kill(victim, signal.SIGKILL)
                log.append(("kill", time.monotonic(), victim))
        else:
            down = time.monotonic()
            subprocess.run([PGTMP, "halt", cluster], check=True)
            time.sleep(OUTAGE)
            subprocess.run([PGTMP, "resume", cluster, str(pg_port)], check=True)
            log.append(("outage", down, time.monotonic()))


def stored_hands(port: int, match_id: str) -> list[int]:
    """Every hand the match stores, page by page of its history (hands_next)."""
    numbers: list[int] = []
    path: str | None = f"/api/matches/{match_id}/"
    while path:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            conn.request("GET", path)
            body = json.loads(conn.getresponse().read())
        finally:
            conn.close()
        numbers += [row["hand"] for row in body["hands"]]
        path = body["hands_next"]
    return numbers


def count_matches(env: dict[str, str]) -> int:
    code = (
        "import django; django.setup(); "
        "from referee.models import Match; print(Match.objects.count())"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=ROOT, check=True, capture_output=True, text=True
    )
    return int(out.stdout.strip())


def run(seconds: float, clients: int) -> dict[str, object]:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "referee.settings",
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DJANGO_SECURE_SSL_REDIRECT": "false",
        "REFEREE_RATE_LIMIT": "0",
        "REFEREE_LOG_LEVEL": "CRITICAL",  # the outage's tracebacks are expected here
    }
    env.pop("DATABASE_URL", None)
    cluster = tempfile.mkdtemp(prefix="referee-faults-pg.")
    pg_port = free_port()
    env["DATABASE_URL"] = subprocess.run(
        [PGTMP, "start", cluster, str(pg_port)], check=True, capture_output=True, text=True
    ).stdout.strip()
    server = None
    try:
        manage = [sys.executable, "manage.py"]
        subprocess.run([*manage, "migrate", "--noinput", "-v0"], env=env, cwd=ROOT, check=True)
        port = free_port()
        gunicorn = Path(sys.executable).with_name("gunicorn")
        server = subprocess.Popen(
            [str(gunicorn), "referee.wsgi", "--workers", "2", "--bind", f"127.0.0.1:{port}"],
            env=env,
            cwd=ROOT,
            stderr=subprocess.DEVNULL,  # gunicorn reports each killed worker
        )
        wait_until_up(port, server)
        seen, stop, log = Seen(), threading.Event(), []
        threads = [
            threading.Thread(target=client, args=(port, seen, seed, stop))
            for seed in range(clients)
        ]
        for thread in threads:
            thread.start()
        faults(server, cluster, pg_port, seconds, log)
        time.sleep(max(0.0, seconds * 0.15))
        stop.set()
        for thread in threads:
            thread.join()
        stored = {match_id: stored_hands(port, match_id) for match_id in seen.matches}
        matches_stored = count_matches(env)
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=30)
        subprocess.run([PGTMP, "stop", cluster], check=False)

    outages = [(down, up + 1.0) for what, down, up in log if what == "outage"]
    during = Counter(s for at, s in seen.statuses if any(a <= at <= b for a, b in outages))
    outside = Counter(s for at, s in seen.statuses if not any(a <= at <= b for a, b in outages))
    hands_answered = sum(len(numbers) for numbers in seen.matches.values())
    hands_stored = sum(len(numbers) for numbers in stored.values())
    lost = sum(len(seen.matches[m] - set(stored[m])) for m in seen.matches)
    doubled_hands = (
        hands_stored - sum(len(set(s) & seen.matches[m]) for m, s in stored.items())
    ) + (
        seen.hand_keys - hands_answered  # one key answered with two hand numbers
    )
    return {
        "seconds": seconds,
        "clients": clients,
        "requests": seen.requests,
        "retries": seen.retries,
        "resends": seen.resends,
        "replays_differing": seen.replays_differing,
        "matches": len(seen.matches),
        "matches_stored": matches_stored,
        "hands_answered": hands_answered,
        "hands_stored": hands_stored,
        "lost": lost,
        "doubled": doubled_hands + (matches_stored - len(seen.matches)),
        "gave_up": seen.gave_up,
        "unexpected_4xx": dict(seen.unexpected),
        "worker_kills": sum(what == "kill" for what, *_ in log),
        "outage_seconds": round(sum(up - 1.0 - down for down, up in outages), 1),
        "statuses_during_outage": {str(k): v for k, v in sorted(during.items())},
        "statuses_outside_outage": {str(k): v for k, v in sorted(outside.items())},
        "errors_5xx_outside_outage": sum(v for k, v in outside.items() if k >= 500),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the faults last")
    parser.add_argument("--clients", type=int, default=8, help="clients posting at once")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    results = run(args.seconds, args.clients)
    if args.json:
        print(json.dumps(results))
    else:
        print(
            f"gunicorn, 2 workers, PostgreSQL; {args.clients} clients for {args.seconds:g} s; "
            f"{results['worker_kills']} workers killed, PostgreSQL stopped "
            f"{results['outage_seconds']} s"
        )
        for name in (
            "requests", "retries", "resends", "replays_differing", "matches", "matches_stored",
            "hands_answered", "hands_stored", "lost", "doubled", "gave_up", "unexpected_4xx",
            "statuses_during_outage", "statuses_outside_outage", "errors_5xx_outside_outage",
        ):  # fmt: skip
            print(f"{name:28}{results[name]}")
    if results["lost"] or results["doubled"]:
        sys.exit(1)


if __name__ == "__main__":
    main()
