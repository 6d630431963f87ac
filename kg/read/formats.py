"""The reader registry: format name -> reader function, and how a file's format is chosen.

A reader is ``reader(source: TextSource, ctx: ReadContext) -> Iterator[Paper]``; one module
per format. The format comes from ``format=`` when given, else from the file extension (a
``.gz`` is looked through), else from the content: ``[`` starts JSON, a line holding one JSON
object starts JSON Lines, a header row naming an abstract column starts TSV or CSV, and
anything else is a seed list.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Iterator

from kg.errors import ConfigError
from kg.models import Paper
from kg.read.csv_reader import read_csv, read_tsv
from kg.read.json_reader import read_json
from kg.read.jsonl import read_jsonl
from kg.read.records import FieldMap, ReadContext
from kg.read.seedlist import read_seedlist
from kg.read.source import TextSource

__all__ = ["EXTENSIONS", "READERS", "Reader", "detect_format", "resolve_format"]

Reader = Callable[[TextSource, ReadContext], Iterator[Paper]]

READERS: dict[str, Reader] = {
    "seedlist": read_seedlist,
    "jsonl": read_jsonl,
    "json": read_json,
    "csv": read_csv,
    "tsv": read_tsv,
}

EXTENSIONS: dict[str, str] = {
    ".txt": "seedlist",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".json": "json",
    ".csv": "csv",
    ".tsv": "tsv",
    ".tab": "tsv",
}

# Other spellings accepted for format= (the CLI's --format).
_FORMAT_ALIASES = {"txt": "seedlist", "seeds": "seedlist", "text": "seedlist", "ndjson": "jsonl"}


def resolve_format(name: str | None) -> str | None:
    """Return the registry name for a user-given format (None stays None); raise ConfigError if unknown."""
    if name is None:
        return None
    key = name.strip().lower().lstrip(".")
    key = _FORMAT_ALIASES.get(key, key)
    if key not in READERS:
        raise ConfigError(f"unknown input format {name!r}", hint=f"use one of: {', '.join(sorted(READERS))}")
    return key


def detect_format(source: TextSource, fields: FieldMap) -> str:
    """Return the format of `source`: by extension, else by sniffing its first line."""
    if source.suffix in EXTENSIONS:
        return EXTENSIONS[source.suffix]
    return sniff_format(source.first_content_line() or "", fields)


def sniff_format(first_line: str, fields: FieldMap) -> str:
    """Return the format a file starting with `first_line` (its first non-blank line) is in."""
    line = first_line.strip().lstrip("\ufeff")
    if line.startswith("["):
        return "json"
    if line.startswith("{"):
        try:
            return "jsonl" if isinstance(json.loads(line), dict) else "json"
        except (ValueError, RecursionError):
            return "json"
    names, abstract_names = fields.all_names(), set(fields.candidates("abstract"))
    for delimiter, fmt in (("\t", "tsv"), (",", "csv"), (";", "csv"), ("|", "csv")):
        if delimiter in line:
            try:
                header = {cell.strip().lower() for cell in next(csv.reader([line], delimiter=delimiter), [])}
            except csv.Error:  # a stray CR inside the line ("a;\rb"): not a header row
                continue
            # A header names the abstract column, or at least two known fields; a list title does not.
            if header & abstract_names or len(header & names) >= 2:
                return fmt
    return "seedlist"
