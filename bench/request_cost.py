"""What a request costs beside its engine: in process, production settings, the rate limit on.

Times, on PostgreSQL (a throwaway cluster, as bench/load.py starts one) and on SQLite (a temp
file), the same 3-player Joker OFC tables (two Jokers each, random places) six ways:

- engine: ``scoring.ofc.score_table`` alone, the cards parsed beforehand (as
  ``referee.games.ofc.OfcScoring.run`` calls it);
- api: ``POST /api/ofc/score/`` with the table as JSON;
- api_ja: the same with ``Accept-Language: ja`` (its rulings said in Japanese);
- page: the OFC page's htmx post, ``POST /ofc/`` with the fields the page's form sends
  (``players-1-top``...), ``HX-Request: true``, a fresh idempotency key as the page draws one,
  and a real CSRF token and cookie taken from a GET of the page (the CSRF check runs);
- match_hand: ``POST /api/matches/<id>/hands/`` with ``X-Edit-Key`` on a Joker OFC match of
  Ann, Bob and Cy made beforehand (untimed); Joker OFC matches last at most 2 rounds, so a new
  one is made after every 6 hands, and each hand finds 0 to 5 before it (a hand's cost grows
  with the hands before it: longer pineapple-ofc matches, up to 500 hands, cost more);
- livez: ``GET /livez``, the floor: every middleware, no database, no engine;
- first_statement: what a request's first statement costs at least: a connection lent (from the
  pool on PostgreSQL, with its health check), ``SELECT 1``, and given back as a request's end
  gives it back (``close_old_connections``);
- statement: ``SELECT 1`` on a connection already lent: each further round trip.

The floor of a scoring write (``floor_over_engine``): /livez, the engine and three statements
(the rate count's upsert on a lent connection and its sum, then the case's INSERT), with no
parsing, validation, answer or page: the least any scoring write that keeps its case and counts
its client can cost.

How production runs and what differs here: the production WSGI application
(``referee.wsgi.application``, the chunked-body wrapper included) is called with environ dicts
as gunicorn builds them behind a proxy (Host an allowed host, ``X-Forwarded-Proto: https`` with
``DJANGO_SECURE_SSL_REDIRECT`` on, ``X-Forwarded-For`` with ``REFEREE_PROXY_HOPS=1``), and every
response is read and closed, so ``request_finished`` hands the connection back to the pool as
under gunicorn. ``DJANGO_DEBUG=false``, a secret key, the manifest static storage, the rate
limit at its default (120 writes a minute): every write is counted and summed, each simulated
client with its own address (a new one every 100 writes, so none is refused: a 429 stops the
run). PostgreSQL uses the pool gunicorn.conf.py sets (``REFEREE_DB_POOL=20``), opened and the
worker warmed as ``post_worker_init`` does (``referee.warm``, then ``gc.freeze()``). Not here:
gevent (one request at a time, so there is nothing to switch to) and the network (bench/load.py
measures those). Django's test client is not used: it skips the CSRF check and keeps the
connection across requests instead of returning it to the pool.

Before every timed call the engine's row cache is cleared (``scoring.jokers.clear_cache``),
so each table is new to the engine in every kind alike. One subprocess per database per round,
the databases taking turns (the first alternating), so a change in the machine's speed falls on
both. Each request kind's median is over every round; the ratios are each median over the
engine's on the same database: wall-clock time first (what a client waits; the ``--json``
ratios), then this process's CPU time alone (``time.thread_time``: what the request path
computes here, without the wait on the database server), which is nearer an instruction count.
Database round trips: the statements Django logs for one request of each kind
(``CaptureQueriesContext``; BEGIN, COMMIT and SAVEPOINTs included).

    python bench/request_cost.py [--rounds 6] [--samples 40] [--pg-port P] [--json]
    python bench/request_cost.py --profile [--samples 200]  # cProfile: api, page, match_hand
"""

from __future__ import annotations

import argparse
import gc
import io
import json
import os
import random
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from load import ROOT, Addresses, free_port  # bench/load.py, beside this file

sys.path.insert(0, str(ROOT))

KINDS = ("engine", "api", "api_ja", "page", "match_hand", "livez", "first_statement", "statement")
LABELS = {
    "engine": "engine alone (score_table)",
    "api": "POST /api/ofc/score/",
    "api_ja": "  the same, in Japanese",
    "page": "POST /ofc/ (htmx)",
    "match_hand": "POST /api/matches/<id>/hands/",
    "livez": "GET /livez",
    "first_statement": "lend, SELECT 1, give back",
    "statement": "SELECT 1 on a lent connection",
}
# The floor of a scoring write as the issue asks for it: Django's path (/livez), the engine, and
# three statements (the rate count's upsert, on a connection lent for the request, and its sum,
# which cannot be one statement: referee/ratelimit.py; then the case INSERT).
FLOOR = ("livez", "engine", "first_statement", "statement", "statement")
HOST = "referee.example"
NAMES = ("Ann", "Bob", "Cy")
WARMUP = 5  # untimed requests of each kind first
DATABASES = ("postgresql", "sqlite")
# A Joker OFC match lasts 1 hand or 1 or 2 rounds (JOKER-OFC): 2 rounds of 3 players, 6 hands.
MATCH_HANDS = 6


# --- the worker: one database, one round -------------------------------------------------------


class FormFields(HTMLParser):
    """The fields of the page's htmx form (the one with hx-post), with the values it sends."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.fields: dict[str, str] = {}
        self.select: str | None = None  # the select being read
        self.chosen = False  # whether its value is settled (a selected option)
        self.options = 0  # options seen in it

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = {key: value or "" for key, value in attrs}
        if tag == "form" and "hx-post" in attr:
            self.inside = True
        if not self.inside:
            return
        name = attr.get("name", "")
        if tag == "input" and name and attr.get("type") not in ("submit", "button"):
            if attr.get("type") not in ("checkbox", "radio") or "checked" in attr:
                self.fields[name] = attr.get("value", "")
        elif tag == "textarea" and name:
            self.fields[name] = ""
        elif tag == "select" and name:
            self.fields[name], self.select, self.chosen, self.options = "", name, False, 0
        elif tag == "option" and self.select is not None and not self.chosen:
            self.options += 1
            if "selected" in attr or self.options == 1:  # the selected one, else the first
                self.fields[self.select] = attr.get("value", "")
                self.chosen = "selected" in attr

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        if tag == "select":
            self.select = None


class Browser:
    """Calls the WSGI application as gunicorn would behind a proxy; keeps a browser's cookies."""

    def __init__(self, app: Any, addresses: Addresses) -> None:
        self.app = app
        self.addresses = addresses
        self.address = addresses.take()
        self.writes = 0
        self.cookies: dict[str, str] = {}

    def environ(
        self, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None
    ) -> dict[str, Any]:
        if method != "GET":
            if self.writes == self.addresses.per_address:
                self.address, self.writes = self.addresses.take(), 0
            self.writes += 1
        environ: dict[str, Any] = {
            "REQUEST_METHOD": method,
            "SCRIPT_NAME": "",
            "PATH_INFO": path,
            "QUERY_STRING": "",
            "RAW_URI": path,
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "8000",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "127.0.0.1",  # the proxy
            "REMOTE_PORT": "40000",
            "wsgi.version": (1, 0),
            "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(body),
            "wsgi.input_terminated": True,
            "wsgi.errors": sys.stderr,
            "wsgi.multithread": False,
            "wsgi.multiprocess": True,
            "wsgi.run_once": False,
            "HTTP_HOST": HOST,
            "HTTP_X_FORWARDED_FOR": self.address,
            "HTTP_X_FORWARDED_PROTO": "https",
            "HTTP_ACCEPT_LANGUAGE": "en",
            "HTTP_USER_AGENT": "request_cost",
            "HTTP_CONNECTION": "keep-alive",
        }
        if body:
            environ["CONTENT_LENGTH"] = str(len(body))
        for name, value in (headers or {}).items():
            key = name.upper().replace("-", "_")
            environ[key if key == "CONTENT_TYPE" else f"HTTP_{key}"] = value
        return environ

    def call(self, environ: dict[str, Any]) -> tuple[int, dict[str, list[str]], bytes]:
        got: dict[str, Any] = {}

        def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None):
            got["status"], got["headers"] = int(status.split()[0]), headers
            return lambda data: None

        result = self.app(environ, start_response)
        try:
            body = b"".join(result)
        finally:
            if hasattr(result, "close"):
                result.close()
        headers: dict[str, list[str]] = {}
        for name, value in got["headers"]:
            headers.setdefault(name.lower(), []).append(value)
        return got["status"], headers, body

    def keep_cookies(self, headers: dict[str, list[str]]) -> None:
        for line in headers.get("set-cookie", []):
            name, _, value = line.split(";")[0].partition("=")
            self.cookies[name.strip()] = value.strip()

    def cookie_header(self) -> dict[str, str]:
        if not self.cookies:
            return {}
        return {"Cookie": "; ".join(f"{name}={value}" for name, value in self.cookies.items())}


def tables(seed: int, count: int) -> list[list[Any]]:
    """Random 3-player tables, each with two Jokers in random places (as bench/ofc.py)."""
    from scoring.cards import DECK_52, JOKER
    from scoring.ofc import PlayerBoard

    rng = random.Random(seed)
    made = []
    for _ in range(count):
        cards = rng.sample(DECK_52, 37)
        for _ in range(2):
            cards.insert(rng.randrange(len(cards) + 1), JOKER)
        made.append(
            [
                PlayerBoard(
                    name,
                    cards[13 * s : 13 * s + 3],
                    cards[13 * s + 3 : 13 * s + 8],
                    cards[13 * s + 8 : 13 * s + 13],
                )  # fmt: skip
                for s, name in enumerate(NAMES)
            ]
        )
    return made


def worker(round_: int, samples: int, database: str, profile: bool) -> dict[str, Any]:
    """One round on the database DATABASE_URL names: each kind timed ``samples`` times."""
    import django

    django.setup()
    from django.db import close_old_connections, connection
    from django.test.utils import CaptureQueriesContext

    from referee import warm
    from referee.idempotency import FIELD
    from referee.wsgi import application
    from scoring.cards import format_cards
    from scoring.jokers import clear_cache
    from scoring.ofc import score_table
    from scoring.rulesets import get_ruleset

    warm.warm_up()
    warm.open_pool()
    gc.freeze()

    base = (DATABASES.index(database) << 20) + (round_ << 14)
    browser = Browser(application, Addresses(base))
    ruleset = get_ruleset("joker-ofc")
    made = tables(1000 + round_, samples + WARMUP + 2)

    def json_body(table: list[Any]) -> bytes:
        players = [
            {"name": b.name, "top": format_cards(b.top), "middle": format_cards(b.middle),
             "bottom": format_cards(b.bottom)}
            for b in table
        ]  # fmt: skip
        return json.dumps({"ruleset": "joker-ofc", "players": players}).encode()

    # The page as a browser opens it: its CSRF cookie, its form's fields and token.
    status, headers, html = browser.call(browser.environ("GET", "/ofc/"))
    assert status == 200, (status, html[:500])
    browser.keep_cookies(headers)
    parser = FormFields()
    parser.feed(html.decode())
    form = parser.fields
    assert "csrfmiddlewaretoken" in form and "players-1-top" in form, sorted(form)

    def page_body(table: list[Any]) -> bytes:
        fields = {**form, "ruleset": "joker-ofc", FIELD: secrets.token_urlsafe(18)}
        for seat, board in enumerate(table):
            fields[f"players-{seat}-name"] = board.name
            for row in ("top", "middle", "bottom"):
                fields[f"players-{seat}-{row}"] = format_cards(getattr(board, row))
        return urlencode(fields).encode()

    page_headers = {
        "Content-Type": "application/x-www-form-urlencoded",
        "HX-Request": "true",
        "HX-Current-URL": f"https://{HOST}/ofc/",
        "HX-Target": "ofc",
        "Origin": f"https://{HOST}",
        "Referer": f"https://{HOST}/ofc/",
        "Sec-Fetch-Site": "same-origin",
    }
    api_headers = {"Content-Type": "application/json"}
    match: dict[str, str] = {}

    def new_match() -> None:
        body = {"ruleset": "joker-ofc", "players": list(NAMES), "dealer": NAMES[0], "rounds": 2}
        env = browser.environ("POST", "/api/matches/", json.dumps(body).encode(), api_headers)
        status, _, answer = browser.call(env)
        assert status == 201, (status, answer[:500])
        made_match = json.loads(answer)
        match.update(id=made_match["id"], key=made_match["edit_key"], hands="0")

    new_match()

    def request(kind: str, table: list[Any]) -> dict[str, Any] | None:
        """The environ of one request of this kind (None: the engine)."""
        if kind == "api":
            return browser.environ("POST", "/api/ofc/score/", json_body(table), api_headers)
        if kind == "api_ja":
            headers = {**api_headers, "Accept-Language": "ja"}
            return browser.environ("POST", "/api/ofc/score/", json_body(table), headers)
        if kind == "page":
            headers = {**page_headers, **browser.cookie_header()}
            return browser.environ("POST", "/ofc/", page_body(table), headers)
        if kind == "match_hand":
            if int(match["hands"]) >= MATCH_HANDS:
                new_match()  # untimed: made before this hand's environ
            match["hands"] = str(int(match["hands"]) + 1)
            path = f"/api/matches/{match['id']}/hands/"
            headers = {**api_headers, "X-Edit-Key": match["key"]}
            return browser.environ("POST", path, json_body(table), headers)
        if kind == "livez":
            return browser.environ("GET", "/livez")
        if kind == "statement":
            connection.ensure_connection()  # lent before the timing starts
        return None

    wanted = {"api": 200, "api_ja": 200, "page": 200, "match_hand": 201, "livez": 200}

    def run(kind: str, table: list[Any], environ: dict[str, Any] | None) -> None:
        if kind in ("first_statement", "statement"):
            with connection.cursor() as cursor:
                cursor.execute("SELECT 1")
            if kind == "first_statement":
                close_old_connections()  # as request_finished does: back to the pool
            return
        if environ is None:
            score_table(ruleset, table)
            return
        status, headers, answer = browser.call(environ)
        if status != wanted[kind]:
            raise SystemExit(f"{kind}: answered {status}, not {wanted[kind]}: {answer[:600]!r}")
        if kind == "api_ja" and "。".encode() not in answer:  # its rulings said in Japanese
            raise SystemExit(f"api_ja: answered without Japanese: {answer[:600]!r}")
        if kind == "page":  # scored, not the form again with its errors (also a 200)
            if b'data-testid="totals"' not in answer:
                raise SystemExit(f"page: answered without the scores: {answer[:600]!r}")
            browser.keep_cookies(headers)

    for table in made[:WARMUP]:
        for kind in KINDS:
            run(kind, table, request(kind, table))

    if profile:
        return profile_kinds(made, request, run, clear_cache)

    times: dict[str, list[float]] = {kind: [] for kind in KINDS}
    cpu: dict[str, list[float]] = {kind: [] for kind in KINDS}
    for index, table in enumerate(made[WARMUP : WARMUP + samples]):
        shift = index % len(KINDS)  # each kind takes each place in the turn alike
        for kind in KINDS[shift:] + KINDS[:shift]:
            environ = request(kind, table)
            clear_cache()
            start, start_cpu = time.perf_counter(), time.thread_time()
            run(kind, table, environ)
            times[kind].append((time.perf_counter() - start) * 1000)
            cpu[kind].append((time.thread_time() - start_cpu) * 1000)

    queries: dict[str, int] = {"engine": 0}
    statements: dict[str, list[str]] = {}
    last = made[-1]
    for kind in KINDS[1:]:
        environ = request(kind, last)
        with CaptureQueriesContext(connection) as captured:
            run(kind, last, environ)
        queries[kind] = len(captured.captured_queries)
        statements[kind] = [q["sql"][:160] for q in captured.captured_queries]
    return {"times_ms": times, "cpu_ms": cpu, "queries": queries, "statements": statements}


def profile_kinds(made, request, run, clear_cache) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    """cProfile of the api, page and match_hand kinds over every table, printed to stderr."""
    import cProfile
    import pstats

    for kind in ("api", "page", "match_hand"):
        profiler = cProfile.Profile()
        for table in made[WARMUP:]:
            environ = request(kind, table)
            clear_cache()
            profiler.enable()
            run(kind, table, environ)
            profiler.disable()
        for order, count in (("cumulative", 60), ("tottime", 30)):
            out = io.StringIO()
            stats = pstats.Stats(profiler, stream=out).strip_dirs().sort_stats(order)
            stats.print_stats(count)
            print(f"===== {kind}: by {order} =====", file=sys.stderr)
            print(out.getvalue(), file=sys.stderr)
    return {}


# --- the parent: databases, rounds, figures ---------------------------------------------------


def environment(url: str) -> dict[str, str]:
    env = {name: value for name, value in os.environ.items() if name != "REFEREE_RATE_LIMIT"}
    return {  # the rate limit at its default (120 a minute), as production
        **env,
        "DJANGO_SETTINGS_MODULE": "referee.settings",
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": SECRET,
        "DJANGO_ALLOWED_HOSTS": HOST,
        "REFEREE_PROXY_HOPS": "1",
        "REFEREE_DB_POOL": "20",  # as gunicorn.conf.py sets it (PostgreSQL only)
        "DATABASE_URL": url,
        "PYTHONHASHSEED": "0",
    }


SECRET = secrets.token_urlsafe(50)


def prepare(env: dict[str, str]) -> None:
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "--noinput", "-v0"], env=env, cwd=ROOT, check=True)
    subprocess.run([*manage, "load_rules"], env=env, cwd=ROOT, check=True, capture_output=True)


def median(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0


def measure(rounds: int, samples: int, pg_port: int | None, profile: bool) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="referee-cost."))
    cluster = None
    urls = {"sqlite": f"sqlite:///{folder / 'bench.sqlite3'}"}
    try:
        if os.environ.get("DATABASE_URL", "").startswith("postgres"):
            urls["postgresql"] = os.environ["DATABASE_URL"]
        else:
            cluster = tempfile.mkdtemp(prefix="referee-cost-pg.")  # pgtmp.sh gives it to postgres
            port = str(pg_port or free_port())
            start = [str(ROOT / "scripts/pgtmp.sh"), "start", cluster, port]
            out = subprocess.run(start, check=True, capture_output=True, text=True)
            urls["postgresql"] = out.stdout.strip()
        envs = {database: environment(url) for database, url in urls.items()}
        for env in envs.values():
            prepare(env)
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
            env=envs["sqlite"], cwd=ROOT, check=True,
        )  # fmt: skip
        me = [sys.executable, str(Path(__file__).resolve()), "--worker"]
        if profile:
            args = [*me, "postgresql", "--round", "0", "--samples", str(samples), "--profile"]
            subprocess.run(args, env=envs["postgresql"], cwd=ROOT, check=True)
            return {}
        times = {db: {kind: [] for kind in KINDS} for db in DATABASES}
        cpu = {db: {kind: [] for kind in KINDS} for db in DATABASES}
        queries: dict[str, dict[str, int]] = {}
        statements: dict[str, dict[str, list[str]]] = {}
        for round_ in range(rounds):
            order = DATABASES if round_ % 2 == 0 else DATABASES[::-1]
            for database in order:
                args = [*me, database, "--round", str(round_), "--samples", str(samples)]
                out = subprocess.run(
                    args,
                    env=envs[database],
                    cwd=ROOT,
                    check=True,
                    stdout=subprocess.PIPE,
                    text=True,
                )
                got = json.loads(out.stdout.strip().splitlines()[-1])
                for kind in KINDS:
                    times[database][kind] += got["times_ms"][kind]
                    cpu[database][kind] += got["cpu_ms"][kind]
                queries[database], statements[database] = got["queries"], got["statements"]
        medians = {db: {k: median(times[db][k]) for k in KINDS} for db in DATABASES}
        ratios = {
            db: {k: medians[db][k] / medians[db]["engine"] for k in KINDS if k != "engine"}
            for db in DATABASES
        }
        cpu_medians = {db: {k: median(cpu[db][k]) for k in KINDS} for db in DATABASES}
        cpu_ratios = {
            db: {k: cpu_medians[db][k] / cpu_medians[db]["engine"] for k in KINDS if k != "engine"}
            for db in DATABASES
        }
        pg = ratios["postgresql"]
        floor = {db: sum(medians[db][k] for k in FLOOR) / medians[db]["engine"] for db in DATABASES}
        return {
            "rate_limit": True,
            "rounds": rounds,
            "samples_per_round": samples,
            "median_ms": medians,
            "over_engine": ratios,
            "cpu_median_ms": cpu_medians,
            "cpu_over_engine": cpu_ratios,
            "queries": queries,
            "statements": statements,
            "api_over_engine": pg["api"],
            "page_over_engine": pg["page"],
            "match_hand_over_engine": pg["match_hand"],
            "livez_over_engine": pg["livez"],
            "floor_over_engine": floor["postgresql"],
            "floor_over_engine_sqlite": floor["sqlite"],
            "japanese_over_english": medians["postgresql"]["api_ja"] / medians["postgresql"]["api"],
        }
    finally:
        if cluster is not None:
            subprocess.run([str(ROOT / "scripts/pgtmp.sh"), "stop", cluster], check=False)
        shutil.rmtree(folder, ignore_errors=True)


def rounded(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: rounded(item) for key, item in value.items()}
    return round(value, 3) if isinstance(value, float) else value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6, help="subprocesses per database")
    parser.add_argument("--samples", type=int, default=40, help="requests per kind per round")
    parser.add_argument("--pg-port", type=int, help="the throwaway cluster's port (default: free)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--statements", action="store_true", help="print each kind's SQL")
    parser.add_argument("--profile", action="store_true", help="cProfile three kinds (PG)")
    parser.add_argument("--worker", choices=DATABASES, help=argparse.SUPPRESS)
    parser.add_argument("--round", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.samples < 1 or args.rounds < 1:
        parser.error("--rounds and --samples take a whole number of 1 or more")
    if args.worker:
        print(json.dumps(worker(args.round, args.samples, args.worker, args.profile)))
        return
    figures = measure(args.rounds, args.samples, args.pg_port, args.profile)
    if args.profile:
        return
    if args.json:
        figures.pop("statements")
        print(json.dumps(rounded(figures)))
        return
    print(
        f"In process, production settings, rate limit on (120/min, every write counted); "
        f"{args.rounds} rounds x {args.samples} requests a kind, databases alternating; "
        f"medians in ms"
    )
    print(f"{'request':32}{'PostgreSQL':>11}{'x engine':>9}{'trips':>6}"
          f"{'SQLite':>9}{'x engine':>9}{'trips':>6}")  # fmt: skip
    for kind in KINDS:
        cells = ""
        for db in DATABASES:
            ratio = figures["over_engine"][db].get(kind)
            cells += f"{figures['median_ms'][db][kind]:>{11 if db == 'postgresql' else 9}.3f}"
            cells += f"{ratio:>9.2f}" if ratio is not None else f"{'':>9}"
            cells += f"{figures['queries'][db].get(kind, 0):>6}"
        print(f"{LABELS[kind]:32}{cells}")
    print(
        f"PostgreSQL: api/engine {figures['api_over_engine']:.2f} (target 2.0), "
        f"page/engine {figures['page_over_engine']:.2f} (target 3.0), "
        f"match hand/engine {figures['match_hand_over_engine']:.2f} (target 3.0), "
        f"Japanese/English {figures['japanese_over_english']:.2f} (target 1.10)"
    )
    print(
        f"The floor of a scoring write (/livez + engine + 3 statements, nothing parsed, checked "
        f"or answered): {figures['floor_over_engine']:.2f}x the engine on PostgreSQL, "
        f"{figures['floor_over_engine_sqlite']:.2f}x on SQLite"
    )
    print("This process's CPU time alone (time.thread_time: no wait on the database server):")
    for kind in KINDS:
        cells = ""
        for db in DATABASES:
            ratio = figures["cpu_over_engine"][db].get(kind)
            cells += f"{figures['cpu_median_ms'][db][kind]:>{11 if db == 'postgresql' else 15}.3f}"
            cells += f"{ratio:>9.2f}" if ratio is not None else f"{'':>9}"
        print(f"{LABELS[kind]:32}{cells}")
    if args.statements:
        for db in DATABASES:
            for kind, sqls in figures["statements"][db].items():
                print(f"-- {db} {kind}: {len(sqls)}")
                for sql in sqls:
                    print(f"   {sql}")


if __name__ == "__main__":
    main()
