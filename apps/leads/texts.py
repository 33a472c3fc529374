"""The phone-request emails in English, Vietnamese and Simplified Chinese (by Django language
code; anything else gets English)."""

# ruff: noqa: RUF001

from __future__ import annotations

FOUND_SUBJECT = {
    "en": "Phone number of {person}",
    "vi": "Số điện thoại của {person}",
    "zh-hans": "{person} 的电话号码",
}
FOUND_BODY = {
    "en": "The phone number you asked for:\n\n{who}\n{number}\n",
    "vi": "Số điện thoại bạn đã yêu cầu:\n\n{who}\n{number}\n",
    "zh-hans": "您申请的电话号码：\n\n{who}\n{number}\n",
}
NOT_FOUND_SUBJECT = {
    "en": "No mobile number: {person}",
    "vi": "Không có số di động: {person}",
    "zh-hans": "无手机号码：{person}",
}
NOT_FOUND_BODY = {
    "en": "We found no mobile number for {who}.\n"
    "The {credits} credits of the request are back in your balance.\n",
    "vi": "Chúng tôi không tìm thấy số di động của {who}.\n"
    "{credits} tín dụng của yêu cầu này đã được hoàn lại vào số dư của bạn.\n",
    "zh-hans": "我们没有找到 {who} 的手机号码。\n本次申请的 {credits} 积分已退回您的余额。\n",
}
AT_COMPANY = {
    "en": "{job_title} at {company}",
    "vi": "{job_title} tại {company}",
    "zh-hans": "{company} {job_title}",
}


def _in(texts: dict[str, str], language: str) -> str:
    return texts.get(language) or texts["en"]


def phone_mail(
    language: str,
    *,
    found: bool,
    person: str,
    job_title: str,
    company: str,
    number: str,
    credits: int,
) -> tuple[str, str]:
    """Subject and body of the email that answers a phone request."""
    role = _in(AT_COMPANY, language).format(job_title=job_title, company=company).strip()
    who = f"{person}, {role}" if job_title else f"{person}, {company}"
    subject = _in(FOUND_SUBJECT if found else NOT_FOUND_SUBJECT, language)
    body = _in(FOUND_BODY if found else NOT_FOUND_BODY, language)
    return (
        subject.format(person=person),
        body.format(who=who, number=number, credits=credits),
    )
