"""The phone's offline engine (issue 38) as production serves it: what a phone downloads, how
soon the engine is ready from the cache, and how its answers' time compares with CPython's.

Production as bench/load.py starts it: a throwaway PostgreSQL cluster (unless DATABASE_URL is
set), the migrations and the rule library loaded, ``collectstatic`` into the manifest storage
with WhiteNoise's compressed copies, and gunicorn with the project's gunicorn.conf.py (gevent
workers, as many as it sets) on 127.0.0.1, ``DJANGO_DEBUG=false`` with a secret key. One change:
the redirect to HTTPS is off (``DJANGO_SECURE_SSL_REDIRECT=false``), since the browser speaks
plain HTTP to 127.0.0.1 and its service worker's own requests carry no proxy header (a service
worker may run there: 127.0.0.1 is a secure context). The engine is the one ``make bundle``
built (build/offline/): this script does not rebuild it. The browser is Debian's Chromium driven
by Playwright, a phone as tests/browser/conftest.py makes one (390x844, mobile, touch), with
service workers allowed.

1. Download: every address the service worker keeps (``kept_urls()``, read from the KEPT list
   of the /sw.js the server sends), each fetched from gunicorn over its own connection with
   ``Accept-Encoding: br, gzip`` and ``Accept-Language: en``; the bytes on the wire (status
   line, headers and body as sent, compressed where WhiteNoise has a compressed copy) are
   summed. The engine's share is Pyodide's files, engine.zip and engine.js. Target: at most
   8 MB (8,000,000 bytes). /sw.js itself is printed beside it, not counted.
2. Ready: the phone visits /rules/ once online and waits for ``html[data-offline=ready]``, for
   the worker's cache to hold every engine file and for ``html[data-offline-engine=ready]``
   (the page has loaded Pyodide and the engine in full once, in a worker of its own, and kept
   their start-up snapshot: static/js/engine.js); that wait is printed. Then the network is cut
   (``context.set_offline(True)``) and stays cut. Each round a new page (a new tab: nothing of
   the last one's engine in memory) loads /rules/ from the service worker's cache (the page is
   checked to be under its control) and times ``refereeEngine.start()``: the wall time the
   page sees from the call to the resolution; the worker's own ``ready`` ms and whether it
   restored the snapshot; and the page's clock at the end (from the navigation's start). Then
   that page asks one OFC table (the first answer a player gets after opening the page, while
   V8 is still compiling Pyodide's faster code) and is closed.
   Target: the start() wall time's median within 3 s. Playwright's offline mode holds back the
   page's and the workers' requests but not the browser's own check for a new /sw.js at each
   load (it reached gunicorn in trials), so gunicorn is stopped as the network is cut: nothing
   answers, as in airplane mode. The context sets no ``locale`` (as tests/browser/conftest.py):
   with one, Playwright writes Accept-Language into each request the service worker sees, and a
   kept answer that varies on it (/jsi18n/) no longer matches.
3. Answers: the same bodies to the browser's engine (offline, one page whose engine is started
   before the rounds and kept) and to CPython (``scoring.offline.answer``, as
   tests/referee/test_offline_engine.py calls it, in one subprocess for the run with the
   production settings), in English:
   - ofc: 3-player Joker OFC tables with two Jokers in random places (bench/ofc.py's
     ``random_table``), ruleset joker-ofc, a new table each answer;
   - island: bench/island.py's seven-player showdown with every variant on (Phantom Ship,
     three hole cards each, P1 calling), the same table each answer, as bench/island.py;
   - island_plain: its table without Phantom Ship (Playing the board, 21 hands a board);
   - fantasyland: 17-card deals with both Jokers (bench/fantasyland.py's ``deal``), set under
     joker-ofc, a new deal each answer.
   A new table each answer since both engines remember Joker rows they have resolved: one
   table answered again would time the memory, not the engine. Each round both sides first
   answer ``--warmup`` other bodies of each kind, then the same ``--answers`` bodies in the
   same order; the rounds' deals differ. The browser's time is the worker's own ``ms`` (the
   body's JSON in, the Python call, which makes the same ``scoring.offline.answer`` call, and
   the answer's JSON out; no message passing); CPython's is that span: ``json.loads``,
   ``answer``, ``json.dumps``. Each side's median is over every round's answers; the ratio is
   browser over CPython. The two answers must be the same, compared whole (the worker's
   message id, time and the body it echoes set aside; that body must be the one sent).
   Targets: ofc and fantasyland within 5x. The engine's page is kept, and before the rounds
   both sides answer one untimed round of other deals, because the first answers after a start
   run slower (in trials a 3-player table took about 5 ms for a second or so, then 3.3-3.6 ms,
   as V8 compiles Pyodide's faster code): the steady time is the engine's, and the first answer
   after a cached load is printed apart.

The browser and CPython take turns each round (the first alternating), so a change in the
machine's speed falls on both. Two cores: keep the rounds modest.

    python bench/offline.py [--rounds 5] [--answers 10] [--warmup 3] [--seed 2026] [--json]
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import fantasyland as fantasyland_bench  # bench/fantasyland.py, beside this file
import island as island_bench  # bench/island.py
import ofc as ofc_bench  # bench/ofc.py
from load import HOST, ROOT, production, production_env

sys.path.insert(0, str(ROOT))
from scoring.cards import format_cards  # noqa: E402

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# As tests/browser/conftest.py launches Chromium and makes a phone, service workers allowed.
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "service_workers": "allow",
}
LANGUAGE = "en"
KINDS = ("ofc", "island", "island_plain", "fantasyland")
GAME = {"ofc": "ofc", "island": "island", "island_plain": "island", "fantasyland": "fantasyland"}
READY = ("wall", "worker", "since_navigation", "first_answer")
LABELS = {
    "ofc": "3-player Joker OFC table",
    "island": "Island, 7 players, all variants",
    "island_plain": "  the same, no Phantom Ship",
    "fantasyland": "Fantasyland, 17 cards, 2 Jokers",
}
TARGET_BYTES = 8_000_000
TARGET_READY_MS = 3000.0
TARGET_RATIO = {"ofc": 5.0, "fantasyland": 5.0}
# The engine's files among the kept addresses: Pyodide's folder, the bundle, the worker.
ENGINE = re.compile(r"^/static/(offline/|js/engine(\.[0-9a-f]{12})?\.js$)")
KEPT = re.compile(r"var KEPT = (\[.*?\]);")


# --- the deals: the same bodies for the browser and for CPython --------------------------------


def ofc_body(rng: random.Random) -> dict[str, Any]:
    table = ofc_bench.random_table(rng)
    players = [
        {"name": b.name, "top": format_cards(b.top), "middle": format_cards(b.middle),
         "bottom": format_cards(b.bottom)}
        for b in table
    ]  # fmt: skip
    return {"ruleset": "joker-ofc", "players": players}


def island_body(phantom: bool) -> dict[str, Any]:
    """bench/island.py's ``phantom_table`` (or ``plain_table``) as the API's body."""
    board = island_bench.BOARD
    holes = island_bench.PHANTOM_HOLES if phantom else island_bench.PLAIN_HOLES
    body: dict[str, Any] = {
        "first_set": format_cards(board[0:2]),
        "second_set": format_cards(board[2:4]),
        "turn": format_cards(board[4:5]),
        "river": format_cards(board[5:7]),
        "players": [{"name": f"P{i}", "hole": hole} for i, hole in enumerate(holes, 1)],
        "table_size": 7,
    }
    if phantom:
        body.update(variants=island_bench.ALL_VARIANTS, phantom_ship={"caller": "P1"}, exchanged=7)
    else:
        body.update(
            variants=[v for v in island_bench.ALL_VARIANTS if v != "phantom_ship"], exchanged=3
        )
    return body


def fantasyland_body(rng: random.Random) -> dict[str, Any]:
    ruleset, size, jokers = fantasyland_bench.SIZES["17_jokers"]
    return {"ruleset": ruleset, "cards": format_cards(fantasyland_bench.deal(rng, size, jokers))}


def bodies(kind: str, round_: int, count: int, seed: int) -> list[dict[str, Any]]:
    """A round's bodies of one kind (its warm-up first); each round's deals its own."""
    rng = random.Random(f"{seed}-{kind}-{round_}")
    if kind == "ofc":
        return [ofc_body(rng) for _ in range(count)]
    if kind == "fantasyland":
        return [fantasyland_body(rng) for _ in range(count)]
    return [island_body(kind == "island") for _ in range(count)]


# --- CPython: one process for the run, a round at a time -------------------------------------


def worker(answers: int, warmup: int, seed: int) -> None:
    """CPython's side, one process for the whole run (as the browser keeps one worker): for each
    round number read from stdin, each kind's bodies answered by ``scoring.offline.answer``, the
    timed ones' ms and answers printed as one JSON line."""
    import gettext

    import django

    django.setup()
    from referee.offline import links, shapes
    from scoring.offline import answer

    shaped, linked = shapes(), links()
    t = gettext.translation("django", str(ROOT / "locale"), [LANGUAGE], fallback=True)
    for line in sys.stdin:
        out: dict[str, Any] = {}
        for kind in KINDS:
            game, times, said = GAME[kind], [], []
            for index, body in enumerate(bodies(kind, int(line), warmup + answers, seed)):
                text = json.dumps(body)
                start = time.perf_counter()
                got = json.dumps(answer(game, json.loads(text), LANGUAGE, shaped, linked, t))
                elapsed = (time.perf_counter() - start) * 1000
                if index >= warmup:
                    times.append(elapsed)
                    said.append(json.loads(got))
            out[kind] = {"ms": times, "answers": said}
        print(json.dumps(out), flush=True)


def start_cpython(env: dict[str, str], args: argparse.Namespace) -> subprocess.Popen[str]:
    me = [sys.executable, str(Path(__file__).resolve()), "--worker"]
    me += ["--answers", str(args.answers), "--warmup", str(args.warmup), "--seed", str(args.seed)]
    return subprocess.Popen(
        me, env=env, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )


def cpython_round(cpython: subprocess.Popen[str], round_: int) -> dict[str, Any]:
    assert cpython.stdin is not None and cpython.stdout is not None
    cpython.stdin.write(f"{round_}\n")
    cpython.stdin.flush()
    line = cpython.stdout.readline()
    if not line:
        raise SystemExit(f"CPython's side stopped (exit status {cpython.wait()})")
    return json.loads(line)


# --- the download: the kept addresses' bytes on the wire ----------------------------------------


def fetch(port: int, path: str) -> dict[str, Any]:
    """One GET over its own connection, as sent: bytes on the wire, status, encoding."""
    request = (
        f"GET {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nAccept-Encoding: br, gzip\r\n"
        f"Accept-Language: {LANGUAGE}\r\nUser-Agent: bench/offline.py\r\nConnection: close\r\n\r\n"
    )
    with socket.create_connection((HOST, port), timeout=30) as sock:
        sock.sendall(request.encode())
        chunks = []
        while chunk := sock.recv(1 << 16):
            chunks.append(chunk)
    raw = b"".join(chunks)
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    status = int(lines[0].split()[1])
    if "chunked" in headers.get("transfer-encoding", ""):
        body = dechunked(body)
    encoding = headers.get("content-encoding", "")
    size = len(gzip.decompress(body)) if encoding == "gzip" else len(body)
    return {"path": path, "status": status, "bytes": len(raw), "encoding": encoding or "none",
            "uncompressed": size, "body": body if path == "/sw.js" else b""}  # fmt: skip


def dechunked(body: bytes) -> bytes:
    out, rest = [], body
    while rest:
        size_line, _, rest = rest.partition(b"\r\n")
        size = int(size_line.split(b";")[0], 16)
        if size == 0:
            break
        out.append(rest[:size])
        rest = rest[size + 2 :]
    return b"".join(out)


def download(port: int) -> dict[str, Any]:
    worker_script = fetch(port, "/sw.js")
    if worker_script["status"] != 200:
        raise SystemExit(f"/sw.js answered {worker_script['status']}")
    found = KEPT.search(worker_script["body"].decode())
    if found is None:
        raise SystemExit("/sw.js has no KEPT list")
    kept = json.loads(found.group(1))
    files = [fetch(port, path) for path in kept]
    for got in files:
        got.pop("body")
        if got["status"] != 200:
            raise SystemExit(f"{got['path']} answered {got['status']}, not 200")
    engine = [got for got in files if ENGINE.match(got["path"])]
    if not any(got["path"].endswith(".zip") and "engine" in got["path"] for got in engine):
        raise SystemExit("the service worker keeps no engine.zip: run `make bundle` first")
    total = sum(got["bytes"] for got in files)
    engine_bytes = sum(got["bytes"] for got in engine)
    return {
        "addresses": len(files),
        "bytes": total,
        "uncompressed_bytes": sum(got["uncompressed"] for got in files),
        "engine_bytes": engine_bytes,
        "engine_share": engine_bytes / total,
        "engine_files": engine,
        "other_bytes": total - engine_bytes,
        "service_worker_bytes": worker_script["bytes"],
        "target_bytes": TARGET_BYTES,
        "target_met": total <= TARGET_BYTES,
    }


# --- the browser -------------------------------------------------------------------------------

CACHED = """(wanted) => caches.keys()
  .then((names) => Promise.all(names.map((name) => caches.open(name).then((c) => c.keys()))))
  .then((kept) => {
    const have = new Set(kept.flat().map((request) => new URL(request.url).pathname));
    return wanted.every((path) => have.has(path));
  })"""
START = """async () => {
  const began = performance.now();
  const ready = await window.refereeEngine.start();
  const now = performance.now();
  return {wall: now - began, worker: ready.ready, snapshot: ready.snapshot, since_navigation: now,
          controlled: navigator.serviceWorker.controller !== null};
}"""
ANSWER = """async ([game, bodies, language]) => {
  const said = [];
  for (const body of bodies) said.push(await window.refereeEngine.answer(game, body, language));
  return said;
}"""


def first_visit(page: Any, base: str, engine_paths: list[str]) -> float:
    """The first visit, online, until the page has its engine's start-up snapshot ready: the ms
    from the navigation's start (the first full load of Pyodide and the engine is in it)."""
    began = time.perf_counter()
    page.goto(base + "/rules/")
    page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=120_000)
    page.wait_for_function(CACHED, arg=engine_paths, timeout=120_000)
    page.wait_for_selector("html[data-offline-engine=ready]", state="attached", timeout=120_000)
    return (time.perf_counter() - began) * 1000


def cached_load(
    context: Any, base: str, first: dict[str, Any], failed: list[str]
) -> dict[str, Any]:
    """A new page loads /rules/ with the network cut; its engine started and timed, then asked
    one OFC table (the first answer a player gets); the page closed, its worker with it. What
    the page could not get is added to ``failed`` (the service worker's own tries of the
    network before its cache are not the page's)."""
    page = context.new_page()
    page.on("requestfailed", lambda request: failed.append(urlsplit(request.url).path))
    try:
        page.goto(base + "/rules/")
        page.wait_for_function("window.refereeEngine")
        ready = page.evaluate(START)
        if not ready["controlled"]:
            raise SystemExit("the offline page is not under the service worker's control")
        said = page.evaluate(ANSWER, ["ofc", [first], LANGUAGE])[0]
        if "answer" not in said:
            raise SystemExit(f"the first answer failed: {str(said)[:600]}")
        return {**ready, "first_answer": said["ms"]}
    finally:
        page.close()


def browser_round(page: Any, round_: int, args: argparse.Namespace) -> dict[str, Any]:
    """Each kind's bodies answered by the page's engine (started before the rounds)."""
    out: dict[str, Any] = {}
    for kind in KINDS:
        sent = bodies(kind, round_, args.warmup + args.answers, args.seed)
        said = page.evaluate(ANSWER, [GAME[kind], sent, LANGUAGE])
        times, answers = [], []
        for body, one in list(zip(sent, said, strict=True))[args.warmup :]:
            if "failed" in one or "ms" not in one:
                raise SystemExit(f"{kind}: the browser's engine failed: {str(one)[:600]}")
            times.append(one["ms"])
            # The answer as the API's (the worker's message also carries its id, its time and
            # the body it answered, which must be the one sent).
            answers.append({key: one[key] for key in ("answer", "errors") if key in one})
            if one.get("body", body) != body:
                answers[-1]["body_answered"] = one["body"]
        out[kind] = {"ms": times, "answers": answers}
    return out


# --- the run -------------------------------------------------------------------------------------


def difference(mine: Any, theirs: Any, path: str = "") -> str | None:
    """Where two answers first differ ("" when they are the same), for the report."""
    if isinstance(mine, dict) and isinstance(theirs, dict):
        for key in sorted(set(mine) | set(theirs)):
            if key not in mine or key not in theirs:
                return f"{path}.{key}: only in the {'browser' if key in mine else 'CPython'}'s"
            found = difference(mine[key], theirs[key], f"{path}.{key}")
            if found:
                return found
        return ""
    if isinstance(mine, list) and isinstance(theirs, list) and len(mine) == len(theirs):
        for index, (a, b) in enumerate(zip(mine, theirs, strict=True)):
            found = difference(a, b, f"{path}.{index}")
            if found:
                return found
        return ""
    return "" if mine == theirs else f"{path}: browser {mine!r:.200}, CPython {theirs!r:.200}"


def median(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0


def measure(args: argparse.Namespace) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    if not os.path.exists(CHROMIUM):
        raise SystemExit(
            "Chromium is not installed: apt-get install --no-install-recommends chromium"
        )
    env = {**production_env(), "DJANGO_SECURE_SSL_REDIRECT": "false"}
    with production(env, args.pg_port) as running:
        port = running.port
        base = f"http://{HOST}:{port}"
        figures: dict[str, Any] = {"download": download(port)}
        engine_paths = [got["path"] for got in figures["download"]["engine_files"]]

        ready: list[dict[str, Any]] = []
        browser_runs: list[dict[str, Any]] = []
        cpython_runs: list[dict[str, Any]] = []
        firsts = bodies("ofc", -1, args.rounds, args.seed)  # one a cached load, none timed else
        cpython = start_cpython(env, args)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
            context = browser.new_context(**PHONE)
            page = context.new_page()
            figures["prepared_ms"] = first_visit(page, base, engine_paths)
            context.set_offline(True)
            running.stop()  # nothing answers: the browser's /sw.js check included
            page.goto(base + "/rules/")  # the page that answers, its engine started once
            page.wait_for_function("window.refereeEngine")
            page.evaluate("window.refereeEngine.start()")
            browser_round(page, -2, args)  # an untimed round of other deals on each side
            cpython_round(cpython, -2)
            failed: list[str] = []  # what a cached load's page could not get
            for round_ in range(args.rounds):
                ready.append(cached_load(context, base, firsts[round_], failed))
                sides = ("browser", "cpython") if round_ % 2 == 0 else ("cpython", "browser")
                for side in sides:
                    if side == "browser":
                        browser_runs.append(browser_round(page, round_, args))
                    else:
                        cpython_runs.append(cpython_round(cpython, round_))
            context.close()
            browser.close()
        assert cpython.stdin is not None
        cpython.stdin.close()
        cpython.wait(timeout=30)

        wall = median([r["wall"] for r in ready])
        figures["ready"] = {
            "rounds_ms": [{key: r[key] for key in READY} for r in ready],
            "snapshots": [r["snapshot"] for r in ready],
            **{f"{key}_median_ms": median([r[key] for r in ready]) for key in READY},
            "failed_requests": sorted(set(failed)),
            "target_ms": TARGET_READY_MS,
            "target_met": wall <= TARGET_READY_MS,
        }
        figures["answers"] = {}
        for kind in KINDS:
            mine = [ms for run in browser_runs for ms in run[kind]["ms"]]
            theirs = [ms for run in cpython_runs for ms in run[kind]["ms"]]
            differ = [
                difference(b, c)
                for mine_run, their_run in zip(browser_runs, cpython_runs, strict=True)
                for b, c in zip(mine_run[kind]["answers"], their_run[kind]["answers"], strict=True)
            ]
            agree = not any(differ)
            errors = sum(
                "answer" not in one for run in cpython_runs for one in run[kind]["answers"]
            )
            ratio = median(mine) / median(theirs)
            row = {
                "answers": len(mine),
                "browser_median_ms": median(mine),
                "cpython_median_ms": median(theirs),
                "ratio": ratio,
                "agree": agree,
                "differing": sum(map(bool, differ)),
                "first_difference": next((d for d in differ if d), ""),
                "refused": errors,  # answered with errors: should be 0 (every deal is legal)
            }
            if kind in TARGET_RATIO:
                row["target_ratio"] = TARGET_RATIO[kind]
                row["target_met"] = ratio <= TARGET_RATIO[kind] and agree and not errors
            figures["answers"][kind] = row
        figures["rounds"] = args.rounds
        figures["answers_per_round"] = args.answers
        figures["warmup_per_round"] = args.warmup
        figures["targets_met"] = (
            figures["download"]["target_met"]
            and figures["ready"]["target_met"]
            and all(row.get("target_met", True) for row in figures["answers"].values())
        )
        return figures


def rounded(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: rounded(item) for key, item in value.items()}
    if isinstance(value, list):
        return [rounded(item) for item in value]
    return round(value, 3) if isinstance(value, float) else value


def met(flag: bool) -> str:
    return "met" if flag else "MISSED"


def report(figures: dict[str, Any]) -> None:
    down, ready = figures["download"], figures["ready"]
    print(
        f"Production (DEBUG off, manifest + WhiteNoise compression, gunicorn; the HTTPS "
        f"redirect off: plain HTTP to 127.0.0.1), Chromium as a phone; {figures['rounds']} "
        f"rounds, {figures['answers_per_round']} answers a kind a "
        f"round after {figures['warmup_per_round']} warm-up, browser and CPython alternating"
    )
    print(
        f"1. Download for offline use: {down['addresses']} kept addresses, Accept-Encoding br, gzip"
    )
    print(f"   {'file':48}{'bytes':>11}{'encoding':>10}{'unpacked':>11}")
    for got in down["engine_files"]:
        print(
            f"   {got['path']:48}{got['bytes']:>11,}{got['encoding']:>10}{got['uncompressed']:>11,}"
        )
    print(f"   {'engine (Pyodide, engine.zip, engine.js)':48}{down['engine_bytes']:>11,}"
          f"   {down['engine_share']:.1%} of the total")  # fmt: skip
    print(f"   {'the rest (rule library pages, styles, scripts)':48}{down['other_bytes']:>11,}")
    print(f"   {'total on the wire':48}{down['bytes']:>11,}"
          f"{'':>10}{down['uncompressed_bytes']:>11,}")  # fmt: skip
    print(f"   target at most {TARGET_BYTES:,} bytes: {met(down['target_met'])}"
          f"  (/sw.js itself: {down['service_worker_bytes']:,} bytes, not counted)")  # fmt: skip
    print("2. Cached load (network cut) to the engine ready, ms")
    print(
        f"   first visit (online) to the engine's start-up snapshot kept: "
        f"{figures['prepared_ms']:,.0f} ms (Pyodide and the engine loaded in full once)"
    )
    print(f"   {'round':8}{'start() wall':>14}{'worker ready':>14}{'snapshot':>10}"
          f"{'since navigation':>18}{'1st OFC answer':>16}")  # fmt: skip
    rounds = zip(ready["rounds_ms"], ready["snapshots"], strict=True)
    rows = [(str(index), {**r, "snapshot": kept}) for index, (r, kept) in enumerate(rounds, 1)]
    medians = {key: ready[f"{key}_median_ms"] for key in READY}
    rows.append(("median", {"snapshot": "", **medians}))
    for label, r in rows:
        print(f"   {label:8}{r['wall']:>14.0f}{r['worker']:>14.0f}{r['snapshot']:>10}"
              f"{r['since_navigation']:>18.0f}{r['first_answer']:>16.1f}")  # fmt: skip
    print(f"   target start() within {TARGET_READY_MS:.0f} ms: {met(ready['target_met'])}")
    failed = ", ".join(ready["failed_requests"]) or "none"
    print(f"   requests a cached load could not answer: {failed}")
    print("3. One answer, median ms: the browser's worker beside CPython, same bodies, same run")
    print(f"   {'':34}{'answers':>8}{'browser':>10}{'CPython':>10}{'ratio':>8}{'same':>6}  target")
    for kind, row in figures["answers"].items():
        target = (
            f"within {row['target_ratio']:g}x: {met(row['target_met'])}"
            if "target_ratio" in row
            else "-"
        )
        print(f"   {LABELS[kind]:34}{row['answers']:>8}{row['browser_median_ms']:>10.2f}"
              f"{row['cpython_median_ms']:>10.2f}{row['ratio']:>7.1f}x"
              f"{'yes' if row['agree'] else 'NO':>6}  {target}")  # fmt: skip
    for kind, row in figures["answers"].items():
        if row["differing"]:
            print(f"   {kind}: {row['differing']} answers differ; first at "
                  f"{row['first_difference']}")  # fmt: skip
    print(f"All targets met: {'yes' if figures['targets_met'] else 'NO'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="cached loads; answer rounds")
    parser.add_argument("--answers", type=int, default=10, help="timed answers a kind a round")
    parser.add_argument("--warmup", type=int, default=3, help="untimed answers a kind a round")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--pg-port", type=int, help="the throwaway cluster's port (default: free)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.rounds < 1 or args.answers < 1 or args.warmup < 1:
        parser.error("--rounds, --answers and --warmup take a whole number of 1 or more")
    if args.worker:
        worker(args.answers, args.warmup, args.seed)
        return
    figures = measure(args)
    if args.json:
        print(json.dumps(rounded(figures)))
        return
    report(figures)


if __name__ == "__main__":
    main()
