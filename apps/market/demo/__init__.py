"""Deterministic, realistic demo shipments in the import file format (source "demo").

Every company is fictitious and every web address is on an `.example` domain. The rows model the
agricultural trade of Viet Nam and its competitors (Brazil, India, Indonesia, Thailand, Côte
d'Ivoire): real HS 2022 subheadings, crop seasonality, plausible prices, container loads and
ports, and goods descriptions in English, Vietnamese and Chinese.

The generator is code by stage (parties, seasons, prices, descriptions, lanes, flows, rows,
files); what it draws from lives as data under `tables/`, with the sources of its calibration.
"""

from apps.market.demo.files import CSV_HEADER, write_csv
from apps.market.demo.parties import DemoCompany, demo_companies, strip_diacritics
from apps.market.demo.rows import (
    BLOCK_SIZE,
    DEFAULT_END,
    DEFAULT_SEED,
    DEFAULT_START,
    SOURCE,
    generate_rows,
)

__all__ = [
    "BLOCK_SIZE",
    "CSV_HEADER",
    "DEFAULT_END",
    "DEFAULT_SEED",
    "DEFAULT_START",
    "SOURCE",
    "DemoCompany",
    "demo_companies",
    "generate_rows",
    "strip_diacritics",
    "write_csv",
]
