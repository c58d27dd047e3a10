# Each case says the shape of its `entered` record: the cases already stored are schema 1.

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("referee", "0002_case_cited_column")]

    operations = [
        migrations.AddField(
            model_name="case",
            name="schema",
            field=models.PositiveSmallIntegerField(default=1, editable=False),
            preserve_default=False,
        ),
        migrations.AlterField(
            model_name="case",
            name="schema",
            field=models.PositiveSmallIntegerField(default=2, editable=False),
        ),
        migrations.AlterField(
            model_name="case",
            name="entered",
            field=models.JSONField(
                help_text="The input as entered, in the shape CASE_SCHEMA names"
            ),
        ),
    ]
