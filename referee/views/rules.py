"""The rule library: the documents, each as one readable page, single articles, and search."""

from __future__ import annotations

from django.db.models import Count, Prefetch, Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import patch_cache_control, patch_vary_headers

from referee.cases import visible_cases
from referee.models import Article, Document, Interpretation
from scoring.citations import article_slug, split_citation

SEARCH_LIMIT = 50
LATEST_CASES = 10
MAX_QUERY = 100


def rules_index(request: HttpRequest) -> HttpResponse:
    """List the documents, with a search box."""
    documents = Document.objects.annotate(article_count=Count("articles")).order_by("order", "code")
    interpretations = Interpretation.objects.select_related("article__document")
    return render(
        request,
        "rules/index.html",
        {"documents": documents, "interpretations": interpretations},
    )


def rules_document(request: HttpRequest, doc: str) -> HttpResponse:
    """Show every article of one document as one page, interpretations under their article."""
    document = get_object_or_404(Document, slug=doc)
    articles = document.articles.prefetch_related(
        Prefetch("interpretations", queryset=Interpretation.objects.order_by("order"))
    )
    return render(request, "rules/document.html", {"document": document, "articles": articles})


def rules_article(request: HttpRequest, doc: str, slug: str) -> HttpResponse:
    """Show one article, its house interpretations and the latest cases that cited it.

    Only the cases this device may list are shown (``visible_cases``): its own, and the
    published ones; so the page differs by device, and no shared cache may keep it.
    """
    article = get_object_or_404(
        Article.objects.select_related("document"), document__slug=doc, slug=slug
    )
    siblings = article.document.articles.only("document", "number", "slug", "heading", "position")
    previous = siblings.filter(position__lt=article.position).order_by("-position").first()
    following = siblings.filter(position__gt=article.position).order_by("position").first()
    latest_cases = visible_cases(request).citing(article.citation).order_by("-created")
    response = render(
        request,
        "rules/article.html",
        {
            "document": article.document,
            "article": article,
            "interpretations": article.interpretations.order_by("order"),
            "previous": previous,
            "following": following,
            "latest_cases": latest_cases[:LATEST_CASES],
        },
    )
    patch_cache_control(response, private=True)
    patch_vary_headers(response, ("Cookie",))
    return response


def search_articles(query: str) -> QuerySet[Article]:
    """Find articles holding every word of the query in their number, heading, text or example.

    The Japanese texts are searched too, so a Japanese query finds its article in either language.
    """
    articles = Article.objects.select_related("document")
    for word in query.split():
        articles = articles.filter(
            Q(number__icontains=word)
            | Q(heading__icontains=word)
            | Q(text__icontains=word)
            | Q(example__icontains=word)
            | Q(section__icontains=word)
            | Q(heading_ja__icontains=word)
            | Q(text_ja__icontains=word)
            | Q(example_ja__icontains=word)
            | Q(section_ja__icontains=word)
        )
    return articles


def search_interpretations(query: str) -> QuerySet[Interpretation]:
    """Find house interpretations holding every word of the query."""
    interpretations = Interpretation.objects.select_related("article__document")
    for word in query.split():
        interpretations = interpretations.filter(
            Q(code__iexact=word)
            | Q(title__icontains=word)
            | Q(question__icontains=word)
            | Q(reading__icontains=word)
            | Q(reasoning__icontains=word)
            | Q(title_ja__icontains=word)
            | Q(question_ja__icontains=word)
            | Q(reading_ja__icontains=word)
            | Q(reasoning_ja__icontains=word)
        )
    return interpretations


def excerpt(text: str, query: str, width: int = 90) -> str:
    """Cut the text around the first word of the query found in it."""
    lowered = text.lower()
    found = [lowered.find(word.lower()) for word in query.split()]
    start = min((index for index in found if index >= 0), default=0)
    begin = max(0, start - width // 2)
    piece = text[begin : begin + width * 2].replace("\n", " ").strip()
    return ("…" if begin else "") + piece + ("…" if begin + width * 2 < len(text) else "")


def exact_citation(query: str) -> Article | None:
    """Find the article a query names exactly ("OPR-538 1.3(a)"), if any."""
    try:
        document, number = split_citation(query)
    except ValueError:
        return None
    return (
        Article.objects.select_related("document")
        .filter(document__code__iexact=document, slug=article_slug(number))
        .first()
    )


def rules_search(request: HttpRequest) -> HttpResponse:
    """Search all documents; a query that is exactly a citation opens that article."""
    # PostgreSQL refuses NUL in text, so it never reaches a query.
    query = " ".join(request.GET.get("q", "").replace("\x00", "").split())[:MAX_QUERY]
    articles: list[tuple[Article, str]] = []
    interpretations: list[Interpretation] = []
    if query:
        named = exact_citation(query)
        if named is not None:
            return redirect(named)
        for article in search_articles(query)[:SEARCH_LIMIT]:
            # The snippet is in the language the page shows, whichever language matched.
            shown = (article.text_in(), article.in_language("example"))
            source = next(
                (
                    text
                    for text in shown
                    if any(word.lower() in text.lower() for word in query.split())
                ),
                shown[0],
            )
            articles.append((article, excerpt(source, query)))
        interpretations = list(search_interpretations(query)[:SEARCH_LIMIT])
    return render(
        request,
        "rules/search.html",
        {"query": query, "articles": articles, "interpretations": interpretations},
    )
