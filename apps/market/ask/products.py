"""The products a question names, as the search needs them: the HS codes of the product lexicon
(`apps.market.lexicon`) at the most specific level the words support, the words no code
carries (a variety, a qualifier) as a text filter, and where the question names them.

The lexicon reads the question with its parties and codes already blanked, and without the
words that give the question its shape (directions, periods, trade verbs), which name no
goods."""

from __future__ import annotations

import re
from dataclasses import dataclass

from apps.market.ask.compare import Goods
from apps.market.ask.text import QuestionText
from apps.market.lexicon import match_products


@dataclass(frozen=True)
class ProductReading:
    name: str  # as the question writes it
    hs_codes: tuple[str, ...]
    details: str  # product_details: words no HS code carries ('' when the codes say it all)
    span: tuple[int, int]  # the first product's words
    spans: tuple[tuple[int, int], ...] = ()  # every product's words
    parts: tuple[Goods, ...] = ()  # every product on its own, in the order of `spans`


# Words of the question's shape, on the folded question (Latin) or as written (Chinese).
_SHAPE = {
    "en": re.compile(
        r"\b(?:exports?|exported|exporting|imports?|imported|importing|shipments?|shipped|"
        r"sold|sales|to|from|into|in|of|the|for|by|and|or|since|between|during|last|this|"
        r"year|month|quarter|first|second|half|q[1-4]|h[12]|\d{1,4}|how much|how many|what|"
        r"which|who|did|does|do|buyers?|importers?|exporters?|suppliers?|top|biggest|largest|"
        r"under|hs|code|please|ytd|hello|hi|hey|thanks|thank|you|me|my|we|our|us|tell|show|"
        r"give|about|that|this|these|those|is|are|was|were|a|an|up|what's|whats|how's|can|"
        r"could|would|will|get|got|going|any|some|all|there|here|it)\b"
    ),
    "vi": re.compile(
        r"\b(?:xuat khau|nhap khau|xuat|nhap|sang|tu|den|toi|vao|cho|cua|tai|o|nam|thang|quy|"
        r"nay|ngoai|truoc|qua|gan day|dau|cuoi|lo hang|cac|nhung|bao nhieu|thi truong|nuoc|"
        r"viet nam|mua|ban|ai|gi|nha xuat khau|nha nhap khau|nguoi mua|hang|ma hs|ma so|"
        r"xin chao|chao|xin|ban oi|toi|chung toi|the nao|lam sao|lam the nao|de|mot|"
        r"ngay mai|hom nay|khong|co|duoc|la|va|voi|nay|do|ke|hay|nhe|a|oi|nao|\d{1,4})\b"
    ),
    # Vietnamese as written: without its accents 'còn' (still) would also blank 'cồn' (ethanol).
    "vi_accented": re.compile(
        r"(?<!\w)(?:xuất khẩu|nhập khẩu|xuất|nhập|sang|từ|đến|tới|vào|cho|của|tại|ở|năm|tháng|"
        r"quý|nay|ngoái|trước|qua|gần đây|đầu|cuối|lô hàng|các|những|bao nhiêu|thị trường|"
        r"nước|việt nam|mua|bán|ai|gì|nhà xuất khẩu|nhà nhập khẩu|người mua|hàng|mã hs|mã số|"
        r"xin chào|chào|xin|bạn|ơi|tôi|chúng tôi|thế nào|làm sao|làm thế nào|để|một|ngày mai|"
        r"hôm nay|không|có|được|là|và|với|này|đó|kể|hay|nhé|à|nào|còn|thì|sao|vậy|đâu|"
        r"\d{1,4})(?!\w)"
    ),
    "zh": re.compile(
        r"出口商|进口商|出口|进口|运往|销往|到|从|自|的|年|月|季度|多少|货物|以来|至今|上半年|"
        r"下半年|今年|去年|前年|最近|过去|个|第|你好|请问|请|我们|我|你|吗|呢|什么|怎么|怎样|"
        r"哪些|哪个|一个|这个|那个|是|有|和|与|及|\d+"
    ),
}


def _question_goods_text(text: QuestionText, language: str) -> str:
    """The question as written, with what has been read and the shape words blanked."""
    chars = [
        char if low != " " or char.isspace() else " "
        for char, low in zip(text.original, text.low, strict=True)
    ]
    subject, shape = (
        (text.low, _SHAPE[language]) if language == "zh" else (text.fold, _SHAPE[language])
    )
    if language == "vi" and text.accented:
        subject, shape = text.low, _SHAPE["vi_accented"]
    for match in shape.finditer(subject):
        for index in range(match.start(), match.end()):
            chars[index] = " "
    if language != "zh":
        for match in _SHAPE["zh"].finditer(text.low):  # Chinese words in another language
            if re.search(r"[\u3400-\u9fff]", match.group()):
                for index in range(match.start(), match.end()):
                    chars[index] = " "
    return "".join(chars)


def find_product_reading(text: QuestionText, language: str) -> ProductReading | None:
    goods = _question_goods_text(text, language)
    if not goods.strip():
        return None
    matches = match_products(goods, language)
    if not matches:
        return None
    codes: list[str] = []
    qualifiers: list[str] = []
    for match in matches:
        codes.extend(code for code in match.hs_codes or (match.hs_code,) if code not in codes)
        qualifiers.extend(q for q in match.qualifiers if q not in qualifiers)
    spans = tuple((match.start, match.end) for match in matches)
    parts = tuple(
        Goods(
            text.original[match.start : match.end].strip(),
            tuple(match.hs_codes or (match.hs_code,)),
            " ".join(match.qualifiers),
        )
        for match in matches
    )
    name = " + ".join(part.name for part in parts)
    return ProductReading(name, tuple(codes), " ".join(qualifiers), spans[0], spans, parts)


def inside_product_name(text: QuestionText, language: str, start: int, end: int) -> bool:
    """Whether the name at start..end (a country's) is part of a longer product name around it
    ('mỹ phẩm', cosmetics, is not 'Mỹ'): the lexicon reads the few words around it."""
    goods = _question_goods_text(text, language)
    left, right = max(0, start - 16), min(len(goods), end + 16)
    window = goods[left:right]
    if not window[: start - left].strip() and not window[end - left :].strip():
        return False
    for match in match_products(window, language):
        covers = match.start + left <= start and end <= match.end + left
        # One run of words: nothing read or blanked between them.
        contiguous = "  " not in window[match.start : match.end]
        if covers and contiguous and match.end - match.start > end - start:
            return True
    return False
