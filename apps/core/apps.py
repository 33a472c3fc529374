from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "apps.core"

    def ready(self) -> None:
        from apps.core import checks  # noqa: F401  (registers the deploy checks)
