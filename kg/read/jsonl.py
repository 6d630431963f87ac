"""Read JSON Lines (``.jsonl``, ``.ndjson``): one JSON object per line, one paper per object.

Streams line by line, so file size does not matter. Blank lines are skipped; a line that is not
one complete JSON object is a bad record (reported with its line number, skippable).
Field names follow :mod:`kg.read.records`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator

from kg.errors import InputError
from kg.models import Paper
from kg.read.records import ReadContext
from kg.read.source import TextSource

__all__ = ["json_kind", "papers_from_json_lines", "read_jsonl"]

_HINT = "each line must hold one complete JSON object"


def read_jsonl(source: TextSource, ctx: ReadContext) -> Iterator[Paper]:
    """Yield one Paper per JSON object line."""
    yield from papers_from_json_lines(source, source.name, ctx)


def papers_from_json_lines(
    lines: Iterable[str], name: str, ctx: ReadContext, first_line: int = 1
) -> Iterator[Paper]:
    """Yield Papers from JSON Lines text, numbering lines from `first_line`."""
    decode = json.JSONDecoder().decode
    for number, line in enumerate(lines, first_line):
        text = line.strip()
        if not text:
            continue
        try:
            record = decode(text)
        except json.JSONDecodeError as exc:
            ctx.bad(
                InputError(
                    f"malformed JSON: {exc.msg} (column {exc.colno})", source=name, line=number, hint=_HINT
                )
            )
            continue
        except RecursionError:
            ctx.bad(InputError("malformed JSON: nested too deeply", source=name, line=number, hint=_HINT))
            continue
        if not isinstance(record, dict):
            kind = json_kind(record)
            ctx.bad(
                InputError(
                    f"expected a JSON object, found a JSON {kind}", source=name, line=number, hint=_HINT
                )
            )
            continue
        paper = ctx.paper(ctx.fields.pick(record), name, number, present=record.keys())
        if paper is not None:
            yield paper


def json_kind(value: object) -> str:
    """Return the JSON name of a parsed value's type, for messages ("array", "string", ...)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    return {dict: "object", list: "array", str: "string", int: "number", float: "number"}.get(
        type(value), "value"
    )
