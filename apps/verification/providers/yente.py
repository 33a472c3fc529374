"""Sanctions screening through a yente server (OpenSanctions' screening API): the company is
sent as a `Company` example to `POST /match/{dataset}`, and yente scores the candidates from
0 to 1 and flags those at or above the threshold it was given. The grades follow the lists
screened here: at or above the threshold a match, in a band below it as wide as the local
lists' review band a review, below that near. yente's answer does not say which list versions
it screened, so `lists` stays empty."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import requests
from django.conf import settings

from apps.accounts.providers.oidc import HttpClient
from apps.verification.providers import SourceError
from apps.verification.providers.sanctions import (
    GRADE_MATCH,
    GRADE_NEAR,
    GRADE_REVIEW,
    SanctionMatch,
    ScreeningResult,
)
from apps.verification.sanctions.matching import MATCH_THRESHOLD, REVIEW_THRESHOLD

YENTE_UNREACHABLE = "The sanctions screening service is unreachable"
QUERY = "q"
# The review band below yente's threshold, on yente's 0 to 1 scale.
REVIEW_BAND = (MATCH_THRESHOLD - REVIEW_THRESHOLD) / 100


def _first(properties: dict[str, Any], *names: str) -> list[str]:
    """The values of the first of `names` the entity has (plain strings only)."""
    for name in names:
        values = [value for value in properties.get(name) or [] if isinstance(value, str)]
        if values:
            return values
    return []


def _grade(score: float, threshold: float) -> str:
    if score >= threshold:
        return GRADE_MATCH
    return GRADE_REVIEW if score >= threshold - REVIEW_BAND else GRADE_NEAR


def _match(result: dict[str, Any], threshold: float) -> SanctionMatch:
    properties = result.get("properties") or {}
    listed_on = result.get("last_change") or result.get("first_seen")
    score = float(result.get("score", 0.0))
    return SanctionMatch(
        name=str(result.get("caption", "")),
        score=score,
        list_name=", ".join(result.get("datasets") or []),
        programme=", ".join(_first(properties, "programId", "program", "topics")),
        list_date=str(listed_on)[:10] if listed_on else None,
        matched_name=", ".join(_first(properties, "name")),
        grade=_grade(score, threshold),
    )


class YenteScreener:
    def __init__(self, http: HttpClient | None = None) -> None:
        self.request = http.request if http else requests.request
        base = settings.VERIFICATION_YENTE_URL.rstrip("/")
        self.url = f"{base}/match/{settings.VERIFICATION_YENTE_DATASET}"

    def screen(
        self, name: str, aliases: Sequence[str] = (), country: str | None = None
    ) -> ScreeningResult:
        threshold = settings.VERIFICATION_YENTE_THRESHOLD
        properties = {"name": [name, *aliases], **({"country": [country]} if country else {})}
        headers: dict[str, str] = {}
        if settings.VERIFICATION_YENTE_API_KEY:
            headers["Authorization"] = f"ApiKey {settings.VERIFICATION_YENTE_API_KEY}"
        try:
            response = self.request(
                "POST",
                self.url,
                params={"threshold": str(threshold)},
                json={"queries": {QUERY: {"schema": "Company", "properties": properties}}},
                headers=headers,
                timeout=settings.VERIFICATION_CHECK_TIMEOUT,
            )
            response.raise_for_status()
            results = response.json()["responses"][QUERY]["results"]
            matches = tuple(_match(result, threshold) for result in results)
        except (requests.RequestException, ValueError, KeyError, TypeError) as exc:
            raise SourceError(YENTE_UNREACHABLE) from exc
        # yente flags `match` where the score reaches the threshold sent, the same rule as the
        # match grade; the candidates below it travel as reviews and near misses.
        return ScreeningResult(
            threshold=threshold,
            matches=matches,
            review_threshold=round(max(0.0, threshold - REVIEW_BAND), 3),
        )
