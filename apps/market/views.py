from apps.core.pages import signed_in_page

market_insights = signed_in_page(family="market", page="market-insights")
