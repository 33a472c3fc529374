from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from apps.core.gate import signin_required
from apps.core.pages import render_island


@require_safe
@signin_required
def find_global_lead(request: HttpRequest) -> HttpResponse:
    return render_island(request, family="leads", page="find-global-lead")


@require_safe
@signin_required
def find_global_company(request: HttpRequest) -> HttpResponse:
    return render_island(request, family="leads", page="find-global-company")


@require_safe
@signin_required
def company_detail(request: HttpRequest, company_id: int) -> HttpResponse:
    return render_island(
        request, family="leads", page="company-detail", data={"company_id": company_id}
    )
