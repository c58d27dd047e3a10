"""Whether a browser's request was sent by one of this site's own pages.

Django's CSRF check does this for form posts (a token, and the Origin or Referer on HTTPS). Two
writes cannot carry a token and so check the browser's own word instead: the language switch
(posted from case pages that any cache may keep, so they hold no visitor's token) and a JSON
write to the API that a phone's match cookie authorises. A browser names the site that sent a
request in `Sec-Fetch-Site` (every current one) and `Origin` (on every cross-origin POST); a
tool that sends neither is no browser, and so carries no one's cookie by accident.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest

# "none": the person typed the address or followed a bookmark.
OWN = frozenset({"same-origin", "none"})


def cross_site(request: HttpRequest) -> bool:
    """True when a browser says another site (a sibling subdomain included) sent the request."""
    fetched_from = request.headers.get("Sec-Fetch-Site")
    if fetched_from is not None and fetched_from not in OWN:
        return True
    origin = request.headers.get("Origin")
    if origin is None:
        return False
    own = f"{request.scheme}://{request.get_host()}"
    return origin != own and origin not in settings.CSRF_TRUSTED_ORIGINS
