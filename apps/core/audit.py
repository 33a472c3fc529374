"""Recording the operators' acts in the audit trail (apps/core/models.py)."""

from __future__ import annotations

from typing import Any

from django.db import models

from apps.core.models import AuditEntry


def record_audit(
    *,
    actor: Any,
    action: str,
    target: models.Model,
    before: dict[str, Any],
    after: dict[str, Any],
    note: str = "",
) -> AuditEntry:
    """Record that `actor` (a user, or a name) did `action` to `target`, changing `before` into
    `after`. Call it inside the transaction of the change, so both happen or neither does."""
    return AuditEntry.objects.create(
        actor=str(getattr(actor, "email", actor)),
        action=action,
        object_type=target._meta.label_lower,
        object_id=str(target.pk),
        before=before,
        after=after,
        note=note[:255],
    )
