"""Graph -> Neo4j rows: the pure half of loading, testable without a server.

Neo4j stores scalars and homogeneous lists of scalars only, and labels and relationship
types cannot be query parameters. So this module checks every label and type against the
whitelists in :mod:`kg.graph.schema` (the loader interpolates only what passed here) and
turns attribute values into what Neo4j accepts: tuples become lists, None is dropped (a
missing property, as Neo4j has no null properties), and a dict or a mixed list becomes its
JSON text. Rows come out grouped by label or type and sorted, so a load is deterministic.

Two shapes of the same rows: :func:`graph_rows` gives one dict per node or edge (what the CSV
exporter and older callers read); :func:`load_tables` gives what the loader sends, one list
per node or edge in tables of rows that carry the same properties (see :class:`Table`).
"""

from __future__ import annotations

import json
import math
import operator
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from kg.errors import GraphError
from kg.graph import schema

Row = dict[str, Any]


@dataclass(frozen=True)
class GraphRows:
    """What one graph becomes in Neo4j: node rows per label, edge rows per relationship type.

    ``concepts`` maps a type label (from ``schema.TYPE_LABELS``) to the rows of the concepts
    carrying it; ``relationships`` maps a type from ``schema.RELATIONSHIP_TYPES`` to its rows.
    """

    papers: list[Row] = field(default_factory=list)
    concepts: dict[str, list[Row]] = field(default_factory=dict)
    relationships: dict[str, list[Row]] = field(default_factory=dict)

    @property
    def node_count(self) -> int:
        return len(self.papers) + sum(len(rows) for rows in self.concepts.values())

    @property
    def relationship_count(self) -> int:
        return sum(len(rows) for rows in self.relationships.values())


def neo4j_value(value: Any) -> Any:
    """Return `value` as a Neo4j property value, or None when it should not be stored.

    Scalars pass; NaN and infinities (which Cypher cannot compare) become None; tuples and
    sets become lists; a list whose items share one scalar type stays a list (ints and
    floats together become floats); anything else (dicts, nested or mixed lists) becomes
    its JSON text, since Neo4j refuses maps.
    """
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value) if isinstance(value, (set, frozenset)) else list(value)
        kinds = {_scalar_kind(v) for v in items}
        if not items or kinds in ({"bool"}, {"int"}, {"float"}, {"str"}):
            return items
        if kinds == {"int", "float"}:
            return [float(v) for v in items]
        return json.dumps(items, ensure_ascii=False, sort_keys=True, default=str)
    if isinstance(value, Mapping):
        return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
    return str(value)


def _scalar_kind(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float) and math.isfinite(value):
        return "float"
    if isinstance(value, str):
        return "str"
    return "other"


def properties(attrs: Mapping[str, Any], schema_attrs: Mapping[str, type]) -> dict[str, Any]:
    """Return the Neo4j properties of one node or edge: schema attributes first, then extras.

    Extra attributes (not yet in the schema) are kept rather than silently dropped; a key
    that is not a string cannot be a property name and is skipped.
    """
    props: dict[str, Any] = {}
    ordered = [k for k in schema_attrs if k in attrs] + sorted(
        k for k in attrs if k not in schema_attrs and isinstance(k, str)
    )
    for key in ordered:
        value = neo4j_value(attrs[key])
        if value is not None:
            props[key] = value
    return props


def concept_label(node_id: str, attrs: Mapping[str, Any]) -> str:
    """Return the concept's type label, checked against ``schema.TYPE_LABELS``."""
    label = attrs.get("type") or schema.CONCEPT
    if label not in schema.TYPE_LABELS:
        raise GraphError(
            f"concept {node_id!r} has type {label!r}, which is not a kg concept type",
            hint=f"types are {', '.join(schema.TYPE_LABELS)}; rebuild the graph with `kg build`",
        )
    return label


def relationship_type(u: str, v: str, key: Any, attrs: Mapping[str, Any]) -> str:
    """Return the edge's relationship type (its key), checked against ``schema.RELATIONSHIP_TYPES``."""
    rel = key if isinstance(key, str) and key in schema.RELATIONSHIP_TYPES else attrs.get("type", key)
    if rel not in schema.RELATIONSHIP_TYPES:
        raise GraphError(
            f"edge {u!r} -> {v!r} has type {rel!r}, which is not a kg relationship type",
            hint=f"types are {', '.join(schema.RELATIONSHIP_TYPES)}",
        )
    return rel


def node_kind(G: nx.MultiDiGraph, node_id: Any) -> str:
    """Return 'Paper' or 'Concept' for a node, from its `kind` attribute."""
    kind = G.nodes[node_id].get("kind")
    if kind not in schema.NODE_KINDS:
        raise GraphError(
            f"node {node_id!r} has kind {kind!r}; kg graphs hold only Paper and Concept nodes",
            hint="load a graph written by `kg build`",
        )
    return kind


def graph_rows(G: nx.MultiDiGraph) -> GraphRows:
    """Return the rows that load `G` into Neo4j, grouped and sorted.

    A paper row is ``{"id", "props"}``, a concept row the same (grouped under its type
    label), an edge row ``{"source", "target", "props"}`` (grouped under its type). Raises
    GraphError for an unknown node kind, concept type or relationship type, for a
    role edge that does not go from a Paper to a Concept, and for a concept link that
    does not join two Concepts.
    """
    papers: list[Row] = []
    concepts: dict[str, list[Row]] = {}
    for node_id in sorted(G.nodes, key=str):
        if not isinstance(node_id, str):
            raise GraphError(f"node id {node_id!r} is not text", hint="load a graph written by `kg build`")
        attrs = G.nodes[node_id]
        if node_kind(G, node_id) == schema.PAPER:
            papers.append({"id": node_id, "props": {"id": node_id, **properties(attrs, schema.PAPER_ATTRS)}})
        else:
            label = concept_label(node_id, attrs)
            row = {"id": node_id, "props": {"id": node_id, **properties(attrs, schema.CONCEPT_ATTRS)}}
            concepts.setdefault(label, []).append(row)

    relationships: dict[str, list[Row]] = {}
    seen: set[tuple[str, str, str]] = set()
    for u, v, key, attrs in _sorted_edges(G):
        rel = relationship_type(u, v, key, attrs)
        kinds = (node_kind(G, u), node_kind(G, v))
        role = rel in schema.PAPER_ROLES
        if kinds != ((schema.PAPER if role else schema.CONCEPT), schema.CONCEPT):
            shape = "Paper -> Concept" if role else "Concept -> Concept"
            raise GraphError(f"{rel} edge {u!r} -> {v!r} joins {kinds[0]} -> {kinds[1]}, not {shape}")
        if (u, v, rel) in seen:
            # MERGE keeps one relationship per (source, type, target); say so instead of
            # letting the second edge silently overwrite the first one's properties.
            raise GraphError(
                f"two {rel} edges {u!r} -> {v!r}", hint="kg graphs hold one edge per type and pair"
            )
        seen.add((u, v, rel))
        schema_attrs = schema.ROLE_EDGE_ATTRS if role else schema.CONCEPT_EDGE_ATTRS
        props = properties(attrs, schema_attrs)
        props.setdefault("type", rel)
        relationships.setdefault(rel, []).append({"source": u, "target": v, "props": props})

    return GraphRows(
        papers=papers,
        concepts={label: concepts[label] for label in schema.TYPE_LABELS if label in concepts},
        relationships={rel: relationships[rel] for rel in schema.RELATIONSHIP_TYPES if rel in relationships},
    )


def _sorted_edges(G: nx.MultiDiGraph) -> list[tuple[str, str, Any, dict]]:
    return sorted(G.edges(keys=True, data=True), key=lambda e: (str(e[0]), str(e[1]), str(e[2])))


def outgoing_keep(rows: GraphRows, source_ids: list[str], types: tuple[str, ...]) -> list[Row]:
    """Return, for each of `source_ids`, the ``[type, target]`` pairs of its edges of `types`.

    The loader deletes a node's other outgoing edges of those types: what a rebuilt graph
    no longer says. A node with no such edge gets an empty list, so its old edges go too.
    """
    keep: dict[str, list[list[str]]] = {node_id: [] for node_id in source_ids}
    for rel in types:
        for row in rows.relationships.get(rel, []):
            keep.setdefault(row["source"], []).append([rel, row["target"]])
    return [{"id": node_id, "keep": sorted(keep[node_id])} for node_id in sorted(keep)]


def node_ids(rows: GraphRows, *, papers: bool = True, concepts: bool = True) -> list[str]:
    """Return the ids of the graph's papers and/or concepts, sorted."""
    ids: list[str] = []
    if papers:
        ids += [r["id"] for r in rows.papers]
    if concepts:
        ids += [r["id"] for label_rows in rows.concepts.values() for r in label_rows]
    return sorted(ids)


def batches(rows: list[Row], size: int) -> Iterator[list[Row]]:
    """Yield `rows` in consecutive slices of at most `size`."""
    if size < 1:
        raise ValueError("batch size must be at least 1")
    for start in range(0, len(rows), size):
        yield rows[start : start + size]


# ---------------------------------------------------------------- tables: what the loader sends


@dataclass(frozen=True)
class Table:
    """Rows of one label (or relationship type) that carry the same properties, as lists.

    Why lists: the driver packs a list about twice as fast as a map with the same values, and
    a row that names no keys is smaller on the wire. Node rows are ``[value of columns[0],
    value of columns[1], ...]`` (columns[0] is always ``id``); edge rows are ``[source id,
    target id, value of columns[0], ...]``. No row holds a null, so a statement can rebuild
    the exact property map from the row.

    ``columns is None`` marks a table in the dict layout of :func:`graph_rows` (``{"id",
    "props"}`` / ``{"source", "target", "props"}``): what rows with attributes outside the
    schema use, since property names that do not come from the schema never go into Cypher.
    """

    label: str
    columns: tuple[str, ...] | None
    rows: list


@dataclass(frozen=True)
class LoadTables:
    """The graph as the loader sends it: tables of papers, of concepts per type label, of edges per type."""

    papers: list[Table] = field(default_factory=list)
    concepts: list[Table] = field(default_factory=list)
    relationships: list[Table] = field(default_factory=list)

    @property
    def paper_count(self) -> int:
        return sum(len(t.rows) for t in self.papers)

    @property
    def concept_count(self) -> int:
        return sum(len(t.rows) for t in self.concepts)

    @property
    def node_count(self) -> int:
        return self.paper_count + self.concept_count

    @property
    def relationship_count(self) -> int:
        return sum(len(t.rows) for t in self.relationships)

    def node_ids(self, *, papers: bool = True, concepts: bool = True) -> list[str]:
        """Return the ids of the graph's papers and/or concepts, sorted."""
        tables = (self.papers if papers else []) + (self.concepts if concepts else [])
        return sorted(_row_key(t, row) for t in tables for row in t.rows)

    def targets(self, types: Iterable[str]) -> dict[str, dict[str, list[str]]]:
        """Return source id -> relationship type -> target ids, for the edges of `types`."""
        wanted = set(types)
        out: dict[str, dict[str, list[str]]] = {}
        for table in self.relationships:
            if table.label not in wanted:
                continue
            if table.columns is None:
                pairs = ((row["source"], row["target"]) for row in table.rows)
            else:
                pairs = ((row[0], row[1]) for row in table.rows)
            for source, target in pairs:
                out.setdefault(source, {}).setdefault(table.label, []).append(target)
        return out


def _row_key(table: Table, row: Any) -> str:
    return row["id"] if table.columns is None else row[0]


_PLAIN = frozenset((str, int, bool))


def _fast_value(value: Any) -> Any:
    # neo4j_value for the values a kg build writes, without its general checks.
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is float:
        return value if math.isfinite(value) else None
    if kind is list and all(type(v) is str for v in value):
        return value
    return neo4j_value(value)


_SIMPLE = frozenset((str, int, bool, float, list))
_is_float = float.__instancecheck__
_is_list = list.__instancecheck__


def _simple_values(values: tuple, kinds: set[type]) -> bool:
    """Return whether `values` (of exactly the types `kinds`) are all stored unchanged."""
    if float in kinds and not all(map(math.isfinite, filter(_is_float, values))):
        return False
    if list in kinds:
        for value in filter(_is_list, values):
            if not set(map(type, value)) <= {str}:
                return False
    return True


def _positional(
    first: list, attrs: Mapping[str, Any], names: tuple[str, ...], get: Any = None
) -> tuple[list, tuple[str, ...]]:
    """Return `first` extended by the values of `names` in `attrs`, and the names that had one.

    `get` is ``operator.itemgetter(*names)`` (two names or more), for the usual row: every
    schema attribute set, to a value Neo4j stores as it is.
    """
    if get is not None:
        try:
            got = get(attrs)
        except KeyError:
            pass
        else:
            kinds = set(map(type, got))
            if kinds <= _PLAIN or (kinds <= _SIMPLE and _simple_values(got, kinds)):
                first.extend(got)
                return first, names
    values = [v if type(v) in _PLAIN else _fast_value(v) for v in map(attrs.get, names)]
    if None not in values:
        first.extend(values)
        return first, names
    present = tuple(name for name, value in zip(names, values) if value is not None)
    first.extend(value for value in values if value is not None)
    return first, present


def _has_extras(attrs: Mapping[str, Any], schema_keys: frozenset[str]) -> bool:
    if attrs.keys() <= schema_keys:
        return False
    extra = attrs.keys() - schema_keys
    return bool(extra) and any(isinstance(k, str) for k in extra)


def load_tables(G: nx.MultiDiGraph, *, positional: bool = True) -> LoadTables:
    """Return the rows that load `G` into Neo4j as tables (see :class:`Table`), grouped and sorted.

    Same checks, values and order as :func:`graph_rows` (it raises the same GraphErrors);
    rows of one label or type are split into tables by the properties they carry, which for
    a graph from `kg build` means one table per label or type. With ``positional=False``
    every table is in the dict layout.
    """
    if not positional:
        rows = graph_rows(G)
        return LoadTables(
            papers=[Table(schema.PAPER, None, rows.papers)] if rows.papers else [],
            concepts=[Table(label, None, r) for label, r in rows.concepts.items()],
            relationships=[Table(rel, None, r) for rel, r in rows.relationships.items()],
        )
    nodes, index = node_tables(G)
    return LoadTables(nodes.papers, nodes.concepts, relationship_tables(G, index))


@dataclass(frozen=True)
class NodeIndex:
    """What the edge rows need of the node pass: each node's kind, and the ids in order."""

    kinds: dict[str, str]
    order: list[str]


_NAMES = {
    "paper": tuple(schema.PAPER_ATTRS),
    "concept": tuple(schema.CONCEPT_ATTRS),
    "role": tuple(schema.ROLE_EDGE_ATTRS),
    "link": tuple(schema.CONCEPT_EDGE_ATTRS),
}
_GETTERS = {names: operator.itemgetter(*names) if len(names) > 1 else None for names in _NAMES.values()}
_KEYSETS = {
    id(attrs): frozenset(attrs)
    for attrs in (schema.PAPER_ATTRS, schema.CONCEPT_ATTRS, schema.ROLE_EDGE_ATTRS, schema.CONCEPT_EDGE_ATTRS)
}


def _grouped(groups: dict[tuple, list], order: tuple[str, ...]) -> list[Table]:
    rank = {label: i for i, label in enumerate(order)}
    keys = sorted(groups, key=lambda k: rank[k[0]])  # stable: first-seen order within a label
    return [Table(label, columns, groups[(label, columns)]) for label, columns in keys]


def node_tables(G: nx.MultiDiGraph) -> tuple[LoadTables, NodeIndex]:
    """The paper and concept tables of :func:`load_tables` (positional layout, relationships
    left empty), and the index :func:`relationship_tables` builds the edge rows from. The
    node checks run here; the edge checks run in :func:`relationship_tables`."""
    paper_names, concept_names = _NAMES["paper"], _NAMES["concept"]
    papers: dict[tuple, list] = {}
    concepts: dict[tuple, list] = {}
    kinds: dict[str, str] = {}
    order = sorted(G.nodes, key=str)
    for node_id in order:
        if not isinstance(node_id, str):
            raise GraphError(f"node id {node_id!r} is not text", hint="load a graph written by `kg build`")
        attrs = G.nodes[node_id]
        kind = kinds[node_id] = node_kind(G, node_id)
        paper = kind == schema.PAPER
        schema_attrs = schema.PAPER_ATTRS if paper else schema.CONCEPT_ATTRS
        label = schema.PAPER if paper else concept_label(node_id, attrs)
        if _has_extras(attrs, _KEYSETS[id(schema_attrs)]):
            row: Any = {"id": node_id, "props": {"id": node_id, **properties(attrs, schema_attrs)}}
            key: tuple = (label, None)
        else:
            names = paper_names if paper else concept_names
            row, present = _positional([node_id], attrs, names, _GETTERS[names])
            key = (label, ("id", *present))
        (papers if paper else concepts).setdefault(key, []).append(row)
    tables = LoadTables(papers=_grouped(papers, (schema.PAPER,)), concepts=_grouped(concepts, schema.TYPE_LABELS))
    return tables, NodeIndex(kinds, order)


def relationship_tables(G: nx.MultiDiGraph, index: NodeIndex) -> list[Table]:
    """The relationship tables of :func:`load_tables`, in the positional layout."""
    role_names, link_names = _NAMES["role"], _NAMES["link"]
    kinds = index.kinds
    relationships: dict[tuple, list] = {}
    for u, v, key, attrs in _edges_in_order(G, index.order):
        rel = relationship_type(u, v, key, attrs)
        role = rel in schema.PAPER_ROLES
        ends = (kinds[u], kinds[v])
        if ends != ((schema.PAPER if role else schema.CONCEPT), schema.CONCEPT):
            shape = "Paper -> Concept" if role else "Concept -> Concept"
            raise GraphError(f"{rel} edge {u!r} -> {v!r} joins {ends[0]} -> {ends[1]}, not {shape}")
        if key != rel and _another_edge_of_type(G, u, v, key, rel):
            raise GraphError(
                f"two {rel} edges {u!r} -> {v!r}", hint="kg graphs hold one edge per type and pair"
            )
        schema_attrs = schema.ROLE_EDGE_ATTRS if role else schema.CONCEPT_EDGE_ATTRS
        if _has_extras(attrs, _KEYSETS[id(schema_attrs)]):
            props = properties(attrs, schema_attrs)
            props.setdefault("type", rel)
            relationships.setdefault((rel, None), []).append({"source": u, "target": v, "props": props})
            continue
        names = role_names if role else link_names
        row, present = _positional([u, v], attrs, names, _GETTERS[names])
        if "type" not in present:
            row.insert(2, rel)
            present = ("type", *present)
        relationships.setdefault((rel, present), []).append(row)
    return _grouped(relationships, schema.RELATIONSHIP_TYPES)


def _edges_in_order(G: nx.MultiDiGraph, nodes: list[str]) -> Iterator[tuple[str, str, Any, dict]]:
    """Yield `G`'s edges in _sorted_edges order, given its (text) node ids sorted.

    Sorting each node's few neighbours is cheaper than sorting every edge of the graph.
    """
    succ = G.succ
    for u in nodes:
        neighbours = succ[u]
        for v in sorted(neighbours):
            by_key = neighbours[v]
            for key in sorted(by_key, key=str) if len(by_key) > 1 else by_key:
                yield u, v, key, by_key[key]


def _another_edge_of_type(G: nx.MultiDiGraph, u: str, v: str, key: Any, rel: str) -> bool:
    """Return whether u -> v holds another edge that also resolves to type `rel`.

    Keys of one pair are unique, so two edges clash only when one of them has a key that is
    not its type; checking from that edge's side finds every clash once.
    """
    for other, attrs in G[u][v].items():
        if other != key and relationship_type(u, v, other, attrs) == rel:
            return True
    return False
