"""Loading shipment files, in modules by stage: `rules` (the row checks and their messages),
`scan` (the file in DuckDB), `survey` (what the file holds; the rows that need a closer
look and their lines), `parties`, `targets` (the database), `report`, and `service`, which
runs them.

`import_shipments` loads a shipments CSV (optionally gzip-compressed) in one transaction: a
failure leaves nothing of the file behind. DuckDB reads the file, in parallel and without a
Python object per row, in two scans:

1. A survey: the distinct (name, country) pairs of the parties, the record keys that occur
   more than once, the sources, and how many rows a conservative SQL check does not accept
   plainly. Party names are checked and keyed in Python, once per distinct pair.
2. The load: every plain row, its parties' ids joined in, is written as CSV and streamed to
   PostgreSQL's COPY through a pipe (or fetched in batches and bulk-inserted elsewhere).

Rows that are not plain (odd spellings, bad values, keys that repeat, unknown pairs, rows of
the wrong width) are few; they are read again with their positions and go through the
Python checks of `RowCheck`, which are the rules and the only source of the messages. The
good ones join the load; the bad ones are reported with the line where they end, as a CSV
reader counts lines.

Before DuckDB reads the file, one pass over its bytes checks that every line fits 1 MiB and is
UTF-8 (`scan.check_lines`); when one does not, a copy without those lines is read instead, and
they are bad rows by their line number (a line left empty ends as the one before it, so that a
CRLF file stays one). A file whose records end in more than one way (LF and CRLF), which DuckDB
refuses, is read from a copy whose records all end with LF.

Rows whose (source, source_record_id) exists already are skipped, and a key repeated in the
file loads once (its first good row); a later row with that key and other values is a bad row
naming the first one's line. A large load into a table not larger than the file drops the
primary and unique keys and the plain indexes inside the transaction, leaves out the keys that
are already loaded and builds the indexes again at the end, which is several times faster than
maintaining them row by row; other loads go through a staging table and
INSERT ... ON CONFLICT DO NOTHING. Once the rows are committed, the analytics index is
built again over them."""

from apps.market.imports.report import MAX_BAD_ROWS, ImportFormatError, ImportReport, Progress
from apps.market.imports.service import import_shipments

__all__ = ["MAX_BAD_ROWS", "ImportFormatError", "ImportReport", "Progress", "import_shipments"]
