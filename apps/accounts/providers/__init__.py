"""Adapters to the identity provider: its OpenID Connect endpoints (`oidc`) and its user
administration for sign-up (`user_admin`, with one adapter per provider kind)."""
