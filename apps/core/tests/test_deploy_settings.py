"""Both servers' settings as production runs them: `manage.py check --deploy` finds nothing,
and https switches on HSTS, the redirect and secure cookies. Each server runs in a process of
its own, since settings are read once at start."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

SETTINGS_MODULES = ["config.settings", "config.identity_settings"]


def _environment(var_dir: Path, **overrides: str) -> dict[str, str]:
    keep = {"PATH", "HOME", "LANG", "LC_ALL", "TMPDIR"}
    environment = {name: value for name, value in os.environ.items() if name in keep}
    environment |= {
        "VAR_DIR": str(var_dir),
        "DEBUG": "false",
        "SITE_URL": "https://app.tradewise.example",
        "IDENTITY_URL": "https://id.tradewise.example",
        "ALLOWED_HOSTS": "app.tradewise.example",
        "IDENTITY_ALLOWED_HOSTS": "id.tradewise.example",
        "CACHE_URL": "redis://127.0.0.1:6379/0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "IDENTITY_SECRET_KEY": secrets.token_urlsafe(50),
        "OIDC_RP_CLIENT_SECRET": secrets.token_urlsafe(40),
        "OIDC_SERVICE_CLIENT_SECRET": secrets.token_urlsafe(40),
    }
    return environment | overrides


def _manage(
    module: str, environment: dict[str, str], *arguments: str
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", *arguments],
        cwd=settings.BASE_DIR,
        env=environment | {"DJANGO_SETTINGS_MODULE": module},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize("module", SETTINGS_MODULES)
def test_check_deploy_is_clean_in_production(module: str, tmp_path: Path) -> None:
    result = _manage(module, _environment(tmp_path), "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


@pytest.mark.parametrize("module", SETTINGS_MODULES)
def test_check_deploy_warns_about_plain_http(module: str, tmp_path: Path) -> None:
    environment = _environment(
        tmp_path,
        SITE_URL="http://app.tradewise.example",
        IDENTITY_URL="http://id.tradewise.example",
    )
    result = _manage(module, environment, "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode != 0
    assert "security.W004" in result.stderr + result.stdout
    assert "security.W012" in result.stderr + result.stdout


def test_check_deploy_asks_the_product_for_a_shared_cache(tmp_path: Path) -> None:
    environment = _environment(tmp_path, CACHE_URL="locmemcache://")
    result = _manage("config.settings", environment, "check", "--deploy")
    assert "core.W001" in result.stderr + result.stdout


def test_without_a_cache_url_the_product_shares_a_table_of_its_database(tmp_path: Path) -> None:
    environment = _environment(tmp_path)
    del environment["CACHE_URL"]
    result = _manage("config.settings", environment, "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode == 0, result.stdout + result.stderr


SHOW_SETTINGS = (
    "import json; from django.conf import settings as s; print(json.dumps({name: getattr(s, "
    "name, None) for name in ['SECURE_HSTS_SECONDS', 'SECURE_SSL_REDIRECT', "
    "'SECURE_PROXY_SSL_HEADER', 'SESSION_COOKIE_SECURE', 'CSRF_COOKIE_SECURE', "
    "'LANGUAGE_COOKIE_SECURE', 'TRUST_X_FORWARDED_FOR']}))"
)


def _shown(module: str, environment: dict[str, str]) -> dict[str, object]:
    result = _manage(module, environment, "shell", "-c", SHOW_SETTINGS)
    assert result.returncode == 0, result.stderr
    shown: dict[str, object] = json.loads(result.stdout.strip().splitlines()[-1])
    return shown


@pytest.mark.parametrize("module", SETTINGS_MODULES)
def test_https_switches_on_transport_security(module: str, tmp_path: Path) -> None:
    shown = _shown(module, _environment(tmp_path))
    assert shown == {
        "SECURE_HSTS_SECONDS": 365 * 24 * 3600,
        "SECURE_SSL_REDIRECT": True,
        "SECURE_PROXY_SSL_HEADER": ["HTTP_X_FORWARDED_PROTO", "https"],
        "SESSION_COOKIE_SECURE": True,
        "CSRF_COOKIE_SECURE": True,
        "LANGUAGE_COOKIE_SECURE": True,
        "TRUST_X_FORWARDED_FOR": True,
    }


@pytest.mark.parametrize("module", SETTINGS_MODULES)
def test_plain_http_development_keeps_it_off(module: str, tmp_path: Path) -> None:
    environment = _environment(
        tmp_path, SITE_URL="http://127.0.0.1:8000", IDENTITY_URL="http://127.0.0.1:8001"
    )
    shown = _shown(module, environment)
    assert shown["SECURE_HSTS_SECONDS"] == 0
    assert shown["SECURE_SSL_REDIRECT"] is False
    assert shown["SECURE_PROXY_SSL_HEADER"] is None
    assert shown["SESSION_COOKIE_SECURE"] is False
    assert shown["TRUST_X_FORWARDED_FOR"] is False


def test_a_database_server_connection_is_kept_between_requests(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from config.env import PERSISTENT_CONNECTION_SECONDS, database

    monkeypatch.setenv("SOME_DATABASE_URL", "postgres://app@db:5432/tradewise")
    kept = database("SOME_DATABASE_URL", "some.sqlite3")
    monkeypatch.setenv("SOME_DATABASE_URL", "postgres://app@db:5432/tradewise?conn_max_age=0")
    opened_each_time = database("SOME_DATABASE_URL", "some.sqlite3")
    monkeypatch.delenv("SOME_DATABASE_URL")
    embedded = database("SOME_DATABASE_URL", "some.sqlite3")

    assert (kept["CONN_MAX_AGE"], kept["CONN_HEALTH_CHECKS"]) == (
        PERSISTENT_CONNECTION_SECONDS,
        True,
    )
    assert opened_each_time["CONN_MAX_AGE"] == 0
    assert "CONN_MAX_AGE" not in embedded
