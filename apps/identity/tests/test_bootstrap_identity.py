from __future__ import annotations

from io import StringIO

import pytest
from django.conf import settings
from django.contrib.auth.hashers import check_password
from django.core.management import call_command
from oauth2_provider.models import Application

from apps.identity.models import User

pytestmark = pytest.mark.django_db


def _run(*args: str) -> str:
    out = StringIO()
    call_command("bootstrap_identity", *args, stdout=out)
    return out.getvalue()


def test_bootstrap_creates_both_clients() -> None:
    assert "created" in _run()
    product = Application.objects.get(client_id=settings.IDENTITY_PRODUCT_CLIENT_ID)
    service = Application.objects.get(client_id=settings.IDENTITY_SERVICE_CLIENT_ID)
    assert product.authorization_grant_type == Application.GRANT_AUTHORIZATION_CODE
    assert product.client_type == Application.CLIENT_CONFIDENTIAL
    assert product.skip_authorization
    assert product.redirect_uris.split() == settings.IDENTITY_PRODUCT_REDIRECT_URIS
    assert product.post_logout_redirect_uris.split() == (
        settings.IDENTITY_PRODUCT_POST_LOGOUT_REDIRECT_URIS
    )
    assert f"{settings.PRODUCT_URL}/signin" in product.post_logout_redirect_uris.split()
    assert check_password(settings.IDENTITY_PRODUCT_CLIENT_SECRET, product.client_secret)
    assert service.authorization_grant_type == Application.GRANT_CLIENT_CREDENTIALS
    assert check_password(settings.IDENTITY_SERVICE_CLIENT_SECRET, service.client_secret)


def test_a_second_run_resets_secrets_and_redirects_from_the_environment() -> None:
    _run()
    Application.objects.update(client_secret="stale", redirect_uris="https://old.example/cb")
    assert "updated" in _run()
    product = Application.objects.get(client_id=settings.IDENTITY_PRODUCT_CLIENT_ID)
    assert Application.objects.count() == 2
    assert product.redirect_uris.split() == settings.IDENTITY_PRODUCT_REDIRECT_URIS
    assert check_password(settings.IDENTITY_PRODUCT_CLIENT_SECRET, product.client_secret)


def test_demo_users_are_created_once_verified_with_the_demo_password(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DEMO_PASSWORD", "harvest-2024")
    _run("--demo-users")
    demo = User.objects.get(email="demo@example.com")
    assert demo.name == "Demo Exporter"
    assert demo.email_verified
    assert demo.check_password("harvest-2024")
    assert User.objects.get(email="free@example.com").name == "Free Exporter"
    monkeypatch.setenv("DEMO_PASSWORD", "changed")
    assert "kept" in _run("--demo-users")
    assert User.objects.count() == 2
    demo.refresh_from_db()
    assert demo.check_password("harvest-2024")


def test_with_migrate_it_migrates_the_database_first(monkeypatch: pytest.MonkeyPatch) -> None:
    from apps.identity.management.commands import bootstrap_identity

    ran: list[tuple[str, dict[str, object]]] = []
    real = bootstrap_identity.call_command

    def recording(name: str, **options: object) -> None:
        ran.append((name, options))
        real(name, **options)

    monkeypatch.setattr(bootstrap_identity, "call_command", recording)

    _run("--migrate", "--demo-users")
    assert ran == [("migrate", {"interactive": False, "verbosity": 0})]
    assert User.objects.filter(email="demo@example.com").exists()

    ran.clear()
    _run()
    assert ran == []
