"""A product finds the same goods whatever the language of its name: English, Vietnamese with
or without accents, Chinese, a compound Chinese name or a whole invoice line; the states that
tell goods apart are kept; packing words add no goods."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from apps.market import demo, index
from apps.market.filters import ShipmentFilters
from apps.market.imports import import_shipments
from apps.market.lexicon.concept import product_concept

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def shipments(settings: Any, tmp_path: Path) -> None:
    settings.TRADE_INDEX_DIR = tmp_path / "trade-index"
    path = tmp_path / "demo.csv.gz"
    demo.write_csv(path, 20_000)
    import_shipments(path)
    index.build_snapshot()


def count(text: str, *codes: str) -> int:
    trade = index.trade_index()
    facts = trade.facts()
    filters = ShipmentFilters(
        start_date=facts["first_date"],
        end_date=facts["last_date"],
        product_details=text,
        hs_codes=codes,
    )
    return trade.count(filters)


@pytest.mark.parametrize(
    "names",
    [
        ("pepper", "hồ tiêu", "hạt tiêu", "ho tieu", "胡椒"),
        ("pangasius", "cá tra", "ca tra", "巴沙鱼"),
        ("dried mango", "xoài sấy", "xoai say", "芒果干"),
        ("dragon fruit", "thanh long", "火龙果"),
        ("cashew", "hạt điều", "hat dieu", "腰果"),
        ("black tea", "chè đen", "che den", "红茶"),
    ],
)
def test_a_product_finds_the_same_shipments_in_every_language(names: tuple[str, ...]) -> None:
    counts = {name: count(name) for name in names}
    assert len(set(counts.values())) == 1, counts
    assert counts[names[0]] > 0


def test_an_invoice_line_finds_its_product() -> None:
    line = "Vietnam Robusta coffee beans Grade 1 Scr 18, wet polished, new crop"
    assert count(line) == count(line, "090111") > 0
    concept = product_concept(line)
    assert concept is not None
    assert concept.codes == ("090111",)


def test_a_compound_chinese_name_finds_its_parts_goods() -> None:
    assert count("冻虾仁") == count("冻虾") == count("frozen shrimp") > 0
    assert count("黑胡椒粒") == count("黑胡椒") > 0
    assert count("红心火龙果") == count("火龙果") > 0


def test_dried_mango_is_not_fresh_mango() -> None:
    dried, fresh = count("dried mango"), count("mango")
    assert 0 < dried < fresh
    assert count("dried mango", "080450") == dried
    assert count("fresh mango") == fresh


@pytest.mark.parametrize(
    "line",
    [
        "Soft dried mango slices, no sugar added, 500g vacuum packed bags",
        "Ground black pepper powder 60 mesh, 25kg kraft paper bags",
        "Cashew kernels WW320, vacuum packed in tins, 2 tins/carton",
    ],
)
def test_packing_words_add_no_hs_codes(line: str) -> None:
    concept = product_concept(line)
    assert concept is not None
    assert {code[:2] for code in concept.codes} <= {"08", "09"}
