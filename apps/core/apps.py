from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "apps.core"

    def ready(self) -> None:
        from django.urls import register_converter

        from apps.core import checks  # noqa: F401  (registers the deploy checks)
        from apps.core.converters import RecordIdConverter

        register_converter(RecordIdConverter, "record_id")
