"""The language switch: Django's set_language, reachable from every page."""

from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import set_language as django_set_language

# The switch only sets the language cookie, so a forged post changes nothing but the words.
# It is exempt because the case pages, kept by any cache, carry no visitor's CSRF token.
set_language = csrf_exempt(django_set_language)
