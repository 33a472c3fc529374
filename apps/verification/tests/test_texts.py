# ruff: noqa: RUF001

"""The verification's texts in English, Vietnamese and Chinese: every text in the three
languages with the same placeholders, ages in years, months or '<1 month', the verdict's
sentences filled from their params, and the two emails."""

from __future__ import annotations

import string
from collections.abc import Iterator
from typing import Any

import pytest

from apps.verification import texts
from apps.verification.providers.sanctions import ScreenedListSummary
from apps.verification.schemas import REPORT_TYPES

LANGUAGES = {"en", "vi", "zh"}


def tables() -> Iterator[tuple[str, dict[str, str]]]:
    """Every table of texts keyed by language, with where it is."""
    for topic, values in texts.RECOMMENDATIONS.items():
        for value, table in values.items():
            yield f"RECOMMENDATIONS.{topic}.{value}", table
    for name in ("STATUS_NAMES", "VERDICT_REASONS", "RESULT_MAIL", "REPORT_MAIL", "CHECK_NAMES"):
        for key, table in getattr(texts, name).items():
            yield f"{name}.{key}", table
    for key, table in texts.AGE_UNITS.items():
        yield f"AGE_UNITS.{key}", table
    for name in ("SCREENED_LIST", "UNKNOWN_DATE", "LIST_SEPARATOR"):
        yield name, getattr(texts, name)


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


def test_every_text_is_written_in_english_vietnamese_and_chinese() -> None:
    missing = [
        where
        for where, table in tables()
        if set(table) != LANGUAGES or not all(text.strip() for text in table.values())
    ]

    assert missing == []


def test_every_language_of_a_text_has_the_same_placeholders() -> None:
    differing = [
        where
        for where, table in tables()
        if len({frozenset(placeholders(text)) for text in table.values()}) != 1
    ]

    assert differing == []


def test_every_report_type_of_the_form_has_a_vietnamese_and_a_chinese_name() -> None:
    assert set(texts.REPORT_TYPE_NAMES) == set(REPORT_TYPES)
    assert all(set(names) == {"vi", "zh"} for names in texts.REPORT_TYPE_NAMES.values())


@pytest.mark.parametrize(
    ("days", "en", "vi", "zh"),
    [
        (0, "<1 month", "<1 tháng", "<1个月"),
        (30, "<1 month", "<1 tháng", "<1个月"),
        (31, "1 month", "1 tháng", "1个月"),
        (61, "2 months", "2 tháng", "2个月"),
        (364, "11 months", "11 tháng", "11个月"),
        (365, "1 year", "1 năm", "1年"),
        (729, "1 year", "1 năm", "1年"),
        (730, "2 years", "2 năm", "2年"),
        (4000, "10 years", "10 năm", "10年"),
    ],
)
def test_an_age_is_told_in_years_months_or_under_a_month_in_each_language(
    days: int, en: str, vi: str, zh: str
) -> None:
    assert [texts.age_text(days, language) for language in ("en", "vi", "zh")] == [en, vi, zh]


@pytest.mark.parametrize(
    ("language", "age"), [("zh-hans", "3年"), ("vi-VN", "3 năm"), ("fr", "3 years")]
)
def test_an_age_reads_any_spelling_of_a_language_and_english_for_others(
    language: str, age: str
) -> None:
    assert texts.age_text(3 * 365, language) == age


def test_a_failed_checks_reason_names_the_check_in_the_language() -> None:
    params = {"check": "trade_data", "reason": "timeout"}

    assert [texts.reason_text("check_failed", language, params) for language in ("en", "zh")] == [
        "The trade data check could not run (timeout): run it again before relying on this result.",
        "贸易数据检查未能完成（timeout）：请重新运行后再依赖此结果。",
    ]


def test_the_lists_screened_are_named_with_their_dates_and_sizes_in_the_language() -> None:
    lists = [
        ScreenedListSummary("OFAC SDN", "2026-11-28", 14965, "2026-11-28T06:00:00+00:00"),
        ScreenedListSummary("UN Consolidated", None, 1003, "2026-11-28T06:00:00+00:00"),
    ]

    assert texts.reason_text("screened_clear", "en", {"lists": lists}) == (
        "No sanctions match on OFAC SDN (2026-11-28, 14,965 entries); "
        "UN Consolidated (undated, 1,003 entries)."
    )
    assert texts.reason_text("screened_clear", "vi", {"lists": lists}) == (
        "Không có trùng khớp trừng phạt trong OFAC SDN (2026-11-28, 14,965 mục); "
        "UN Consolidated (không rõ ngày, 1,003 mục)."
    )
    assert texts.reason_text("screened_clear", "zh", {"lists": lists}) == (
        "在OFAC SDN（2026-11-28，14,965条）；UN Consolidated（日期不详，1,003条）中没有制裁匹配。"
    )


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("en", "dutchnut.example has been registered for 10 years."),
        ("vi", "dutchnut.example đã được đăng ký 10 năm."),
        ("zh-hans", "dutchnut.example已注册10年。"),
    ],
)
def test_a_reason_is_filled_from_its_params(language: str, sentence: str) -> None:
    params = {"domain": "dutchnut.example", "age": texts.age_text(4000, language)}

    assert texts.reason_text("domain_age", language, params) == sentence


def test_a_reason_missing_a_param_is_an_error_not_a_sentence_with_a_hole() -> None:
    with pytest.raises(KeyError):
        texts.reason_text("site_unreachable", "en", {})


def test_the_result_mail_names_the_verdict_lists_the_reasons_and_the_credits() -> None:
    subject, body = texts.result_mail(
        "en",
        company="Dutch Nut Trading B.V.",
        status="needs_review",
        reasons=["First reason.", "Second reason."],
        credits=100,
        url="https://tradewise.example/lead-verification/7",
    )

    assert subject == "Verification of Dutch Nut Trading B.V.: Needs review"
    assert body == (
        "The verification of Dutch Nut Trading B.V. has finished.\n\n"
        "Verdict: Needs review\n- First reason.\n- Second reason.\n\n"
        "Credits charged: 100\n"
        "The full result with its evidence: https://tradewise.example/lead-verification/7\n"
    )


@pytest.mark.parametrize(
    ("language", "subject"),
    [("vi", "Xác minh ACME: Không giao dịch"), ("zh", "ACME的核验结果：请勿交易")],
)
def test_the_result_mails_subject_is_in_the_language(language: str, subject: str) -> None:
    sent = texts.result_mail(
        language, company="ACME", status="do_not_trade", reasons=[], credits=0, url=""
    )

    assert sent[0] == subject


def test_a_report_mail_names_the_report_types_in_the_language() -> None:
    subject, body = texts.report_mail(
        "vi",
        name="Lan",
        report_types=["Credit Score and Limit", "Company Ownership"],
        company="Dutch Nut Trading B.V.",
    )

    assert subject == "Đã nhận yêu cầu báo cáo: Dutch Nut Trading B.V."
    assert (
        "yêu cầu Điểm và hạn mức tín dụng; Quyền sở hữu công ty về Dutch Nut Trading B.V." in body
    )


def test_a_custom_report_mail_names_no_company_and_a_custom_report() -> None:
    subject, body = texts.report_mail("en", name="Lan", report_types=[], company=None)

    assert subject == "Report request received: the company in your message"
    assert body.startswith(
        "Dear Lan,\n\nWe received your request for a custom report about the company in your "
        "message.\n"
    )


def test_a_report_type_without_a_translation_is_named_as_written() -> None:
    _, body = texts.report_mail(
        "zh", name="兰", report_types=["Company Ownership", "Ad hoc"], company="X"
    )

    assert "关于X的公司所有权；Ad hoc申请" in body


def test_a_recommendations_texts_are_a_copy_the_caller_may_change() -> None:
    found: dict[str, Any] = texts.recommendation_texts("domain_state", "new")
    found["en"] = "changed"

    assert texts.RECOMMENDATIONS["domain_state"]["new"]["en"] == (
        "The domain was registered recently: be careful, new domains are used in fraud."
    )
    assert set(found) == LANGUAGES
