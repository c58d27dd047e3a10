"""QR codes as inline SVG, drawn on the server: a phone at the table scans, no script needed."""

from __future__ import annotations

import segno
from django.utils.safestring import SafeString, mark_safe


def qr_svg(data: str, title: str) -> SafeString:
    """An SVG of the QR code for ``data``, titled for screen readers, dark on light."""
    code = segno.make(data, error="m", micro=False)
    svg = code.svg_inline(scale=4, border=2, dark="#111111", light="#ffffff", title=title)
    # segno escapes the data and the title it was given; the result is only markup of its own.
    return mark_safe(svg)  # noqa: S308  # nosec B308 B703
