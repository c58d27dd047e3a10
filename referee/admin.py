"""Admin: the rule library is editable; the case log can be read, never changed."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from referee.models import Article, Case, Document, Interpretation


class ArticleInline(admin.TabularInline):
    model = Article
    fields = ("position", "number", "section", "heading")
    extra = 0
    show_change_link = True


@admin.register(Document)
class DocumentAdmin(admin.ModelAdmin):
    list_display = ("code", "title", "issued", "order")
    search_fields = ("code", "title", "summary")
    inlines = [ArticleInline]


class InterpretationInline(admin.StackedInline):
    model = Interpretation
    extra = 0


@admin.register(Article)
class ArticleAdmin(admin.ModelAdmin):
    list_display = ("__str__", "section", "position")
    list_filter = ("document",)
    list_select_related = ("document",)
    search_fields = ("number", "heading", "text", "example")
    inlines = [InterpretationInline]


@admin.register(Interpretation)
class InterpretationAdmin(admin.ModelAdmin):
    list_display = ("code", "title", "article")
    list_select_related = ("article__document",)
    search_fields = ("code", "title", "question", "reading", "reasoning")
    autocomplete_fields = ("article",)


@admin.register(Case)
class CaseAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "created")
    list_filter = ("game",)
    date_hierarchy = "created"
    readonly_fields = ("id", "game", "entered", "result", "rulings", "created")
    actions = None

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
