"""Routes. Each feature keeps its routes in its own section."""

from django.contrib import admin
from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from referee.api import cases as cases_api
from referee.api import island as island_api
from referee.api import matches as matches_api
from referee.api import ofc as ofc_api
from referee.api import pineapple as pineapple_api
from referee.api import rules as rules_api
from referee.views import cases, home, island, ofc, pineapple, rules
from referee.views import matches as match_views

urlpatterns = [
    path("", home.home, name="home"),
    path("healthz", home.healthz, name="healthz"),
    path("admin/", admin.site.urls),
    # --- API schema ---
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    # --- Rule library and cases ---
    path("rules/", rules.rules_index, name="rules"),
    path("rules/search/", rules.rules_search, name="rules-search"),
    path("rules/<slug:doc>/", rules.rules_document, name="rules-document"),
    path("rules/<slug:doc>/<slug:slug>/", rules.rules_article, name="rules-article"),
    path("cases/", cases.cases_list, name="cases"),
    path("cases/<str:case_id>/", cases.case_detail, name="case-detail"),
    path("api/rules/", rules_api.DocumentsApi.as_view(), name="api-rules"),
    path("api/rules/<slug:doc>/", rules_api.DocumentApi.as_view(), name="api-rules-document"),
    path("api/cases/<str:case_id>/", cases_api.CaseApi.as_view(), name="api-case"),
    # --- OFC ---
    path("ofc/", ofc.ofc, name="ofc"),
    path("api/ofc/score/", ofc_api.OfcScoreApi.as_view(), name="api-ofc"),
    # --- Island Pineapple ---
    path("island/", island.island, name="island"),
    path("api/island/showdown/", island_api.IslandShowdownApi.as_view(), name="api-island"),
    # --- Pineapple, Crazy and Lazy ---
    path("pineapple/", pineapple.showdown_page, name="pineapple"),
    path("pineapple/ruling/", pineapple.ruling_page, name="pineapple-ruling"),
    path("api/pineapple/showdown/", pineapple_api.ShowdownApi.as_view(), name="api-pineapple"),
    path("api/pineapple/ruling/", pineapple_api.RulingApi.as_view(), name="api-pineapple-ruling"),
    # --- Matches ---
    path("matches/new/", match_views.match_new, name="match-new"),
    path("matches/<str:match_id>/", match_views.match_detail, name="match-detail"),
    path("matches/<str:match_id>/edit/", match_views.match_edit, name="match-edit-query"),
    path("matches/<str:match_id>/edit/<str:key>/", match_views.match_edit, name="match-edit"),
    path(
        "matches/<str:match_id>/edit/<str:key>/void/<int:number>/",
        match_views.match_void,
        name="match-void",
    ),
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
]

handler400 = "referee.views.errors.bad_request"
handler404 = "referee.views.errors.not_found"
handler500 = "referee.views.errors.server_error"
