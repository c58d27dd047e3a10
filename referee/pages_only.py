"""Middlewares that only pages need, skipped for the API's JSON.

Django runs every middleware for every request. Two do work for nothing on the API:
django-csp builds its policy (twice, with the report-only one) for every answer, a third of
``GET /livez``'s time, though a JSON answer is never rendered as a page (and
``X-Content-Type-Options: nosniff`` keeps a browser from taking it for one); the messages
framework makes its storage for every request, though the API shows no messages. These are
Django's and django-csp's own middlewares, told when to stand aside.
"""

from __future__ import annotations

import re

from csp.middleware import CSPMiddleware
from django.conf import settings
from django.contrib.messages.middleware import MessageMiddleware
from django.http import HttpRequest
from django.http.response import HttpResponseBase

API = "/api/"
# The engine's worker script, by its plain or its hashed name (the manifest storage's).
ENGINE_WORKER = re.compile(r"js/engine(\.[0-9a-f]{12})?\.js")


class PageCSPMiddleware(CSPMiddleware):
    """The Content-Security-Policy on everything but JSON.

    The phone's engine compiles WebAssembly in its worker (``static/js/engine.js``). A worker
    runs under the policy its own script came with, so that script alone may compile it
    (``'wasm-unsafe-eval'``); pages keep to ``'self'``.
    """

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if response.get("Content-Type", "").startswith("application/json"):
            return response
        path = request.path_info
        if path.startswith(settings.STATIC_URL) and ENGINE_WORKER.fullmatch(
            path[len(settings.STATIC_URL) :]
        ):
            response._csp_update = {"script-src": ["'wasm-unsafe-eval'"]}  # type: ignore[attr-defined]
        return super().process_response(request, response)


class PageMessageMiddleware(MessageMiddleware):
    """Django's messages on pages, none under /api/ (its answer is left alone: nothing stored)."""

    def process_request(self, request: HttpRequest) -> None:
        if not request.path_info.startswith(API):
            super().process_request(request)
