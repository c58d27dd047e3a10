"""The OFC page (/ofc/): renders, scores with and without htmx, shows errors at their fields."""

from __future__ import annotations

from typing import Any

import pytest

from referee.games.ofc import OfcForm
from referee.models import Case

URL = "/ofc/"
# OFC-BETA 8.1: Player 1 scores 8 against Player 2.
EXAMPLE = {
    "ruleset": "pineapple-ofc",
    "players-0-name": "Ann",
    "players-0-top": "Qs Qd 7c",
    "players-0-middle": "9s 9h 4c 4d 2s",
    "players-0-bottom": "Ah Jh 8h 6h 3h",
    "players-1-name": "Bob",
    "players-1-top": "Kc 8d 3s",
    "players-1-middle": "5s 5h 5c Ad 2h",
    "players-1-bottom": "6c 7d 8c 9c Td",
}


def post(client: Any, data: dict[str, Any], htmx: bool = False) -> Any:
    """Post as the page does; a plain post that is decided redirects to its result (PRG)."""
    if htmx:
        return client.post(URL, data, HTTP_HX_REQUEST="true")
    return client.post(URL, data, follow=True)


def test_page_offers_the_rulesets_and_three_boards(client: Any, db: Any) -> None:
    """DESIGN.md: pick the ruleset and 2-3 players, three rows each, with the card picker."""
    html = client.get(URL).content.decode()
    for key in ("pineapple-ofc", "pineapple-2p-v1", "joker-ofc"):
        assert f'value="{key}"' in html
    for seat in (1, 2, 3):
        for part in ("name", "top", "middle", "bottom", "discards", "in_fantasyland"):
            assert f'name="players-{seat - 1}-{part}"' in html
    assert "data-picker" in html and 'data-joker-rulesets="joker-ofc"' in html
    assert 'data-testid="totals"' not in html


def test_post_without_htmx_renders_the_whole_page_with_the_scores(client: Any, db: Any) -> None:
    """OFC-BETA 8.1: Ann +8, Bob -8, with the royalty rulings linked to their articles."""
    response = post(client, EXAMPLE)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html
    assert 'data-player="Ann"' in html and "+8" in html and "-8" in html
    assert "Pair of queens, seven kicker" in html
    assert "OFC-BETA 6.7" in html and "/rules/OFC-BETA/6-7/" in html
    case = Case.objects.get()
    assert case.game == "pineapple-ofc"
    assert [p["score"] for p in case.result["players"]] == [8, -8]
    assert case.entered["players"][0]["top"] == "Qs Qd 7c"
    assert case.get_absolute_url() in html


def test_post_with_htmx_renders_only_the_result(client: Any, db: Any) -> None:
    """OFC-BETA 8.2: the sweep example; htmx gets the verdict alone (the form stays as typed),
    totals first."""
    data = {**EXAMPLE, "players-1-middle": "Ts Th 4s 3c 2c"}
    html = post(client, data, htmx=True).content.decode()
    assert "<html" not in html and 'name="players-0-top"' not in html
    assert html.strip().startswith('<section class="result"')
    assert html.index('data-testid="totals"') < html.index("<h2>Boards")
    assert "+15" in html and "OFC-BETA 6.3" in html


def test_new_hand_keeps_the_players_and_the_ruleset(client: Any, db: Any) -> None:
    """A new hand at the same table: the names and ruleset stay, every card is cleared."""
    response = post(client, {**EXAMPLE, "ruleset": "joker-ofc"})
    link = response.context["new_hand"]
    assert link.startswith("/ofc/?") and "Qs" not in link
    fresh = client.get(link)
    form = fresh.context["form"]
    assert form["ruleset"].value() == "joker-ofc"
    assert form["players-0-name"].value() == "Ann" and form["players-1-name"].value() == "Bob"
    assert (
        not form["players-0-top"].value() and 'data-testid="totals"' not in fresh.content.decode()
    )
    assert Case.objects.count() == 1  # opening the new hand decides nothing


def test_a_foul_shows_its_reason(client: Any, db: Any) -> None:
    """OFC-BETA 8.3: Bob's ten-high middle under a king-high top fouls: 17 to Ann."""
    html = post(client, {**EXAMPLE, "players-1-middle": "Tc 7s 5d 4h 2d"}).content.decode()
    assert "+17" in html and "Fouled" in html
    assert "is stronger than the middle row" in html


def test_three_players_and_jokers(client: Any, db: Any) -> None:
    """JOKER-OFC 3.1 and 7.1: a third player with a Joker; the page shows what it became."""
    data = {
        **EXAMPLE,
        "ruleset": "joker-ofc",
        "players-2-name": "Cy",
        "players-2-top": "X 5d 4h",
        "players-2-middle": "Jc Js 3c 3d Tc",
        "players-2-bottom": "Kh Kd Ks Qc Qh",
    }
    html = post(client, data).content.decode()
    assert 'data-player="Cy"' in html
    assert "Joker as 5s" in html and "JOKER-OFC 3.1" in html
    assert Case.objects.get().game == "joker-ofc"


@pytest.mark.parametrize(
    ("change", "field_message"),
    [
        ({"players-0-top": "Qs Qd"}, "Ann&#x27;s top row needs 3 cards, not 2 (OFC-BETA 1.1)"),
        ({"players-1-bottom": "6c 7d 8c 9c Qs"}, "Qs is in Ann&#x27;s top row and in Bob&#x27;s"),
        ({"players-0-top": "Qs Qd X"}, "holds a Joker, but Pineapple OFC uses a 52-card deck"),
        ({"players-0-top": "Zz Qd 7c"}, "is not a card"),
        ({"players-2-top": "As Ks 2c"}, "enter 5 cards here, e.g. 9s 9h 4c 4d 2s"),
        ({"ruleset": "pineapple-2p-v1", "players-2-top": "As Ks 2c",
          "players-2-middle": "Jc Js 3c 3d Tc", "players-2-bottom": "Kh Kd Ks Qc Qh"},
         "Heads-up Pineapple OFC takes exactly 2 players"),
        ({"players-0-in_fantasyland": "on"}, "Pineapple OFC has no Fantasyland"),
        ({"players-0-discards": "2c 3c"}, "Ann discards 4 cards in a normal hand"),
    ],
)  # fmt: skip
def test_errors_appear_at_the_field(
    client: Any, db: Any, change: dict[str, str], field_message: str
) -> None:
    """DESIGN.md: errors appear at the field, in words; nothing is scored or recorded."""
    response = post(client, {**EXAMPLE, **change})
    html = response.content.decode()
    assert response.status_code == 200
    assert field_message in html
    assert 'role="alert"' in html
    assert 'data-testid="totals"' not in html
    assert not Case.objects.exists()


def test_field_names_are_the_api_paths() -> None:
    """STYLE.md: the page posts the API's body, so players.1.bottom is players-1-bottom."""
    form = OfcForm(EXAMPLE)
    body = form.body()
    assert body["ruleset"] == "pineapple-ofc"
    assert [player["name"] for player in body["players"]] == ["Ann", "Bob"]
    assert body["players"][1]["bottom"] == "6c 7d 8c 9c Td"
    form.show_errors({"players.1.bottom": ["wrong"], "players": ["too many"]})
    assert form.errors["players-1-bottom"] == ["wrong"]
    assert form.non_field_errors() == ["too many"]


def test_a_duplicate_card_is_reported_under_the_second_row(client: Any, db: Any) -> None:
    """OFC-BETA 2.1 and DESIGN.md: the repeat is shown where it was entered, Bob's bottom row."""
    html = post(client, {**EXAMPLE, "players-1-bottom": "6c 7d 8c 9c Qs"}).content.decode()
    said = "Qs is in Ann&#x27;s top row and in Bob&#x27;s bottom row"
    summary, at_field = html.index(said), html.rindex(said)
    assert summary < html.index('name="players-1-bottom"') < at_field
    assert at_field < html.index('name="players-2-name"')
    assert 'href="#id_players-1-bottom"' in html  # the summary links to the field


def test_a_plain_post_redirects_to_its_result_so_a_reload_posts_nothing(client: Any, db: Any):
    """Post, redirect, get: the answer's address shows the case again, the fields as typed."""
    posted = client.post(URL, EXAMPLE)
    assert posted.status_code == 302 and posted["Location"].startswith("/ofc/?case=")
    for _ in range(2):  # a reload of the answer decides nothing new
        page = client.get(posted["Location"])
        assert 'data-player="Ann"' in page.content.decode() and "+8" in page.content.decode()
    assert Case.objects.count() == 1
    form = page.context["form"]
    assert form["players-1-middle"].value() == "5s 5h 5c Ad 2h"
    assert form["players-0-name"].value() == "Ann" and form["ruleset"].value() == "pineapple-ofc"


def test_a_case_from_before_the_one_path_opens_the_page_without_a_result(client: Any, db: Any):
    """A schema 1 case is not decided again on the page: its case page shows it."""
    old = Case.objects.create(game="pineapple-ofc", entered={"p1_top": "Qs"}, result={}, schema=1)
    page = client.get(f"{URL}?case={old.pk}")
    assert page.status_code == 200 and 'data-testid="totals"' not in page.content.decode()
    assert client.get(f"{URL}?case=not-a-case").status_code == 200


def test_no_label_says_its_ruleset_twice(client, db):
    """The Fantasyland deal is labelled "(Joker OFC)" once (issue 37)."""
    html = client.get("/ofc/").content.decode()
    assert "Fantasyland deal (Joker OFC)" in html
    assert "(Joker OFC) (Joker OFC)" not in html
