"""The rule library's pages, search, API and citation links (issue 4, "Rule library")."""

from __future__ import annotations

import tomllib

import pytest
from django.template import Context, Template

from referee.cases import record_case
from referee.management.commands.load_rules import RULES_DIR
from referee.models import Article, Document, PublishedCase
from scoring.rulings import ARTICLES, Ruling
from tests.referee.rules_helpers import FIXTURE_RULES, load_rules

pytestmark = pytest.mark.django_db


@pytest.fixture
def real_rules():
    load_rules()


@pytest.fixture
def test_rules():
    load_rules(FIXTURE_RULES)


def real_article(document: str, number: str) -> dict:
    data = tomllib.loads((RULES_DIR / f"{document}.toml").read_text())
    return next(entry for entry in data["article"] if entry["number"] == number)


def test_rules_index_lists_every_document_and_a_search_box(client, real_rules):
    """/rules/ shows the documents, each linking to its page, with a search box."""
    response = client.get("/rules/")
    assert response.status_code == 200
    html = response.content.decode()
    for document in Document.objects.all():
        assert f'href="/rules/{document.slug}/"' in html
        assert document.title in html
    assert 'action="/rules/search/"' in html and 'name="q"' in html


def test_document_page_shows_every_article_with_anchor_number_and_heading(client, real_rules):
    """/rules/OPR-538/ reads as one document: sections, numbered articles with anchors."""
    response = client.get("/rules/OPR-538/")
    assert response.status_code == 200
    html = response.content.decode()
    for number in ARTICLES["OPR-538"]:
        article = Article.objects.get(document__code="OPR-538", number=number)
        assert f'id="{article.slug}"' in html
        assert f'href="/rules/OPR-538/{article.slug}/"' in html
    assert '<h2 class="section">Players, deck and objective</h2>' in html
    assert (
        html.count('class="example"')
        == Article.objects.filter(document__code="OPR-538").exclude(example="").count()
    )


def test_document_page_shows_interpretations_under_their_article(client, test_rules):
    """House readings appear under the article they interpret, with question, reading, why."""
    html = client.get("/rules/TEST-1/").content.decode()
    article_at = html.index('id="1-2-a"')
    reading_at = html.index('id="H1"')
    assert article_at < reading_at < html.index('id="table-talk"')
    assert "Is a card turned over by the wind a misdeal?" in html
    assert "The article looks at the card" in html


def test_article_page_shows_the_article_its_readings_and_citing_cases(client, test_rules):
    """/rules/<doc>/<article>/: one article, its interpretations, the latest cases citing it."""
    ruling = {"citation": "TEST-1 1.2(a)", "subject": "Ann", "text": "The card is replaced."}
    case = record_case("island", {"hole": "As Kd"}, {"winners": ["Ann"]}, [ruling])
    PublishedCase.objects.create(case=case)  # an unpublished one is its maker's alone
    response = client.get("/rules/TEST-1/1-2-a/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "A card turned face up while dealing" in html
    assert "Ann flips the 7h" in html
    assert "A card flashed by the wind" in html
    assert case.get_absolute_url() in html
    assert 'rel="prev" href="/rules/TEST-1/1-1/"' in html
    assert 'rel="next" href="/rules/TEST-1/table-talk/"' in html


def test_topic_named_article_opens_by_its_slug(client, real_rules):
    """pineapple-2p-v1 is cited by topic names: "Foul payout" lives at /foul-payout/."""
    response = client.get("/rules/pineapple-2p-v1/foul-payout/")
    assert response.status_code == 200
    assert real_article("pineapple-2p-v1", "Foul payout")["heading"] in response.content.decode()


@pytest.mark.parametrize(
    "url",
    [
        "/rules/NOPE/",
        "/rules/OPR-538/9-9/",
        "/rules/NOPE/1-1/",
        "/rules/OPR-538/%00/",
        "/rules/OPR%00538/",
        "/api/rules/OPR%00538/",
    ],
)
def test_unknown_document_or_article_is_404(client, real_rules, url):
    """A rule page that does not exist answers 404, not 500."""
    assert client.get(url).status_code == 404


def test_search_finds_a_known_phrase_and_links_to_its_article(client, real_rules):
    """The search box finds a phrase from the article's text, across all documents."""
    words = real_article("OPR-538", "1.3")["text"].split()[:5]
    response = client.get("/rules/search/", {"q": " ".join(words)})
    assert response.status_code == 200
    assert 'href="/rules/OPR-538/1-3/"' in response.content.decode()


def test_search_matches_examples_and_every_word(client, test_rules):
    """Words are matched anywhere in an article (examples too), all of them, any case."""
    html = client.get("/rules/search/", {"q": "ANN shuffle"}).content.decode()
    assert 'href="/rules/TEST-1/1-2-a/"' in html
    html = client.get("/rules/search/", {"q": "shuffle marmalade"}).content.decode()
    assert "0 articles match" in html


def test_search_finds_house_readings(client, test_rules):
    """House interpretations are searched too."""
    html = client.get("/rules/search/", {"q": "wind"}).content.decode()
    assert 'href="/rules/TEST-1/1-2-a/#H1"' in html


def test_search_for_an_exact_citation_opens_the_article(client, real_rules):
    """Typing "OPR-538 1.3(a)" goes straight to that article."""
    response = client.get("/rules/search/", {"q": "opr-538 1.3(a)"})
    assert response.status_code == 302
    assert response["Location"] == "/rules/OPR-538/1-3-a/"


@pytest.mark.parametrize(
    "query", ["", "   ", "%", "_", "x" * 500, "\u2660 \u2665", "deu\x00ce", "\x00"]
)
def test_search_never_fails_on_odd_input(client, test_rules, query):
    """Empty, wildcard-like or overlong queries render the page."""
    assert client.get("/rules/search/", {"q": query}).status_code == 200


def test_api_lists_the_documents(client, real_rules):
    """GET /api/rules/: the documents with their page links."""
    response = client.get("/api/rules/")
    assert response.status_code == 200
    documents = response.json()["documents"]
    assert [document["id"] for document in documents] == list(ARTICLES)
    opr = documents[0]
    assert opr["url"] == "/rules/OPR-538/"
    assert opr["article_count"] == len(ARTICLES["OPR-538"])


def test_api_gives_a_documents_articles_with_citations_and_readings(client, test_rules):
    """GET /api/rules/<doc>/: every article with its citation, link and interpretations."""
    data = client.get("/api/rules/TEST-1/").json()
    assert data["id"] == "TEST-1"
    assert [article["citation"] for article in data["articles"]] == [
        "TEST-1 1.1",
        "TEST-1 1.2(a)",
        "TEST-1 Table talk",
    ]
    misdeal = data["articles"][1]
    assert misdeal["url"] == "/rules/TEST-1/1-2-a/"
    assert misdeal["interpretations"][0]["id"] == "H1"
    assert misdeal["interpretations"][0]["url"] == "/rules/TEST-1/1-2-a/#H1"


def test_api_unknown_document_is_a_json_404(client, test_rules):
    """An unknown document answers 404 as JSON."""
    response = client.get("/api/rules/NOPE/")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert "errors" in response.json()


def render(source: str, **context) -> str:
    return Template("{% load rules %}" + source).render(Context(context))


def test_citation_link_links_the_article_and_the_house_reading():
    """{% citation_link %} makes the citation and its interpretation links (no database)."""
    html = render(
        "{% citation_link ruling %}",
        ruling=Ruling("OPR-538 1.3(b)", "Ann", "The ace goes wild.", "H1"),
    )
    assert '<a class="citation" href="/rules/OPR-538/1-3-b/">OPR-538 1.3(b)</a>' in html
    assert 'href="/rules/OPR-538/1-3-b/#H1">house reading H1</a>' in html


def test_citation_link_accepts_stored_ruling_dicts():
    """Rulings read back from a case (dicts) link the same way."""
    ruling = {"citation": "pineapple-2p-v1 Foul payout", "subject": "Bob", "text": "..."}
    html = render("{% citation_link ruling %}", ruling=ruling)
    assert html == (
        '<a class="citation" href="/rules/pineapple-2p-v1/foul-payout/">'
        "pineapple-2p-v1 Foul payout</a>"
    )
    assert render('{{ "PPR 7.1"|citation_url }}') == "/rules/PPR/7-1/"
    assert render('{{ "nonsense"|citation_url }}') == ""


@pytest.mark.parametrize(
    "url", ["/rules/", "/rules/OPR-538/", "/rules/OPR-538/1-3-b/", "/api/rules/OPR-538/"]
)
def test_rule_pages_run_a_few_queries_however_long_the_document(
    client, real_rules, url, django_assert_max_num_queries
):
    """Articles and their readings are fetched in bulk, not one query per article."""
    with django_assert_max_num_queries(6):
        assert client.get(url).status_code == 200
