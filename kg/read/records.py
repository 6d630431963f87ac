"""From one source record (a JSON object, a CSV row, a seed-list paragraph) to a `Paper`.

Every format shares these rules, so a JSON export and a CSV export of the same list give the
same papers.

Fields kg reads, and the source names it tries for each when no field map is given (names
match case-insensitively, first present wins):

=========  ==========================================================
id         id, paper_id, paperid, arxiv_id, doi
title      title
abstract   abstract, summary, abstract_text, text        (required)
year       year, published, date, publication_date       (the first 4-digit year in it)
venue      venue, journal, conference, booktitle
authors    authors, author, creators   (a list, or one "; "- or ", "-separated string)
url        url, link, pdf_url
code_urls  code_urls, code_url         (plus every URL found in the abstract)
=========  ==========================================================

A field map (``{"abstract": "body"}``, from ``--field abstract=body`` on the command line)
names the one source field to use for a kg field, replacing that field's defaults.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kg.errors import ConfigError, InputError
from kg.models import Paper
from kg.read.ids import derived_id
from kg.read.markup import clean_markup
from kg.read.titles import derive_title

__all__ = ["ALIASES", "FIELDS", "FieldMap", "ReadContext", "build_paper"]

ALIASES: dict[str, tuple[str, ...]] = {
    "id": ("id", "paper_id", "paperid", "arxiv_id", "doi"),
    "title": ("title",),
    "abstract": ("abstract", "summary", "abstract_text", "text"),
    "year": ("year", "published", "date", "publication_date"),
    "venue": ("venue", "journal", "conference", "booktitle"),
    "authors": ("authors", "author", "creators"),
    "url": ("url", "link", "pdf_url"),
    "code_urls": ("code_urls", "code_url"),
}
FIELDS = tuple(ALIASES)

_YEAR = re.compile(r"(?<!\d)(1[0-9]{3}|2[0-9]{3})(?!\d)")
# A leading "Abstract:" label that scraped abstracts often keep ("Abstract reasoning ..." stays).
_LABEL = re.compile(r"^(?:abstract|summary)\s*(?::|\.|—|–|-\s)\s*", re.I)
_AND = re.compile(r",?\s+and\s+|\s*&\s*")
# A JSON "\ud800" escape decodes to a lone surrogate, which no UTF-8 file can hold: writing
# graph.json then failed with a traceback, after graph.graphml had already been replaced.
_SURROGATE = re.compile("[\ud800-\udfff]")


class FieldMap:
    """Which source field feeds each kg field: the user's map first, else the default aliases."""

    def __init__(self, field_map: Mapping[str, str] | None = None):
        self.explicit: dict[str, str] = {}
        for field, column in (field_map or {}).items():
            if field not in ALIASES:
                raise ConfigError(
                    f"unknown field {field!r} in the field map",
                    hint=f"map one of: {', '.join(FIELDS)} (e.g. abstract=summary)",
                )
            if not isinstance(column, str) or not column.strip():
                raise ConfigError(f"field map gives no source name for {field!r}", hint=f"write {field}=NAME")
            self.explicit[field] = column.strip().lower()

    def candidates(self, field: str) -> tuple[str, ...]:
        """Return the source names tried for `field`, in order (lowercase)."""
        if field in self.explicit:
            return (self.explicit[field],)
        return ALIASES[field]

    def describe(self, field: str) -> str:
        """Return the names tried for `field`, for messages."""
        return ", ".join(self.candidates(field))

    def all_names(self) -> set[str]:
        """Return every source name that feeds some field."""
        return {name for field in FIELDS for name in self.candidates(field)}

    def columns(self, header: Sequence[str]) -> dict[str, int]:
        """Return kg field -> column index for a table header (fields absent from it are left out)."""
        index: dict[str, int] = {}
        for i, name in enumerate(header):
            index.setdefault(name.strip().lstrip("\ufeff").lower(), i)
        found = {}
        for field in FIELDS:
            for name in self.candidates(field):
                if name in index:
                    found[field] = index[name]
                    break
        return found

    def pick(self, record: Mapping[str, Any]) -> dict[str, Any]:
        """Return kg field -> value for one JSON-like record (fields it lacks are left out)."""
        lower = {str(key).strip().lower(): value for key, value in record.items()}
        found: dict[str, Any] = {}
        for field in FIELDS:
            for name in self.candidates(field):
                if name in lower:
                    # A null value gives way to a later alias, but still counts as "present".
                    if lower[name] is not None or field not in found:
                        found[field] = lower[name]
                    if lower[name] is not None:
                        break
        return found


@dataclass
class ReadContext:
    """What every reader needs besides its text: field names, and what to do with a bad record."""

    fields: FieldMap
    skip_bad: bool
    warn: Callable[[str], None]

    def bad(self, error: InputError) -> None:
        """Raise `error`, or with skip_bad report it as one warning and return so reading goes on."""
        if not self.skip_bad:
            raise error
        self.warn(f"{error.format()} [record skipped]")

    def paper(
        self, values: Mapping[str, Any], source: str, line: int, present: Iterable[str] = ()
    ) -> Paper | None:
        """Return the Paper for one record's kg-field values, or None when it was bad and skipped."""
        try:
            return build_paper(values, source=source, line=line, fields=self.fields, present=present)
        except InputError as error:
            self.bad(error)
            return None


def build_paper(
    values: Mapping[str, Any],
    *,
    source: str,
    line: int,
    fields: FieldMap | None = None,
    present: Iterable[str] = (),
) -> Paper:
    """Return a `Paper` from kg-field values; raise `InputError` when there is no usable abstract.

    `present` lists the record's own field names, so a missing abstract can say what was there.
    """
    raw_abstract = as_text(values.get("abstract"))
    if not raw_abstract.strip():
        raise _no_abstract(values, source, line, fields or FieldMap(), list(present))
    abstract, urls = clean_markup(raw_abstract)
    abstract = _LABEL.sub("", abstract, count=1)
    if not abstract:
        raise InputError("abstract is empty once markup is removed", source=source, line=line)

    title = clean_markup(as_text(values.get("title")))[0]
    for url in _as_list(values.get("code_urls")):
        if url not in urls:
            urls.append(url)
    return Paper(
        id=as_text(values.get("id")).strip() or derived_id(abstract),
        abstract=abstract,
        title=title or derive_title(abstract),
        venue=" ".join(as_text(values.get("venue")).split()),
        year=parse_year(values.get("year")),
        url=as_text(values.get("url")).strip(),
        code_urls=tuple(urls),
        authors=parse_authors(values.get("authors")),
        source=f"{source}:{line}",
        title_is_derived=not title,
    )


def _no_abstract(
    values: Mapping[str, Any], source: str, line: int, fields: FieldMap, present: list[str]
) -> InputError:
    if "abstract" in values:
        return InputError(
            "record has an empty abstract",
            source=source,
            line=line,
            hint="fill it in, or pass --skip-bad to skip such records",
        )
    names = ", ".join(" ".join(str(name).split())[:40] for name in present[:12])
    seen = f" (its fields: {names})" if present else ""
    return InputError(
        f"record has no abstract{seen}",
        source=source,
        line=line,
        hint=f"kg looks for {fields.describe('abstract')}; name yours with --field abstract=NAME",
    )


def as_text(value: Any) -> str:
    """Return `value` as text: strings as they are, numbers printed, lists joined, anything else ""."""
    if value is None or isinstance(value, bool):
        return ""
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value)
    if isinstance(value, int | float):
        return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)
    if isinstance(value, list | tuple):
        return " ".join(part for part in (as_text(item) for item in value) if part)
    return ""


def _as_list(value: Any) -> list[str]:
    if isinstance(value, list | tuple):
        return [text for text in (as_text(item).strip() for item in value) if text]
    text = as_text(value).strip()
    return text.split() if text else []


def parse_year(value: Any) -> int | None:
    """Return the year in `value` (2024, "2024", "2024-05-01T00:00Z", "May 2024"), or None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float) and not isinstance(value, bool):
        return int(value) if 1000 <= value <= 2999 and float(value).is_integer() else None
    m = _YEAR.search(as_text(value))
    return int(m.group(1)) if m else None


def parse_authors(value: Any) -> tuple[str, ...]:
    """Return author names from a list (of strings or {"name": ...} objects) or a separated string."""
    if value is None:
        return ()
    if isinstance(value, list | tuple):
        names = [_author_name(item) for item in value]
    else:
        text = as_text(value)
        if ";" in text:
            names = text.split(";")
        elif "|" in text:
            names = text.split("|")
        else:
            names = [part for chunk in text.split(",") for part in _AND.split(chunk)]
    return tuple(n for n in (" ".join(name.split()) for name in names) if n)


def _author_name(item: Any) -> str:
    if isinstance(item, Mapping):
        for key in ("name", "full_name", "fullname", "literal"):
            if isinstance(item.get(key), str):
                return as_text(item[key])
        given = as_text(item.get("given") or item.get("first") or item.get("first_name"))
        family = as_text(item.get("family") or item.get("last") or item.get("last_name"))
        return f"{given} {family}"
    return as_text(item)
