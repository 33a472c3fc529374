from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from apps.core.gate import signin_required
from apps.core.pages import render_island


@require_safe
@signin_required
def lead_verification(request: HttpRequest) -> HttpResponse:
    return render_island(request, family="verification", page="lead-verification")


@require_safe
@signin_required
def verification_detail(request: HttpRequest, company_id: int) -> HttpResponse:
    return render_island(
        request, family="verification", page="verification-detail", data={"company_id": company_id}
    )
