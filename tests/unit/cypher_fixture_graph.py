"""A small hand-built kg graph and the pack queries' answers computed from it in Python.

Shared by the query-pack conformance tests of both engines: the embedded one
(tests/unit/test_cypher_pack.py) and Neo4j (the integration tests load `make_graph()`, run
each `CASES` entry and compare `tidy_rows(rows)` with `expected(G, stem, params)`). The
`SYNTHETIC_CASES` do the same on `make_synthetic_graph()`, a random 1,000-paper graph large
enough to reach engine code paths a hand-built graph does not.

The graph follows kg/graph/schema.py: 8 papers (one without a year, one without any
concept), concepts of every type, every relationship type, a VARIANT_OF chain
Qwen3-4B -> Qwen3 -> Qwen and DG-GRPO -> GRPO, IS_A links up to "reinforcement learning",
CO_OCCURS edges stored one way, and names with commas, quotes and brackets.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import combinations
from pathlib import Path
from typing import Any

import networkx as nx

from kg.graph import schema

CONCEPTS = [
    # id, name, type, aliases, definition
    ("c:qwen", "Qwen", "Model", [], ""),
    ("c:qwen3", "Qwen3", "Model", ["Qwen-3"], ""),
    ("c:qwen3-4b", "Qwen3-4B", "Model", ["Qwen3 4B"], ""),
    ("c:llama3", "Llama 3", "Model", ["LLaMA-3"], ""),
    (
        "c:grpo",
        "GRPO",
        "Method",
        ["Group Relative Policy Optimization"],
        "Group Relative Policy Optimization",
    ),
    ("c:dg-grpo", "DG-GRPO", "Method", [], ""),
    ("c:ppo", "PPO", "Method", ["Proximal Policy Optimization"], "Proximal Policy Optimization"),
    ("c:treerl", "TreeRL", "Method", [], ""),
    ("c:rl", "reinforcement learning", "Concept", ["RL"], ""),
    ("c:gsm8k", "GSM8K", "Benchmark", ["GSM-8K"], ""),
    ("c:math", "MATH", "Benchmark", [], ""),
    ("c:aime", "AIME 2024", "Benchmark", ["AIME"], ""),
    ("c:mmlu", "MMLU", "Dataset", [], ""),
    ("c:accuracy", "accuracy", "Metric", [], ""),
    ("c:math-reasoning", "mathematical reasoning", "Task", [], ""),
    ("c:verl", "veRL", "Framework", ["verl"], ""),
    ("c:odd", 'O\'Reilly "Q" [x], y', "Concept", ["a,b", "[c]", "\\N"], "quotes, commas; brackets"),
]

PAPERS = [
    # id, title, year, roles {ROLE: [concept ids]}
    (
        "arXiv:2501.00001",
        "DG-GRPO: Difficulty-Guided Group Relative Policy Optimization",
        2025,
        {
            "PROPOSES": ["c:dg-grpo"],
            "USES": ["c:qwen3-4b"],
            "EVALUATES_ON": ["c:gsm8k", "c:math"],
            "COMPARES_WITH": ["c:grpo", "c:ppo"],
            "MENTIONS": ["c:rl", "c:accuracy"],
        },
    ),
    (
        "arXiv:2502.00002",
        "Qwen3 Technical Report",
        2025,
        {
            "PROPOSES": ["c:qwen3", "c:qwen3-4b"],
            "EVALUATES_ON": ["c:mmlu", "c:aime", "c:gsm8k"],
            "COMPARES_WITH": ["c:llama3"],
            "MENTIONS": ["c:math-reasoning"],
        },
    ),
    (
        "arXiv:2503.00003",
        "Scaling Reinforcement Learning for Reasoning",
        None,
        {"USES": ["c:grpo", "c:verl", "c:qwen"], "EVALUATES_ON": ["c:aime"], "MENTIONS": ["c:rl"]},
    ),
    (
        "arXiv:2504.00004",
        "TreeRL: Tree Search for RL",
        2026,
        {
            "PROPOSES": ["c:treerl"],
            "USES": ["c:qwen3"],
            "EVALUATES_ON": ["c:math"],
            "COMPARES_WITH": ["c:grpo", "c:dg-grpo"],
        },
    ),
    (
        "arXiv:2401.00005",
        "A Survey of Policy Optimization",
        2024,
        {"USES": ["c:ppo"], "MENTIONS": ["c:grpo", "c:rl", "c:odd"]},
    ),
    (
        "arXiv:2406.00006",
        "Benchmarking Llama 3 on MMLU",
        2024,
        {"USES": ["c:llama3"], "EVALUATES_ON": ["c:mmlu"], "MENTIONS": ["c:accuracy"]},
    ),
    (
        "arXiv:2505.00007",
        "veRL: a Framework for RLHF",
        2025,
        {"PROPOSES": ["c:verl"], "USES": ["c:ppo"], "MENTIONS": ["c:math-reasoning"]},
    ),
    ("arXiv:2507.00008", "An Isolated Note", 2025, {}),
]

LINKS = [
    ("c:qwen3-4b", "c:qwen3", "VARIANT_OF"),
    ("c:qwen3", "c:qwen", "VARIANT_OF"),
    ("c:dg-grpo", "c:grpo", "VARIANT_OF"),
    ("c:grpo", "c:rl", "IS_A"),
    ("c:ppo", "c:rl", "IS_A"),
    ("c:treerl", "c:rl", "IS_A"),
]


def _abstract(title: str, index: int) -> str:
    text = f'We study {title.lower()}. Results on "hard" problems, with commas, improve.'
    if index == 4:
        text += "\nA second line: reinforcement learning, revisited."
    return text


def make_graph() -> nx.MultiDiGraph:
    """Return the fixture graph, shaped as `kg build` shapes its graphs (see kg/graph/schema.py)."""
    G = nx.MultiDiGraph()
    for cid, name, ctype, aliases, definition in CONCEPTS:
        G.add_node(
            cid,
            kind=schema.CONCEPT,
            name=name,
            type=ctype,
            aliases=list(aliases),
            definition=definition,
            paper_count=0,
        )
    for i, (pid, title, year, roles) in enumerate(PAPERS):
        G.add_node(
            pid,
            kind=schema.PAPER,
            title=title,
            abstract=_abstract(title, i),
            venue="ICML 2026" if i % 2 else "",
            year=year,
            url=f"https://arxiv.org/abs/{pid[6:]}",
            code_urls=[f"https://github.com/x/p{i}"] if i % 3 == 0 else [],
            authors=["Ada O'Brien", "Lin, Wei"] if i % 2 == 0 else ["Solo Author"],
            source=f"seeds/fixture.txt:{i + 1}",
            concept_count=0,
        )
        for role, targets in roles.items():
            for j, cid in enumerate(targets):
                sentence = f"Sentence {j} of {title}."
                G.add_edge(
                    pid,
                    cid,
                    key=role,
                    type=role,
                    evidence=sentence,
                    start=j * 10,
                    end=j * 10 + 5,
                    surface=G.nodes[cid]["name"],
                    extractor="fixture",
                    score=0.5 + j / 8,
                )
    for src, dst, rel in LINKS:
        G.add_edge(src, dst, key=rel, type=rel, evidence=f"{src} {rel} {dst}")
    papers_of: dict[str, set[str]] = defaultdict(set)
    for pid, cid in _role_pairs(G):
        papers_of[cid].add(pid)
        G.nodes[pid]["concept_count"] += 1
    for cid, pids in papers_of.items():
        G.nodes[cid]["paper_count"] = len(pids)
    for a, b in combinations(sorted(papers_of), 2):
        shared = len(papers_of[a] & papers_of[b])
        if shared >= 2:  # as a builder would prune: pairs seen once get no CO_OCCURS edge
            association = shared / min(len(papers_of[a]), len(papers_of[b]))
            G.add_edge(
                a,
                b,
                key="CO_OCCURS",
                type="CO_OCCURS",
                evidence="",
                weight=float(shared),
                association=round(association, 6),
            )
    return G


def write_graph(directory: Path, G: nx.MultiDiGraph | None = None) -> Path:
    """Write `G` (default: the fixture) as `directory/graph.json`, as `kg build` does; return the folder."""
    from kg.export.json_graph import write_json

    directory.mkdir(parents=True, exist_ok=True)
    write_json(make_graph() if G is None else G, directory / "graph.json")
    return directory


# ---------------------------------------------------------------- reference answers


def _role_pairs(G):
    for u, v, k in G.edges(keys=True):
        if k in schema.PAPER_ROLES:
            yield u, v


def _concepts(G):
    return [n for n, d in G.nodes(data=True) if d["kind"] == schema.CONCEPT]


def _papers(G):
    return [n for n, d in G.nodes(data=True) if d["kind"] == schema.PAPER]


def _matches(G, cid, text) -> bool:
    needle = text.lower()
    d = G.nodes[cid]
    return d["name"].lower() == needle or any(a.lower() == needle for a in d["aliases"])


def _named(G, text):
    return [c for c in _concepts(G) if _matches(G, c, text)]


def _family_below(G, cid, max_hops, rels=("VARIANT_OF", "IS_A")) -> set[str]:
    """Concepts with a directed path of rels to `cid`, 0..max_hops long (cid included)."""
    found, frontier = {cid}, {cid}
    for _ in range(max_hops):
        frontier = {u for v in frontier for u, _, k in G.in_edges(v, keys=True) if k in rels} - found
        found |= frontier
    return found


def _family_above(G, cid, max_hops, rels=("VARIANT_OF", "IS_A")) -> set[str]:
    found, frontier = {cid}, {cid}
    for _ in range(max_hops):
        frontier = {v for u in frontier for _, v, k in G.out_edges(u, keys=True) if k in rels} - found
        found |= frontier
    return found


def _paper_links(G, pid, roles=schema.PAPER_ROLES):
    return [(v, k) for _, v, k in G.out_edges(pid, keys=True) if k in roles]


def _year_desc(row):
    return (-(row["year"] or 0), row["paper_id"])


def papers_for_concept(G, name, limit):
    variants = set().union(*[_family_below(G, c, 3) for c in _named(G, name)]) if _named(G, name) else set()
    rows = {}
    for pid in _papers(G):
        hits = [(v, k) for v, k in _paper_links(G, pid) if v in variants]
        if hits:
            d = G.nodes[pid]
            rows[pid] = {
                "paper_id": pid,
                "title": d["title"],
                "year": d.get("year"),
                "via": sorted({G.nodes[v]["name"] for v, _ in hits}),
                "roles": sorted({k for _, k in hits}),
            }
    return sorted(rows.values(), key=_year_desc)[:limit]


def top_concepts(G, limit):
    counts = defaultdict(set)
    for pid, cid in _role_pairs(G):
        counts[cid].add(pid)
    rows = [
        {"concept": G.nodes[c]["name"], "type": G.nodes[c]["type"], "papers": len(p)}
        for c, p in counts.items()
    ]
    return sorted(rows, key=lambda r: (-r["papers"], r["concept"], r["type"]))[:limit]


def _paper_by(G, paper):
    return [p for p in _papers(G) if p == paper or G.nodes[p]["title"].lower() == paper.lower()]


def similar_papers(G, paper, limit):
    shared = defaultdict(set)
    for p in _paper_by(G, paper):
        for c, _ in _paper_links(G, p):
            for q, _, k in G.in_edges(c, keys=True):
                if k in schema.PAPER_ROLES and q != p:
                    shared[q].add(c)
    rows = [
        {
            "paper_id": q,
            "title": G.nodes[q]["title"],
            "shared": len(cs),
            "concepts": sorted({G.nodes[c]["name"] for c in cs}),
        }
        for q, cs in shared.items()
    ]
    return sorted(rows, key=lambda r: (-r["shared"], r["paper_id"]))[:limit]


def cooccurring_concepts(G, name, limit):
    grouped = {}
    for c in _named(G, name):
        shared = defaultdict(set)
        for p, _, k in G.in_edges(c, keys=True):
            if k in schema.PAPER_ROLES:
                for o, _ in _paper_links(G, p):
                    if o != c:
                        shared[o].add(p)
        for o, papers in shared.items():
            links = [
                d
                for u, v, k, d in G.edges([c, o], keys=True, data=True)
                if k == "CO_OCCURS" and {u, v} == {c, o}
            ]
            key = (G.nodes[o]["name"], G.nodes[o]["type"], len(papers))
            values = [d["association"] for d in links] + [grouped.get(key)]
            grouped[key] = max((v for v in values if v is not None), default=None)
    rows = [{"concept": n, "type": t, "papers": p, "association": a} for (n, t, p), a in grouped.items()]
    return sorted(rows, key=lambda r: (-r["papers"], r["concept"], r["type"]))[:limit]


def model_family(G, name):
    roots = set()
    for c in _named(G, name):
        for r in _family_above(G, c, 5, ("VARIANT_OF",)):
            if not any(k == "VARIANT_OF" for _, _, k in G.out_edges(r, keys=True)):
                roots.add(r)
    rows = set()
    for root in roots:
        members = _family_below(G, root, 5, ("VARIANT_OF",))
        for child, parent, k in G.edges(keys=True):
            if k == "VARIANT_OF" and parent in members:
                rows.add(
                    (
                        G.nodes[root]["name"],
                        G.nodes[parent]["name"],
                        G.nodes[child]["name"],
                        G.nodes[child]["type"],
                    )
                )
    return [dict(zip(("family", "parent", "child", "child_type"), r, strict=True)) for r in sorted(rows)]


def paper_profile(G, paper):
    rows = []
    for p in sorted(_paper_by(G, paper)):
        by_role = defaultdict(set)
        for c, k in _paper_links(G, p):
            by_role[k].add(G.nodes[c]["name"])
        rows.append(
            {
                "paper_id": p,
                "title": G.nodes[p]["title"],
                **{
                    col: sorted(by_role[role])
                    for col, role in (
                        ("proposes", "PROPOSES"),
                        ("uses", "USES"),
                        ("evaluates_on", "EVALUATES_ON"),
                        ("compares_with", "COMPARES_WITH"),
                    )
                },
            }
        )
    return rows


def benchmarks(G, limit):
    counts = defaultdict(set)
    for u, v, k in G.edges(keys=True):
        if k == "EVALUATES_ON":
            counts[v].add(u)
    rows = [
        {"benchmark": G.nodes[b]["name"], "type": G.nodes[b]["type"], "papers": len(p)}
        for b, p in counts.items()
    ]
    return sorted(rows, key=lambda r: (-r["papers"], r["benchmark"], r["type"]))[:limit]


def benchmark_papers(G, name, limit):
    rows = {}
    for b in _named(G, name):
        for p, _, k in G.in_edges(b, keys=True):
            if k == "EVALUATES_ON":
                d = G.nodes[p]
                rows[p] = {
                    "paper_id": p,
                    "title": d["title"],
                    "year": d.get("year"),
                    "compares_with": sorted(
                        {G.nodes[c]["name"] for c, r in _paper_links(G, p) if r == "COMPARES_WITH"}
                    ),
                }
    return sorted(rows.values(), key=_year_desc)[:limit]


PATH_RELS = ("PROPOSES", "USES", "EVALUATES_ON", "COMPARES_WITH", "MENTIONS", "VARIANT_OF", "IS_A")


def paths_between(G, source, target, limit):
    H = nx.Graph()
    H.add_nodes_from(G.nodes)
    H.add_edges_from((u, v) for u, v, k in G.edges(keys=True) if k in PATH_RELS)
    label = {n: d.get("name") or d.get("title") for n, d in G.nodes(data=True)}
    rows = set()
    for a in _named(G, source):
        for b in _named(G, target):
            if a == b or not nx.has_path(H, a, b):
                continue
            for path in nx.all_shortest_paths(H, a, b):
                if len(path) - 1 <= 6:
                    rows.add((tuple(label[n] for n in path), len(path) - 1))
    ordered = sorted(rows, key=lambda r: (r[1], " > ".join(r[0])))
    return [{"path": list(p), "hops": h} for p, h in ordered][:limit]


def concepts_by_type(G, type, limit):  # noqa: A002 - the parameter's name in the query
    counts = defaultdict(set)
    for pid, cid in _role_pairs(G):
        counts[cid].add(pid)
    rows = [
        {"concept": G.nodes[c]["name"], "aliases": sorted(G.nodes[c]["aliases"]), "papers": len(counts[c])}
        for c in _concepts(G)
        if G.nodes[c]["type"] == type
    ]
    return sorted(rows, key=lambda r: (-r["papers"], r["concept"]))[:limit]


def papers_proposing_nothing(G, limit):
    rows = []
    for p in _papers(G):
        links = _paper_links(G, p)
        if not any(k == "PROPOSES" for _, k in links):
            d = G.nodes[p]
            rows.append(
                {
                    "paper_id": p,
                    "title": d["title"],
                    "year": d.get("year"),
                    "concepts": len({c for c, _ in links}),
                }
            )
    return sorted(rows, key=lambda r: (-r["concepts"], r["paper_id"]))[:limit]


def search_papers(G, text, limit):
    needle = text.lower()
    rows = []
    for p in _papers(G):
        d = G.nodes[p]
        in_title = needle in (d["title"] or "").lower()
        if in_title or needle in (d["abstract"] or "").lower():
            rows.append({"paper_id": p, "title": d["title"], "year": d.get("year"), "in_title": in_title})
    return sorted(rows, key=lambda r: (not r["in_title"], r["paper_id"]))[:limit]


def search_concepts(G, text, limit):
    needle = text.lower()
    counts = defaultdict(set)
    for pid, cid in _role_pairs(G):
        counts[cid].add(pid)
    rows = []
    for c in _concepts(G):
        d = G.nodes[c]
        if needle in d["name"].lower() or any(needle in a.lower() for a in d["aliases"]):
            rows.append(
                {
                    "concept": d["name"],
                    "type": d["type"],
                    "aliases": sorted(d["aliases"]),
                    "papers": len(counts[c]),
                }
            )
    return sorted(rows, key=lambda r: (-r["papers"], r["concept"], r["type"]))[:limit]


def bridge_concepts(G, topic_a, topic_b, limit):
    fam_a = set().union(set(), *[_family_below(G, c, 3) for c in _named(G, topic_a)])
    fam_b = set().union(set(), *[_family_below(G, c, 3) for c in _named(G, topic_b)])
    if not fam_a or not fam_b:
        return []

    concepts_of = {p: {x for x, _ in _paper_links(G, p)} for p in _papers(G)}
    on_a = {p for p, cs in concepts_of.items() if cs & fam_a}
    on_b = {p for p, cs in concepts_of.items() if cs & fam_b}

    def papers_with(c, on_topic):
        return {p for p in on_topic if c in concepts_of[p]}

    rows = []
    for c in _concepts(G):
        if c in fam_a or c in fam_b:
            continue
        pa, pb = papers_with(c, on_a), papers_with(c, on_b)
        if pa and pb:
            rows.append(
                {
                    "concept": G.nodes[c]["name"],
                    "type": G.nodes[c]["type"],
                    "papers_a": len(pa),
                    "papers_b": len(pb),
                    "score": min(len(pa), len(pb)),
                }
            )
    return sorted(
        rows, key=lambda r: (-r["score"], -(r["papers_a"] + r["papers_b"]), r["concept"], r["type"])
    )[:limit]


def concept_trend(G, name):
    variants = set().union(set(), *[_family_below(G, c, 3) for c in _named(G, name)])
    by_year = defaultdict(set)
    for p in _papers(G):
        if any(c in variants for c, _ in _paper_links(G, p)):
            by_year[G.nodes[p].get("year")].add(p)
    years = sorted(by_year, key=lambda y: (y is None, y or 0))
    return [{"year": y, "papers": len(by_year[y])} for y in years]


def concept_hierarchy(G, name):
    rows = []
    for c in sorted(_named(G, name), key=lambda c: (G.nodes[c]["name"], G.nodes[c]["type"])):
        rows.append(
            {
                "concept": G.nodes[c]["name"],
                "type": G.nodes[c]["type"],
                "ancestors": sorted({G.nodes[x]["name"] for x in _family_above(G, c, 4) - {c}}),
                "descendants": sorted({G.nodes[x]["name"] for x in _family_below(G, c, 4) - {c}}),
            }
        )
    return rows


REFERENCE = {
    "papers_for_concept": papers_for_concept,
    "top_concepts": top_concepts,
    "similar_papers": similar_papers,
    "cooccurring_concepts": cooccurring_concepts,
    "model_family": model_family,
    "paper_profile": paper_profile,
    "benchmarks": benchmarks,
    "benchmark_papers": benchmark_papers,
    "paths_between": paths_between,
    "concepts_by_type": concepts_by_type,
    "papers_proposing_nothing": papers_proposing_nothing,
    "search_papers": search_papers,
    "search_concepts": search_concepts,
    "bridge_concepts": bridge_concepts,
    "concept_trend": concept_trend,
    "concept_hierarchy": concept_hierarchy,
}

# (query stem, params beyond the file's defaults): every file runs with its defaults plus these.
CASES: list[tuple[str, dict[str, Any]]] = [
    ("papers_for_concept", {}),
    ("papers_for_concept", {"name": "qwen"}),
    ("papers_for_concept", {"name": "reinforcement learning", "limit": 3}),
    ("papers_for_concept", {"name": "group relative policy optimization"}),
    ("papers_for_concept", {"name": "no such thing"}),
    ("top_concepts", {}),
    ("top_concepts", {"limit": 4}),
    ("similar_papers", {"paper": "arXiv:2501.00001"}),
    ("similar_papers", {"paper": "qwen3 technical report", "limit": 2}),
    ("similar_papers", {"paper": "arXiv:2507.00008"}),
    ("cooccurring_concepts", {}),
    ("cooccurring_concepts", {"name": "AIME", "limit": 3}),
    ("cooccurring_concepts", {"name": "An Isolated Note"}),
    ("model_family", {}),
    ("model_family", {"name": "Qwen3-4B"}),
    ("model_family", {"name": "qwen"}),
    ("model_family", {"name": "DG-GRPO"}),
    ("model_family", {"name": "Llama 3"}),
    ("paper_profile", {"paper": "arXiv:2501.00001"}),
    ("paper_profile", {"paper": "An Isolated Note"}),
    ("benchmarks", {}),
    ("benchmarks", {"limit": 2}),
    ("benchmark_papers", {}),
    ("benchmark_papers", {"name": "aime"}),
    ("paths_between", {}),
    ("paths_between", {"source": "PPO", "target": "Qwen3", "limit": 3}),
    ("paths_between", {"source": "GSM8K", "target": "MMLU"}),
    ("paths_between", {"source": "GRPO", "target": "GRPO"}),
    ("concepts_by_type", {}),
    ("concepts_by_type", {"type": "Benchmark", "limit": 2}),
    ("concepts_by_type", {"type": "Concept"}),
    ("papers_proposing_nothing", {}),
    ("papers_proposing_nothing", {"limit": 1}),
    ("search_papers", {}),
    ("search_papers", {"text": "RL"}),
    ("search_papers", {"text": '"hard"'}),
    ("search_concepts", {}),
    ("search_concepts", {"text": "qwen", "limit": 2}),
    ("search_concepts", {"text": "[c]"}),
    ("bridge_concepts", {}),
    ("bridge_concepts", {"topic_a": "PPO", "topic_b": "MMLU"}),
    ("concept_trend", {}),
    ("concept_trend", {"name": "Qwen"}),
    ("concept_hierarchy", {}),
    ("concept_hierarchy", {"name": "Qwen3"}),
    ("concept_hierarchy", {"name": "reinforcement learning"}),
]


def make_synthetic_graph(papers: int = 1000) -> nx.MultiDiGraph:
    """Return a random kg-shaped graph (see kg/store/embedded_bench.py) for the SYNTHETIC_CASES."""
    from kg.export.json_graph import data_to_graph
    from kg.store.embedded_bench import synthetic_graph_data

    return data_to_graph(synthetic_graph_data(papers))


SYNTHETIC_PAPER = "arXiv:2500.00007"

# The same queries on make_synthetic_graph(): defaults, plus the pairs whose paths once went wrong.
SYNTHETIC_CASES: list[tuple[str, dict[str, Any]]] = [
    (stem, {"paper": SYNTHETIC_PAPER} if stem in ("similar_papers", "paper_profile") else {})
    for stem in sorted(REFERENCE)
] + [
    ("paths_between", {"source": s, "target": t, "limit": 1000})
    for s, t in [
        ("GRPO", "Qwen"),
        ("MMLU", "concept-50"),
        ("GSM8K", "concept-400"),  # scrambled by list_transform(nodes(p), ...) in Ladybug 0.22
        ("Qwen3-4B", "concept-400"),
    ]
]


def expected(G: nx.MultiDiGraph, stem: str, params: dict[str, Any]) -> list[dict[str, Any]]:
    """Return the rows query `stem` must give on `G` with `params` (defaults filled in)."""
    return REFERENCE[stem](G, **params)
