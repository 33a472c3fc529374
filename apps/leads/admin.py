"""Back office: buyer companies, their people and the users' contact reveals. A reveal's state
and cost change only through apps.leads.services (the charge and the phone lookup), so they
are read-only here."""

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from apps.leads.models import Company, ContactRequest, Lead


@admin.register(Company)
class CompanyAdmin(admin.ModelAdmin):
    list_display = ("name", "country", "city", "employees", "trade_party_id", "source", "is_demo")
    list_filter = ("is_demo", "country", "source")
    search_fields = ("normalized_name", "domain")
    readonly_fields = ("normalized_name", "trade_party_id", "created_at")
    show_full_result_count = False


@admin.register(Lead)
class LeadAdmin(admin.ModelAdmin):
    list_display = ("full_name", "job_title", "seniority", "company", "email_status", "is_demo")
    list_filter = ("seniority", "email_status", "is_demo")
    search_fields = ("full_name", "email")
    raw_id_fields = ("company",)
    list_select_related = ("company",)
    show_full_result_count = False


@admin.register(ContactRequest)
class ContactRequestAdmin(admin.ModelAdmin):
    list_display = ("user", "lead", "kind", "state", "credits", "created_at", "completed_at")
    list_filter = ("kind", "state", ("created_at", admin.DateFieldListFilter))
    list_select_related = ("user", "lead")
    search_fields = ("user__email", "lead__full_name")
    show_full_result_count = False

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
