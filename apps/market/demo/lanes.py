"""Where shipments go and how: importer countries per product and exporter, and the transport
mode with its loading and discharge places per lane."""

from __future__ import annotations

from apps.market.demo.sampling import weighted_table, zipf_weights
from apps.market.demo.tables.places import (
    AIR_SHARE,
    CN_RAIL,
    CN_ROAD,
    COUNTRIES,
    LAND_NEIGHBOURS_VN,
    MODES_TO_CHINA,
    VN_AIR,
    VN_RAIL,
    VN_ROAD,
    VN_SEA_PORTS,
)
from apps.market.demo.tables.trade import COMPETITOR_PARTNERS, VN_PARTNERS

# (mode, loading places, discharge places)
Route = tuple[str, list[str], list[str]]


def importer_weights(product: str, exporter: str) -> dict[str, float]:
    """The share of each importing country in the exporter's trade of `product`."""
    if exporter != "VN":
        return dict(COMPETITOR_PARTNERS[(product, exporter)])
    partners, tail, markets = VN_PARTNERS[product]
    named_total = sum(partners.values())
    weights = {c: s / named_total * (1 - tail) for c, s in partners.items()}
    tail_weights = zipf_weights(len(markets), 0.8)
    tail_total = sum(tail_weights)
    for country, w in zip(markets, tail_weights, strict=True):
        weights[country] = weights.get(country, 0.0) + tail * w / tail_total
    return weights


def route_table(product: str, exporter: str, importer: str) -> list[Route]:
    """(mode, loading ports, discharge ports) lookup table for one lane."""
    imp = COUNTRIES[importer]
    sea_dest = list(imp[1]) or [imp[0].title()]
    air_dest = [imp[2] or imp[0].title()]
    if exporter == "VN":
        sea_src = weighted_table(
            list(VN_SEA_PORTS[product]), list(VN_SEA_PORTS[product].values()), 6
        )
        air_src = list(VN_AIR)
    else:
        sea_src = list(COUNTRIES[exporter][1])
        air_src = [COUNTRIES[exporter][2]]
    sea_dest_t = weighted_table(sea_dest, zipf_weights(len(sea_dest), 0.9), 6)
    weights = [100, 0, 0, 0]
    entries: list[Route] = [
        ("SEA", sea_src, sea_dest_t),
        ("AIR", air_src, air_dest),
        ("ROAD", sea_src, sea_dest_t),
        ("RAIL", sea_src, sea_dest_t),
    ]
    if exporter == "VN":
        air = AIR_SHARE.get(product, 0)
        weights = [100 - air, air, 0, 0]
        if importer == "CN" and product in MODES_TO_CHINA:
            weights = list(MODES_TO_CHINA[product])
            entries[2] = ("ROAD", list(VN_ROAD), list(CN_ROAD))
            entries[3] = ("RAIL", list(VN_RAIL), list(CN_RAIL))
        elif importer in ("LA", "KH"):
            src, dst = LAND_NEIGHBOURS_VN[importer]
            weights = [30, 0, 70, 0]
            entries[2] = ("ROAD", list(src), list(dst))
    kept = [(e, w) for e, w in zip(entries, weights, strict=True) if w > 0]
    return weighted_table([e for e, _ in kept], [w for _, w in kept], 8)
