"""Adapters to the outside sources of the four checks and of the internet search. Each has a
small interface and an honest default: a source that is not configured, or cannot be reached,
says so; nothing stands in for it. Tests replace a source here, at its adapter."""

from __future__ import annotations


class SourceError(Exception):
    """A source could not answer (unreachable, refused, broken answer); the message says why
    in words a user can read."""


class SourceNotConfigured(SourceError):
    """No such source is configured on this installation."""
