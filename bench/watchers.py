"""Watchers: N phones poll a live match's standings every 1.5 s, as the page does, while hands
are added.

Starts a throwaway PostgreSQL cluster (unless DATABASE_URL is set) and gunicorn (the project's
gunicorn.conf.py: its gevent workers, as many as it sets) on 127.0.0.1 with production's settings
(bench/load.py: debug off, HTTPS behind one proxy, the rate limit on at its default, each phone
and the dealer with its own address in X-Forwarded-For), makes a 3-player match, then has N
phones poll /matches/<id>/standings/ every 1.5 seconds, each sending back the ETag it last got
over the connection it keeps open (as a browser does), while a hand is added every few seconds
through the API. Prints the polls served a second, the p50 and p99 latency, the share answered
304, the connections opened, and the errors. ``--period 2`` gives the load the target is set at
(500 phones, a poll every 2 s, p99 under 50 ms); the page itself polls every 1.5 s.

    python bench/watchers.py [--phones 500] [--seconds 20] [--period 1.5] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import random
import threading
import time

from load import (  # bench/load.py, beside this file
    PROXIED,
    Addresses,
    percentile,
    production,
    production_env,
)

PERIOD = 1.5  # seconds between a phone's polls (templates/matches/_standings.html)
# The first polls meet a server just started: every phone fetches the whole standings at once,
# and each worker draws them first. They are reported apart (warm-up), not in the steady p50 and
# p99; the workers open their connections and compile their templates before (referee/warm.py).
WARMUP = 4.0
HAND_EVERY = 10.0  # seconds between hands added (a real table takes minutes)
BOARDS = (  # OFC-BETA's worked table for three: Ann +12, Bob -11, Cy -1
    {"name": "Ann", "top": "Qs Qd 7c", "middle": "9s 9h 4c 4d 2s", "bottom": "Ah Jh 8h 6h 3h"},
    {"name": "Bob", "top": "Kc 8d 3s", "middle": "5s 5h 5c Ad 2h", "bottom": "6c 7d 8c 9c Td"},
    {"name": "Cy", "top": "As 5d 4h", "middle": "Jc Js 3c 3d Tc", "bottom": "Kh Kd Ks Qc Qh"},
)


ADDRESSES = Addresses()  # each phone's, the dealer's and the match maker's own


def request(port: int, method: str, path: str, body: bytes | None = None, **headers: str):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {**PROXIED, "Content-Type": "application/json", **headers}
    conn.request(method, path, body=body, headers=headers)
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response, data


def make_match(port: int) -> tuple[str, str]:
    body = {"ruleset": "pineapple-ofc", "players": ["Ann", "Bob", "Cy"], "dealer": "Ann",
            "rounds": 2}  # fmt: skip
    response, data = request(port, "POST", "/api/matches/", json.dumps(body).encode(),
                             **{"X-Forwarded-For": ADDRESSES.take()})  # fmt: skip
    made = json.loads(data)
    assert response.status == 201, made
    return made["id"], made["edit_key"]


class Phone:
    """One phone's connection, kept alive between polls as a browser keeps it (the server
    closes it after ``keepalive`` seconds idle, gunicorn.conf.py, longer than a period)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.address = ADDRESSES.take()  # its own, through the proxy
        self.stream: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
        self.opened = 0  # connections opened, the first included

    async def poll(self, path: str, etag: str) -> tuple[int, str]:
        """A GET sending the ETag it holds; over a new connection if the old one was closed."""
        for attempt in (1, 2):
            if self.stream is None:
                self.stream = await asyncio.open_connection("127.0.0.1", self.port)
                self.opened += 1
            try:
                return await self._get(path, etag)
            except (asyncio.IncompleteReadError, ConnectionError):
                self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _get(self, path: str, etag: str) -> tuple[int, str]:
        assert self.stream is not None
        reader, writer = self.stream
        match_header = f"If-None-Match: {etag}\r\n" if etag else ""
        proxy = "".join(f"{name}: {value}\r\n" for name, value in PROXIED.items())
        proxy += f"X-Forwarded-For: {self.address}\r\n"
        writer.write(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{proxy}{match_header}\r\n".encode()
        )
        await writer.drain()
        head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        headers = {
            name.strip().lower(): value.strip()
            for name, _, value in (line.partition(":") for line in head[1:] if line)
        }
        if headers.get("transfer-encoding", "").lower() == "chunked":
            while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
                await reader.readexactly(size + 2)
            await reader.readuntil(b"\r\n")
        else:
            await reader.readexactly(int(headers.get("content-length", "0")))
        if headers.get("connection", "").lower() == "close":
            self.close()
        return int(head[0].split()[1]), headers.get("etag") or etag

    def close(self) -> None:
        if self.stream is not None:
            self.stream[1].close()
            self.stream = None


def watch(
    port: int,
    match: str,
    phones: int,
    seconds: float,
    key: str,
    hand_every: float,
    period: float,
) -> dict[str, float]:
    """Run the phones (one event loop) and the dealer (a thread) for ``seconds``."""
    latencies: list[float] = []
    cold: list[float] = []
    counts = {"200": 0, "304": 0, "errors": 0, "hands": 0}
    began = time.perf_counter()
    warm = began + WARMUP
    deadline = warm + seconds
    path = f"/matches/{match}/standings/"

    connections = [Phone(port) for _ in range(phones)]

    async def phone(index: int) -> None:
        etag, connection = "", connections[index]
        await asyncio.sleep(random.Random(index).random() * period)  # not all in step
        while time.perf_counter() < deadline:
            start = time.perf_counter()
            try:
                status, etag = await connection.poll(path, etag)
                counts[str(status) if status in (200, 304) else "errors"] += 1
            except (OSError, asyncio.IncompleteReadError):
                counts["errors"] += 1
            elapsed = time.perf_counter() - start
            (latencies if start >= warm else cold).append(elapsed)
            await asyncio.sleep(max(0.0, period - elapsed))
        connection.close()

    async def table() -> None:
        await asyncio.gather(*(phone(index) for index in range(phones)))

    def dealer() -> None:
        body = json.dumps({"players": list(BOARDS)}).encode()
        address = ADDRESSES.take()  # a hand every few seconds: far below the limit
        time.sleep(WARMUP)
        while time.perf_counter() + hand_every < deadline:
            time.sleep(hand_every)
            response, _ = request(port, "POST", f"/api/matches/{match}/hands/", body,
                                  **{"X-Edit-Key": key, "X-Forwarded-For": address})  # fmt: skip
            counts["hands" if response.status == 201 else "errors"] += 1

    dealing = threading.Thread(target=dealer)
    dealing.start()
    asyncio.run(table())
    dealing.join()
    polls = counts["200"] + counts["304"]
    return {
        "phones": phones,
        "polls": polls,
        "polls_per_second": polls / (time.perf_counter() - began),
        "p50_ms": percentile(latencies, 0.50) * 1000,
        "p99_ms": percentile(latencies, 0.99) * 1000,
        "max_ms": max(latencies, default=0.0) * 1000,
        "warmup_p99_ms": percentile(cold, 0.99) * 1000,
        "share_304": counts["304"] / polls if polls else 0.0,
        "connections": sum(connection.opened for connection in connections),
        "hands_added": counts["hands"],
        "errors": counts["errors"],
    }


def run(phones: int, seconds: float, hand_every: float, period: float) -> dict[str, float]:
    env = production_env()
    with production(env) as running:
        match, key = make_match(running.port)
        results = watch(running.port, match, phones, seconds, key, hand_every, period)
        return {**results, "workers": running.workers(), "rate_limit": True, "keepalive": True}


def seconds(text: str) -> float:
    """A period of more than 0 seconds and less than forever (0 would poll without a pause)."""
    value = float(text)
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text}: give a number of seconds above 0, such as 2")
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--phones", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--hand-every", type=float, default=HAND_EVERY, help="seconds")
    parser.add_argument("--period", type=seconds, default=PERIOD, help="seconds between polls")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    results = run(args.phones, args.seconds, args.hand_every, args.period)
    if args.json:
        print(json.dumps(results, default=lambda value: round(value, 3)))
        return
    print(f"gunicorn, {results['workers']} gevent workers, PostgreSQL, rate limit on; "
          f"{args.phones} phones polling every {args.period:g} s "
          f"for {args.seconds:g} s after {WARMUP:g} s of warm-up, a hand added every "
          f"{args.hand_every:g} s")  # fmt: skip
    print(
        f"polls {results['polls']}, {results['polls_per_second']:.1f}/s; "
        f"p50 {results['p50_ms']:.1f} ms, p99 {results['p99_ms']:.1f} ms, "
        f"max {results['max_ms']:.1f} ms; 304 {results['share_304']:.0%}; "
        f"connections {results['connections']}; hands added {results['hands_added']}; "
        f"errors {results['errors']}"
    )
    print(f"warm-up (first {WARMUP:g} s, a cold server): p99 {results['warmup_p99_ms']:.1f} ms")


if __name__ == "__main__":
    main()
