"""Vietnamese and Chinese names of the HS subheadings Vietnamese exporters trade most."""

from django.db import migrations

from apps.market.hs import apply_subheading_names


def apply(apps, schema_editor):
    apply_subheading_names(apps)


class Migration(migrations.Migration):
    dependencies = [("market", "0005_shipment_date_index_only")]

    operations = [migrations.RunPython(apply, migrations.RunPython.noop, elidable=False)]
