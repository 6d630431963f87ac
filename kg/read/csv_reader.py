"""Read CSV and TSV tables: a header row naming the fields, then one paper per row.

Column names follow :mod:`kg.read.records` (matched case-insensitively). CSV's delimiter is
taken from the header line (comma, semicolon, tab or pipe, whichever it holds most), because
spreadsheet exports in many locales use semicolons. Quoted fields may span lines, and the
field size limit is raised so a long abstract is never "field larger than field limit".
A row is a bad record when it has no abstract or more non-empty cells than the header has
columns; a short row just leaves the missing fields empty.
"""

from __future__ import annotations

import csv
import sys
from collections.abc import Iterator

from kg.errors import InputError
from kg.models import Paper
from kg.read.records import ReadContext
from kg.read.source import TextSource

__all__ = ["read_csv", "read_tsv"]

_DELIMITERS = ",;\t|"


def _raise_field_limit() -> None:
    limit = sys.maxsize
    while True:
        try:
            csv.field_size_limit(limit)
            return
        except OverflowError:  # the limit is a C long, 32 bits on some platforms
            limit //= 2


_raise_field_limit()


def read_csv(source: TextSource, ctx: ReadContext) -> Iterator[Paper]:
    """Yield one Paper per data row of a CSV file."""
    header = source.first_content_line() or ""
    delimiter = max(_DELIMITERS, key=header.count) if any(d in header for d in _DELIMITERS) else ","
    yield from _read_table(source, ctx, delimiter)


def read_tsv(source: TextSource, ctx: ReadContext) -> Iterator[Paper]:
    """Yield one Paper per data row of a tab-separated file."""
    yield from _read_table(source, ctx, "\t")


def _read_table(source: TextSource, ctx: ReadContext, delimiter: str) -> Iterator[Paper]:
    name = source.name
    rows = csv.reader(source, delimiter=delimiter, strict=False)
    try:
        header = next((row for row in rows if any(cell.strip() for cell in row)), None)
        if header is None:
            raise InputError(
                "table has no header row", source=name, hint="the first line must name the columns"
            )
        header_line = rows.line_num
        columns = ctx.fields.columns(header)
        if "abstract" not in columns:
            sep = "tab" if delimiter == "\t" else repr(delimiter)
            shown = ", ".join(" ".join(cell.split())[:40] for cell in header[:12])
            raise InputError(
                f"no abstract column in the header (columns: {shown}; {sep}-separated)",
                source=name,
                line=header_line,
                hint=f"kg looks for {ctx.fields.describe('abstract')}; name yours with --field abstract=COLUMN",
            )
        width = len(header)
        previous = rows.line_num
        for row in rows:
            start, previous = previous + 1, rows.line_num
            if not any(cell.strip() for cell in row):
                continue
            if len(row) > width and any(cell.strip() for cell in row[width:]):
                ctx.bad(
                    InputError(
                        f"row has {len(row)} fields but the header has {width}",
                        source=name,
                        line=start,
                        hint="quote fields that contain the delimiter",
                    )
                )
                continue
            values = {field: row[i] if i < len(row) else "" for field, i in columns.items()}
            paper = ctx.paper(values, name, start)
            if paper is not None:
                yield paper
    except csv.Error as exc:
        raise InputError(
            f"malformed table: {exc}",
            source=name,
            line=rows.line_num,
            hint="check the quoting around this line",
        ) from None
