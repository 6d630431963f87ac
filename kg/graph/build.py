"""Assemble the networkx graph from papers and the resolution of their mentions."""

from __future__ import annotations

import collections
from collections.abc import Iterable

import networkx as nx

from kg.graph.schema import CONCEPT, PAPER
from kg.models import Paper
from kg.resolve.resolver import Resolution


def build_graph(papers: Iterable[Paper], resolution: Resolution, *, meta: dict | None = None) -> nx.MultiDiGraph:
    """Return the knowledge graph: Paper and Concept nodes, role and lineage edges.

    Nodes and edges are inserted in sorted order so that every export is deterministic.
    """
    G = nx.MultiDiGraph()
    G.graph.update(meta or {})
    papers = sorted(papers, key=lambda p: p.id)
    per_paper = collections.Counter(link.paper_id for link in resolution.links)
    per_concept = collections.Counter(link.concept_id for link in resolution.links)
    for p in papers:
        attrs = {
            "kind": PAPER,
            "title": p.title,
            "abstract": p.abstract,
            "venue": p.venue,
            "url": p.url,
            "code_urls": list(p.code_urls),
            "authors": list(p.authors),
            "source": p.source,
            "concept_count": per_paper[p.id],
        }
        if p.year is not None:
            attrs["year"] = p.year
        G.add_node(p.id, **attrs)
    for cid in sorted(resolution.concepts):
        c = resolution.concepts[cid]
        G.add_node(
            cid,
            kind=CONCEPT,
            name=c.name,
            type=c.type,
            aliases=list(c.aliases),
            definition=c.definition,
            paper_count=per_concept[cid],
        )
    for link in sorted(resolution.links, key=lambda lk: (lk.paper_id, lk.concept_id)):
        m = link.mention
        G.add_edge(
            link.paper_id,
            link.concept_id,
            key=link.role,
            type=link.role,
            evidence=m.sentence,
            start=m.start,
            end=m.end,
            surface=m.text,
            extractor=m.extractor,
            score=link.score,
        )
    for cl in resolution.concept_links:
        G.add_edge(cl.source, cl.target, key=cl.type, type=cl.type, evidence=cl.evidence, weight=cl.weight)
    return G
