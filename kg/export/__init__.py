"""Exporters, one per format: ``write(G, out_dir, fmt)`` picks the right one.

graphml  DIR/graph.graphml   networkx, Gephi, Cytoscape, yEd
json     DIR/graph.json      node-link, lossless (kg reads this one back)
csv      DIR/nodes.csv, DIR/edges.csv
gexf     DIR/graph.gexf      Gephi
vosviewer DIR/vosviewer/     VOSviewer map.txt + network.txt, and network.json (VOSviewer Online)
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import networkx as nx

from kg.errors import KgError


def _graphml(G, out_dir):
    from kg.export.graphml import write_graphml

    path = out_dir / "graph.graphml"
    write_graphml(G, path)
    return path


def _json(G, out_dir):
    from kg.export.json_graph import write_json

    path = out_dir / "graph.json"
    write_json(G, path)
    return path


def _csv(G, out_dir):
    from kg.export.tables import write_csv

    return write_csv(G, out_dir)


def _gexf(G, out_dir):
    from kg.export.tables import write_gexf

    path = out_dir / "graph.gexf"
    write_gexf(G, path)
    return path


def _neo4j_csv(G, out_dir):
    from kg.export.neo4j_csv import write_neo4j_csv

    target = out_dir / "neo4j-import"
    write_neo4j_csv(G, target)
    return target


def _vosviewer(G, out_dir):
    from kg.export.vosviewer import write_vosviewer

    return write_vosviewer(G, out_dir / "vosviewer")


EXPORTERS: dict[str, Callable[[nx.MultiDiGraph, Path], Path]] = {
    "graphml": _graphml,
    "json": _json,
    "csv": _csv,
    "gexf": _gexf,
    "neo4j-csv": _neo4j_csv,
    "vosviewer": _vosviewer,
}


def write(G: nx.MultiDiGraph, out_dir: str | os.PathLike, fmt: str) -> Path:
    """Write `G` into `out_dir` in format `fmt`; return the file or folder written."""
    try:
        exporter = EXPORTERS[fmt]
    except KeyError:
        raise KgError(f"unknown export format {fmt!r}", hint=f"use one of {', '.join(EXPORTERS)}") from None
    return exporter(G, Path(out_dir))
