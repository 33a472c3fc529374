import csv
import gzip
import io
import logging
import re
from collections.abc import Iterator
from datetime import date
from decimal import Decimal
from pathlib import Path

import duckdb
import pytest
from django.db import connection

from apps.market import index
from apps.market.fileformat import SHIPMENT_FILE_COLUMNS
from apps.market.filters import ShipmentFilters
from apps.market.imports import ImportFormatError, import_shipments, targets
from apps.market.models import Shipment, TradeParty

pytestmark = pytest.mark.django_db(transaction=True)

HEADER = ",".join(SHIPMENT_FILE_COLUMNS)


def line(**changes: str) -> str:
    row = {
        "date": "2024-03-05",
        "hs_code": "090111",
        "product_description": "Robusta coffee, grade 1, screen 18",
        "exporter_name": "CONG TY TNHH ABC",
        "exporter_country": "VN",
        "importer_name": "Hamburg Coffee Import GmbH",
        "importer_country": "DE",
        "quantity": "19200",
        "quantity_unit": "kg",
        "net_weight_kg": "19200",
        "value_usd": "86400.00",
        "port_of_loading": "Cat Lai",
        "port_of_discharge": "Hamburg",
        "transport_mode": "sea",
        "source": "vn-customs",
        "source_record_id": "A1",
    } | changes
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\r\n").writerow(
        [row[name] for name in SHIPMENT_FILE_COLUMNS]
    )
    return buffer.getvalue()[:-2]  # quoted where a line end occurs, without the last one


def write(path, *lines: str) -> None:
    path.write_text("\n".join([HEADER, *lines]) + "\n", "utf-8")


def test_a_good_row_is_loaded_with_its_parties_and_unit_price(tmp_path):
    path = tmp_path / "s.csv"
    write(path, line())
    report = import_shipments(path)
    assert (report.added, report.skipped_existing, report.bad_rows) == (1, 0, [])
    shipment = Shipment.objects.select_related("exporter", "importer").get()
    assert shipment.exporter.normalized_name == "cong ty tnhh abc"
    assert shipment.exporter.country == shipment.exporter_country == "VN"
    assert shipment.importer.name == "Hamburg Coffee Import GmbH"
    assert shipment.importer_country == "DE"
    assert shipment.value_usd == Decimal("86400.00")
    assert shipment.unit_price_usd == Decimal("4.5")
    assert shipment.transport_mode == "sea"
    assert str(shipment.date) == "2024-03-05"


def test_each_step_of_an_import_is_logged_with_its_time(tmp_path, caplog):
    path = tmp_path / "s.csv"
    write(path, line())
    with caplog.at_level(logging.INFO, logger="apps.market.imports.service"):
        import_shipments(path)
    steps = [
        found.group(1)
        for record in caplog.records
        if (found := re.fullmatch(r"Shipments import: (.+) in \d+\.\d s", record.getMessage()))
    ]
    assert steps == ["lines checked", "file surveyed", "rows loaded", "indexes built again"]


def test_bad_rows_are_reported_by_line_and_the_good_ones_load_once(tmp_path):
    path = tmp_path / "s.csv"
    write(
        path,
        line(source_record_id="1"),  # line 2
        line(source_record_id="2", date="05/03/2024"),
        line(source_record_id="3", hs_code="999998"),
        line(source_record_id="4", importer_country="XX"),
        line(source_record_id="5", quantity="-5"),
        line(source_record_id="6", value_usd="abc"),
        line(source_record_id="7", exporter_name=" "),
        line(source_record_id="8", date="2024-02-30", value_usd=""),
        line(source_record_id="9", transport_mode="teleport"),
        "2024-03-05,090111,too few fields",  # line 11
        line(source_record_id="", hs_code="0901"),
        line(source_record_id="12", hs_code="0901.11.10", exporter_name="Cong ty TNHH A.B.C."),
    )
    report = import_shipments(path)
    assert report.added == 2
    assert report.bad_rows == [
        (3, "bad date '05/03/2024' (expected yyyy-mm-dd)"),
        (4, "unknown HS code 999998"),
        (5, "importer_country is not an ISO 3166 alpha-2 code ('XX')"),
        (6, "quantity is negative (-5)"),
        (7, "value_usd is not a number ('abc')"),
        (8, "missing exporter_name"),
        (9, "bad date '2024-02-30' (expected yyyy-mm-dd); missing value_usd"),
        (10, "unknown transport_mode 'teleport'"),
        (11, "expected 16 fields, found 3"),
        (12, "hs_code must have 6 digits ('0901'); missing source_record_id"),
    ]
    assert report.bad_row_count == 10
    # The two spellings of one exporter meet in one party; 8 digits truncate to the subheading.
    assert TradeParty.objects.filter(country="VN").count() == 1
    assert set(Shipment.objects.values_list("hs_code", flat=True)) == {"090111"}

    again = import_shipments(path)
    assert (again.added, again.skipped_existing, len(again.bad_rows)) == (0, 2, 10)
    assert Shipment.objects.count() == 2
    assert TradeParty.objects.count() == 2


def test_duplicates_inside_one_file_load_once_and_conflicting_ones_are_bad_rows(tmp_path):
    path = tmp_path / "s.csv"
    write(
        path,
        line(),
        line(value_usd="1.00"),
        line(source="other"),
        line(value_usd="86400"),  # the same values, spelled otherwise
        line(source="other", transport_mode="ocean"),  # the same: an alias of sea
    )
    report = import_shipments(path)
    assert (report.added, report.skipped_existing) == (2, 2)
    assert report.bad_rows == [(3, "record vn-customs:A1 repeats line 2 with other values")]
    assert Shipment.objects.get(source="vn-customs").value_usd == Decimal("86400.00")


def test_gzip_files_and_streams(tmp_path):
    path = tmp_path / "s.csv.gz"
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        handle.write("\n".join([HEADER, line(), line(source_record_id="B2")]) + "\n")
    seen = []
    report = import_shipments(path, progress=lambda rows, share: seen.append((rows, share)))
    assert report.added == 2
    assert seen == [(2, 1.0)]
    # A binary stream of gzip bytes, and a text stream.
    stream = io.BytesIO(gzip.compress(f"{HEADER}\n{line(source_record_id='C3')}\n".encode()))
    assert import_shipments(stream).added == 1
    text = io.StringIO(f"{HEADER}\r\n{line(source_record_id='D4')}\r\n")
    assert import_shipments(text).added == 1
    assert Shipment.objects.count() == 4


@pytest.mark.parametrize("damage", ["cut", "bytes", "checksum"])
def test_a_damaged_gzip_file_is_a_format_error_and_loads_nothing(tmp_path, damage):
    rows = [line(source_record_id=f"R{number}", value_usd=f"{number}.00") for number in range(4000)]
    data = bytearray(gzip.compress("\n".join([HEADER, *rows]).encode() + b"\n"))
    if damage == "cut":
        data = data[: len(data) // 2]
    elif damage == "bytes":
        data[40:48] = bytes(byte ^ 0x5A for byte in data[40:48])
    else:
        data[-8] ^= 0xFF  # the stored CRC-32 of the content
    path = tmp_path / "s.csv.gz"
    path.write_bytes(bytes(data))
    with pytest.raises(ImportFormatError, match="The file cannot be decompressed"):
        import_shipments(path)
    assert not Shipment.objects.exists()


def test_header_in_any_order_with_a_byte_order_mark(tmp_path):
    path = tmp_path / "s.csv"
    names = list(reversed(SHIPMENT_FILE_COLUMNS))
    values = list(reversed(next(csv.reader([line()]))))
    buffer = io.StringIO()
    csv.writer(buffer).writerows([names, values])
    path.write_text("\ufeff" + buffer.getvalue(), "utf-8")
    assert import_shipments(path).added == 1


def test_a_wrong_header_is_refused(tmp_path):
    path = tmp_path / "s.csv"
    path.write_text("date,hs_code\n2024-01-01,090111\n", "utf-8")
    with pytest.raises(ImportFormatError, match="lacks the column"):
        import_shipments(path)
    empty = tmp_path / "empty.csv"
    empty.write_text("", "utf-8")
    with pytest.raises(ImportFormatError, match="empty"):
        import_shipments(empty)


def test_a_crash_leaves_nothing_of_the_file(tmp_path):
    path = tmp_path / "s.csv"
    write(path, *(line(source_record_id=str(number)) for number in range(30)))

    def broken(rows: int, share: float | None) -> None:  # after the file's rows were written
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError):
        import_shipments(path, progress=broken)
    assert not Shipment.objects.exists()
    assert not TradeParty.objects.exists()


@pytest.fixture
def shipments_refused() -> Iterator[None]:
    """The database refuses every new shipment row, as a full disk would."""
    table = Shipment._meta.db_table
    if connection.vendor == "postgresql":
        create = [
            "CREATE FUNCTION refuse_shipment() RETURNS trigger LANGUAGE plpgsql AS "
            "$$ BEGIN RAISE EXCEPTION 'the disk is full'; END $$",
            f"CREATE TRIGGER refuse BEFORE INSERT ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION refuse_shipment()",
        ]
        drop = [f"DROP TRIGGER refuse ON {table}", "DROP FUNCTION refuse_shipment()"]
    else:
        create = [
            f"CREATE TRIGGER refuse BEFORE INSERT ON {table} "
            "BEGIN SELECT RAISE(ABORT, 'the disk is full'); END"
        ]
        drop = ["DROP TRIGGER refuse"]
    with connection.cursor() as cursor:
        for statement in create:
            cursor.execute(statement)
    yield
    with connection.cursor() as cursor:
        for statement in drop:
            cursor.execute(statement)


@pytest.mark.parametrize("bulk", [False, True])
def test_a_failure_while_streaming_to_the_database_rolls_back(
    tmp_path, monkeypatch, shipments_refused, bulk
):
    if bulk:  # straight into the table, without its indexes
        monkeypatch.setattr(targets, "REBUILD_INDEXES_FROM", 20)
    path = tmp_path / "s.csv"
    write(path, *(line(source_record_id=str(number)) for number in range(30)))
    with pytest.raises(Exception, match="the disk is full"):
        import_shipments(path)
    assert not Shipment.objects.exists()
    assert not TradeParty.objects.exists()
    with connection.cursor() as cursor:
        found = connection.introspection.get_constraints(cursor, Shipment._meta.db_table)
    assert found["market_shipment_unique_source_record"]["unique"]


def test_searches_see_the_new_rows_once_the_import_is_done(tmp_path):
    path = tmp_path / "s.csv"
    write(path, line())
    assert import_shipments(path, dry_run=True).index_snapshot is None
    assert index.current_snapshot() is None
    report = import_shipments(path)
    assert report.index_snapshot == index.current_snapshot() is not None
    everything = ShipmentFilters(date(2024, 1, 1), date(2024, 12, 31), exporter_name="abc")
    assert index.trade_index().count(everything) == 1
    # Nothing new: the index stays as it is.
    assert import_shipments(path).index_snapshot is None
    assert index.current_snapshot() == report.index_snapshot


def test_dry_run_validates_and_loads_nothing(tmp_path):
    path = tmp_path / "s.csv"
    write(path, line(), line(source_record_id="2", date="bad"))
    report = import_shipments(path, dry_run=True)
    assert (report.added, report.bad_row_count) == (1, 1)
    assert not Shipment.objects.exists()


def test_optional_fields_and_aliases(tmp_path):
    path = tmp_path / "s.csv"
    write(
        path,
        line(
            quantity="",
            net_weight_kg="",
            quantity_unit="",
            port_of_loading="",
            transport_mode="Ocean",
            product_description="",
            importer_country="cn",
            importer_name="上海  咖啡贸易有限公司",
        ),
    )
    assert import_shipments(path).added == 1
    shipment = Shipment.objects.select_related("importer").get()
    assert shipment.quantity is None
    assert shipment.unit_price_usd is None
    assert shipment.transport_mode == "sea"
    assert shipment.importer_country == "CN"
    assert shipment.importer.normalized_name == "上海 咖啡贸易有限公司"
    assert shipment.port_of_loading == ""


def index_ids() -> dict[str, int]:
    """PostgreSQL: the shipments table's indexes by name, with their object ids (which change
    when an index is dropped and built again)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT indexrelid::regclass::text, indexrelid::bigint FROM pg_index "
            "WHERE indrelid = %s::regclass",
            [Shipment._meta.db_table],
        )
        return dict(cursor.fetchall())


def test_a_large_load_rebuilds_the_indexes_and_keeps_every_rule(tmp_path, monkeypatch):
    monkeypatch.setattr(targets, "REBUILD_INDEXES_FROM", 20)
    path = tmp_path / "big.csv.gz"
    lines = [line(source_record_id=str(number)) for number in range(60)]
    lines[33] = line(source_record_id="33", value_usd="-1")  # line 35
    lines[40] = line(source_record_id="40", quantity="1e3")  # not plain: checked in Python
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        handle.write("\n".join([HEADER, *lines]) + "\n")
    postgres = connection.vendor == "postgresql"
    before = index_ids() if postgres else {}
    seen = []
    report = import_shipments(path, progress=lambda rows, share: seen.append(rows))
    assert (report.added, report.skipped_existing, report.rows_read) == (59, 0, 60)
    if postgres:
        after = index_ids()
        assert len(after) == 2 + len(Shipment._meta.indexes)
        assert after.keys() == before.keys()
        assert not set(after.values()) & set(before.values())  # every one built again
    assert report.bad_rows == [(35, "value_usd is negative (-1)")]
    assert seen[-1] == 60
    assert Shipment.objects.count() == 59
    assert Shipment.objects.get(source_record_id="40").quantity == Decimal("1000")
    assert TradeParty.objects.count() == 2
    with connection.cursor() as cursor:
        found = connection.introspection.get_constraints(cursor, Shipment._meta.db_table)
    for wanted in Shipment._meta.indexes:
        assert wanted.name in found
        assert found[wanted.name]["index"]
    assert found["market_shipment_unique_source_record"]["unique"]

    # Again: the table is not larger than the file, so the keys it holds are left out.
    again = import_shipments(path)
    assert (again.added, again.skipped_existing, again.bad_row_count) == (0, 59, 1)
    assert Shipment.objects.count() == 59


def test_rows_known_before_or_earlier_in_the_file_are_skipped(tmp_path, monkeypatch):
    monkeypatch.setattr(targets.SqlTarget, "batch_size", 3)
    first = tmp_path / "first.csv"
    write(first, line(source_record_id="5"))
    assert import_shipments(first).added == 1
    path = tmp_path / "s.csv"
    ids = ["1", "2", "3", "4", "1", "5", "6", "7", "8", "9", "10", "11", "12", "13"]
    write(path, *(line(source_record_id=number) for number in ids))
    report = import_shipments(path)
    assert (report.added, report.skipped_existing) == (12, 2)
    assert Shipment.objects.count() == 13
    assert sorted(Shipment.objects.values_list("source_record_id", flat=True), key=int) == [
        str(number) for number in range(1, 14)
    ]


def test_text_with_copy_control_characters_and_numbers_in_other_spellings(tmp_path):
    path = tmp_path / "s.csv"
    write(
        path,
        line(product_description="Tab\there, back\\slash\nand a new line", value_usd="1.005"),
        line(source_record_id="A2", quantity="1e3", net_weight_kg=" 12.34567 ", value_usd="10"),
    )
    report = import_shipments(path)
    assert (report.added, report.bad_rows) == (2, [])
    first = Shipment.objects.get(source_record_id="A1")
    assert first.product_description == "Tab\there, back\\slash\nand a new line"
    assert first.value_usd == Decimal("1.01")
    assert first.unit_price_usd == Decimal("0.000053")
    second = Shipment.objects.get(source_record_id="A2")
    assert second.quantity == Decimal("1000")
    assert second.net_weight_kg == Decimal("12.346")
    assert second.unit_price_usd == Decimal("0.01")


def reader_lines(text: str) -> list[int]:
    """The line where each data row ends, as the CSV reader counts (blank rows left out)."""
    reader = csv.reader(io.StringIO(text, newline=""))
    next(reader)
    return [reader.line_num for row in reader if row and (len(row) > 1 or row[0].strip())]


def test_bad_rows_are_placed_on_the_line_where_they_end(tmp_path):
    rows = [
        line(source_record_id="A1", product_description="two\nlines"),
        line(source_record_id="A2", date="2024-13-01"),
        line(source_record_id="A3") + ",extra",
        "   ",
        line(source_record_id="A4", product_description="three\r\nshort\nlines"),
        line(source_record_id="A5", value_usd="-1"),
        "2024-03-05,090111,too few",
        line(source_record_id="A6", port_of_loading="Cat\nLai"),
        line(source_record_id="A7", quantity="x"),
    ]
    text = "\r\n".join([HEADER, *rows]) + "\r\n"
    path = tmp_path / "s.csv"
    path.write_bytes(text.encode())
    ends = reader_lines(text)
    assert ends == [3, 4, 5, 9, 10, 11, 13, 14]  # the blank row on line 6 is skipped
    report = import_shipments(path)
    assert report.bad_rows == [
        (4, "bad date '2024-13-01' (expected yyyy-mm-dd)"),
        (5, "expected 16 fields, found 17"),
        (10, "value_usd is negative (-1)"),
        (11, "expected 16 fields, found 3"),
        (14, "quantity is not a number ('x')"),
    ]
    assert (report.added, report.rows_read) == (3, 8)
    assert Shipment.objects.get(source_record_id="A6").port_of_loading == "Cat Lai"


def test_line_numbers_count_empty_lines(tmp_path):
    rows = [line(source_record_id="B1"), "", line(source_record_id="B2", hs_code="1")]
    rows += ["", "", line(source_record_id="B3", exporter_country="")]
    path = tmp_path / "s.csv"
    write(path, *rows)
    report = import_shipments(path)
    assert report.bad_rows == [
        (4, "hs_code must have 6 digits ('1')"),
        (7, "missing exporter_country"),
    ]
    assert report.rows_read == 3


def test_a_key_spelled_with_spaces_meets_its_plain_spelling_and_the_first_wins(tmp_path):
    path = tmp_path / "s.csv"
    write(
        path,
        line(source_record_id=" K1\t", value_usd="1.00"),
        line(source_record_id="K1"),
        line(source_record_id="K2"),
        line(source_record_id="K1 ", value_usd="1"),
    )
    report = import_shipments(path)
    assert (report.added, report.skipped_existing) == (2, 1)
    assert report.bad_rows == [(3, "record vn-customs:K1 repeats line 2 with other values")]
    assert Shipment.objects.get(source_record_id="K1").value_usd == Decimal("1.00")


def test_nul_characters_and_columns_beyond_the_format(tmp_path):
    path = tmp_path / "s.csv"
    header = HEADER + ",note"
    rows = [line(source_record_id="N1") + ",ok", line(source_record_id="N2") + ",a\x00b"]
    rows.append(line(source_record_id="N3", importer_name="Bad\x00Name") + ",ok")
    path.write_text("\n".join([header, *rows]) + "\n", "utf-8")
    report = import_shipments(path)
    assert report.bad_rows == [(3, "contains a NUL character"), (4, "contains a NUL character")]
    assert report.added == 1


def test_a_row_stores_the_same_values_whether_sql_or_the_python_checks_load_it(tmp_path):
    """Plain rows are loaded by SQL, the others after the Python checks. Each variant comes
    once alone (loaded by SQL where it is plain) and twice under another key (a key that
    repeats sends its rows through the Python checks): both must store the same values."""
    variants = {
        "quantity": ["0", "12", "12.", "12.5", "0.001", "999999999999999", "", "1e3", " 7 "],
        "net_weight_kg": ["19200", "0.0005", "", "12.34567", "3"],
        "value_usd": ["0", "0.01", "86400.00", "999999999.99", "1.005", "2500000000.5", "7"],
        "hs_code": ["090111", "0901.11", "09011110", "0901111000", "0901 11", " 090111"],
        "transport_mode": ["SEA", "Ocean", "truck", "", "Multimodal", " air "],
        "port_of_loading": ["Cat Lai", "", "Ho  Chi Minh", " Hai Phong"],
        "quantity_unit": ["kg", "", " bag ", "TNE"],
        "product_description": ["Coffee", "", "tab\there", " padded ", "new\nline"],
        "date": ["2024-02-29", "2024-03-05", " 2024-03-06"],
        "source": ["vn-customs", " other "],
    }
    rows = [
        {name: values[number % len(values)] for name, values in variants.items()}
        for number in range(60)
    ]
    lines = [line(**row, source_record_id=f"S{number}") for number, row in enumerate(rows)]
    for number, row in enumerate(rows):
        lines += [line(**row, source_record_id=f"P{number}")] * 2
    path = tmp_path / "s.csv"
    write(path, *lines)
    report = import_shipments(path)
    assert (report.bad_rows, report.added, report.skipped_existing) == ([], 120, 60)
    stored = {
        shipment.pop("source_record_id"): shipment
        for shipment in Shipment.objects.values(
            *(field.attname for field in Shipment._meta.concrete_fields if field.name != "id")
        )
    }
    for number in range(len(rows)):
        assert stored[f"S{number}"] == stored[f"P{number}"], rows[number]
    assert stored["S3"]["unit_price_usd"] == Decimal("79999999.9992")  # 999999999.99 / 12.5
    assert stored["S7"]["quantity"] == Decimal("1000")
    assert stored["S8"]["hs_code_id"] == "090111"


@pytest.mark.parametrize("known", [5, 40])
def test_a_large_load_over_known_keys_adds_only_the_new_rows(tmp_path, monkeypatch, known):
    monkeypatch.setattr(targets, "REBUILD_INDEXES_FROM", 20)
    first = tmp_path / "first.csv"
    write(first, *(line(source_record_id=str(number)) for number in range(known)))
    assert import_shipments(first).added == known
    path = tmp_path / "s.csv"
    rows = [line(source_record_id=str(number)) for number in range(60)]
    rows[50] = line(source_record_id="50", net_weight_kg=" 7 ")  # checked in Python
    write(path, *rows)
    report = import_shipments(path)
    assert (report.added, report.skipped_existing, report.bad_rows) == (60 - known, known, [])
    assert Shipment.objects.count() == 60
    assert Shipment.objects.get(source_record_id="50").net_weight_kg == Decimal("7")


@pytest.mark.parametrize("size", [2_000_000, 50_000_000])
def test_an_oversized_line_is_a_bad_row_by_its_line_whatever_its_size(tmp_path, size):
    path = tmp_path / "s.csv"
    with path.open("wb") as out:
        out.write(f"{HEADER}\n{line(source_record_id='O1')}\n".encode())
        out.write(line(source_record_id="O2", product_description="x" * size).encode() + b"\n")
        out.write(f"{line(source_record_id='O3', hs_code='1')}\n".encode())
        out.write(f"{line(source_record_id='O4')}\n".encode())
    report = import_shipments(path)
    assert report.bad_rows == [
        (3, "the line is longer than 1,048,576 bytes"),
        (4, "hs_code must have 6 digits ('1')"),
    ]
    assert (report.rows_read, report.added, report.bad_row_count) == (4, 2, 2)


@pytest.mark.parametrize(("parts", "size"), [(3, 900_000), (2, 600_000)])
def test_a_multi_line_record_too_large_for_the_reader_is_a_bad_row(tmp_path, parts, size):
    description = "\n".join(["y" * size] * parts)
    path = tmp_path / "s.csv"
    write(
        path,
        line(source_record_id="M1"),
        line(source_record_id="M2", product_description=description),
        line(source_record_id="M3", date="2024-99-01"),
    )
    report = import_shipments(path)
    end = 2 + parts
    assert report.bad_rows == [
        (end, "the record is longer than 1,048,576 bytes"),
        (end + 1, "bad date '2024-99-01' (expected yyyy-mm-dd)"),
    ]
    assert report.added == 1


def test_lines_in_another_encoding_are_bad_rows_by_line(tmp_path):
    path = tmp_path / "s.csv"
    path.write_bytes(
        f"{HEADER}\n{line(source_record_id='E1', importer_name='Café Paris')}\n".encode()
        + f"{line(source_record_id='E2', importer_name='Café Lyon')}\n".encode("cp1252")
        + f"{line(source_record_id='E3', importer_country='XX')}\n".encode()
        + f"{line(source_record_id='E4')}\n".encode()
    )
    report = import_shipments(path)
    assert report.bad_rows[0][0] == 3
    assert report.bad_rows[0][1].startswith("not UTF-8 text (byte 0xe9 at position")
    assert report.bad_rows[1] == (4, "importer_country is not an ISO 3166 alpha-2 code ('XX')")
    assert report.added == 2


def unreadable_lines_file(end: bytes) -> bytes:
    """A file with a line too long, a line in cp1252 and a row whose quoted field holds a line
    end, its lines ending with `end`."""
    rows = [
        line(source_record_id="W1").encode(),
        line(source_record_id="W2", product_description="x" * 2_000_000).encode(),
        line(source_record_id="W3", importer_name="Café Lyon").encode("cp1252"),
        line(source_record_id="W4", product_description="two\r\nlines").encode(),
        line(source_record_id="W5", hs_code="1").encode(),
        line(source_record_id="W6").encode(),
    ]
    return end.join([HEADER.encode(), *rows]) + end


@pytest.mark.parametrize("compress", [False, True], ids=["plain", "gzip"])
@pytest.mark.parametrize("end", [b"\n", b"\r\n"], ids=["lf", "crlf"])
def test_lines_that_cannot_be_read_are_bad_rows_by_line_whatever_the_line_ends(
    tmp_path, end, compress
):
    data = unreadable_lines_file(end)
    path = tmp_path / "s.csv"
    path.write_bytes(gzip.compress(data) if compress else data)
    report = import_shipments(path)
    position = line(source_record_id="W3", importer_name="Café Lyon").index("é") + 1
    not_utf8 = f"not UTF-8 text (byte 0xe9 at position {position} of the line)"
    assert report.bad_rows == [
        (3, "the line is longer than 1,048,576 bytes"),
        (4, f"{not_utf8}; save the file as UTF-8"),
        (7, "hs_code must have 6 digits ('1')"),
    ]
    assert (report.rows_read, report.added, report.bad_row_count) == (6, 3, 3)
    # The line end inside the quoted field is the field's text, as the file has it.
    assert Shipment.objects.get(source_record_id="W4").product_description == "two\r\nlines"


def test_records_may_end_in_more_than_one_way(tmp_path):
    rows = [
        line(source_record_id="M1") + "\n",
        line(source_record_id="M2", product_description="a\nb") + "\r\n",
        line(source_record_id="M3", date="2024-13-01") + "\r\n",
        line(source_record_id="M4") + "\n",
    ]
    latin = line(source_record_id="M5", importer_name="Café") + "\r\n"
    path = tmp_path / "s.csv"
    path.write_bytes(f"{HEADER}\r\n{''.join(rows)}".encode() + latin.encode("cp1252"))
    report = import_shipments(path)
    assert report.bad_rows[0] == (5, "bad date '2024-13-01' (expected yyyy-mm-dd)")
    assert report.bad_rows[1][0] == 7
    assert report.bad_rows[1][1].startswith("not UTF-8 text")
    assert (report.rows_read, report.added) == (5, 3)
    assert Shipment.objects.get(source_record_id="M2").product_description == "a\nb"


def test_records_ending_in_a_lone_cr_among_others_are_refused_saying_so(tmp_path):
    path = tmp_path / "s.csv"
    path.write_bytes(f"{HEADER}\n{line(source_record_id='R1')}\r{line()}\n".encode())
    with pytest.raises(ImportFormatError) as refused:
        import_shipments(path)
    assert str(refused.value) == (
        "The file cannot be read as CSV: its records end in more than one way (LF, CRLF, or a "
        "lone CR). Save it with one kind of line end."
    )
    assert not Shipment.objects.exists()


def test_lines_ending_in_a_lone_cr_load_until_the_file_seems_one_line_too_long(tmp_path):
    path = tmp_path / "s.csv"
    rows = [line(source_record_id="C1"), line(source_record_id="C2", hs_code="1")]
    path.write_bytes("\r".join([HEADER, *rows]).encode() + b"\r")
    report = import_shipments(path)
    assert (report.bad_rows, report.added) == ([(3, "hs_code must have 6 digits ('1')")], 1)
    rows = [line(source_record_id=f"L{number}") for number in range(10_000)]
    path.write_bytes("\r".join([HEADER, *rows]).encode())
    with pytest.raises(ImportFormatError, match=r"^line 1: the lines end in a lone CR"):
        import_shipments(path)


def test_a_file_in_utf16_stops_naming_its_first_line(tmp_path):
    path = tmp_path / "s.csv.gz"
    with gzip.open(path, "wb") as out:
        out.write(f"{HEADER}\n{line()}\n".encode("utf-16"))
    with pytest.raises(ImportFormatError, match="line 1: the file is UTF-16 text"):
        import_shipments(path)
    assert not Shipment.objects.exists()


def test_dates_outside_1950_to_the_end_of_next_year_are_bad_rows(tmp_path):
    next_year = date.today().year + 1
    path = tmp_path / "s.csv"
    write(
        path,
        line(source_record_id="D1", date="0001-01-01"),
        line(source_record_id="D2", date="1949-12-31"),
        line(source_record_id="D3", date="1950-01-01"),
        line(source_record_id="D4", date=f"{next_year}-12-31"),
        line(source_record_id="D5", date=f"{next_year + 1}-01-01"),
    )
    report = import_shipments(path)
    last = f"{next_year}-12-31"
    assert report.bad_rows == [
        (2, f"date 0001-01-01 is outside 1950-01-01 to {last}"),
        (3, f"date 1949-12-31 is outside 1950-01-01 to {last}"),
        (6, f"date {next_year + 1}-01-01 is outside 1950-01-01 to {last}"),
    ]
    assert report.added == 2


@pytest.mark.django_db(transaction=False)
def test_the_line_length_check_at_its_bounds():
    from apps.market.imports.scan import MAX_LINE_BYTES as limit
    from apps.market.imports.scan import _line_run

    assert _line_run(b"a" * limit + b"\n", 0) == (0, True)
    assert not _line_run(b"a" * (limit + 1) + b"\n", 0)[1]
    assert _line_run(b"a" * 10 + b"\n" + b"b" * limit, 0) == (limit, True)
    assert _line_run(b"b" * 5 + b"\n", limit - 5) == (0, True)  # a line begun in the last chunk
    assert not _line_run(b"b" * 6 + b"\n", limit - 5)[1]
    assert not _line_run(b"b" * 6, limit - 5)[1]
    # Short lines past the last jump's landing: the next chunk's line starts afresh.
    lines = b"b\n" * (limit * 3 // 4)
    assert _line_run(lines, 0) == (0, True)
    assert _line_run(b"c" * (limit * 3 // 4) + b"\n", _line_run(lines, 0)[0]) == (0, True)
    assert _line_run(lines + b"c" * 5, 0) == (5, True)
    assert _line_run(b"c" * 10, 20) == (30, True)  # no line end: the run goes on


@pytest.mark.django_db(transaction=False)
def test_a_gzip_file_is_read_from_an_uncompressed_copy(tmp_path):
    from apps.market.imports.scan import check_lines

    text = f"{HEADER}\n{line()}\n{line(source_record_id='B2')}".encode()
    path = tmp_path / "s.csv.gz"
    path.write_bytes(gzip.compress(text))
    workdir = tmp_path / "work"
    workdir.mkdir()
    checked = check_lines(str(path), True, workdir)
    assert (checked.compressed, checked.feeds, checked.final_feed) == (False, 2, False)
    assert checked.path != str(path)
    assert Path(checked.path).read_bytes() == text
    plain = tmp_path / "s.csv"
    plain.write_bytes(text)
    assert check_lines(str(plain), False, workdir).path == str(plain)  # read as it is


@pytest.mark.skipif(connection.vendor != "postgresql", reason="reads PostgreSQL directly")
def test_a_build_reads_postgresql_directly_and_gets_the_snapshot_of_the_csv_export(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "s.csv"
    odd = {"quantity": "", "quantity_unit": "", "net_weight_kg": "", "value_usd": "0"}
    write(
        path,
        line(),
        line(source_record_id="A2", product_description="Cà phê nhân 'Robusta' \"S18\", 1/2"),
        line(source_record_id="A3", date="2024-04-30", **odd),
        line(
            source_record_id="A4",
            date="2023-12-31",
            importer_name="O'Brien & Söhne",
            hs_code="080132",
        ),
    )
    with caplog.at_level(logging.INFO, logger="apps.market.index.build"):
        report = import_shipments(path)
    assert (report.added, report.bad_rows) == (4, [])
    direct = index.current_snapshot()
    assert "Trade index build: shipments exported" not in "\n".join(caplog.messages)

    monkeypatch.setattr("apps.market.index.build._postgres_shipments", lambda: None)
    exported = index.build_snapshot(tmp_path / "exported")

    with duckdb.connect(str(direct), read_only=True) as db:
        db.execute(f"ATTACH '{exported}' AS exported (READ_ONLY)")
        tables = [
            name
            for (name,) in db.execute(
                "SELECT table_name FROM duckdb_tables() WHERE database_name = 'exported' "
                "AND table_name <> 'facts'"
            ).fetchall()
        ]
        assert {"shipments", "party_prices", "pair_totals", "descriptions"} <= set(tables)
        for table in tables:
            ours, theirs = (
                db.execute(f"SELECT * FROM {schema}{table} ORDER BY ALL").fetchall()
                for schema in ("", "exported.")
            )
            assert ours == theirs, table
        assert db.execute("SELECT count(*) FROM shipments").fetchone() == (4,)
