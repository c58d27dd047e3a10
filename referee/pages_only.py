"""Middlewares that only pages need, skipped for the API's JSON.

Django runs every middleware for every request. Two do work for nothing on the API:
django-csp builds its policy (twice, with the report-only one) for every answer, a third of
``GET /livez``'s time, though a JSON answer is never rendered as a page (and
``X-Content-Type-Options: nosniff`` keeps a browser from taking it for one); the messages
framework makes its storage for every request, though the API shows no messages. These are
Django's and django-csp's own middlewares, told when to stand aside.
"""

from __future__ import annotations

from csp.middleware import CSPMiddleware
from django.contrib.messages.middleware import MessageMiddleware
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.templatetags.static import static

API = "/api/"
ENGINE_WORKER = "js/engine.js"


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
        if request.path_info == static(ENGINE_WORKER):
            response._csp_update = {"script-src": ["'wasm-unsafe-eval'"]}  # type: ignore[attr-defined]
        return super().process_response(request, response)


class PageMessageMiddleware(MessageMiddleware):
    """Django's messages on pages, none under /api/ (its answer is left alone: nothing stored)."""

    def process_request(self, request: HttpRequest) -> None:
        if not request.path_info.startswith(API):
            super().process_request(request)
