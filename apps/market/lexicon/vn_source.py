"""The Vietnamese national nomenclature (AHTN, 8 digits) as the lexicon ships it.

`write_lines(source, target)` turns the national nomenclature file (`seq,level,hs_code,
description_vi,description_en`, see `apps.market.hs`) into `data/vn_lines.tsv.gz`: one line per
coded row, with the 6-digit code it belongs to, its kind (4 = heading, 6 = subheading,
8 = national line) and its Vietnamese and English texts without dashes and note marks, each
joined with the uncoded grouping lines above it ('Ngựa: Loại thuần chủng'). Run it again when
a new edition of the nomenclature comes out:

    python -m apps.market.lexicon.vn_source SOURCE.csv.gz
"""

from __future__ import annotations

import csv
import gzip
import re
import sys
from pathlib import Path

TARGET = Path(__file__).with_name("data") / "vn_lines.tsv.gz"


def _clean(text: str) -> str:
    text = text.replace("(SEN)", "").strip()
    text = re.sub(r"^(?:-\s*)+", "", text)
    return " ".join(text.rstrip(":").replace("\t", " ").split())


def lines(rows: list[dict[str, str]]) -> list[tuple[str, str, str, str]]:
    """(6- or 4-digit code, kind, Vietnamese text, English text) per coded row."""
    out: list[tuple[str, str, str, str]] = []
    groups: dict[int, tuple[str, str]] = {}  # uncoded grouping lines above, by depth
    six_digit = {re.sub(r"\D", "", row["hs_code"]) for row in rows}
    for row in rows:
        level = int(row.get("level") or 0)
        code = re.sub(r"\D", "", row.get("hs_code") or "")
        vi, en = _clean(row.get("description_vi", "")), _clean(row.get("description_en", ""))
        for deeper in [key for key in groups if key >= level]:
            del groups[deeper]
        if not code:
            groups[level] = (vi, en)
            continue
        above = [groups[key] for key in sorted(groups) if key < level]
        vi_full = ": ".join([*(g[0] for g in above), vi])
        en_full = ": ".join([*(g[1] for g in above), en])
        if len(code) == 4:
            out.append((code, "4", vi, en))
        elif len(code) == 6:
            out.append((code, "6", vi_full, en_full))
        elif len(code) == 8:
            own_six = code.endswith("00") and code[:6] not in six_digit
            out.append((code[:6], "6" if own_six else "8", vi_full, en_full))
    return out


def write_lines(source: Path, target: Path = TARGET) -> int:
    opener = gzip.open if source.suffix == ".gz" else open
    with opener(source, "rt", encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    result = lines(rows)
    with gzip.open(target, "wt", encoding="utf-8", newline="") as out:
        writer = csv.writer(out, delimiter="\t", lineterminator="\n")
        writer.writerows(result)
    return len(result)


if __name__ == "__main__":
    print(write_lines(Path(sys.argv[1])), "lines")
