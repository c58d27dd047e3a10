"""{% idempotency_field %}: a form's hidden idempotency key, fresh each time the form is drawn.

A browser that sends the form again (a retry after a timeout, a double tap, a reload) sends
the same key, and the idempotency middleware answers it with the first answer.

A form that stays on the page after an htmx answer (a game page's form, whose verdict is
swapped in beside it) names its key ``{% idempotency_field "page-key" %}``; the answer then
carries ``{% idempotency_field "page-key" oob=True %}``, a fresh key that htmx swaps in out of
band (``hx-swap-oob``) in place of the one just sent, so the next submit is a new one.
"""

import secrets

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from referee.idempotency import FIELD

register = template.Library()


@register.simple_tag
def idempotency_field(id: str = "", oob: bool = False) -> SafeString:
    """The hidden field with a new key; ``id`` names it, ``oob`` marks it for htmx to swap in
    out of band (it needs the ``id`` of the field it replaces)."""
    if oob and not id:
        raise template.TemplateSyntaxError("an out-of-band key needs the id of the one it replaces")
    named = format_html(' id="{}"', id) if id else ""
    swapped = format_html(' hx-swap-oob="{}"', "true") if oob else ""
    key = secrets.token_urlsafe(18)
    return format_html('<input type="hidden" name="{}" value="{}"{}{}>', FIELD, key, named, swapped)
