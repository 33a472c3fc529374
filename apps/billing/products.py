"""Product names (spec §3) and the product-name routing rules of `/`, `/success` and `/cancel`."""

from __future__ import annotations

MARKET_INSIGHTS = "market-insights"
LEAD_SOURCING = "lead-sourcing"
LEAD_VERIFICATION = "lead-verification"

MARKET_INSIGHTS_HOME = "/market-insights"
LEAD_SOURCING_HOME = "/find-global-company"


def home_for_root(product_name: str) -> str:
    """`/` goes to the company search for lead sourcing and to market insights otherwise."""
    return LEAD_SOURCING_HOME if product_name == LEAD_SOURCING else MARKET_INSIGHTS_HOME


def home_after_payment(product_name: str) -> str | None:
    """Where `/success` and `/cancel` go next: matched case-insensitively by containment.
    None means the page stays."""
    name = product_name.lower()
    if MARKET_INSIGHTS in name:
        return MARKET_INSIGHTS_HOME
    if LEAD_SOURCING in name:
        return LEAD_SOURCING_HOME
    return None
