"""Mail settings of both servers: SMTP from EMAIL_URL in production
(`smtp+tls://user:password@host:587`); by default every message is printed to the console and
kept as an .eml file under var/mail/ (apps/core/mail.py)."""

from config.env import VAR_DIR, env

_url = env.email("EMAIL_URL", default="consolemail://")
EMAIL_BACKEND = (
    "apps.core.mail.ConsoleAndFileBackend"
    if _url["EMAIL_BACKEND"] == "django.core.mail.backends.console.EmailBackend"
    else _url["EMAIL_BACKEND"]
)
EMAIL_HOST = _url.get("EMAIL_HOST", "localhost")
EMAIL_PORT = _url.get("EMAIL_PORT", 25)
EMAIL_HOST_USER = _url.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = _url.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = _url.get("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = _url.get("EMAIL_USE_SSL", False)
EMAIL_FILE_PATH = env.str("EMAIL_FILE_PATH", str(VAR_DIR / "mail"))
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", "Tradewise <no-reply@tradewise.example>")
