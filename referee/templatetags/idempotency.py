"""{% idempotency_field %}: a form's hidden idempotency key, fresh each time the form is drawn.

A browser that sends the form again (a retry after a timeout, a double tap, a reload) sends
the same key, and the idempotency middleware answers it with the first answer.
"""

import secrets

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from referee.idempotency import FIELD

register = template.Library()


@register.simple_tag
def idempotency_field() -> SafeString:
    return format_html(
        '<input type="hidden" name="{}" value="{}">', FIELD, secrets.token_urlsafe(18)
    )
