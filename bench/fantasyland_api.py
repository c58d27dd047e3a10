"""POST /api/ofc/fantasyland/ for 17 cards with two Jokers, beside the setter alone.

Each fixed-seed hand (JOKER-OFC, trips' 17 cards, both Jokers) is set twice in the same run:
by ``scoring.setter.set_fantasyland`` alone, and by the whole API call through Django's test
client (parsing, validation, the setter, the case INSERT, the JSON answer) on a throwaway SQLite
database. The difference is what the web layer adds. No network: a proxy and gunicorn add
their own (bench/load.py measures those).

Production's settings: debug off with a secret key, HTTPS as behind one proxy
(X-Forwarded-Proto, REFEREE_PROXY_HOPS=1), and the rate limit on at its default (120 writes a
minute, counted and summed in the database on every POST): the client sends its own address in
X-Forwarded-For and takes a new one every 100 requests, so none is refused.

    python bench/fantasyland_api.py [--hands N] [--seed S] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import statistics
import sys
import tempfile
import time

from load import ROOT, Addresses  # bench/load.py, beside this file

sys.path.insert(0, str(ROOT))


def hands(count: int, seed: int) -> list[str]:
    from scoring.cards import DECK_52, format_cards

    rng = random.Random(seed)
    return [format_cards([*rng.sample(DECK_52, 15)]) + " X X" for _ in range(count)]


def percentiles(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {
        "median_ms": round(statistics.median(ordered), 2),
        "p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 2),
        "max_ms": round(ordered[-1], 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="fl-bench-")
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings")
    os.environ.pop("REFEREE_RATE_LIMIT", None)  # its default, as production
    os.environ.pop("DJANGO_SECURE_SSL_REDIRECT", None)
    os.environ.update(
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="testserver",
        REFEREE_PROXY_HOPS="1",
    )
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    from scoring.setter import set_fantasyland

    call_command("migrate", verbosity=0)
    client = Client()
    addresses = Addresses()

    def proxied(address: str) -> dict[str, str]:
        """The proxy's headers: HTTPS, and the client's address."""
        return {"HTTP_X_FORWARDED_PROTO": "https", "HTTP_X_FORWARDED_FOR": address}

    deals = hands(args.hands, args.seed)
    # One call of each first, untimed: imports, the URL map, the setter's tables.
    set_fantasyland("joker-ofc", deals[0])
    client.post("/api/ofc/fantasyland/", {"ruleset": "joker-ofc", "cards": deals[0]},
                content_type="application/json", **proxied(addresses.take()))  # fmt: skip
    engine, api = [], []
    for index, cards in enumerate(deals):
        if index % addresses.per_address == 0:  # a new client: none reaches the limit
            address = addresses.take()
        body = {"ruleset": "joker-ofc", "cards": cards}
        start = time.perf_counter()
        set_fantasyland("joker-ofc", cards)
        engine.append((time.perf_counter() - start) * 1000)
        headers = proxied(address)
        start = time.perf_counter()
        answer = client.post(
            "/api/ofc/fantasyland/", body, content_type="application/json", **headers
        )
        api.append((time.perf_counter() - start) * 1000)
        assert answer.status_code == 200, answer.content
    figures = {"hands": len(deals), "engine": percentiles(engine), "api": percentiles(api)}
    if args.json:
        print(json.dumps(figures))
        return
    print(f"{len(deals)} hands of 17 cards with two Jokers (JOKER-OFC), seed {args.seed}")
    print(f"{'':24}{'median':>11}{'p99':>11}{'max':>11}")
    for name, label in (("engine", "set_fantasyland alone"), ("api", "POST, case and answer")):
        row = figures[name]
        print(f"{label:24}" + "".join(f"{row[k]:>8} ms" for k in ("median_ms", "p99_ms", "max_ms")))


if __name__ == "__main__":
    main()
