"""Settings for Pineapple Referee: every value comes from the environment, with safe defaults."""

import os
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def envbool(name: str, default: str) -> bool:
    """Read a yes/no variable, refusing anything that is not clearly one or the other."""
    value = os.environ.get(name, default).strip().lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    raise ImproperlyConfigured(f"{name} must be true or false (1/0, yes/no, on/off), not {value!r}")


def envint(name: str, default: str) -> int:
    """Read a non-negative whole number, refusing anything else."""
    value = os.environ.get(name, default).strip()
    if not value.isdigit():
        raise ImproperlyConfigured(f"{name} must be a whole number of 0 or more, not {value!r}")
    return int(value)


def envchoice(name: str, default: str, choices: tuple[str, ...]) -> str:
    """Read one of a few words (case-insensitive), refusing any other."""
    value = os.environ.get(name, default).strip().upper()
    if value not in choices:
        raise ImproperlyConfigured(f"{name} must be one of {', '.join(choices)}, not {value!r}")
    return value


def envlist(name: str, default: str) -> list[str]:
    """Read a comma-separated list, refusing empty items."""
    items = [item.strip() for item in os.environ.get(name, default).split(",")]
    if any(not item for item in items):
        raise ImproperlyConfigured(f"{name} must be a comma-separated list with no empty items")
    return items


DEBUG = envbool("DJANGO_DEBUG", "true")

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is false")
    SECRET_KEY = "insecure-development-key-never-used-in-production"

ALLOWED_HOSTS = envlist("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.forms",
    "django_htmx",
    "template_partials",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "csp",
    "referee",
]

MIDDLEWARE = [
    "referee.logs.RequestIdMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "referee.pages_only.PageCSPMiddleware",  # django-csp, not for JSON
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language: the cookie set_language leaves, else the browser's Accept-Language.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "referee.pages_only.PageMessageMiddleware",  # Django's, not under /api/
    "django_htmx.middleware.HtmxMiddleware",
    "referee.ratelimit.RateLimitMiddleware",
    # Innermost: its transaction holds the key's row and the view's writes, nothing else.
    "referee.idempotency.IdempotencyMiddleware",
]

ROOT_URLCONF = "referee.urls"
WSGI_APPLICATION = "referee.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            # {% idempotency_field %} in every form that posts, with no {% load %}.
            "builtins": ["referee.templatetags.idempotency"],
        },
    },
]

# Widgets render through TEMPLATES, so project templates (includes/cards_input.html) are found.
FORM_RENDERER = "django.forms.renderers.TemplatesSetting"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60, conn_health_checks=True
    )
}
# gunicorn's gevent workers (gunicorn.conf.py sets REFEREE_DB_POOL) serve each request in a
# greenlet of its own, which would open a connection of its own: a pool per worker lends them a
# few instead (Django's own pool), each checked before it is lent (CONN_HEALTH_CHECKS: a round
# trip, as psycopg_pool checks; a backported check without one gained 2% of an API request's
# CPU and nothing measurable in wall time, so it went). A
# request that waits a second for one is answered 503, and a connection that cannot be made is
# tried again at the next request after a second, so an outage is answered at once and over as
# soon as the database is back (bench/faults.py). Elsewhere (runserver, the tests) each thread
# keeps its connection.
REFEREE_DB_POOL = envint("REFEREE_DB_POOL", "0")  # connections per process at most; 0: no pool
if REFEREE_DB_POOL and DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # back to the pool after each request
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": min(4, REFEREE_DB_POOL),
        "max_size": REFEREE_DB_POOL,
        "timeout": 1,
        "reconnect_timeout": 1,
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A write transaction takes SQLite's lock when it begins, so two writers queue (up to 20 s)
    # instead of one failing with "database is locked" when it upgrades a read lock.
    # Write-ahead logging: a commit appends to the log and syncs it once (still durable), and
    # readers (the standings polls) never wait for a writer.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        transaction_mode="IMMEDIATE", timeout=20, init_command="PRAGMA journal_mode=WAL;"
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
# English is the source; Japanese is compiled from locale/ja (make compiles it, see Makefile).
LANGUAGES = [("en", "English"), ("ja", "日本語")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
# The phone's offline engine (Pyodide and the engine's files), built by `make bundle` into
# build/offline/ and served under /static/offline/.
OFFLINE_BUNDLE = BASE_DIR / "build" / "offline"
STATICFILES_DIRS = [
    BASE_DIR / "static",
    *([("offline", OFFLINE_BUNDLE)] if OFFLINE_BUNDLE.is_dir() else []),
]
# The manifest storage needs collectstatic, so it is for production only.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

REST_FRAMEWORK = {
    "DEFAULT_PARSER_CLASSES": ["referee.api.parsers.JsonParser"],
    "DEFAULT_RENDERER_CLASSES": ["referee.fastjson.JsonRenderer"],
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "DEFAULT_PERMISSION_CLASSES": [],
    "UNAUTHENTICATED_USER": None,
    "EXCEPTION_HANDLER": "referee.api.exceptions.exception_handler",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Pineapple Referee API",
    "DESCRIPTION": "Referee and score Pineapple poker games; every ruling cites its article.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # Two fields named "game": a case made offline names its game, the discard referee its own.
    "ENUM_NAME_OVERRIDES": {
        "OfflineGameEnum": "referee.offline.OFFLINE_GAMES",
        "DiscardGameEnum": "referee.games.discards.TITLES",
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "referee.idempotency.document_idempotency",
    ],
}

# Only the app's own scripts and styles; nothing from another host, no inline code.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "font-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# Write requests a minute per client address, shared by all workers; 0 turns the limit off.
REFEREE_RATE_LIMIT = envint("REFEREE_RATE_LIMIT", "120")
# How many trusted proxies add themselves to X-Forwarded-For in front of the app (0: none).
REFEREE_PROXY_HOPS = envint("REFEREE_PROXY_HOPS", "0")
# How long a write's answer is kept for its retries under its Idempotency-Key (idempotency.py).
REFEREE_IDEMPOTENCY_HOURS = envint("REFEREE_IDEMPOTENCY_HOURS", "24")
if not REFEREE_IDEMPOTENCY_HOURS:
    raise ImproperlyConfigured("REFEREE_IDEMPOTENCY_HOURS must be a whole number of 1 or more")
# One line per record on stderr: time, level, logger, the request's id (logs.py), the message.
REFEREE_LOG_LEVEL = envchoice(
    "REFEREE_LOG_LEVEL", "INFO", ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
)
LOGGING_CONFIG = "referee.logs.configure"
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "referee.logs.RequestIdFilter"}},
    "formatters": {
        "line": {
            "()": "referee.logs.OneLineFormatter",
            "format": "%(asctime)s %(levelname)s %(name)s %(request_id)s %(message)s",
        }
    },
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "filters": ["request_id"],
            "formatter": "line",
        }
    },
    "root": {"handlers": ["stderr"], "level": REFEREE_LOG_LEVEL},
    # Django's own handlers print only under debug, or mail admins: everything goes to the root.
    "loggers": {
        "django": {"handlers": [], "level": REFEREE_LOG_LEVEL, "propagate": True},
        "django.server": {"handlers": [], "level": REFEREE_LOG_LEVEL, "propagate": True},
    },
}

# Bodies larger than this are refused (the largest legal request is a few kilobytes).
DATA_UPLOAD_MAX_MEMORY_SIZE = 256 * 1024

# Behind a TLS-terminating proxy; each is switchable for hosts that serve plain HTTP locally.
SECURE_SSL_REDIRECT = envbool("DJANGO_SECURE_SSL_REDIRECT", "false" if DEBUG else "true")
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
LANGUAGE_COOKIE_SECURE = not DEBUG
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_HTTPONLY = True
SECURE_HSTS_SECONDS = envint("DJANGO_HSTS_SECONDS", "0" if DEBUG else "31536000")
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = not DEBUG
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
