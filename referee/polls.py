"""A poll of unchanged standings answered 304 before the rest of the middleware stack.

Every phone at a match polls its standings every 2 seconds, and nearly every answer is "not
modified". The view already answers that with one indexed lookup (``standings_etag``), but the
stack around it (sessions, CSRF, messages, the content policy...) cost more than the lookup.
This middleware sits just inside the request id and answers the same 304 from the same ETag,
in the language ``LocaleMiddleware`` would pick; anything else goes on down the stack.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.urls import Resolver404, resolve
from django.utils import translation
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.utils.http import quote_etag

from referee.views.matches import STANDINGS_VARY, standings_etag


class UnchangedStandingsMiddleware:
    """Answer 304 to a standings poll whose If-None-Match is still the current ETag."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if (
            request.method in ("GET", "HEAD")
            and request.path_info.endswith("/standings/")  # before resolving: it is cheaper
            and "If-None-Match" in request.headers
        ):
            answer = self._unchanged(request)
            if answer is not None:
                return answer
        return self.get_response(request)

    @staticmethod
    def _unchanged(request: HttpRequest) -> HttpResponse | None:
        try:
            found = resolve(request.path_info)
        except Resolver404:
            return None
        if found.url_name != "match-standings":
            return None
        with translation.override(translation.get_language_from_request(request)):
            etag = standings_etag(request, **found.kwargs)
        if etag is None:
            return None
        etag = quote_etag(etag)
        response = get_conditional_response(request, etag=etag)
        if response is not None:  # headers as django.views.decorators.http.condition sets
            response["ETag"] = etag
            response["Cache-Control"] = "no-cache"
            patch_vary_headers(response, STANDINGS_VARY)
        return response
