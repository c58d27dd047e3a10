"""Write requests are limited per client (an IPv4 address, or an IPv6 /64 and its /48) in any
60 seconds, the count shared through the database."""

import itertools
import threading
import uuid

import pytest
from django.db import connection, connections
from django.db.models import Sum
from hypothesis import HealthCheck, given
from hypothesis import settings as examples
from hypothesis import strategies as st

from referee.models import RateCount
from referee.ratelimit import KEEP, buckets_of, client_address, client_buckets, take


@pytest.fixture
def limit(settings):
    settings.REFEREE_RATE_LIMIT = 3
    return 3


@pytest.mark.django_db
def test_writes_beyond_the_limit_answer_429_with_retry_after(client, limit):
    answers = [client.post("/api/no-such-endpoint/", {}).status_code for _ in range(limit + 1)]
    assert answers[:limit] == [404] * limit
    assert answers[limit] == 429
    response = client.post("/api/no-such-endpoint/", {})
    assert response.status_code == 429
    assert 1 <= int(response["Retry-After"]) <= 60
    assert "at most 3 a minute" in response.json()["errors"]["non_field_errors"][0]


@pytest.mark.django_db
def test_pages_answer_429_as_text(client, limit):
    for _ in range(limit):
        client.post("/no-such-page/")
    response = client.post("/no-such-page/")
    assert response.status_code == 429
    assert response["Content-Type"].startswith("text/plain")


@pytest.mark.django_db
def test_reads_are_never_limited(client, limit):
    assert all(client.get("/healthz").status_code == 200 for _ in range(limit * 3))


@pytest.mark.django_db
def test_each_address_has_its_own_count(client, limit):
    for _ in range(limit):
        client.post("/api/x/", REMOTE_ADDR="10.0.0.1")
    assert client.post("/api/x/", REMOTE_ADDR="10.0.0.1").status_code == 429
    assert client.post("/api/x/", REMOTE_ADDR="10.0.0.2").status_code == 404


@pytest.mark.django_db
def test_zero_turns_the_limit_off(client, settings):
    settings.REFEREE_RATE_LIMIT = 0
    assert all(client.post("/api/x/").status_code == 404 for _ in range(10))
    assert not RateCount.objects.exists()


@pytest.mark.django_db
def test_old_seconds_are_purged(monkeypatch):
    monkeypatch.setattr("referee.ratelimit.secrets.randbelow", lambda n: 0)  # purge every time
    take(["10.0.0.1"], 3, T0)
    take(["10.0.0.1"], 3, T0 + KEEP - 1)
    assert RateCount.objects.count() == 2
    take(["10.0.0.9"], 3, T0 + KEEP + 1)
    assert sorted(RateCount.objects.values_list("second", flat=True)) == [
        T0 + KEEP - 1,
        T0 + KEEP + 1,
    ]


@pytest.mark.django_db
def test_a_write_costs_an_upsert_and_a_sum(client, limit, django_assert_num_queries, monkeypatch):
    monkeypatch.setattr("referee.ratelimit.secrets.randbelow", lambda n: 1)  # no purge this time
    with django_assert_num_queries(2):
        assert client.post("/api/x/", REMOTE_ADDR="2001:db8:9::1").status_code == 404


def test_the_address_behind_trusted_proxies(rf, settings):
    request = rf.post("/", HTTP_X_FORWARDED_FOR="203.0.113.9, 198.51.100.2", REMOTE_ADDR="10.0.0.1")
    settings.REFEREE_PROXY_HOPS = 0
    assert client_address(request) == "10.0.0.1"
    settings.REFEREE_PROXY_HOPS = 1
    assert client_address(request) == "198.51.100.2"
    settings.REFEREE_PROXY_HOPS = 2
    assert client_address(request) == "203.0.113.9"


@pytest.mark.django_db
def test_an_ipv6_client_is_counted_by_its_64(client, limit):
    """Rotating addresses inside one /64 shares one count; another /48 is another client."""
    for host in range(limit):
        client.post("/api/x/", REMOTE_ADDR=f"2001:db8:1:2::{host + 1:x}")
    assert client.post("/api/x/", REMOTE_ADDR="2001:db8:1:2:ffff:1:2:3").status_code == 429
    assert client.post("/api/x/", REMOTE_ADDR="2001:db8:2:3::1").status_code == 404


@pytest.mark.django_db
def test_the_64s_of_one_48_share_its_count(client, limit):
    """A site spreading its writes over many /64s of its /48 meets the limit all the same."""
    for subnet in range(limit):
        client.post("/api/x/", REMOTE_ADDR=f"2001:db8:7:{subnet:x}::1")
    assert client.post("/api/x/", REMOTE_ADDR="2001:db8:7:ff::1").status_code == 429
    assert client.post("/api/x/", REMOTE_ADDR="2001:db8:8:ff::1").status_code == 404


@pytest.mark.django_db
def test_forwarded_values_that_are_no_address_share_one_count(client, limit, settings):
    settings.REFEREE_PROXY_HOPS = 1
    for n in range(limit):
        client.post("/api/x/", HTTP_X_FORWARDED_FOR=f"junk-{n}")
    assert client.post("/api/x/", HTTP_X_FORWARDED_FOR="other junk").status_code == 429
    assert client.post("/api/x/", HTTP_X_FORWARDED_FOR="203.0.113.50").status_code == 404


def test_who_is_counted(rf):
    assert buckets_of("203.0.113.9") == ["203.0.113.9"]
    assert buckets_of("2001:DB8:1:2:aaaa:bbbb:cccc:dddd") == [
        "2001:db8:1:2::/64",
        "2001:db8:1::/48",
    ]
    assert buckets_of("::ffff:203.0.113.9") == ["203.0.113.9"]  # IPv4 through an IPv6 socket
    assert buckets_of("unknown") == buckets_of("") == buckets_of("1.2.3") == ["not-an-address"]
    assert client_buckets(rf.post("/", REMOTE_ADDR="10.1.2.3")) == ["10.1.2.3"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    "seconds",
    [(0,), (0.4, 1.1), (0, -30)],
    ids=["one second", "across a second's end", "a late write from 30 s before"],
)
def test_concurrent_writes_never_pass_the_limit(seconds):
    """60 writes at once from one client: no more than the limit get through (on PostgreSQL,
    where the writes really run at the same time), whether they fall in one second, in two, or
    one was timed long before it reached the database (a worker that waited for a connection)."""
    if connection.vendor != "postgresql":
        pytest.skip("SQLite runs one write at a time: the race needs PostgreSQL")
    through = []
    start = threading.Barrier(60)

    def write(now: float) -> None:
        try:
            start.wait()
            if take(["198.51.100.60"], 10, now) is None:
                through.append(1)
        finally:
            connections.close_all()

    times = [T0 + seconds[n % len(seconds)] for n in range(60)]
    threads = [threading.Thread(target=write, args=(now,)) for now in times]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # At most the limit; a burst may refuse a few more for an instant (the refused ones'
    # counts are undone after their sums), never let one more through.
    assert 1 <= len(through) <= 10
    counted = RateCount.objects.filter(bucket="198.51.100.60").aggregate(Sum("count"))
    assert counted["count__sum"] == len(through)


def allowed(client: str, times: list[float], limit: int) -> list[float]:
    """The times of the writes let through, of writes made at ``times`` (in order)."""
    return [at for at in times if take([client], limit, at) is None]


def most_in_any_minute(times: list[float]) -> int:
    """The most writes in any span of 60 seconds (spans starting at each write suffice)."""
    return max((sum(start <= at < start + 60 for at in times) for start in times), default=0)


T0 = 1_800_000_000.0  # a whole minute since the epoch: 30_000_000 * 60


@pytest.mark.django_db
def test_a_burst_at_a_minute_end_leaves_the_next_minute_shut():
    """The fixed window let 2 x limit through across a minute's end; the sliding one does not."""
    burst = [T0 + 59.9] * 3
    probes = [T0 + 60 + tenth / 10 for tenth in range(0, 700, 5)]  # every 0.5 s for 70 s
    through = allowed("203.0.113.1", burst + probes, 3)
    assert through[:3] == burst
    assert min(through[3:]) == T0 + 120.0  # second 59 of the first minute left at 2:00
    assert most_in_any_minute(through) == 3


@pytest.mark.django_db
def test_retry_after_says_when_one_more_fits():
    """The module's worked example: a 4th write at 12:01:07.4 may come back at 12:01:08."""
    start = T0 + 7.8  # "12:00:07.8"
    for at in (start, T0 + 62.0, T0 + 67.4):
        assert take(["203.0.113.2"], 3, at) is None
    assert take(["203.0.113.2"], 3, T0 + 67.4) == 1  # 12:01:07.4
    assert take(["203.0.113.2"], 3, T0 + 67.9) is not None  # 12:00:07 is still in
    assert take(["203.0.113.2"], 3, T0 + 68.0) is None  # gone at 12:01:08


@pytest.mark.django_db
def test_refused_writes_are_not_counted():
    for at in (T0, T0, T0 + 1):
        take(["203.0.113.3"], 2, at)
    assert RateCount.objects.filter(bucket="203.0.113.3").aggregate(total=Sum("count")) == {
        "total": 2
    }


@pytest.mark.django_db
@examples(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    limit=st.integers(1, 6),
    gaps=st.lists(
        st.one_of(st.just(0.0), st.floats(0, 2), st.floats(0, 70), st.sampled_from([0.01, 59.99])),
        min_size=1,
        max_size=40,
    ),
    offset=st.floats(0, 60),
)
def test_no_sixty_seconds_let_more_than_the_limit_through(limit, gaps, offset):
    """Whatever the timing, bursts at minute ends included; and a write is refused only when
    the limit's worth went through in the 61 seconds before it."""
    times = list(itertools.accumulate(gaps, initial=T0 + offset))[1:]
    client = f"198.51.100.{uuid.uuid4().int % 250}-{uuid.uuid4().hex[:8]}"
    through = allowed(client, times, limit)
    assert most_in_any_minute(through) <= limit
    for at in set(times) - set(through):
        assert sum(at - 61 < done <= at for done in through) >= limit


@pytest.mark.django_db
@pytest.mark.skipif(connection.vendor != "postgresql", reason="an UNLOGGED table is PostgreSQL's")
def test_the_counts_skip_postgresql_s_write_ahead_log():
    """A count need not outlive a crash, so its commit waits for no log flush (migration 0013)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT relpersistence FROM pg_class WHERE relname = %s", [RateCount._meta.db_table]
        )
        assert cursor.fetchone() == ("u",)
