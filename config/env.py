"""Environment shared by the product's and the identity provider's settings.

Every setting comes from the environment (a `.env` file is read when present). Secrets that a
fresh machine does not have yet are generated once into `var/local.env`, outside the
repository, so `make run` works with no configuration; real environment variables win.
"""

import os
import secrets
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import environ

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))
LOCAL_SECRETS_FILE = VAR_DIR / "local.env"
GENERATED_SECRETS = (
    "SECRET_KEY",
    "IDENTITY_SECRET_KEY",
    "OIDC_RP_CLIENT_SECRET",
    "OIDC_SERVICE_CLIENT_SECRET",
)

env = environ.Env()


def _ensure_local_secrets() -> None:
    if LOCAL_SECRETS_FILE.exists():
        return
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    lines = [f"{name}={secrets.token_urlsafe(40)}\n" for name in GENERATED_SECRETS]
    partial = LOCAL_SECRETS_FILE.with_suffix(f".{os.getpid()}.tmp")
    partial.write_text("".join(lines))
    partial.chmod(0o600)
    os.replace(partial, LOCAL_SECRETS_FILE)


def load_environment() -> None:
    environ.Env.read_env(BASE_DIR / ".env")
    if not all(name in os.environ for name in GENERATED_SECRETS):
        _ensure_local_secrets()
        environ.Env.read_env(LOCAL_SECRETS_FILE)


load_environment()

PORT = env.int("PORT", 8000)
IDENTITY_PORT = env.int("IDENTITY_PORT", PORT + 1)
SITE_URL = env.str("SITE_URL", f"http://127.0.0.1:{PORT}").rstrip("/")
IDENTITY_URL = env.str("IDENTITY_URL", f"http://127.0.0.1:{IDENTITY_PORT}").rstrip("/")


PERSISTENT_CONNECTION_SECONDS = 60


def database(variable: str, sqlite_file: str) -> dict[str, Any]:
    """The database named by `variable`, its connections kept between requests, or a SQLite
    file under var/ set up for several processes (web threads and the task worker) writing one
    file."""
    settings = env.db(variable, default=f"sqlite:///{VAR_DIR / sqlite_file}")
    if settings["ENGINE"] == "django.db.backends.sqlite3":
        # Wait for the writer instead of failing, and let readers go on while it writes.
        settings["OPTIONS"] = {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
        # Tests get a file too (one per test run): an in-memory database fails at once on a
        # lock instead of waiting, and the live server's threads and the test share it.
        settings["TEST"] = {"NAME": str(VAR_DIR / f"test-{os.getpid()}-{sqlite_file}")}
    else:
        # A web thread keeps its connection from one request to the next (checked before it is
        # used again after an error): opening one cost a search over HTTP some 10 to 40 ms on
        # PostgreSQL (`bench/market.py`). `?conn_max_age=0` in the URL opens one per request.
        settings.setdefault("CONN_MAX_AGE", PERSISTENT_CONNECTION_SECONDS)
        settings.setdefault("CONN_HEALTH_CHECKS", True)
    return settings


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


SHARED_TABLE_CACHE = "apps.core.cache.SharedDatabaseCache"
ATOMIC_INCREMENT_CACHES = ("django.core.cache.backends.redis.RedisCache", SHARED_TABLE_CACHE)


def product_cache() -> dict[str, Any]:
    """The cache named by CACHE_URL (Redis in production), else a table of the product's
    database, which the web processes and the task worker share."""
    if env.str("CACHE_URL", ""):
        return env.cache("CACHE_URL")
    # Past MAX_ENTRIES Django's database cache drops a third of its rows, throttle windows
    # among them: the bound is set well above what the throttles and limits keep.
    return {
        "BACKEND": SHARED_TABLE_CACHE,
        "LOCATION": "core_cache",
        "OPTIONS": {"MAX_ENTRIES": 50_000},
    }


def shared_cache(variable: str, *, key_prefix: str) -> dict[str, Any]:
    """The cache named by `variable`, else by CACHE_URL (Redis in production), else this
    process's memory."""
    default = env.str("CACHE_URL", "locmemcache://")
    settings = env.cache(variable, default=default)
    settings["KEY_PREFIX"] = key_prefix
    return settings


def https_settings(public_url: str) -> dict[str, Any]:
    """Transport security for a server whose public address is `public_url`. Served over https
    (always through a proxy that ends TLS: bin/serve binds to the loopback address), cookies are
    secure, plain http is redirected, browsers are told to keep to https (HSTS), and the proxy's
    X-Forwarded-Proto and X-Forwarded-For are trusted unless BEHIND_TLS_PROXY says otherwise.
    Over http (development), none of it."""
    https = public_url.startswith("https://")
    behind_proxy = env.bool("BEHIND_TLS_PROXY", https)
    settings: dict[str, Any] = {
        "SESSION_COOKIE_SECURE": https,
        "CSRF_COOKIE_SECURE": https,
        "LANGUAGE_COOKIE_SECURE": https,
        "SESSION_COOKIE_HTTPONLY": True,
        # The proxy appends the client's address to X-Forwarded-For (apps.core.throttle).
        "TRUST_X_FORWARDED_FOR": behind_proxy,
    }
    if behind_proxy:
        settings["SECURE_PROXY_SSL_HEADER"] = ("HTTP_X_FORWARDED_PROTO", "https")
    if https:
        settings |= {
            "SECURE_SSL_REDIRECT": env.bool("SECURE_SSL_REDIRECT", True),
            "SECURE_HSTS_SECONDS": env.int("SECURE_HSTS_SECONDS", 365 * 24 * 3600),
            "SECURE_HSTS_INCLUDE_SUBDOMAINS": env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True),
            "SECURE_HSTS_PRELOAD": env.bool("SECURE_HSTS_PRELOAD", True),
        }
    return settings
