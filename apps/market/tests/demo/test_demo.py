"""The demo shipment generator: deterministic, well-formed and realistic (no database needed)."""

from __future__ import annotations

import csv
import gzip
import re
from collections import Counter
from datetime import date
from pathlib import Path

import pytest

from apps.market import demo
from apps.market.demo.tables.products import PRODUCT_VARIANTS

COUNT = 20_000
ALLOWED_HS = {v.hs_code for variants in PRODUCT_VARIANTS.values() for v in variants}
# Subheadings checked by hand against the HS 2022 nomenclature.
HS_2022 = {
    "080131", "080132", "090111", "090121", "090411", "090412", "100630", "100640", "400110",
    "400122", "400129", "090220", "090230", "090240", "071410", "110814", "081060", "081090",
    "080390", "080450", "200819", "070960", "070999", "071090", "030617", "030462", "030743",
    "440711", "440799", "440122", "440131", "940360",
}  # fmt: skip


@pytest.fixture(scope="module")
def rows() -> list[tuple[str, ...]]:
    return list(demo.generate_rows(COUNT))


def test_same_seed_same_rows_and_shorter_runs_are_prefixes(rows: list[tuple[str, ...]]) -> None:
    assert list(demo.generate_rows(COUNT)) == rows
    assert list(demo.generate_rows(1_000)) == rows[:1_000]
    assert list(demo.generate_rows(0)) == []
    assert list(demo.generate_rows(50, seed=7)) != rows[:50]


def test_prefix_holds_across_blocks() -> None:
    long = list(demo.generate_rows(demo.BLOCK_SIZE + 500))
    shorter = demo.BLOCK_SIZE + 100
    assert list(demo.generate_rows(shorter)) == long[:shorter]
    assert long[demo.BLOCK_SIZE][-1] == f"demo-{demo.BLOCK_SIZE + 1:09d}"


def test_header_and_row_shape(rows: list[tuple[str, ...]]) -> None:
    assert demo.CSV_HEADER[0] == "date"
    assert demo.CSV_HEADER[-2:] == ("source", "source_record_id")
    assert len(demo.CSV_HEADER) == 16
    assert all(len(row) == 16 and all(isinstance(v, str) for v in row) for row in rows)
    ids = [row[15] for row in rows]
    assert ids[0] == "demo-000000001"
    assert len(set(ids)) == COUNT
    assert {row[14] for row in rows} == {"demo"}


def test_field_formats(rows: list[tuple[str, ...]]) -> None:
    iso2 = re.compile(r"^[A-Z]{2}$")
    for row in rows:
        day = date.fromisoformat(row[0])
        assert date(2023, 1, 1) <= day <= date(2025, 12, 31)
        assert row[1] in ALLOWED_HS
        assert iso2.match(row[4])
        assert iso2.match(row[6])
        assert row[4] != row[6]
        assert row[2]
        assert row[3]
        assert row[5]
        assert row[11]
        assert row[12]
        assert row[8] in {"KGM", "TNE", "MTQ", "PCE"}
        assert row[13] in {"SEA", "AIR", "ROAD", "RAIL"}
        assert float(row[7]) > 0
        assert float(row[9]) > 0
        assert float(row[10]) > 0
        assert re.match(r"^\d+\.\d\d$", row[10])


def test_hs_codes_are_hs_2022_subheadings() -> None:
    assert ALLOWED_HS <= HS_2022
    assert all(len(hs) == 6 and hs.isdigit() for hs in ALLOWED_HS)


def test_quantity_weight_and_value_are_consistent(rows: list[tuple[str, ...]]) -> None:
    for row in rows:
        quantity, unit, kg, value = float(row[7]), row[8], float(row[9]), float(row[10])
        if unit == "KGM":
            assert quantity == kg
        elif unit == "TNE":
            assert quantity == pytest.approx(kg / 1000, abs=0.001)
        else:
            assert 100 < kg / quantity < 1000 if unit == "MTQ" else 1 <= kg / quantity <= 50
        assert 0.1 < value / kg < 15, row
        # Whole kilograms; the value in dollars rounded to cents.
        assert re.fullmatch(r"[1-9][0-9]*", row[9]), row
        assert re.fullmatch(r"[1-9][0-9]*\.[0-9]{2}", row[10]), row


def test_date_range_and_seed_are_respected() -> None:
    rows = list(demo.generate_rows(2_000, seed=1, start=date(2024, 3, 1), end=date(2024, 5, 31)))
    assert {row[0][:7] for row in rows} == {"2024-03", "2024-04", "2024-05"}
    with pytest.raises(ValueError, match="end must not be before start"):
        list(demo.generate_rows(1, start=date(2025, 1, 1), end=date(2024, 1, 1)))


def test_vietnam_exports_most_rows_and_competitors_appear(rows: list[tuple[str, ...]]) -> None:
    exporters = Counter(row[4] for row in rows)
    assert exporters["VN"] > COUNT / 2
    assert {"BR", "IN", "ID", "TH", "CI"} <= set(exporters)
    coffee_to = Counter(row[6] for row in rows if row[1] == "090111" and row[4] == "VN")
    assert coffee_to.most_common(1)[0][0] == "DE"
    raw_cashew_to = Counter(row[6] for row in rows if row[1] == "080131")
    assert raw_cashew_to.most_common(1)[0][0] == "VN"


def test_coffee_peaks_in_the_harvest_months(rows: list[tuple[str, ...]]) -> None:
    months = Counter(int(row[0][5:7]) for row in rows if row[1] == "090111" and row[4] == "VN")
    peak = sum(months[m] for m in (12, 1, 2, 3, 4))
    off = sum(months[m] for m in (5, 6, 7, 8, 9))
    assert peak > 2 * off


def test_unit_prices_are_plausible(rows: list[tuple[str, ...]]) -> None:
    def prices(hs: str, exporter: str = "VN") -> list[float]:
        return [float(r[10]) / float(r[9]) for r in rows if r[1] == hs and r[4] == exporter]

    cashew = prices("080132")
    assert cashew
    assert all(3.5 <= p <= 10.5 for p in cashew)
    rice = prices("100630")
    assert rice
    assert all(0.35 <= p <= 0.9 for p in rice)
    rubber = prices("400122")
    assert rubber
    assert all(1.2 <= p <= 2.2 for p in rubber)

    def median_coffee(year: str) -> float:
        values = sorted(
            float(r[10]) / float(r[9])
            for r in rows
            if r[1] == "090111" and r[4] == "VN" and r[0].startswith(year)
        )
        return values[len(values) // 2]

    assert 2.0 < median_coffee("2023") < median_coffee("2024") < median_coffee("2025") < 5.5


def test_container_loads_are_plausible(rows: list[tuple[str, ...]]) -> None:
    cashew = [float(r[9]) for r in rows if r[1] == "080132" and r[13] == "SEA"]
    assert all(5_000 <= kg <= 160_000 for kg in cashew)
    assert Counter(cashew).most_common(1)[0][0] == 15_876  # 700 cartons of 50 lb


def test_company_spellings_and_domains(rows: list[tuple[str, ...]]) -> None:
    names = Counter(row[3] for row in rows if row[4] == "VN")
    both = [
        company
        for company in demo.demo_companies()
        if company.country == "VN"
        and names[company.spellings[0]]
        and names[demo.strip_diacritics(company.spellings[0])]
    ]
    assert len(both) > 20
    assert any(company.spellings[0] != company.spellings[1] for company in both)
    assert 200 <= len({c.key for c in demo.demo_companies() if c.country == "VN"}) <= 600
    assert len([c for c in demo.demo_companies() if c.country not in {"VN"}]) >= 2_000
    for company in demo.demo_companies():
        assert company.website.startswith("https://www.")
        assert company.website.endswith(".example")
        assert company.email.split("@")[1].endswith(".example")


def test_descriptions_vary_in_language_and_detail(rows: list[tuple[str, ...]]) -> None:
    descriptions = [row[2] for row in rows]
    assert len(set(descriptions)) > COUNT / 4
    vietnamese = [
        d for d in descriptions if re.search("[ạảấầẩẫậắằẳẵặđếềểễệịọỏốồổỗộớờởỡợụủứừửữự]", d)
    ]
    chinese = [d for d in descriptions if re.search("[\u4e00-\u9fff]", d)]
    assert 0.05 * COUNT < len(vietnamese) < 0.3 * COUNT
    assert 0.01 * COUNT < len(chinese) < 0.15 * COUNT
    assert any("WW320" in d and "ORIGIN" in d for d in descriptions)
    assert any(d.startswith("Hạt điều nhân") for d in descriptions)
    assert any("CROP 20" in d for d in descriptions)


def test_transport_modes_and_ports(rows: list[tuple[str, ...]]) -> None:
    modes = Counter(row[13] for row in rows)
    assert modes["SEA"] > 0.8 * COUNT
    assert all(row[6] in {"CN", "LA", "KH"} for row in rows if row[13] in {"ROAD", "RAIL"})
    assert all(row[1][:2] in {"08", "07", "03"} for row in rows if row[13] == "AIR")
    loading = Counter(row[11] for row in rows if row[4] == "VN" and row[13] == "SEA")
    assert loading.most_common(1)[0][0] == "Cat Lai (Ho Chi Minh City)"


@pytest.mark.parametrize("name", ["demo.csv", "demo.csv.gz"])
def test_write_csv_round_trips(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    assert demo.write_csv(path, 2_500, seed=3) == 2_500
    opener = gzip.open if name.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8", newline="") as handle:
        read = list(csv.reader(handle))
    assert tuple(read[0]) == demo.CSV_HEADER
    assert [tuple(row) for row in read[1:]] == list(demo.generate_rows(2_500, seed=3))
    if name.endswith(".gz"):
        with path.open("rb") as raw:
            assert raw.read(2) == b"\x1f\x8b"
