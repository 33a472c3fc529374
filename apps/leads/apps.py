from django.apps import AppConfig


class LeadsConfig(AppConfig):
    name = "apps.leads"
