"""Migrations that move data keep it: cases saved before an upgrade read the same after it."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("referee", "0001_initial")]
AFTER = [("referee", "0002_case_cited_column")]


def migrate(targets: list[tuple[str, str]]):
    """Migrate the test database to `targets`; give the app registry as it is there."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_case_citation_rows_move_into_the_case_row_and_back():
    """0002 writes each case's citation rows into `cited`; undoing it writes the rows again."""
    try:
        apps = migrate(BEFORE)
        case = apps.get_model("referee", "Case").objects.create(
            game="island", entered={}, result={}, rulings=[]
        )
        uncited = apps.get_model("referee", "Case").objects.create(
            game="lazy", entered={}, result={}, rulings=[]
        )
        for citation in ("OPR-538 4.2", "H1"):
            apps.get_model("referee", "CaseCitation").objects.create(
                case=case, citation=citation, created=case.created
            )

        apps = migrate(AFTER)
        cases = apps.get_model("referee", "Case").objects
        assert cases.get(pk=case.pk).cited == "|OPR-538 4.2|H1|"
        assert cases.get(pk=uncited.pk).cited == ""

        apps = migrate(BEFORE)
        rows = apps.get_model("referee", "CaseCitation").objects.order_by("id")
        assert list(rows.values_list("case", "citation")) == [
            (case.pk, "OPR-538 4.2"),
            (case.pk, "H1"),
        ]
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())


def json_statistics() -> dict[str, int]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT attname, COALESCE(attstattarget, -1) FROM pg_attribute"  # NULL from 17 on
            " WHERE attrelid = 'referee_case'::regclass AND attname = ANY(%s)",
            [["entered", "result", "rulings", "cited"]],
        )
        return dict(cursor.fetchall())


@pytest.mark.skipif(connection.vendor != "postgresql", reason="statistics targets are PostgreSQL's")
@pytest.mark.django_db(transaction=True)
def test_analyze_skips_a_cases_json_and_undoing_0008_restores_it():
    """ANALYZE builds no statistics on the JSON columns (nothing filters on them); the citations
    column, which the case list filters on, keeps its statistics."""
    try:
        assert json_statistics() == {"entered": 0, "result": 0, "rulings": 0, "cited": -1}
        migrate([("referee", "0007_rule_texts_ja")])
        assert json_statistics() == {"entered": -1, "result": -1, "rulings": -1, "cited": -1}
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
    assert json_statistics()["result"] == 0


def json_compression() -> dict[str, str]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT attname, attcompression FROM pg_attribute"  # "" is the server's default
            " WHERE attrelid = 'referee_case'::regclass AND attname = ANY(%s)",
            [["entered", "result", "rulings", "cited"]],
        )
        return {name: method.strip("\x00") for name, method in cursor.fetchall()}


@pytest.mark.skipif(connection.vendor != "postgresql", reason="column compression is PostgreSQL's")
@pytest.mark.django_db(transaction=True)
def test_a_cases_json_is_compressed_with_lz4_and_undoing_0009_restores_the_default():
    """LZ4 ("l") on the JSON columns, which a case's row is mostly made of; the rest keep the
    server's default."""
    try:
        assert json_compression() == {"entered": "l", "result": "l", "rulings": "l", "cited": ""}
        migrate([("referee", "0008_case_json")])
        assert json_compression() == {"entered": "", "result": "", "rulings": "", "cited": ""}
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
    assert json_compression()["rulings"] == "l"
