"""Demo buyers: a fictitious company for each importer of market's demo shipments, on an
`.example` domain and marked as demo data, with the people who buy there. Deterministic (each
company's details are drawn from a generator seeded with its name), and some people have no
email or no phone, so 'No email' and 'No mobile number' happen on a fresh machine.

The rows are written as import files and loaded through `apps.leads.imports`, so the demo data
meets every rule real data meets, and seeding again adds nothing."""

from __future__ import annotations

import csv
import gzip
import hashlib
import random
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import phonenumbers

from apps.leads.imports import COMPANY_COLUMNS, LEAD_COLUMNS
from apps.leads.models import DEMO_SOURCE as SOURCE

# The products of market's demo shipments; a company's keywords name those it imports.
PRODUCTS = ("coffee", "cashew", "pepper", "rice", "rubber", "tea", "cassava", "fruit", "seafood")
# Shares of people without an email / without a phone number.
NO_EMAIL = 0.2
NO_PHONE = 0.45

CITIES = {
    "DE": ("Hamburg", "Bremen", "Berlin", "Munich", "Frankfurt"),
    "NL": ("Rotterdam", "Amsterdam", "Utrecht"),
    "US": ("New York", "Los Angeles", "Houston", "Chicago", "Seattle"),
    "GB": ("London", "Manchester", "Felixstowe"),
    "FR": ("Paris", "Marseille", "Le Havre"),
    "JP": ("Tokyo", "Osaka", "Yokohama"),
    "CN": ("Shanghai", "Guangzhou", "Shenzhen", "Xiamen"),
    "AE": ("Dubai", "Abu Dhabi", "Sharjah"),
    "IT": ("Milan", "Genoa", "Naples"),
    "BE": ("Antwerp", "Brussels"),
    "ES": ("Barcelona", "Madrid", "Valencia"),
    "KR": ("Seoul", "Busan"),
    "AU": ("Sydney", "Melbourne"),
    "CA": ("Toronto", "Vancouver"),
    "RU": ("Moscow", "Saint Petersburg"),
}
INDUSTRIES = ("Food & Beverages", "Wholesale", "Food Production", "Import & Export", "Retail")
TECHNOLOGIES = ("SAP", "Salesforce", "Microsoft Dynamics", "Shopify", "HubSpot", "Odoo")
FUNDING_STAGES = ("", "", "", "seed", "series_a", "series_b", "private_equity")
BUSINESS_TYPES = ("importer", "distributor", "wholesaler", "roaster", "processor", "retailer")
REVENUE_RANGES = ((1_000_000, "1M-10M"), (10_000_000, "10M-50M"), (50_000_000, "50M-250M"))
FIRST_NAMES = (
    "Anna", "Lukas", "Sophie", "Jonas", "Emma", "Felix", "Mia", "Paul", "Laura", "David",
    "Sarah", "Thomas", "Julia", "Daniel", "Maria", "James", "Olivia", "Wei", "Yuki", "Omar",
)  # fmt: skip
LAST_NAMES = (
    "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Smith", "Johnson", "Brown",
    "de Vries", "Jansen", "Martin", "Bernard", "Rossi", "Tanaka", "Chen", "Haddad", "Garcia",
)  # fmt: skip
ROLES = (
    ("Head of Procurement", "head", "Purchasing"),
    ("Purchasing Manager", "manager", "Purchasing"),
    ("Import Manager", "manager", "Supply Chain"),
    ("Category Buyer", "senior", "Purchasing"),
    ("Managing Director", "c_suite", "Management"),
    ("Supply Chain Director", "director", "Supply Chain"),
    ("Quality Assurance Manager", "manager", "Quality"),
    ("Junior Buyer", "entry", "Purchasing"),
)
EMAIL_STATUSES = ("valid", "valid", "valid", "accept_all", "unknown")


def _rng(seed: str) -> random.Random:
    """A generator seeded by a name (demo data, nothing secret)."""
    return random.Random(hashlib.sha256(seed.encode()).digest())  # noqa: S311


def _slug(normalized_name: str) -> str:
    kept = "".join(ch if ch.isascii() and ch.isalnum() else "-" for ch in normalized_name)
    return "-".join(part for part in kept.split("-") if part)[:40] or "company"


def _record_id(country: str, normalized_name: str) -> str:
    return f"{country}-{hashlib.sha256(normalized_name.encode()).hexdigest()[:20]}"


# The kinds of number a buyer's person has, drawn evenly.
PHONE_TYPES = (phonenumbers.PhoneNumberType.MOBILE, phonenumbers.PhoneNumberType.FIXED_LINE)


def company_record_id(importer: dict[str, Any]) -> str:
    """The demo company's record id for an importer of the trade index."""
    return _record_id(importer["country"], importer["normalized_name"])


def _phone(rng: random.Random, country: str) -> str:
    """A number valid for the company's country, in international form: libphonenumber's
    example of a mobile or fixed-line number there, its last digits drawn again until the
    number is valid for that country. Empty for a country libphonenumber does not know."""
    if country not in phonenumbers.SUPPORTED_REGIONS:
        return ""
    kind = rng.choice(PHONE_TYPES)
    example = phonenumbers.example_number_for_type(country, kind) or phonenumbers.example_number(
        country
    )
    if example is None:
        return ""
    national = phonenumbers.national_significant_number(example)
    kept = min(3, len(national) - 4)
    for _ in range(50):
        drawn = "".join(str(rng.randint(0, 9)) for _ in national[kept:])
        number = phonenumbers.parse(f"+{example.country_code}{national[:kept]}{drawn}", None)
        if phonenumbers.is_valid_number_for_region(number, country):
            return _international(number)
    return _international(example)


def _international(number: phonenumbers.PhoneNumber) -> str:
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.INTERNATIONAL)


def company_rows(
    importers: Iterable[dict[str, Any]], products: dict[int, list[str]]
) -> list[dict[str, str]]:
    """A company row per importer (`key`, `name`, `normalized_name`, `country` as the trade
    index reports them); `products` names what each importer buys."""
    rows = []
    for importer in importers:
        country, normalized = importer["country"], importer["normalized_name"]
        rng = _rng(f"{country}:{normalized}")
        revenue, revenue_range = rng.choice(REVENUE_RANGES)
        bought = products.get(importer["key"], [])
        funding = rng.choice(FUNDING_STAGES)
        hiring = rng.random() < 0.4
        rows.append(
            {
                "name": importer["name"],
                "country": country,
                "source": SOURCE,
                "source_record_id": _record_id(country, normalized),
                "domain": f"{_slug(normalized)}.example",
                "city": rng.choice(CITIES.get(country, ("",))),
                "industries": ";".join(rng.sample(INDUSTRIES, 2)),
                "technologies": ";".join(rng.sample(TECHNOLOGIES, rng.randint(0, 3))),
                "keywords": ";".join([*bought, "agricultural commodities"]),
                "funding_stage": funding,
                "funding_date": f"{rng.randint(2015, 2025)}-{rng.randint(1, 12):02d}-01"
                if funding
                else "",
                "job_postings": str(rng.randint(1, 12) if hiring else 0),
                "job_posting_date": f"2025-{rng.randint(1, 12):02d}-15" if hiring else "",
                "revenue_usd": str(revenue * rng.randint(1, 9)),
                "revenue_range": revenue_range,
                "employees": str(rng.choice((8, 15, 30, 60, 120, 250, 600, 1500))),
                "founded_year": str(rng.randint(1950, 2020)),
                "retail_locations": str(rng.choice((0, 0, 0, 1, 3, 12, 40))),
                "business_type": rng.choice(BUSINESS_TYPES),
                "description": f"Demo company: a fictitious buyer of {', '.join(bought) or 'food'}"
                f" in {country}.",
                "source_date": "2025-01-01",
            }
        )
    return rows


def lead_rows(companies: Iterable[dict[str, str]]) -> list[dict[str, str]]:
    """Two to five people per company; some without an email or a phone number."""
    rows = []
    for company in companies:
        rng = _rng(company["source_record_id"])
        people = rng.randint(2, 5)
        for number, (title, seniority, department) in enumerate(rng.sample(ROLES, people)):
            first, last = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
            local = f"{first}.{last}".lower().replace(" ", "")
            has_email = rng.random() >= NO_EMAIL
            has_phone = rng.random() >= NO_PHONE
            rows.append(
                {
                    "company_source_record_id": company["source_record_id"],
                    "company_source": SOURCE,
                    "full_name": f"{first} {last}",
                    "first_name": first,
                    "last_name": last,
                    "social_url": f"https://social.example/in/{local}-{rng.randint(100, 999)}",
                    "country": company["country"],
                    "location": ", ".join(p for p in (company["city"], company["country"]) if p),
                    "job_title": title,
                    "seniority": seniority,
                    "department": department,
                    "email": f"{local}@{company['domain']}" if has_email else "",
                    "email_status": rng.choice(EMAIL_STATUSES) if has_email else "",
                    "phone": _phone(rng, company["country"]) if has_phone else "",
                    "source": SOURCE,
                    "source_record_id": f"{company['source_record_id']}-{number}",
                }
            )
    return rows


def write_csv(path: Path, columns: tuple[str, ...], rows: list[dict[str, str]]) -> None:
    with gzip.open(path, "wt", encoding="utf-8", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=columns)
        writer.writeheader()
        writer.writerows(rows)


def write_files(
    directory: Path, importers: list[dict[str, Any]], products: dict[int, list[str]]
) -> tuple[Path, Path]:
    companies = company_rows(importers, products)
    company_file, lead_file = directory / "companies.csv.gz", directory / "leads.csv.gz"
    write_csv(company_file, COMPANY_COLUMNS, companies)
    write_csv(lead_file, LEAD_COLUMNS, lead_rows(companies))
    return company_file, lead_file
