"""When shipments leave: the months and days of a date range, weighted by crop season."""

from __future__ import annotations

import calendar
from datetime import date, timedelta

from apps.market.demo.sampling import weighted_table
from apps.market.demo.tables.trade import SEASONALITY

YearMonth = tuple[int, int]


def months_between(start: date, end: date) -> list[YearMonth]:
    """Every (year, month) from `start`'s month to `end`'s, in order."""
    out = []
    y, m = start.year, start.month
    while (y, m) <= (end.year, end.month):
        out.append((y, m))
        y, m = (y + 1, 1) if m == 12 else (y, m + 1)
    return out


def days_between(start: date, end: date) -> list[date]:
    """Every day from `start` to `end`, both included."""
    days: list[date] = []
    d = start
    while d <= end:
        days.append(d)
        d += timedelta(days=1)
    return days


def date_table(
    product: str, exporter: str, days: list[date], iso_days: list[tuple[str, int]]
) -> list[tuple[str, int]]:
    """8192 (ISO day, month index) entries, each day weighted by its month's season."""
    season = SEASONALITY[(product, exporter)]
    day_weights = []
    for day in days:
        # Trade grows ~4 % a year on top of the season.
        year_factor = 1.04 ** (day.year - 2023)
        days_in_month = calendar.monthrange(day.year, day.month)[1]
        day_weights.append(season[day.month - 1] * year_factor / days_in_month)
    return weighted_table(iso_days, day_weights, 13)
