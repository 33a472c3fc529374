"""Buyer companies, the people who work there (leads) and users' contact requests.

Companies and people come from import files (`import_companies`, `import_leads`) or the demo
seed, each unique per (source, source_record_id). A company is linked to market's trade party
of the same normalised name and country (`trade_party_id`), which proves what it imports. A
person's email and phone are stored here but reach a user only through that user's
ContactRequest (the reveal)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

# List columns (industries, technologies, keywords) are stored as "|one|two|": a filter on a
# value is a substring match of "|value|", portable and served by a trigram index on
# PostgreSQL (migration 0002).
LIST_SEPARATOR = "|"
# Records of this source are generated demo data (as market's demo shipments are).
DEMO_SOURCE = "demo"


def list_text(values: list[str]) -> str:
    cleaned = [" ".join(v.replace(LIST_SEPARATOR, " ").split()) for v in values]
    kept = list(dict.fromkeys(v for v in cleaned if v))
    return f"{LIST_SEPARATOR}{LIST_SEPARATOR.join(kept)}{LIST_SEPARATOR}" if kept else ""


def text_list(text: str) -> list[str]:
    return [value for value in text.split(LIST_SEPARATOR) if value]


class Company(models.Model):
    name = models.CharField(max_length=300)
    normalized_name = models.CharField(
        max_length=300, help_text="apps.market.names.normalise_name of the name."
    )
    domain = models.CharField(max_length=255, blank=True)
    country = models.CharField(max_length=2, help_text="ISO 3166-1 alpha-2.")
    city = models.CharField(max_length=120, blank=True)
    industries = models.TextField(blank=True)
    technologies = models.TextField(blank=True)
    keywords = models.TextField(blank=True)
    funding_stage = models.CharField(max_length=40, blank=True)
    funding_date = models.DateField(null=True, blank=True)
    job_postings = models.PositiveIntegerField(default=0, help_text="Open job postings.")
    job_posting_date = models.DateField(null=True, blank=True)
    revenue_usd = models.BigIntegerField(null=True, blank=True, help_text="Yearly, in USD.")
    revenue_range = models.CharField(max_length=40, blank=True)
    employees = models.PositiveIntegerField(null=True, blank=True)
    founded_year = models.PositiveSmallIntegerField(null=True, blank=True)
    retail_locations = models.PositiveIntegerField(null=True, blank=True)
    business_type = models.CharField(max_length=60, blank=True)
    description = models.TextField(blank=True)
    source = models.CharField(max_length=60)
    source_record_id = models.CharField(max_length=120)
    source_date = models.DateField(null=True, blank=True)
    is_demo = models.BooleanField(default=False)
    # Market's TradeParty id (no database reference: leads reads trade data through market's
    # selectors only).
    trade_party_id = models.BigIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["normalized_name", "id"]
        verbose_name_plural = "companies"
        constraints = [
            models.UniqueConstraint(
                fields=["source", "source_record_id"], name="leads_company_unique_source_record"
            ),
        ]
        indexes = [
            models.Index(fields=["normalized_name", "id"], name="leads_company_name"),
            models.Index(fields=["country", "normalized_name"], name="leads_company_country"),
            models.Index(fields=["employees"], name="leads_company_employees"),
            models.Index(fields=["revenue_usd"], name="leads_company_revenue"),
            models.Index(fields=["founded_year"], name="leads_company_founded"),
            models.Index(fields=["retail_locations"], name="leads_company_retail"),
            models.Index(fields=["funding_date"], name="leads_company_funding_date"),
            models.Index(fields=["trade_party_id"], name="leads_company_trade_party"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.country})"


class Lead(models.Model):
    """A person at a company."""

    class Seniority(models.TextChoices):
        OWNER = "owner"
        FOUNDER = "founder"
        C_SUITE = "c_suite"
        PARTNER = "partner"
        VP = "vp"
        HEAD = "head"
        DIRECTOR = "director"
        MANAGER = "manager"
        SENIOR = "senior"
        ENTRY = "entry"
        INTERN = "intern"

    class EmailStatus(models.TextChoices):
        VALID = "valid"
        ACCEPT_ALL = "accept_all"
        UNKNOWN = "unknown"

    company = models.ForeignKey(Company, on_delete=models.CASCADE, related_name="people")
    first_name = models.CharField(max_length=120, blank=True)
    last_name = models.CharField(max_length=120, blank=True)
    full_name = models.CharField(max_length=250)
    social_url = models.URLField(max_length=500, blank=True, help_text="e.g. LinkedIn.")
    country = models.CharField(max_length=2, blank=True)
    location = models.CharField(max_length=200, blank=True)
    job_title = models.CharField(max_length=200, blank=True)
    seniority = models.CharField(max_length=12, choices=Seniority.choices, blank=True)
    department = models.CharField(max_length=80, blank=True)
    email = models.EmailField(max_length=254, blank=True)
    email_status = models.CharField(max_length=12, choices=EmailStatus.choices, blank=True)
    phone = models.CharField(max_length=40, blank=True)
    source = models.CharField(max_length=60)
    source_record_id = models.CharField(max_length=120)
    is_demo = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["company_id", "full_name", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["source", "source_record_id"], name="leads_lead_unique_source_record"
            ),
        ]
        indexes = [
            models.Index(fields=["company", "full_name", "id"], name="leads_lead_company"),
            models.Index(fields=["company", "seniority"], name="leads_lead_company_seniority"),
            models.Index(fields=["country"], name="leads_lead_country"),
        ]

    def __str__(self) -> str:
        return f"{self.full_name} at {self.company_id}"


class ContactRequest(models.Model):
    """A user's reveal of a person's email or request of their phone number. One per user,
    person and kind: asking again costs nothing and shows the same answer, except after a
    failed phone lookup, which may be asked again (a new lookup, charged anew).

    A phone lookup runs as numbered tries: `lookups` counts the lookups charged, `attempts` the
    tries of the current one, and `try_deadline` is when the current try must have ended; past
    it, the try counts as failed (a worker that died in it, a task that was lost). An ended
    lookup not yet `notified_at` is mailed by the sweep."""

    class Kind(models.TextChoices):
        EMAIL = "email"
        PHONE = "phone"

    class State(models.TextChoices):
        PROCESSING = "processing"
        FOUND = "found"
        NOT_FOUND = "not_found"
        FAILED = "failed"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="lead_contact_requests"
    )
    lead = models.ForeignKey(Lead, on_delete=models.CASCADE, related_name="contact_requests")
    kind = models.CharField(max_length=5, choices=Kind.choices)
    state = models.CharField(max_length=10, choices=State.choices)
    value = models.CharField(max_length=254, blank=True, help_text="The email or number found.")
    email_status = models.CharField(max_length=12, choices=Lead.EmailStatus.choices, blank=True)
    provider = models.CharField(max_length=40, blank=True)
    credits = models.PositiveSmallIntegerField(default=0, help_text="Credits it cost.")
    created_at = models.DateTimeField(auto_now_add=True)
    completed_at = models.DateTimeField(null=True, blank=True)
    language = models.CharField(
        max_length=8, default="en", help_text="The interface language the result is emailed in."
    )
    lookups = models.PositiveSmallIntegerField(
        default=1, help_text="Phone lookups charged (a failed one may be asked again)."
    )
    attempts = models.PositiveSmallIntegerField(
        default=0, help_text="Tries of the current phone lookup queued so far."
    )
    try_deadline = models.DateTimeField(
        null=True, blank=True, help_text="When the current try must have ended."
    )
    notified_at = models.DateTimeField(
        null=True, blank=True, help_text="When the phone lookup's end was mailed to the user."
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "lead", "kind"], name="leads_request_unique_user_lead_kind"
            ),
        ]
        indexes = [
            models.Index(fields=["user", "-created_at"], name="leads_request_user_recent"),
            models.Index(fields=["state", "created_at"], name="leads_request_state"),
        ]
        verbose_name = "email reveal or phone request"
        verbose_name_plural = "email reveals and phone requests"

    def __str__(self) -> str:
        return f"{self.kind} of {self.lead_id} for {self.user_id}: {self.state}"
