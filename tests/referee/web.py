"""What the web tests of more than one game slice do as a client does: post to the API or a
page, save house rules, read the rulings' English."""

from __future__ import annotations

from typing import Any


def api(client: Any, url: str, body: Any, **headers: Any) -> Any:
    return client.post(url, body, content_type="application/json", **headers)


def post(client: Any, url: str, data: dict[str, Any], htmx: bool = False) -> Any:
    """Post as the page does; a plain post that is decided redirects to its result (PRG)."""
    if htmx:
        return client.post(url, data, HTTP_HX_REQUEST="true")
    return client.post(url, data, follow=True)


def save(client: Any, changes: dict[str, Any], base: str = "pineapple") -> dict[str, Any]:
    made = client.post("/api/house-rules/", {"title": "Our table", "base": base,
                       "changes": changes}, content_type="application/json")  # fmt: skip
    assert made.status_code == 201, made.content
    return made.json()


def texts(answer: Any) -> list[str]:
    return [ruling["text"] for ruling in answer.json()["rulings"]]
