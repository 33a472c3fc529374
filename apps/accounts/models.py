"""The product's users. The identity provider owns credentials; a user here is known by the
provider's subject (`sub`) and carries the email and name the provider last reported."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser, BaseUserManager
from django.contrib.auth.models import PermissionsMixin
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone


class UserManager(BaseUserManager["User"]):
    use_in_migrations = True

    def create_user(self, email: str, password: str | None = None, **fields: Any) -> User:
        user = self.model(email=self.normalize_email(email), **fields)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_superuser(self, email: str, password: str | None = None, **fields: Any) -> User:
        fields.update(is_staff=True, is_superuser=True)
        return self.create_user(email, password, **fields)


class User(AbstractBaseUser, PermissionsMixin):
    email = models.EmailField(unique=True)
    oidc_subject = models.CharField(
        "subject at the identity provider", max_length=255, unique=True, null=True, blank=True
    )
    name = models.CharField(max_length=255, blank=True)
    is_staff = models.BooleanField(default=False)
    is_active = models.BooleanField(default=True)
    date_joined = models.DateTimeField(default=timezone.now)

    objects = UserManager()

    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"

    class Meta:
        constraints = [
            models.UniqueConstraint(Lower("email"), name="accounts_user_email_ci_unique"),
        ]

    def __str__(self) -> str:
        return self.email

    def get_full_name(self) -> str:
        return self.name

    def get_short_name(self) -> str:
        return self.name or self.email


class Feature(models.TextChoices):
    """The sidebar's features that are not built yet (their routes: apps/core/urls.py)."""

    AI_SALE_AGENT = "ai-sale-agent", "AI Sale Agent"
    CONTENT_WORKFLOW = "content-workflow", "Content Workflow"
    AI_PACKAGE_DESIGN = "ai-package-design", "AI Package Design"
    LEAD_NURTURING = "lead-nurturing", "Lead Nurturing"
    ORDER_MANAGEMENT = "order-management", "Order Management"
    FARM_MANAGEMENT = "farm-management", "Farm Management"
    CHATBOT_SUPPORT = "chatbot-support", "Chatbot Support"
    CUSTOMER_SERVICES = "customer-services", "Customer Services"


class ServiceDemand(models.Model):
    """Someone's interest in features that are not built yet, which operators follow up."""

    class Status(models.TextChoices):
        NEW = "new"
        CONTACTED = "contacted"
        CLOSED = "closed"

    user = models.ForeignKey(
        User, on_delete=models.SET_NULL, null=True, blank=True, related_name="service_demands"
    )
    first_name = models.CharField(max_length=100)
    last_name = models.CharField(max_length=100)
    email = models.EmailField()
    phone_number = models.CharField(max_length=32, help_text="E.164")
    company_name = models.CharField(max_length=200)
    job_title = models.CharField(max_length=200, blank=True)
    language = models.CharField(max_length=10, default="en")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.NEW)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "-created_at"], name="accounts_demand_status")]

    def __str__(self) -> str:
        return f"{self.first_name} {self.last_name} ({self.company_name})"


class ServiceDemandFeature(models.Model):
    """One feature a demand asks for: a row each, so demands filter and count by feature."""

    demand = models.ForeignKey(ServiceDemand, on_delete=models.CASCADE, related_name="features")
    feature = models.CharField(max_length=40, choices=Feature.choices)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["demand", "feature"], name="accounts_demand_feature"),
        ]

    def __str__(self) -> str:
        return self.get_feature_display()
