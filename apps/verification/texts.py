"""The verification's texts in English, Vietnamese and Chinese: the recommendation texts of
spec §3, the sentences of the trust verdict, and age display (spec §9: years, months or
'<1 month'). Tables are keyed en, vi and zh; the functions take a language in either spelling
(Django's zh-hans or zh)."""

# A data table of texts: full-width punctuation is right in Chinese, and a sentence stays on one line.
# ruff: noqa: E501, RUF001
from __future__ import annotations

from typing import Any

from apps.core.languages import in_language

RECOMMENDATIONS: dict[str, dict[str, dict[str, str]]] = {
    "employee_size": {
        "small": {
            "en": "A small company: confirm its capacity before large orders.",
            "vi": "Công ty nhỏ: hãy xác nhận năng lực trước khi nhận đơn hàng lớn.",
            "zh": "小型公司：接大额订单前请确认其实力。",
        },
        "medium": {
            "en": "A medium-sized company with an established team.",
            "vi": "Công ty quy mô vừa với đội ngũ ổn định.",
            "zh": "中型公司，团队稳定。",
        },
        "large": {
            "en": "A large company: a substantial, established organisation.",
            "vi": "Công ty lớn: một tổ chức quy mô và lâu đời.",
            "zh": "大型公司：规模可观、运作成熟的机构。",
        },
    },
    "founded_age": {
        "new": {
            "en": "Recently founded: ask for references and use secure payment terms.",
            "vi": "Mới thành lập: hãy hỏi thông tin tham chiếu và dùng điều khoản thanh toán an toàn.",
            "zh": "新成立的公司：请索取推荐信息并采用安全的付款条件。",
        },
        "stable": {
            "en": "In business for several years: a stable track record.",
            "vi": "Đã hoạt động nhiều năm: có lịch sử ổn định.",
            "zh": "已经营数年：记录稳定。",
        },
        "long": {
            "en": "Long established: a long track record in business.",
            "vi": "Thành lập lâu năm: có bề dày hoạt động kinh doanh.",
            "zh": "历史悠久：拥有长期经营记录。",
        },
    },
    "sanction_match": {
        "yes": {
            "en": "Sanctions match found: do not trade before a compliance review.",
            "vi": "Phát hiện trùng khớp danh sách trừng phạt: không giao dịch trước khi rà soát tuân thủ.",
            "zh": "发现制裁名单匹配：完成合规审查前请勿交易。",
        },
        "no": {
            "en": "No sanctions match above the threshold.",
            "vi": "Không có trùng khớp danh sách trừng phạt vượt ngưỡng.",
            "zh": "没有超过阈值的制裁名单匹配。",
        },
        "review": {
            "en": "A possible sanctions match: a reviewer must compare the names before trading.",
            "vi": "Có thể trùng khớp danh sách trừng phạt: cần người rà soát so sánh tên trước khi giao dịch.",
            "zh": "可能存在制裁名单匹配：交易前须由审核人员比对名称。",
        },
    },
    "domain_state": {
        "not_given": {
            "en": "No domain was given: check the company's website before trading.",
            "vi": "Chưa cung cấp tên miền: hãy kiểm tra website của công ty trước khi giao dịch.",
            "zh": "未提供域名：交易前请确认该公司的网站。",
        },
        "none": {
            "en": "The domain given is not registered: verify the company through other channels.",
            "vi": "Tên miền được cung cấp chưa được đăng ký: hãy xác minh công ty qua kênh khác.",
            "zh": "所提供的域名未注册：请通过其他渠道核验该公司。",
        },
        "new": {
            "en": "The domain was registered recently: be careful, new domains are used in fraud.",
            "vi": "Tên miền mới được đăng ký: hãy thận trọng, tên miền mới thường bị dùng để lừa đảo.",
            "zh": "域名为近期注册：请谨慎，新域名常被用于欺诈。",
        },
        "stable": {
            "en": "The domain has been registered for a long time: a good sign.",
            "vi": "Tên miền đã được đăng ký từ lâu: một dấu hiệu tốt.",
            "zh": "域名已注册多年：这是一个好迹象。",
        },
        "expired": {
            "en": "The domain registration has expired: the company may no longer be active.",
            "vi": "Đăng ký tên miền đã hết hạn: công ty có thể không còn hoạt động.",
            "zh": "域名注册已过期：该公司可能已不再经营。",
        },
    },
    "transactions": {
        "none": {
            "en": "No shipments on record: no proof that this company imports.",
            "vi": "Không có lô hàng nào được ghi nhận: chưa có bằng chứng công ty này nhập khẩu.",
            "zh": "没有货运记录：无法证明该公司有进口业务。",
        },
        "low": {
            "en": "Few shipments on record: start with small orders.",
            "vi": "Ít lô hàng được ghi nhận: hãy bắt đầu với đơn hàng nhỏ.",
            "zh": "货运记录较少：建议从小额订单开始。",
        },
        "stable": {
            "en": "Regular shipments on record: a steady importer.",
            "vi": "Các lô hàng được ghi nhận đều đặn: nhà nhập khẩu ổn định.",
            "zh": "有稳定的货运记录：进口商经营稳定。",
        },
        "strong": {
            "en": "Many shipments on record: a strong, active importer.",
            "vi": "Nhiều lô hàng được ghi nhận: nhà nhập khẩu lớn và năng động.",
            "zh": "货运记录丰富：实力雄厚、活跃的进口商。",
        },
    },
}

STATUS_NAMES: dict[str, dict[str, str]] = {
    "do_not_trade": {"en": "Do not trade", "vi": "Không giao dịch", "zh": "请勿交易"},
    "needs_review": {"en": "Needs review", "vi": "Cần rà soát", "zh": "需要审核"},
    "partly_verified": {"en": "Partly verified", "vi": "Xác minh một phần", "zh": "部分核验"},
    "verified": {"en": "Verified", "vi": "Đã xác minh", "zh": "已核验"},
}

# One sentence per reason of the verdict (see verdict.py), filled from its params.
VERDICT_REASONS: dict[str, dict[str, str]] = {
    "check_failed": {
        "en": "The {check} check could not run ({reason}): run it again before relying on this result.",
        "vi": "Không thể chạy bước kiểm tra {check} ({reason}): hãy chạy lại trước khi dựa vào kết quả này.",
        "zh": "{check}检查未能完成（{reason}）：请重新运行后再依赖此结果。",
    },
    "demo_company": {
        "en": "This is a demo company: its data is generated for trying the product, not a real company's.",
        "vi": "Đây là công ty mẫu: dữ liệu được tạo ra để dùng thử sản phẩm, không phải của một công ty thật.",
        "zh": "这是演示公司：其数据为试用产品而生成，并非真实公司的数据。",
    },
    "registry_found": {
        "en": "Found in the company registry as {name} (LEI {id}).",
        "vi": "Có trong sổ đăng ký doanh nghiệp với tên {name} (LEI {id}).",
        "zh": "在公司登记册中找到：{name}（LEI {id}）。",
    },
    "registry_inactive": {
        "en": "The company registry lists {name} (LEI {id}) as {state}: confirm the company still operates.",
        "vi": "Sổ đăng ký doanh nghiệp ghi {name} (LEI {id}) ở trạng thái {state}: hãy xác nhận công ty còn hoạt động.",
        "zh": "公司登记册显示{name}（LEI {id}）状态为{state}：请确认该公司仍在经营。",
    },
    "place_found": {
        "en": "A business place was found on the map: {address}.",
        "vi": "Tìm thấy địa điểm kinh doanh trên bản đồ: {address}.",
        "zh": "在地图上找到营业地点：{address}。",
    },
    "record_only": {
        "en": "Only our stored record: no registry or map source confirmed the company.",
        "vi": "Chỉ có hồ sơ lưu sẵn của chúng tôi: không có nguồn đăng ký hay bản đồ nào xác nhận công ty.",
        "zh": "仅有本平台存储的记录：没有登记册或地图来源证实该公司。",
    },
    "trade_records": {
        "en": "{shipments} shipments on record; imports HS {hs_code} from {country}, last shipment {age} ago.",
        "vi": "{shipments} lô hàng được ghi nhận; nhập khẩu mã HS {hs_code} từ {country}, lô hàng gần nhất cách đây {age}.",
        "zh": "有{shipments}条货运记录；从{country}进口HS {hs_code}，最近一次发货在{age}前。",
    },
    "export_records": {
        "en": "Exports on record, no imports: ships HS {hs_code} to {country}, last shipment {age} ago.",
        "vi": "Có lô hàng xuất khẩu, không có lô nhập khẩu: xuất mã HS {hs_code} sang {country}, lô hàng gần nhất cách đây {age}.",
        "zh": "有出口记录，无进口记录：向{country}出口HS {hs_code}，最近一次发货在{age}前。",
    },
    "no_trade_records": {
        "en": "No shipments on record in the trade data: no proof that this company trades.",
        "vi": "Không có lô hàng nào trong dữ liệu thương mại: chưa có bằng chứng công ty này giao dịch.",
        "zh": "贸易数据中没有货运记录：无法证明该公司有贸易往来。",
    },
    "listed_match": {
        "en": "Matches {name} on {list} (score {score}, {programme}): do not trade before a compliance review.",
        "vi": "Trùng khớp với {name} trong {list} (điểm {score}, {programme}): không giao dịch trước khi rà soát tuân thủ.",
        "zh": "与{list}中的{name}匹配（得分{score}，{programme}）：完成合规审查前请勿交易。",
    },
    "possible_match": {
        "en": "Possible match with {name} on {list} (score {score}): a reviewer must compare the two before trading.",
        "vi": "Có thể trùng với {name} trong {list} (điểm {score}): cần người rà soát so sánh trước khi giao dịch.",
        "zh": "可能与{list}中的{name}匹配（得分{score}）：交易前须由审核人员比对两者。",
    },
    "list_outdated": {
        "en": "{list} is dated {date}, older than {days} days: recent listings may be missing.",
        "vi": "{list} có ngày {date}, cũ hơn {days} ngày: có thể thiếu các mục mới được niêm yết.",
        "zh": "{list}的日期为{date}，已超过{days}天：可能缺少近期列入的名单。",
    },
    "list_undated": {
        "en": "{list} carries no publication date: its age cannot be vouched for.",
        "vi": "{list} không có ngày công bố: không thể bảo đảm độ mới của danh sách.",
        "zh": "{list}没有发布日期：无法确认其时效。",
    },
    "lists_unnamed": {
        "en": "The screening did not record which lists it used or their dates: it cannot vouch for a clear result.",
        "vi": "Lần sàng lọc không ghi lại danh sách đã dùng và ngày của chúng: không thể bảo đảm kết quả không trùng khớp.",
        "zh": "本次筛查未记录所用名单及其日期：无法担保无匹配的结果。",
    },
    "screened_clear": {
        "en": "No sanctions match on {lists}.",
        "vi": "Không có trùng khớp trừng phạt trong {lists}.",
        "zh": "在{lists}中没有制裁匹配。",
    },
    "no_domain_given": {
        "en": "No domain was given, so the website was not checked.",
        "vi": "Không có tên miền được cung cấp nên website chưa được kiểm tra.",
        "zh": "未提供域名，因此未检查网站。",
    },
    "site_unreachable": {
        "en": "The website of {domain} did not answer.",
        "vi": "Website {domain} không phản hồi.",
        "zh": "{domain}的网站没有响应。",
    },
    "domain_expired": {
        "en": "The registration of {domain} has expired: the company may no longer be active.",
        "vi": "Đăng ký tên miền {domain} đã hết hạn: công ty có thể không còn hoạt động.",
        "zh": "{domain}的域名注册已过期：该公司可能已不再经营。",
    },
    "domain_unregistered": {
        "en": "{domain} is not a registered domain: confirm the company's website another way.",
        "vi": "{domain} không phải tên miền đã đăng ký: hãy xác nhận website của công ty bằng cách khác.",
        "zh": "{domain}不是已注册的域名：请通过其他方式确认公司网站。",
    },
    "domain_new": {
        "en": "{domain} was registered {age} ago: new domains are used in fraud, confirm it is the company's.",
        "vi": "{domain} mới được đăng ký cách đây {age}: tên miền mới thường bị dùng để lừa đảo, hãy xác nhận đó là của công ty.",
        "zh": "{domain}注册于{age}前：新域名常被用于欺诈，请确认其属于该公司。",
    },
    "domain_age": {
        "en": "{domain} has been registered for {age}.",
        "vi": "{domain} đã được đăng ký {age}.",
        "zh": "{domain}已注册{age}。",
    },
    "domain_unknown": {
        "en": "The registration of {domain} could not be read ({reason}).",
        "vi": "Không đọc được thông tin đăng ký của {domain} ({reason}).",
        "zh": "无法读取{domain}的注册信息（{reason}）。",
    },
}

# The email sent when a run is settled: its verdict, its reasons, and what it cost.
RESULT_MAIL: dict[str, dict[str, str]] = {
    "subject": {
        "en": "Verification of {company}: {status}",
        "vi": "Xác minh {company}: {status}",
        "zh": "{company}的核验结果：{status}",
    },
    "body": {
        "en": "The verification of {company} has finished.\n\nVerdict: {status}\n{reasons}\n\nCredits charged: {credits}\nThe full result with its evidence: {url}\n",
        "vi": "Việc xác minh {company} đã hoàn tất.\n\nKết luận: {status}\n{reasons}\n\nĐiểm đã trừ: {credits}\nKết quả đầy đủ kèm bằng chứng: {url}\n",
        "zh": "{company}的核验已完成。\n\n结论：{status}\n{reasons}\n\n扣除积分：{credits}\n完整结果及证据：{url}\n",
    },
}

# The confirmation of a report request, to the requester, in the interface language.
REPORT_MAIL: dict[str, dict[str, str]] = {
    "subject": {
        "en": "Report request received: {about}",
        "vi": "Đã nhận yêu cầu báo cáo: {about}",
        "zh": "已收到报告申请：{about}",
    },
    "body": {
        "en": "Dear {name},\n\nWe received your request for {reports} about {about}.\n"
        "Our staff will contact you; we reply within 24 hours.\n\nTradewise\n",
        "vi": "Kính gửi {name},\n\nChúng tôi đã nhận được yêu cầu {reports} về {about}.\n"
        "Nhân viên của chúng tôi sẽ liên hệ với bạn trong vòng 24 giờ.\n\nTradewise\n",
        "zh": "尊敬的{name}，您好：\n\n我们已收到您关于{about}的{reports}申请。\n"
        "我们的工作人员会与您联系，并在24小时内答复。\n\nTradewise\n",
    },
    "custom": {"en": "a custom report", "vi": "báo cáo theo yêu cầu", "zh": "定制报告"},
    "your_request": {
        "en": "the company in your message",
        "vi": "công ty trong tin nhắn của bạn",
        "zh": "您留言中的公司",
    },
}
# The report types of the request form (apps.verification.schemas.REPORT_TYPES), by language.
REPORT_TYPE_NAMES: dict[str, dict[str, str]] = {
    "Credit Score and Limit": {"vi": "Điểm và hạn mức tín dụng", "zh": "信用评分与额度"},
    "Financial Performance": {"vi": "Hiệu quả tài chính", "zh": "财务表现"},
    "Director & Shareholder Information": {
        "vi": "Thông tin giám đốc và cổ đông",
        "zh": "董事与股东信息",
    },
    "Company Ownership": {"vi": "Quyền sở hữu công ty", "zh": "公司所有权"},
    "Key Risk Indicators": {"vi": "Chỉ số rủi ro chính", "zh": "关键风险指标"},
    "Business Verification": {"vi": "Xác minh doanh nghiệp", "zh": "企业核验"},
    "Other": {"vi": "Khác", "zh": "其他"},
}

SCREENED_LIST: dict[str, str] = {
    "en": "{name} ({date}, {count} entries)",
    "vi": "{name} ({date}, {count} mục)",
    "zh": "{name}（{date}，{count}条）",
}
UNKNOWN_DATE: dict[str, str] = {"en": "undated", "vi": "không rõ ngày", "zh": "日期不详"}
LIST_SEPARATOR: dict[str, str] = {"en": "; ", "vi": "; ", "zh": "；"}

CHECK_NAMES: dict[str, dict[str, str]] = {
    "company_profile": {"en": "company profile", "vi": "hồ sơ công ty", "zh": "公司概况"},
    "trade_data": {"en": "trade data", "vi": "dữ liệu thương mại", "zh": "贸易数据"},
    "sanctions": {"en": "sanctions", "vi": "danh sách trừng phạt", "zh": "制裁名单"},
    "website": {"en": "website", "vi": "website", "zh": "网站"},
}

AGE_UNITS: dict[str, dict[str, str]] = {
    "years": {"en": "{n} years", "vi": "{n} năm", "zh": "{n}年"},
    "year": {"en": "1 year", "vi": "1 năm", "zh": "1年"},
    "months": {"en": "{n} months", "vi": "{n} tháng", "zh": "{n}个月"},
    "month": {"en": "1 month", "vi": "1 tháng", "zh": "1个月"},
    "under_a_month": {"en": "<1 month", "vi": "<1 tháng", "zh": "<1个月"},
}


def age_text(days: int, language: str) -> str:
    months = days * 12 // 365
    if months < 1:
        return in_language(AGE_UNITS["under_a_month"], language)
    if months < 12:
        return in_language(AGE_UNITS["month" if months == 1 else "months"], language).format(
            n=months
        )
    years = months // 12
    return in_language(AGE_UNITS["year" if years == 1 else "years"], language).format(n=years)


def reason_text(code: str, language: str, params: dict[str, Any]) -> str:
    values = dict(params)
    if "check" in values:
        values["check"] = in_language(CHECK_NAMES[values["check"]], language)
    if "lists" in values:
        values["lists"] = in_language(LIST_SEPARATOR, language).join(
            in_language(SCREENED_LIST, language).format(
                name=item.name,
                date=item.published_on or in_language(UNKNOWN_DATE, language),
                count=f"{item.entry_count:,}",
            )
            for item in values["lists"]
        )
    return in_language(VERDICT_REASONS[code], language).format(**values)


def result_mail(
    language: str, *, company: str, status: str, reasons: list[str], credits: int, url: str
) -> tuple[str, str]:
    """Subject and body of the email that reports a settled run."""
    name = in_language(STATUS_NAMES[status], language)
    lines = "\n".join(f"- {reason}" for reason in reasons)
    return (
        in_language(RESULT_MAIL["subject"], language).format(company=company, status=name),
        in_language(RESULT_MAIL["body"], language).format(
            company=company, status=name, reasons=lines, credits=credits, url=url
        ),
    )


def recommendation_texts(topic: str, value: str) -> dict[str, str]:
    return dict(RECOMMENDATIONS[topic][value])


def report_mail(
    language: str, *, name: str, report_types: list[str], company: str | None
) -> tuple[str, str]:
    """Subject and body of the confirmation of a report request: what was asked, about which
    company (the one the report is about; a custom request names none)."""
    about = company or in_language(REPORT_MAIL["your_request"], language)
    # A type's English name is the type itself.
    names = [
        in_language({"en": kind, **REPORT_TYPE_NAMES.get(kind, {})}, language)
        for kind in report_types
    ]
    reports = in_language(LIST_SEPARATOR, language).join(names) or in_language(
        REPORT_MAIL["custom"], language
    )
    return (
        in_language(REPORT_MAIL["subject"], language).format(about=about),
        in_language(REPORT_MAIL["body"], language).format(name=name, reports=reports, about=about),
    )
