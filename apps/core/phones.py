"""Phone numbers as users enter them: an international number, its + and country code first,
valid for that country (libphonenumber's metadata, the `phonenumbers` package). A local number
("0912 345 678") is refused with a message that asks for the country code, and a code that no
country has (+83) with one that names it, in English, Vietnamese and Simplified Chinese (by
Django language code)."""

# ruff: noqa: RUF001

from __future__ import annotations

import phonenumbers

from apps.core.errors import Problem
from apps.core.languages import in_language

# An example a Vietnamese exporter recognises: a Vietnamese mobile number.
EXAMPLE = "+84 912 345 678"

TEXTS: dict[str, dict[str, str]] = {
    "phone_required": {
        "en": "Phone number is required",
        "vi": "Vui lòng nhập số điện thoại",
        "zh": "请输入电话号码",
    },
    "phone_country_code_missing": {
        "en": "Please add the country code, starting with + (e.g. {example})",
        "vi": "Vui lòng thêm mã quốc gia, bắt đầu bằng dấu + (ví dụ: {example})",
        "zh": "请加上以 + 开头的国家代码（例如：{example}）",
    },
    "phone_country_code_unknown": {
        "en": "+{code} is not a country code. Please check the number (e.g. {example})",
        "vi": "+{code} không phải là mã quốc gia. Vui lòng kiểm tra lại số (ví dụ: {example})",
        "zh": "+{code} 不是国家代码，请检查号码（例如：{example}）",
    },
    "phone_invalid": {
        "en": "Please enter a valid phone number",
        "vi": "Vui lòng nhập số điện thoại hợp lệ",
        "zh": "请输入有效的电话号码",
    },
}


def phone_text(key: str, language: str, **values: object) -> Problem:
    """The text of a phone number's problem in `language`, its key as its code."""
    text = in_language(TEXTS[key], language).format(example=EXAMPLE, **values)
    return Problem(text, key, listed=False)


def _international_form(text: str) -> str:
    """The number as typed, with "00" (dialling abroad) and a full-width plus read as "+"."""
    stripped = text.strip().replace("＋", "+")
    return f"+{stripped[2:]}" if stripped.startswith("00") else stripped


def phone_problem(text: str) -> tuple[str, dict[str, object]] | None:
    """Why `text` is not an acceptable phone number (a key of TEXTS and its values), or None
    when it is a valid international number."""
    number = _international_form(text)
    if not number:
        return "phone_required", {}
    digits = "".join(char for char in number if char.isdigit())
    if not number.startswith("+"):
        # A local number: no country code, whatever its digits.
        return ("phone_country_code_missing", {}) if len(digits) >= 6 else ("phone_invalid", {})
    try:
        parsed = phonenumbers.parse(number, None)
    except phonenumbers.NumberParseException as error:
        code = _unknown_code(digits)
        if error.error_type == phonenumbers.NumberParseException.INVALID_COUNTRY_CODE and code:
            return "phone_country_code_unknown", {"code": code}
        return "phone_invalid", {}
    if not phonenumbers.is_valid_number(parsed):
        return "phone_invalid", {}
    return None


def _unknown_code(digits: str) -> str:
    """The shortest leading digits that no country code starts with ("83" of +83 912 ...), or
    "" when the digits could still begin one. Country codes are 1 to 3 digits, none the
    beginning of another."""
    codes = [str(code) for code in phonenumbers.COUNTRY_CODE_TO_REGION_CODE]
    for size in range(1, min(len(digits), 3) + 1):
        if not any(code.startswith(digits[:size]) for code in codes):
            return digits[:size]
    return ""


def phone_message(text: str, language: str) -> str | None:
    """The message, in `language`, for an unacceptable phone number; None when it is valid."""
    problem = phone_problem(text)
    if problem is None:
        return None
    key, values = problem
    return phone_text(key, language, **values)


def international_number(text: str) -> str | None:
    """The number in E.164 form (+84912345678) when it is acceptable, else None."""
    if phone_problem(text) is not None:
        return None
    parsed = phonenumbers.parse(_international_form(text), None)
    return phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.E164)
