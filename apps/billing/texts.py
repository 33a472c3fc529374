"""The sandbox checkout page's words in English, Vietnamese and Simplified Chinese."""

# ruff: noqa: RUF001

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "title": {"en": "Checkout", "vi": "Thanh toán", "zh": "结账"},
    "sandbox": {
        "en": "Test payment: no card is charged and no money moves.",
        "vi": "Thanh toán thử nghiệm: không trừ tiền thẻ, không có giao dịch thật.",
        "zh": "测试支付：不会扣款，也不会产生真实交易。",
    },
    "order": {"en": "Order", "vi": "Đơn hàng", "zh": "订单"},
    "plan": {"en": "Plan", "vi": "Gói", "zh": "套餐"},
    "total": {"en": "Total", "vi": "Tổng cộng", "zh": "合计"},
    "pay": {"en": "Pay", "vi": "Thanh toán", "zh": "支付"},
    "cancel": {"en": "Cancel", "vi": "Hủy", "zh": "取消"},
    "settled": {
        "en": "This order is no longer waiting for payment.",
        "vi": "Đơn hàng này không còn chờ thanh toán.",
        "zh": "此订单已不再等待支付。",
    },
    "back": {"en": "Back to Tradewise", "vi": "Quay lại Tradewise", "zh": "返回 Tradewise"},
}


def sandbox_texts(language: str) -> dict[str, str]:
    return {key: values.get(language) or values["en"] for key, values in TEXTS.items()}
