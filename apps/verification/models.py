"""Verification's tables.

Sanctions: each loaded list (OFAC SDN, OFAC Consolidated, UN Consolidated) and its entries.
An import replaces a list's entries whole; the entries carry their match keys (normalised
name and aliases, `apps.verification.sanctions.names.match_key`) so screening need not
recompute them."""

from __future__ import annotations

from django.db import models


class SanctionsList(models.Model):
    name = models.CharField(max_length=80, unique=True, help_text="e.g. 'OFAC SDN'.")
    published_on = models.DateField(
        null=True, blank=True, help_text="The list's own publication date, when known."
    )
    published_note = models.CharField(
        max_length=200, blank=True, help_text="Where the publication date comes from."
    )
    source_file = models.CharField(max_length=255)
    loaded_at = models.DateTimeField()
    entry_count = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class SanctionedParty(models.Model):
    class Kind(models.TextChoices):
        INDIVIDUAL = "individual"
        ENTITY = "entity"
        VESSEL = "vessel"
        AIRCRAFT = "aircraft"

    sanctions_list = models.ForeignKey(
        SanctionsList, on_delete=models.CASCADE, related_name="parties"
    )
    source_id = models.CharField(max_length=40, help_text="The list's own id (ent_num, DATAID).")
    name = models.CharField(max_length=500)
    kind = models.CharField(max_length=12, choices=Kind.choices)
    programmes = models.JSONField(default=list)
    aliases = models.JSONField(default=list)
    countries = models.JSONField(default=list)
    listed_on = models.DateField(null=True, blank=True)
    remarks = models.TextField(blank=True)
    match_keys = models.JSONField(
        default=list, help_text="Normalised name, then aliases (names.match_key)."
    )

    class Meta:
        ordering = ["sanctions_list", "name"]
        verbose_name_plural = "sanctioned parties"
        constraints = [
            models.UniqueConstraint(
                fields=["sanctions_list", "source_id"], name="verification_party_unique_source_id"
            ),
        ]

    def __str__(self) -> str:
        return self.name
