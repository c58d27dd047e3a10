"""Security: text is escaped everywhere, forms need CSRF, keys stay secret, the admin needs a login,
and every page carries a Content-Security-Policy that allows only the app's own code."""

import logging
import re
from pathlib import Path

import pytest
from django.http import HttpResponse
from django.test import Client, RequestFactory

from referee.pages_only import PageCSPMiddleware
from tests.referee.bodies import ISLAND_4_3, LAZY_HI_LO, OFC_TABLE, first_player_named

SCRIPT = "<script>alert(1)</script>"
ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"
TEMPLATES = Path(__file__).resolve().parents[2] / "templates"

OFC = first_player_named(OFC_TABLE, SCRIPT)
ISLAND = first_player_named(ISLAND_4_3, SCRIPT)
PINEAPPLE = first_player_named(LAZY_HI_LO, SCRIPT)
RULING = {"game": "crazy", "situation": "no_discard_at_showdown", "player": SCRIPT}
FORM_PAGES = ["/ofc/", "/island/", "/pineapple/", "/pineapple/discards/", "/matches/new/"]


def assert_escaped(html: bytes) -> None:
    text = html.decode()
    assert SCRIPT not in text
    assert ESCAPED in text


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("url", "payload"),
    [
        ("/api/ofc/score/", OFC),
        ("/api/island/showdown/", ISLAND),
        ("/api/pineapple/showdown/", PINEAPPLE),
        ("/api/pineapple/discards/", RULING),
    ],
)
def test_a_script_name_shows_as_text_on_the_case_page_and_in_the_log(client, url, payload):
    response = client.post(url, payload, content_type="application/json")
    assert response.status_code == 200, response.content
    case_url = response.json()["case"]
    assert_escaped(client.get(case_url).content)
    assert SCRIPT not in client.get("/cases/").content.decode()


@pytest.mark.django_db
def test_a_script_name_shows_as_text_in_the_ofc_result(client):
    form = {"ruleset": "pineapple-ofc", "players-0-name": SCRIPT, "players-1-name": "Bob"}
    for seat, player in ((1, OFC["players"][0]), (2, OFC["players"][1])):
        rows = ("top", "middle", "bottom")
        form.update({f"players-{seat - 1}-{row}": player[row] for row in rows})
    response = client.post("/ofc/", form, follow=True)
    assert response.status_code == 200
    assert_escaped(response.content)


@pytest.mark.django_db
def test_script_names_show_as_text_on_match_pages(client):
    created = client.post(
        "/api/matches/",
        {"ruleset": "pineapple-ofc", "players": [SCRIPT, "Bob"], "dealer": "Bob", "hands": 1},
        content_type="application/json",
    ).json()
    assert_escaped(client.get(created["url"]).content)
    assert_escaped(client.get(created["edit_url"]).content)


@pytest.mark.django_db
@pytest.mark.parametrize("url", FORM_PAGES)
def test_forms_refuse_a_post_without_a_csrf_token(url):
    client = Client(enforce_csrf_checks=True)
    assert client.get(url).status_code == 200
    response = client.post(url, {"ruleset": "pineapple-ofc"})
    assert response.status_code == 403


@pytest.fixture
def created(client, caplog):
    """A match made through the API (its answer), with every log record from here on kept."""
    caplog.set_level(logging.DEBUG)
    return client.post(
        "/api/matches/",
        {"ruleset": "pineapple-2p-v1", "players": ["Ann", "Bob"], "dealer": "Ann", "target": 20},
        content_type="application/json",
    ).json()


@pytest.mark.django_db
def test_match_edit_keys_never_leave_the_create_answer(client, caplog, created):
    key = created["edit_key"]
    hand = {"players": [{k: v for k, v in p.items() if k != "name"} | {"name": n}
                        for p, n in zip(OFC["players"], ["Ann", "Bob"], strict=True)]}  # fmt: skip
    added = client.post(
        f"/api/matches/{created['id']}/hands/", hand,
        content_type="application/json", HTTP_X_EDIT_KEY=key,
    )  # fmt: skip
    assert added.status_code == 201, added.content
    editor = Client()
    code = created["editor_join_url"].rstrip("/").rsplit("/", 1)[-1]
    joined = editor.post(f"/join/{code}/")
    answers = [
        client.get(created["url"]),
        client.get(f"/api/matches/{created['id']}/"),
        added,
        client.get(added.json()["case"]),
        client.get(f"/api/cases/{added.json()['case'].rstrip('/').rsplit('/', 1)[-1]}/"),
        client.get("/cases/"),
        client.get(f"/matches/{created['id']}/standings/"),
        client.get(f"/matches/{created['id']}/hands.csv"),
        client.get(f"/api/matches/{created['id']}/hands/"),
        client.get(f"/api/matches/{created['id']}/settlement/"),
        joined,
        editor.get(joined["Location"]),  # the edit page itself
        editor.get("/matches/"),
    ]
    for answer in answers:
        assert key.encode() not in answer.content, answer
        assert all(key not in value for value in answer.headers.values()), answer
    assert all(key not in url for url in (created["edit_url"], created["editor_join_url"]))
    assert key not in caplog.text


@pytest.mark.django_db
def test_paths_holding_an_edit_key_are_logged_without_it(client, caplog, created):
    key, edit = created["edit_key"], f"/matches/{created['id']}/edit"
    assert client.get(f"{edit}/{key}/").status_code == 307  # the key buys a cookie, then moves
    assert client.get(f"{edit}/{key}/void/1/").status_code == 405  # Django warns: path and all
    assert client.post(f"{edit}/{key}/void/99/", follow=True).status_code == 404
    assert Client(enforce_csrf_checks=True).post(f"{edit}/{key}/void/1/").status_code == 403
    assert client.get(f"/join/{created['seats'][0]['join_code']}x/").status_code == 400
    # The development server's request line, as runserver logs it.
    logging.getLogger("django.server").info('"%s" %s %s', f"GET {edit}/?key={key} HTTP/1.1", 200, 9)
    assert key not in caplog.text
    assert f"{edit}/void/99/" in caplog.text  # the key-free address the key moved to
    assert "/join/…/" in caplog.text or created["seats"][0]["join_code"] not in caplog.text
    assert f"Forbidden (CSRF cookie not set.): {edit}/…/void/1/" in caplog.text
    assert f"{edit}/?key=… HTTP/1.1" in caplog.text


@pytest.mark.django_db
def test_the_admin_needs_a_login(client):
    response = client.get("/admin/")
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")
    assert client.get("/admin/referee/case/").status_code == 302


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/", *FORM_PAGES, "/rules/", "/cases/", "/api/docs/"])
def test_every_page_carries_a_policy_allowing_only_our_own_code(client, url):
    policy = client.get(url)["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";") if part.strip())
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["default-src"] == "'self'"
    assert "unsafe-inline" not in policy


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/api/rules/", "/api/matches/not-a-match/"])
def test_json_is_never_taken_for_a_page(client, url):
    """JSON carries no policy (nothing in it runs), and nosniff keeps it from being read as
    HTML; no messages are kept for the API."""
    answer = client.get(url)
    assert answer["Content-Type"].startswith("application/json")
    assert "Content-Security-Policy" not in answer
    assert answer["X-Content-Type-Options"] == "nosniff"
    assert not hasattr(answer.wsgi_request, "_messages")


def test_templates_hold_no_inline_script_style_or_handler():
    """The policy refuses inline code, so none may be written into a template."""
    offenders = []
    for template in TEMPLATES.rglob("*.html"):
        text = template.read_text()
        if re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text):
            offenders.append(f"{template.name}: inline <script>")
        if re.search(r"\sstyle=", text) or re.search(r"<style", text):
            offenders.append(f"{template.name}: inline style")
        if re.search(r"\son[a-z]+=", text):
            offenders.append(f"{template.name}: inline event handler")
    assert offenders == []


@pytest.mark.parametrize(
    ("path", "wasm"),
    [
        ("/static/js/engine.js", True),
        ("/static/js/engine.0123456789ab.js", True),  # its name under the manifest storage
        ("/static/js/answers.js", False),
        ("/ofc/", False),
    ],
)
def test_only_the_engines_worker_may_compile_webassembly(path, wasm):
    """The phone's engine runs Pyodide in its worker, under the policy of the worker's own
    script; every page and other script keeps to 'self' (above)."""
    served = PageCSPMiddleware(lambda request: HttpResponse(content_type="text/javascript"))
    policy = served(RequestFactory().get(path))["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";") if part.strip())
    assert directives["script-src"] == ("'self' 'wasm-unsafe-eval'" if wasm else "'self'")
