import datetime
from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction

from apps.market.models import HSCode, Shipment, TradeParty

pytestmark = pytest.mark.django_db


def party(name: str, country: str) -> TradeParty:
    return TradeParty.objects.create(name=name, normalized_name=name.lower(), country=country)


def shipment(**changes) -> Shipment:
    values = {
        "date": datetime.date(2024, 1, 2),
        "hs_code_id": "090111",
        "exporter": party("Exporter", "VN"),
        "importer": party("Importer", "US"),
        "exporter_country": "VN",
        "importer_country": "US",
        "value_usd": Decimal("10.00"),
        "source": "test",
        "source_record_id": "1",
    } | changes
    return Shipment.objects.create(**values)


def test_a_party_is_unique_per_normalised_name_and_country():
    party("ABC", "VN")
    party("ABC", "CN")
    with pytest.raises(IntegrityError), transaction.atomic():
        party("ABC", "VN")


def test_a_shipment_is_unique_per_source_record():
    first = shipment()
    with pytest.raises(IntegrityError), transaction.atomic():
        Shipment.objects.create(
            date=first.date,
            hs_code_id="090111",
            exporter=first.exporter,
            importer=first.importer,
            exporter_country="VN",
            importer_country="US",
            value_usd=Decimal(1),
            source="test",
            source_record_id="1",
        )


def test_a_shipment_value_is_never_negative():
    with pytest.raises(IntegrityError), transaction.atomic():
        shipment(value_usd=Decimal("-1.00"))


def test_hs_code_helpers():
    coffee = HSCode.objects.get(code="090111")
    assert (coffee.chapter_code, coffee.heading_code) == ("09", "0901")
    assert str(coffee) == "090111 Coffee; not roasted or decaffeinated"
    assert coffee.description("vi") == "Cà phê nhân chưa rang, chưa khử caffeine"
    decaffeinated = HSCode.objects.get(code="090112")
    assert decaffeinated.description("vi") == decaffeinated.description_en  # no name of its own
    assert HSCode.objects.get(code="09").description("vi").startswith("Cà phê")


def test_codes_in_use_are_protected():
    shipment()
    with pytest.raises(Exception, match="protected"):
        HSCode.objects.get(code="090111").delete()
