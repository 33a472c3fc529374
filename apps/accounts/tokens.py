"""The signed-in user's tokens, kept in the server-side session only (never in the browser).
The access and ID token keys are the ones mozilla-django-oidc reads."""

from __future__ import annotations

from django.contrib.sessions.backends.base import SessionBase

from apps.accounts.providers.oidc import TokenSet

ACCESS_TOKEN = "oidc_access_token"
ID_TOKEN = "oidc_id_token"
REFRESH_TOKEN = "oidc_refresh_token"
EXPIRES_AT = "oidc_access_token_expires_at"


def store(session: SessionBase, tokens: TokenSet) -> None:
    session[ACCESS_TOKEN] = tokens.access_token
    session[ID_TOKEN] = tokens.id_token
    session[REFRESH_TOKEN] = tokens.refresh_token
    session[EXPIRES_AT] = tokens.expires_at


def stored(session: SessionBase) -> TokenSet | None:
    if not session.get(ACCESS_TOKEN):
        return None
    return TokenSet(
        access_token=session[ACCESS_TOKEN],
        id_token=session.get(ID_TOKEN, ""),
        refresh_token=session.get(REFRESH_TOKEN, ""),
        expires_at=float(session.get(EXPIRES_AT, 0)),
    )
