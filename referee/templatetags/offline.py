"""``{% offline_engine %}``: the scripts that give a page the phone's engine (issue 38), with its
files' addresses on the tag, and answer a game's form with it when the phone has no connection
(``answered_offline.js``); nothing before ``make bundle`` has built the engine."""

from __future__ import annotations

from django import template
from django.templatetags.static import static
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString

from referee.views.offline import CASE_ID, HOUSE_ID, engine_files

register = template.Library()


@register.simple_tag
def offline_engine() -> SafeString | str:
    files = engine_files()
    if files is None:
        return ""
    return format_html(
        '<script src="{}" data-engine="{}" data-pyodide="{}" data-bundle="{}" defer></script>\n'
        '  <script src="{}" data-cases="{}" data-case-page="{}" data-house-rules="{}" defer>'
        '</script>',
        static("js/answers.js"), files["engine"], files["pyodide"], files["bundle"],
        static("js/answered_offline.js"), reverse("api-case", args=[CASE_ID]),
        reverse("case-detail", args=[CASE_ID]), reverse("api-house-rule", args=[HOUSE_ID]),
    )  # fmt: skip


@register.simple_tag
def engine_built() -> bool:
    """Whether the phone's engine is built, so a page may say it works offline."""
    return engine_files() is not None
