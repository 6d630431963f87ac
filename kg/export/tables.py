"""CSV tables (nodes.csv, edges.csv) and GEXF, for spreadsheets and Gephi."""

from __future__ import annotations

import csv
import os
from pathlib import Path

import networkx as nx

from kg.export.atomic import atomic_open
from kg.export.flatten import node_label, scalar, xml_safe
from kg.graph.schema import EDGE_ATTRS, NODE_ATTRS


def _columns(items, declared) -> list[str]:
    seen = set()
    for attrs in items:
        seen.update(attrs)
    return [c for c in declared if c in seen] + sorted(seen - set(declared))


def write_csv(G: nx.MultiDiGraph, out_dir: str | os.PathLike) -> Path:
    """Write DIR/nodes.csv and DIR/edges.csv (lists JSON-encoded); return DIR."""
    out_dir = Path(out_dir)
    nodes = sorted(G.nodes(data=True), key=lambda n: n[0])
    edges = sorted(G.edges(keys=True, data=True), key=lambda e: (e[0], e[1], str(e[2])))
    node_cols = _columns((a for _, a in nodes), NODE_ATTRS)
    edge_cols = _columns((a for *_, a in edges), EDGE_ATTRS)
    with atomic_open(out_dir / "nodes.csv") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["id", *node_cols])
        for n, a in nodes:
            w.writerow([n, *("" if a.get(c) is None else scalar(a[c]) for c in node_cols)])
    with atomic_open(out_dir / "edges.csv") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["source", "target", *edge_cols])
        for u, v, _k, a in edges:
            w.writerow([u, v, *("" if a.get(c) is None else scalar(a[c]) for c in edge_cols)])
    return out_dir


def write_gexf(G: nx.MultiDiGraph, path: str | os.PathLike) -> None:
    """Write GEXF for Gephi, with scalar attributes and a label per node."""
    flat = nx.MultiDiGraph()
    for n in sorted(G.nodes):
        a = G.nodes[n]
        # None has no GEXF type (networkx raises): leave the attribute out, as GraphML does
        flat.add_node(
            n, label=xml_safe(node_label(a)), **{k: _gexf_value(v) for k, v in sorted(a.items()) if v is not None}
        )
    for u, v, k, a in sorted(G.edges(keys=True, data=True), key=lambda e: (e[0], e[1], str(e[2]))):
        flat.add_edge(u, v, key=k, **{name: _gexf_value(val) for name, val in sorted(a.items()) if val is not None})
    with atomic_open(path, "wb") as fh:
        nx.write_gexf(flat, fh)


def _gexf_value(value):
    value = scalar(value)
    return xml_safe(value) if isinstance(value, str) else value
