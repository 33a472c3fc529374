"""Calibration of the demo trade: row shares, exporter splits, partner markets, seasons, prices.

Sources (carried here as constants; nothing is read at run time):

* Partner shares of Viet Nam's exports: FAO, FAOSTAT Detailed Trade Matrix (CC BY 4.0), export
  value by partner, 2021-2023 summed, partners with at least a 5 % share of the item. Items:
  coffee green; pepper raw; natural rubber (primary and other forms); tea leaves; cassava dry;
  bananas; mangoes; other tropical fruits; other vegetables; the processed-food group (cashew
  kernels, seafood: USA 45 %, CHN 30 %, NLD 22 %) and the grain-mill group (rice, starch: CHN 43 %,
  PHL 42 %, GHA 6 %, IDN 6 %, CIV 3 %). The file drops partners under 5 %, so each product also
  has an assumed "tail" share spread over smaller markets.
* Coffee competitor split: USDA FAS PSD, exports in marketing year 2023 (1,000 60-kg bags):
  Brazil 43,850, Viet Nam 25,000, India 6,336, Indonesia 6,050.
* Seafood and wood are outside FAOSTAT's agricultural matrix; their partner shares, the other
  competitor shares, the product mix, prices and seasonality are assumptions from public market
  reporting, stated next to each table.
"""

from __future__ import annotations

# Share of demo rows (shipments, not value) per product. Assumption: Viet Nam's 2023 export
# values (seafood ~9, wood products ~13, fruit and vegetables ~5.6, coffee ~4.2, rice ~4.8,
# cashew ~3.6, rubber ~2.8, cassava ~1.3, pepper ~0.9, tea ~0.2 USD bn) divided by a typical
# shipment value, flattened so that small products still get enough rows.
PRODUCT_ROW_SHARES: dict[str, float] = {
    "coffee": 12,
    "cashew": 10,
    "pepper": 5,
    "rice": 9,
    "rubber": 6,
    "cassava": 4,
    "tea": 3,
    "fruit": 14,
    "vegetables": 6,
    "seafood": 16,
    "wood": 14,
}

# Exporter-country split per product (share of the product's rows). Coffee: Viet Nam fixed at
# 60 %, the rest split on USDA PSD 2023 exports (BR 43,850 : IN 6,336 : ID 6,050). Others:
# assumptions on the main competing origins.
EXPORTER_SPLIT: dict[str, dict[str, float]] = {
    "coffee": {"VN": 60.0, "BR": 31.2, "IN": 4.5, "ID": 4.3},
    "cashew": {"VN": 70, "IN": 12, "CI": 18},
    "pepper": {"VN": 75, "BR": 12, "ID": 10, "IN": 3},
    "rice": {"VN": 55, "IN": 25, "TH": 20},
    "rubber": {"VN": 45, "TH": 35, "ID": 20},
    "cassava": {"VN": 55, "TH": 45},
    "tea": {"VN": 75, "IN": 15, "ID": 10},
    "fruit": {"VN": 100},
    "vegetables": {"VN": 100},
    "seafood": {"VN": 80, "IN": 12, "ID": 8},
    "wood": {"VN": 100},
}

# Viet Nam's partners: FAOSTAT shares (percent of the named partners, 2021-2023) and the assumed
# share of all other markets ("tail", spread over TAIL_MARKETS with decreasing weights).
VN_PARTNERS: dict[str, tuple[dict[str, float], float, tuple[str, ...]]] = {
    # Coffee, green: DEU 25.3, ITA 16.3, USA 14.9, JPN 12.3, ESP 10.7, RUS 10.1, BEL 7.2, DZA 3.1.
    "coffee": (
        {
            "DE": 25.3,
            "IT": 16.3,
            "US": 14.9,
            "JP": 12.3,
            "ES": 10.7,
            "RU": 10.1,
            "BE": 7.2,
            "DZ": 3.1,
        },
        0.45,
        ("NL", "GB", "KR", "CN", "PH", "MY", "IN", "ID", "TH", "FR", "PL", "MX", "AU", "EG"),
    ),
    # Processed-food group (cashew kernels dominate it): USA 45.0, CHN 29.7, NLD 21.7.
    "cashew": (
        {"US": 45.0, "CN": 29.7, "NL": 21.7},
        0.35,
        ("DE", "AE", "AU", "GB", "CA", "IL", "SA", "RU", "FR", "IT", "ES", "TH"),
    ),
    # Pepper (Piper spp.), raw: USA 55.9, CHN 15.9, ARE 9.0, DEU 7.8, IND 7.8, NLD 3.6.
    "pepper": (
        {"US": 55.9, "CN": 15.9, "AE": 9.0, "DE": 7.8, "IN": 7.8, "NL": 3.6},
        0.35,
        ("KR", "PK", "EG", "GB", "FR", "PL", "JP", "TH", "SA", "RU", "ES", "MA"),
    ),
    # Grain-mill group (milled rice dominates it): PHL 41.8, GHA 6.4, IDN 6.2, CIV 2.6 (CHN 43.0
    # is mostly cassava starch and goes to cassava below).
    "rice": (
        {"PH": 41.8, "GH": 6.4, "ID": 6.2, "CI": 2.6, "CN": 12.0},
        0.25,
        ("MY", "SG", "SN", "HK", "AU", "US", "IQ", "TW", "AE", "KR"),
    ),
    # Natural rubber, other forms + primary forms: IND 38.1, CHN 22.3 (+ primary 92.1), KOR 16.5,
    # DEU 9.9, USA 6.7, RUS 3.3, TUR 3.2.
    "rubber": (
        {"CN": 40.0, "IN": 27.0, "KR": 11.7, "DE": 7.0, "US": 5.0, "RU": 2.3, "TR": 2.7, "LK": 0.6},
        0.2,
        ("MY", "JP", "TW", "ID", "BR", "IT", "ES", "BD"),
    ),
    # Cassava, dry: CHN 82.4, KOR 17.6.
    "cassava": (
        {"CN": 82.4, "KR": 17.6},
        0.08,
        ("TW", "JP", "MY", "PH", "ID"),
    ),
    # Tea leaves: PAK 74.7, RUS 13.1, CHN 12.2.
    "tea": (
        {"PK": 74.7, "RU": 13.1, "CN": 12.2},
        0.3,
        ("TW", "AE", "US", "ID", "PL", "SA", "IQ", "DE", "MY"),
    ),
    # Bananas CHN 93.9 KOR 6.1; mangoes CHN 87.5; other tropical fruit CHN 94.1, HKG 3.9, LAO 1.2.
    "fruit": (
        {"CN": 90.0, "KR": 4.5, "HK": 2.5, "RU": 1.5, "US": 1.0, "LA": 0.5},
        0.12,
        ("TH", "JP", "NL", "AU", "AE", "SG", "MY", "TW", "CA", "GB", "FR", "DE"),
    ),
    # Other vegetables, fresh: SGP 21.5, MYS 15.7, NOR 14.2, CAN 13.5, CHE 13.1, CZE 12.7.
    "vegetables": (
        {
            "SG": 21.5,
            "MY": 15.7,
            "NO": 14.2,
            "CA": 13.5,
            "CH": 13.1,
            "CZ": 12.7,
            "FR": 3.9,
            "RU": 3.6,
            "NL": 1.8,
        },
        0.55,
        ("CN", "JP", "KR", "TW", "US", "AU", "HK"),
    ),
    # Assumption (VASEP-style market split, not FAOSTAT): shrimp and pangasius markets.
    "seafood": (
        {
            "US": 20.0,
            "JP": 16.0,
            "CN": 17.0,
            "KR": 8.0,
            "NL": 4.0,
            "DE": 4.0,
            "GB": 4.0,
            "AU": 3.5,
            "CA": 3.5,
        },
        0.2,
        ("BE", "FR", "IT", "ES", "MX", "SG", "TW", "HK", "TH", "PH", "SA", "AE"),
    ),
    # Assumption: US for furniture, Japan/Korea for pellets and chips, China for chips and sawn.
    "wood": (
        {
            "US": 42.0,
            "JP": 14.0,
            "CN": 14.0,
            "KR": 10.0,
            "GB": 3.0,
            "AU": 3.0,
            "CA": 2.5,
            "DE": 2.0,
        },
        0.1,
        ("FR", "NL", "TW", "IN", "MY", "PL", "BE"),
    ),
}

# Competitors' partners (assumption: their main destination markets).
COMPETITOR_PARTNERS: dict[tuple[str, str], dict[str, float]] = {
    ("coffee", "BR"): {
        "US": 20,
        "DE": 17,
        "BE": 9,
        "IT": 9,
        "JP": 7,
        "CN": 3,
        "ES": 3,
        "RU": 3,
        "CA": 3,
        "FR": 2,
        "GB": 2,
        "KR": 2,
        "NL": 2,
        "MX": 1,
    },
    ("coffee", "IN"): {
        "IT": 25,
        "DE": 15,
        "RU": 12,
        "BE": 10,
        "TR": 5,
        "JP": 4,
        "PL": 4,
        "GR": 4,
        "US": 3,
    },
    ("coffee", "ID"): {
        "US": 18,
        "EG": 12,
        "JP": 10,
        "MY": 10,
        "IT": 8,
        "RU": 6,
        "DE": 6,
        "BE": 4,
        "DZ": 4,
    },
    ("cashew", "IN"): {"AE": 25, "NL": 15, "JP": 12, "SA": 10, "US": 10, "GB": 6, "DE": 5, "ES": 4},
    ("cashew", "CI"): {"VN": 72, "IN": 22, "AE": 3, "BR": 3},
    ("pepper", "BR"): {
        "US": 20,
        "DE": 15,
        "VN": 15,
        "AE": 10,
        "MA": 8,
        "SN": 6,
        "AR": 6,
        "EG": 5,
        "MX": 5,
    },
    ("pepper", "ID"): {"US": 30, "VN": 15, "IN": 10, "CN": 10, "DE": 8, "SG": 8, "NL": 5},
    ("pepper", "IN"): {"US": 35, "GB": 10, "DE": 10, "CA": 8, "AE": 8, "SA": 6},
    ("rice", "IN"): {
        "SA": 15,
        "BD": 10,
        "AE": 8,
        "SN": 8,
        "BJ": 8,
        "CI": 7,
        "IQ": 6,
        "NP": 6,
        "US": 5,
        "GB": 4,
        "MY": 4,
    },
    ("rice", "TH"): {
        "ID": 15,
        "US": 14,
        "ZA": 10,
        "PH": 8,
        "IQ": 8,
        "JP": 6,
        "CN": 6,
        "MY": 6,
        "HK": 5,
        "SN": 4,
        "AO": 4,
    },
    ("rubber", "TH"): {"CN": 45, "MY": 12, "JP": 9, "US": 8, "KR": 6, "IN": 5},
    ("rubber", "ID"): {"US": 22, "JP": 18, "IN": 12, "CN": 12, "BR": 6, "TR": 6, "KR": 6},
    ("cassava", "TH"): {"CN": 75, "JP": 7, "TW": 6, "ID": 5, "MY": 4},
    ("tea", "IN"): {"AE": 18, "RU": 15, "IQ": 14, "GB": 10, "US": 8, "IR": 8, "DE": 5},
    ("tea", "ID"): {"MY": 25, "RU": 15, "AU": 10, "PK": 10, "US": 8, "GB": 8},
    ("seafood", "IN"): {"US": 40, "CN": 20, "JP": 8, "BE": 5, "NL": 5, "GB": 5, "AE": 4},
    ("seafood", "ID"): {"US": 55, "JP": 18, "CN": 8, "AU": 4, "MY": 4},
}

# Relative monthly weights (Jan..Dec) of shipments: crop calendars and export peaks.
SEASONALITY: dict[tuple[str, str], tuple[int, ...]] = {
    # Robusta harvest Nov-Jan in the Central Highlands, exports peak Dec-Apr.
    ("coffee", "VN"): (15, 14, 14, 12, 8, 5, 4, 4, 4, 5, 6, 13),
    # Brazil harvest May-Sep, exports peak Jul-Dec.
    ("coffee", "BR"): (8, 7, 7, 6, 6, 7, 9, 10, 10, 11, 10, 9),
    ("coffee", "IN"): (11, 12, 12, 11, 9, 7, 6, 6, 6, 6, 7, 9),
    ("coffee", "ID"): (6, 5, 5, 6, 8, 10, 12, 12, 11, 9, 8, 7),
    # Cashew kernels year-round, more after the Mar-Jun processing season.
    ("cashew", "VN"): (6, 6, 8, 9, 10, 10, 10, 9, 9, 8, 8, 7),
    ("cashew", "IN"): (7, 7, 8, 9, 9, 9, 8, 8, 9, 9, 9, 8),
    # Côte d'Ivoire raw nuts: campaign Feb-Jul.
    ("cashew", "CI"): (2, 8, 14, 17, 17, 14, 10, 6, 4, 3, 2, 3),
    # Pepper harvest Feb-May, exports Mar-Jul.
    ("pepper", "VN"): (5, 6, 10, 12, 12, 11, 10, 8, 7, 6, 6, 7),
    ("pepper", "BR"): (6, 5, 5, 5, 6, 8, 10, 12, 12, 11, 10, 10),
    ("pepper", "ID"): (6, 5, 5, 5, 6, 8, 11, 12, 12, 11, 10, 9),
    ("pepper", "IN"): (7, 9, 11, 11, 10, 8, 7, 7, 8, 8, 7, 7),
    # Rice: winter-spring crop (Mar-Jun) and summer-autumn crop (Aug-Sep) peaks.
    ("rice", "VN"): (7, 7, 9, 10, 10, 9, 8, 9, 9, 8, 7, 7),
    ("rice", "IN"): (9, 9, 9, 8, 8, 7, 7, 7, 8, 9, 9, 10),
    ("rice", "TH"): (9, 9, 9, 8, 8, 8, 8, 8, 8, 8, 8, 9),
    # Rubber: wintering Feb-May, most tapping and exports Jun-Jan.
    ("rubber", "VN"): (9, 6, 5, 5, 6, 8, 9, 9, 10, 11, 11, 11),
    ("rubber", "TH"): (10, 8, 6, 5, 6, 8, 9, 9, 9, 10, 10, 10),
    ("rubber", "ID"): (9, 8, 7, 7, 8, 8, 9, 9, 9, 9, 9, 8),
    # Cassava: harvest Oct-Apr, chips and starch shipped Dec-May.
    ("cassava", "VN"): (11, 11, 12, 12, 10, 7, 5, 5, 5, 6, 7, 9),
    ("cassava", "TH"): (11, 11, 11, 11, 9, 7, 6, 6, 6, 7, 7, 8),
    # Tea: plucking Apr-Oct.
    ("tea", "VN"): (5, 4, 6, 8, 10, 11, 11, 11, 10, 9, 8, 7),
    ("tea", "IN"): (4, 4, 6, 8, 10, 11, 11, 11, 11, 10, 8, 6),
    ("tea", "ID"): (7, 7, 8, 8, 9, 9, 9, 9, 9, 9, 8, 8),
    # Fruit: durian May-Sep, dragon fruit and bananas all year, Tet demand in Jan.
    ("fruit", "VN"): (9, 7, 7, 7, 9, 10, 10, 9, 9, 8, 7, 8),
    ("vegetables", "VN"): (10, 9, 9, 8, 7, 7, 7, 7, 8, 9, 9, 10),
    # Shrimp and pangasius: second half of the year for year-end holidays.
    ("seafood", "VN"): (6, 5, 7, 7, 8, 8, 9, 10, 10, 10, 10, 10),
    ("seafood", "IN"): (6, 6, 7, 7, 8, 8, 9, 10, 10, 10, 10, 9),
    ("seafood", "ID"): (7, 7, 7, 8, 8, 8, 9, 9, 9, 9, 10, 9),
    # Wood and furniture: orders for Western holiday season ship Jun-Oct.
    ("wood", "VN"): (7, 5, 8, 8, 8, 9, 9, 10, 10, 10, 8, 8),
}

# Reference unit price in USD per kg (per the product's first variant) at month anchors; linear
# in between. Assumptions from 2023-2025 export price reporting (Viet Nam's MARD/VICOFA/VINAS,
# ICO, World Bank Pink Sheet orders of magnitude).
PRICE_ANCHORS: dict[str, tuple[tuple[int, int, float], ...]] = {
    # Robusta G1 S18 FOB: ~2.2 early 2023, ~5 at the 2025 peak.
    "coffee": (
        (2023, 1, 2.2),
        (2023, 9, 2.6),
        (2024, 3, 3.5),
        (2024, 9, 4.6),
        (2025, 2, 5.0),
        (2025, 7, 4.2),
        (2025, 12, 4.4),
    ),
    # Cashew kernels WW320: ~6.0 in 2023, ~7.0 in 2025.
    "cashew": ((2023, 1, 6.0), (2023, 12, 5.9), (2024, 9, 6.8), (2025, 4, 7.1), (2025, 12, 7.0)),
    # Black pepper 500 g/l: ~3.2 in early 2023, ~6.5 from mid-2024.
    "pepper": ((2023, 1, 3.2), (2023, 12, 3.9), (2024, 7, 6.4), (2025, 3, 6.7), (2025, 12, 6.3)),
    # Rice 5 % broken: ~0.47, peak 0.64 late 2023, back to ~0.5 in 2025.
    "rice": ((2023, 1, 0.47), (2023, 10, 0.64), (2024, 6, 0.6), (2024, 12, 0.52), (2025, 12, 0.5)),
    # TSNR (SVR 10): ~1.4 in 2023, ~1.9 late 2024.
    "rubber": ((2023, 1, 1.42), (2023, 12, 1.45), (2024, 10, 1.95), (2025, 12, 1.72)),
    # Dried cassava chips: ~0.27.
    "cassava": ((2023, 1, 0.27), (2024, 6, 0.28), (2025, 12, 0.24)),
    # Black tea, bulk: ~1.7.
    "tea": ((2023, 1, 1.7), (2025, 12, 1.75)),
    # Fresh dragon fruit: ~1.2.
    "fruit": ((2023, 1, 1.15), (2025, 12, 1.25)),
    "vegetables": ((2023, 1, 0.85), (2025, 12, 0.9)),
    # Frozen shrimp: ~9.5.
    "seafood": ((2023, 1, 9.8), (2024, 6, 9.2), (2025, 12, 9.6)),
    # Sawn acacia per kg (~300 USD/m3 at ~650 kg/m3).
    "wood": ((2023, 1, 0.46), (2025, 12, 0.48)),
}
