"""A standings poll answered before most of the middleware stack, when that costs no work.

Every phone at a match polls its standings every 1.5 seconds. Nearly every answer is "not
modified", and when a hand lands every phone fetches the same new standings, which the view
draws once per worker and caches. The view answers both cheaply (one indexed lookup, one cache
read), but the stack around it (sessions, CSRF, messages...) cost more than that. This
middleware sits inside the security headers and the content policy, and answers the same 304
from the same ETag, or the same cached standings, in the language ``LocaleMiddleware`` would
pick; anything else (a first drawing, the editor's copy) goes on down the stack to the view.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.urls import Resolver404, resolve
from django.utils import translation
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.utils.http import quote_etag

from referee import matches
from referee.views.matches import (
    STANDINGS_VARY,
    standings_etag,
    standings_key,
    standings_response,
)


class StandingsPollMiddleware:
    """Answer a standings poll with 304, or with the cached standings, ahead of the stack."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method in ("GET", "HEAD") and request.path_info.endswith("/standings/"):
            answer = self._early(request)  # the suffix first: it is cheaper than resolving
            if answer is not None:
                return answer
        return self.get_response(request)

    @staticmethod
    def _early(request: HttpRequest) -> HttpResponse | None:
        try:
            found = resolve(request.path_info)
        except Resolver404:
            return None
        if found.url_name != "match-standings":
            return None
        match_id = found.kwargs["match_id"]
        with translation.override(translation.get_language_from_request(request)):
            version = matches.match_version(match_id)
            if version is None:
                return None
            etag = quote_etag(standings_etag(request, match_id, version))
            response = get_conditional_response(request, etag=etag)
            if response is None:
                key = standings_key(request, match_id, version)
                drawn = cache.get(key) if key else None
                if drawn is None:
                    return None
                response = standings_response(request, drawn)
        # The headers django.views.decorators.http.condition and the view set.
        response["ETag"] = etag
        response["Cache-Control"] = "no-cache"
        patch_vary_headers(response, STANDINGS_VARY)
        return response
