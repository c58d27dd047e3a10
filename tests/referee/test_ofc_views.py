"""The OFC page (/ofc/): renders, scores with and without htmx, shows errors at their fields."""

from __future__ import annotations

from typing import Any

import pytest

from referee.forms.ofc import OfcForm
from referee.models import Case

URL = "/ofc/"
# OFC-BETA 8.1: Player 1 scores 8 against Player 2.
EXAMPLE = {
    "ruleset": "pineapple-ofc",
    "p1_name": "Ann",
    "p1_top": "Qs Qd 7c",
    "p1_middle": "9s 9h 4c 4d 2s",
    "p1_bottom": "Ah Jh 8h 6h 3h",
    "p2_name": "Bob",
    "p2_top": "Kc 8d 3s",
    "p2_middle": "5s 5h 5c Ad 2h",
    "p2_bottom": "6c 7d 8c 9c Td",
}


def post(client: Any, data: dict[str, Any], htmx: bool = False) -> Any:
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(URL, data, **headers)


def test_page_offers_the_rulesets_and_three_boards(client: Any, db: Any) -> None:
    """DESIGN.md: pick the ruleset and 2-3 players, three rows each, with the card picker."""
    html = client.get(URL).content.decode()
    for key in ("pineapple-ofc", "pineapple-2p-v1", "joker-ofc"):
        assert f'value="{key}"' in html
    for seat in (1, 2, 3):
        for part in ("name", "top", "middle", "bottom", "discards", "fantasyland"):
            assert f'name="p{seat}_{part}"' in html
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
    """OFC-BETA 8.2: the sweep example; htmx gets the swappable part alone, totals first."""
    data = {**EXAMPLE, "p2_middle": "Ts Th 4s 3c 2c"}
    html = post(client, data, htmx=True).content.decode()
    assert "<html" not in html
    assert html.strip().startswith('<div id="ofc">')
    assert html.index('data-testid="totals"') < html.index("<h2>Boards</h2>")
    assert "+15" in html and "OFC-BETA 6.3" in html


def test_a_foul_shows_its_reason(client: Any, db: Any) -> None:
    """OFC-BETA 8.3: Bob's ten-high middle under a king-high top fouls: 17 to Ann."""
    html = post(client, {**EXAMPLE, "p2_middle": "Tc 7s 5d 4h 2d"}).content.decode()
    assert "+17" in html and "Fouled" in html
    assert "is stronger than the middle row" in html


def test_three_players_and_jokers(client: Any, db: Any) -> None:
    """JOKER-OFC 3.1 and 7.1: a third player with a Joker; the page shows what it became."""
    data = {
        **EXAMPLE,
        "ruleset": "joker-ofc",
        "p3_name": "Cy",
        "p3_top": "X 5d 4h",
        "p3_middle": "Jc Js 3c 3d Tc",
        "p3_bottom": "Kh Kd Ks Qc Qh",
    }
    html = post(client, data).content.decode()
    assert 'data-player="Cy"' in html
    assert "Joker as 5s" in html and "JOKER-OFC 3.1" in html
    assert Case.objects.get().game == "joker-ofc"


@pytest.mark.parametrize(
    ("change", "field_message"),
    [
        ({"p1_top": "Qs Qd"}, "needs exactly 3 cards, got 2"),
        ({"p2_bottom": "6c 7d 8c 9c Qs"}, "Qs is in Ann&#x27;s top row and in Bob&#x27;s bottom"),
        ({"p1_top": "Qs Qd X"}, "holds a Joker, but pineapple-ofc uses a 52-card deck"),
        ({"p1_top": "Zz Qd 7c"}, "is not a card"),
        ({"p3_top": "As Ks 2c"}, "enter Player 3&#x27;s middle row"),
        ({"ruleset": "pineapple-2p-v1", "p3_top": "As Ks 2c", "p3_middle": "Jc Js 3c 3d Tc",
          "p3_bottom": "Kh Kd Ks Qc Qh"}, "pineapple-2p-v1 is played by exactly 2 players, not 3"),
        ({"p1_fantasyland": "on"}, "pineapple-ofc has no Fantasyland"),
        ({"p1_discards": "2c 3c"}, "Ann discards 4 cards in a normal hand"),
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


def test_engine_errors_map_to_the_seat_fields() -> None:
    """DESIGN.md: the engine's players.1.bottom is the form's p2_bottom."""
    form = OfcForm(EXAMPLE)
    assert form.is_valid()
    assert form.field_for("players.1.bottom") == "p2_bottom"
    assert form.field_for("players.0.in_fantasyland") == "p1_fantasyland"
    assert form.field_for("players") is None


def test_a_duplicate_card_is_reported_under_the_second_row(client: Any, db: Any) -> None:
    """OFC-BETA 2.1 and DESIGN.md: the repeat is shown where it was entered, Bob's bottom row."""
    html = post(client, {**EXAMPLE, "p2_bottom": "6c 7d 8c 9c Qs"}).content.decode()
    message = html.index("Qs is in Ann&#x27;s top row and in Bob&#x27;s bottom row")
    assert html.index('name="p2_bottom"') < message < html.index('name="p3_name"')
