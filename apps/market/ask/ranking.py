"""Ranking words ('biggest', 'top 5', 'lớn nhất', '最多'): the question asks for a ranking, and the
words are neither a company's name nor a product."""

from __future__ import annotations

import re

_EN = re.compile(
    r"\b(?:the\s+)?(?:biggest|largest|top(?:\s+\d+|\s+(?:three|five|ten))?|leading|main|major|"
    r"most important|most active|highest|best(?:-|\s)?selling|key|principal|busiest|"
    r"most)\b"
)
_VI = re.compile(
    r"\b(?:lon nhat|hang dau|nhieu nhat|cao nhat|chu yeu|chu luc|chinh|top(?:\s+\d+)?|"
    r"dung dau|manh nhat|quan trong nhat)\b"
)
_ZH = re.compile(
    r"(?:最多|最大|最高|最主要|主要|前\d+(?:名|大|位|家)?|前[一二三四五六七八九十]+(?:名|大|位|家)?|排名|头部|最活跃|龙头)"
)


def find_ranking(folded: str, lowered: str, language: str) -> list[tuple[int, int]]:
    """Spans of ranking words in the folded (Latin) or lower-case (Chinese) question."""
    spans = [match.span() for match in _ZH.finditer(lowered)]
    pattern = _VI if language == "vi" else _EN
    spans += [match.span() for match in pattern.finditer(folded)]
    if language == "vi":
        spans += [match.span() for match in _EN.finditer(folded) if match.group() != "most"]
    return sorted(spans)
