"""The products and plans of spec §9, with their texts in English, Vietnamese and Chinese.
Operators change plans in the admin afterwards; this only seeds them."""

from typing import Any

from django.db import migrations

PRODUCTS = ["market-insights", "lead-sourcing", "lead-verification"]

MARKET_PAID_POINTS = {
    "en": [
        "Unlimited searches",
        "Advanced search and AI filters",
        "Priority support",
        "Custom dashboards and reports",
        "Downloads of 100 records each",
    ],
    "vi": [
        "Tra cứu không giới hạn",
        "Tìm kiếm nâng cao và bộ lọc AI",
        "Hỗ trợ ưu tiên",
        "Bảng điều khiển và báo cáo tùy chỉnh",
        "Tải xuống 100 bản ghi mỗi lần",
    ],
    "zh": [
        "不限查询次数",
        "高级搜索与 AI 筛选",
        "优先支持",
        "自定义仪表板和报告",
        "每次下载 100 条记录",
    ],
}


def _pack_points(
    emails: tuple[str, str, str], phones: tuple[str, str, str]
) -> dict[str, list[str]]:
    return {
        "en": [f"Up to {emails[0]} email addresses", f"or {phones[0]} phone numbers"],
        "vi": [f"Tối đa {emails[1]} địa chỉ email", f"hoặc {phones[1]} số điện thoại"],
        "zh": [f"最多 {emails[2]} 个邮箱地址", f"或 {phones[2]} 个电话号码"],
    }


PACK_DESCRIPTIONS = (
    "One-time purchase; the credits never expire.",
    "Thanh toán một lần; tín dụng không hết hạn.",
    "一次性购买；积分永不过期。",
)
SPENT_AFTER_FREE = {
    "en": "Spent after your free daily credits",
    "vi": "Dùng sau tín dụng miễn phí hằng ngày",
    "zh": "先使用每日免费积分",
}


def _texts(
    names: tuple[str, str, str],
    descriptions: tuple[str, str, str],
    titles: tuple[str, str, str],
    buttons: tuple[str, str, str],
    points: dict[str, list[str]],
) -> dict[str, dict[str, Any]]:
    return {
        language: {
            "name": names[index],
            "description": descriptions[index],
            "plan_title": titles[index],
            "button_text": buttons[index],
            "selling_points": points[language],
        }
        for index, language in enumerate(("en", "vi", "zh"))
    }


def _plans() -> list[dict[str, Any]]:
    basic, advanced, premium = (
        _pack_points(("100", "100", "100"), ("20", "20", "20")),
        _pack_points(("2,000", "2.000", "2,000"), ("400", "400", "400")),
        _pack_points(("5,000", "5.000", "5,000"), ("1,000", "1.000", "1,000")),
    )
    basic = {language: [*points, SPENT_AFTER_FREE[language]] for language, points in basic.items()}
    advanced = {
        language: [*points, SPENT_AFTER_FREE[language]] for language, points in advanced.items()
    }
    premium = {
        "en": [*premium["en"], "Unlimited queries within the credit limit"],
        "vi": [*premium["vi"], "Tra cứu không giới hạn trong hạn mức tín dụng"],
        "zh": [*premium["zh"], "积分额度内不限查询"],
    }
    return [
        {
            "product": "market-insights",
            "key": "free",
            "number": 3,
            "kind": "free",
            "queries_per_day": 2,
            "position": 0,
            "texts": _texts(
                ("Free", "Miễn phí", "免费版"),
                (
                    "Search customs trade data twice a day.",
                    "Tra cứu dữ liệu hải quan 2 lần mỗi ngày.",
                    "每天可查询两次海关贸易数据。",
                ),
                ("Try it free", "Dùng thử miễn phí", "免费试用"),
                ("Start free", "Dùng miễn phí", "免费使用"),
                {
                    "en": ["2 searches per day", "Basic filters", "Email support"],
                    "vi": ["2 lượt tra cứu mỗi ngày", "Bộ lọc cơ bản", "Hỗ trợ qua email"],
                    "zh": ["每天 2 次查询", "基础筛选", "邮件支持"],
                },
            ),
        },
        {
            "product": "market-insights",
            "key": "daily",
            "number": 1,
            "kind": "subscription",
            "period": "day",
            "price_cents": 1200,
            "list_price_cents": 2000,
            "discount": 40,
            "position": 1,
            "texts": _texts(
                ("Daily", "Theo ngày", "日度版"),
                (
                    "Full access for 24 hours.",
                    "Toàn quyền truy cập trong 24 giờ.",
                    "24 小时内完整访问。",
                ),
                ("1-day pass", "Gói 1 ngày", "1 天通行"),
                ("Buy 1 day", "Mua 1 ngày", "购买 1 天"),
                MARKET_PAID_POINTS,
            ),
        },
        {
            "product": "market-insights",
            "key": "monthly",
            "number": 2,
            "kind": "subscription",
            "period": "month",
            "price_cents": 12000,
            "list_price_cents": 25000,
            "discount": 52,
            "position": 2,
            "texts": _texts(
                ("Monthly", "Theo tháng", "月度版"),
                (
                    "Full access for a calendar month.",
                    "Toàn quyền truy cập trong 1 tháng.",
                    "一个自然月内完整访问。",
                ),
                ("1-month pass", "Gói 1 tháng", "1 个月通行"),
                ("Buy 1 month", "Mua 1 tháng", "购买 1 个月"),
                MARKET_PAID_POINTS,
            ),
        },
        {
            "product": "lead-sourcing",
            "key": "free",
            "number": 3,
            "kind": "free",
            "daily_credits": 10,
            "position": 0,
            "texts": _texts(
                ("Free", "Miễn phí", "免费版"),
                (
                    "10 free credits each UTC day.",
                    "10 tín dụng miễn phí mỗi ngày (giờ UTC).",
                    "每个 UTC 日 10 个免费积分。",
                ),
                ("Every day", "Mỗi ngày", "每天"),
                ("Included", "Đã bao gồm", "已包含"),
                {
                    "en": [
                        "Resets at 00:00 UTC",
                        "Email: 1 credit, phone number: 5 credits",
                        "Unused free credits do not carry over",
                    ],
                    "vi": [
                        "Làm mới lúc 00:00 UTC",
                        "Email: 1 tín dụng, số điện thoại: 5 tín dụng",
                        "Tín dụng miễn phí chưa dùng không được cộng dồn",
                    ],
                    "zh": [
                        "UTC 时间 00:00 重置",
                        "邮箱 1 积分，电话号码 5 积分",
                        "未用完的免费积分不累计",
                    ],
                },
            ),
        },
        {
            "product": "lead-sourcing",
            "key": "basic",
            "number": 1,
            "kind": "credits",
            "credits": 100,
            "price_cents": 500,
            "list_price_cents": 1000,
            "discount": 50,
            "position": 1,
            "texts": _texts(
                ("Basic", "Cơ bản", "基础版"),
                PACK_DESCRIPTIONS,
                ("100 credits", "100 tín dụng", "100 个积分"),
                ("Buy 100 credits", "Mua 100 tín dụng", "购买 100 个积分"),
                basic,
            ),
        },
        {
            "product": "lead-sourcing",
            "key": "advanced",
            "number": 2,
            "kind": "credits",
            "credits": 2000,
            "price_cents": 5000,
            "list_price_cents": 10000,
            "discount": 50,
            "position": 2,
            "texts": _texts(
                ("Advanced", "Nâng cao", "进阶版"),
                PACK_DESCRIPTIONS,
                ("2,000 credits", "2.000 tín dụng", "2,000 个积分"),
                ("Buy 2,000 credits", "Mua 2.000 tín dụng", "购买 2,000 个积分"),
                advanced,
            ),
        },
        {
            "product": "lead-sourcing",
            "key": "premium",
            "number": 3,
            "kind": "credits",
            "credits": 5000,
            "price_cents": 10000,
            "list_price_cents": 20000,
            "discount": 50,
            "position": 3,
            "texts": _texts(
                ("Premium", "Cao cấp", "高级版"),
                PACK_DESCRIPTIONS,
                ("5,000 credits", "5.000 tín dụng", "5,000 个积分"),
                ("Buy 5,000 credits", "Mua 5.000 tín dụng", "购买 5,000 个积分"),
                premium,
            ),
        },
    ]


def seed_catalogue(apps: Any, schema_editor: Any) -> None:
    Product = apps.get_model("billing", "Product")
    Plan = apps.get_model("billing", "Plan")
    products = {name: Product.objects.get_or_create(name=name)[0] for name in PRODUCTS}
    for plan in _plans():
        product, key = products[plan.pop("product")], plan.pop("key")
        Plan.objects.update_or_create(product=product, key=key, defaults=plan)


class Migration(migrations.Migration):
    dependencies = [("billing", "0001_initial")]

    operations = [migrations.RunPython(seed_catalogue, migrations.RunPython.noop)]
