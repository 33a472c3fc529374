"""Billing's writes, by stage: `ledger` (query quotas and credits) and `orders` (orders,
checkout, fulfilment and payment events).

Every act is one transaction. A user's billing acts are serialised by a row lock on their
credit account, so concurrent requests (any number of processes) can neither overspend credits,
count a query twice nor start overlapping subscriptions."""

from apps.billing.services.ledger import (
    CreditChange,
    InsufficientCredit,
    QueryLimitExceeded,
    QuotaState,
    adjust_credits,
    charge_credits,
    count_query,
    grant_credits,
    hold_credits,
    record_query,
    refund_credits,
    settle_hold,
)
from apps.billing.services.orders import (
    Outcome,
    cancel_order,
    close_unpaid_order,
    create_order,
    fulfil_order,
    handle_stripe_event,
    period_end,
    record_payment_event,
    refund_order,
    return_path,
    set_up_paid_demo,
    start_checkout,
)

__all__ = [
    "CreditChange",
    "InsufficientCredit",
    "Outcome",
    "QueryLimitExceeded",
    "QuotaState",
    "adjust_credits",
    "cancel_order",
    "charge_credits",
    "close_unpaid_order",
    "count_query",
    "create_order",
    "fulfil_order",
    "grant_credits",
    "handle_stripe_event",
    "hold_credits",
    "period_end",
    "record_payment_event",
    "record_query",
    "refund_credits",
    "refund_order",
    "return_path",
    "set_up_paid_demo",
    "settle_hold",
    "start_checkout",
]
