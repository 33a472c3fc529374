"""Back office: the HS nomenclature, trade parties and shipments (read-mostly)."""

from __future__ import annotations

from django.contrib import admin, messages
from django.db import transaction
from django.db.models import QuerySet
from django.http import HttpRequest

from apps.core.audit import record_audit
from apps.market.models import (
    ContactRequest,
    HSCode,
    HSSection,
    SavedSearch,
    Shipment,
    TradeParty,
)
from apps.market.services import mark_contact_requests_sent


@admin.register(HSSection)
class HSSectionAdmin(admin.ModelAdmin):
    list_display = ("code", "name_en", "name_vi", "name_zh")
    ordering = ("position",)


@admin.register(HSCode)
class HSCodeAdmin(admin.ModelAdmin):
    list_display = ("code", "level", "description_en", "description_vi", "eudr", "cbam")
    list_filter = ("level", "eudr", "eutr", "cbam", "section")
    search_fields = ("code", "description_en", "description_vi", "description_zh")
    raw_id_fields = ("parent",)
    list_select_related = ("section",)


@admin.register(TradeParty)
class TradePartyAdmin(admin.ModelAdmin):
    list_display = ("name", "country", "normalized_name", "created_at")
    list_filter = ("country",)
    search_fields = ("normalized_name", "name")
    readonly_fields = ("created_at",)
    show_full_result_count = False


@admin.register(Shipment)
class ShipmentAdmin(admin.ModelAdmin):
    list_display = (
        "date",
        "hs_code",
        "exporter",
        "importer",
        "importer_country",
        "quantity",
        "quantity_unit",
        "value_usd",
        "source",
    )
    list_filter = ("transport_mode", "source")
    date_hierarchy = "date"
    search_fields = ("source_record_id", "product_description")
    raw_id_fields = ("hs_code", "exporter", "importer")
    list_select_related = ("hs_code", "exporter", "importer")
    show_full_result_count = False


@admin.register(ContactRequest)
class ContactRequestAdmin(admin.ModelAdmin):
    list_display = ("importer_name", "importer_country", "user", "status", "created_at", "sent_at")
    list_filter = ("status", "importer_country", ("created_at", admin.DateFieldListFilter))
    list_select_related = ("user",)
    search_fields = ("importer_name", "user__email")
    readonly_fields = (
        "user",
        "importer_name",
        "importer_country",
        "status",
        "created_at",
        "sent_at",
    )
    actions = ["mark_sent"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description="Mark the selected requests as sent")
    def mark_sent(self, request: HttpRequest, queryset: QuerySet[ContactRequest]) -> None:
        with transaction.atomic():
            pending = list(queryset.filter(status=ContactRequest.Status.PENDING))
            sent = mark_contact_requests_sent(queryset.filter(pk__in=[r.pk for r in pending]))
            for contact_request in pending:
                record_audit(
                    actor=request.user,
                    action="mark_sent",
                    target=contact_request,
                    before={"status": contact_request.status},
                    after={"status": ContactRequest.Status.SENT},
                )
        self.message_user(request, f"{sent} request(s) marked as sent.", messages.SUCCESS)


@admin.register(SavedSearch)
class SavedSearchAdmin(admin.ModelAdmin):
    """Users keep their searches themselves: operators see them and their alerts' state."""

    list_display = ("name", "user", "alerts", "language", "created_at", "last_alerted_at")
    list_filter = ("alerts", "language")
    list_select_related = ("user",)
    search_fields = ("name", "user__email")
    readonly_fields = (
        "user",
        "name",
        "filters",
        "language",
        "last_seen_id",
        "created_at",
        "last_checked_at",
        "last_alerted_at",
    )
