"""The product filter of the search form: several words in any order, sizes ignored, a
product named in one language finds goods described in the others, for any product of the
nomenclature."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest

from apps.market import index
from apps.market.filters import ShipmentFilters
from apps.market.lexicon.search import analyse, product_query
from apps.market.tests.factories import party, ship

pytestmark = pytest.mark.django_db

GOODS = {
    "090111": [
        "ROBUSTA GREEN COFFEE BEANS GRADE 1 SCREEN 18",
        "Cà phê Robusta nhân xô loại 1",
        "越南罗布斯塔生咖啡豆",
    ],
    "090121": ["ROASTED COFFEE BEANS 500G BAGS"],
    "090230": ["OOLONG TEA IN 250G PACKS"],
    "090220": ["VIETNAM GREEN TEA CHUN MEE", "Chè xanh Thái Nguyên loại 1", "越南绿茶"],
    "090240": ["BLACK TEA OP", "Chè đen OP", "越南红茶"],
    "080390": ["FRESH CAVENDISH BANANAS 13KG CARTONS", "Chuối tươi Cavendish", "越南香蕉"],
    "080131": ["RCN IN SHELL OUTTURN 47 LBS"],
    "080132": ["CASHEW KERNELS WW320"],
    "081070": ["Quả hồng tươi Đà Lạt"],
    "090961": ["Hoa hồi khô loại 1", "DRIED STAR ANISE"],
    "200989": ["COCONUT WATER 330ML CANS"],
    "100630": ["Gạo hữu cơ ST25"],
    "190531": ["Bánh quy Hữu Nghị"],
}


@pytest.fixture(autouse=True)
def goods(settings: Any, tmp_path: Path) -> None:
    settings.TRADE_INDEX_DIR = tmp_path / "trade-index"
    seller, buyer = party("Seller Co", "VN"), party("Buyer GmbH", "DE")
    for code, descriptions in GOODS.items():
        for description in descriptions:
            ship(date(2024, 5, 1), code, description, seller, buyer)
    index.build_snapshot()


def found(text: str) -> set[str]:
    filters = ShipmentFilters(
        start_date=date(2024, 1, 1), end_date=date(2024, 12, 31), product_details=text
    )
    rows = index.trade_index().page(filters, offset=0, limit=100)
    return {row["product_description"] for row in rows}


def test_several_words_in_any_order_with_sizes_ignored() -> None:
    assert found("raw coffee beans unroasted") == set(GOODS["090111"])
    assert found("oolong tea leaves 100g") == set(GOODS["090230"])
    assert found("coconut water 500ml") == set(GOODS["200989"])
    assert found("bananas cavendish 25kg") == {
        "FRESH CAVENDISH BANANAS 13KG CARTONS",
        "Chuối tươi Cavendish",
    }


def test_green_tea_is_not_black_tea() -> None:
    assert found("green tea") == set(GOODS["090220"])
    assert found("black tea") == set(GOODS["090240"])
    assert found("tea") == set(GOODS["090220"] + GOODS["090240"] + GOODS["090230"])


@pytest.mark.parametrize("text", ["banana", "chuối", "香蕉"])
def test_a_product_in_one_language_finds_goods_described_in_the_others(text: str) -> None:
    assert found(text) == set(GOODS["080390"])


def test_cashew_finds_raw_cashew_nuts_described_rcn() -> None:
    assert found("cashew") == set(GOODS["080131"] + GOODS["080132"])


def test_a_qualifier_its_code_settles_asks_for_no_words() -> None:
    """090111 is coffee, not roasted: green coffee whatever its description says; 0712 holds
    dried vegetables alone. 090411 holds black and white pepper: their colour still counts."""
    seller, buyer = party("Seller Co", "VN"), party("Buyer GmbH", "DE")
    ship(date(2024, 5, 1), "090111", "ARABICA COFFEE BEANS S16", seller, buyer)
    ship(date(2024, 5, 1), "071220", "ONION FLAKES 20KG", seller, buyer)
    for description in ("BLACK PEPPER 500 G/L", "WHITE PEPPER 630 G/L"):
        ship(date(2024, 5, 1), "090411", description, seller, buyer)
    index.build_snapshot()
    green = {*GOODS["090111"], "ARABICA COFFEE BEANS S16"}
    for text in ("green coffee", "cà phê nhân", "生咖啡豆"):
        assert found(text) == green, text
    assert found("dried onion") == {"ONION FLAKES 20KG"}
    assert found("black pepper") == {"BLACK PEPPER 500 G/L"}
    assert found("tiêu trắng") == {"WHITE PEPPER 630 G/L"}


def test_cashew_finds_its_roasted_goods_filed_among_other_nuts() -> None:
    """200819 holds prepared nuts of every kind: there 'cashew' needs a name of cashew."""
    seller, buyer = party("Seller Co", "VN"), party("Buyer GmbH", "DE")
    roasted = {"ROASTED SALTED CASHEW NUTS W240", "Hạt điều rang muối"}
    for description in (*roasted, "ROASTED MACADAMIA NUTS"):
        ship(date(2024, 5, 1), "200819", description, seller, buyer)
    index.build_snapshot()
    cashew = set(GOODS["080131"] + GOODS["080132"])
    for text in ("cashew", "hạt điều", "hat dieu", "腰果"):
        assert found(text) == cashew | roasted, text
    assert found("cashew kernels") == set(GOODS["080132"])
    assert found("raw cashew") == set(GOODS["080131"])


def test_a_product_nobody_listed_finds_its_goods_through_the_nomenclature() -> None:
    # 'Persimmons' / 'Quả hồng' side by side in the national nomenclature.
    assert found("persimmons") == set(GOODS["081070"])
    assert found("star anise") == set(GOODS["090961"])


def test_a_variety_keeps_to_its_goods_and_a_grade_asks_for_nothing() -> None:
    assert found("robusta coffee") == set(GOODS["090111"])
    assert found("cashew kernels ww320") == set(GOODS["080132"])
    assert found("cashew ww320") == set(GOODS["080131"] + GOODS["080132"])


def test_a_text_naming_no_product_asks_for_every_word() -> None:
    # 'Hữu Nghị' is a brand of biscuits, no goods of the nomenclature.
    assert found("hữu nghị") == set(GOODS["190531"])


def test_the_index_keeps_stems_and_chinese_words() -> None:
    extra = analyse("FRESH CAVENDISH BANANAS 越南香蕉")
    assert "banana" in extra
    assert "香蕉" in extra


def test_a_product_alone_in_its_codes_is_its_codes() -> None:
    query = product_query("persimmons")
    assert query.groups == ()
    assert query.hs_codes == (("081070",),)


@pytest.mark.parametrize(
    "names",
    [
        ("squid", "mực", "muc", "鱿鱼"),
        ("shrimp", "tôm", "tom", "虾"),
        ("pangasius", "cá tra", "ca tra", "巴沙鱼"),
        ("banana", "chuối", "chuoi", "香蕉"),
        ("plantain", "chuối lá", "chuoi la", "大蕉"),
        ("cassava chips", "sắn lát", "san lat", "木薯干"),
        ("wooden furniture", "đồ gỗ", "do go", "木制家具"),
        ("avocado", "quả bơ", "qua bo", "牛油果"),
        ("instant noodles", "mì ăn liền", "mi an lien", "方便面"),
        ("macadamia", "mắc ca", "mac ca", "夏威夷果"),
        ("peanuts", "lạc nhân", "lac nhan", "花生仁"),
        ("coconut oil", "dầu dừa", "dau dua", "椰子油"),
    ],
)
def test_a_product_makes_one_filter_in_every_language(names: tuple[str, ...]) -> None:
    queries = {name: product_query(name) for name in names}
    assert len(set(queries.values())) == 1, queries
    assert queries[names[0]]


def test_a_name_inside_a_longer_one_is_not_the_product() -> None:
    # 'tôm' (shrimp) is a syllable of 'tôm hùm' (lobster): no prepared shrimps for lobsters.
    lobster = product_query("tôm hùm")
    assert lobster == product_query("lobster") == product_query("龙虾")
    assert not set(lobster.hs_codes[0]) & set(product_query("tôm").hs_codes[0])
    assert lobster.prepared == ()


def test_raw_goods_before_their_preparations() -> None:
    assert product_query("squid").hs_codes == (("030742", "030743", "030749"),)
    assert product_query("canned squid").hs_codes == (("160554",),)
    assert product_query("canned tuna").hs_codes == (("160414",),)


def test_seats_are_not_other_wooden_furniture() -> None:
    line = "Wooden dining chairs rubberwood, KD packed, 2 pcs/carton"
    assert product_query(line).hs_codes == (("940161", "940169"),)
    assert product_query("Wooden dining tables, KD packed").hs_codes == (("940360",),)


def test_a_variety_beside_other_goods_asks_for_that_variety_of_them() -> None:
    # 'robusta' is a coffee: 'cashew robusta' asks for cashews described as robusta.
    assert found("cashew robusta") == set()
    assert found("robusta") == set(GOODS["090111"])


def test_prepare_loads_the_lexicon_and_the_chinese_words_before_a_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What the web process runs before it serves: afterwards a product search finds both
    loaded, whatever loaded them before."""
    import jieba

    from apps.market.lexicon import prepare, reset_lexicon
    from apps.market.lexicon.index import lexicon

    reset_lexicon()
    monkeypatch.setattr(jieba.dt, "initialized", False)

    prepare()

    assert lexicon.cache_info().currsize == 1
    assert jieba.dt.initialized
