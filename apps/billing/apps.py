from django.apps import AppConfig


class BillingConfig(AppConfig):
    name = "apps.billing"

    def ready(self) -> None:
        from apps.billing.preload import profile_and_plans
        from apps.core.pages import page_preloads

        page_preloads.register(profile_and_plans)
