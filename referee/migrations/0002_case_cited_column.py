# Saving a case becomes one INSERT: its citations move from CaseCitation rows to Case.cited.

from django.db import migrations, models


def copy_citations(apps, schema_editor):
    """Write each case's citation rows into its `cited` column, in the order they were saved."""
    Case = apps.get_model("referee", "Case")
    CaseCitation = apps.get_model("referee", "CaseCitation")
    cited: dict[object, list[str]] = {}
    for case_id, citation in CaseCitation.objects.order_by("id").values_list("case", "citation"):
        cited.setdefault(case_id, []).append(citation)
    for case_id, citations in cited.items():
        Case.objects.filter(pk=case_id).update(cited=f"|{'|'.join(citations)}|")


def split_citations(apps, schema_editor):
    """Undo: one CaseCitation row per citation in `cited`."""
    Case = apps.get_model("referee", "Case")
    CaseCitation = apps.get_model("referee", "CaseCitation")
    CaseCitation.objects.bulk_create(
        CaseCitation(case_id=case_id, citation=citation, created=created)
        for case_id, cited, created in Case.objects.exclude(cited="").values_list(
            "id", "cited", "created"
        )
        for citation in cited.strip("|").split("|")
    )


class Migration(migrations.Migration):
    dependencies = [
        ("referee", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="case",
            name="cited",
            field=models.TextField(default="", editable=False),
        ),
        migrations.RunPython(copy_citations, split_citations),
        migrations.DeleteModel(
            name="CaseCitation",
        ),
    ]
