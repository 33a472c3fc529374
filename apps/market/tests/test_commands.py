import gzip
import io
from datetime import date

import pytest
from django.core.management import CommandError, call_command

from apps.accounts.models import User
from apps.billing import selectors as billing_selectors
from apps.market import demo, index
from apps.market.fileformat import SHIPMENT_FILE_COLUMNS
from apps.market.filters import ShipmentFilters
from apps.market.models import HSCode, Shipment

pytestmark = pytest.mark.django_db(transaction=True)

ROW = (
    "2024-03-05,090111,Robusta,CONG TY TNHH ABC,VN,Buyer GmbH,DE,1000,kg,1000,2500.50,"
    "Cat Lai,Hamburg,sea,vn-customs,{id}"
)


def test_import_shipments_reports_counts_bad_rows_and_progress(tmp_path):
    path = tmp_path / "s.csv.gz"
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        handle.write(",".join(SHIPMENT_FILE_COLUMNS) + "\n")
        handle.write(ROW.format(id="1") + "\n" + ROW.format(id="2").replace("VN", "ZZ") + "\n")
    out, err = io.StringIO(), io.StringIO()
    call_command("import_shipments", str(path), stdout=out, stderr=err)
    assert "added 1," in out.getvalue()
    assert "1 bad" in out.getvalue()
    assert "line 3: exporter_country is not an ISO 3166 alpha-2 code ('ZZ')" in err.getvalue()
    assert "100%" in err.getvalue()
    out = io.StringIO()
    call_command("import_shipments", str(path), "--no-progress", stdout=out, stderr=io.StringIO())
    assert "added 0, skipped 1 already loaded" in out.getvalue()
    assert Shipment.objects.count() == 1


def test_import_shipments_lists_a_huge_line_and_another_encoding_by_line(tmp_path):
    path = tmp_path / "s.csv"
    with path.open("wb") as out:
        out.write((",".join(SHIPMENT_FILE_COLUMNS) + "\n" + ROW.format(id="1") + "\n").encode())
        out.write(ROW.format(id="2").replace("Robusta", "R" * 40_000_000).encode() + b"\n")
        out.write(ROW.format(id="3").replace("Buyer", "Käufer").encode("latin-1") + b"\n")
        out.write(ROW.format(id="4").replace("2024-03-05", "0001-01-01").encode() + b"\n")
        out.write(ROW.format(id="1").replace("2500.50", "1.00").encode() + b"\n")
    out, err = io.StringIO(), io.StringIO()
    call_command("import_shipments", str(path), "--no-progress", stdout=out, stderr=err)
    lines = err.getvalue().splitlines()
    assert lines[0] == "line 3: the line is longer than 1,048,576 bytes"
    assert lines[1].startswith("line 4: not UTF-8 text (byte 0xe4 at position")
    assert lines[2].startswith("line 5: date 0001-01-01 is outside 1950-01-01 to ")
    assert lines[3] == "line 6: record vn-customs:1 repeats line 2 with other values"
    assert "5 rows read: added 1, skipped 0 already loaded, 4 bad" in out.getvalue()


def test_searches_see_the_imported_rows_once_the_import_is_done(tmp_path):
    path = tmp_path / "s.csv"
    path.write_text(",".join(SHIPMENT_FILE_COLUMNS) + "\n" + ROW.format(id="7") + "\n")
    out = io.StringIO()
    call_command("import_shipments", str(path), "--no-progress", stdout=out, stderr=io.StringIO())
    assert "Trade index shipments-" in out.getvalue()
    everything = ShipmentFilters(date(2024, 1, 1), date(2024, 12, 31), exporter_name="abc")
    assert index.trade_index().count(everything) == 1


def test_import_shipments_refuses_a_missing_file_or_a_wrong_header(tmp_path):
    with pytest.raises(CommandError, match="No such file"):
        call_command("import_shipments", str(tmp_path / "nope.csv"), "--no-progress")
    wrong = tmp_path / "wrong.csv"
    wrong.write_text("a,b\n", "utf-8")
    with pytest.raises(CommandError, match="lacks the column"):
        call_command("import_shipments", str(wrong), "--no-progress")


def test_import_hs_codes_reads_a_translation_table(tmp_path):
    path = tmp_path / "vi.csv"
    path.write_text("chapter,description_vi\n09,Cà phê và chè\n", "utf-8")
    out = io.StringIO()
    call_command("import_hs_codes", str(path), stdout=out)
    assert "translations: 0 codes created, 1 updated" in out.getvalue()
    assert HSCode.objects.get(code="09").description_vi == "Cà phê và chè"
    out = io.StringIO()
    call_command("import_hs_codes", stdout=out)
    assert "6,939 codes" in out.getvalue()
    assert HSCode.objects.get(code="09").description_vi.startswith("Cà phê, chè")


def test_import_hs_codes_lists_bad_rows_by_line(tmp_path):
    path = tmp_path / "vi.csv"
    path.write_bytes(b"chapter,description_vi\n09,C\xe0 ph\xea\n08,Qu\u1ea3\n")
    out, err = io.StringIO(), io.StringIO()
    call_command("import_hs_codes", str(path), stdout=out, stderr=err)
    assert err.getvalue().startswith("line 2: not UTF-8 text (byte 0xe0 at position 5")
    assert "1 updated, 0 not in the nomenclature, 1 bad rows." in out.getvalue()


def test_import_hs_codes_refuses_an_unknown_layout(tmp_path):
    path = tmp_path / "x.csv"
    path.write_text("x\n1\n", "utf-8")
    with pytest.raises(CommandError, match="Unknown HS file layout"):
        call_command("import_hs_codes", str(path))


def test_seed_demo_sets_up_both_demo_accounts_and_the_demo_shipments_once():
    out = io.StringIO()
    call_command("seed_demo", "--shipments", "300", stdout=out, stderr=io.StringIO())
    assert "Demo accounts ready: demo@example.com (paid), free@example.com (free)" in out.getvalue()
    assert "Demo shipments: 300 added" in out.getvalue()
    paid = User.objects.get(email="demo@example.com")
    assert billing_selectors.usage(paid)["credits"]["bought"] == 500
    assert User.objects.filter(email="free@example.com").exists()
    assert Shipment.objects.filter(source=demo.SOURCE).count() == 300

    out = io.StringIO()
    call_command("seed_demo", "--shipments", "300", stdout=out, stderr=io.StringIO())
    assert "Demo shipments" not in out.getvalue()
    assert billing_selectors.usage(paid)["credits"]["bought"] == 500
    assert Shipment.objects.filter(source=demo.SOURCE).count() == 300


def test_build_trade_index_if_missing_builds_again_a_snapshot_an_earlier_version_built(
    tmp_path, settings
):
    """A snapshot without a table a build makes now (here the copy in the order of value)
    still answers, and `--if-missing` builds it again; a complete one it keeps."""
    import duckdb

    settings.TRADE_INDEX_DIR = tmp_path / "trade-index"
    path = tmp_path / "s.csv"
    path.write_text(",".join(SHIPMENT_FILE_COLUMNS) + "\n" + ROW.format(id="1") + "\n")
    call_command("import_shipments", str(path), "--no-progress", stdout=io.StringIO())
    built = index.current_snapshot()
    assert built is not None
    assert index.complete(built)
    out = io.StringIO()
    call_command("build_trade_index", "--if-missing", stdout=out)
    assert "already built" in out.getvalue()
    assert index.current_snapshot() == built

    older = built.with_name("shipments-1.duckdb")
    built.rename(older)
    with duckdb.connect(str(older)) as db:
        db.execute("DROP TABLE shipments_by_value")
    (settings.TRADE_INDEX_DIR / "CURRENT").write_text(older.name)
    assert not index.complete(older)
    call_command("build_trade_index", "--if-missing", stdout=io.StringIO())

    rebuilt = index.current_snapshot()
    assert rebuilt is not None
    assert rebuilt != older
    assert index.complete(rebuilt)
