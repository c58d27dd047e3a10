"""The language switch: Django's set_language, reachable from every page."""

from django.http import HttpRequest, HttpResponse, HttpResponseForbidden
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import set_language as django_set_language

from referee.origins import cross_site


@csrf_exempt  # case pages, kept by any cache, carry no visitor's token: the origin is checked
def set_language(request: HttpRequest) -> HttpResponse:
    """Set the language cookie, for a post from this site's own pages only."""
    if request.method == "POST" and cross_site(request):
        return HttpResponseForbidden(
            _("The language can only be changed from this site's own pages."),
            content_type="text/plain; charset=utf-8",
        )
    return django_set_language(request)
