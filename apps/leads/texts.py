"""The phone-request emails in English, Vietnamese and Simplified Chinese (by Django language
code; anything else gets English): the number found, no number, or a lookup whose source never
answered."""

# ruff: noqa: RUF001

from __future__ import annotations

from apps.core.languages import in_language

FOUND_SUBJECT = {
    "en": "Phone number of {person}",
    "vi": "Số điện thoại của {person}",
    "zh": "{person} 的电话号码",
}
FOUND_BODY = {
    "en": "The phone number you asked for:\n\n{who}\n{number}\n",
    "vi": "Số điện thoại bạn đã yêu cầu:\n\n{who}\n{number}\n",
    "zh": "您申请的电话号码：\n\n{who}\n{number}\n",
}
NOT_FOUND_SUBJECT = {
    "en": "No mobile number: {person}",
    "vi": "Không có số di động: {person}",
    "zh": "无手机号码：{person}",
}
NOT_FOUND_BODY = {
    "en": "We found no mobile number for {who}.\n"
    "The {credits} credits of the request are back in your balance.\n",
    "vi": "Chúng tôi không tìm thấy số di động của {who}.\n"
    "{credits} điểm của yêu cầu này đã được hoàn lại vào số dư của bạn.\n",
    "zh": "我们没有找到 {who} 的手机号码。\n本次申请的 {credits} 积分已退回您的余额。\n",
}
FAILED_SUBJECT = {
    "en": "Phone lookup failed: {person}",
    "vi": "Không tra cứu được số điện thoại: {person}",
    "zh": "电话号码查询失败：{person}",
}
FAILED_BODY = {
    "en": "We could not look up the mobile number of {who}: our source did not answer, "
    "even after several tries.\n"
    "The {credits} credits of the request are back in your balance. "
    "You can ask again later from My leads.\n",
    "vi": "Chúng tôi không tra cứu được số di động của {who}: nguồn dữ liệu không phản hồi, "
    "kể cả sau nhiều lần thử.\n"
    "{credits} điểm của yêu cầu này đã được hoàn lại vào số dư của bạn. "
    "Bạn có thể yêu cầu lại sau trong mục Khách hàng tiềm năng của tôi.\n",
    "zh": "我们未能查询到 {who} 的手机号码：数据来源多次尝试后仍无响应。\n"
    "本次申请的 {credits} 积分已退回您的余额。您可以稍后在“我的线索”中再次申请。\n",
}
AT_COMPANY = {
    "en": "{job_title} at {company}",
    "vi": "{job_title} tại {company}",
    "zh": "{company} {job_title}",
}


MAILS = {
    "found": (FOUND_SUBJECT, FOUND_BODY),
    "not_found": (NOT_FOUND_SUBJECT, NOT_FOUND_BODY),
    "failed": (FAILED_SUBJECT, FAILED_BODY),
}


def phone_mail(
    language: str,
    *,
    outcome: str,
    person: str,
    job_title: str,
    company: str,
    number: str,
    credits: int,
) -> tuple[str, str]:
    """Subject and body of the email that answers a phone request; `outcome` is the request's
    end state (found, not_found or failed)."""
    role = in_language(AT_COMPANY, language).format(job_title=job_title, company=company).strip()
    who = f"{person}, {role}" if job_title else f"{person}, {company}"
    subjects, bodies = MAILS[outcome]
    return (
        in_language(subjects, language).format(person=person),
        in_language(bodies, language).format(who=who, number=number, credits=credits),
    )
