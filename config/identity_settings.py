"""Settings of the embedded OpenID Connect provider (apps/identity).

It is its own server process with its own database, secret and cookie names, so that signing
in at the provider never signs anyone into the product except through the OIDC callback.
"""

from datetime import timedelta

from apps.identity.keys import load_or_create_signing_key
from config.env import (
    BASE_DIR,
    IDENTITY_URL,
    SITE_URL,
    VAR_DIR,
    database,
    env,
    https_settings,
    origin_of,
    shared_cache,
)

SECRET_KEY = env.str("IDENTITY_SECRET_KEY")
DEBUG = env.bool("DEBUG", False)
ALLOWED_HOSTS = env.list("IDENTITY_ALLOWED_HOSTS", default=["127.0.0.1", "localhost"])
CSRF_TRUSTED_ORIGINS = [IDENTITY_URL]
IDENTITY_ISSUER_URL = f"{IDENTITY_URL}/o"
PRODUCT_URL = SITE_URL
PRODUCT_SIGNIN_URL = f"{PRODUCT_URL}/signin"

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    # Before oauth2_provider, so that its pages (consent, logout) use the provider's look.
    "apps.identity",
    "oauth2_provider",
    "csp",
    "axes",
    "django_ratelimit",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "apps.identity.middleware.LanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "apps.core.middleware.NoStoreForSignedInMiddleware",
    # Last: it turns a sign-in that django-axes refused into the lockout page.
    "axes.middleware.AxesMiddleware",
]


ROOT_URLCONF = "config.identity_urls"
WSGI_APPLICATION = "config.identity_wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
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

DATABASES = {"default": database("IDENTITY_DATABASE_URL", "identity.sqlite3")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

SESSION_COOKIE_NAME = "idp_sessionid"
CSRF_COOKIE_NAME = "idp_csrftoken"
LANGUAGE_COOKIE_NAME = "idp_language"
# Secure cookies, the https redirect and HSTS when the provider's own address is https.
globals().update(https_settings(IDENTITY_URL))

LOGIN_URL = "/login/"
AUTH_USER_MODEL = "identity.User"
AUTHENTICATION_BACKENDS = [
    # First: refuses any attempt while the account or the client address is locked out.
    "axes.backends.AxesStandaloneBackend",
    "apps.identity.backends.VerifiedUserBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 8},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Verification and password-reset links stay valid for three days.
PASSWORD_RESET_TIMEOUT = 3 * 24 * 3600

# Sign-in lockout (django-axes, attempts kept in the provider's database): after
# IDENTITY_SIGNIN_FAILURE_LIMIT wrong passwords for one account from one client address, that
# account is refused to that address for the cool-off time; the account's owner elsewhere and
# the colleagues behind the same address (an office) still sign in. A client address is refused
# whatever the account past IDENTITY_SIGNIN_ADDRESS_FAILURE_LIMIT wrong passwords in the
# cool-off time (apps.identity.throttles), the bar of a guesser trying many accounts. A success
# clears the count of its account and address only (apps.identity.services.sign_in).
AXES_FAILURE_LIMIT = env.int("IDENTITY_SIGNIN_FAILURE_LIMIT", 5)
IDENTITY_SIGNIN_ADDRESS_FAILURE_LIMIT = env.int("IDENTITY_SIGNIN_ADDRESS_FAILURE_LIMIT", 30)
AXES_COOLOFF_TIME = timedelta(seconds=env.int("IDENTITY_SIGNIN_COOLOFF_SECONDS", 15 * 60))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = False
# Attempts during a lockout do not prolong it, so it ends when Retry-After says.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_USERNAME_FORM_FIELD = "email"
AXES_USERNAME_CALLABLE = "apps.identity.throttles.axes_username"
AXES_CLIENT_IP_CALLABLE = "apps.identity.throttles.axes_client_address"
AXES_LOCKOUT_CALLABLE = "apps.identity.views.locked_out"
AXES_SENSITIVE_PARAMETERS = ["password", "password_confirm", "csrfmiddlewaretoken"]
AXES_VERBOSE = False

# Password-reset and verification mails are throttled per address and per client (django-ratelimit)
# in the cache the provider's processes share: IDENTITY_CACHE_URL, else the product's CACHE_URL.
CACHES = {"default": shared_cache("IDENTITY_CACHE_URL", key_prefix="identity")}
# Tokens stored as issued: see OAUTH2_PROVIDER below.
SILENCED_SYSTEM_CHECKS = ["oauth2_provider.W006"]
if CACHES["default"]["BACKEND"].endswith("LocMemCache"):
    # One process (bin/serve runs the provider with one worker): its memory is the shared cache.
    SILENCED_SYSTEM_CHECKS += ["django_ratelimit.E003", "django_ratelimit.W001"]
elif CACHES["default"]["BACKEND"] == "django.core.cache.backends.redis.RedisCache":
    # Django's own Redis backend increments atomically, which is all django-ratelimit needs.
    SILENCED_SYSTEM_CHECKS += ["django_ratelimit.W001"]
IDENTITY_RESET_RATE_PER_EMAIL = env.str("IDENTITY_RESET_RATE_PER_EMAIL", "3/h")
IDENTITY_RESET_RATE_PER_CLIENT = env.str("IDENTITY_RESET_RATE_PER_CLIENT", "10/h")

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("vi", "Tiếng Việt"), ("zh-hans", "中文")]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"

# The RS256 signing key is created on first start and kept outside the repository.
IDENTITY_SIGNING_KEY_FILE = env.path("IDENTITY_SIGNING_KEY_FILE", VAR_DIR / "identity" / "oidc.key")
IDENTITY_SIGNING_KEY = load_or_create_signing_key(IDENTITY_SIGNING_KEY_FILE)
IDENTITY_ACCESS_TOKEN_SECONDS = env.int("IDENTITY_ACCESS_TOKEN_SECONDS", 300)

# Clients that apps.identity's bootstrap command creates (or updates) from the environment.
IDENTITY_PRODUCT_CLIENT_ID = env.str("OIDC_RP_CLIENT_ID", "workspace")
IDENTITY_PRODUCT_CLIENT_SECRET = env.str("OIDC_RP_CLIENT_SECRET")
IDENTITY_PRODUCT_REDIRECT_URIS = env.list(
    "IDENTITY_PRODUCT_REDIRECT_URIS", default=[f"{SITE_URL}/oidc/callback/"]
)
IDENTITY_PRODUCT_ORIGINS = sorted({origin_of(uri) for uri in IDENTITY_PRODUCT_REDIRECT_URIS})
IDENTITY_PRODUCT_POST_LOGOUT_REDIRECT_URIS = env.list(
    "IDENTITY_PRODUCT_POST_LOGOUT_REDIRECT_URIS", default=[PRODUCT_SIGNIN_URL, f"{SITE_URL}/"]
)
IDENTITY_SERVICE_CLIENT_ID = env.str("OIDC_SERVICE_CLIENT_ID", "workspace-service")
IDENTITY_SERVICE_CLIENT_SECRET = env.str("OIDC_SERVICE_CLIENT_SECRET")

# The pages are plain forms with inline styles and no scripts. A sign-in form's answer
# redirects to the product's callback, which form-action must allow.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'none'"],
        "style-src": ["'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "form-action": ["'self'", *IDENTITY_PRODUCT_ORIGINS],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'none'"],
    }
}

from config.mail_settings import *  # noqa: E402, F403

# django-oauth-toolkit: the signing key comes from apps/identity/keys.py, the claims and scope
# rules from apps/identity/oidc.py.
OAUTH2_PROVIDER = {
    "OIDC_ENABLED": True,
    "OIDC_RP_INITIATED_LOGOUT_ENABLED": True,
    "OIDC_RP_INITIATED_LOGOUT_ALWAYS_PROMPT": False,
    # Signing out ends the tokens of that device only (apps.identity.oidc.LogoutView).
    "OIDC_RP_INITIATED_LOGOUT_DELETE_TOKENS": False,
    "OIDC_ISS_ENDPOINT": IDENTITY_ISSUER_URL,
    "OIDC_RSA_PRIVATE_KEY": IDENTITY_SIGNING_KEY,
    "OIDC_RESPONSE_TYPES_SUPPORTED": ["code"],
    "PKCE_REQUIRED": True,
    "COMPLIANT_BCP_RFC9700_PKCE_METHOD": True,
    "COMPLIANT_BCP_RFC9700_IMPLICIT_GRANT": True,
    "COMPLIANT_BCP_RFC9700_PASSWORD_GRANT": True,
    "COMPLIANT_BCP_RFC9700_ACCESS_TOKEN_TRANSPORT": True,
    # RFC 9700 (OAuth 2.0 Security BCP): `iss` in the authorization response, a replayed
    # refresh token revokes its whole family, and https redirect URIs once the product is
    # served over https. Tokens stay stored as issued (W006 is silenced below): the refresh
    # grace period answers a second renewal with the token already issued, which a stored
    # checksum could not give back.
    "COMPLIANT_BCP_RFC9700_AUTHZ_RESPONSE_ISS": True,
    "REFRESH_TOKEN_REUSE_PROTECTION": True,
    "ALLOWED_REDIRECT_URI_SCHEMES": (
        ["https"]
        if all(uri.startswith("https://") for uri in IDENTITY_PRODUCT_REDIRECT_URIS)
        else ["http", "https"]
    ),
    "ROTATE_REFRESH_TOKEN": True,
    # Two requests of one browser may renew at once: the second may still use the old token.
    "REFRESH_TOKEN_GRACE_PERIOD_SECONDS": 10,
    "ACCESS_TOKEN_EXPIRE_SECONDS": IDENTITY_ACCESS_TOKEN_SECONDS,
    "ID_TOKEN_EXPIRE_SECONDS": IDENTITY_ACCESS_TOKEN_SECONDS,
    "REFRESH_TOKEN_EXPIRE_SECONDS": 30 * 24 * 3600,
    "SCOPES": {
        "openid": "OpenID Connect",
        "profile": "Your name",
        "email": "Your email address",
        "offline_access": "Stay signed in",
        "users:write": "Create users (service clients only)",
    },
    "DEFAULT_SCOPES": ["openid"],
    "OAUTH2_VALIDATOR_CLASS": "apps.identity.oidc.IdentityValidator",
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", "INFO")},
}
