"""Engine-agnostic pieces of running Cypher: query files, parameters, tidy rows, output formats.

Both engines (the embedded one and Neo4j) go through these helpers, so a query file, a
`--param` and a printed result mean the same thing whichever engine answers, and the
engines' small differences (Decimal sums, collect order, node objects) are smoothed here,
in one place.

Query file header
-----------------
A pack file starts with `//` comment lines; two of them are read by machines::

    // question: Which papers are about a concept, counting its aliases and variants?
    // params: name (default "GRPO"), limit (default 20)

`params:` lists every `$parameter` the query uses, each either `(default JSON)` -- a JSON
literal used when no `--param` gives it, whose type also decides how a `--param` value is
read -- or `(required)`, or `(required text)` for one never read as a number (ids, titles);
a query without parameters says `// params: none`.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

from kg.errors import QueryError

ENGINES = ("embedded", "neo4j")
FORMATS = ("table", "json", "csv")


class Required:
    """The 'default' of a parameter that must be given; `text` ones are never read as numbers."""

    def __init__(self, text: bool = False):
        self.text = text

    def __repr__(self) -> str:
        return "REQUIRED_TEXT" if self.text else "REQUIRED"


REQUIRED = Required()
REQUIRED_TEXT = Required(text=True)

# Result columns whose list value is a sequence (a path), not a set: kept in their order.
ORDERED_LIST_SUFFIX = "path"

_STRIP_RE = re.compile(
    r"""'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`[^`]*`|//[^\n]*|/\*.*?\*/""",
    re.DOTALL,
)
_PARAM_RE = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")
_PARAM_DECL_RE = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(\s*(required(?:\s+text)?\s*\)|default\s+)")
_HEADER_KEY_RE = re.compile(r"//\s*([a-z_]+)\s*:\s*(.*)$")


@dataclass(frozen=True)
class QueryFile:
    """A pack query: its text and what its header says."""

    path: Path
    text: str
    question: str = ""
    params: dict[str, Any] = field(default_factory=dict)  # name -> default, or a Required
    has_params_line: bool = False

    @property
    def defaults(self) -> dict[str, Any]:
        return {k: v for k, v in self.params.items() if not isinstance(v, Required)}


def strip_literals(query: str) -> str:
    """Return `query` with string literals, quoted names and comments blanked out.

    Lets the parameter scan and the pack lint look at code only: a `$x` or `type(` inside a
    string or a comment is not code.
    """
    return _STRIP_RE.sub(lambda m: " " * len(m.group(0)), query)


def query_parameters(query: str) -> list[str]:
    """Return the `$names` a query uses, in first-use order."""
    seen: dict[str, None] = {}
    for name in _PARAM_RE.findall(strip_literals(query)):
        seen.setdefault(name)
    return list(seen)


def parse_params_header(spec: str, *, source: str = "") -> dict[str, Any]:
    """Return {name: default, or REQUIRED / REQUIRED_TEXT} from the text after `// params:`."""
    spec = spec.strip()
    if spec.lower() in ("", "none"):
        return {}
    decoder = json.JSONDecoder()
    params: dict[str, Any] = {}
    pos = 0
    while pos < len(spec):
        m = _PARAM_DECL_RE.match(spec, pos)
        if not m:
            raise QueryError(
                f"cannot read the params header at {spec[pos:]!r}",
                source=source or None,
                hint='write `// params: name (default "GRPO"), limit (default 20), paper (required text)`',
            )
        name = m.group(1)
        pos = m.end()
        if m.group(2).startswith("required"):
            params[name] = REQUIRED_TEXT if "text" in m.group(2) else REQUIRED
        else:
            try:
                value, pos = decoder.raw_decode(spec, pos)
            except json.JSONDecodeError:
                raise QueryError(
                    f"default of {name} is not a JSON literal",
                    source=source or None,
                    hint='quote strings: (default "GRPO")',
                ) from None
            close = re.compile(r"\s*\)").match(spec, pos)
            if not close:
                raise QueryError(f"missing ')' after the default of {name}", source=source or None)
            pos = close.end()
            params[name] = value
        sep = re.compile(r"\s*(,|$)").match(spec, pos)
        if not sep:
            raise QueryError(f"expected ',' after parameter {name}", source=source or None)
        pos = sep.end()
    return params


def read_query_file(path: str | Path) -> QueryFile:
    """Return the query in `path` with its header's question and parameters."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise QueryError(f"cannot read query file ({exc.strerror})", source=str(path)) from None
    question, params, has_params = "", {}, False
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if not line.startswith("//"):
            break  # the header is the leading comment block only
        m = _HEADER_KEY_RE.match(line)
        if not m:
            continue
        key, value = m.group(1), m.group(2)
        if key == "question":
            question = value.strip()
        elif key == "params":
            params, has_params = parse_params_header(value, source=str(path)), True
    return QueryFile(path, text, question, params, has_params)


def load_query_file(path: str | Path) -> tuple[str, dict[str, Any]]:
    """Return (query text, {param: default}) of a query file; required params have no entry."""
    qf = read_query_file(path)
    return qf.text, qf.defaults


def resolve_query_file(path: str | Path, engine: str) -> Path:
    """Return `path`, or its engine variant `NAME.<engine>.cypher` when `path` itself is absent.

    Queries the engines cannot share (shortest paths) live side by side as
    `paths_between.neo4j.cypher` and `paths_between.embedded.cypher`; asking for
    `paths_between.cypher` picks the one for the engine in use.
    """
    path = Path(path)
    if path.exists() or path.suffix != ".cypher":
        return path
    variant = path.with_name(f"{path.stem}.{engine}.cypher")
    return variant if variant.exists() else path


def pack_files(directory: str | Path, engine: str) -> list[Path]:
    """Return the pack's query files that `engine` runs: shared ones and its own variants."""
    files = []
    for path in sorted(Path(directory).glob("*.cypher")):
        parts = path.name.split(".")
        if len(parts) == 2 or (len(parts) == 3 and parts[1] == engine):
            files.append(path)
    return files


# ---------------------------------------------------------------- parameters


def parse_param_value(raw: str, default: Any = None) -> Any:
    """Return a `--param` value typed: JSON when it parses (numbers, true/false, lists), else text.

    A parameter whose default is a string stays a string, so `--param name=2024` matches a
    concept named "2024" instead of failing on an integer.
    """
    if isinstance(default, str) or (isinstance(default, Required) and default.text):
        return raw
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        return raw
    if isinstance(default, float) and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    return value


def parse_params(items: Iterable[str], defaults: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Return {name: value} from `NAME=VALUE` strings, typed by :func:`parse_param_value`."""
    defaults = defaults or {}
    params: dict[str, Any] = {}
    for item in items:
        name, sep, raw = item.partition("=")
        name = name.strip().lstrip("$")
        if not sep or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            raise QueryError(f"bad --param {item!r}", hint="write --param NAME=VALUE, e.g. --param limit=10")
        params[name] = parse_param_value(raw, defaults.get(name))
    return params


def bind_params(
    query: str, given: Mapping[str, Any], defaults: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Return the parameters to send: those the query uses, from `given` or else `defaults`.

    Raises QueryError naming a parameter the query needs and nobody gave, or one given
    that the query does not use (a typo would otherwise be silently ignored).
    """
    defaults = defaults or {}
    used = query_parameters(query)
    unknown = sorted(set(given) - set(used))
    if unknown:
        uses = ", ".join(used) if used else "no parameters"
        raise QueryError(f"the query does not use parameter {unknown[0]} (it uses: {uses})")
    params: dict[str, Any] = {}
    for name in used:
        if name in given:
            params[name] = given[name]
        elif name in defaults and not isinstance(defaults[name], Required):
            params[name] = defaults[name]
        else:
            raise QueryError(f"missing parameter ${name}", hint=f"add --param {name}=VALUE")
    return params


# ---------------------------------------------------------------- results


def tidy_value(value: Any, *, keep_order: bool = False) -> Any:
    """Return `value` as plain JSON data, the same for both engines.

    Decimal (Ladybug's integer sums) becomes int or float; floats are rounded to 12
    significant digits so sums added in another order compare equal; a list of scalars
    is sorted unless `keep_order` (collect() order is not defined); nodes and
    relationships become their property dicts without engine ids or null properties.
    """
    if isinstance(value, bool) or value is None or isinstance(value, (int, str)):
        return value
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else tidy_value(float(value))
    if isinstance(value, float):
        if math.isnan(value) or math.isinf(value):
            return None
        return float(f"{value:.12g}")
    if isinstance(value, Mapping):
        keys = {str(k).lower(): k for k in value}
        if "_nodes" in keys and "_rels" in keys:  # a Ladybug path or recursive relationship
            return {
                "nodes": [tidy_value(n) for n in value[keys["_nodes"]]],
                "rels": [tidy_value(r) for r in value[keys["_rels"]]],
            }
        return {
            str(k): tidy_value(v) for k, v in value.items() if not str(k).startswith("_") and v is not None
        }
    if isinstance(value, (list, tuple)):
        items = [tidy_value(v) for v in value]
        if not keep_order and all(
            isinstance(v, (str, int, float)) and not isinstance(v, bool) for v in items
        ):
            try:
                items.sort()
            except TypeError:  # mixed numbers and text: leave as is
                pass
        return items
    if hasattr(value, "isoformat"):
        return value.isoformat()
    if hasattr(value, "items") and hasattr(value, "keys"):  # neo4j Node / Relationship
        return {str(k): tidy_value(v) for k, v in dict(value.items()).items() if v is not None}
    return str(value)


def tidy_rows(rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Return rows as JSON-able dicts with engine differences smoothed (see :func:`tidy_value`).

    Row order is kept: it is the query's ORDER BY. A column named `path` or ending in
    `path` keeps its list order; other lists are treated as sets and sorted.
    """
    return [
        {str(k): tidy_value(v, keep_order=str(k).endswith(ORDERED_LIST_SUFFIX)) for k, v in row.items()}
        for row in rows
    ]


def sort_rows(rows: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Return rows in a canonical order, for comparing queries that have no ORDER BY."""
    return sorted((dict(r) for r in rows), key=lambda r: json.dumps(r, sort_keys=True, ensure_ascii=False))


# ---------------------------------------------------------------- output


def _cell(value: Any, width: int | None = None, *, sep: str = ", ") -> str:
    if value is None:
        text = ""
    elif isinstance(value, str):
        text = value
    elif isinstance(value, list) and all(not isinstance(v, (dict, list)) for v in value):
        text = sep.join("" if v is None else str(v) for v in value)
    elif isinstance(value, (dict, list)):
        text = json.dumps(value, ensure_ascii=False)
    else:
        text = str(value)
    text = " ".join(text.split())  # one line per row, whatever the abstract holds
    if width and len(text) > width:
        text = text[: width - 1] + "…"
    return text


def format_rows(
    rows: Sequence[Mapping[str, Any]],
    fmt: str = "table",
    columns: Sequence[str] | None = None,
    *,
    max_width: int = 60,
) -> str:
    """Return `rows` as text: an aligned table, a JSON list of row objects, or CSV.

    `columns` gives the header when there are no rows to take it from.
    """
    columns = list(columns) if columns else (list(rows[0].keys()) if rows else [])
    if fmt == "json":
        return json.dumps([dict(r) for r in rows], ensure_ascii=False, indent=2) + "\n"
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(columns)
        for row in rows:
            writer.writerow(
                ""
                if row.get(c) is None
                else json.dumps(row[c], ensure_ascii=False)
                if isinstance(row.get(c), (list, dict))
                else row[c]
                for c in columns
            )
        return buffer.getvalue()
    if fmt != "table":
        raise QueryError(f"unknown format {fmt!r}", hint=f"use one of {', '.join(FORMATS)}")
    if not columns:
        return "(no rows)\n"
    seps = [" > " if c.endswith(ORDERED_LIST_SUFFIX) else ", " for c in columns]
    cells = [
        [_cell(row.get(c), max_width, sep=sep) for c, sep in zip(columns, seps, strict=True)] for row in rows
    ]
    widths = [max([len(c)] + [len(r[i]) for r in cells]) for i, c in enumerate(columns)]
    lines = [
        "  ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True)).rstrip(),
        "  ".join("-" * w for w in widths),
    ]
    lines += ["  ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)).rstrip() for r in cells]
    lines.append(f"({len(rows)} row{'s' if len(rows) != 1 else ''})")
    return "\n".join(lines) + "\n"
