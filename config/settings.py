"""Settings for the tournament platform.

Two modes, chosen by the environment:
- production / CI: ``DATABASE_URL`` (PostgreSQL) and ``REDIS_URL`` (Celery broker and channel layer);
- embedded (neither set): SQLite, a file-system Celery broker and an SQLite channel layer, so the whole
  app — background jobs, scheduled deadlines and live websocket updates — runs with no server at all.
"""
from __future__ import annotations

import os
import secrets
from datetime import timedelta
import sys
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("PONYHALL_VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)
SHARED_DIR = Path(os.environ.get("PONYHALL_SHARED_DIR", BASE_DIR.parent / "shared")).resolve()
CARD_DATA_DIR = SHARED_DIR / "cards" / "mlpccg"


def _flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    return default if value in (None, "") else value.lower() in ("1", "true", "yes", "on")


def _list(name: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, "").split(",") if item.strip()]


def _local_secret_key() -> str:
    """Local development and tests only: a random key generated once and kept in var/ (never in the repo)."""
    path = VAR_DIR / "secret-key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


# Safe by default: debug only when asked for; production (debug off) refuses to start without a real secret
# key and explicit hosts. ./run.sh and scripts/setup-env.sh set the local values (a key generated in var/).
TESTING = "pytest" in sys.modules
DEBUG = _flag("DJANGO_DEBUG", False)
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not (DEBUG or TESTING):
        raise ImproperlyConfigured("Set DJANGO_SECRET_KEY (50 random characters): production does not start without it.")
    SECRET_KEY = _local_secret_key()
elif len(SECRET_KEY) < 32 or SECRET_KEY.startswith(("django-insecure", "dev-insecure")):
    raise ImproperlyConfigured("DJANGO_SECRET_KEY is too short or a published example: use 50 random characters.")
ALLOWED_HOSTS = _list("DJANGO_ALLOWED_HOSTS")
if not ALLOWED_HOSTS:
    if not (DEBUG or TESTING):
        raise ImproperlyConfigured("Set DJANGO_ALLOWED_HOSTS (comma-separated host names this site answers to).")
    ALLOWED_HOSTS = ["localhost", "127.0.0.1", "[::1]", "testserver"]
if TESTING and "testserver" not in ALLOWED_HOSTS:
    ALLOWED_HOSTS.append("testserver")  # Django's test client (the websocket origin check reads it at import)
if "*" in ALLOWED_HOSTS and not DEBUG:
    raise ImproperlyConfigured("DJANGO_ALLOWED_HOSTS='*' answers any Host header: name the hosts.")
CSRF_TRUSTED_ORIGINS = _list("DJANGO_CSRF_TRUSTED_ORIGINS")

# HTTPS (production defaults; PONYHALL_HTTPS=0 for plain-HTTP local runs). Behind a proxy that terminates
# TLS, set DJANGO_SECURE_PROXY_SSL_HEADER=1 so X-Forwarded-Proto: https counts as secure.
HTTPS = _flag("PONYHALL_HTTPS", not (DEBUG or TESTING))
SECURE_SSL_REDIRECT = _flag("DJANGO_SECURE_SSL_REDIRECT", HTTPS)
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_SECURE_HSTS_SECONDS", 31536000 if HTTPS else 0))
SECURE_HSTS_INCLUDE_SUBDOMAINS = _flag("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", HTTPS)
SECURE_HSTS_PRELOAD = _flag("DJANGO_SECURE_HSTS_PRELOAD", HTTPS)
if _flag("DJANGO_SECURE_PROXY_SSL_HEADER", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SILENCED_SYSTEM_CHECKS = [] if HTTPS else ["security.W004", "security.W008", "security.W012", "security.W016"]

# Links in emails (password resets) are built from this domain, never from the request's Host header.
SITE_DOMAIN = os.environ.get("PONYHALL_SITE_DOMAIN", ALLOWED_HOSTS[0] if ALLOWED_HOSTS[0] != "*" else "localhost")
# Email: DJANGO_EMAIL_URL-style settings for production (SMTP); the console in embedded mode and tests.
EMAIL_BACKEND = os.environ.get(
    "DJANGO_EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend" if os.environ.get("DJANGO_EMAIL_HOST") else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_HOST = os.environ.get("DJANGO_EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("DJANGO_EMAIL_PORT", 587))
EMAIL_HOST_USER = os.environ.get("DJANGO_EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("DJANGO_EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = _flag("DJANGO_EMAIL_USE_TLS", True)
EMAIL_TIMEOUT = 10
DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_DEFAULT_FROM_EMAIL", f"Ponyhall <noreply@{SITE_DOMAIN}>")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "axes",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI and ReDoc served from our own static files (works offline)
    "channels",
    "config.apps.PlatformConfig",
    "decks",
    "tournaments",
    "gameplay",
    "limited",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "config.limits.TextInputGuard",  # NUL characters in query strings and forms: 400 naming the field
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",  # last: answers a locked-out login with the lockout page
]

ROOT_URLCONF = "config.urls"
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
        },
    },
]
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

DATABASE_URL = os.environ.get("DATABASE_URL", "")
REDIS_URL = os.environ.get("REDIS_URL", "")
EMBEDDED = not DATABASE_URL

if DATABASE_URL:
    # Under ASGI every request may run on a different thread, so persistent per-thread connections pile up
    # (one daphne held 54 idle ones). Instead: no persistent connections (CONN_MAX_AGE=0) and one bounded
    # psycopg pool per process (web: PONYHALL_DB_POOL_MAX, default 8; a Celery worker the same): a connection
    # goes back to the pool at the end of each request or task, and a burst waits (up to 120 s) for one rather
    # than opening more. Sum of processes x max_size must stay under PostgreSQL's max_connections (100).
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=0)}
    if _flag("PONYHALL_DB_POOL", not TESTING):
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": int(os.environ.get("PONYHALL_DB_POOL_MIN", 1)),
            "max_size": int(os.environ.get("PONYHALL_DB_POOL_MAX", 8)),
            "timeout": float(os.environ.get("PONYHALL_DB_POOL_TIMEOUT", 120)),
        }
else:
    _sqlite_options = {
        # WAL and a busy timeout let the web server, the worker and the scheduler share the file.
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
    }
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("PONYHALL_SQLITE", str(VAR_DIR / "db.sqlite3")),
            "OPTIONS": _sqlite_options,
            "TEST": {"NAME": str(VAR_DIR / "test-db.sqlite3")},
        },
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Channel layer: Redis when configured, else an SQLite-backed layer shared by every process.
# Capacity: both layers keep ONE inbox per server process for all of its websockets, and a group send to an
# inbox holding `capacity` messages is dropped without an error (channels_redis only logs it at INFO). The
# default of 100 lost draft views when 64 drafters on one daphne picked at once (bench/draft.py: pods stopped,
# waiting for a view that never came), so the inbox holds far more than one burst; messages still expire
# after 60 s if a process is gone.
CHANNEL_CAPACITY = int(os.environ.get("PONYHALL_CHANNEL_CAPACITY", "10000"))
if REDIS_URL:
    CHANNEL_LAYERS = {
        # redis-py 8 reads with a 5 s socket timeout by default, exactly the layer's blocking-pop timeout
        # (BZPOPMIN 5 s): every idle websocket would die with "Timeout reading". Give reads more room.
        # channels_redis, but a group message reaches this process's own sockets without Redis (config/channel_layer.py)
        "default": {"BACKEND": "config.channel_layer.LocalFirstRedisChannelLayer",
                    "CONFIG": {"hosts": [{"address": REDIS_URL, "socket_timeout": 30}], "capacity": CHANNEL_CAPACITY}}
    }
else:
    INSTALLED_APPS.append("channels_lite")
    DATABASES["channels"] = {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": str(VAR_DIR / "channels.sqlite3"),
        "OPTIONS": {"init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;", "timeout": 20},
        "TEST": {"NAME": str(VAR_DIR / "test-channels.sqlite3")},
    }
    DATABASE_ROUTERS = ["channels_lite.router.ChannelsRouter"]
    CHANNEL_LAYERS = {
        "default": {"BACKEND": "channels_lite.layers.core.SQLiteChannelLayer",
                    "CONFIG": {"database": "channels", "capacity": CHANNEL_CAPACITY}}
    }
if os.environ.get("PONYHALL_CHANNEL_LAYER") == "memory":  # unit tests of consumers
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# Celery: Redis broker when configured, else a file-system broker (no server needed).
CELERY_TIMEZONE = "UTC"
CELERY_TASK_ACKS_LATE = True  # a task killed mid-run is redelivered; tasks are idempotent
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ALWAYS_EAGER = os.environ.get("CELERY_TASK_ALWAYS_EAGER", "0") == "1"
CELERY_TASK_EAGER_PROPAGATES = True
if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
    CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 3600}
else:
    _broker_dir = VAR_DIR / "celery-broker"
    for sub in ("queue", "processed", "control"):
        (_broker_dir / sub).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_URL = "filesystem://localhost/"  # the host is unused; naming it keeps kombu from warning
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_broker_dir / "queue"),
        "data_folder_out": str(_broker_dir / "queue"),
        "processed_folder": str(_broker_dir / "processed"),
        "store_processed": False,
        # the broadcast (pidbox) exchange tables: under var/, not in the working directory
        "control_folder": str(_broker_dir / "control"),
    }
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
# The periodic sweep processes any deadline that passed while no worker ran.
CELERY_BEAT_SCHEDULE = {
    "sweep-deadlines": {"task": "tournaments.tasks.sweep_deadlines_task", "schedule": 10.0},
    # Online games: decision timers and disconnect grace periods that ran out (gameplay.tasks).
    "sweep-game-deadlines": {"task": "gameplay.tasks.sweep_game_deadlines_task", "schedule": 2.0},
    "sweep-draft-timers": {"task": "limited.tasks.sweep_draft_timers_task", "schedule": 5.0},
}
# Online games: how long a bot seat waits before its move (so a human sees it); 0 in tests.
PONYHALL_BOT_DELAY_SECONDS = float(os.environ.get("PONYHALL_BOT_DELAY_SECONDS", "0.4"))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 8}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
# Login throttling (django-axes): after AXES_FAILURE_LIMIT wrong passwords for one account, or from one address,
# within the cool-off, logins (web and POST /api/auth/token/) are refused for the cool-off with a clear message.
# An organiser unlocks a player of their event (operation unlock_login); staff unlock anyone in the admin
# ("Access attempts") or with `python manage.py axes_reset_username NAME`.
AUTHENTICATION_BACKENDS = [
    "config.auth.LoginThrottleBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("PONYHALL_LOGIN_FAILURE_LIMIT", 10))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("PONYHALL_LOGIN_COOLOFF_MINUTES", 15)))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]  # per account and, separately, per address
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_VERBOSE = False
# Client address: the socket's unless a trusted proxy count is configured (X-Forwarded-For is forgeable).
AXES_IPWARE_PROXY_COUNT = int(os.environ.get("PONYHALL_PROXY_COUNT", 0)) or None
AXES_IPWARE_META_PRECEDENCE_ORDER = ("HTTP_X_FORWARDED_FOR", "REMOTE_ADDR") if AXES_IPWARE_PROXY_COUNT else ("REMOTE_ADDR",)

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
STATICFILES_DIRS = [BASE_DIR / "static"]
WHITENOISE_ROOT = BASE_DIR / "static" / "root"  # served at the site root: /favicon.ico

# Bounded input (config/limits.py): a request body over PONYHALL_MAX_BODY_BYTES is answered 413 before it is
# read (every endpoint, under daphne or any ASGI server); a websocket message over
# PONYHALL_MAX_WEBSOCKET_MESSAGE_BYTES closes the socket; JSON nested deeper than PONYHALL_MAX_JSON_DEPTH is a 400.
# Decklists are a few KB (at most 256 KB), so 1 MB leaves room for a multipart upload.
PONYHALL_MAX_BODY_BYTES = int(os.environ.get("PONYHALL_MAX_BODY_BYTES", 1024 * 1024))
PONYHALL_MAX_WEBSOCKET_MESSAGE_BYTES = int(os.environ.get("PONYHALL_MAX_WEBSOCKET_MESSAGE_BYTES", 64 * 1024))
PONYHALL_MAX_JSON_DEPTH = int(os.environ.get("PONYHALL_MAX_JSON_DEPTH", 32))
DATA_UPLOAD_MAX_MEMORY_SIZE = PONYHALL_MAX_BODY_BYTES
FILE_UPLOAD_MAX_MEMORY_SIZE = PONYHALL_MAX_BODY_BYTES

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "config.schema.PonyhallAutoSchema",  # documents the error answers too
    "DEFAULT_PARSER_CLASSES": [
        "config.limits.BoundedJSONParser",  # one guard for JSON size and depth
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Ponyhall tournament platform API",
    "DESCRIPTION": "Events, decklists, pairings, results and card catalog for MLP CCG and Neopets Battledome.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Request bodies get components of their own ("...Request"): they say what a request must hold (a
    # required text is not blank, an upload is a file), which the shared read/write component could not.
    "COMPONENT_SPLIT_REQUEST": True,
    # the enum names below, then request bodies documented as JSON (config/schema.py says why)
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums", "config.schema.json_request_bodies"],
    "ENUM_NAME_OVERRIDES": {
        "EventStatusEnum": "tournaments.models.Event.Status",
        "RegistrationStatusEnum": "tournaments.models.Registration.Status",
        "PenaltyKindEnum": "tournaments.models.Penalty.Kind",
        "LimitedKindEnum": "limited.models.LimitedEvent.Kind",
        "ReportedResultEnum": "tournaments.operation_bodies.RESULTS",  # a result an operation records or reports
    },
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# One console handler, on the root logger: Django's own "django" logger keeps no handler of its own (it
# would print every line twice, once itself and once through the root), and refused requests (4xx) are
# logged as one line without a traceback.
LOG_LEVEL = os.environ.get("LOG_LEVEL", "WARNING")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"client_error_without_traceback": {"()": "config.log_filters.ClientErrorWithoutTraceback"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["client_error_without_traceback"]}},
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {"django": {"handlers": [], "level": LOG_LEVEL, "propagate": True},
                # "N of M channels over capacity in group ...": a dropped websocket message, logged at INFO
                "channels_redis.core": {"handlers": [], "level": "INFO", "propagate": True}},
}
