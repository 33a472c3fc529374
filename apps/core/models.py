"""The audit trail of the back office: what an operator changed, when, and the before and after.

Generic on purpose (core knows no product domain): the object is named by strings, and the
before and after are whatever JSON the acting app chose to record."""

from __future__ import annotations

from typing import Any

from django.db import models
from django.utils import timezone


class AuditEntry(models.Model):
    """One operator act, never edited or deleted."""

    at = models.DateTimeField(default=timezone.now, db_index=True)
    actor = models.CharField(max_length=254, help_text="The operator's email.")
    action = models.CharField(max_length=80)
    object_type = models.CharField(max_length=80, help_text="app_label.model")
    object_id = models.CharField(max_length=64)
    before = models.JSONField(default=dict, blank=True)
    after = models.JSONField(default=dict, blank=True)
    note = models.CharField(max_length=255, blank=True)

    class Meta:
        verbose_name_plural = "audit entries"
        ordering = ["-at", "-id"]
        indexes = [
            models.Index(fields=["object_type", "object_id"], name="core_audit_object"),
        ]

    def __str__(self) -> str:
        target = f"{self.object_type}#{self.object_id}"
        return f"{self.at:%Y-%m-%d %H:%M} {self.actor} {self.action} {target}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise ValueError("audit entries are append-only")
        super().save(*args, **kwargs)


class CacheEntry(models.Model):
    """A row of the shared cache (apps.core.cache), in the columns Django's database cache
    reads: a base64 pickle and its expiry."""

    cache_key = models.CharField(max_length=255, primary_key=True)
    value = models.TextField()
    expires = models.DateTimeField(db_index=True)

    class Meta:
        db_table = "core_cache"
        verbose_name_plural = "cache entries"

    def __str__(self) -> str:
        return self.cache_key
