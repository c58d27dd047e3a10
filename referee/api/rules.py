"""API for the rule library: the documents, and one document's articles."""

from __future__ import annotations

from django.db.models import Count, Prefetch, QuerySet
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from referee.models import Article, Document, Interpretation

NOT_FOUND = OpenApiResponse(OpenApiTypes.OBJECT, description='{"errors": {FIELD: [MESSAGE]}}')


class DocumentSerializer(serializers.ModelSerializer):
    id = serializers.CharField(source="code")
    url = serializers.CharField(source="get_absolute_url")
    article_count = serializers.IntegerField()

    class Meta:
        model = Document
        fields = ["id", "title", "summary", "source", "issued", "url", "article_count"]


class InterpretationSerializer(serializers.ModelSerializer):
    id = serializers.CharField(source="code")
    url = serializers.CharField(source="get_absolute_url")

    class Meta:
        model = Interpretation
        fields = ["id", "title", "question", "reading", "reasoning", "url"]


class ArticleSerializer(serializers.ModelSerializer):
    citation = serializers.CharField()
    url = serializers.CharField(source="get_absolute_url")
    interpretations = InterpretationSerializer(many=True)

    class Meta:
        model = Article
        fields = [
            "number", "citation", "section", "heading", "text", "example", "url",
            "interpretations",
        ]  # fmt: skip


class DocumentsSerializer(serializers.Serializer):
    documents = DocumentSerializer(many=True)


class DocumentArticlesSerializer(DocumentSerializer):
    articles = ArticleSerializer(many=True, source="articles_list")

    class Meta(DocumentSerializer.Meta):
        fields = [*DocumentSerializer.Meta.fields, "articles"]


def documents() -> QuerySet[Document]:
    return Document.objects.annotate(article_count=Count("articles")).order_by("order", "code")


class DocumentsApi(APIView):
    """GET /api/rules/: the rule documents."""

    @extend_schema(operation_id="rules_documents", responses={200: DocumentsSerializer})
    def get(self, request: Request) -> Response:
        return Response(DocumentsSerializer({"documents": documents()}).data)


class DocumentApi(APIView):
    """GET /api/rules/<doc>/: one document and its articles, with house interpretations."""

    @extend_schema(
        operation_id="rules_document",
        responses={200: DocumentArticlesSerializer, 404: NOT_FOUND},
    )
    def get(self, request: Request, doc: str) -> Response:
        document = documents().filter(slug=doc).first()
        if document is None:
            raise NotFound(_("No rule document %(doc)s.") % {"doc": repr(doc)})
        document.articles_list = document.articles.prefetch_related(
            Prefetch(
                "interpretations",
                queryset=Interpretation.objects.select_related("article__document"),
            )
        )
        return Response(DocumentArticlesSerializer(document).data)
