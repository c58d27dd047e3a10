"""Citations as URL parts: pure functions, so a link can be built without the database or Django
(the server's links and the phone's offline answers alike).

>>> split_citation("pineapple-2p-v1 Foul payout")
('pineapple-2p-v1', 'Foul payout')
>>> article_slug("1.3(a)"), article_slug("Foul payout"), article_slug("3")
('1-3-a', 'foul-payout', '3')
"""

from __future__ import annotations

import re

_NOT_SLUG = re.compile(r"[^a-z0-9]+")


def article_slug(number: str) -> str:
    """Turn an article number or topic name into its URL slug ("1.3(a)" -> "1-3-a")."""
    return _NOT_SLUG.sub("-", number.lower()).strip("-")


def split_citation(citation: str) -> tuple[str, str]:
    """Split "DOC ARTICLE" into the document id and the article number (ids hold no spaces)."""
    document, _, number = citation.strip().partition(" ")
    if not document or not number.strip():
        raise ValueError(f"{citation!r} is not a citation: expected 'DOCUMENT ARTICLE'")
    return document, number.strip()
