"""Answers a concept graph is for: similar papers, paths, communities, central concepts, trends,
co-occurrence.

Every function here is pure and deterministic: it reads the graph in sorted order, seeds the
algorithms that draw random numbers, and returns JSON-ready rows (dicts of str, int, float
and lists). Only ``add_cooccurrence`` and ``add_communities`` change the graph, and they are
idempotent.

Papers link to concepts through role edges (PROPOSES, USES, EVALUATES_ON, COMPARES_WITH,
MENTIONS); a concept's "papers" are the papers with a role edge to it, whatever the role.
"""

from __future__ import annotations

import collections
import itertools
import math
from collections.abc import Iterable

import networkx as nx

from kg.errors import GraphError
from kg.graph.schema import CONCEPT, PAPER, PAPER_ROLES

CO_OCCURS = "CO_OCCURS"
# Edges a path may follow. CO_OCCURS is left out: it short-cuts every concept-paper-concept
# step and would hide the papers a connection goes through.
PATH_EDGE_TYPES = (*PAPER_ROLES, "VARIANT_OF", "IS_A")
# Concept -> concept edges that tie a concept to its family when clustering.
LINEAGE_TYPES = ("VARIANT_OF", "IS_A")
_ROLES = frozenset(PAPER_ROLES)
_PATH_TYPES = frozenset(PATH_EDGE_TYPES)


# ---------------------------------------------------------------------------------------
# shared views


def _kind(G: nx.MultiDiGraph, n) -> str | None:
    return G.nodes[n].get("kind")


def _edge_type(key, attrs: dict) -> str:
    return attrs.get("type", key)


def paper_concept_index(G: nx.MultiDiGraph) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Return (paper -> sorted concept ids, concept -> sorted paper ids) over the role edges.

    Every paper and every concept is a key, also those without links.
    """
    p2c: dict[str, list[str]] = {}
    c2p: dict[str, list[str]] = {}
    for n, a in G._node.items():  # raw dicts: the public views double the cost on a large graph
        kind = a.get("kind")
        if kind == PAPER:
            p2c[n] = []
        elif kind == CONCEPT:
            c2p[n] = []
    succ = G._succ
    roles = _ROLES
    for p in sorted(p2c):
        linked = p2c[p]
        for c, keys in succ[p].items():
            if c in c2p:
                for k, d in keys.items():
                    if d.get("type", k) in roles:
                        linked.append(c)
                        break
        linked.sort()
        for c in linked:
            c2p[c].append(p)  # papers arrive in sorted order
    return p2c, c2p


def _concept_row(G: nx.MultiDiGraph, c: str, **extra) -> dict:
    a = G.nodes[c]
    return {"id": c, "name": a.get("name", c), "type": a.get("type", ""), **extra}


def _paper_row(G: nx.MultiDiGraph, p: str, **extra) -> dict:
    a = G.nodes[p]
    return {"id": p, "title": a.get("title", ""), "venue": a.get("venue", ""), "year": a.get("year"), **extra}


def find_node(G: nx.MultiDiGraph, ref: str) -> str:
    """Return the id of the node `ref` names: a node id, any concept alias, or a paper fragment.

    A concept name wins over a paper whose title happens to contain it.
    """
    from kg.graph.inspect import find_concept, find_paper

    if ref in G and _kind(G, ref) in (PAPER, CONCEPT):
        return ref
    try:
        return find_concept(G, ref)
    except GraphError:
        pass
    try:
        return find_paper(G, ref)
    except GraphError as exc:
        if "papers match" in exc.message:  # ambiguous fragment: say so rather than "not found"
            raise
    raise GraphError(
        f"no concept or paper named {ref!r}",
        hint="give a concept alias (see `kg concepts`), a paper id or a title fragment",
    )


def _require(G: nx.MultiDiGraph, node: str, kind: str | None = None) -> None:
    if node not in G or (kind is not None and _kind(G, node) != kind):
        what = kind.lower() if kind else "node"
        raise GraphError(
            f"no {what} {node!r} in the graph", hint="look it up with find_node or `kg paper`/`kg concept`"
        )


# ---------------------------------------------------------------------------------------
# similar papers


def similar_papers(G: nx.MultiDiGraph, paper: str, k: int = 10) -> list[dict]:
    """Return the `k` papers sharing the most informative concepts with `paper`, best first.

    A shared concept weighs its inverse document frequency, ``log(N / n_c)`` with N papers in
    the graph and n_c papers linked to the concept, so a concept every paper has counts
    nothing and one only two papers share counts most. A row's ``score`` is the sum over the
    shared concepts, listed in ``shared`` rarest first. Ties go to the smaller paper id;
    papers sharing only zero-weight concepts are left out.

    Examples
    --------
    >>> G = nx.MultiDiGraph()
    >>> G.add_nodes_from(["p1", "p2", "p3"], kind="Paper")
    >>> G.add_node("concept:grpo", kind="Concept", name="GRPO", type="Method")
    >>> G.add_edge("p1", "concept:grpo", key="USES", type="USES")
    'USES'
    >>> G.add_edge("p2", "concept:grpo", key="PROPOSES", type="PROPOSES")
    'PROPOSES'
    >>> [(r["id"], [c["name"] for c in r["shared"]]) for r in similar_papers(G, "p1")]
    [('p2', ['GRPO'])]
    """
    _require(G, paper, PAPER)
    n_papers = sum(1 for _, a in G.nodes(data=True) if a.get("kind") == PAPER)
    scores: dict[str, float] = collections.defaultdict(float)
    shared: dict[str, list[dict]] = collections.defaultdict(list)
    concepts = sorted(
        c
        for c, keys in G.succ[paper].items()
        if _kind(G, c) == CONCEPT and any(_edge_type(kk, d) in PAPER_ROLES for kk, d in keys.items())
    )
    for c in concepts:
        others = sorted(
            q
            for q, keys in G.pred[c].items()
            if _kind(G, q) == PAPER and any(_edge_type(kk, d) in PAPER_ROLES for kk, d in keys.items())
        )
        idf = math.log(n_papers / len(others))
        row = _concept_row(G, c, idf=idf)
        for q in others:
            if q != paper:
                scores[q] += idf
                shared[q].append(row)
    ranked = sorted((q for q in scores if scores[q] > 0), key=lambda q: (-scores[q], q))[:k]
    return [
        _paper_row(G, q, score=scores[q], shared=sorted(shared[q], key=lambda r: (-r["idf"], r["id"])))
        for q in ranked
    ]


# ---------------------------------------------------------------------------------------
# paths


def _path_neighbors(G: nx.MultiDiGraph, n: str) -> set[str]:
    out = set()
    for adj in (G._succ[n], G._pred[n]):  # raw dicts, as in paper_concept_index
        for m, keys in adj.items():
            if any(_edge_type(k, d) in _PATH_TYPES for k, d in keys.items()):
                out.add(m)
    out.discard(n)
    return out


def _link(G: nx.MultiDiGraph, x: str, y: str) -> dict:
    """The strongest allowed edge between x and y, in its own direction."""
    rank = {t: i for i, t in enumerate(PATH_EDGE_TYPES)}
    found = []
    for u, v in ((x, y), (y, x)):
        for k, d in G.succ[u].get(v, {}).items():
            t = _edge_type(k, d)
            if t in rank:
                found.append((rank[t], u, v, t))
    _, u, v, t = min(found)
    return {"source": u, "target": v, "type": t}


def connect(G: nx.MultiDiGraph, a: str, b: str, max_paths: int = 5) -> dict:
    """Return how nodes `a` and `b` connect: the length and up to `max_paths` shortest paths.

    Paths follow paper-concept role edges and VARIANT_OF/IS_A in either direction (not
    CO_OCCURS), so each step between two concepts names the paper or family link joining them.
    Among equally short paths, those through the most specific nodes come first: a path costs
    the sum of log(degree) of the nodes between `a` and `b` (a concept in three papers says
    more about a connection than one in three thousand), ties broken by the ids along the
    path. ``length`` is the number of edges, None when the two are not connected (``paths``
    is then empty).
    """
    _require(G, a)
    _require(G, b)
    if a == b:
        return {"source": a, "target": b, "length": 0, "paths": [_path_row(G, [a])]}

    cache: dict[str, set[str]] = {}

    def nbrs(n: str) -> set[str]:
        if n not in cache:
            cache[n] = _path_neighbors(G, n)
        return cache[n]

    # Bidirectional breadth-first search: grow the smaller frontier until the balls meet.
    dist = {a: {a: 0}, b: {b: 0}}
    frontier = {a: [a], b: [b]}
    radius = {a: 0, b: 0}
    meet: list[str] = []
    while frontier[a] and frontier[b] and not meet:
        side, other = (a, b) if len(frontier[a]) <= len(frontier[b]) else (b, a)
        seen, nxt = dist[side], []
        for n in frontier[side]:
            for m in nbrs(n):
                if m not in seen:
                    seen[m] = radius[side] + 1
                    nxt.append(m)
        radius[side] += 1
        frontier[side] = nxt
        meet = sorted(m for m in nxt if m in dist[other])
    if not meet:
        return {"source": a, "target": b, "length": None, "paths": []}
    # The balls first meet when radius[a] + radius[b] equals the distance; every shortest path
    # crosses the meeting set at exactly radius[a] steps from a.
    length = radius[a] + radius[b]
    da, db = dist[a], dist[b]
    meet = [m for m in meet if da[m] == radius[a] and db[m] == radius[b]]
    # Lay the shortest paths out by position from a: a's side from its ball, pruned to the
    # nodes that reach the meeting set; b's side walked from the meeting set down to b.
    layers: list[list[str]] = [[] for _ in range(length + 1)]
    layers[radius[a]] = meet
    for pos in range(radius[a] - 1, -1, -1):
        ahead = layers[pos + 1]
        layers[pos] = sorted({p for n in ahead for p in nbrs(n) if da.get(p) == pos})
    for pos in range(radius[a] + 1, length + 1):
        layers[pos] = sorted({m for n in layers[pos - 1] for m in nbrs(n) if db.get(m) == length - pos})
    # The `max_paths` cheapest paths, by dynamic programming over the layers.
    best: dict[str, list[tuple[float, tuple[str, ...]]]] = {a: [(0.0, (a,))]}
    for pos in range(1, length + 1):
        here = set(layers[pos])
        cand: dict[str, list[tuple[float, tuple[str, ...]]]] = collections.defaultdict(list)
        for n in layers[pos - 1]:
            for m in nbrs(n) & here:
                cost = 0.0 if m == b else math.log(len(nbrs(m)))
                # rounded so that equal costs summed in another order still tie on the ids
                cand[m].extend((round(c + cost, 9), (*p, m)) for c, p in best[n])
        best = {m: sorted(options)[:max_paths] for m, options in cand.items()}
    paths = [list(p) for _, p in best.get(b, [])]
    return {"source": a, "target": b, "length": length, "paths": [_path_row(G, p) for p in paths]}


def _path_row(G: nx.MultiDiGraph, path: list[str]) -> dict:
    nodes = []
    for n in path:
        a = G.nodes[n]
        label = a.get("name") if a.get("kind") == CONCEPT else a.get("title")
        nodes.append({"id": n, "kind": a.get("kind", ""), "label": label or n})
    return {"nodes": nodes, "edges": [_link(G, x, y) for x, y in itertools.pairwise(path)]}


# ---------------------------------------------------------------------------------------
# co-occurrence

Index = tuple[dict[str, list[str]], dict[str, list[str]]]


def cooccurrence(G: nx.MultiDiGraph, min_count: int = 2) -> list[dict]:
    """Return concept pairs that share at least `min_count` papers, sorted by (source, target).

    Each row has ``source`` < ``target`` (ids), ``count`` (papers sharing both),
    ``association`` and ``pmi``. ``association`` is VOSviewer's association strength
    c_ij / (s_i * s_j) (van Eck & Waltman 2009, s = papers per concept) scaled by the number
    of papers N, so it reads as observed / expected co-occurrences: 1 is what chance gives,
    10 is ten times more often. ``pmi`` is its log2, the pointwise mutual information.
    """
    p2c, c2p = paper_concept_index(G)
    return _cooccurrence(p2c, c2p, min_count)


def _cooccurrence(p2c: dict[str, list[str]], c2p: dict[str, list[str]], min_count: int) -> list[dict]:
    n_papers = len(p2c)
    rows = []
    for x, y, c in _pair_counts(p2c, c2p, min_count):
        assoc = n_papers * c / (len(c2p[x]) * len(c2p[y]))
        rows.append({"source": x, "target": y, "count": c, "association": assoc, "pmi": math.log2(assoc)})
    return rows


def _pair_counts(p2c: dict[str, list[str]], c2p: dict[str, list[str]], min_count: int) -> list[tuple[str, str, int]]:
    """(source, target, papers sharing both) for pairs with at least `min_count`, sorted.

    Counted with numpy on concept ranks: a 32k-paper build has ~3.4 million paper-level pairs,
    and a Counter of string tuples spends seconds hashing and sorting them.
    """
    import numpy as np

    if min_count < 1:
        raise GraphError(f"min_count must be at least 1, not {min_count}")
    concepts = sorted(c2p)
    rank = {c: i for i, c in enumerate(concepts)}
    size = len(concepts)
    upper: dict[int, tuple] = {}  # papers with k concepts share one triangle of index pairs
    codes = []
    for cs in p2c.values():
        k = len(cs)
        if k < 2:
            continue
        if k not in upper:
            upper[k] = np.triu_indices(k, 1)
        ranks = np.array([rank[c] for c in cs], dtype=np.int64)  # p2c lists are sorted: a < b
        first, second = upper[k]
        codes.append(ranks[first] * size + ranks[second])
    if not codes:
        return []
    pairs, counts = np.unique(np.concatenate(codes), return_counts=True)  # sorted codes = sorted pairs
    keep = counts >= min_count
    pairs, counts = pairs[keep].tolist(), counts[keep].tolist()
    return [(concepts[code // size], concepts[code % size], c) for code, c in zip(pairs, counts)]


def add_cooccurrence(G: nx.MultiDiGraph, min_count: int = 2, *, index: Index | None = None) -> int:
    """Add CO_OCCURS edges (weight = shared papers, association) to `G`; return how many.

    Replaces any CO_OCCURS edges already there, so calling it twice changes nothing. Edges go
    from the smaller concept id to the larger. `index` is :func:`paper_concept_index` of `G`
    when the caller has it already (CO_OCCURS edges do not change it).
    """
    p2c, c2p = index if index is not None else paper_concept_index(G)
    pairs = _pair_counts(p2c, c2p, min_count)
    old = [
        (u, v, k)
        for u, nbrs in G._succ.items()  # raw dicts: the edge view costs seconds on a large graph
        for v, keys in nbrs.items()
        for k, d in keys.items()
        if d.get("type", k) == CO_OCCURS
    ]
    G.remove_edges_from(old)
    n_papers = len(p2c)
    G.add_edges_from(
        (
            x,
            y,
            CO_OCCURS,
            {"type": CO_OCCURS, "weight": float(c), "association": n_papers * c / (len(c2p[x]) * len(c2p[y]))},
        )
        for x, y, c in pairs
    )
    return len(pairs)


# ---------------------------------------------------------------------------------------
# communities


def communities(
    G: nx.MultiDiGraph,
    seed: int = 0,
    *,
    resolution: float = 1.0,
    min_papers: int = 2,
    label_size: int = 3,
    index: Index | None = None,
) -> list[dict]:
    """Return topic clusters of papers and concepts, largest (by papers) first, numbered from 0.

    Louvain with a fixed `seed` (:func:`kg.graph.louvain.louvain`, the partition
    ``networkx.community.louvain_communities`` finds, several times faster) runs on the
    undirected paper-concept graph: role edges plus VARIANT_OF/IS_A, weight 1. Concepts with
    fewer than `min_papers` papers add nothing to the clustering and make it several times
    slower on a large graph, so they join afterwards the community of their papers (or of
    their family, for concepts without papers). A paper with no shared concept is a community
    of its own. `index` is :func:`paper_concept_index` of `G` when the caller has it already.

    Each row: ``id``, ``label`` (its top `label_size` concept names, joined by ", "),
    ``papers`` and ``concepts`` (counts), ``top_concepts`` (id, name, papers inside the
    community) and ``members`` (sorted ids). Top concepts are the community's concepts with
    most papers in the community, then most papers overall, then by id.
    """
    from kg.graph.louvain import louvain

    p2c, c2p = index if index is not None else paper_concept_index(G)
    papers = sorted(p2c)
    core = sorted(c for c, ps in c2p.items() if len(ps) >= min_papers)
    nodes = papers + core
    at = {n: i for i, n in enumerate(nodes)}
    edges = [(at[p], at[c], 1.0) for p in papers for c in p2c[p] if c in at]
    edges += [(at[a], at[b], 1.0) for a, b in sorted(_lineage_pairs(G, set(core)))]
    found = [[nodes[i] for i in com] for com in louvain(len(nodes), edges, resolution=resolution, seed=seed)]

    of: dict[str, int] = {}
    for i, members in enumerate(found):
        for n in members:
            of[n] = i
    # Rare concepts follow their papers; paperless ones their family; the rest stand alone.
    for c in sorted(c2p):
        if c in of or not c2p[c]:
            continue
        of[c] = _majority(of[p] for p in c2p[c])
    orphans = sorted(c for c in c2p if c not in of)
    for _ in range(len(orphans)):  # families can chain: repeat until nothing changes
        changed = False
        for c in orphans:
            if c in of:
                continue
            near = [of[m] for m in sorted(_lineage_neighbors(G, c)) if m in of]
            if near:
                of[c] = _majority(near)
                changed = True
        if not changed:
            break
    next_id = len(found)
    for n in sorted(G):
        if n not in of:
            of[n] = next_id
            next_id += 1

    groups: dict[int, list[str]] = collections.defaultdict(list)
    for n in sorted(of):
        groups[of[n]].append(n)
    rows = []
    for members in groups.values():
        paper_ids = [n for n in members if n in p2c]
        concept_ids = [n for n in members if n in c2p]
        inside = set(paper_ids)
        here = {c: len(inside.intersection(c2p[c])) for c in concept_ids}
        ranked = sorted(concept_ids, key=lambda c: (-here[c], -len(c2p[c]), c))[:label_size]
        top = [{"id": c, "name": G.nodes[c].get("name", c), "papers": here[c]} for c in ranked]
        rows.append(
            {
                "label": ", ".join(t["name"] for t in top),
                "papers": len(paper_ids),
                "concepts": len(concept_ids),
                "top_concepts": top,
                "members": members,
            }
        )
    rows.sort(key=lambda r: (-r["papers"], -len(r["members"]), r["members"][0]))
    return [{"id": i, **r} for i, r in enumerate(rows)]


def add_communities(G: nx.MultiDiGraph, seed: int = 0, **options) -> list[dict]:
    """Store ``community`` (int) and ``community_label`` (str) on every node; return the communities.

    `options` go to :func:`communities` (resolution, min_papers, label_size, index).
    """
    rows = communities(G, seed=seed, **options)
    nodes = G._node
    for r in rows:
        cid, label = r["id"], r["label"]
        for n in r["members"]:
            a = nodes[n]
            a["community"] = cid
            a["community_label"] = label
    return rows


def add_analytics(G: nx.MultiDiGraph, seed: int = 0, *, min_count: int = 2, **options) -> tuple[int, list[dict]]:
    """Add CO_OCCURS edges and communities to `G`; return (edges added, communities).

    The same as :func:`add_cooccurrence` then :func:`add_communities`, with the paper-concept
    index computed once for both.
    """
    index = paper_concept_index(G)
    added = add_cooccurrence(G, min_count, index=index)
    return added, add_communities(G, seed=seed, index=index, **options)


def _lineage_pairs(G: nx.MultiDiGraph, keep: set[str]) -> set[tuple[str, str]]:
    pairs = set()
    for c in keep:
        for m, keys in G.succ[c].items():  # concept -> concept edges start at a concept
            if m in keep and m != c and any(_edge_type(k, d) in LINEAGE_TYPES for k, d in keys.items()):
                pairs.add((min(c, m), max(c, m)))
    return pairs


def _lineage_neighbors(G: nx.MultiDiGraph, c: str) -> set[str]:
    out = set()
    for adj in (G.succ[c], G.pred[c]):
        for m, keys in adj.items():
            if m != c and any(_edge_type(k, d) in LINEAGE_TYPES for k, d in keys.items()):
                out.add(m)
    return out


def _majority(ids: Iterable[int]) -> int:
    counts = collections.Counter(ids)
    return min(counts, key=lambda i: (-counts[i], i))


# ---------------------------------------------------------------------------------------
# central concepts

MEASURES = ("pagerank", "degree", "strength", "betweenness")


def central_concepts(
    G: nx.MultiDiGraph,
    k: int = 20,
    *,
    by: str = "pagerank",
    min_count: int = 2,
    exact_limit: int = 2000,
    samples: int = 64,
    seed: int = 0,
) -> list[dict]:
    """Return the `k` most central concepts of the co-occurrence graph, by measure `by`.

    The co-occurrence graph joins two concepts sharing at least `min_count` papers, weighted by
    that count. Each row: ``papers``, ``degree`` (concepts it co-occurs with), ``strength``
    (summed weights), ``pagerank`` (weighted, damping 0.85) and ``betweenness`` (normalized,
    over hop distances): the bridging score, how often the concept lies on the shortest routes
    between other concepts. Betweenness is exact on graphs of up to `exact_limit` concepts;
    above that it is estimated from `samples` source concepts drawn with `seed` (each source
    costs one breadth-first search of the whole graph). Ties go to the smaller id.
    """
    if by not in MEASURES:
        raise GraphError(f"unknown measure {by!r}", hint=f"use one of {', '.join(MEASURES)}")
    p2c, c2p = paper_concept_index(G)
    pairs = _cooccurrence(p2c, c2p, min_count)
    H = nx.Graph()  # sorted insertion: sampling and float sums do not depend on G's order
    H.add_nodes_from(sorted({r["source"] for r in pairs} | {r["target"] for r in pairs}))
    H.add_edges_from((r["source"], r["target"], {"weight": r["count"]}) for r in pairs)
    if H.number_of_nodes() == 0:
        return []
    nodes = list(H)
    pr = _pagerank(H, nodes)
    sample = None if len(nodes) <= exact_limit else min(samples, len(nodes))
    btw = nx.betweenness_centrality(H, k=sample, normalized=True, seed=seed)
    rows = [
        _concept_row(
            G,
            c,
            papers=len(c2p[c]),
            degree=H.degree(c),
            strength=H.degree(c, weight="weight"),
            pagerank=pr[c],
            betweenness=btw[c],
        )
        for c in nodes
    ]
    rows.sort(key=lambda r: (-r[by], r["id"]))
    return rows[:k]


def _pagerank(
    H: nx.Graph, nodes: list[str], alpha: float = 0.85, tol: float = 1e-10, max_iter: int = 200
) -> dict:
    """Weighted PageRank by power iteration with numpy (networkx's own needs scipy)."""
    import numpy as np

    index = {n: i for i, n in enumerate(nodes)}
    n = len(nodes)
    src, dst, w = [], [], []
    for u, v, d in H.edges(data=True):
        iu, iv, wt = index[u], index[v], float(d.get("weight", 1.0))
        src += [iu, iv]
        dst += [iv, iu]
        w += [wt, wt]
    src_a, dst_a, w_a = np.array(src, dtype=np.int64), np.array(dst, dtype=np.int64), np.array(w)
    out = np.bincount(src_a, weights=w_a, minlength=n)
    dangling = out == 0
    share = np.divide(w_a, out[src_a], out=np.zeros_like(w_a), where=out[src_a] > 0)
    x = np.full(n, 1.0 / n)
    for _ in range(max_iter):
        prev = x
        x = alpha * np.bincount(dst_a, weights=prev[src_a] * share, minlength=n)
        x += (alpha * prev[dangling].sum() + 1.0 - alpha) / n
        if np.abs(x - prev).sum() < n * tol:
            break
    return {node: float(x[i]) for i, node in enumerate(nodes)}


# ---------------------------------------------------------------------------------------
# trends


def trends(G: nx.MultiDiGraph, concepts: Iterable[str] | None = None) -> dict:
    """Return paper and concept counts by year and venue, and when each concept first appears.

    Keys:
      ``years``    {year: papers} over papers with a year
      ``venues``   [{venue, year, papers}] sorted by year then venue, over papers with a venue
      ``new_concepts``  {year: concepts whose first paper is from that year}
      ``concepts`` [{id, name, type, papers, first_year, first_papers, by_year, by_venue}]
                   for the given concept ids (default: all), most papers first, then by id.
                   ``first_year`` is None and ``by_year`` empty when none of the concept's
                   papers has a year; ``first_papers`` are the papers of that first year.
    """
    p2c, c2p = paper_concept_index(G)
    if concepts is None:
        wanted = sorted(c2p)
    else:
        wanted = sorted(set(concepts))
        for c in wanted:
            _require(G, c, CONCEPT)
    year = {p: G.nodes[p].get("year") for p in p2c}
    venue = {p: G.nodes[p].get("venue") or "" for p in p2c}
    years = collections.Counter(y for y in year.values() if y is not None)
    venues = collections.Counter((venue[p], year[p]) for p in p2c if venue[p])
    first_of: dict[str, int] = {}
    for c, ps in c2p.items():
        dated = [year[p] for p in ps if year[p] is not None]
        if dated:
            first_of[c] = min(dated)
    rows = []
    for c in wanted:
        ps = c2p[c]
        by_year = collections.Counter(year[p] for p in ps if year[p] is not None)
        by_venue = collections.Counter(venue[p] for p in ps if venue[p])
        first = first_of.get(c)
        rows.append(
            _concept_row(
                G,
                c,
                papers=len(ps),
                first_year=first,
                first_papers=[p for p in ps if first is not None and year[p] == first],
                by_year=dict(sorted(by_year.items())),
                by_venue=dict(sorted(by_venue.items())),
            )
        )
    rows.sort(key=lambda r: (-r["papers"], r["id"]))
    return {
        "years": dict(sorted(years.items())),
        "venues": [
            {"venue": v, "year": y, "papers": n}
            for (v, y), n in sorted(
                venues.items(), key=lambda kv: (kv[0][1] is None, kv[0][1] or 0, kv[0][0])
            )
        ],
        "new_concepts": dict(sorted(collections.Counter(first_of.values()).items())),
        "concepts": rows,
    }
