"""The plans' Vietnamese texts call credits "điểm": "tín dụng" reads as a loan."""

from typing import Any

from django.db import migrations


def _reworded(value: Any, old: tuple[str, str], new: tuple[str, str]) -> Any:
    if isinstance(value, str):
        return value.replace(old[0], new[0]).replace(old[1], new[1])
    if isinstance(value, list):
        return [_reworded(item, old, new) for item in value]
    if isinstance(value, dict):
        return {key: _reworded(item, old, new) for key, item in value.items()}
    return value


def _reword_plans(apps: Any, old: tuple[str, str], new: tuple[str, str]) -> None:
    """Every plan's Vietnamese texts with `old` (capitalised, not) written as `new`."""
    plan_model = apps.get_model("billing", "Plan")
    for plan in plan_model.objects.all():
        vietnamese = plan.texts.get("vi")
        if vietnamese:
            plan.texts = {**plan.texts, "vi": _reworded(vietnamese, old, new)}
            plan.save(update_fields=["texts"])


def forwards(apps: Any, schema_editor: Any) -> None:
    _reword_plans(apps, ("Tín dụng", "tín dụng"), ("Điểm", "điểm"))


class Migration(migrations.Migration):
    dependencies = [("billing", "0004_credit_hold")]

    # Going back leaves the new word: "điểm" was in no text before.
    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
