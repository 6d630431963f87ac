"""Louvain communities on an integer-indexed graph: networkx's algorithm at a fraction of its cost.

``networkx.community.louvain_communities`` spends most of a large build's analytics time on
its graph views, string-keyed dicts, sets of original nodes moved at every step and a full
modularity pass per level. :func:`louvain` runs the same steps on plain lists and int-keyed
dicts. It draws the same random numbers, visits nodes and neighbours in the same order and
evaluates every gain with the same float expression, so for the same graph and seed it
returns exactly networkx's partition (``tests/unit/test_louvain.py`` checks this on random
graphs): switching to it changed no community kg writes.

Weights are expected to be whole numbers (kg's are 1.0 and sums of them), which keeps every
degree and community total exact whatever the order they are summed in.
"""

from __future__ import annotations

import random
from collections import _count_elements  # Counter's C loop, into a plain dict
from collections.abc import Iterable, Sequence
from operator import itemgetter

Adjacency = list[dict[int, float]]


def louvain(
    n: int,
    edges: Iterable[tuple[int, int, float]],
    *,
    resolution: float = 1.0,
    threshold: float = 1e-7,
    seed: int = 0,
) -> list[list[int]]:
    """Return the communities of nodes ``0..n-1`` as sorted lists, in networkx's order.

    Equals ``louvain_communities(G, weight="weight", resolution=resolution,
    threshold=threshold, seed=seed)`` for an ``nx.Graph`` G built by adding nodes
    ``0..n-1`` in order and then `edges` (``(u, v, weight)``) in order; a repeated edge
    keeps its first position and its last weight, as in networkx.

    Examples
    --------
    >>> louvain(6, [(0, 1, 1.0), (1, 2, 1.0), (0, 2, 1.0), (3, 4, 1.0), (4, 5, 1.0), (3, 5, 1.0), (2, 3, 1.0)])
    [[0, 1, 2], [3, 4, 5]]
    """
    adj: Adjacency = [{} for _ in range(n)]
    for u, v, w in edges:
        adj[u][v] = w
        adj[v][u] = w
    if not any(adj):
        return [[u] for u in range(n)]
    rng = random.Random(seed)
    mod = modularity(adj, [[u] for u in range(n)], resolution)
    # networkx copies the graph edge by edge first, which reorders every adjacency list.
    adj = _copy_in_edge_order(adj)
    m = sum(_degrees(adj)) / 2
    members: list[list[int]] = [[u] for u in range(n)]  # original nodes under each level's node
    inner = _one_level(adj, m, resolution, rng)
    while True:
        members = [[x for u in com for x in members[u]] for com in inner]
        new_mod = modularity(adj, inner, resolution)
        if new_mod - mod <= threshold:
            break
        mod = new_mod
        adj = _aggregate(adj, inner)
        inner = _one_level(adj, m, resolution, rng)
        if len(inner) == len(adj):  # nothing moved: networkx stops with the partition it has
            break
    return [sorted(com) for com in members]


def modularity(adj: Adjacency, communities: Sequence[Sequence[int]], resolution: float = 1.0) -> float:
    """Return the modularity of a partition, summed as ``networkx.community.modularity`` sums it."""
    degrees = _degrees(adj)
    deg_sum = sum(degrees)
    m = deg_sum / 2
    norm = 1 / deg_sum**2
    parts = []
    for com in communities:
        inside = set(com)
        internal = 0
        for u in com:
            for v, w in adj[u].items():
                if v >= u and v in inside:  # each internal edge once, a self-loop once
                    internal += w
        degree_sum = sum(degrees[u] for u in com)
        parts.append(internal / m - resolution * degree_sum * degree_sum * norm)
    return sum(parts)


def _degrees(adj: Adjacency) -> list[float]:
    """Weighted degrees, a self-loop counting twice (networkx's convention)."""
    return [sum(nbrs.values()) + nbrs.get(u, 0) for u, nbrs in enumerate(adj)]


def _copy_in_edge_order(adj: Adjacency) -> Adjacency:
    """The adjacency networkx builds by re-adding the edges in ``G.edges`` order."""
    out: Adjacency = [{} for _ in adj]
    for u, nbrs in enumerate(adj):
        for v, w in nbrs.items():
            if v >= u:
                out[u][v] = w
                out[v][u] = w
    return out


def _one_level(adj: Adjacency, m: float, resolution: float, rng: random.Random) -> list[list[int]]:
    """Move nodes to their best neighbouring community until none moves; return the communities.

    A community's index is that of the node it started from, and the communities come back
    in index order without the emptied ones, as networkx keeps them.
    """
    n = len(adj)
    node2com = list(range(n))
    degrees = _degrees(adj)
    totals = list(degrees)
    unit = all(w == 1 for a in adj for w in a.values())
    if unit:  # the first level: weights 1, so a neighbour community's weight is a count
        nbrs = [tuple(v for v in a if v != u) for u, a in enumerate(adj)]
        fetch = [itemgetter(*vs) if len(vs) > 1 else None for vs in nbrs]
    else:
        pairs = [[(v, w) for v, w in a.items() if v != u] for u, a in enumerate(adj)]
    order = list(range(n))
    rng.shuffle(order)
    scale = 2 * m**2
    moved = 1
    while moved:
        moved = 0
        for u in order:
            best_gain = 0
            best = own = node2com[u]
            # weight to each neighbouring community, in the order the neighbours reach them
            to_com: dict[int, float] = {}
            if unit:
                got = fetch[u]
                if got is not None:
                    _count_elements(to_com, got(node2com))
                elif nbrs[u]:
                    to_com[node2com[nbrs[u][0]]] = 1
            else:
                get = to_com.get
                for v, w in pairs[u]:
                    c = node2com[v]
                    to_com[c] = get(c, 0.0) + w
            if own not in to_com:
                if not to_com:
                    continue  # no neighbour: it stays where it is
                to_com[own] = 0.0  # networkx's defaultdict adds it here, after the neighbours
            elif len(to_com) == 1:
                continue  # every neighbour is in its own community: it stays, totals unchanged
            degree = degrees[u]
            totals[own] -= degree
            remove_cost = -to_com[own] / m + resolution * (totals[own] * degree) / scale
            for c, w in to_com.items():
                gain = remove_cost + w / m - resolution * (totals[c] * degree) / scale
                if gain > best_gain:
                    best_gain = gain
                    best = c
            totals[best] += degree
            if best != own:
                node2com[u] = best
                moved += 1
    groups: list[list[int]] = [[] for _ in range(n)]
    for u in range(n):
        groups[node2com[u]].append(u)
    return [g for g in groups if g]


def _aggregate(adj: Adjacency, communities: list[list[int]]) -> Adjacency:
    """One node per community; edge weights summed, internal ones into a self-loop."""
    com = [0] * len(adj)
    for i, nodes in enumerate(communities):
        for u in nodes:
            com[u] = i
    out: Adjacency = [{} for _ in communities]
    for u, nbrs in enumerate(adj):
        cu = com[u]
        row = out[cu]
        for v, w in nbrs.items():
            if v >= u:
                cv = com[v]
                total = w + row.get(cv, 0)
                row[cv] = total
                out[cv][cu] = total
    return out
