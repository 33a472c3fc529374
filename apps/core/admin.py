from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from apps.core.models import AuditEntry


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    """The trail is read here and written only by `apps.core.audit.record_audit`."""

    list_display = ("at", "actor", "action", "object_type", "object_id", "before", "after", "note")
    list_filter = ("action", "object_type", ("at", admin.DateFieldListFilter))
    search_fields = ("actor", "object_id", "note")
    date_hierarchy = "at"
    show_full_result_count = False

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
