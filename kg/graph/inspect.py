"""Read-only views of a built graph: stats, concept lists, a concept's or a paper's links.

The CLI prints these; tests and scripts call them directly.
"""

from __future__ import annotations

import collections

import networkx as nx

from kg.errors import GraphError
from kg.graph.schema import CONCEPT, PAPER, PAPER_ROLES
from kg.resolve.normalize import norm_key


def papers(G: nx.MultiDiGraph) -> list[str]:
    return sorted(n for n, a in G.nodes(data=True) if a.get("kind") == PAPER)


def concepts(G: nx.MultiDiGraph, type: str | None = None) -> list[str]:
    return sorted(
        n for n, a in G.nodes(data=True) if a.get("kind") == CONCEPT and (type is None or a.get("type") == type)
    )


def stats(G: nx.MultiDiGraph, top: int = 10) -> dict:
    """Counts by node kind, concept type and edge type; top shared concepts; thinnest papers."""
    by_type = collections.Counter(G.nodes[c]["type"] for c in concepts(G))
    by_edge = collections.Counter(d.get("type") for *_, d in G.edges(keys=True, data=True))
    shared = sorted(concepts(G), key=lambda c: (-G.nodes[c].get("paper_count", 0), G.nodes[c]["name"]))[:top]
    thin = sorted(papers(G), key=lambda p: (G.nodes[p].get("concept_count", 0), p))[:top]
    return {
        "papers": len(papers(G)),
        "concepts": len(concepts(G)),
        "edges": G.number_of_edges(),
        "concepts_by_type": dict(sorted(by_type.items())),
        "edges_by_type": dict(sorted(by_edge.items())),
        "top_shared_concepts": [
            {"id": c, "name": G.nodes[c]["name"], "type": G.nodes[c]["type"], "papers": G.nodes[c].get("paper_count", 0)}
            for c in shared
        ],
        "fewest_concepts": [
            {"id": p, "title": G.nodes[p].get("title", ""), "concepts": G.nodes[p].get("concept_count", 0)} for p in thin
        ],
    }


def find_concept(G: nx.MultiDiGraph, name: str) -> str:
    """Return the id of the concept `name` names: its id, name or any alias, any case or form."""
    if name in G and G.nodes[name].get("kind") == CONCEPT:
        return name
    key = norm_key(name)
    exact, by_key = [], []
    for c in concepts(G):
        a = G.nodes[c]
        forms = [a["name"], *a.get("aliases", []), *([a["definition"]] if a.get("definition") else [])]
        if name in forms:
            exact.append(c)
        elif key and any(norm_key(f) == key for f in forms):
            by_key.append(c)
    hits = exact or by_key
    if not hits:
        raise GraphError(f"no concept named {name!r}", hint="list them with `kg concepts`")
    return sorted(hits, key=lambda c: (-G.nodes[c].get("paper_count", 0), c))[0]


def find_paper(G: nx.MultiDiGraph, ref: str) -> str:
    """Return the id of the paper `ref` names: its id, or a unique fragment of its title or abstract."""
    if ref in G and G.nodes[ref].get("kind") == PAPER:
        return ref
    low = ref.lower()
    hits = [p for p in papers(G) if low in G.nodes[p].get("title", "").lower()] or [
        p for p in papers(G) if low in G.nodes[p].get("abstract", "").lower() or low in p.lower()
    ]
    if not hits:
        raise GraphError(f"no paper matches {ref!r}", hint="use a paper id from `kg stats` or a title fragment")
    if len(hits) > 1:
        shown = ", ".join(hits[:3])
        raise GraphError(f"{len(hits)} papers match {ref!r} ({shown}...)", hint="give a longer fragment or the id")
    return hits[0]


def concept_papers(G: nx.MultiDiGraph, concept: str) -> list[dict]:
    """Papers linked to a concept, with role and evidence sentence."""
    rows = []
    for p, _c, _k, d in G.in_edges(concept, keys=True, data=True):
        if G.nodes[p].get("kind") != PAPER:
            continue
        rows.append(
            {"paper": p, "title": G.nodes[p].get("title", ""), "role": d["type"], "surface": d.get("surface", ""), "evidence": d.get("evidence", "")}
        )
    order = {r: i for i, r in enumerate(PAPER_ROLES)}
    return sorted(rows, key=lambda r: (order.get(r["role"], 99), r["paper"]))


def paper_concepts(G: nx.MultiDiGraph, paper: str) -> list[dict]:
    """A paper's concepts with their role, type and evidence."""
    order = {r: i for i, r in enumerate(PAPER_ROLES)}
    rows = [
        {
            "concept": c,
            "name": G.nodes[c]["name"],
            "type": G.nodes[c]["type"],
            "role": d["type"],
            "surface": d.get("surface", ""),
            "evidence": d.get("evidence", ""),
        }
        for _p, c, _k, d in G.out_edges(paper, keys=True, data=True)
    ]
    return sorted(rows, key=lambda r: (order.get(r["role"], 99), r["name"].lower()))
