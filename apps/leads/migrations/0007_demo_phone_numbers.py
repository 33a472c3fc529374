"""Demo people seeded before their numbers were drawn for their company's country had numbers
with made-up country codes (+83) or another country's (+54 at a company in the UAE): each such
number becomes one valid for the company's country. Real data is left alone."""

import hashlib
import random

import phonenumbers
from django.db import migrations

DEMO_SOURCE = "demo"
KINDS = (phonenumbers.PhoneNumberType.MOBILE, phonenumbers.PhoneNumberType.FIXED_LINE)


def _fits(phone, country):
    try:
        number = phonenumbers.parse(phone, None)
    except phonenumbers.NumberParseException:
        return False
    return phonenumbers.is_valid_number_for_region(number, country)


def _number_for(country, seed):
    """A valid number of `country` in international form (empty when it has no numbering)."""
    if country not in phonenumbers.SUPPORTED_REGIONS:
        return ""
    rng = random.Random(hashlib.sha256(seed.encode()).digest())  # noqa: S311 (demo data)
    example = phonenumbers.example_number_for_type(country, rng.choice(KINDS))
    example = example or phonenumbers.example_number(country)
    if example is None:
        return ""
    national = phonenumbers.national_significant_number(example)
    kept = min(3, len(national) - 4)
    number = example
    for _ in range(50):
        drawn = "".join(str(rng.randint(0, 9)) for _ in national[kept:])
        candidate = phonenumbers.parse(f"+{example.country_code}{national[:kept]}{drawn}", None)
        if phonenumbers.is_valid_number_for_region(candidate, country):
            number = candidate
            break
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.INTERNATIONAL)


def renumber_demo_people(apps, schema_editor):
    Lead = apps.get_model("leads", "Lead")
    people = Lead.objects.filter(source=DEMO_SOURCE).exclude(phone="")
    changed = []
    for lead in people.select_related("company").iterator(chunk_size=2000):
        country = lead.company.country
        if not _fits(lead.phone, country):
            lead.phone = _number_for(country, lead.source_record_id)
            changed.append(lead)
    Lead.objects.bulk_update(changed, ["phone"], batch_size=2000)


class Migration(migrations.Migration):
    dependencies = [
        ("leads", "0006_phone_result_mailed"),
    ]

    operations = [
        migrations.RunPython(renumber_demo_people, migrations.RunPython.noop),
    ]
