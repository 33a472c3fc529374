from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from apps.verification import services
from apps.verification.models import DomainCache, PlaceCache, ReportRequest, Verification


@admin.register(ReportRequest)
class ReportRequestAdmin(admin.ModelAdmin):
    list_display = (
        "created_at",
        "kind",
        "about",
        "company_name",
        "first_name",
        "last_name",
        "email",
        "status",
    )
    list_select_related = ("company",)
    list_filter = ("status", "kind")
    search_fields = ("company__name", "company_name", "email", "last_name")
    raw_id_fields = ("user", "company")
    readonly_fields = ("created_at", "answered_at")
    actions = ["mark_answered"]

    @admin.display(description="Report on", ordering="company__name")
    def about(self, request: ReportRequest) -> str:
        """The company the report is about; a custom report names it in its message."""
        if request.company is None:
            return "(custom: see the message)"
        return f"{request.company.name} ({request.company.country})"

    @admin.action(description="Mark answered")
    def mark_answered(self, request: HttpRequest, queryset: QuerySet[ReportRequest]) -> None:
        count = services.mark_answered(list(queryset))
        self.message_user(request, f"{count} request(s) marked answered.", messages.SUCCESS)


@admin.register(Verification)
class VerificationAdmin(admin.ModelAdmin):
    list_display = (
        "company",
        "user",
        "run",
        "company_profile_state",
        "trade_data_state",
        "sanctions_state",
        "website_state",
        "credits_charged",
        "started_at",
    )
    list_filter = ("sanctions_state", "website_state")
    search_fields = ("company__name", "user__email", "domain")
    raw_id_fields = ("user", "company")


@admin.register(PlaceCache)
class PlaceCacheAdmin(admin.ModelAdmin):
    list_display = ("company", "provider", "fetched_at")
    raw_id_fields = ("company",)


@admin.register(DomainCache)
class DomainCacheAdmin(admin.ModelAdmin):
    list_display = ("domain", "fetched_at")
    search_fields = ("domain",)
