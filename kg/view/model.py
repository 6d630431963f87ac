"""The concept map both views draw: which concepts, where, how big, which colour, which links.

A pure "graph -> map" step: :func:`concept_map` picks the most shared concepts, links them by
co-occurrence (the graph's CO_OCCURS edges when it has them, else papers in common) and by
VARIANT_OF / IS_A, lays them out with :func:`kg.view.layout.force_layout` and colours them by
type, or by community when the graph has ``community`` node attributes. The same graph always
gives the same map.
"""

from __future__ import annotations

import collections
import math
from dataclasses import dataclass
from itertools import combinations

import networkx as nx

from kg.graph.schema import CONCEPT, PAPER, PAPER_ROLES
from kg.models import CONCEPT_TYPES
from kg.view.layout import force_layout

# One colour per concept type (colour-blind-safe Okabe–Ito order, then greys).
TYPE_COLORS: dict[str, str] = {
    "Model": "#0072B2",
    "Method": "#D55E00",
    "Framework": "#CC79A7",
    "Benchmark": "#009E73",
    "Dataset": "#56B4E9",
    "Task": "#E69F00",
    "Metric": "#8C6D31",
    "Concept": "#7F7F7F",
}
OTHER_COLOR = "#B0B0B0"
COMMUNITY_COLORS = (
    "#1F77B4",
    "#FF7F0E",
    "#2CA02C",
    "#D62728",
    "#9467BD",
    "#8C564B",
    "#E377C2",
    "#17BECF",
    "#BCBD22",
    "#393B79",
    "#AD494A",
    "#3182BD",
)
HIERARCHY = ("VARIANT_OF", "IS_A")
CO_OCCURS = "CO_OCCURS"
NEIGHBOURS = 12  # co-occurring concepts listed per concept


@dataclass(frozen=True)
class MapNode:
    id: str
    name: str
    type: str
    papers: int
    x: float  # 0..1
    y: float  # 0..1
    community: str | None = None  # str(community attribute), None when the graph has none


@dataclass(frozen=True)
class MapLink:
    a: int  # index into ConceptMap.nodes
    b: int
    kind: str  # CO_OCCURS, VARIANT_OF or IS_A
    weight: float  # shared papers for CO_OCCURS, 1 for hierarchy links


@dataclass(frozen=True)
class Swatch:
    key: str  # type name or community id
    label: str
    color: str
    count: int


@dataclass(frozen=True)
class ConceptMap:
    nodes: tuple[MapNode, ...]  # most shared first
    links: tuple[MapLink, ...]
    types: tuple[Swatch, ...]
    communities: tuple[Swatch, ...]  # empty when the graph has no communities
    # per node, its most co-occurring concepts as (index, shared papers), strongest first
    neighbours: tuple[tuple[tuple[int, float], ...], ...]
    total_concepts: int
    total_papers: int
    linked_concepts: int  # concepts with at least one paper: the ones a map can show

    def color(self, node: MapNode, by: str) -> str:
        """Return the fill colour of `node` when colouring by "type" or "community"."""
        if by == "community" and self.communities:
            return next((s.color for s in self.communities if s.key == node.community), OTHER_COLOR)
        return TYPE_COLORS.get(node.type, OTHER_COLOR)

    @property
    def default_color_by(self) -> str:
        return "community" if self.communities else "type"


def top_concepts(G: nx.MultiDiGraph, max_concepts: int) -> list[str]:
    """Return the ids of the `max_concepts` concepts with most papers (ties by name, then id)."""
    ids = [n for n, a in G.nodes(data=True) if a.get("kind") == CONCEPT and a.get("paper_count", 0) > 0]
    ids.sort(key=lambda c: (-G.nodes[c].get("paper_count", 0), str(G.nodes[c].get("name", "")).lower(), c))
    return ids[:max_concepts]


def cooccurrence(G: nx.MultiDiGraph, ids: list[str]) -> dict[tuple[str, str], float]:
    """Return {(a, b): shared papers} for concepts in `ids` (a < b).

    Uses the graph's CO_OCCURS edges when it has any, else counts papers in common.
    """
    keep = set(ids)
    pairs: dict[tuple[str, str], float] = {}
    has_edges = False
    for u, v, k, d in G.edges(keys=True, data=True):
        if k != CO_OCCURS:
            continue
        has_edges = True
        if u in keep and v in keep and u != v:
            key = (min(u, v), max(u, v))
            pairs[key] = max(pairs.get(key, 0.0), float(d.get("weight", 1.0)))
    if has_edges:
        return pairs
    counts: collections.Counter = collections.Counter()
    for p, a in G.nodes(data=True):
        if a.get("kind") != PAPER:
            continue
        linked = sorted({c for _, c, k in G.out_edges(p, keys=True) if k in PAPER_ROLES and c in keep})
        counts.update(combinations(linked, 2))
    return {pair: float(w) for pair, w in counts.items()}


def concept_map(G: nx.MultiDiGraph, *, max_concepts: int = 400, max_links: int | None = None) -> ConceptMap:
    """Return the laid-out, coloured map of the `max_concepts` most shared concepts of `G`.

    Links drawn are the strongest co-occurrences by cosine (shared papers / √(papers_a·papers_b)),
    at most `max_links` (default 4 per concept), plus every VARIANT_OF / IS_A among the concepts.
    The layout uses all co-occurrences among them.
    """
    ids = top_concepts(G, max_concepts)
    index = {c: i for i, c in enumerate(ids)}
    count = [max(1, G.nodes[c].get("paper_count", 0)) for c in ids]
    co = cooccurrence(G, ids)
    cosine = {(a, b): w / math.sqrt(count[index[a]] * count[index[b]]) for (a, b), w in co.items()}
    hierarchy = sorted(
        {
            (index[u], index[v], k)
            for u, v, k in G.edges(keys=True)
            if k in HIERARCHY and u in index and v in index and u != v
        }
    )
    layout_links = [(index[a], index[b], s) for (a, b), s in sorted(cosine.items())]
    layout_links += [(i, j, 1.0) for i, j, _k in hierarchy]
    pos = force_layout(len(ids), layout_links)

    has_community = any(G.nodes[c].get("community") is not None for c in ids)
    nodes = tuple(
        MapNode(
            id=c,
            name=str(G.nodes[c].get("name") or c),
            type=str(G.nodes[c].get("type") or "Concept"),
            papers=G.nodes[c].get("paper_count", 0),
            x=pos[i][0],
            y=pos[i][1],
            community=community_key(G.nodes[c].get("community")) if has_community else None,
        )
        for i, c in enumerate(ids)
    )

    limit = 4 * len(ids) if max_links is None else max_links
    strongest = sorted(cosine, key=lambda p: (-cosine[p], -co[p], p))[:limit]
    links = [
        MapLink(index[a], index[b], CO_OCCURS, co[(a, b)])
        for a, b in sorted(strongest, key=lambda p: (index[p[0]], index[p[1]]))
    ]
    links += [MapLink(i, j, k, 1.0) for i, j, k in hierarchy]

    near: list[list[tuple[int, float]]] = [[] for _ in ids]
    for (a, b), w in co.items():
        near[index[a]].append((index[b], w))
        near[index[b]].append((index[a], w))
    neighbours = tuple(tuple(sorted(row, key=lambda t: (-t[1], t[0]))[:NEIGHBOURS]) for row in near)

    return ConceptMap(
        nodes=nodes,
        links=tuple(links),
        types=_type_swatches(nodes),
        communities=_community_swatches(G, ids, nodes) if has_community else (),
        neighbours=neighbours,
        total_concepts=sum(1 for _, a in G.nodes(data=True) if a.get("kind") == CONCEPT),
        linked_concepts=len(top_concepts(G, len(G))),
        total_papers=sum(1 for _, a in G.nodes(data=True) if a.get("kind") == PAPER),
    )


def community_key(value) -> str | None:
    """Return a community attribute as a string key (3.0 and 3 are the same), None when absent."""
    if value is None or value == "":
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


def _type_swatches(nodes) -> tuple[Swatch, ...]:
    counts = collections.Counter(n.type for n in nodes)
    order = [t for t in CONCEPT_TYPES if t in counts] + sorted(set(counts) - set(CONCEPT_TYPES))
    return tuple(Swatch(t, t, TYPE_COLORS.get(t, OTHER_COLOR), counts[t]) for t in order)


def _community_swatches(G, ids, nodes) -> tuple[Swatch, ...]:
    counts = collections.Counter(n.community for n in nodes if n.community is not None)
    labels: dict[str, str] = {}
    for c, n in zip(ids, nodes):
        label = G.nodes[c].get("community_label")
        if n.community is not None and label and n.community not in labels:
            labels[n.community] = str(label)
    order = sorted(counts, key=lambda k: (-counts[k], k))
    swatches = [
        Swatch(
            k,
            labels.get(k, f"community {k}"),
            COMMUNITY_COLORS[i] if i < len(COMMUNITY_COLORS) else OTHER_COLOR,
            counts[k],
        )
        for i, k in enumerate(order)
    ]
    return tuple(swatches)
