"""Routes. Each feature keeps its routes in its own section."""

from django.contrib import admin
from django.urls import path

from referee.views import home

urlpatterns = [
    path("", home.home, name="home"),
    path("healthz", home.healthz, name="healthz"),
    path("admin/", admin.site.urls),
    # --- Rule library and cases ---
    # --- OFC ---
    # --- Island Pineapple ---
    # --- Pineapple, Crazy and Lazy ---
]
