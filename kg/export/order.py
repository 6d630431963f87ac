"""The stable order every export writes edges in, read straight from the adjacency dicts."""

from __future__ import annotations

from collections.abc import Iterator

import networkx as nx


def sorted_edges(G: nx.MultiDiGraph) -> Iterator[tuple]:
    """Yield (u, v, key, attrs) sorted by (u, v, str(key)).

    The same order as ``sorted(G.edges(keys=True, data=True), key=lambda e: (e[0], e[1],
    str(e[2])))`` (ties keep insertion order in both), without a tuple per edge through the
    edge view and one sort of them all: on a 670k-edge graph that costs seconds.
    """
    succ = G._succ
    for u in sorted(succ):
        nbrs = succ[u]
        for v in sorted(nbrs):
            keys = nbrs[v]
            if len(keys) == 1:
                for k, d in keys.items():
                    yield u, v, k, d
            else:
                for k in sorted(keys, key=str):
                    yield u, v, k, keys[k]
