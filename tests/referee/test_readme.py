"""The README's example API call works as written."""

import json
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


@pytest.mark.django_db
def test_the_readme_example_scores_the_table(client):
    body = re.search(r"-d '(\{.*?\})'", README.read_text(), re.S)
    assert body, "the README shows a curl call with a JSON body"
    response = client.post("/api/ofc/score/", json.loads(body[1]), content_type="application/json")
    assert response.status_code == 200
    answer = response.json()
    # Ann: QQ top (7) + nine-high straight middle (4) + full house bottom (6) = 17 in royalties,
    # and she wins all three rows: 3 + 3 for the sweep + 17 = 23 (OFC-BETA 6.2-6.4).
    assert [(p["name"], p["royalties"], p["score"]) for p in answer["players"]] == [
        ("Ann", 17, 23),
        ("Bob", 0, -23),
    ]
    assert answer["case"].startswith("/cases/")
