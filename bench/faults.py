"""Fault test: phones post match hands with retries while workers die and PostgreSQL stops.

Starts a throwaway PostgreSQL cluster and gunicorn (2 workers, gunicorn.conf.py) on 127.0.0.1,
as production runs it: debug off, HTTPS as behind a proxy (X-Forwarded-Proto), the rate limit
on (REFEREE_RATE_LIMIT at its default), one trusted proxy hop (REFEREE_PROXY_HOPS=1), each
simulated phone with addresses of its own in X-Forwarded-For (IPv4, and every third phone IPv6,
each address in a /48 of its own). A phone keeps its connection open between requests, as a
browser does, and opens a new one after a drop, or before a request once it has been idle for
IDLE seconds (gunicorn closes idle ones at 5). Each address writes at most once every PACE
seconds, under the limit: a 429 is an error.

Phones sit at tables (alternately one phone and three): a table's phones add hands to one match
(POST /api/matches/<id>/hands/ with X-Edit-Key) at once, a new match (POST /api/matches/) when
it holds HANDS_PER_MATCH. Every write has its own Idempotency-Key and is retried under it after
a timeout, a 5xx or a dropped connection, now and then from the phone's other address (Wi-Fi
to cellular); some answered writes are sent again as if their answer was lost, and some are sent
from both addresses at once: each must replay the first answer (same body, Idempotent-Replayed).
Meanwhile workers are killed (SIGKILL; each kill waits until the instance's workers have all
started, as two kills within a start would leave it none), PostgreSQL is stopped for OUTAGE
seconds, and with --instances 2 (two gunicorn instances on one database, each with its own pid
file and control socket, the phones spread over both and sent to the other after a failure, as
a proxy does) one whole instance is killed (SIGKILL to its master and workers) and started again.

Every hand a phone sends is unique (its match's player names are, and its boards are one of 144
suit-relabelled OFC-BETA examples), so at the end every stored match and hand is read back from
the database and matched to what was sent by content and key, not by hand number:

- lost: a 201 whose hand is not stored under its number with the boards sent and its case
  (or a created match that is not stored);
- doubled: a hand or match stored more than once, or stored where nothing sent explains it;
- errors_5xx_outside_outage: any 5xx outside the outage (from PostgreSQL's stop to a second
  after it is back);
- unexpected_drops: dropped connections (and timeouts) not explained by a kill (on the killed
  instance while it starts again, or on a connection with no answer since a worker's kill) nor
  inside the outage;
- outage_answers_bad: a 503 without a whole-number Retry-After or, under /api/, without a JSON
  body {"errors": {"non_field_errors": [...]}}, or any other 5xx during the outage;
- rate_limited: 429s (the phones stay under the limit: none is expected);
- replays_differing, gave_up: a retry answered other than the first answer, a write given up.

Each of those must be 0 (else the exit status is 1). --sabotage shows the comparison at work:
before the read-back it deletes one answered hand, stores another twice and gives a third a
changed card, and the run must report lost 2 and doubled 2 (the totals accepted and stored stay
equal). All traffic stays on this machine; the run is bounded in time (a write is given up after
GIVE_UP seconds, a kill waits BOOT_WAIT at most).

    python bench/faults.py [--seconds 30] [--clients 24] [--instances 1|2] [--pg-port N]
                           [--sabotage] [--json]
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import itertools
import json
import os
import random
import secrets
import shutil
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
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.load import free_port, workers_of  # noqa: E402
from tests.referee.match_helpers import ANN, BOB_8, BOB_15, BOB_17  # noqa: E402

PGTMP = str(ROOT / "scripts/pgtmp.sh")
PROXIED = {"X-Forwarded-Proto": "https"}  # every request came through the proxy over HTTPS
HANDS_PER_MATCH = 60
TABLE_SIZES = (1, 3)  # phones at a table, in turn: one alone, then three posting to one match
RESEND = 0.2  # the share of answered writes sent again, as if their answer were lost
MOVE = 0.4  # the share of retries and resends sent from the phone's other address
TWIN = 0.05  # the share of writes sent from both of the phone's addresses at once
POLL = 0.1  # the share of hands after which a phone reads its match's standings
GIVE_UP = 60.0  # seconds a phone keeps retrying one write
OUTAGE = 4.0  # seconds PostgreSQL stays stopped
GRACE = 1.0  # seconds after PostgreSQL is back that still count as the outage
KILLS = 4  # workers killed
PACE = 0.6  # seconds between two writes from one address at least: 100 a minute, under 120
IDLE = 3.0  # seconds a kept connection may idle before it is replaced (gunicorn closes at 5)
TIMEOUT = 10.0  # seconds a request may take before it counts as dropped
RETRY_SOONER = 1.0  # a 503's Retry-After is honoured up to this many seconds (impatient phones)
START_WITHIN = 90.0  # seconds an instance may take to answer /healthz
BOOT_WAIT = 30.0  # seconds a kill waits for the instance's workers to have started, at most
KILL_SLACK = 0.2  # a connection answered no later than this after a kill may have died with it


# --- What the phones send ---

SUITS = "cdhs"
RELABELS = list(itertools.permutations(SUITS))  # 24 suit relabellings: the same hands' values
EXAMPLES = (BOB_8, BOB_15, BOB_17)
BASES = [(ANN, bob) for bob in EXAMPLES] + [(bob, ANN) for bob in EXAMPLES]
VARIANTS = len(BASES) * len(RELABELS)  # 144 distinct hands, each scored as its OFC-BETA example


def relabel(cards: str, suits: tuple[str, ...]) -> str:
    table = dict(zip(SUITS, suits, strict=True))
    return " ".join(card[:-1] + table[card[-1]] for card in cards.split())


def hand_body(names: list[str], variant: int) -> dict[str, Any]:
    """The variant-th hand of a match between ``names``: OFC-BETA 8.1-8.3 (seats swapped in
    half), suits relabelled; the totals stay near 0, so a match never ends early."""
    boards = BASES[variant % len(BASES)]
    suits = RELABELS[variant // len(BASES) % len(RELABELS)]
    return {
        "players": [
            {
                "name": name,
                **{row: relabel(board[row], suits) for row in ("top", "middle", "bottom")},
            }
            for name, board in zip(names, boards, strict=True)
        ]
    }


def content(players: list[dict[str, Any]]) -> tuple[tuple[str, ...], ...]:
    """A hand as stored or sent, comparable: each player's name and rows, cards in any order."""
    return tuple(
        sorted(
            (str(p.get("name")), *(" ".join(sorted(str(p.get(row, "")).split())) for row in
             ("top", "middle", "bottom")))
            for p in players
        )
    )  # fmt: skip


def addresses_of(index: int) -> tuple[str, str]:
    """A phone's Wi-Fi and cellular addresses: IPv4, or IPv6 (each in its own /48)."""
    if index % 3 == 2:
        return f"2001:db8:{0x1000 + index:x}:1::{index + 1:x}", f"2001:db8:{0x9000 + index:x}:2::1"
    return f"198.18.{index // 250}.{index % 250 + 1}", f"198.19.{index // 250}.{index % 250 + 1}"


# --- What the phones saw ---


@dataclass
class Answer:
    status: int  # 0: no answer
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    failure: str = ""  # "drop", "timeout" or "refused" when status is 0


@dataclass
class Drop:
    at: float
    instance: int
    since: float  # when the connection last answered (or was opened)
    kind: str


@dataclass
class Seen:
    """What the phones saw, shared between their threads."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    answers: list[tuple[float, int, bool]] = field(default_factory=list)  # when, status, 503 ok
    drops: list[Drop] = field(default_factory=list)
    requests: int = 0
    retries: int = 0
    moved_retries: int = 0
    resends: int = 0
    twins: int = 0
    replays_differing: int = 0
    gave_up: int = 0
    reconnects: int = 0
    failovers: int = 0
    polls: int = 0
    unexpected: Counter[int] = field(default_factory=Counter)
    bodies_5xx: dict[float, str] = field(default_factory=dict)  # when -> the answer's start
    # What was sent and answered, by key: the match's names, or the match and the hand.
    sent_matches: dict[tuple[str, ...], str] = field(default_factory=dict)  # names -> key
    answered_matches: dict[str, str] = field(default_factory=dict)  # key -> match id
    sent_hands: dict[tuple[Any, ...], str] = field(default_factory=dict)  # content -> key
    sent_hand_match: dict[str, tuple[str, tuple[Any, ...]]] = field(default_factory=dict)
    answered_hands: dict[str, tuple[int, str]] = field(default_factory=dict)  # key -> number, case

    def note(self, answer: Answer, path: str, at: float, conn: Conn | None) -> None:
        with self.lock:
            self.requests += 1
            if answer.status:
                self.answers.append((at, answer.status, good_503(answer, path)))
                if answer.status >= 500:
                    self.bodies_5xx[at] = answer.body[:120].decode("utf-8", "replace")
            elif conn is not None:
                self.drops.append(Drop(at, conn.instance, conn.since, answer.failure))


def good_503(answer: Answer, path: str) -> bool:
    """A 503 says when to come back and, under /api/, why in the API's error shape."""
    if answer.status != 503:
        return True
    if not answer.headers.get("retry-after", "").isdigit():
        return False
    if not path.startswith("/api/"):
        return True
    try:
        body = json.loads(answer.body)
        messages = body["errors"]["non_field_errors"]
    except (ValueError, KeyError, TypeError):
        return False
    return (
        set(body) == {"errors"}
        and answer.headers.get("content-type", "").startswith("application/json")
        and isinstance(messages, list)
        and bool(messages)
        and all(isinstance(m, str) and m for m in messages)
    )


# --- A phone ---


@dataclass
class Conn:
    http: http.client.HTTPConnection
    instance: int
    since: float
    used: float


class Phone:
    def __init__(self, index: int, servers: Servers, seen: Seen) -> None:
        self.index, self.servers, self.seen = index, servers, seen
        self.rng = random.Random(index)
        self.addresses = addresses_of(index)
        self.home = index % len(servers.ports)  # the instance a proxy would send it to
        self.conns: list[Conn | None] = [None, None]
        self.last_write = [0.0, 0.0]

    def connect(self, address: int) -> Conn | None:
        """A kept connection, or a new one to the home instance (else another, as a proxy
        fails over); None if no instance takes it (recorded as refused)."""
        conn = self.conns[address]
        if conn is not None and time.monotonic() - conn.used > IDLE:
            conn.http.close()
            conn = self.conns[address] = None
        if conn is not None:
            return conn
        count = len(self.servers.ports)
        for step in range(count):
            instance = (self.home + step) % count
            http_conn = http.client.HTTPConnection(
                "127.0.0.1", self.servers.ports[instance], timeout=TIMEOUT
            )
            try:
                http_conn.connect()
            except OSError:
                http_conn.close()
                now = time.monotonic()
                with self.seen.lock:
                    self.seen.drops.append(Drop(now, instance, now, "refused"))
                continue
            with self.seen.lock:
                self.seen.reconnects += 1
                self.seen.failovers += step > 0
            self.home = instance
            now = time.monotonic()
            conn = self.conns[address] = Conn(http_conn, instance, now, now)
            return conn
        return None

    def exchange(
        self, method: str, path: str, body: dict | None, headers: dict[str, str], address: int = 0
    ) -> Answer:
        """One request over the phone's connection for that address; a failure closes it."""
        if method != "GET":  # writes are paced, per address, under the rate limit
            wait = self.last_write[address] + PACE - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            self.last_write[address] = time.monotonic()
        conn = self.connect(address)
        if conn is None:
            answer = Answer(0, failure="refused")
            self.seen.note(answer, path, time.monotonic(), None)
            return answer
        sent = {**PROXIED, "X-Forwarded-For": self.addresses[address], **headers}
        if body is not None:
            sent["Content-Type"] = "application/json"
        try:
            conn.http.request(method, path, None if body is None else json.dumps(body), sent)
            response = conn.http.getresponse()
            data = response.read()
            answer = Answer(response.status, data, {k.lower(): v for k, v in response.getheaders()})
        except TimeoutError:
            answer = Answer(0, failure="timeout")
        except (OSError, http.client.HTTPException):
            answer = Answer(0, failure="drop")
        now = time.monotonic()
        self.seen.note(answer, path, now, conn)
        if answer.status:
            conn.since = conn.used = now
            if response.will_close:  # the server ended it, and said so: not a drop
                conn.http.close()
                self.conns[address] = None
        else:
            conn.http.close()
            self.conns[address] = None
            # As a proxy does, send what follows to another instance than the one that failed.
            count = len(self.servers.ports)
            self.home = (conn.instance + 1) % count
            with self.seen.lock:
                self.seen.failovers += count > 1
        return answer

    def twin(self, path: str, body: dict, headers: dict[str, str]) -> Answer:
        """The same write from both addresses at once: one must be done, the other replay it."""
        answers: list[Answer] = [Answer(0), Answer(0)]

        def send(address: int) -> None:
            answers[address] = self.exchange("POST", path, body, headers, address)

        other = threading.Thread(target=send, args=(1,))
        other.start()
        send(0)
        other.join()
        with self.seen.lock:
            self.seen.twins += 1
        done = [a for a in answers if a.status in (200, 201)]
        if len(done) == 2:
            replayed = sorted(a.headers.get("idempotent-replayed") == "true" for a in done)
            if done[0].body != done[1].body or replayed != [False, True]:
                with self.seen.lock:
                    self.seen.replays_differing += 1
        return done[0] if done else next((a for a in answers if a.status), answers[0])

    def write(self, path: str, body: dict, key: str, edit: str = "") -> dict | None:
        """One write under one key, retried until it is answered; its JSON, None if refused."""
        headers = {"Idempotency-Key": key}
        if edit:
            headers["X-Edit-Key"] = edit
        deadline = time.monotonic() + GIVE_UP
        address = 0
        if self.rng.random() < TWIN:
            answer = self.twin(path, body, headers)
        else:
            answer = self.exchange("POST", path, body, headers, address)
        while answer.status not in (200, 201):
            if 400 <= answer.status < 500 and answer.status != 429:
                with self.seen.lock:
                    self.seen.unexpected[answer.status] += 1
                return None
            if time.monotonic() > deadline:
                with self.seen.lock:
                    self.seen.gave_up += 1
                return None
            if answer.status in (429, 503):
                after = answer.headers.get("retry-after", "1")
                time.sleep(min(RETRY_SOONER, int(after) if after.isdigit() else 1))
            time.sleep(0.1 + self.rng.random() * 0.3)
            moved = self.rng.random() < MOVE
            address ^= moved
            with self.seen.lock:
                self.seen.retries += 1
                self.seen.moved_retries += moved
            answer = self.exchange("POST", path, body, headers, address)
        if self.rng.random() < RESEND:  # the answer "was lost": the same write again
            again = self.exchange("POST", path, body, headers, address ^ (self.rng.random() < MOVE))
            with self.seen.lock:
                self.seen.resends += 1
                if again.status in (200, 201) and (
                    again.body != answer.body
                    or again.status != answer.status
                    or again.headers.get("idempotent-replayed") != "true"
                ):
                    self.seen.replays_differing += 1
        result = json.loads(answer.body)
        return result if isinstance(result, dict) else None


# --- Tables: phones adding hands to one match ---


@dataclass
class Playing:
    id: str
    edit_key: str
    names: list[str]


class Table:
    def __init__(self, index: int) -> None:
        self.index = index
        self.lock = threading.Lock()
        self.match: Playing | None = None
        self.next = 0
        self.serial = 0

    def next_hand(self, phone: Phone, stop: threading.Event) -> tuple[Playing, int] | None:
        """The match to add to and which of its hands, a new match when this one is full."""
        with self.lock:
            if self.match is None or self.next >= HANDS_PER_MATCH:
                if stop.is_set():
                    return None
                self.match, self.next = self.start(phone), 0
                if self.match is None:
                    return None
            self.next += 1
            return self.match, self.next - 1

    def start(self, phone: Phone) -> Playing | None:
        self.serial += 1
        names = [f"Ann-{self.index}-{self.serial}", f"Bob-{self.index}-{self.serial}"]
        key = str(uuid.uuid4())
        seen = phone.seen
        with seen.lock:
            seen.sent_matches[tuple(names)] = key
        body = {"ruleset": "pineapple-2p-v1", "players": names, "dealer": names[0]}
        made = phone.write("/api/matches/", {**body, "target": 10_000}, key)
        if not made:
            return None
        with seen.lock:
            seen.answered_matches[key] = str(made["id"])
        return Playing(str(made["id"]), str(made["edit_key"]), names)


def play(phone: Phone, table: Table, stop: threading.Event) -> None:
    seen = phone.seen
    while not stop.is_set():
        given = table.next_hand(phone, stop)
        if given is None:
            continue
        match, variant = given
        body = hand_body(match.names, variant)
        key = str(uuid.uuid4())
        with seen.lock:
            seen.sent_hands[content(body["players"])] = key
            seen.sent_hand_match[key] = (match.id, content(body["players"]))
        path = f"/api/matches/{match.id}/hands/"
        added = phone.write(path, body, key, match.edit_key)
        if added:
            case = str(added.get("case", "")).rstrip("/").rsplit("/", 1)[-1]
            with seen.lock:
                seen.answered_hands[key] = (int(added["hand"]), case)
            if phone.rng.random() < POLL:  # a look at the standings, as the phone's page does
                phone.exchange("GET", f"/api/matches/{match.id}/", None, {})
                with seen.lock:
                    seen.polls += 1


# --- The servers and the faults ---


class Servers:
    """gunicorn instances on one database, each with its own port, pid file and control socket."""

    def __init__(self, count: int, env: dict[str, str], folder: str) -> None:
        self.env, self.folder = env, folder
        self.ports = [free_port() for _ in range(count)]
        self.procs: list[subprocess.Popen[bytes] | None] = [None] * count
        self.up = [False] * count

    def start(self, instance: int) -> None:
        """Start the instance and wait until it answers /healthz (self.up says if it did)."""
        gunicorn = Path(sys.executable).with_name("gunicorn")
        proc = self.procs[instance] = subprocess.Popen(
            [
                str(gunicorn), "referee.wsgi", "--workers", "2",
                "--bind", f"127.0.0.1:{self.ports[instance]}",
                "--pid", f"{self.folder}/gunicorn-{instance}.pid",
                "--control-socket", f"{self.folder}/gunicorn-{instance}.ctl",
            ],
            env=self.env,
            cwd=ROOT,
            stderr=subprocess.DEVNULL,  # gunicorn reports each killed worker
            start_new_session=True,  # its own process group: the whole instance can be killed
        )  # fmt: skip
        self.up[instance] = False
        deadline = time.monotonic() + START_WITHIN
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.ports[instance], timeout=2)
                conn.request("GET", "/healthz", headers=PROXIED)
                if conn.getresponse().status == 200:
                    self.up[instance] = True
                    return
            except OSError:
                pass
            time.sleep(0.1)

    def kill(self, instance: int) -> None:
        """The whole instance dies at once, master and workers (SIGKILL to its group)."""
        proc = self.procs[instance]
        if proc is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)

    def stop_all(self) -> None:
        for proc in self.procs:
            if proc is not None and proc.poll() is None:
                proc.terminate()
        for instance, proc in enumerate(self.procs):
            if proc is None:
                continue
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill(instance)
            with contextlib.suppress(ProcessLookupError):  # workers a dead master left
                os.killpg(proc.pid, signal.SIGKILL)


@dataclass
class Fault:
    what: str  # "kill" (a worker), "instance" (a whole gunicorn) or "outage"
    at: float
    until: float
    instance: int = 0


def booted(worker: int) -> bool:
    """Has this worker begun to serve? From its loop on, a gunicorn worker sets its heartbeat
    file's time to the monotonic clock (the file is made with the wall clock's)."""
    with contextlib.suppress(OSError):
        for fd in Path(f"/proc/{worker}/fd").iterdir():
            with contextlib.suppress(OSError):
                if "wgunicorn-" in os.readlink(fd):
                    return os.stat(fd).st_mtime < time.monotonic() + 60
    return False


def all_booted(servers: Servers, instance: int, within: float) -> bool:
    """Wait until every worker of the instance serves (a worker takes seconds to start)."""
    proc, deadline = servers.procs[instance], time.monotonic() + within
    while proc is not None and time.monotonic() < deadline:
        pids = workers_of(proc.pid)
        if pids and all(booted(pid) for pid in pids):
            return True
        time.sleep(0.1)
    return False


def time_boot(
    master: int, before: set[int], killed: float, boots: list[tuple[float, float]]
) -> None:
    """How long the killed worker's replacement takes to serve (given up after BOOT_WAIT)."""
    while time.monotonic() < killed + BOOT_WAIT:
        if any(booted(pid) for pid in set(workers_of(master)) - before):
            boots.append((killed, time.monotonic()))
            return
        time.sleep(0.1)


def faults(
    servers: Servers,
    cluster: str,
    pg_port: int,
    seconds: float,
    log: list[Fault],
    boots: list[tuple[float, float]],
) -> list[threading.Thread]:
    """Kill a worker now and then; stop PostgreSQL for OUTAGE seconds; with two instances or
    more, kill one whole instance once and start it again. Gives the threads timing the
    killed workers' replacements."""
    rng = random.Random(7)
    timers: list[threading.Thread] = []
    plan = [("kill", seconds * share) for share in (0.15, 0.3, 0.8, 0.9)][:KILLS]
    plan.append(("outage", seconds * 0.4))
    if len(servers.ports) > 1:
        plan.append(("instance", seconds * 0.65))
    began = time.monotonic()
    for what, at in sorted(plan, key=lambda step: step[1]):
        time.sleep(max(0.0, began + at - time.monotonic()))
        if what == "kill":
            # A worker dies while its siblings serve: not while one of them is still starting
            # (two kills within a start would leave the instance no worker at all).
            instance = rng.randrange(len(servers.ports))
            proc = servers.procs[instance]
            if proc is not None and all_booted(servers, instance, BOOT_WAIT):
                before = set(workers_of(proc.pid))
                now = time.monotonic()
                os.kill(rng.choice(sorted(before)), signal.SIGKILL)
                log.append(Fault("kill", now, now, instance))
                timer = threading.Thread(target=time_boot, args=(proc.pid, before, now, boots))
                timer.start()
                timers.append(timer)
        elif what == "instance":
            instance = len(servers.ports) - 1
            down = time.monotonic()
            servers.kill(instance)
            time.sleep(1.0)
            servers.start(instance)
            if not servers.up[instance]:
                raise SystemExit(f"gunicorn {instance} did not start again")
            log.append(Fault("instance", down, time.monotonic(), instance))
        else:
            down = time.monotonic()
            subprocess.run([PGTMP, "halt", cluster], check=True)
            time.sleep(OUTAGE)
            subprocess.run([PGTMP, "resume", cluster, str(pg_port)], check=True)
            log.append(Fault("outage", down, time.monotonic()))
    return timers


def explained(drop: Drop, log: list[Fault]) -> bool:
    """A failure a kill accounts for: on an instance while it was down or starting again, or
    on a connection to the killed worker's instance that had no answer since the kill."""
    for fault in log:
        if fault.what == "outage" or fault.instance != drop.instance:
            continue
        if fault.what == "instance" and fault.at <= drop.at <= fault.until + KILL_SLACK:
            return True
        if drop.kind != "refused" and drop.since < fault.at + KILL_SLACK <= drop.at + KILL_SLACK:
            return True
    return False


# --- Reading back what was stored ---

READ_BACK = """
import json, django
django.setup()
from django.db.models import Sum
from referee.models import Match, MatchHand, RateCount
print(json.dumps({
    "matches": [[str(i), p] for i, p in Match.objects.values_list("id", "players")],
    "hands": [
        [str(h.match_id), h.number, str(h.case_id), h.case.entered]
        for h in MatchHand.objects.select_related("case")
    ],
    "rate_buckets": RateCount.objects.values("bucket").distinct().count(),
    "rate_counted": RateCount.objects.aggregate(n=Sum("count"))["n"] or 0,
}))
"""


SABOTAGE = """
import json, sys, uuid, django
django.setup()
from referee.models import Case, MatchHand
(m1, n1), (m2, n2), (m3, n3) = json.loads(sys.argv[1])
MatchHand.objects.get(match_id=m1, number=n1).delete()  # an answered hand vanishes
copy = MatchHand.objects.select_related("case").get(match_id=m2, number=n2)  # one is stored twice
number = max(MatchHand.objects.filter(match_id=m2).values_list("number", flat=True)) + 1
case = copy.case
case.id, case._state.adding = uuid.uuid4(), True
case.entered = {**case.entered, "hand": number}
case.save(force_insert=True)
copy.pk, copy.number, copy.case, copy._state.adding = None, number, case, True
copy.save(force_insert=True)
changed = MatchHand.objects.select_related("case").get(match_id=m3, number=n3)  # a card changes
case = changed.case  # (a case is never changed: the hand is given a changed copy)
top = case.entered["players"][0]["top"].split()
top[-1] = ("6" if top[-1][0] == "7" else "7") + top[-1][1:]
case.entered["players"][0]["top"] = " ".join(top)
case.id, case._state.adding = uuid.uuid4(), True
case.save(force_insert=True)
MatchHand.objects.filter(pk=changed.pk).update(case=case)
"""


def sabotage(env: dict[str, str], seen: Seen) -> None:
    """Damage what was stored as a faulty server could, to show the comparison sees it: one
    answered hand deleted, one stored twice, one with a card changed (lost 2, doubled 2)."""
    chosen: list[tuple[str, int]] = []
    for key, (number, _) in sorted(seen.answered_hands.items()):
        spot = (seen.sent_hand_match[key][0], number)
        if spot not in chosen:
            chosen.append(spot)
        if len(chosen) == 3:
            break
    if len(chosen) < 3:
        raise SystemExit("--sabotage needs three answered hands")
    subprocess.run(
        [sys.executable, "-c", SABOTAGE, json.dumps(chosen)], env=env, cwd=ROOT, check=True,
        timeout=120,
    )  # fmt: skip


def read_back(env: dict[str, str]) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, "-c", READ_BACK], env=env, cwd=ROOT, check=True, capture_output=True,
        text=True, timeout=120,
    )  # fmt: skip
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def compare(seen: Seen, stored: dict[str, Any]) -> dict[str, int]:
    """Lost and doubled, matched by content and key (module docstring)."""
    # Matches: each sent under one key, named uniquely.
    copies = Counter(tuple(players) for _, players in stored["matches"])
    stored_ids = {match_id for match_id, _ in stored["matches"]}
    lost_matches = sum(mid not in stored_ids for mid in seen.answered_matches.values())
    doubled_matches = sum(n - (names in seen.sent_matches) for names, n in copies.items())
    # Hands: each sent under one key with unique content, to one match.
    at_number = {}
    placed = Counter()
    for match_id, number, case, entered in stored["hands"]:
        key = content(entered.get("players", []))
        consistent = entered.get("match") == match_id and entered.get("hand") == number
        at_number[match_id, number] = (key, case, consistent)
        placed[match_id, key] += 1
    lost_hands = 0
    for key, (number, case) in seen.answered_hands.items():
        match_id, sent = seen.sent_hand_match[key]
        if at_number.get((match_id, number)) != (sent, case, True):
            lost_hands += 1
    sent_pairs = set(seen.sent_hand_match.values())
    doubled_hands = sum(n - int(pair in sent_pairs) for pair, n in placed.items())
    return {
        "lost_matches": lost_matches,
        "lost_hands": lost_hands,
        "doubled_matches": doubled_matches,
        "doubled_hands": doubled_hands,
    }


# --- The run ---


def run(
    seconds: float, clients: int, instances: int, pg_port: int | None, damage: bool = False
) -> dict[str, object]:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "referee.settings",
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "REFEREE_PROXY_HOPS": "1",
        "REFEREE_LOG_LEVEL": "CRITICAL",  # the outage's tracebacks are expected here
    }
    for name in (
        "DATABASE_URL",
        "REFEREE_RATE_LIMIT",
        "REFEREE_DB_POOL",
        "DJANGO_SECURE_SSL_REDIRECT",
    ):
        env.pop(name, None)  # a cluster of its own; production's limit, pool and HTTPS redirect
    folder = tempfile.mkdtemp(prefix="referee-faults.")
    os.chmod(folder, 0o755)  # noqa: S103  the cluster's owner (postgres) reaches its folder
    cluster = f"{folder}/pg"
    pg_port = pg_port or free_port()
    env["DATABASE_URL"] = subprocess.run(
        [PGTMP, "start", cluster, str(pg_port)], check=True, capture_output=True, text=True
    ).stdout.strip()
    servers = Servers(instances, env, folder)
    seen, stop, log, boots = Seen(), threading.Event(), [], []
    try:
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v0"], env=env, cwd=ROOT,
            check=True,
        )  # fmt: skip
        starting = [threading.Thread(target=servers.start, args=(i,)) for i in range(instances)]
        for thread in starting:
            thread.start()
        for thread in starting:
            thread.join()
        if not all(servers.up):
            raise SystemExit("gunicorn did not start")
        tables, sizes = [], itertools.cycle(TABLE_SIZES)
        while sum(len(seats) for _, seats in tables) < clients:
            table = Table(len(tables))
            tables.append((table, [None] * next(sizes)))
        threads, index = [], 0
        for table, seats in tables:
            for _ in seats:
                if index < clients:
                    phone = Phone(index, servers, seen)
                    threads.append(threading.Thread(target=play, args=(phone, table, stop)))
                    index += 1
        began = time.monotonic()
        for thread in threads:
            thread.start()
        timers = faults(servers, cluster, pg_port, seconds, log, boots)
        time.sleep(max(0.0, began + seconds - time.monotonic()))
        stop.set()
        for thread in [*threads, *timers]:
            thread.join()
        if damage:
            sabotage(env, seen)
        stored = read_back(env)
    finally:
        stop.set()
        servers.stop_all()
        subprocess.run([PGTMP, "stop", cluster], check=False)
        shutil.rmtree(folder, ignore_errors=True)

    outages = [(f.at, f.until + GRACE) for f in log if f.what == "outage"]

    def in_outage(at: float) -> bool:
        return any(a <= at <= b for a, b in outages)

    ends = [f.until for f in log if f.what == "outage"]
    late_503 = [at - end for at, s, _ in seen.answers for end in ends if s == 503 and at > end]
    during = Counter(s for at, s, _ in seen.answers if in_outage(at))
    outside = Counter(s for at, s, _ in seen.answers if not in_outage(at))
    checked = sum(s == 503 for _, s, _ in seen.answers)
    bad = sum(1 for at, s, ok in seen.answers if (s == 503 and not ok) or (
        s >= 500 and s != 503 and in_outage(at)))  # fmt: skip
    drops = Counter(
        "explained" if explained(d, log) else "outage" if in_outage(d.at) else "unexpected"
        for d in seen.drops
    )
    kinds = Counter(d.kind for d in seen.drops)
    figures = compare(seen, stored)
    rate_limit_on = stored["rate_counted"] > 0
    return {
        "seconds": seconds,
        "clients": clients,
        "tables": len(tables),
        "instances": instances,
        "rate_limit": rate_limit_on,
        "rate_buckets": stored["rate_buckets"],
        "keepalive": True,
        "lost": figures["lost_hands"] + figures["lost_matches"],
        "doubled": figures["doubled_hands"] + figures["doubled_matches"],
        "errors_5xx_outside_outage": sum(v for k, v in outside.items() if k >= 500),
        "unexpected_drops": drops["unexpected"],
        "outage_answers_checked": checked,
        "outage_answers_bad": bad,
        "rate_limited": during[429] + outside[429],
        "accepted": len(seen.answered_hands),
        "stored": len(stored["hands"]),
        "matches_accepted": len(seen.answered_matches),
        "matches_stored": len(stored["matches"]),
        **figures,
        "worker_kills": sum(f.what == "kill" for f in log),
        "worker_start_seconds_max": round(max((b - a for a, b in boots), default=0.0), 1),
        # A worker that started while PostgreSQL was down (its pool opened during the outage).
        "workers_started_in_outage": sum(
            any(a < down_end and b > down_start for down_start, down_end in outages)
            for a, b in boots
        ),
        "instance_kills": sum(f.what == "instance" for f in log),
        "outage_seconds": round(sum(b - GRACE - a for a, b in outages), 1),
        "last_503_after_outage_seconds": round(max(late_503, default=0.0), 1),
        "requests": seen.requests,
        "retries": seen.retries,
        "moved_retries": seen.moved_retries,
        "resends": seen.resends,
        "twins": seen.twins,
        "replays_differing": seen.replays_differing,
        "polls": seen.polls,
        "reconnects": seen.reconnects,
        "failovers": seen.failovers,
        "drops": sum(drops.values()),
        "drops_explained_by_kills": drops["explained"],
        "drops_during_outage": drops["outage"],
        "drop_kinds": dict(kinds),
        "gave_up": seen.gave_up,
        "unexpected_4xx": {str(k): v for k, v in sorted(seen.unexpected.items())},
        "statuses_during_outage": {str(k): v for k, v in sorted(during.items())},
        "statuses_outside_outage": {str(k): v for k, v in sorted(outside.items())},
        "answers_5xx_outside_outage": dict(
            Counter(body for at, body in seen.bodies_5xx.items() if not in_outage(at))
        ),
    }


MUST_BE_ZERO = (
    "lost", "doubled", "errors_5xx_outside_outage", "unexpected_drops", "outage_answers_bad",
    "rate_limited", "replays_differing", "gave_up",
)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the phones post")
    parser.add_argument("--clients", type=int, default=24, help="phones posting at once")
    parser.add_argument("--instances", type=int, default=1, help="gunicorn instances (1 or 2)")
    parser.add_argument("--pg-port", type=int, default=None, help="PostgreSQL's port (a free one)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--sabotage",
        action="store_true",
        help="before reading back, delete one answered hand, store one twice and change a card "
        "of a third: the run must then report lost 2 and doubled 2",
    )
    args = parser.parse_args()
    if not 1 <= args.instances <= 2:
        parser.error("--instances is 1 or 2")
    if args.clients < 1 or args.seconds < 5:
        parser.error("--clients is 1 or more, --seconds 5 or more")
    results = run(args.seconds, args.clients, args.instances, args.pg_port, args.sabotage)
    if args.json:
        print(json.dumps(results))
    else:
        print(
            f"{args.instances} gunicorn x 2 workers, one PostgreSQL; {args.clients} phones at "
            f"{results['tables']} tables for {args.seconds:g} s; {results['worker_kills']} "
            f"workers killed, {results['instance_kills']} instances killed, PostgreSQL stopped "
            f"{results['outage_seconds']} s; rate limit on: {results['rate_limit']}"
        )
        for name, value in results.items():
            print(f"{name:28}{value}")
    if any(results[name] for name in MUST_BE_ZERO):
        sys.exit(1)


if __name__ == "__main__":
    main()
