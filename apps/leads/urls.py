from django.urls import path

from apps.leads import views

urlpatterns = [
    path("find-global-lead", views.find_global_lead, name="find-global-lead"),
    path("find-global-company", views.find_global_company, name="find-global-company"),
    path("find-global-company/<record_id:company_id>", views.company_detail, name="company-detail"),
]
