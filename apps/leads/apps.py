from django.apps import AppConfig


class LeadsConfig(AppConfig):
    name = "apps.leads"

    def ready(self) -> None:
        from apps.core.pages import page_preloads
        from apps.leads.preload import lead_pages

        page_preloads.register(lead_pages)
