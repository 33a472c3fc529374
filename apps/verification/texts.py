"""The verification's texts in English, Vietnamese and Chinese: the recommendation texts of
spec §3, the sentences of the trust verdict, and age display (spec §9: years, months or
'<1 month'). Languages by their Django codes (en, vi, zh-hans)."""

# A data table of texts: full-width punctuation is right in Chinese, and a sentence stays on one line.
# ruff: noqa: E501, RUF001
from __future__ import annotations

LANGUAGES = ("en", "vi", "zh-hans")

RECOMMENDATIONS: dict[str, dict[str, dict[str, str]]] = {
    "employee_size": {
        "small": {
            "en": "A small company: confirm its capacity before large orders.",
            "vi": "Công ty nhỏ: hãy xác nhận năng lực trước khi nhận đơn hàng lớn.",
            "zh-hans": "小型公司：接大额订单前请确认其实力。",
        },
        "medium": {
            "en": "A medium-sized company with an established team.",
            "vi": "Công ty quy mô vừa với đội ngũ ổn định.",
            "zh-hans": "中型公司，团队稳定。",
        },
        "large": {
            "en": "A large company: a substantial, established organisation.",
            "vi": "Công ty lớn: một tổ chức quy mô và lâu đời.",
            "zh-hans": "大型公司：规模可观、运作成熟的机构。",
        },
    },
    "founded_age": {
        "new": {
            "en": "Recently founded: ask for references and use secure payment terms.",
            "vi": "Mới thành lập: hãy hỏi thông tin tham chiếu và dùng điều khoản thanh toán an toàn.",
            "zh-hans": "新成立的公司：请索取推荐信息并采用安全的付款条件。",
        },
        "stable": {
            "en": "In business for several years: a stable track record.",
            "vi": "Đã hoạt động nhiều năm: có lịch sử ổn định.",
            "zh-hans": "已经营数年：记录稳定。",
        },
        "long": {
            "en": "Long established: a long track record in business.",
            "vi": "Thành lập lâu năm: có bề dày hoạt động kinh doanh.",
            "zh-hans": "历史悠久：拥有长期经营记录。",
        },
    },
    "sanction_match": {
        "yes": {
            "en": "Sanctions match found: do not trade before a compliance review.",
            "vi": "Phát hiện trùng khớp danh sách trừng phạt: không giao dịch trước khi rà soát tuân thủ.",
            "zh-hans": "发现制裁名单匹配：完成合规审查前请勿交易。",
        },
        "no": {
            "en": "No sanctions match above the threshold.",
            "vi": "Không có trùng khớp danh sách trừng phạt vượt ngưỡng.",
            "zh-hans": "没有超过阈值的制裁名单匹配。",
        },
    },
    "domain_state": {
        "none": {
            "en": "No registered website domain: verify the company through other channels.",
            "vi": "Không có tên miền website đã đăng ký: hãy xác minh công ty qua kênh khác.",
            "zh-hans": "没有已注册的网站域名：请通过其他渠道核实该公司。",
        },
        "new": {
            "en": "The domain was registered recently: be careful, new domains are used in fraud.",
            "vi": "Tên miền mới được đăng ký: hãy thận trọng, tên miền mới thường bị dùng để lừa đảo.",
            "zh-hans": "域名为近期注册：请谨慎，新域名常被用于欺诈。",
        },
        "stable": {
            "en": "The domain has been registered for a long time: a good sign.",
            "vi": "Tên miền đã được đăng ký từ lâu: một dấu hiệu tốt.",
            "zh-hans": "域名已注册多年：这是一个好迹象。",
        },
        "expired": {
            "en": "The domain registration has expired: the company may no longer be active.",
            "vi": "Đăng ký tên miền đã hết hạn: công ty có thể không còn hoạt động.",
            "zh-hans": "域名注册已过期：该公司可能已不再经营。",
        },
    },
    "transactions": {
        "none": {
            "en": "No shipments on record: no proof that this company imports.",
            "vi": "Không có lô hàng nào được ghi nhận: chưa có bằng chứng công ty này nhập khẩu.",
            "zh-hans": "没有货运记录：无法证明该公司有进口业务。",
        },
        "low": {
            "en": "Few shipments on record: start with small orders.",
            "vi": "Ít lô hàng được ghi nhận: hãy bắt đầu với đơn hàng nhỏ.",
            "zh-hans": "货运记录较少：建议从小额订单开始。",
        },
        "stable": {
            "en": "Regular shipments on record: a steady importer.",
            "vi": "Các lô hàng được ghi nhận đều đặn: nhà nhập khẩu ổn định.",
            "zh-hans": "有稳定的货运记录：进口商经营稳定。",
        },
        "strong": {
            "en": "Many shipments on record: a strong, active importer.",
            "vi": "Nhiều lô hàng được ghi nhận: nhà nhập khẩu lớn và năng động.",
            "zh-hans": "货运记录丰富：实力雄厚、活跃的进口商。",
        },
    },
}

VERDICT: dict[str, dict[str, str]] = {
    "imports": {
        "en": "imports HS {hs_code} from {country}, last shipment {age} ago",
        "vi": "nhập khẩu mã HS {hs_code} từ {country}, lô hàng gần nhất cách đây {age}",
        "zh-hans": "从{country}进口HS {hs_code}，最近一次发货在{age}前",
    },
    "no_imports": {
        "en": "no shipments on record",
        "vi": "không có lô hàng nào được ghi nhận",
        "zh-hans": "没有货运记录",
    },
    "no_sanctions": {
        "en": "no sanctions match above the threshold {threshold}",
        "vi": "không có trùng khớp danh sách trừng phạt vượt ngưỡng {threshold}",
        "zh-hans": "没有超过阈值{threshold}的制裁名单匹配",
    },
    "sanctions": {
        "en": "{hits} sanctions match(es) above the threshold {threshold}, best {name} ({list}, score {score})",
        "vi": "{hits} trùng khớp danh sách trừng phạt vượt ngưỡng {threshold}, cao nhất {name} ({list}, điểm {score})",
        "zh-hans": "{hits}个超过阈值{threshold}的制裁名单匹配，最高为{name}（{list}，得分{score}）",
    },
    "domain_age": {
        "en": "domain registered {age} ago",
        "vi": "tên miền đã đăng ký cách đây {age}",
        "zh-hans": "域名注册于{age}前",
    },
    "domain_expired": {
        "en": "domain registration expired",
        "vi": "đăng ký tên miền đã hết hạn",
        "zh-hans": "域名注册已过期",
    },
    "no_domain": {
        "en": "no registered domain",
        "vi": "không có tên miền đã đăng ký",
        "zh-hans": "没有已注册的域名",
    },
    "unchecked": {
        "en": "{check} could not be checked ({reason})",
        "vi": "không thể kiểm tra {check} ({reason})",
        "zh-hans": "无法检查{check}（{reason}）",
    },
}

CHECK_NAMES: dict[str, dict[str, str]] = {
    "trade_data": {"en": "trade data", "vi": "dữ liệu thương mại", "zh-hans": "贸易数据"},
    "sanctions": {"en": "sanctions", "vi": "danh sách trừng phạt", "zh-hans": "制裁名单"},
    "website": {"en": "the website", "vi": "website", "zh-hans": "网站"},
}

AGE_UNITS: dict[str, dict[str, str]] = {
    "years": {"en": "{n} years", "vi": "{n} năm", "zh-hans": "{n}年"},
    "year": {"en": "1 year", "vi": "1 năm", "zh-hans": "1年"},
    "months": {"en": "{n} months", "vi": "{n} tháng", "zh-hans": "{n}个月"},
    "month": {"en": "1 month", "vi": "1 tháng", "zh-hans": "1个月"},
    "under_a_month": {"en": "<1 month", "vi": "<1 tháng", "zh-hans": "<1个月"},
}


def age_text(days: int, language: str) -> str:
    months = days * 12 // 365
    if months < 1:
        return AGE_UNITS["under_a_month"][language]
    if months < 12:
        return AGE_UNITS["month" if months == 1 else "months"][language].format(n=months)
    years = months // 12
    return AGE_UNITS["year" if years == 1 else "years"][language].format(n=years)


def recommendation_texts(topic: str, value: str) -> dict[str, str]:
    return dict(RECOMMENDATIONS[topic][value])
