"""Error pages: anything under /api/ answers JSON, everything else the usual HTML."""

import sys

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views import defaults
from django.views.decorators.csrf import csrf_exempt

from referee.outage import unavailable, unavailable_reason


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        return JsonResponse({"errors": {"non_field_errors": [_("Not found.")]}}, status=404)
    return defaults.page_not_found(request, exception)


@csrf_exempt  # it changes nothing, so a POST to a wrong path gets its 404, not a CSRF 403
def api_not_found(request: HttpRequest, rest: str = "") -> JsonResponse:
    """Any /api/ path that names no endpoint: JSON, even where debug would draw a page."""
    return JsonResponse({"errors": {"non_field_errors": [_("Not found.")]}}, status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    # Django calls this while it handles the exception, so the exception is still at hand.
    reason = unavailable_reason(sys.exc_info()[1])
    if reason:
        return unavailable(request, reason)
    if _is_api(request):
        return JsonResponse({"errors": {"non_field_errors": [_("Server error.")]}}, status=500)
    return defaults.server_error(request)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if isinstance(exception, RequestDataTooBig):
        size = settings.DATA_UPLOAD_MAX_MEMORY_SIZE // 1024
        message = _("The request is larger than %(size)d KB.") % {"size": size}
        if _is_api(request):
            return JsonResponse({"errors": {"non_field_errors": [message]}}, status=413)
        return HttpResponse(message, status=413, content_type="text/plain; charset=utf-8")
    if _is_api(request):
        return JsonResponse({"errors": {"non_field_errors": [_("Bad request.")]}}, status=400)
    return defaults.bad_request(request, exception)
