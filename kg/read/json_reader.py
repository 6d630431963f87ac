"""Read a ``.json`` file: an array of paper objects, an object wrapping such an array, or JSON Lines.

A JSON document has to be parsed whole, so this reader holds the file's text in memory (JSON
Lines, which streams, is used whenever the file is one object per line). It walks the array
element by element with `json.JSONDecoder.raw_decode`, which lets every paper keep the line it
starts on, and lets a bad element be reported without losing the rest. Accepted shapes:

* ``[{...}, {...}]``
* ``{"papers": [...]}`` (or "records", "data", "items", "results", "entries", "rows")
* ``{...}`` -- a single paper
* ``{...}\\n{...}`` -- JSON Lines in a .json file
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

from kg.errors import InputError
from kg.models import Paper
from kg.read.jsonl import json_kind, papers_from_json_lines
from kg.read.records import ReadContext
from kg.read.source import TextSource

__all__ = ["read_json"]

WRAPPER_KEYS = ("papers", "records", "data", "items", "results", "entries", "rows")
_SPACE = re.compile(r"\s*")
_HINT = "kg reads a JSON array of paper objects, or JSON Lines"


def read_json(source: TextSource, ctx: ReadContext) -> Iterator[Paper]:
    """Yield one Paper per object of a JSON array (or per line of JSON Lines)."""
    text = "".join(source)
    start = _SPACE.match(text).end()
    if text.startswith("[", start):
        yield from _array(text, start, source.name, ctx)
        return
    if not text.startswith("{", start):
        raise InputError(
            "not JSON: the file does not start with [ or {",
            source=source.name,
            line=text.count("\n", 0, start) + 1,
            hint=_HINT,
        )
    decoder = json.JSONDecoder()
    try:
        first, end = decoder.raw_decode(text, start)
    except json.JSONDecodeError:
        first, end = None, -1
    if first is not None and not text[_SPACE.match(text, end).end() :]:
        # One document: a wrapper around an array, or a single paper.
        for key in WRAPPER_KEYS:
            if isinstance(first.get(key), list):
                yield from _array(text, _array_start(text, start, key, decoder), source.name, ctx)
                return
        paper = ctx.paper(
            ctx.fields.pick(first), source.name, text.count("\n", 0, start) + 1, present=first.keys()
        )
        if paper is not None:
            yield paper
        return
    yield from papers_from_json_lines(text.splitlines(), source.name, ctx)


def _array_start(text: str, start: int, key: str, decoder: json.JSONDecoder) -> int:
    """Return the offset of the "[" holding `key`'s array inside the top-level object at `start`."""
    pos = start + 1
    while True:
        pos = _SPACE.match(text, pos).end()
        name, pos = decoder.raw_decode(text, pos)
        pos = _SPACE.match(text, pos).end() + 1  # past the ":"
        pos = _SPACE.match(text, pos).end()
        if name == key:
            return pos
        _, pos = decoder.raw_decode(text, pos)
        pos = _SPACE.match(text, pos).end() + 1  # past the ","


def _array(text: str, pos: int, name: str, ctx: ReadContext) -> Iterator[Paper]:
    decoder = json.JSONDecoder()
    line, counted = 1, 0  # line number of offset `counted`, advanced incrementally

    def line_at(offset: int) -> int:
        nonlocal line, counted
        line += text.count("\n", counted, offset)
        counted = offset
        return line

    pos = _SPACE.match(text, pos + 1).end()
    if text.startswith("]", pos):
        return
    while True:
        at = line_at(pos)
        try:
            record, pos = decoder.raw_decode(text, pos)
        except json.JSONDecodeError as exc:
            # Inside an array there is no telling where the next element starts: stop here.
            where = f"column {exc.colno}" if exc.lineno == at else f"line {exc.lineno}, column {exc.colno}"
            raise InputError(
                f"malformed JSON in the element starting here: {exc.msg} ({where})",
                source=name,
                line=at,
                hint=_HINT,
            ) from None
        except RecursionError:
            raise InputError("malformed JSON: nested too deeply", source=name, line=at, hint=_HINT) from None
        if isinstance(record, dict):
            paper = ctx.paper(ctx.fields.pick(record), name, at, present=record.keys())
            if paper is not None:
                yield paper
        else:
            kind = json_kind(record)
            ctx.bad(
                InputError(f"array element is a JSON {kind}, not an object", source=name, line=at, hint=_HINT)
            )
        pos = _SPACE.match(text, pos).end()
        if text.startswith(",", pos):
            pos = _SPACE.match(text, pos + 1).end()
        elif text.startswith("]", pos):
            return
        else:
            raise InputError(
                "malformed JSON: expected , or ] between array elements",
                source=name,
                line=line_at(pos),
                hint=_HINT,
            )
