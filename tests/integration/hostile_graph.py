"""A small graph shaped by kg/graph/schema.py, full of strings that break naive Cypher.

Every relationship type and concept type appears; names and evidence hold quotes, backticks,
braces, `//` and `/*`, Cypher keywords, `$params`, emoji, RTL marks, NUL-free control
characters and very long text. Shared by the loader and CSV-import tests, which compare
what Neo4j holds with this graph.
"""

from __future__ import annotations

import networkx as nx

from kg.graph import schema

HOSTILE = [
    'O\'Reilly "quoted" `tick`',
    "}) DETACH DELETE n //",
    "MATCH (n) RETURN n; /* comment */",
    "$rows {props} [list]",
    "emoji 🤖🧪 and RTL \u200fשלום\u200f mixed",
    "back\\slash \\N tab\tnew\nline",
    "UNWIND, MERGE, CALL db.labels()",
]


def make_graph(n_papers: int = 6) -> nx.MultiDiGraph:
    """Return a graph with `n_papers` papers, one concept per type, and every edge type."""
    G = nx.MultiDiGraph()
    concept_ids = []
    for i, ctype in enumerate(schema.TYPE_LABELS):
        cid = f"concept:{ctype.lower()}:{HOSTILE[i % len(HOSTILE)][:12]}"
        concept_ids.append(cid)
        G.add_node(
            cid,
            kind=schema.CONCEPT,
            name=f"{ctype} {HOSTILE[i % len(HOSTILE)]}",
            type=ctype,
            aliases=[HOSTILE[(i + 1) % len(HOSTILE)], f"alias-{i}"] if i % 2 == 0 else [],
            definition=HOSTILE[(i + 2) % len(HOSTILE)] if i % 3 == 0 else "",
            paper_count=0,
        )
    for p in range(n_papers):
        pid = f"paper:{p:03d}:{HOSTILE[p % len(HOSTILE)][:8]}"
        G.add_node(
            pid,
            kind=schema.PAPER,
            title=f"Paper {p}: {HOSTILE[p % len(HOSTILE)]}",
            abstract=" ".join(HOSTILE) * (1 + 50 * (p == 0)),  # one long abstract
            venue="NeurIPS" if p % 2 else "",
            year=2020 + p if p != 1 else None,  # one paper without a year
            url=f"https://example.org/{p}",
            code_urls=[f"https://github.com/x/{p}"] if p % 2 == 0 else [],
            authors=["Ada O'Brien", "Lin, Wei", HOSTILE[p % len(HOSTILE)]],
            source=f"seeds/hostile.txt:{p + 1}",
            concept_count=0,
        )
        for r, role in enumerate(schema.PAPER_ROLES):
            cid = concept_ids[(p + r) % len(concept_ids)]
            G.add_edge(
                pid,
                cid,
                key=role,
                type=role,
                evidence=f"{HOSTILE[(p + r) % len(HOSTILE)]} (sentence {p}.{r})",
                start=r,
                end=r + 7,
                surface=HOSTILE[r % len(HOSTILE)][:10],
                extractor="test",
                score=0.25 * (r + 1),
            )
    for i, rel in enumerate(schema.CONCEPT_LINKS):
        src, dst = concept_ids[i], concept_ids[i + 1]
        attrs = {"type": rel, "evidence": HOSTILE[i]}
        if rel == "CO_OCCURS":
            attrs.update(weight=3.0, association=0.75)
        G.add_edge(src, dst, key=rel, **attrs)
    for node, data in G.nodes(data=True):
        if data["kind"] == schema.PAPER:
            data["concept_count"] = G.out_degree(node)
        else:
            data["paper_count"] = sum(1 for u in G.predecessors(node) if G.nodes[u]["kind"] == schema.PAPER)
    return G
