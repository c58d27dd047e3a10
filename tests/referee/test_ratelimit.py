"""Write requests are limited per client address, the count shared through the database."""

import pytest

from referee.ratelimit import RateWindow, client_address, count_write


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
    assert not RateWindow.objects.exists()


@pytest.mark.django_db
def test_old_minutes_are_forgotten_when_a_new_one_starts():
    count_write("10.0.0.1", 100)
    count_write("10.0.0.1", 100)
    assert count_write("10.0.0.1", 100) == 3
    assert count_write("10.0.0.9", 102) == 1
    assert list(RateWindow.objects.values_list("minute", flat=True)) == [102]


def test_the_address_behind_trusted_proxies(rf, settings):
    request = rf.post("/", HTTP_X_FORWARDED_FOR="203.0.113.9, 198.51.100.2", REMOTE_ADDR="10.0.0.1")
    settings.REFEREE_PROXY_HOPS = 0
    assert client_address(request) == "10.0.0.1"
    settings.REFEREE_PROXY_HOPS = 1
    assert client_address(request) == "198.51.100.2"
    settings.REFEREE_PROXY_HOPS = 2
    assert client_address(request) == "203.0.113.9"
