"""Read a seed list: a title line, then one abstract per blank-line-separated paragraph.

The shape of ``seeds/*.txt``::

    ICML 2026 论文列表

    To enhance the interpretability of ... (one abstract, possibly wrapped over several lines)

    While Key-Value (KV) cache compression is essential ...

The title line names the list, not a paper. When it names a venue and year ("ICML 2026",
"NeurIPS 2025 accepted papers", "ACL-2024") they become every paper's venue and year. A
first paragraph counts as the list title when it is a single short line that does not end
like a sentence; otherwise the file has no title and every paragraph is an abstract. Seed
papers carry no title, so each gets one derived from its abstract (``title_is_derived``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from kg.errors import InputError
from kg.models import Paper
from kg.read.records import ReadContext
from kg.read.source import TextSource

__all__ = ["parse_list_title", "read_seedlist"]

MAX_TITLE_LINE = 150

# A venue-like token (two or more capitals: ICML, NeurIPS, AAAI) followed by a 4-digit year.
_VENUE_YEAR = re.compile(r"(?<![A-Za-z])([A-Z][A-Za-z]*[A-Z][A-Za-z]*)[\s'’_\-,(]*((?:19|20)\d\d)(?!\d)")
_YEAR = re.compile(r"(?<!\d)((?:19|20)\d\d)(?!\d)")


def read_seedlist(source: TextSource, ctx: ReadContext) -> Iterator[Paper]:
    """Yield one Paper per abstract paragraph of a seed list."""
    venue, year = "", None
    title_line: int | None = None
    abstracts = 0
    for line, text, n_lines in _paragraphs(source):
        if title_line is None and abstracts == 0 and n_lines == 1 and _is_list_title(text):
            venue, year = parse_list_title(text)
            title_line = line
            continue
        abstracts += 1
        paper = ctx.paper({"abstract": text, "venue": venue, "year": year}, source.name, line)
        if paper is not None:
            yield paper
    if abstracts == 0:
        raise InputError(
            "seed list has a title line but no abstracts",
            source=source.name,
            line=title_line,
            hint="put one abstract per paragraph, separated by blank lines",
        )


def parse_list_title(title: str) -> tuple[str, int | None]:
    """Return (venue, year) named by a list title: "ICML 2026 论文列表" -> ("ICML", 2026)."""
    m = _VENUE_YEAR.search(title)
    if m:
        return m.group(1), int(m.group(2))
    m = _YEAR.search(title)
    return "", int(m.group(1)) if m else None


def _is_list_title(text: str) -> bool:
    return len(text) <= MAX_TITLE_LINE and not text.rstrip().endswith((".", "!", "?", ";"))


def _paragraphs(lines: Iterable[str]) -> Iterator[tuple[int, str, int]]:
    """Yield (first line number, text joined with spaces, number of lines) per paragraph."""
    start, parts = 0, []
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if stripped:
            if not parts:
                start = number
            parts.append(stripped)
        elif parts:
            yield start, " ".join(parts), len(parts)
            parts = []
    if parts:
        yield start, " ".join(parts), len(parts)
