"""The search a question stands for, as the AI box read it: days as dates, before the search's
own checks (a question may name too little to search by)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from apps.market.filters import ShipmentFilters


@dataclass(frozen=True)
class AskedSearch:
    """The fields of ShipmentFilters, under the same names, not yet checked."""

    start_date: date
    end_date: date
    product_details: str = ""
    importer_name: str = ""
    exporter_name: str = ""
    importer_country: str = ""
    exporter_country: str = ""
    hs_codes: tuple[str, ...] = ()

    @property
    def period(self) -> tuple[date, date]:
        return self.start_date, self.end_date

    @property
    def names_goods_or_party(self) -> bool:
        """Whether it names what to search: goods, a code or a company (the search needs one)."""
        texts = (self.product_details, self.importer_name, self.exporter_name)
        return any(texts) or bool(self.hs_codes)

    def checked(self) -> ShipmentFilters:
        """The search, checked as the API checks its parameters (ValidationFailed if wrong)."""
        return ShipmentFilters.checked(self)
