"""Private means private (issue 34): a case is listed or linked only on the phone that made it,
or everywhere once its maker publishes it; anyone else reaches it by its link alone.

One phone makes cases of several games (a match hand among them, with its players' names and
boards); a second phone with fresh cookies then walks every page and API answer it can reach,
following every link it finds, and looks for those cases' ids.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable
from urllib.parse import urlencode, urlsplit

import pytest
from django.test import Client

from referee.cases import citation_url, interpretation_url, visible_cases
from referee.games import CASE_NAMES
from referee.models import Article, Case, Document, PublishedCase
from scoring.rulings import CITATIONS, INTERPRETATIONS
from tests.referee.bodies import ISLAND_4_3, LAZY_HI_LO, OFC_TABLE
from tests.referee.match_helpers import ANN, BOB_17
from tests.referee.rules_helpers import load_rules

pytestmark = pytest.mark.django_db

HREF = re.compile(r'href="([^"#]*)')
# Pages that list nothing (files, the API's own description, the admin) are not walked.
NOT_WALKED = ("/static/", "/admin/", "/api/docs/", "/api/schema/", "/jsi18n/", "/i18n/")
CASE_LINK = re.compile(r"^/(api/)?cases/[0-9a-f-]{36}/")


@pytest.fixture
def rules():
    load_rules()


def post(client: Client, path: str, body: dict, **headers: str) -> dict:
    answer = client.post(path, body, content_type="application/json", **headers)
    assert answer.status_code in (200, 201), (path, answer.content[:500])
    return answer.json()


def case_of(answer: dict) -> Case:
    return Case.objects.get(pk=answer["case"].rstrip("/").rsplit("/", 1)[-1])


def make_cases(maker: Client) -> tuple[list[Case], dict, dict]:
    """On the maker's phone: an OFC table, an Island and a Pineapple showdown, a table's own
    rules played once, and a match hand (OFC-BETA 8.3: Bob fouls)."""
    cases = [
        case_of(post(maker, "/api/ofc/score/", OFC_TABLE)),
        case_of(post(maker, "/api/island/showdown/", ISLAND_4_3)),
        case_of(post(maker, "/api/pineapple/showdown/", LAZY_HI_LO)),
    ]
    house = post(maker, "/api/house-rules/", {"title": "Our table", "base": "pineapple-ofc",
                                              "changes": {"foul_penalty": 3}})  # fmt: skip
    foul = {"ruleset": house["key"], "players": [ANN, BOB_17]}  # OFC-BETA 8.3: Bob fouls
    cases.append(case_of(post(maker, "/api/ofc/score/", foul)))
    match = post(maker, "/api/matches/", {"ruleset": "pineapple-ofc", "players": ["Ann", "Bob"],
                                          "dealer": "Ann", "rounds": 2})  # fmt: skip
    added = post(maker, f"/api/matches/{match['id']}/hands/", {"players": [ANN, BOB_17]},
                 HTTP_X_EDIT_KEY=match["edit_key"])  # fmt: skip
    cases.append(case_of(added))
    assert len({case.maker for case in cases}) == 1 and cases[0].maker  # one phone made them all
    return cases, house, match


def cited_pages(cases: Iterable[Case]) -> set[str]:
    """The page of every article and house reading the cases cite (a house rule's included)."""
    pages = set()
    for case in cases:
        for key in case.cited.strip("|").split("|"):
            url = interpretation_url(key) if key in INTERPRETATIONS else citation_url(key)
            pages.add(url.split("#")[0])
    return pages


def article_pages(cases: Iterable[Case]) -> set[str]:
    """The cited pages that list their latest cases: the articles (a house rule's page lists
    none)."""
    return {url for url in cited_pages(cases) if not url.startswith("/rules/house/")}


def seeds(house: dict, cited: set[str]) -> list[str]:
    """Every page and API answer that lists or links cases, or might: the rule library (every
    article, every document, search), the case log with every filter, house rules, matches."""
    citations = sorted(CITATIONS) + sorted(INTERPRETATIONS) + [f"HOUSE-{house['id']}"]
    listed = [
        "/", "/rules/", "/cases/", "/matches/", "/join/", house["url"],
        f"/api/house-rules/{house['id']}/", "/api/rules/",
        *sorted(cited),
        *(article.get_absolute_url() for article in Article.objects.select_related("document")),
        *(f"/api/rules/{document.slug}/" for document in Document.objects.all()),
        *(f"/cases/?{urlencode({'citation': citation})}" for citation in citations),
        *(f"/cases/?{urlencode({'game': game})}" for game in CASE_NAMES),
        "/cases/?page=2", "/cases/?page=999", "/cases/?page=last", "/cases/?mine=1",
        "/cases/?published=0", "/cases/?maker=", "/cases/?game=&citation=",
        "/cases/?game=pineapple-ofc&citation=OFC-BETA+1.2", "/cases/?citation=OFC-BETA",
        "/cases/?citation=%7C", "/cases/?citation=HOUSE-", "/cases/?citation=Ann",
    ]  # fmt: skip
    for words in ("Ann", "Bob", "foul", "OFC-BETA 1.2", "H1", "Our table", "case", "Qs Qd 7c"):
        listed.append(f"/rules/search/?{urlencode({'q': words})}")
    return listed


def walk(client: Client, start: Iterable[str], limit: int = 3000) -> dict[str, str]:
    """Every page reachable from the start by its links (a case's own link excepted): the
    body of each answer, after its redirects, by the address asked for."""
    seen: dict[str, str] = {}
    waiting = deque(start)
    while waiting:
        url = waiting.popleft()
        if url in seen or url.startswith(NOT_WALKED) or CASE_LINK.match(url):
            continue
        assert len(seen) < limit, "the walk never ends"
        answer = client.get(url, follow=True)
        assert answer.status_code < 500, url
        body = b"".join(answer.streaming_content) if answer.streaming else answer.content
        seen[url] = body.decode(errors="replace")
        if "html" in answer.get("Content-Type", ""):
            for link in HREF.findall(seen[url]):
                link = link.replace("&amp;", "&")
                parts = urlsplit(link)
                if parts.scheme or parts.netloc or not link.startswith(("/", "?")):
                    continue
                if link.startswith("?"):
                    link = urlsplit(url).path + link
                waiting.append(link)
    return seen


def leaks(pages: dict[str, str], cases: Iterable[Case], *secrets: str) -> list[tuple[str, str]]:
    """Which page shows which case id (with or without its dashes) or other secret."""
    wanted = [*secrets]
    for case in cases:
        wanted += [str(case.pk), case.pk.hex]
    return [(url, secret) for url, body in pages.items() for secret in wanted if secret in body]


def test_a_stranger_finds_no_unpublished_case_anywhere(rules):
    """A second phone walks every page and API answer it can reach: no id of the first phone's
    cases, nor its match's id, appears in any of them."""
    maker = Client()
    cases, house, match = make_cases(maker)
    cited = cited_pages(cases)
    assert "/rules/OFC-BETA/1-2/" in cited and f"/rules/house/{house['id']}/" in cited
    stranger = Client()
    pages = walk(stranger, seeds(house, cited))
    assert cited <= set(pages)  # every cited article was opened
    assert len(pages) > Article.objects.count() + len(CITATIONS)
    assert leaks(pages, cases, match["id"]) == []
    assert "Latest cases citing OFC-BETA 1.2" in pages["/rules/OFC-BETA/1-2/"]
    assert 'class="case-list' not in pages["/rules/OFC-BETA/1-2/"]
    assert "No case this phone made or anyone published" in pages["/rules/OFC-BETA/1-2/"]
    # The match hand's players and boards are nowhere either (the house rule names no one).
    for page, body in pages.items():
        assert BOB_17["middle"] not in body, page
    # Each case's own link still opens it for anyone.
    for case in cases:
        assert stranger.get(case.get_absolute_url()).status_code == 200
        assert stranger.get(f"/api/cases/{case.pk}/").status_code == 200


def test_a_stranger_with_cases_of_its_own_sees_only_those(rules):
    """A phone that made cases sees its own on the rule pages, never another phone's."""
    maker = Client()
    cases, house, _match = make_cases(maker)
    other = Client()
    own = case_of(post(other, "/api/island/showdown/", ISLAND_4_3))
    assert own.maker and own.maker != cases[0].maker
    for url in article_pages([own]):
        html = other.get(url).content.decode()
        assert own.get_absolute_url() in html, url
        assert not leaks({url: html}, cases), url
    listed = other.get("/cases/", {"game": "island"}).content.decode()
    assert own.get_absolute_url() in listed and not leaks({"/cases/": listed}, cases)


def test_the_maker_sees_its_cases_on_every_page_that_cites_them(rules):
    """The phone that made a case finds it on each cited article's page and in its case log."""
    maker = Client()
    cases, _house, _match = make_cases(maker)
    for case in cases:
        for url in article_pages([case]):
            response = maker.get(url)
            assert case.get_absolute_url() in response.content.decode(), url
            assert "private" in response["Cache-Control"] and "Cookie" in response["Vary"]
        for key in case.cited.strip("|").split("|"):
            listed = maker.get("/cases/", {"citation": key}).content.decode()
            assert case.get_absolute_url() in listed, key
    assert "Publish" in maker.get("/cases/").content.decode()


def test_published_cases_are_seen_by_everyone(rules):
    """Once its maker publishes a case, every phone finds it on the pages that cite it."""
    maker = Client()
    cases, house, _match = make_cases(maker)
    for case in cases:
        assert maker.post(f"{case.get_absolute_url()}publish/").status_code == 302
    stranger = Client()
    for case in cases:
        for url in article_pages([case]):
            assert case.get_absolute_url() in stranger.get(url).content.decode(), url
        for key in case.cited.strip("|").split("|"):
            listed = stranger.get("/cases/", {"citation": key}).content.decode()
            assert case.get_absolute_url() in listed, key
    assert PublishedCase.objects.count() == len(cases)


def test_the_one_rule_is_the_devices_own_and_the_published(rf):
    """visible_cases: a request without a cookie lists only the published; with one, its own."""
    from referee import devices

    mine_token = "a" * 24
    request = rf.get("/", HTTP_COOKIE=f"{devices.COOKIE}={mine_token}")
    own = Case.objects.create(game="island", entered={}, result={}, maker=devices.maker(request))
    theirs = Case.objects.create(game="island", entered={}, result={}, maker="f" * 64)
    shown = Case.objects.create(game="island", entered={}, result={}, maker="e" * 64)
    PublishedCase.objects.create(case=shown)
    nameless = Case.objects.create(game="island", entered={}, result={})  # made before devices
    assert set(visible_cases(request)) == {own, shown}
    assert set(visible_cases(rf.get("/"))) == {shown}
    bad = rf.get("/", HTTP_COOKIE=f"{devices.COOKIE}=%00")
    assert set(visible_cases(bad)) == {shown}
    assert theirs not in visible_cases(request) and nameless not in visible_cases(rf.get("/"))
