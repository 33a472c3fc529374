"""Back office: the HS nomenclature, trade parties and shipments (read-mostly)."""

from __future__ import annotations

from django.contrib import admin

from apps.market.models import HSCode, HSSection, Shipment, TradeParty


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


@admin.register(TradeParty)
class TradePartyAdmin(admin.ModelAdmin):
    list_display = ("name", "country", "normalized_name", "created_at")
    list_filter = ("country",)
    search_fields = ("normalized_name", "name")
    readonly_fields = ("created_at",)


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
