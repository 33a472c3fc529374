"""The back office for users and service demands. Operators sign in here through the identity
provider like everyone else (apps/accounts/views.py `admin_signin`); `is_staff` opens the door."""

from __future__ import annotations

import csv
from typing import Any

from django.contrib import admin, messages
from django.db.models import Count, QuerySet
from django.http import HttpRequest, HttpResponse

from apps.accounts import services
from apps.accounts.auth import operator_of
from apps.accounts.models import Feature, ServiceDemand, ServiceDemandFeature, User
from apps.core.spreadsheets import safe_row


@admin.register(User)
class UserAdmin(admin.ModelAdmin):
    """Credentials live at the identity provider; the back office edits profile and access."""

    ordering = ("email",)
    list_display: tuple[str, ...] = (
        "email",
        "name",
        "oidc_subject",
        "is_active",
        "is_staff",
        "date_joined",
    )
    list_filter = ("is_active", "is_staff", "is_superuser")
    search_fields = ("email", "name", "oidc_subject")
    readonly_fields = ("oidc_subject", "date_joined", "last_login")
    fieldsets = (
        (None, {"fields": ("email", "name", "oidc_subject")}),
        ("Permissions", {"fields": ("is_active", "is_staff", "is_superuser", "groups")}),
        ("Dates", {"fields": ("date_joined", "last_login")}),
    )
    filter_horizontal = ("groups",)
    show_full_result_count = False


class FeatureFilter(admin.SimpleListFilter):
    title = "feature"
    parameter_name = "feature"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return list(Feature.choices)

    def queryset(
        self, request: HttpRequest, queryset: QuerySet[ServiceDemand]
    ) -> QuerySet[ServiceDemand]:
        if self.value():
            return queryset.filter(features__feature=self.value())
        return queryset


CSV_COLUMNS = (
    "created_at",
    "status",
    "first_name",
    "last_name",
    "email",
    "phone_number",
    "company_name",
    "job_title",
    "language",
)


@admin.register(ServiceDemand)
class ServiceDemandAdmin(admin.ModelAdmin):
    list_display = (
        "created_at",
        "first_name",
        "last_name",
        "email",
        "company_name",
        "phone_number",
        "wanted",
        "status",
    )
    list_filter = ("status", FeatureFilter, ("created_at", admin.DateFieldListFilter))
    search_fields = ("first_name", "last_name", "email", "company_name")
    date_hierarchy = "created_at"
    readonly_fields = (*CSV_COLUMNS, "user", "wanted")
    fields = readonly_fields
    actions = ["mark_contacted", "mark_closed", "export_csv"]
    list_select_related = ("user",)
    show_full_result_count = False

    def get_queryset(self, request: HttpRequest) -> QuerySet[ServiceDemand]:
        return super().get_queryset(request).prefetch_related("features")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description="features")
    def wanted(self, demand: ServiceDemand) -> str:
        return ", ".join(feature.get_feature_display() for feature in demand.features.all())

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        counts = dict(
            ServiceDemandFeature.objects.values_list("feature").annotate(demands=Count("id"))
        )
        feature_counts = sorted(
            ((label, counts.get(value, 0)) for value, label in Feature.choices),
            key=lambda pair: -pair[1],
        )
        return super().changelist_view(
            request, {**(extra_context or {}), "feature_counts": feature_counts}
        )

    def _set_status(
        self, request: HttpRequest, queryset: QuerySet[ServiceDemand], status: str
    ) -> None:
        changed = services.set_service_demand_status(queryset, status, operator_of(request))
        self.message_user(request, f"{changed} demand(s) marked {status}.", messages.SUCCESS)

    @admin.action(description="Mark the selected demands as contacted", permissions=["view"])
    def mark_contacted(self, request: HttpRequest, queryset: QuerySet[ServiceDemand]) -> None:
        self._set_status(request, queryset, ServiceDemand.Status.CONTACTED)

    @admin.action(description="Mark the selected demands as closed", permissions=["view"])
    def mark_closed(self, request: HttpRequest, queryset: QuerySet[ServiceDemand]) -> None:
        self._set_status(request, queryset, ServiceDemand.Status.CLOSED)

    @admin.action(description="Export the selected demands as CSV", permissions=["view"])
    def export_csv(self, request: HttpRequest, queryset: QuerySet[ServiceDemand]) -> HttpResponse:
        response = HttpResponse(content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="service-demands.csv"'
        writer = csv.writer(response)
        writer.writerow([*CSV_COLUMNS, "features"])
        for demand in queryset.prefetch_related("features"):
            row = [getattr(demand, column) for column in CSV_COLUMNS]
            features = " ".join(f.feature for f in demand.features.all())
            writer.writerow(safe_row([*row, features]))
        return response
