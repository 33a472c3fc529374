"""Small builders of trade data for the market tests."""

from __future__ import annotations

import math
from datetime import date
from decimal import Decimal
from itertools import count
from pathlib import Path
from typing import Any

import pytest

from apps.market import demo
from apps.market.imports import import_shipments
from apps.market.index.bounded import BoundedCursor
from apps.market.index.storage import current_snapshot
from apps.market.models import HSCode, Shipment, TradeParty
from apps.market.names import normalise_name

_records = count(1)


def party(name: str, country: str) -> TradeParty:
    found, _ = TradeParty.objects.get_or_create(
        normalized_name=normalise_name(name), country=country, defaults={"name": name}
    )
    return found


def hs(code: str) -> HSCode:
    found, _ = HSCode.objects.get_or_create(
        code=code, defaults={"level": len(code), "description_en": f"HS {code}"}
    )
    return found


def ship(
    when: date,
    code: str,
    description: str,
    exporter: TradeParty,
    importer: TradeParty,
    *,
    kg: str = "19200",
    usd: str = "130000",
    source: str = "test",
) -> Shipment:
    quantity, value = Decimal(kg), Decimal(usd)
    return Shipment.objects.create(
        date=when,
        hs_code=hs(code),
        product_description=description,
        exporter=exporter,
        importer=importer,
        exporter_country=exporter.country,
        importer_country=importer.country,
        quantity=quantity,
        quantity_unit="KGM",
        net_weight_kg=quantity,
        value_usd=value,
        unit_price_usd=value / quantity,
        source=source,
        source_record_id=str(next(_records)),
    )


def cashew_and_coffee_trade() -> dict[str, TradeParty]:
    """Five shipments: four in 2024 (three of cashew), one of cashew in December 2023."""
    parties = {
        "phuc_an": party("CÔNG TY TNHH NÔNG SẢN PHÚC AN", "VN"),
        "kerala": party("Kerala Cashew Exports Pvt Ltd", "IN"),
        "rotterdam": party("Dutch Nut Trading B.V.", "NL"),
        "new_jersey": party("Garden State Snacks Inc", "US"),
        "hamburg": party("Hanseatic Coffee GmbH", "DE"),
    }
    vn, nl, us = parties["phuc_an"], parties["rotterdam"], parties["new_jersey"]
    ship(date(2024, 3, 5), "080132", "CASHEW KERNELS WW320, 50LBS TIN", vn, nl)
    ship(date(2024, 3, 20), "080132", "Hạt điều nhân WW240 đóng thùng", vn, us, usd="150000")
    ship(
        date(2024, 7, 2),
        "080132",
        "CASHEW KERNELS W320 VACUUM BAGS",
        parties["kerala"],
        us,
        usd="120000",
    )
    ship(
        date(2024, 11, 30),
        "090111",
        "ROBUSTA COFFEE BEANS GRADE 1 S18",
        vn,
        parties["hamburg"],
        usd="96000",
    )
    ship(date(2023, 12, 1), "080132", "CASHEW KERNELS WW320 OLD CROP", vn, nl)
    return parties


def recorded_statements(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The SQL of each statement the trade index runs from now on, while `monkeypatch` lasts."""
    statements: list[str] = []
    execute = BoundedCursor.execute

    def recorded(cursor: BoundedCursor, sql: str, params: Any = ()) -> None:
        statements.append(sql)
        execute(cursor, sql, params)

    monkeypatch.setattr(BoundedCursor, "execute", recorded)
    return statements


def same_figures(a: Any, b: Any) -> bool:
    """Equal, floats within the last digits (sums in another order)."""
    if isinstance(a, float) and isinstance(b, float):
        return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_figures(a[k], b[k]) for k in a)
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return len(a) == len(b) and all(same_figures(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b) and type(a) is type(b)


def demo_snapshot(directory: Path, shipments: int) -> Path:
    """The snapshot of `shipments` demo shipments (2023 to 2025), loaded as an import loads
    them from a file written in `directory`."""
    source = directory / "shipments.csv"
    demo.write_csv(source, shipments)
    import_shipments(source)
    path = current_snapshot()
    assert path is not None
    return path
