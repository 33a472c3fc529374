"""The rules of a shipment row: `RowCheck` checks a row as a CSV reader splits it and makes
the database values of a good one. These checks are the rules and the only source of the bad
rows' messages; the SQL of `Scan` only lets through, unchecked, rows it can tell pass them."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from decimal import ROUND_HALF_UP, Context, Decimal, InvalidOperation
from operator import itemgetter

from apps.core.importfiles import implausible_date
from apps.market.countries import ISO_COUNTRIES
from apps.market.fileformat import SHIPMENT_FILE_COLUMNS
from apps.market.imports.report import ImportFormatError
from apps.market.models import HSCode, Shipment
from apps.market.names import clean_display_name, normalise_name

TRANSPORT_MODES = {mode.value: mode.value for mode in Shipment.TransportMode} | {
    "ocean": "sea",
    "vessel": "sea",
    "maritime": "sea",
    "truck": "road",
    "land": "road",
    "train": "rail",
    "railway": "rail",
}

LIMITS = {  # text columns and their widths in the database
    "exporter_name": 300,
    "importer_name": 300,
    "quantity_unit": 20,
    "port_of_loading": 120,
    "port_of_discharge": 120,
    "source": 60,
    "source_record_id": 120,
}
_MAX_QUANTITY = Decimal(10) ** 15  # numeric(18, 3)
_MAX_VALUE = Decimal(10) ** 16  # numeric(18, 2)
_PRICE_PLACES = Decimal("0.000001")
_ID_LIMIT = LIMITS["source_record_id"]

# Numbers that need no conversion: plain digits under the column's limit with no more decimals
# than it keeps. Anything else goes through Decimal and is rounded like the database would.
PLAIN_QUANTITY = re.compile(r"[0-9]{1,15}(?:\.[0-9]{0,3})?").fullmatch
_PLAIN_VALUE = re.compile(r"[0-9]{1,16}(?:\.[0-9]{0,2})?").fullmatch
_PLAIN_DATE = re.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}").fullmatch
_QUANTITY_PLACES = Decimal("0.001")
_VALUE_PLACES = Decimal("0.01")
_EXACT = Context(prec=60)  # wide enough for value / quantity at 6 places without rounding


def _number(text: str, name: str, errors: list[str], limit: Decimal, places: Decimal) -> str | None:
    """The number as text for the database, rounded to its places, or None when empty."""
    text = text.strip()
    if not text:
        return None
    try:
        value = Decimal(text)
    except InvalidOperation:
        errors.append(f"{name} is not a number ({text!r})")
        return None
    if not value.is_finite():
        errors.append(f"{name} is not a number ({text!r})")
    elif value < 0:
        errors.append(f"{name} is negative ({text})")
    elif value >= limit or value.quantize(places, ROUND_HALF_UP, _EXACT) >= limit:
        errors.append(f"{name} is too large ({text})")
    else:
        return format(value.quantize(places, ROUND_HALF_UP, _EXACT), "f")
    return None


def _plain_unit_price(value: str, quantity: str) -> str | None:
    """_unit_price for plain numbers (digits, an optional point and decimals), in integers.
    `_unit_price_sql` of `scan` is the same computation."""
    units, _, cents = value.partition(".")
    whole, _, part = quantity.partition(".")
    divisor = int(whole + part) * 10 ** len(cents)
    if not divisor:
        return None
    price, rest = divmod(int(units + cents) * 10 ** (len(part) + 6), divisor)
    if 2 * rest >= divisor:
        price += 1
    return f"{price // 1_000_000}.{price % 1_000_000:06d}"


def _unit_price(value: str, quantity: str) -> str | None:
    """value / quantity at 6 places (half away from zero, as PostgreSQL's round), or None."""
    amount = Decimal(quantity)
    if not amount:
        return None
    price = _EXACT.divide(Decimal(value), amount).quantize(_PRICE_PLACES, ROUND_HALF_UP, _EXACT)
    return format(price, "f")


# A validated row: the database values in COPY_COLUMNS order without the party ids (text,
# None for a missing number) and the exporter's and importer's matching keys.
Row = tuple[tuple[str | None, ...], tuple[str, str], tuple[str, str]]
COPY_COLUMNS = (
    "date",
    "hs_code_id",
    "product_description",
    "exporter_country",
    "importer_country",
    "quantity",
    "quantity_unit",
    "net_weight_kg",
    "value_usd",
    "unit_price_usd",
    "port_of_loading",
    "port_of_discharge",
    "transport_mode",
    "source",
    "source_record_id",
    "exporter_id",
    "importer_id",
)


class _Validator:
    """Checks rows: the rules of a shipment row and the only source of their messages."""

    def __init__(self) -> None:
        self.hs6 = frozenset(HSCode.objects.filter(level=6).values_list("code", flat=True))
        self.names: dict[tuple[str, str], str] = {}  # matching key -> display name

    def _date(self, text: str) -> tuple[str, tuple[str, ...]]:
        day_text = text.strip()
        if not day_text:
            return "", ("missing date",)
        try:
            if len(day_text) != 10 or day_text[4] != "-":
                raise ValueError
            day = date.fromisoformat(day_text)
        except ValueError:
            return "", (f"bad date {day_text!r} (expected yyyy-mm-dd)",)
        problem = implausible_date(day)
        if problem:
            return "", (f"date {day_text} {problem}",)
        return day_text, ()

    def _hs(self, text: str) -> tuple[str, tuple[str, ...]]:
        code = text.strip()
        if code in self.hs6:
            return code, ()
        code = code.replace(".", "").replace(" ", "")
        if not code:
            return "", ("missing hs_code",)
        if not code.isdigit() or len(code) not in (6, 8, 10):
            return "", (f"hs_code must have 6 digits ({text!r})",)
        if code[:6] not in self.hs6:
            return "", (f"unknown HS code {code[:6]}",)
        return code[:6], ()

    @staticmethod
    def _mode(text: str) -> tuple[str, tuple[str, ...]]:
        mode = text.strip().lower()
        if mode:
            mode = TRANSPORT_MODES.get(mode, "")
            if not mode:
                return "", (f"unknown transport_mode {text.strip()!r}",)
        return mode, ()

    @staticmethod
    def _text(name: str, text: str) -> tuple[str, tuple[str, ...]]:
        clean = " ".join(text.split()) if name.startswith("port") else text.strip()
        if not clean and name == "source":
            return clean, ("missing source",)
        if len(clean) > LIMITS[name]:
            return clean, (f"{name} is longer than {LIMITS[name]} characters",)
        return clean, ()

    def _party(
        self, name: str, country: str, role: str, errors: list[str]
    ) -> tuple[tuple[str, str], str]:
        country = country.strip().upper()
        if not country:
            errors.append(f"missing {role}_country")
        elif country not in ISO_COUNTRIES:
            errors.append(f"{role}_country is not an ISO 3166 alpha-2 code ({country!r})")
        display = clean_display_name(name)
        if not display:
            errors.append(f"missing {role}_name")
            return ("", country), display
        if len(display) > LIMITS["exporter_name"]:
            errors.append(f"{role}_name is longer than {LIMITS['exporter_name']} characters")
            return ("", country), display
        key = normalise_name(display)[: LIMITS["exporter_name"]]
        if not key:
            errors.append(f"{role}_name has no letters or digits")
        return (key, country), display

    def row(self, fields: tuple[str, ...]) -> Row | list[str]:
        (
            day_text,
            hs_text,
            description,
            exporter_name,
            exporter_country,
            importer_name,
            importer_country,
            quantity_text,
            unit_text,
            weight_text,
            value_text,
            loading_text,
            discharge_text,
            mode_text,
            source_text,
            record_id,
        ) = fields
        day, e1 = self._date(day_text)
        hs_code, e2 = self._hs(hs_text)
        mode, e3 = self._mode(mode_text)
        unit, e4 = self._text("quantity_unit", unit_text)
        loading, e5 = self._text("port_of_loading", loading_text)
        discharge, e6 = self._text("port_of_discharge", discharge_text)
        source, e7 = self._text("source", source_text)
        party_errors: list[str] = []
        exporter, exporter_display = self._party(
            exporter_name, exporter_country, "exporter", party_errors
        )
        importer, importer_display = self._party(
            importer_name, importer_country, "importer", party_errors
        )
        errors: list[str] | None = None
        if e1 or e2 or party_errors:
            errors = [*e1, *e2, *party_errors]
        plain = True
        if PLAIN_QUANTITY(quantity_text):
            quantity: str | None = quantity_text
        else:
            plain = False
            errors = errors or []
            quantity = _number(quantity_text, "quantity", errors, _MAX_QUANTITY, _QUANTITY_PLACES)
        if PLAIN_QUANTITY(weight_text):
            weight: str | None = weight_text
        else:
            errors = errors or []
            weight = _number(weight_text, "net_weight_kg", errors, _MAX_QUANTITY, _QUANTITY_PLACES)
        if _PLAIN_VALUE(value_text):
            value: str | None = value_text
        else:
            plain = False
            errors = errors or []
            value = _number(value_text, "value_usd", errors, _MAX_VALUE, _VALUE_PLACES)
            if value is None and not value_text.strip():
                errors.append("missing value_usd")
        if record_id[:1].isspace() or record_id[-1:].isspace():
            record_id = record_id.strip()
        if e3 or e4 or e5 or e6 or e7 or not record_id or len(record_id) > _ID_LIMIT:
            errors = errors or []
            errors.extend(e3)
            missing_source = [problem for problem in e7 if problem.startswith("missing")]
            errors.extend(missing_source)
            if not record_id:
                errors.append("missing source_record_id")
            errors.extend((*e4, *e5, *e6))
            errors.extend(problem for problem in e7 if problem not in missing_source)
            if len(record_id) > _ID_LIMIT:
                errors.append(f"source_record_id is longer than {_ID_LIMIT} characters")
        if errors:
            return errors
        assert value is not None
        names = self.names
        if exporter not in names:
            names[exporter] = exporter_display
        if importer not in names:
            names[importer] = importer_display
        return (
            (
                day,
                hs_code,
                description.strip(),
                exporter[1],
                importer[1],
                quantity,
                unit,
                weight,
                value,
                None
                if quantity is None
                else (_plain_unit_price if plain else _unit_price)(value, quantity),
                loading,
                discharge,
                mode,
                source,
                record_id,
            ),
            exporter,
            importer,
        )


class RowCheck:
    """The Python checks of one raw row, as a CSV reader splits it: the rules' only home."""

    def __init__(self, header: list[str]) -> None:
        self.width = len(header)
        self.get = _header_getter(header)
        self.validator = _Validator()

    def __call__(self, fields: list[str]) -> Row | list[str]:
        if len(fields) != self.width:
            return [f"expected {self.width} fields, found {len(fields)}"]
        if "\x00" in "".join(fields):
            return ["contains a NUL character"]
        return self.validator.row(self.get(fields))

    def pair(self, name: str, country: str) -> tuple[tuple[str, str], str] | None:
        """A party's matching key and display name, or None when its name or country is bad
        (or holds a NUL)."""
        errors: list[str] = []
        key, display = self.validator._party(name, country, "exporter", errors)
        return None if errors or "\x00" in name + country else (key, display)

    def plain_value(self, column: str, text: str) -> bool:
        """Whether a value of a `survey.VOCABULARY` column passes its check and is stored as
        the SQL of `Scan.values` writes it."""
        validator = self.validator
        if "\x00" in text:
            return False
        if column == "date":
            day, errors = validator._date(text)
            return not errors and day == text and bool(_PLAIN_DATE(text))
        if column == "hs_code":
            code, errors = validator._hs(text)
            return not errors and code == text.replace(".", "").replace(" ", "")[:6]
        if column == "transport_mode":
            mode, errors = validator._mode(text)
            return not errors and text.isascii() and mode == TRANSPORT_MODES.get(text.lower(), "")
        clean, errors = validator._text(column, text)
        return not errors and clean == text


def _header_getter(header: list[str]) -> Callable[[list[str]], tuple[str, ...]]:
    return itemgetter(*header_positions(header))


def header_positions(header: list[str]) -> list[int]:
    """The position in the file of each of SHIPMENT_FILE_COLUMNS."""
    names = [name.strip().lower() for name in header]
    missing = [name for name in SHIPMENT_FILE_COLUMNS if name not in names]
    if missing:
        raise ImportFormatError(
            "The header lacks the column(s) "
            + ", ".join(missing)
            + ". Expected: "
            + ",".join(SHIPMENT_FILE_COLUMNS)
        )
    return [names.index(name) for name in SHIPMENT_FILE_COLUMNS]
