from django.contrib import admin

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
    show_full_result_count = False


@admin.register(ContactRequest)
class ContactRequestAdmin(admin.ModelAdmin):
    list_display = ("user", "lead", "kind", "state", "credits", "created_at", "completed_at")
    list_filter = ("kind", "state")
    search_fields = ("user__email", "lead__full_name")
    raw_id_fields = ("user", "lead")
    readonly_fields = ("created_at", "completed_at")
