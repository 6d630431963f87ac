"""The read stage: paper lists in any supported format -> a stream of clean `Paper` records.

>>> from kg.read import read_papers
>>> papers = list(read_papers(["seeds/"]))            # doctest: +SKIP
>>> papers[0].title, papers[0].venue, papers[0].year    # doctest: +SKIP
('RTAF — Reason with Thumbnails, Answer with Focus', 'ICML', 2026)

Inputs are files, directories (read recursively, sorted), globs and ``-`` for standard
input. Formats (see :mod:`kg.read.formats`): seed lists (``.txt``), JSON Lines (``.jsonl``,
``.ndjson``), JSON (``.json``), CSV (``.csv``), TSV (``.tsv``), and any of them gzipped.
Records need an abstract; id, title, year, venue, authors, url are optional and found under
common export names (``summary``, ``paper_id``, ``published``, ...). ``field_map`` names the
source field for a kg field when the defaults miss, e.g. ``{"abstract": "body"}`` (the CLI's
``--field abstract=body``); the full table is in :mod:`kg.read.records`. Markup cleaning is in
:mod:`kg.read.markup`, encodings in :mod:`kg.read.source`, derived titles in
:mod:`kg.read.titles`, and ids (the record's own, else ``p-`` + 16 hex digits of the SHA-1 of
the normalized abstract) in :mod:`kg.read.ids`. A paper seen twice (same id, or same
abstract) is kept once, with a warning naming both places.

Errors are `kg.errors.InputError` with file, line and a hint; bad options are
`kg.errors.ConfigError`. With ``skip_bad=True`` a bad record, or a file that cannot be read
at all, becomes one ``warn`` call and reading goes on; a missing input is always an error.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterator, Mapping, Sequence

from kg.errors import InputError
from kg.models import Paper
from kg.read.dedup import Deduplicator
from kg.read.formats import EXTENSIONS, READERS, detect_format, resolve_format
from kg.read.ids import derived_id, normalize_abstract
from kg.read.inputs import expand_inputs
from kg.read.markup import clean_markup
from kg.read.records import FieldMap, ReadContext
from kg.read.source import InputFile, open_source
from kg.read.titles import derive_title

__all__ = [
    "EXTENSIONS",
    "READERS",
    "clean_markup",
    "derive_title",
    "derived_id",
    "normalize_abstract",
    "read_papers",
]

_log = logging.getLogger("kg.read")


def read_papers(
    inputs: Sequence[str | os.PathLike],
    *,
    format: str | None = None,
    field_map: Mapping[str, str] | None = None,
    skip_bad: bool = False,
    warn: Callable[[str], None] | None = None,
) -> Iterator[Paper]:
    """Return an iterator over the papers in `inputs`, deduplicated, in input order.

    Parameters
    ----------
    inputs
        Files, directories, glob patterns, or ``"-"`` for standard input.
    format
        Read every input as this format ("seedlist", "jsonl", "json", "csv", "tsv") instead of
        detecting it.
    field_map
        kg field -> source field name, e.g. ``{"abstract": "summary"}``.
    skip_bad
        Skip bad records (and unreadable files) with one `warn` call each instead of raising.
    warn
        Called with a one-line message per warning (duplicates, skipped records, latin-1
        fallback). Default: the "kg.read" logger.

    Missing inputs, an unknown format and a bad field map raise here, before anything is read;
    errors inside files are raised (or warned about) as the iterator reaches them.
    """
    fmt = resolve_format(format)
    fields = FieldMap(field_map)
    files = expand_inputs(inputs, EXTENSIONS)
    ctx = ReadContext(fields=fields, skip_bad=skip_bad, warn=warn or _log.warning)
    return _read_files(files, fmt, ctx)


def _read_files(files: list[InputFile], fmt: str | None, ctx: ReadContext) -> Iterator[Paper]:
    dedup = Deduplicator(ctx.warn)
    for file in files:
        read = 0
        try:
            for paper in _read_file(file, fmt, ctx):
                read += 1
                if dedup.keep(paper):
                    yield paper
        except InputError as error:
            # With skip_bad, record errors never get here: this one stopped the whole file.
            if not ctx.skip_bad:
                raise
            ctx.warn(f"{error.format()} [{'rest of file' if read else 'file'} skipped]")


def _read_file(file: InputFile, fmt: str | None, ctx: ReadContext) -> Iterator[Paper]:
    source = open_source(file, ctx.warn)
    if source.first_content_line() is None:
        raise InputError("empty file", source=file.name, hint="add abstracts to it, or leave it out")
    reader = READERS[fmt or detect_format(source, ctx.fields)]
    yield from reader(source, ctx)
