"""Settings of the product (the web workspace). Every knob comes from the environment."""

from config.env import (
    ATOMIC_INCREMENT_CACHES,
    BASE_DIR,
    IDENTITY_URL,
    PORT,
    SITE_URL,
    VAR_DIR,
    database,
    env,
    https_settings,
    product_cache,
)

SECRET_KEY = env.str("SECRET_KEY")
DEBUG = env.bool("DEBUG", False)
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[SITE_URL])
SITE_PORT = PORT

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "mozilla_django_oidc",
    "webpack_loader",
    "django_tasks",
    "django_tasks_db",
    "csp",
    "django_ratelimit",
    "ninja",
    "apps.core",
    "apps.accounts",
    "apps.billing",
    "apps.market",
    "apps.leads",
    "apps.verification",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and API answers compressed; Django's gzip pads its output against BREACH.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "apps.core.middleware.ApiInputMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "apps.accounts.middleware.TokenRefreshMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "apps.core.middleware.NoStoreForSignedInMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

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

DATABASES = {"default": database("DATABASE_URL", "db.sqlite3")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

CACHES = {"default": product_cache()}
if CACHES["default"]["BACKEND"].endswith("LocMemCache"):
    # CACHE_URL=locmemcache:// asks for each process to count its own throttle windows.
    SILENCED_SYSTEM_CHECKS = ["django_ratelimit.E003", "django_ratelimit.W001"]
elif CACHES["default"]["BACKEND"] in ATOMIC_INCREMENT_CACHES:
    # Django's Redis backend and the shared table increment atomically, which is all
    # django-ratelimit needs.
    SILENCED_SYSTEM_CHECKS = ["django_ratelimit.W001"]
# Sign-up (POST /fast-ai/v1/users) per client address and per email address.
SIGNUP_RATE_PER_CLIENT = env.str("SIGNUP_RATE_PER_CLIENT", "10/h")
SIGNUP_RATE_PER_EMAIL = env.str("SIGNUP_RATE_PER_EMAIL", "3/h")
# Service demands (POST /fast-ai/v1/users/service-demands) per client address and per email
# address; past SERVICE_DEMAND_ACKS_PER_DAY demands in a day, an address's are stored unmailed.
SERVICE_DEMAND_RATE_PER_CLIENT = env.str("SERVICE_DEMAND_RATE_PER_CLIENT", "10/h")
SERVICE_DEMAND_RATE_PER_EMAIL = env.str("SERVICE_DEMAND_RATE_PER_EMAIL", "5/h")
SERVICE_DEMAND_ACKS_PER_DAY = env.int("SERVICE_DEMAND_ACKS_PER_DAY", 3)
SESSION_ENGINE = "django.contrib.sessions.backends.db"
SESSION_COOKIE_NAME = "sessionid"
CSRF_COOKIE_NAME = "csrftoken"
# Secure cookies, the https redirect and HSTS when SITE_URL is https (config/env.py).
globals().update(https_settings(SITE_URL))
SESSION_COOKIE_AGE = env.int("SESSION_COOKIE_AGE", 14 * 24 * 3600)

AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = ["apps.accounts.auth.OIDCAuthenticationBackend"]
LOGIN_URL = "/signin"
LOGIN_REDIRECT_URL = "/market-insights"
LOGOUT_REDIRECT_URL = "/signin"

# The relying party. Discovery is not used by mozilla-django-oidc: every endpoint is a setting.
# The defaults point at the embedded identity provider (apps/identity), reached over HTTP.
OIDC_OP_BASE_URL = env.str("OIDC_OP_BASE_URL", f"{IDENTITY_URL}/o").rstrip("/")
OIDC_OP_ISSUER = env.str("OIDC_OP_ISSUER", OIDC_OP_BASE_URL)
OIDC_OP_AUTHORIZATION_ENDPOINT = env.str(
    "OIDC_OP_AUTHORIZATION_ENDPOINT", f"{OIDC_OP_BASE_URL}/authorize/"
)
OIDC_OP_TOKEN_ENDPOINT = env.str("OIDC_OP_TOKEN_ENDPOINT", f"{OIDC_OP_BASE_URL}/token/")
OIDC_OP_USER_ENDPOINT = env.str("OIDC_OP_USER_ENDPOINT", f"{OIDC_OP_BASE_URL}/userinfo/")
OIDC_OP_JWKS_ENDPOINT = env.str(
    "OIDC_OP_JWKS_ENDPOINT", f"{OIDC_OP_BASE_URL}/.well-known/jwks.json"
)
OIDC_OP_LOGOUT_ENDPOINT = env.str("OIDC_OP_LOGOUT_ENDPOINT", f"{OIDC_OP_BASE_URL}/logout/")
OIDC_OP_REVOCATION_ENDPOINT = env.str(
    "OIDC_OP_REVOCATION_ENDPOINT", f"{OIDC_OP_BASE_URL}/revoke_token/"
)
OIDC_RP_CLIENT_ID = env.str("OIDC_RP_CLIENT_ID", "workspace")
OIDC_RP_CLIENT_SECRET = env.str("OIDC_RP_CLIENT_SECRET")
OIDC_RP_SIGN_ALGO = "RS256"
OIDC_RP_SCOPES = "openid profile email offline_access"
OIDC_USE_PKCE = True
OIDC_PKCE_CODE_CHALLENGE_METHOD = "S256"
OIDC_STORE_ACCESS_TOKEN = True
OIDC_STORE_ID_TOKEN = True
OIDC_RENEW_ID_TOKEN_EXPIRY_SECONDS = env.int("OIDC_RENEW_ID_TOKEN_EXPIRY_SECONDS", 15 * 60)
OIDC_AUTHENTICATION_CALLBACK_URL = "oidc_authentication_callback"
OIDC_OP_LOGOUT_URL_METHOD = "apps.accounts.auth.provider_logout_url"
OIDC_AUTHENTICATE_CLASS = "apps.accounts.views.AuthenticateView"
OIDC_CALLBACK_CLASS = "apps.accounts.views.CallbackView"
LOGIN_REDIRECT_URL_FAILURE = "/signin?error=signin_failed"
OIDC_TIMEOUT = env.int("OIDC_TIMEOUT", 10)
OIDC_GOOGLE_IDP_HINT = env.str("OIDC_GOOGLE_IDP_HINT", "")
# Refresh an access token that has less than this many seconds of validity (spec §9).
OIDC_REFRESH_THRESHOLD_SECONDS = 20
# A token counts as expiring this many seconds before it expires (spec §9).
OIDC_EXPIRING_NOTICE_SECONDS = 50

# The product's service client (client-credentials grant) for the provider's user administration.
OIDC_SERVICE_CLIENT_ID = env.str("OIDC_SERVICE_CLIENT_ID", "workspace-service")
OIDC_SERVICE_CLIENT_SECRET = env.str("OIDC_SERVICE_CLIENT_SECRET")
# "embedded" (apps/identity's user-admin API) or "keycloak" (Keycloak's admin REST API).
IDENTITY_ADMIN_ADAPTER = env.str("IDENTITY_ADMIN_ADAPTER", "embedded")
IDENTITY_ADMIN_URL = env.str("IDENTITY_ADMIN_URL", f"{IDENTITY_URL}/admin-api")
KEYCLOAK_ADMIN_URL = env.str("KEYCLOAK_ADMIN_URL", "")
KEYCLOAK_REALM = env.str("KEYCLOAK_REALM", "")

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("vi", "Tiếng Việt"), ("zh-hans", "中文")]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = env.bool("WHITENOISE_USE_FINDERS", False)
# A file whose name carries a content hash (Django's manifest, or webpack's for the bundles and
# their fonts) never changes, so browsers may keep it for good.
WHITENOISE_IMMUTABLE_FILE_TEST = r"\.[0-9a-f]{8,}\.[\w.]+$|/[0-9a-f]{20}\.\w+$"
WEBPACK_LOADER = {
    "DEFAULT": {
        "STATS_FILE": BASE_DIR / "webpack-stats.json",
        "BUNDLE_DIR_NAME": "bundles/",
        "CACHE": not DEBUG,
    }
}

# Payments: Stripe when a secret key is set; otherwise the sandbox provider when PAYMENTS_SANDBOX
# is on (`make run` turns it on); otherwise checkout answers 503.
STRIPE_SECRET_KEY = env.str("STRIPE_SECRET_KEY", "")
STRIPE_WEBHOOK_SECRET = env.str("STRIPE_WEBHOOK_SECRET", "")
PAYMENTS_SANDBOX = env.bool("PAYMENTS_SANDBOX", False)

# The AI box's language model, for the questions its offline parser cannot read: an
# OpenAI-compatible chat-completions endpoint; off when AI_BASE_URL is empty.
AI_BASE_URL = env.str("AI_BASE_URL", "")
AI_API_KEY = env.str("AI_API_KEY", "")
AI_MODEL = env.str("AI_MODEL", "gpt-4o-mini")
AI_TIMEOUT = env.float("AI_TIMEOUT", 15.0)

# The trade-data analytics index (DuckDB snapshots of the shipments).
TRADE_INDEX_DIR = env.path("TRADE_INDEX_DIR", default=str(VAR_DIR / "trade-index"))
# Per process. The defaults fit a 2-core, 4 GB web node running two web processes and a worker.
TRADE_INDEX_MEMORY_LIMIT = env.str("TRADE_INDEX_MEMORY_LIMIT", "1GB")
TRADE_INDEX_THREADS = env.int("TRADE_INDEX_THREADS", 2)
TRADE_INDEX_BUILD_MEMORY_LIMIT = env.str("TRADE_INDEX_BUILD_MEMORY_LIMIT", "1GB")
TRADE_INDEX_BUILD_THREADS = env.int("TRADE_INDEX_BUILD_THREADS", 2)
# A build's threads run this much nicer than the process, so searches take the cores first.
TRADE_INDEX_BUILD_NICE = env.int("TRADE_INDEX_BUILD_NICE", 10)
# Searches are bounded: each index query (and each PostgreSQL company search) is stopped after
# this many seconds; a user runs at most SEARCH_CONCURRENCY search calls at once and
# SEARCH_RATE_PER_MINUTE a minute, counted in the cache (CACHE_URL), which every process shares.
TRADE_INDEX_QUERY_TIMEOUT = env.float("TRADE_INDEX_QUERY_TIMEOUT", 5.0)
# The trade index on ClickHouse instead of DuckDB snapshots, past one machine (README):
# clickhouse://user:password@host:8123/database; chdb:///path runs the same engine in process.
# Empty: DuckDB.
TRADE_INDEX_URL = env.str("TRADE_INDEX_URL", "")
COMPANY_SEARCH_TIMEOUT = env.float("COMPANY_SEARCH_TIMEOUT", 5.0)
SEARCH_CONCURRENCY = env.int("SEARCH_CONCURRENCY", 8)
SEARCH_RATE_PER_MINUTE = env.int("SEARCH_RATE_PER_MINUTE", 120)

# Contact details of leads: the local database, then this enrichment service when set.
LEADS_ENRICHMENT_URL = env.str("LEADS_ENRICHMENT_URL", "")
LEADS_ENRICHMENT_API_KEY = env.str("LEADS_ENRICHMENT_API_KEY", "")
LEADS_ENRICHMENT_TIMEOUT = env.int("LEADS_ENRICHMENT_TIMEOUT", 10)
# A phone lookup whose source fails is tried again after each of these delays (seconds; the
# default tries three times over 30 minutes), then ends failed with its credits refunded. A try
# not ended LEADS_PHONE_TRY_LIMIT seconds after it was due (its worker died) counts as failed;
# the worker looks for such tries every LEADS_PHONE_SWEEP_INTERVAL seconds.
LEADS_PHONE_RETRY_DELAYS = env.list("LEADS_PHONE_RETRY_DELAYS", cast=int, default=[300, 1500])
LEADS_PHONE_TRY_LIMIT = env.int("LEADS_PHONE_TRY_LIMIT", 600)
LEADS_PHONE_SWEEP_INTERVAL = env.int("LEADS_PHONE_SWEEP_INTERVAL", 60)

# Lead verification: each check's time limit, and its outside sources. A source left empty is
# reported to the user as not configured; nothing stands in for it.
VERIFICATION_CHECK_TIMEOUT = env.float("VERIFICATION_CHECK_TIMEOUT", 8.0)
VERIFICATION_MAPS_API_KEY = env.str("VERIFICATION_MAPS_API_KEY", "")
VERIFICATION_MAPS_URL = env.str(
    "VERIFICATION_MAPS_URL", "https://places.googleapis.com/v1/places:searchText"
)
VERIFICATION_WEBSITE_TIMEOUT = env.float("VERIFICATION_WEBSITE_TIMEOUT", 4.0)
VERIFICATION_RDAP_TIMEOUT = env.float("VERIFICATION_RDAP_TIMEOUT", 5.0)
VERIFICATION_YENTE_URL = env.str("VERIFICATION_YENTE_URL", "")
VERIFICATION_YENTE_DATASET = env.str("VERIFICATION_YENTE_DATASET", "default")
VERIFICATION_YENTE_API_KEY = env.str("VERIFICATION_YENTE_API_KEY", "")
VERIFICATION_YENTE_THRESHOLD = env.float("VERIFICATION_YENTE_THRESHOLD", 0.7)
# The company registry: GLEIF's public LEI API (no key); empty turns it off.
VERIFICATION_REGISTRY_URL = env.str("VERIFICATION_REGISTRY_URL", "https://api.gleif.org/api/v1")
VERIFICATION_REGISTRY_TIMEOUT = env.float("VERIFICATION_REGISTRY_TIMEOUT", 5.0)
# The internet search's web source: the Brave Search API, on when its key is set.
VERIFICATION_WEBSEARCH_URL = env.str(
    "VERIFICATION_WEBSEARCH_URL", "https://api.search.brave.com/res/v1/web/search"
)
VERIFICATION_WEBSEARCH_API_KEY = env.str("VERIFICATION_WEBSEARCH_API_KEY", "")
VERIFICATION_WEBSEARCH_TIMEOUT = env.float("VERIFICATION_WEBSEARCH_TIMEOUT", 5.0)
VERIFICATION_CACHE_DAYS = env.int("VERIFICATION_CACHE_DAYS", 7)
# Where `manage.py import_sanctions --fetch` downloads the official lists: the folder of OFAC's
# Sanctions List Service exports (SDN.CSV, ALT.CSV, ADD.CSV, CONS_PRIM.CSV, CONS_ALT.CSV,
# CONS_ADD.CSV) and the UN Security Council Consolidated List XML; seconds a download may stall.
SANCTIONS_OFAC_URL = env.str(
    "SANCTIONS_OFAC_URL",
    "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/",
)
SANCTIONS_UN_URL = env.str(
    "SANCTIONS_UN_URL", "https://scsanctions.un.org/resources/xml/en/consolidated.xml"
)
SANCTIONS_DOWNLOAD_TIMEOUT = env.float("SANCTIONS_DOWNLOAD_TIMEOUT", 60.0)
# A sanctions list older than this (by its publication date) cannot vouch for a clear result.
SANCTIONS_MAX_AGE_DAYS = env.int("SANCTIONS_MAX_AGE_DAYS", 31)

TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}

from config.mail_settings import *  # noqa: E402, F403

# Where a new service demand is announced to the team; empty: no notice (demands are in /admin).
OPERATORS_EMAIL = env.str("OPERATORS_EMAIL", "operators@tradewise.example")

GA_MEASUREMENT_ID = env.str("GA_MEASUREMENT_ID", "")

CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'", "https://www.googletagmanager.com"],
        "connect-src": ["'self'", "https://*.google-analytics.com"],
        "img-src": ["'self'", "data:", "https://*.google-analytics.com"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "form-action": ["'self'", IDENTITY_URL, OIDC_OP_BASE_URL],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
    }
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", "INFO")},
}
