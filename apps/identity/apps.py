from django.apps import AppConfig


class IdentityConfig(AppConfig):
    name = "apps.identity"
    label = "identity"
    verbose_name = "Identity provider"
    default_auto_field = "django.db.models.BigAutoField"
