# The rule library in Japanese: each text of a document, article and house reading has a
# Japanese twin beside the English, blank where there is none (load_rules fills them).

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("referee", "0006_idempotency"),
    ]

    operations = [
        migrations.AddField(
            model_name="article",
            name="example_ja",
            field=models.TextField(blank=True),
        ),
        migrations.AddField(
            model_name="article",
            name="heading_ja",
            field=models.CharField(blank=True, max_length=200),
        ),
        migrations.AddField(
            model_name="article",
            name="section_ja",
            field=models.CharField(blank=True, max_length=200),
        ),
        migrations.AddField(
            model_name="article",
            name="text_ja",
            field=models.TextField(blank=True),
        ),
        migrations.AddField(
            model_name="document",
            name="summary_ja",
            field=models.TextField(blank=True),
        ),
        migrations.AddField(
            model_name="document",
            name="title_ja",
            field=models.CharField(blank=True, max_length=200),
        ),
        migrations.AddField(
            model_name="interpretation",
            name="question_ja",
            field=models.TextField(blank=True),
        ),
        migrations.AddField(
            model_name="interpretation",
            name="reading_ja",
            field=models.TextField(blank=True),
        ),
        migrations.AddField(
            model_name="interpretation",
            name="reasoning_ja",
            field=models.TextField(blank=True),
        ),
        migrations.AddField(
            model_name="interpretation",
            name="title_ja",
            field=models.CharField(blank=True, max_length=200),
        ),
    ]
