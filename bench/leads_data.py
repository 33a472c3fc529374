"""Generated companies and people for the lead-sourcing benchmark: deterministic (one seed),
with skewed distributions (a few countries and industries hold most companies, employees and
revenue are log-normal, most companies are young) and names built from syllables, so name
searches meet realistic trigram spreads. The first companies are the demo importers of the
trade index (same name and country, linked to their trade party), so trade filters match."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from datetime import date, datetime, timedelta
from typing import Any

from apps.leads.demo import FIRST_NAMES, INDUSTRIES, LAST_NAMES, PRODUCTS, ROLES, TECHNOLOGIES
from apps.leads.models import list_text
from apps.market.names import normalise_name

SEED = 20260101
SOURCE = "bench"
COUNTRIES = (
    "US", "CN", "DE", "GB", "IN", "FR", "JP", "BR", "IT", "NL", "ES", "CA", "KR", "AU", "MX",
    "VN", "ID", "TR", "PL", "BE", "AE", "SE", "CH", "TH", "MY", "SG", "ZA", "RU", "SA", "AR",
    "NG", "EG", "PH", "DK", "NO", "FI", "AT", "IE", "PT", "CL",
)  # fmt: skip
MORE_INDUSTRIES = (
    "Software", "Logistics", "Manufacturing", "Chemicals", "Textiles", "Construction",
    "Automotive", "Electronics", "Pharmaceuticals", "Agriculture", "Packaging", "Machinery",
    "Furniture", "Cosmetics", "Plastics", "Paper", "Metals", "Energy", "Hospitality",
    "Consulting", "Marketing", "Financial Services", "Healthcare", "Education", "Telecoms",
)  # fmt: skip
ALL_INDUSTRIES = (*INDUSTRIES, *MORE_INDUSTRIES)
KEYWORDS = (
    *PRODUCTS, "organic", "private label", "b2b", "e-commerce", "cold chain", "fair trade",
    "bulk", "frozen", "spices", "nuts", "grains", "beverages", "snacks", "dairy", "bakery",
    "confectionery", "vegan", "halal", "kosher", "wholesale", "distribution", "packaging",
    "sourcing", "export", "import", "logistics", "retail", "food service", "catering",
)  # fmt: skip
MORE_TECHNOLOGIES = ("Google Analytics", "AWS", "Zendesk", "Magento", "WooCommerce", "Oracle")
ALL_TECHNOLOGIES = (*TECHNOLOGIES, *MORE_TECHNOLOGIES)
SYLLABLES = (
    "ber", "tra", "lin", "ko", "ma", "ven", "sol", "dor", "ka", "ri", "mon", "tel", "an",
    "gro", "fin", "sta", "lo", "vi", "nor", "del", "pa", "zen", "ro", "mi", "sun", "val",
    "har", "bel", "cor", "das", "el", "fa", "gar", "hol", "ix", "jo", "kel", "lu", "mar",
)  # fmt: skip
TRADES = ("", "", "Trading", "Foods", "Import", "Group", "Industries", "Logistics", "Partners")
LEGAL_FORMS = ("GmbH", "Ltd", "Inc", "BV", "SA", "SRL", "LLC", "Co", "AG", "Pte Ltd", "")
FUNDING_STAGES = ("seed", "series_a", "series_b", "series_c", "private_equity", "ipo")
BUSINESS_TYPES = ("importer", "distributor", "wholesaler", "manufacturer", "retailer", "service")
REVENUE_RANGES = (
    (1_000_000, "0-1M"),
    (10_000_000, "1M-10M"),
    (50_000_000, "10M-50M"),
    (250_000_000, "50M-250M"),
    (None, "250M+"),
)
EMAIL_STATUSES = ("valid", "valid", "valid", "accept_all", "unknown")
COMPANY_COLUMNS = (
    "id", "name", "normalized_name", "domain", "country", "city", "industries", "technologies",
    "keywords", "funding_stage", "funding_date", "job_postings", "job_posting_date",
    "revenue_usd", "revenue_range", "employees", "founded_year", "retail_locations",
    "business_type", "description", "source", "source_record_id", "source_date", "is_demo",
    "trade_party_id", "created_at",
)  # fmt: skip
LEAD_COLUMNS = (
    "company_id", "first_name", "last_name", "full_name", "social_url", "country", "location",
    "job_title", "seniority", "department", "email", "email_status", "phone", "source",
    "source_record_id", "is_demo", "created_at",
)  # fmt: skip
NOW = datetime(2026, 1, 1, 12, 0)
SOURCE_DATE = date(2025, 12, 1)


def _weights(count: int, exponent: float = 1.0) -> list[float]:
    return [1 / (rank + 1) ** exponent for rank in range(count)]


def _word(rng: random.Random) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 3))).capitalize()


def _revenue(employees: int, rng: random.Random) -> tuple[int, str]:
    revenue = int(employees * rng.lognormvariate(11.5, 0.8))
    label = next(label for top, label in REVENUE_RANGES if top is None or revenue < top)
    return revenue, label


def companies(count: int, importers: Sequence[dict[str, Any]]) -> Iterator[tuple[Any, ...]]:
    """`count` company rows (COMPANY_COLUMNS, ids from 1); the importers come first."""
    rng = random.Random(SEED)  # noqa: S311 (generated benchmark data)
    country_weights = _weights(len(COUNTRIES), 0.9)
    industry_weights = _weights(len(ALL_INDUSTRIES), 0.7)
    keyword_weights = _weights(len(KEYWORDS), 0.6)
    for number in range(1, count + 1):
        importer = importers[number - 1] if number <= len(importers) else None
        if importer is not None:
            name, country = importer["name"], importer["country"]
            normalized, party = importer["normalized_name"], importer["key"]
        else:
            parts = (_word(rng), rng.choice(TRADES), rng.choice(LEGAL_FORMS))
            name = " ".join(part for part in parts if part)
            country = rng.choices(COUNTRIES, country_weights)[0]
            normalized, party = normalise_name(name), None
        employees = max(1, int(rng.lognormvariate(3.2, 1.5)))
        revenue, revenue_range = _revenue(employees, rng)
        funded = rng.random() < 0.15
        hiring = rng.random() < 0.3
        industries = set(rng.choices(ALL_INDUSTRIES, industry_weights, k=rng.randint(1, 3)))
        keywords = set(rng.choices(KEYWORDS, keyword_weights, k=rng.randint(1, 4)))
        slug = normalized.replace(" ", "-")[:40] or "company"
        yield (
            number,
            name,
            normalized,
            f"{slug}-{number}.example",
            country,
            f"{rng.choice(SYLLABLES).capitalize()}{rng.choice(SYLLABLES)}",
            list_text(sorted(industries)),
            list_text(rng.sample(ALL_TECHNOLOGIES, rng.randint(0, 3))),
            list_text(sorted(keywords)),
            rng.choice(FUNDING_STAGES) if funded else "",
            date(rng.randint(2012, 2025), rng.randint(1, 12), 1) if funded else None,
            rng.randint(1, 40) if hiring else 0,
            SOURCE_DATE - timedelta(days=rng.randint(0, 700)) if hiring else None,
            revenue,
            revenue_range,
            employees,
            max(1850, 2025 - int(rng.expovariate(1 / 18))),
            int(rng.expovariate(1 / 3)) if rng.random() < 0.3 else 0,
            rng.choice(BUSINESS_TYPES),
            f"{name}: {', '.join(sorted(industries)).lower()} in {country}.",
            SOURCE,
            str(number),
            SOURCE_DATE,
            False,
            party,
            NOW,
        )


def people(count: int, company_count: int, countries: Sequence[str]) -> Iterator[tuple[Any, ...]]:
    """`count` people rows (LEAD_COLUMNS) spread over the companies, larger ones (lower ids)
    holding more; `countries[id - 1]` is company id's country."""
    rng = random.Random(SEED + 1)  # noqa: S311 (generated benchmark data)
    for number in range(count):
        company = 1 + int(company_count * rng.random() ** 1.2)
        first, last = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
        title, seniority, department = rng.choice(ROLES)
        local = f"{first}.{last}".lower().replace(" ", "")
        has_email = rng.random() >= 0.2
        country = countries[company - 1] if rng.random() < 0.9 else rng.choice(COUNTRIES)
        yield (
            company,
            first,
            last,
            f"{first} {last}",
            f"https://social.example/in/{local}-{number}",
            country,
            f"{rng.choice(SYLLABLES).capitalize()}{rng.choice(SYLLABLES)}, {country}",
            title,
            seniority,
            department,
            f"{local}.{number}@company-{company}.example" if has_email else "",
            rng.choice(EMAIL_STATUSES) if has_email else "",
            f"+{rng.randint(10, 99)} {rng.randint(100, 999)} {rng.randint(1000000, 9999999)}"
            if rng.random() >= 0.45
            else "",
            SOURCE,
            str(number),
            False,
            NOW,
        )
