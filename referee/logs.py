"""Match edit keys stay out of the logs: paths are logged with the key replaced by "…"."""

import logging
import re

# The key is the path segment after /edit/ (matches/<id>/edit/<key>/) or a ?key= parameter;
# a join code, the segment after /join/. The edit page's own actions (codes, money, void) stay.
_KEY = re.compile(r"(/edit/(?!(?:codes|money|void)/)|/join/|[?&]key=)[^/?&#\s\"]+")


def hide_edit_keys(text: str) -> str:
    """Text with every edit key in it replaced: /matches/3f/edit/…/void/2/."""
    return _KEY.sub(r"\1…", text)


class HideEditKeys(logging.Filter):
    """Rewrites each record of the logger it is on (request lines, 4xx warnings) before any
    handler sees it, the test suite's included."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        hidden = hide_edit_keys(message)
        if hidden != message:
            record.msg, record.args = hidden, ()
        return True
