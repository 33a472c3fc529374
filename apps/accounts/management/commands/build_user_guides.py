"""Builds the user guide PDFs (one per interface language) into VAR_DIR/user-guide/."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from apps.accounts.guide.build import LANGUAGES, build, guide_path
from apps.accounts.guide.fonts import MissingGlyphs


class Command(BaseCommand):
    help = "Build the user guide PDFs from their templates and screenshots."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "languages", nargs="*", help=f"Only these of {', '.join(LANGUAGES)} (default: all)."
        )
        parser.add_argument(
            "--if-missing", action="store_true", help="Only the guides not built yet."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        languages = options["languages"] or LANGUAGES
        if unknown := set(languages) - set(LANGUAGES):
            raise CommandError(f"No user guide in {', '.join(sorted(unknown))}.")
        for language in languages:
            if options["if_missing"] and guide_path(language).exists():
                continue
            started = time.perf_counter()
            try:
                target = build(language)
            except MissingGlyphs as error:
                raise CommandError(f"The {language} guide was not built: {error}") from error
            self.stdout.write(
                f"{target} ({target.stat().st_size // 1024} KB) built in "
                f"{time.perf_counter() - started:.1f} s"
            )
