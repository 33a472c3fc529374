from django.urls import path

from apps.verification import views

urlpatterns = [
    path("lead-verification", views.lead_verification, name="lead-verification"),
    path(
        "lead-verification/<record_id:company_id>",
        views.verification_detail,
        name="verification-detail",
    ),
]
