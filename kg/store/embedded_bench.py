"""Time the embedded engine: database build, then every cypher/ pack query on a graph.

    python -m kg.store.embedded_bench --graph out/              # a graph `kg build` wrote
    python -m kg.store.embedded_bench --synthetic 5000 --graph /tmp/synth

`--synthetic N` first writes a random graph of N papers shaped like kg's (Zipf-popular
concepts, every relationship type, VARIANT_OF chains, CO_OCCURS edges), so the engine can be
measured before a real corpus graph exists. Prints one line per query: median of `--repeat`
runs, rows returned.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections import defaultdict
from itertools import combinations
from pathlib import Path

from kg.graph import schema

NAMED = [
    "GRPO",
    "DG-GRPO",
    "Qwen",
    "Qwen3",
    "Qwen3-4B",
    "GSM8K",
    "PPO",
    "MATH",
    "MMLU",
    "reinforcement learning",
]


def synthetic_graph_data(papers: int, seed: int = 7) -> dict:
    """Return node-link data of a random kg-shaped graph with `papers` papers."""
    rng = random.Random(seed)
    n_concepts = max(len(NAMED), papers // 2)
    types = list(schema.TYPE_LABELS)
    concepts = []
    for i in range(n_concepts):
        name = NAMED[i] if i < len(NAMED) else f"concept-{i}"
        ctype = "Benchmark" if name in ("GSM8K", "MATH") else rng.choice(types)
        aliases = [f"{name} alias"] if rng.random() < 0.3 else []
        concepts.append(
            {
                "id": f"c{i}",
                "kind": "Concept",
                "name": name,
                "type": ctype,
                "aliases": aliases,
                "definition": "",
                "paper_count": 0,
            }
        )
    weights = [1 / (i + 1) for i in range(n_concepts)]  # Zipf: a few hubs, a long tail
    nodes, edges = [], []
    papers_of = defaultdict(set)
    for p in range(papers):
        pid = f"arXiv:{2500 + p // 10000}.{p % 10000:05d}"
        chosen = set(rng.choices(range(n_concepts), weights=weights, k=rng.randint(4, 16)))
        nodes.append(
            {
                "id": pid,
                "kind": "Paper",
                "title": f"Paper {p} on {concepts[min(chosen)]['name']}",
                "abstract": "We study reinforcement learning. " * rng.randint(5, 15),
                "venue": "",
                "year": rng.choice([2024, 2025, 2026, None]),
                "url": "",
                "code_urls": [],
                "authors": [f"Author {rng.randint(1, 5000)}" for _ in range(rng.randint(1, 6))],
                "source": f"synthetic:{p}",
                "concept_count": len(chosen),
            }
        )
        for c in chosen:
            role = rng.choices(schema.PAPER_ROLES, weights=[1, 2, 1, 3, 4])[0]
            edges.append(
                {
                    "source": pid,
                    "target": f"c{c}",
                    "key": role,
                    "type": role,
                    "evidence": "A sentence.",
                    "start": 0,
                    "end": 10,
                    "surface": concepts[c]["name"],
                    "extractor": "synthetic",
                    "score": round(rng.random(), 3),
                }
            )
            papers_of[c].add(pid)
    links = [(4, 3), (3, 2), (1, 0)] + [(i, rng.randrange(10, i)) for i in range(11, n_concepts, 7)]
    for a, b in links:
        rel = "VARIANT_OF" if a < 10 or rng.random() < 0.7 else "IS_A"
        edges.append({"source": f"c{a}", "target": f"c{b}", "key": rel, "type": rel, "evidence": ""})
    pair_count = defaultdict(int)
    for c_list in _paper_concepts(edges):
        for a, b in combinations(sorted(c_list), 2):
            pair_count[a, b] += 1
    for (a, b), w in pair_count.items():
        if w >= 2:
            edges.append(
                {
                    "source": a,
                    "target": b,
                    "key": "CO_OCCURS",
                    "type": "CO_OCCURS",
                    "evidence": "",
                    "weight": float(w),
                    "association": 0.5,
                }
            )
    for c in concepts:
        c["paper_count"] = len(papers_of[int(c["id"][1:])])
    return {"directed": True, "multigraph": True, "graph": {}, "nodes": concepts + nodes, "edges": edges}


def _paper_concepts(edges):
    by_paper = defaultdict(list)
    for e in edges:
        if e["key"] in schema.PAPER_ROLES:
            by_paper[e["source"]].append(e["target"])
    return by_paper.values()


def main(argv: list[str] | None = None) -> None:
    from kg.store import embedded
    from kg.store.query import bind_params, pack_files, read_query_file

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--graph", type=Path, default=Path("out"))
    parser.add_argument("--synthetic", type=int, default=0, help="first write a random graph of N papers")
    parser.add_argument("--pack", type=Path, default=Path("cypher"))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--param", action="append", default=[], help='STEM.NAME=JSON, e.g. similar_papers.paper="x"'
    )
    args = parser.parse_args(argv)

    if args.synthetic:
        args.graph.mkdir(parents=True, exist_ok=True)
        data = synthetic_graph_data(args.synthetic)
        (args.graph / "graph.json").write_text(json.dumps(data), encoding="utf-8")
        print(
            f"synthetic graph: {args.synthetic} papers, {len(data['nodes'])} nodes, {len(data['edges'])} edges"
        )
    stamp = embedded.build_database(args.graph)
    print(
        f"build: {stamp['seconds_total']:.2f} s (CSV {stamp['seconds_write_csv']:.2f} s); counts {stamp['counts']}"
    )

    overrides: dict[str, dict] = defaultdict(dict)
    for item in args.param:
        key, _, raw = item.partition("=")
        stem, _, name = key.partition(".")
        overrides[stem][name] = json.loads(raw)
    with embedded.open_database(args.graph) as db:
        first_paper = db.rows("MATCH (p:Paper)-[]->(:Concept) RETURN p.id AS id ORDER BY id LIMIT 1")
        for path in pack_files(args.pack, "embedded"):
            stem = path.name.split(".")[0]
            qf = read_query_file(path)
            given = dict(overrides.get(stem, {}))
            if "paper" in qf.params and "paper" not in given and first_paper:
                given["paper"] = first_paper[0]["id"]
            params = bind_params(qf.text, given, qf.defaults)
            times = []
            for _ in range(args.repeat):
                started = time.perf_counter()
                rows = db.rows(qf.text, params)
                times.append(time.perf_counter() - started)
            print(f"{stem:26s} {statistics.median(times) * 1000:9.1f} ms  {len(rows):4d} rows")


if __name__ == "__main__":
    main()
