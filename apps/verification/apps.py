from django.apps import AppConfig


class VerificationConfig(AppConfig):
    name = "apps.verification"

    def ready(self) -> None:
        from apps.core.pages import page_preloads
        from apps.verification.preload import verification_pages

        page_preloads.register(verification_pages)
