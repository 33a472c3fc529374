from django.apps import AppConfig


class MarketConfig(AppConfig):
    name = "apps.market"

    def ready(self) -> None:
        from apps.core.pages import page_preloads
        from apps.market.preload import market_pages

        page_preloads.register(market_pages)
