"""Exporters, one per format: ``write(G, out_dir, fmt)`` picks the right one.

graphml  DIR/graph.graphml   networkx, Gephi, Cytoscape, yEd
json     DIR/graph.json      node-link, lossless (kg reads this one back)
csv      DIR/nodes.csv, DIR/edges.csv
gexf     DIR/graph.gexf      Gephi
vosviewer DIR/vosviewer/     VOSviewer map.txt + network.txt, and network.json (VOSviewer Online)
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path
from typing import TYPE_CHECKING

from kg.errors import KgError

if TYPE_CHECKING:  # networkx is imported by the writers, not here: the CLI reads this table
    import networkx as nx

# format -> (module, writer function, what it writes inside the output folder; "" = the folder)
EXPORTERS: dict[str, tuple[str, str, str]] = {
    "graphml": ("kg.export.graphml", "write_graphml", "graph.graphml"),
    "json": ("kg.export.json_graph", "write_json", "graph.json"),
    "csv": ("kg.export.tables", "write_csv", ""),
    "gexf": ("kg.export.tables", "write_gexf", "graph.gexf"),
    "neo4j-csv": ("kg.export.neo4j_csv", "write_neo4j_csv", "neo4j-import"),
    "vosviewer": ("kg.export.vosviewer", "write_vosviewer", "vosviewer"),
}


def write(G: nx.MultiDiGraph, out_dir: str | os.PathLike, fmt: str) -> Path:
    """Write `G` into `out_dir` in format `fmt`; return the file or folder written."""
    try:
        module, function, target = EXPORTERS[fmt]
    except KeyError:
        raise KgError(f"unknown export format {fmt!r}", hint=f"use one of {', '.join(EXPORTERS)}") from None
    path = Path(out_dir) / target if target else Path(out_dir)
    getattr(importlib.import_module(module), function)(G, path)
    return path
