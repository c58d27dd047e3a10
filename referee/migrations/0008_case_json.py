# A case's JSON columns: written by orjson (referee/fastjson.py), which changes nothing in the
# database (SQLite copies the table, as it does for any altered field); and on PostgreSQL left
# out of ANALYZE. Nothing filters or sorts on them, yet each autoanalyze of the case log read
# some 10 KB of JSON for every sampled case to build statistics no query uses: 0.18 s of CPU on
# 10,000 cases, in which scoring answers waited (bench/load.py's p99).

import referee.fastjson
from django.db import migrations, models

NO_STATISTICS = (
    "ALTER TABLE referee_case ALTER COLUMN entered SET STATISTICS 0,"
    " ALTER COLUMN result SET STATISTICS 0, ALTER COLUMN rulings SET STATISTICS 0"
)
DEFAULT_STATISTICS = (
    "ALTER TABLE referee_case ALTER COLUMN entered SET STATISTICS -1,"
    " ALTER COLUMN result SET STATISTICS -1, ALTER COLUMN rulings SET STATISTICS -1"
)


def on_postgresql(sql):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql)

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("referee", "0007_rule_texts_ja"),
    ]

    operations = [
        migrations.AlterField(
            model_name="case",
            name="entered",
            field=models.JSONField(
                encoder=referee.fastjson.JsonEncoder,
                help_text="The input as entered, in the shape CASE_SCHEMA names",
            ),
        ),
        migrations.AlterField(
            model_name="case",
            name="result",
            field=models.JSONField(encoder=referee.fastjson.JsonEncoder),
        ),
        migrations.AlterField(
            model_name="case",
            name="rulings",
            field=models.JSONField(default=list, encoder=referee.fastjson.JsonEncoder),
        ),
        migrations.RunPython(on_postgresql(NO_STATISTICS), on_postgresql(DEFAULT_STATISTICS)),
    ]
