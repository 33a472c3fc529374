"""The demo buyers a fresh machine is seeded with: their people's phone numbers are numbers a
buyer would trust, valid for the company's country."""

from __future__ import annotations

import importlib
from io import StringIO
from pathlib import Path
from typing import Any

import phonenumbers
import pytest
from django.apps import apps
from django.core.management import call_command

from apps.leads import demo
from apps.leads.models import Company, Lead
from apps.leads.tests.conftest import make_company, make_lead
from apps.market import demo as market_demo
from apps.market.demo.tables.places import COUNTRIES
from apps.market.imports import import_shipments


def _importers_in_every_country(per_country: int) -> list[dict[str, Any]]:
    return [
        {
            "key": index,
            "name": f"Demo Buyer {number} {country}",
            "normalized_name": f"demo buyer {number} {country.lower()}",
            "country": country,
        }
        for index, (country, number) in enumerate(
            (country, number) for country in sorted(COUNTRIES) for number in range(per_country)
        )
    ]


def _region(phone: str) -> str | None:
    return phonenumbers.region_code_for_number(phonenumbers.parse(phone, None))


def test_every_generated_phone_number_is_valid_for_its_companys_country() -> None:
    companies = demo.company_rows(_importers_in_every_country(per_country=8), {})
    people = demo.lead_rows(companies)

    phones = [(person["country"], person["phone"]) for person in people if person["phone"]]
    assert {country for country, _ in phones} == set(COUNTRIES)
    for country, phone in phones:
        number = phonenumbers.parse(phone, None)
        assert phonenumbers.is_valid_number(number), (country, phone)
        assert phonenumbers.region_code_for_number(number) == country, (country, phone)
        assert phone == phonenumbers.format_number(
            number, phonenumbers.PhoneNumberFormat.INTERNATIONAL
        )
    # Drawn, not one example number repeated for everyone in a country.
    assert len({phone for _, phone in phones}) > 0.9 * len(phones)


def test_a_company_gets_the_same_people_and_numbers_each_time() -> None:
    companies = demo.company_rows(_importers_in_every_country(per_country=1), {})
    assert demo.lead_rows(companies) == demo.lead_rows(companies)


def test_a_country_without_numbering_metadata_gets_no_number() -> None:
    assert demo.lead_rows(demo.company_rows(_importers_in_every_country(0), {})) == []
    company = demo.company_rows(
        [{"key": 1, "name": "Nowhere Foods", "normalized_name": "nowhere foods", "country": "XX"}],
        {},
    )
    assert all(person["phone"] == "" for person in demo.lead_rows(company))


@pytest.mark.django_db
def test_every_seeded_phone_number_is_valid_and_of_its_companys_country(
    settings: Any, tmp_path: Path
) -> None:
    settings.TRADE_INDEX_DIR = tmp_path / "trade-index"
    source = tmp_path / "shipments.csv.gz"
    market_demo.write_csv(source, 1_000)
    import_shipments(source)

    call_command("seed_demo_leads")

    seeded = list(Lead.objects.exclude(phone="").values_list("phone", "company__country"))
    assert len(seeded) > 100
    assert len({country for _, country in seeded}) > 10
    for phone, country in seeded:
        assert phonenumbers.is_valid_number(phonenumbers.parse(phone, None)), phone
        assert _region(phone) == country, (phone, country)


@pytest.mark.django_db
def test_seeding_again_generates_only_the_companies_missing(settings: Any, tmp_path: Path) -> None:
    settings.TRADE_INDEX_DIR = tmp_path / "trade-index"
    source = tmp_path / "shipments.csv.gz"
    market_demo.write_csv(source, 1_000)
    import_shipments(source)
    call_command("seed_demo_leads", stdout=StringIO())
    companies, people = Company.objects.count(), Lead.objects.count()

    again = StringIO()
    call_command("seed_demo_leads", stdout=again)

    assert again.getvalue() == f"Demo buyers: all {companies:,} companies already there\n"
    assert (Company.objects.count(), Lead.objects.count()) == (companies, people)

    gone = Company.objects.order_by("pk").first()
    assert gone is not None
    gone_people = gone.people.count()
    gone.delete()
    once_more = StringIO()
    call_command("seed_demo_leads", stdout=once_more)

    assert once_more.getvalue().startswith(
        f"Demo buyers: 1 companies and {gone_people} people added, {companies - 1:,} companies"
    )
    assert (Company.objects.count(), Lead.objects.count()) == (companies, people)


@pytest.mark.django_db
def test_demo_people_seeded_with_made_up_numbers_are_renumbered_for_their_country() -> None:
    migration = importlib.import_module("apps.leads.migrations.0007_demo_phone_numbers")
    dubai = make_company(name="Gulf Nuts Trading", country="AE", source="demo")
    wrong_country = make_lead(dubai, phone="+54 911 2345678", source="demo")
    made_up_code = make_lead(dubai, phone="+83 912 3456789", source="demo")
    fine = make_lead(dubai, phone="+971 50 123 4567", source="demo")
    none = make_lead(dubai, phone="", source="demo")
    real = make_lead(make_company(country="AE"), phone="+54 911 2345678", source="crm")

    migration.renumber_demo_people(apps, None)

    for lead in (wrong_country, made_up_code):
        lead.refresh_from_db()
        assert _region(lead.phone) == "AE", lead.phone
        assert phonenumbers.is_valid_number(phonenumbers.parse(lead.phone, None))
    for lead, phone in ((fine, "+971 50 123 4567"), (none, ""), (real, "+54 911 2345678")):
        lead.refresh_from_db()
        assert lead.phone == phone
