from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "apps.core"

    def ready(self) -> None:
        from django.urls import register_converter

        from apps.core.converters import RecordIdConverter

        register_converter(RecordIdConverter, "record_id")
