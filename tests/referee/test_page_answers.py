"""What each game page's htmx post answers (issues 35 and 37).

A decided htmx post answers the verdict alone, into the block's verdict place (``HX-Retarget``,
``HX-Reswap``), with the case's address pushed (``HX-Push-Url``) and the form's next
idempotency key out of band: the form itself is not sent again, it stays as the person typed
it. A refused one answers the whole block, every error at its field. Without JavaScript the post
redirects to the same ``?case=`` address, whose page shows the verdict with the fields filled.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pytest

from referee.idempotency import FIELD
from referee.models import Case
from tests.referee.test_game_island import EXAMPLE as ISLAND
from tests.referee.test_game_ofc import EXAMPLE as OFC
from tests.referee.test_game_pineapple import LAZY

DEALT = "Ah Ad Ac Kh Kd Qs Js Ts 9s 8s 5h 4c 3d 2c"
PLAYED = {"played-top": "Kh Kd 2c", "played-middle": "Ah Ad Ac 5h 4c",
          "played-bottom": "Qs Js Ts 9s 8s"}  # fmt: skip


@dataclass(frozen=True)
class Game:
    url: str
    block: str  # the id of the block a refusal answers
    decided: dict[str, str]  # a body the game decides
    refused: dict[str, str]  # changes to it the game refuses
    widget: str  # a field of the form, by name
    typed: str  # a value of `decided` that the address's page must show in its field
    verdict: str  # what only a verdict holds


GAMES = {
    "ofc": Game("/ofc/", "ofc", OFC, {"players-0-top": "Qs Qd"}, "players-0-top",
                'value="Qs Qd 7c"', 'data-testid="totals"'),
    "fantasyland": Game("/ofc/fantasyland/", "fantasyland",
                        {"ruleset": "pineapple-2p-v1", "cards": DEALT, "objective": "stay",
                         **PLAYED},
                        {"played-top": "Kh Kd 7s"}, "cards", f'value="{DEALT}"',
                        'data-testid="best-royalties"'),
    "island": Game("/island/", "island", ISLAND, {"table_size": "9"}, "first_set-0",
                   'value="Th 8c"', 'data-testid="verdict"'),
    "showdown": Game("/pineapple/", "showdown", LAZY, {"board": "Ah 7d 5c Kd"}, "board",
                     'value="Ah 7d 5c Kd 2s"', 'class="verdict"'),
    "discards": Game("/pineapple/discards/", "ruling",
                     {"game": "crazy", "situation": "wrong_card_discarded", "player": "Ann"},
                     {"situation": "discard_timing", "timing": "at_deal"}, "situation",
                     'value="Ann"', 'class="verdict"'),
}  # fmt: skip

KEY = re.compile(r'<input type="hidden" name="idempotency_key" value="([^"]+)" id="page-key"')
OOB = re.compile(
    r'<input type="hidden" name="idempotency_key" value="([^"]+)" id="page-key" '
    r'hx-swap-oob="true">'
)
HTMX = {"HTTP_HX_REQUEST": "true"}


def page_form(html: str) -> str:
    """The game's own form (the one htmx posts), from its opening tag to its end."""
    start = html.rindex("<form", 0, html.index("hx-post="))
    return html[start : html.index("</form>", start)]


@pytest.fixture(params=list(GAMES))
def game(request: Any) -> Game:
    return GAMES[request.param]


def test_the_page_keeps_a_verdict_place_apart_from_the_form(client: Any, db: Any, game: Game):
    """The verdict place is in the block, before the form; the form's key has the id that the
    answer's out-of-band key replaces."""
    html = client.get(game.url).content.decode()
    block = html[html.index(f'<div id="{game.block}"') :]
    assert block.index('<div id="outcome" data-outcome></div>') < block.index("hx-post=")
    form = page_form(html)
    assert f'hx-target="#{game.block}"' in form and 'hx-swap="outerHTML' in form
    assert KEY.search(form) and html.count('id="page-key"') == 1
    assert 'hx-history="false"' in block[: block.index(">")]  # no copy in htmx's history cache


def test_a_decided_htmx_post_answers_the_verdict_alone(client: Any, db: Any, game: Game):
    sent = {**game.decided, FIELD: "first-key-0123456789"}
    response = client.post(game.url, sent, **HTMX)
    html = response.content.decode()
    case = Case.objects.get()
    assert response.status_code == 200 and game.verdict in html
    # Not the form, none of its fields, not the block: the verdict alone.
    assert "hx-post=" not in html and f'name="{game.widget}"' not in html
    assert f'id="{game.block}"' not in html and "data-outcome" not in html
    assert "<html" not in html
    assert response["HX-Retarget"] == "#outcome"
    assert response["HX-Reswap"].split()[0] == "innerHTML"
    assert response["HX-Push-Url"] == f"{game.url}?case={case.pk}"
    # A fresh key for the form's next submit, out of band, once, at the top level.
    keys = OOB.findall(html)
    assert len(keys) == 1 and keys[0] != sent[FIELD] and len(keys[0]) >= 24
    assert html.rstrip().endswith(OOB.search(html)[0])  # type: ignore[index]


def test_the_pushed_address_shows_the_verdict_with_the_fields_filled(
    client: Any, db: Any, game: Game
):
    pushed = client.post(game.url, game.decided, **HTMX)["HX-Push-Url"]
    html = client.get(pushed).content.decode()
    assert "<html" in html and game.verdict in html
    assert game.typed in page_form(html)  # the field as it was typed, ready to change


def test_a_refused_htmx_post_answers_the_whole_block_with_its_errors(
    client: Any, db: Any, game: Game
):
    response = client.post(game.url, {**game.decided, **game.refused}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and not Case.objects.exists()
    assert html.lstrip().startswith(f'<div id="{game.block}"')
    assert '<div id="outcome" data-outcome></div>' in html  # no verdict stands
    form = page_form(html)
    assert f'name="{game.widget}"' in form and "errorlist" in form and "data-problems" in form
    assert KEY.search(form)
    for header in ("HX-Retarget", "HX-Reswap", "HX-Push-Url"):
        assert header not in response  # htmx swaps it where the form says: the whole block


def test_without_javascript_a_post_still_redirects_to_the_case(client: Any, db: Any, game: Game):
    response = client.post(game.url, game.decided)
    case = Case.objects.get()
    assert response.status_code == 302 and response["Location"] == f"{game.url}?case={case.pk}"
    assert "HX-Push-Url" not in response


def test_back_to_a_pushed_address_gets_the_whole_page(client: Any, db: Any, game: Game):
    """htmx asks for a page it keeps no copy of (hx-history="false") with HX-Request and
    HX-History-Restore-Request, and puts the body it gets in place of its own."""
    pushed = client.post(game.url, game.decided, **HTMX)["HX-Push-Url"]
    html = client.get(pushed, HTTP_HX_HISTORY_RESTORE_REQUEST="true", **HTMX).content.decode()
    assert "<html" in html and game.verdict in html and game.typed in page_form(html)


def test_a_double_tap_replays_the_verdict_with_its_headers(client: Any, db: Any) -> None:
    """The same form sent twice with one key: one case, and the second answer is the first,
    headers included, so it too lands in the verdict place."""
    sent = {**OFC, FIELD: "double-tap-key-0123456"}
    first = client.post("/ofc/", sent, **HTMX)
    second = client.post("/ofc/", sent, **HTMX)
    assert Case.objects.count() == 1
    assert second.content == first.content
    for header in ("HX-Retarget", "HX-Reswap", "HX-Push-Url"):
        assert second[header] == first[header]


def test_an_out_of_band_key_needs_the_id_of_the_key_it_replaces() -> None:
    from django.template import Context, Template, TemplateSyntaxError

    tag = "{% load idempotency %}{% idempotency_field oob=True %}"
    with pytest.raises(TemplateSyntaxError, match="needs the id"):
        Template(tag).render(Context())
