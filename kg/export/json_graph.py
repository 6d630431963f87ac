"""Node-link JSON: kg's lossless on-disk graph, read back by every later command."""

from __future__ import annotations

import itertools
import json
import os
from pathlib import Path

import networkx as nx

from kg.errors import GraphError
from kg.export.atomic import atomic_open
from kg.export.flatten import json_texts
from kg.export.order import sorted_edges

FORMAT_VERSION = 1


def graph_to_data(G: nx.MultiDiGraph) -> dict:
    """Return the node-link dict of `G` with nodes and edges in a stable order."""
    nodes = [{"id": n, **G.nodes[n]} for n in sorted(G.nodes)]
    edges = [
        {"source": u, "target": v, "key": k, **d}
        for u, v, k, d in sorted(G.edges(keys=True, data=True), key=lambda e: (e[0], e[1], str(e[2])))
    ]
    return {
        "directed": True,
        "multigraph": True,
        "graph": {"format": "kg-node-link", "format_version": FORMAT_VERSION, **dict(sorted(G.graph.items()))},
        "nodes": nodes,
        "edges": edges,
    }


def write_json(G: nx.MultiDiGraph, path: str | os.PathLike, chunk: int = 1000) -> None:
    """Write `G` as node-link JSON, byte-identical for the same graph.

    Streams: one node or edge per line, encoded `chunk` at a time (one-shot encoding runs in
    C), never the whole document in memory; the text equals :func:`graph_to_data`'s dump.
    """
    head = {k: v for k, v in graph_to_data(nx.MultiDiGraph(**G.graph)).items() if k not in ("nodes", "edges")}
    node_attrs = G._node
    nodes = ({"id": n, **node_attrs[n]} for n in sorted(node_attrs))
    edges = ({"source": u, "target": v, "key": k, **d} for u, v, k, d in sorted_edges(G))
    with atomic_open(path) as handle:
        handle.write(json.JSONEncoder(ensure_ascii=False).encode(head)[:-1])
        for name, items in (("nodes", nodes), ("edges", edges)):
            handle.write(f', "{name}": [')
            first = True
            while True:
                batch = list(itertools.islice(items, chunk))
                if not batch:
                    break
                handle.write(("\n" if first else ",\n") + ",\n".join(json_texts(batch)))
                first = False
            handle.write("\n]")
        handle.write("}\n")


def data_to_graph(data: dict) -> nx.MultiDiGraph:
    """Rebuild a MultiDiGraph from :func:`graph_to_data` output."""
    G = nx.MultiDiGraph()
    G.graph.update({k: v for k, v in data.get("graph", {}).items() if k not in ("format", "format_version")})
    for node in data["nodes"]:
        attrs = dict(node)
        G.add_node(attrs.pop("id"), **attrs)
    for edge in data["edges"]:
        attrs = dict(edge)
        G.add_edge(attrs.pop("source"), attrs.pop("target"), key=attrs.pop("key"), **attrs)
    return G


def read_json(path: str | os.PathLike) -> nx.MultiDiGraph:
    """Read a graph written by :func:`write_json`."""
    path = Path(path)
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
        return data_to_graph(data)
    except FileNotFoundError:
        raise GraphError("no graph here", source=str(path), hint="run `kg build INPUT --out DIR` first") from None
    except (json.JSONDecodeError, KeyError, TypeError) as exc:
        raise GraphError(f"not a kg graph file ({exc})", source=str(path), hint="rebuild it with `kg build`") from None
