from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from apps.core.gate import signin_required
from apps.core.pages import render_island


@require_safe
@signin_required
def market_insights(request: HttpRequest) -> HttpResponse:
    return render_island(request, family="market", page="market-insights")
