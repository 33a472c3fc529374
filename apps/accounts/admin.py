from django.contrib import admin

from apps.accounts.models import User


@admin.register(User)
class UserAdmin(admin.ModelAdmin):
    """Credentials live at the identity provider; the back office edits profile and access."""

    ordering = ("email",)
    list_display = ("email", "name", "oidc_subject", "is_active", "is_staff", "date_joined")
    list_filter = ("is_active", "is_staff", "is_superuser")
    search_fields = ("email", "name", "oidc_subject")
    readonly_fields = ("oidc_subject", "date_joined", "last_login")
    fieldsets = (
        (None, {"fields": ("email", "name", "oidc_subject")}),
        ("Permissions", {"fields": ("is_active", "is_staff", "is_superuser", "groups")}),
        ("Dates", {"fields": ("date_joined", "last_login")}),
    )
    filter_horizontal = ("groups",)
