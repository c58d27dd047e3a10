"""``{% offline_engine %}``: the script that gives a page the phone's engine (issue 38), with
its files' addresses on its tag; nothing before ``make bundle`` has built the engine."""

from __future__ import annotations

from django import template
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString

from referee.views.offline import engine_files

register = template.Library()


@register.simple_tag
def offline_engine() -> SafeString | str:
    files = engine_files()
    if files is None:
        return ""
    return format_html(
        '<script src="{}" data-engine="{}" data-pyodide="{}" data-bundle="{}" defer></script>',
        static("js/answers.js"), files["engine"], files["pyodide"], files["bundle"],
    )  # fmt: skip
