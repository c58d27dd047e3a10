"""Routes. Each feature keeps its routes in its own section."""

from django.contrib import admin
from django.urls import path
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.vary import vary_on_headers
from django.views.generic import RedirectView
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from referee.api import cases as cases_api
from referee.api import matches as matches_api
from referee.api import rules as rules_api
from referee.games import DISCARDS, FANTASYLAND, ISLAND, OFC, PINEAPPLE
from referee.games.views import api_view, page
from referee.views import cases, errors, home, house, language, offline, rules
from referee.views import matches as match_views


class KeepMethodRedirect(RedirectView):
    """A permanent move that keeps the method and body of a POST (308)."""

    permanent = True

    def post(self, request, *args, **kwargs):  # type: ignore[no-untyped-def]
        response = self.get(request, *args, **kwargs)
        response.status_code = 308
        return response


urlpatterns = [
    path("", home.home, name="home"),
    path("healthz", home.healthz, name="healthz"),
    path("livez", home.livez, name="livez"),
    path("admin/", admin.site.urls),
    # The language switch posts here (Django's set_language); URLs carry no language prefix.
    path("i18n/setlang/", language.set_language, name="set_language"),
    # The JavaScript's words in the reader's language (djangojs.po), loaded before the scripts.
    path(
        "jsi18n/",
        vary_on_headers("Accept-Language", "Cookie")(JavaScriptCatalog.as_view()),
        name="javascript-catalog",
    ),
    # --- API schema ---
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    # --- Rule library and cases ---
    path("rules/", rules.rules_index, name="rules"),
    # The rule library offline: the service worker, at the root to answer for every page.
    path("sw.js", offline.service_worker, name="service-worker"),
    path("offline/", offline.offline, name="offline"),
    path("rules/search/", rules.rules_search, name="rules-search"),
    path("rules/house/new/", house.house_new, name="house-new"),
    path("rules/house/preset/<slug:name>/", house.house_preset, name="house-preset"),
    path("rules/house/<str:house_id>/", house.house_detail, name="house-rule"),
    path("rules/<slug:doc>/", rules.rules_document, name="rules-document"),
    path("rules/<slug:doc>/<slug:slug>/", rules.rules_article, name="rules-article"),
    path("cases/", cases.cases_list, name="cases"),
    path("cases/<str:case_id>/", cases.case_detail, name="case-detail"),
    path("cases/<str:case_id>/publish/", cases.case_publish, name="case-publish"),
    path("api/rules/", rules_api.DocumentsApi.as_view(), name="api-rules"),
    path("api/rules/<slug:doc>/", rules_api.DocumentApi.as_view(), name="api-rules-document"),
    path("api/cases/<str:case_id>/", cases_api.CaseApi.as_view(), name="api-case"),
    path("api/house-rules/", house.HouseRulesApi.as_view(), name="api-house-rules"),
    path("api/house-rules/<str:house_id>/", house.HouseRuleApi.as_view(), name="api-house-rule"),
    # --- The games: each one's page and API run the same path (referee/games/) ---
    path("ofc/", page, {"game": OFC}, name="ofc"),
    path("api/ofc/score/", api_view(OFC, "The scored table"), name="api-ofc"),
    path("ofc/fantasyland/", page, {"game": FANTASYLAND}, name="fantasyland"),
    path(
        "api/ofc/fantasyland/",
        api_view(FANTASYLAND, "The best setting, the figures, the alternatives"),
        name="api-fantasyland",
    ),
    path("island/", page, {"game": ISLAND}, name="island"),
    path("api/island/showdown/", api_view(ISLAND, "The showdown"), name="api-island"),
    path("pineapple/", page, {"game": PINEAPPLE}, name="pineapple"),
    path("api/pineapple/showdown/", api_view(PINEAPPLE, "The showdown"), name="api-pineapple"),
    path("pineapple/discards/", page, {"game": DISCARDS}, name="discards"),
    path("api/pineapple/discards/", api_view(DISCARDS, "The ruling"), name="api-discards"),
    # The discard referee's first addresses.
    # A move changes nothing, so it needs no CSRF token: the address it names checks its own.
    path("pineapple/ruling/", csrf_exempt(KeepMethodRedirect.as_view(pattern_name="discards"))),
    path(
        "api/pineapple/ruling/",
        csrf_exempt(KeepMethodRedirect.as_view(pattern_name="api-discards")),
    ),
    # --- Matches: joined by code, each seat's phone sends its own board ---
    path("join/", match_views.join, name="join"),
    path("join/<str:code>/", match_views.join, name="join-code"),
    path("matches/", match_views.my_matches, name="my-matches"),
    path("matches/new/", match_views.match_new, name="match-new"),
    path("matches/<str:match_id>/", match_views.match_detail, name="match-detail"),
    path("matches/<str:match_id>/standings/", match_views.match_standings, name="match-standings"),
    path("matches/<str:match_id>/board/", match_views.match_board, name="match-board"),
    path("matches/<str:match_id>/hands.csv", match_views.hands_csv, name="match-hands-csv"),
    path("matches/<str:match_id>/edit/", match_views.match_edit, name="match-edit"),
    path("matches/<str:match_id>/edit/codes/", match_views.match_code, name="match-code"),
    path("matches/<str:match_id>/edit/seat/", match_views.match_take_seat, name="match-seat"),
    path("matches/<str:match_id>/edit/money/", match_views.match_money, name="match-money"),
    path(
        "matches/<str:match_id>/edit/void/<int:number>/",
        match_views.match_void,
        name="match-void",
    ),
    # Edit links from before the cookies: the key in them gives the editing, then moves on.
    path("matches/<str:match_id>/edit/<str:key>/", match_views.legacy_edit),
    path("matches/<str:match_id>/edit/<str:key>/void/<int:number>/", match_views.legacy_void),
    path("api/matches/", matches_api.MatchesApi.as_view(), name="api-matches"),
    path("api/matches/<str:match_id>/", matches_api.MatchApi.as_view(), name="api-match"),
    path(
        "api/matches/<str:match_id>/hands/",
        matches_api.MatchHandsApi.as_view(),
        name="api-match-hands",
    ),
    path(
        "api/matches/<str:match_id>/hands/<int:number>/void/",
        matches_api.MatchVoidApi.as_view(),
        name="api-match-void",
    ),
    path(
        "api/matches/<str:match_id>/boards/",
        matches_api.MatchBoardsApi.as_view(),
        name="api-match-boards",
    ),
    path(
        "api/matches/<str:match_id>/settlement/",
        matches_api.MatchSettlementApi.as_view(),
        name="api-match-settlement",
    ),
    # Last: an /api/ path that matched nothing above answers JSON, under debug too.
    path("api/<path:rest>", errors.api_not_found),
]

handler400 = "referee.views.errors.bad_request"
handler404 = "referee.views.errors.not_found"
handler500 = "referee.views.errors.server_error"
