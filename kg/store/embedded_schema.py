"""The embedded database's fixed schema and its bulk-load files, derived from kg.graph.schema.

One node table per node kind, one relationship table per relationship type, columns from
the attribute lists in schema.py; so a new attribute added there reaches the embedded
engine without touching this file. Rows are written to CSV and bulk-loaded with
`COPY ... FROM (LOAD ...)`: far faster than row-by-row CREATE, and the LOAD subquery lets
us carry empty strings, NULLs and string lists through CSV without the engine's list
literal syntax (which has no escaping for commas or brackets inside names).
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from kg.graph import schema

SCHEMA_VERSION = 2  # bump when the tables below change: stored databases are then rebuilt

# Control characters as markers, so no text can be mistaken for one: a literal "\N" (how
# some exports spell NULL) was read back as NULL, and as an id broke the whole load.
NULL = "\x1c"  # the CSV cell that means NULL; an empty cell is an empty string
LIST_SEP = "\x1f"  # ASCII unit separator: never in titles, names or URLs
# The engine's CSV reader ends a row at a lone CR even inside quotes (one id or URL holding
# one made every `kg query` fail), so cells carry CR as this and the COPY puts it back.
CR = "\x1e"

_CYPHER_TYPES = {str: "STRING", int: "INT64", float: "DOUBLE", list: "STRING[]", bool: "BOOLEAN"}

NODE_COLUMNS: dict[str, dict[str, type]] = {
    schema.PAPER: schema.PAPER_ATTRS,
    schema.CONCEPT: schema.CONCEPT_ATTRS,
}


def rel_endpoints(rel_type: str) -> tuple[str, str]:
    """Return the (from, to) node tables of a relationship type."""
    if rel_type in schema.PAPER_ROLES:
        return schema.PAPER, schema.CONCEPT
    return schema.CONCEPT, schema.CONCEPT


def rel_columns(rel_type: str) -> dict[str, type]:
    """Return the attribute columns of a relationship table."""
    return schema.ROLE_EDGE_ATTRS if rel_type in schema.PAPER_ROLES else schema.CONCEPT_EDGE_ATTRS


def ddl() -> list[str]:
    """Return the CREATE TABLE statements of the whole schema."""
    statements = []
    for table, columns in NODE_COLUMNS.items():
        cols = ", ".join(f"`{name}` {_CYPHER_TYPES[kind]}" for name, kind in columns.items())
        statements.append(f"CREATE NODE TABLE {table}(id STRING PRIMARY KEY, {cols})")
    for rel in schema.RELATIONSHIP_TYPES:
        src, dst = rel_endpoints(rel)
        cols = ", ".join(f"`{name}` {_CYPHER_TYPES[kind]}" for name, kind in rel_columns(rel).items())
        statements.append(f"CREATE REL TABLE {rel}(FROM {src} TO {dst}, {cols})")
    return statements


def _cypher_string(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def copy_statement(table: str, csv_path: Path, key_columns: int, columns: Mapping[str, type]) -> str:
    """Return the COPY that loads `csv_path` (key columns, then `columns` in order) into `table`.

    Every CSV column is read as text and cast in the RETURN, so an id that looks like a
    number stays a string and a NULL cell is told apart from an empty one.
    """
    names = [f"k{i}" for i in range(key_columns)] + [f"c{i}" for i in range(len(columns))]
    header = ", ".join(f"{n} STRING" for n in names)
    exprs = [_with_cr(name) for name in names[:key_columns]]
    for name, kind in zip(names[key_columns:], columns.values(), strict=True):
        if kind is list:
            exprs.append(
                f"CASE WHEN {name} = '' THEN CAST([] AS STRING[]) ELSE string_split({_with_cr(name)}, '{LIST_SEP}') END"
            )
        elif kind is str:
            exprs.append(_with_cr(name))
        else:
            exprs.append(f"CAST({name} AS {_CYPHER_TYPES[kind]})")
    # quote and escape stated, not sniffed: the engine guesses the dialect from the first rows,
    # and a file whose first thousand rows need no quoting then fails on the first that does
    options = (
        f"header=true, parallel=false, quote='\"', escape='\"', auto_detect=false, "
        f"null_strings=[{_cypher_string(NULL)}]"
    )
    return (
        f"COPY {table} FROM (LOAD WITH HEADERS ({header}) FROM {_cypher_string(str(csv_path))} "
        f"({options}) RETURN {', '.join(exprs)})"
    )


# ---------------------------------------------------------------- values -> CSV cells


def _with_cr(column: str) -> str:
    return f"replace({column}, {_cypher_string(CR)}, {_cypher_string(chr(13))})"


def _clean(text: str) -> str:
    return key_cell(text.replace("\x00", "").replace(LIST_SEP, " "))


def key_cell(value: Any) -> str:
    """Return the CSV cell of an id (a node's, or an edge's end): the text, CR carried as `CR`."""
    return str(value).replace(NULL, " ").replace(CR, " ").replace("\r", CR)


def cell(value: Any, kind: type) -> str:
    """Return the CSV cell for one attribute value of the given schema type."""
    if value is None:
        return NULL
    if kind is list:
        if isinstance(value, str):  # a list flattened to JSON by a scalar-only format
            try:
                decoded = json.loads(value)
            except json.JSONDecodeError:
                decoded = [value]
            value = decoded if isinstance(decoded, list) else [value]
        if not isinstance(value, (list, tuple)):
            value = [value]
        return LIST_SEP.join(_clean(str(v)) for v in value if v is not None)
    if kind is int or kind is float:
        if isinstance(value, str) and not value.strip():
            return NULL
        try:
            number = float(value)
        except (TypeError, ValueError):
            return NULL
        if number != number:  # NaN
            return NULL
        return str(int(number)) if kind is int else repr(number)
    if kind is bool:
        return "true" if value else "false"
    if isinstance(value, (list, dict)):
        return _clean(json.dumps(value, ensure_ascii=False))
    return _clean(str(value))


def node_kind(attrs: Mapping[str, Any]) -> str:
    """Return Paper or Concept for a node-link node (by its `kind`, else by its attributes)."""
    kind = attrs.get("kind")
    if kind in NODE_COLUMNS:
        return kind
    return schema.CONCEPT if "name" in attrs and "abstract" not in attrs else schema.PAPER


def edge_type(edge: Mapping[str, Any]) -> str | None:
    """Return the relationship type of a node-link edge: its key, else its `type` attribute."""
    for candidate in (edge.get("key"), edge.get("type")):
        if candidate in schema.RELATIONSHIP_TYPES:
            return candidate
    return None


def write_load_files(
    data: Mapping[str, Any], directory: Path
) -> tuple[list[tuple[str, Path, int, dict]], dict]:
    """Write one CSV per table from node-link `data`; return the COPY plan and counts.

    The plan lists (table, csv path, key column count, columns) with node tables first,
    as relationship COPYs need their endpoints loaded. Edges whose type or endpoint kinds do
    not fit the schema are counted under `skipped_edges`, not loaded.
    """
    kinds: dict[str, str] = {}
    plan: list[tuple[str, Path, int, dict]] = []
    counts: dict[str, int] = {}
    writers: dict[str, tuple[Any, Any]] = {}

    def open_table(table: str, keys: Iterable[str], columns: Mapping[str, type]):
        path = directory / f"{table}.csv"
        handle = open(path, "w", encoding="utf-8", newline="")
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(list(keys) + list(columns))
        writers[table] = (handle, writer)
        counts[table] = 0
        plan.append((table, path, len(list(keys)), dict(columns)))
        return writer

    try:
        node_writers = {t: open_table(t, ["id"], cols) for t, cols in NODE_COLUMNS.items()}
        for node in data.get("nodes", ()):
            kind = node_kind(node)
            kinds[str(node["id"])] = kind
            columns = NODE_COLUMNS[kind]
            row = {**node, "kind": node.get("kind", kind)}
            node_writers[kind].writerow(
                [key_cell(node["id"])] + [cell(row.get(a), t) for a, t in columns.items()]
            )
            counts[kind] += 1
        rel_writers = {r: open_table(r, ["from", "to"], rel_columns(r)) for r in schema.RELATIONSHIP_TYPES}
        skipped = 0
        for edge in data.get("edges", ()):
            rel = edge_type(edge)
            src, dst = str(edge.get("source")), str(edge.get("target"))
            if rel is None or (kinds.get(src), kinds.get(dst)) != rel_endpoints(rel):
                skipped += 1
                continue
            row = {**edge, "type": edge.get("type") or rel}
            rel_writers[rel].writerow(
                [key_cell(src), key_cell(dst)] + [cell(row.get(a), t) for a, t in rel_columns(rel).items()]
            )
            counts[rel] += 1
        counts["skipped_edges"] = skipped
    finally:
        for handle, _ in writers.values():
            handle.close()
    return plan, counts


def iter_statements(plan: Iterable[tuple[str, Path, int, dict]], counts: Mapping[str, int]) -> Iterator[str]:
    """Yield the COPY statements of a plan, skipping empty tables (COPY of nothing is wasted work)."""
    for table, path, keys, columns in plan:
        if counts.get(table):
            yield copy_statement(table, path, keys, columns)
