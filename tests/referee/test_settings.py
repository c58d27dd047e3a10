"""Settings come from the environment; malformed values and unsafe set-ups refuse to start."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def start(**env: str) -> subprocess.CompletedProcess[str]:
    """Load the settings in a fresh interpreter with the given environment."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_URL"))}
    return subprocess.run(
        [
            sys.executable,
            "-c",
            "import django; django.setup(); from django.conf import settings;"
            " print(settings.DEBUG, settings.DATABASES['default']['ENGINE'])",
        ],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "referee.settings", **env},
        capture_output=True,
        text=True,
        check=False,
    )


def test_defaults_are_debug_on_sqlite():
    result = start()
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["True", "django.db.backends.sqlite3"]


def test_database_url_points_at_postgresql():
    result = start(DATABASE_URL="postgres://u:p@127.0.0.1:5432/referee")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[1] == "django.db.backends.postgresql"


def database(**env: str) -> dict[str, object]:
    """The default database's settings, as a fresh interpreter loads them from ``env``."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_URL"))}
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "import json, django; django.setup(); from django.conf import settings;"
            " print(json.dumps(settings.DATABASES['default'], default=str))",
        ],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "referee.settings", **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def test_a_pool_lends_postgresql_connections_when_gunicorn_asks_for_one():
    """gunicorn.conf.py sets REFEREE_DB_POOL for its gevent workers; without it each thread
    keeps its own connection, and SQLite never pools."""
    url = "postgres://u:p@127.0.0.1:5432/referee"
    pooled = database(DATABASE_URL=url, REFEREE_DB_POOL="6")
    assert pooled["CONN_MAX_AGE"] == 0
    # Django's backend and pool, which checks each connection it lends (CONN_HEALTH_CHECKS).
    assert (pooled["ENGINE"], pooled["CONN_HEALTH_CHECKS"]) == (
        "django.db.backends.postgresql",
        True,
    )
    assert pooled["OPTIONS"]["pool"] == {
        "min_size": 4,
        "max_size": 6,
        "timeout": 1,
        "reconnect_timeout": 1,
    }
    kept = database(DATABASE_URL=url)
    assert (kept["CONN_MAX_AGE"], "pool" in kept["OPTIONS"]) == (60, False)
    assert "pool" not in database(REFEREE_DB_POOL="6").get("OPTIONS", {})


def test_production_refuses_to_start_without_a_secret_key():
    result = start(DJANGO_DEBUG="false")
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is false" in result.stderr


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"DJANGO_DEBUG": "maybe"}, "DJANGO_DEBUG must be true or false"),
        ({"DJANGO_ALLOWED_HOSTS": "a.example,,b.example"}, "DJANGO_ALLOWED_HOSTS must be a comma"),
        ({"DJANGO_HSTS_SECONDS": "-5"}, "DJANGO_HSTS_SECONDS must be a whole number"),
        ({"REFEREE_DB_POOL": "many"}, "REFEREE_DB_POOL must be a whole number"),
    ],
)
def test_malformed_values_are_refused_with_what_is_accepted(env, message):
    result = start(**env)
    assert result.returncode != 0
    assert message in result.stderr


def test_production_with_a_secret_key_starts_with_debug_off():
    result = start(DJANGO_DEBUG="false", DJANGO_SECRET_KEY="x" * 50)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[0] == "False"


def test_deploy_check_reports_nothing_in_production_mode():
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_URL"))}
    env.update(
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY="a-long-random-production-secret-" + "k3y" * 12,
        DJANGO_ALLOWED_HOSTS="referee.example.com",
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_gunicorn_reads_the_project_config_and_freezes_start_up_objects():
    """gunicorn, started in the project folder, finds gunicorn.conf.py; each worker freezes."""
    from gunicorn.config import Config

    assert (ROOT / Config().settings["config"].default).is_file()
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            # As in a worker: the app (and so Django) loaded, then the hook.
            "import gc, runpy, types, django; django.setup();"
            " hooks = runpy.run_path('gunicorn.conf.py'); before = gc.get_freeze_count();"
            " hooks['post_worker_init'](types.SimpleNamespace());"
            " print(before, gc.get_freeze_count() > before)",
        ],
        cwd=ROOT,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "referee.settings"},
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.split() == ["0", "True"]


CONCURRENT_WRITERS = """
import threading, time, django
django.setup()
from django.db import connection, transaction
with connection.cursor() as cursor:
    cursor.execute("CREATE TABLE tally (n integer)")
failures = []

def writer():
    try:
        with transaction.atomic():  # read, then write: the upgrade that deadlocks when deferred
            with connection.cursor() as cursor:
                cursor.execute("SELECT count(*) FROM tally")
                time.sleep(0.3)
                cursor.execute("INSERT INTO tally VALUES (1)")
    except Exception as error:
        failures.append(str(error))
    finally:
        connection.close()

threads = [threading.Thread(target=writer) for _ in range(2)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
with connection.cursor() as cursor:
    cursor.execute("SELECT count(*) FROM tally")
    print(cursor.fetchone()[0], failures)
"""


def test_sqlite_writers_queue_instead_of_failing_with_database_is_locked(tmp_path):
    """Two requests that read then write at once on the SQLite default both succeed."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_URL"))}
    out = subprocess.run(
        [sys.executable, "-c", CONCURRENT_WRITERS],
        cwd=ROOT,
        env={
            **clean,
            "DJANGO_SETTINGS_MODULE": "referee.settings",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        },
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == "2 []"
