"""What the code of an app imports, read from its source, for the tests that keep the apps'
import direction (DESIGN.md §2: verification → leads → market → billing → accounts → core)."""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from pathlib import Path

APPS = Path(__file__).resolve().parents[2]


def _imported_modules(tree: ast.AST) -> Iterator[str]:
    # Every import at any depth: one inside a function binds the app just the same.
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module
            # `from apps import billing` names the app in the alias.
            yield from (f"{node.module}.{alias.name}" for alias in node.names)


def imports_of_apps(app: str, apps: Iterable[str]) -> list[str]:
    """`<file>: <module>` for each import in `apps/<app>/**/*.py` of a module of one of `apps`."""
    prefixes = tuple(f"apps.{name}" for name in apps)
    root = APPS / app
    found = []
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root).as_posix()
        for module in _imported_modules(ast.parse(path.read_text(), str(path))):
            if module in prefixes or module.startswith(tuple(f"{p}." for p in prefixes)):
                found.append(f"{relative}: {module}")
    return found
