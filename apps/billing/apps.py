from django.apps import AppConfig

# Stripe's events are read as signed bytes by the webhook, which checks them itself.
STRIPE_WEBHOOK_PATH = "/fast-ai/v1/payments/webhooks/stripe"


class BillingConfig(AppConfig):
    name = "apps.billing"

    def ready(self) -> None:
        from apps.billing.preload import profile_and_plans
        from apps.core.middleware import raw_body_paths
        from apps.core.pages import page_preloads

        page_preloads.register(profile_and_plans)
        raw_body_paths.add(STRIPE_WEBHOOK_PATH)
