"""The list and city filters match case-insensitively, which Django writes as
`UPPER(column::text) LIKE UPPER(pattern)`: a trigram index on the bare column cannot serve it.

Keywords and cities are free text where a searched word is usually rare: a trigram index on
that expression serves them (and gives the planner statistics on it). Industries and
technologies come from small vocabularies where one value can fill a fifth of the table,
which a trigram index answers slower than reading the rows: those get statistics on the
expression only, so the planner estimates their matches instead of guessing (it then walks
the name index for a page, or starts from a selective filter). The bare-column indexes, and
the one of the job title (matched the same way, only within chosen companies), served no
query."""

from typing import Any

from django.db import migrations

UPPER_INDEXES = {
    "leads_company_keywords_upper_trgm": ("leads_company", "keywords"),
    "leads_company_city_upper_trgm": ("leads_company", "city"),
}
UPPER_STATISTICS = {
    "leads_company_industries_upper": ("leads_company", "industries"),
    "leads_company_technologies_upper": ("leads_company", "technologies"),
}
UNUSED_INDEXES = {
    "leads_company_industries_trgm": ("leads_company", "industries"),
    "leads_company_technologies_trgm": ("leads_company", "technologies"),
    "leads_company_keywords_trgm": ("leads_company", "keywords"),
    "leads_company_city_trgm": ("leads_company", "city"),
    "leads_lead_title_trgm": ("leads_lead", "job_title"),
}


def _create(schema_editor: Any, indexes: dict[str, tuple[str, str]], expression: str) -> None:
    for name, (table, column) in indexes.items():
        on = expression.format(column=column)
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS {name} ON {table} USING gin ({on} gin_trgm_ops)"
        )


def _drop(schema_editor: Any, indexes: dict[str, tuple[str, str]]) -> None:
    for name in indexes:
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")


def forwards(apps: Any, schema_editor: Any) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    _drop(schema_editor, UNUSED_INDEXES)
    _create(schema_editor, UPPER_INDEXES, "(UPPER({column}::text))")
    for name, (table, column) in UPPER_STATISTICS.items():
        schema_editor.execute(
            f"CREATE STATISTICS IF NOT EXISTS {name} ON (UPPER({column}::text)) FROM {table}"
        )
    schema_editor.execute("ANALYZE leads_company")


def backwards(apps: Any, schema_editor: Any) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    _drop(schema_editor, UPPER_INDEXES)
    for name in UPPER_STATISTICS:
        schema_editor.execute(f"DROP STATISTICS IF EXISTS {name}")
    _create(schema_editor, UNUSED_INDEXES, "{column}")


class Migration(migrations.Migration):
    dependencies = [("leads", "0003_contact_request_language")]

    operations = [migrations.RunPython(forwards, backwards)]
