"""Verifications of buyer companies, the caches of their outside sources, and users' report
requests, and the sanctions lists with their entries.

A Verification is one user's view of one leads company: the domain it was started with, the
four checks (each pending → in_progress → success or error, with its result as JSON) and the
credits its run cost. Starting again after a finished run begins a new run (`run` + 1), charged
on its own."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from apps.leads.models import Company

CHECKS = ("company_profile", "trade_data", "sanctions", "website")


class CheckState(models.TextChoices):
    PENDING = "pending"
    IN_PROGRESS = "in_progress"
    SUCCESS = "success"
    ERROR = "error"


FINISHED = (CheckState.SUCCESS, CheckState.ERROR)


def _field(check: str, part: str) -> str:
    """The column of a check's state or result: one of the four checks only."""
    if check not in CHECKS:
        raise ValueError(f"Unknown check: {check}")
    return f"{check}_{part}"


def _state() -> models.CharField:
    return models.CharField(max_length=12, choices=CheckState.choices, default=CheckState.PENDING)


class Verification(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="verifications"
    )
    company = models.ForeignKey(Company, on_delete=models.CASCADE, related_name="verifications")
    domain = models.CharField(max_length=255, blank=True)
    run = models.PositiveIntegerField(default=0, help_text="Runs started so far.")
    language = models.CharField(
        max_length=10, default="en", help_text="The interface language of the run's start."
    )
    company_profile_state = _state()
    company_profile_result = models.JSONField(default=dict, blank=True)
    trade_data_state = _state()
    trade_data_result = models.JSONField(default=dict, blank=True)
    sanctions_state = _state()
    sanctions_result = models.JSONField(default=dict, blank=True)
    website_state = _state()
    website_result = models.JSONField(default=dict, blank=True)
    credits_charged = models.PositiveSmallIntegerField(
        default=0, help_text="What the current run cost."
    )
    charged = models.BooleanField(
        default=False, help_text="The current run's charge is settled (paid, or nothing due)."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "company"], name="verification_unique_user_company"
            ),
        ]
        indexes = [
            models.Index(fields=["user", "-started_at"], name="verification_user_recent"),
        ]

    def __str__(self) -> str:
        return f"Verification of {self.company_id} for {self.user_id} (run {self.run})"

    def state(self, check: str) -> str:
        return str(getattr(self, _field(check, "state")))

    def result(self, check: str) -> dict:
        return dict(getattr(self, _field(check, "result")) or {})

    def mark(self, check: str, state: str, result: dict | None = None) -> None:
        """Sets a check's state and, when given, its result (`findings` gives it a type)."""
        setattr(self, _field(check, "state"), CheckState(state))
        if result is not None:
            setattr(self, _field(check, "result"), result)

    def states(self) -> dict[str, str]:
        return {check: self.state(check) for check in CHECKS}

    @property
    def finished(self) -> bool:
        return all(self.state(check) in FINISHED for check in CHECKS)


class PlaceCache(models.Model):
    """A maps provider's answer for a company, kept for VERIFICATION_CACHE_DAYS."""

    company = models.OneToOneField(Company, on_delete=models.CASCADE, related_name="+")
    provider = models.CharField(max_length=40)
    place = models.JSONField(null=True, blank=True, help_text="None when the provider found none.")
    fetched_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"Place of {self.company_id} from {self.provider}"


class DomainCache(models.Model):
    """What the registry (RDAP) and the website answered for a domain."""

    domain = models.CharField(max_length=255, unique=True)
    registration = models.JSONField(default=dict, blank=True)
    website = models.JSONField(default=dict, blank=True)
    fetched_at = models.DateTimeField()

    def __str__(self) -> str:
        return self.domain


class ReportRequest(models.Model):
    """An advanced report (one or more of the seven types) or a custom report a user asked
    for; operators answer it by email and mark it answered."""

    class Kind(models.TextChoices):
        ADVANCED = "advanced"
        CUSTOM = "custom"

    class Status(models.TextChoices):
        OPEN = "open"
        ANSWERED = "answered"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="report_requests"
    )
    company = models.ForeignKey(
        Company,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="company reported on",
        help_text="The company the report is about; none for a custom report (see the message).",
    )
    kind = models.CharField(max_length=10, choices=Kind.choices)
    report_types = models.JSONField(default=list, blank=True)
    first_name = models.CharField(max_length=120)
    last_name = models.CharField(max_length=120)
    email = models.EmailField(max_length=254)
    phone = models.CharField(max_length=40)
    company_name = models.CharField(max_length=300, verbose_name="requester's company")
    job_title = models.CharField(max_length=200, blank=True)
    message = models.TextField(blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "created_at"], name="verification_report_open")]

    def __str__(self) -> str:
        about = self.company.name if self.company else "the company in the message"
        return f"{self.kind} report on {about} for {self.company_name} ({self.status})"


# Sanctions: each loaded list (OFAC SDN, OFAC Consolidated, UN Consolidated) and its entries.
# An import replaces a list's entries whole; the entries carry their match keys (normalised
# name and aliases, `apps.verification.sanctions.names.match_key`) so screening need not
# recompute them.


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


class RegistryCache(models.Model):
    """The company registry's (GLEIF's) record of a company, kept for VERIFICATION_CACHE_DAYS."""

    company = models.OneToOneField(Company, on_delete=models.CASCADE, related_name="+")
    provider = models.CharField(max_length=40)
    record = models.JSONField(
        null=True, blank=True, help_text="None when the registry holds no such company."
    )
    fetched_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"Registry record of {self.company_id} from {self.provider}"
