"""The audit trail's page, and the base of back-office pages whose every edit is audited."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import admin
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models, transaction
from django.db.models import QuerySet
from django.forms import ModelForm
from django.http import HttpRequest

from apps.core.audit import record_audit
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


def _field_values(obj: models.Model) -> dict[str, Any]:
    """The row's columns as JSON values (dates and decimals as text), as the trail keeps them."""
    values = {field.attname: field.value_from_object(obj) for field in obj._meta.concrete_fields}
    return dict(json.loads(json.dumps(values, cls=DjangoJSONEncoder)))


class AuditedAdmin(admin.ModelAdmin):
    """A back-office page whose every add, change and delete goes to the audit trail with the
    operator and the columns before and after, in the transaction of the edit: the rows it
    edits decide what users pay or may do, so no such change goes unrecorded."""

    def save_model(self, request: HttpRequest, obj: Any, form: ModelForm, change: bool) -> None:
        stored = type(obj)._default_manager.get(pk=obj.pk) if change else None
        before = _field_values(stored) if stored is not None else {}
        super().save_model(request, obj, form, change)
        after = _field_values(obj)
        changed = [key for key in after if stored is None or before[key] != after[key]]
        if not changed:
            return
        record_audit(
            actor=request.user,
            action="admin_change" if change else "admin_add",
            target=obj,
            before={key: before[key] for key in changed if key in before},
            after={key: after[key] for key in changed},
        )

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        with transaction.atomic():
            record_audit(
                actor=request.user,
                action="admin_delete",
                target=obj,
                before=_field_values(obj),
                after={},
            )
            super().delete_model(request, obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        with transaction.atomic():
            for obj in queryset:
                self.delete_model(request, obj)
