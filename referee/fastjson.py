"""JSON written by orjson: the case log's columns and the API's answers.

A scoring answer and its case are some 15 KB of JSON; the json module wrote them in about a
seventh of a scoring request's instructions (callgrind), orjson several times faster. An answer
is DRF's byte for byte, a column the same JSON value as before (compact now), but for a float
that is not a number, written as null rather than refused. A type orjson does not take itself
(lazy text, Decimal, dates, dataclasses) goes to the encoder it replaces, and so does whatever
orjson cannot write the json module's way (a key that is not text, an integer past 64 bits,
nesting past 254 levels): so what was written before is written the same, and what was refused
is refused still.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import orjson
from rest_framework.renderers import JSONRenderer
from rest_framework.utils.encoders import JSONEncoder as DrfEncoder

# Dates and dataclasses are left to the replaced encoder, which writes dates its own way and
# refuses dataclasses.
PASSTHROUGH = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS


def dumps(value: Any, default: Callable[[Any], Any]) -> bytes | None:
    """orjson's JSON for ``value``, or None where the replaced encoder must write it."""
    try:
        return orjson.dumps(value, default=default, option=PASSTHROUGH)
    except orjson.JSONEncodeError:
        return None


class JsonEncoder(json.JSONEncoder):
    """A JSONField's encoder (Django calls json.dumps with it) that writes with orjson."""

    def encode(self, o: Any) -> str:
        written = dumps(o, self.default)
        return super().encode(o) if written is None else written.decode()


_drf_default = DrfEncoder().default


class JsonRenderer(JSONRenderer):
    """DRF's JSON renderer, written by orjson in its default form (compact, UTF-8); an indent,
    or settings that ask for another form, are left to DRF."""

    def render(
        self,
        data: Any,
        accepted_media_type: str | None = None,
        renderer_context: dict[str, Any] | None = None,
    ) -> bytes:
        indent = self.get_indent(accepted_media_type or "", renderer_context or {})
        its_own_form = data is None or indent or self.ensure_ascii or not self.compact
        answer = None if its_own_form else dumps(data, _drf_default)
        if answer is None:
            return super().render(data, accepted_media_type, renderer_context)
        if b"\xe2" in answer:  # the first byte of U+2028 and U+2029 in UTF-8: a quick look
            # As DRF does: the two escaped, so the answer is also valid JavaScript.
            answer = answer.replace("\u2028".encode(), b"\\u2028").replace(
                "\u2029".encode(), b"\\u2029"
            )
        return answer
