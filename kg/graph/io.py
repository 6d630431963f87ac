"""Find and read the graph a `kg build` wrote."""

from __future__ import annotations

import os
from pathlib import Path

import networkx as nx

from kg.errors import GraphError

GRAPH_JSON = "graph.json"
GRAPH_GRAPHML = "graph.graphml"


def load_graph(graph_dir: str | os.PathLike = "out") -> nx.MultiDiGraph:
    """Return the graph stored in `graph_dir` (its graph.json, the lossless copy)."""
    from kg.export.json_graph import read_json

    graph_dir = Path(graph_dir)
    path = graph_dir / GRAPH_JSON
    if not path.exists():
        raise GraphError(
            f"no built graph in {graph_dir}/",
            hint="run `kg build INPUT... --out DIR` first, or pass --graph DIR",
        )
    return read_json(path)
