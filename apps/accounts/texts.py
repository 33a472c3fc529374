"""The service-demand form's messages and emails in English, Vietnamese and Simplified Chinese,
by Django language code. The validation messages are spec §5's; the client shows the same ones
(assets/i18n/*.json, keys `demand.*`)."""

# ruff: noqa: RUF001

from __future__ import annotations

from apps.accounts.models import Feature
from apps.core.languages import in_language

TEXTS: dict[str, dict[str, str]] = {
    "first_name_required": {
        "en": "First name is required",
        "vi": "Vui lòng nhập tên",
        "zh": "请输入名字",
    },
    "last_name_required": {
        "en": "Last name is required",
        "vi": "Vui lòng nhập họ",
        "zh": "请输入姓氏",
    },
    "email_invalid": {
        "en": "Please enter a valid email address",
        "vi": "Vui lòng nhập địa chỉ email hợp lệ",
        "zh": "请输入有效的电子邮箱地址",
    },
    "features_required": {
        "en": "Please select at least one feature",
        "vi": "Vui lòng chọn ít nhất một tính năng",
        "zh": "请至少选择一项功能",
    },
    "company_required": {
        "en": "Company name is required",
        "vi": "Vui lòng nhập tên công ty",
        "zh": "请输入公司名称",
    },
    "thanks": {
        "en": "Thank you for your interest! Our team will contact you soon.",
        "vi": "Cảm ơn bạn đã quan tâm! Đội ngũ của chúng tôi sẽ sớm liên hệ với bạn.",
        "zh": "感谢您的关注！我们的团队会尽快与您联系。",
    },
    "ack_subject": {
        "en": "We received your request",
        "vi": "Chúng tôi đã nhận được yêu cầu của bạn",
        "zh": "我们已收到您的需求",
    },
    "ack_body": {
        "en": "Hello {first_name},\n\nThank you for your interest in {features}. "
        "Our team will contact you soon.\n\nTradewise\n",
        "vi": "Xin chào {first_name},\n\nCảm ơn bạn đã quan tâm đến {features}. "
        "Đội ngũ của chúng tôi sẽ sớm liên hệ với bạn.\n\nTradewise\n",
        # A Chinese business letter greets by the full name, surname first.
        "zh": "尊敬的{full_name}，您好：\n\n感谢您对{features}的关注。"
        "我们的团队会尽快与您联系。\n\nTradewise\n",
    },
}

# The sidebar's names of the features (assets/i18n/*.json `nav.*`); English: Feature labels.
FEATURE_NAMES: dict[str, dict[str, str]] = {
    "ai-sale-agent": {"vi": "Trợ lý bán hàng AI", "zh": "AI 销售助理"},
    "content-workflow": {"vi": "Quy trình nội dung", "zh": "内容工作流"},
    "ai-package-design": {"vi": "Thiết kế bao bì AI", "zh": "AI 包装设计"},
    "lead-nurturing": {"vi": "Nuôi dưỡng khách hàng", "zh": "客户培育"},
    "order-management": {"vi": "Quản lý đơn hàng", "zh": "订单管理"},
    "farm-management": {"vi": "Quản lý nông trại", "zh": "农场管理"},
    "chatbot-support": {"vi": "Chatbot hỗ trợ", "zh": "智能客服"},
    "customer-services": {"vi": "Dịch vụ khách hàng", "zh": "客户服务"},
}


def feature_names(features: list[str], language: str) -> str:
    separator = in_language({"en": ", ", "zh": "、"}, language)
    return separator.join(
        in_language({"en": Feature(feature).label, **FEATURE_NAMES[feature]}, language)
        for feature in features
    )


def text(key: str, language: str) -> str:
    return in_language(TEXTS[key], language)
