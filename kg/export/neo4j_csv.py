"""CSV files for `neo4j-admin database import full`: the bulk path into an empty Neo4j database.

For large graphs the offline importer is much faster than `kg load`. The files hold the
same nodes, labels, relationships and property values that `kg load` writes (rows come from
:func:`kg.store.neo4j_rows.graph_rows`), so a `kg load` of the same graph after an import
creates the constraints and indexes the importer does not and changes no data but the empty
lists (see below).

Written into the output folder::

    nodes_paper.csv   nodes_concept.csv   rels_<type>.csv (one per relationship type)
    import.args       the importer's options and files, one per line
    README.txt        the commands to run

Arrays (authors, aliases ...) use U+001F (unit separator) between elements (one inside an
element, which clean text never holds, becomes a space); strings are always quoted and nulls left empty, so an empty string and a
missing value stay different. Fields may span lines (abstracts), hence --multiline-fields.
The importer has no way to write an empty list: an empty `aliases` or `code_urls` arrives as
a missing property, which the `kg load` after the import sets to [].
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import networkx as nx

from kg.export.atomic import atomic_open
from kg.graph import schema
from kg.store.neo4j_rows import GraphRows, graph_rows

ARRAY_DELIMITER = "\x1f"
ARRAY_DELIMITER_OPTION = "U+001F"
NODE_FILES = {schema.PAPER: "nodes_paper.csv", schema.CONCEPT: "nodes_concept.csv"}


def rel_file(rel_type: str) -> str:
    """Return the file name of one relationship type's CSV, e.g. rels_evaluates_on.csv."""
    return f"rels_{rel_type.lower()}.csv"


def _type_suffix(values: Iterable[Any], declared: type | None) -> str:
    """Return the header type (``:long``, ``:double[]`` ...) fitting every value of a column."""
    kinds = set()
    for value in values:
        if isinstance(value, list):
            kinds.add(("list", *sorted({_scalar(v) for v in value})))
        else:
            kinds.add(_scalar(value))
    lists = {k for k in kinds if isinstance(k, tuple)}
    if lists or declared is list:
        items = {item for k in lists for item in k[1:]}
        if kinds - lists:  # scalars mixed with lists cannot share a column type
            return "string"
        return (_neo4j_type(items) or "string") + "[]"
    return _neo4j_type(kinds) or ("long" if declared is int else "double" if declared is float else "string")


def _scalar(value: Any) -> str:
    return "boolean" if isinstance(value, bool) else type(value).__name__


def _neo4j_type(kinds: set) -> str | None:
    if not kinds:
        return None
    if kinds == {"boolean"}:
        return "boolean"
    if kinds == {"int"}:
        return "long"
    if kinds <= {"int", "float"}:
        return "double"
    return "string"


def _field(value: Any, column_type: str) -> str:
    if value is None:
        return ""
    if column_type.endswith("[]"):
        items = value if isinstance(value, list) else [value]
        text = ARRAY_DELIMITER.join(_plain(v, column_type[:-2]).replace(ARRAY_DELIMITER, " ") for v in items)
        return _quote(text)
    if column_type == "string":
        return _quote(value if isinstance(value, str) else str(value))
    return _plain(value, column_type)


def _plain(value: Any, column_type: str) -> str:
    if column_type == "boolean":
        return "true" if value else "false"
    if column_type == "double":
        return repr(float(value))
    return str(value)


def _quote(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def _columns(rows: list[dict], declared: dict[str, type]) -> list[tuple[str, str]]:
    names: dict[str, None] = {}
    for key in declared:
        if any(key in r["props"] for r in rows):
            names[key] = None
    for key in sorted({k for r in rows for k in r["props"]} - set(names)):
        names[key] = None
    names.pop("id", None)
    return [
        (name, _type_suffix((r["props"][name] for r in rows if name in r["props"]), declared.get(name)))
        for name in names
    ]


def _header(name: str, column_type: str) -> str:
    return name if column_type == "string" else f"{name}:{column_type}"


def _write(path: Path, header: list[str], lines: Iterable[list[str]]) -> None:
    with atomic_open(path) as handle:
        handle.write(",".join(header) + "\n")
        for fields in lines:
            handle.write(",".join(fields) + "\n")


def write_neo4j_csv(G: nx.MultiDiGraph, out_dir: str | os.PathLike) -> list[Path]:
    """Write `G` as neo4j-admin import CSVs into `out_dir`; return the paths written.

    >>> write_neo4j_csv(G, "out/neo4j-import")  # doctest: +SKIP
    then, with the server stopped:
    neo4j-admin database import full @out/neo4j-import/import.args neo4j
    """
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    rows = graph_rows(G)
    written = [_write_papers(rows, out), _write_concepts(rows, out)]
    for rel, rel_rows in rows.relationships.items():
        written.append(_write_rels(rel, rel_rows, out))
    written += _write_instructions(rows, out)
    return written


def _write_papers(rows: GraphRows, out: Path) -> Path:
    columns = _columns(rows.papers, schema.PAPER_ATTRS)
    header = ["id:ID(Paper)", *(_header(n, t) for n, t in columns), ":LABEL"]
    path = out / NODE_FILES[schema.PAPER]
    _write(
        path,
        header,
        (
            [_quote(r["id"]), *(_field(r["props"].get(n), t) for n, t in columns), schema.PAPER]
            for r in rows.papers
        ),
    )
    return path


def _write_concepts(rows: GraphRows, out: Path) -> Path:
    flat = [(label, r) for label, label_rows in rows.concepts.items() for r in label_rows]
    flat.sort(key=lambda item: item[1]["id"])
    columns = _columns([r for _, r in flat], schema.CONCEPT_ATTRS)
    header = ["id:ID(Concept)", *(_header(n, t) for n, t in columns), ":LABEL"]

    def labels(label: str) -> str:
        return _quote(
            ARRAY_DELIMITER.join([schema.CONCEPT] if label == schema.CONCEPT else [schema.CONCEPT, label])
        )

    path = out / NODE_FILES[schema.CONCEPT]
    _write(
        path,
        header,
        (
            [_quote(r["id"]), *(_field(r["props"].get(n), t) for n, t in columns), labels(label)]
            for label, r in flat
        ),
    )
    return path


def _write_rels(rel: str, rel_rows: list[dict], out: Path) -> Path:
    start = schema.PAPER if rel in schema.PAPER_ROLES else schema.CONCEPT
    declared = schema.ROLE_EDGE_ATTRS if start == schema.PAPER else schema.CONCEPT_EDGE_ATTRS
    columns = _columns(rel_rows, declared)
    header = [
        f":START_ID({start})",
        f":END_ID({schema.CONCEPT})",
        *(_header(n, t) for n, t in columns),
        ":TYPE",
    ]
    path = out / rel_file(rel)
    _write(
        path,
        header,
        (
            [
                _quote(r["source"]),
                _quote(r["target"]),
                *(_field(r["props"].get(n), t) for n, t in columns),
                rel,
            ]
            for r in rel_rows
        ),
    )
    return path


def import_options(rows: GraphRows, directory: str | os.PathLike = ".") -> list[str]:
    """Return the options `neo4j-admin database import full` needs for these files in `directory`."""
    d = Path(directory)
    options = [
        f"--nodes={d / NODE_FILES[schema.PAPER]}",
        f"--nodes={d / NODE_FILES[schema.CONCEPT]}",
        *(f"--relationships={d / rel_file(rel)}" for rel in rows.relationships),
        f"--array-delimiter={ARRAY_DELIMITER_OPTION}",
        "--multiline-fields=true",
    ]
    return options


def _write_instructions(rows: GraphRows, out: Path) -> list[Path]:
    args = out / "import.args"
    with atomic_open(args) as handle:
        handle.write("\n".join(import_options(rows, out.resolve())) + "\n")
    readme = out / "README.txt"
    files = " ".join(import_options(rows, "/import"))
    with atomic_open(readme) as handle:
        handle.write(
            "Bulk import of a kg graph into an empty Neo4j 5 database (written by kg export --format neo4j-csv).\n\n"
            "With a local Neo4j installation (server stopped):\n"
            f"  neo4j-admin database import full --overwrite-destination=true @{args.resolve()} neo4j\n\n"
            "With docker compose (from the project root; this folder mounted as /import):\n"
            "  docker compose stop neo4j\n"
            f'  docker compose run --rm -v "{out.resolve()}:/import" neo4j \\\n'
            f"    neo4j-admin database import full --overwrite-destination=true {files} neo4j\n"
            "  docker compose start neo4j\n\n"
            "Then run `kg load` once: it creates kg's constraints and indexes (the importer does not),\n"
            "sets the empty lists the CSV format cannot hold, and reports everything else unchanged.\n"
        )
    return [args, readme]
