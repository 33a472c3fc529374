"""Typo-tolerant name search and substring filters on PostgreSQL: pg_trgm GIN indexes. Other
databases use the portable substring match without them, so this migration does nothing there."""

from typing import Any

from django.db import migrations

TRIGRAM_INDEXES = {
    "leads_company_name_trgm": ("leads_company", "normalized_name"),
    "leads_company_industries_trgm": ("leads_company", "industries"),
    "leads_company_technologies_trgm": ("leads_company", "technologies"),
    "leads_company_keywords_trgm": ("leads_company", "keywords"),
    "leads_company_city_trgm": ("leads_company", "city"),
    "leads_lead_name_trgm": ("leads_lead", "full_name"),
    "leads_lead_title_trgm": ("leads_lead", "job_title"),
}


def create_indexes(apps: Any, schema_editor: Any) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    for name, (table, column) in TRIGRAM_INDEXES.items():
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS {name} ON {table} USING gin ({column} gin_trgm_ops)"
        )


def drop_indexes(apps: Any, schema_editor: Any) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    for name in TRIGRAM_INDEXES:
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")


class Migration(migrations.Migration):
    dependencies = [("leads", "0001_initial")]

    operations = [migrations.RunPython(create_indexes, drop_indexes)]
