"""Benchmark the stages after extraction: co-occurrence, communities, GraphML and JSON export.

    python bench/bench_stages.py --sizes 4000 --cache /tmp/kg-bench-cache

Builds the graph of the first N abstracts of the corpus without analytics (extraction cached
in --cache, so a second run starts at once), then times each stage on it, best of --repeat.
With --reference (the default) it also runs networkx's own Louvain on the same clustering
graph in the same run: its time, whether its partition equals kg's, and both modularities.
Prints a table and writes bench/results/stages.json.
"""

from __future__ import annotations

import argparse
import gc
import gzip
import json
import sys
import tempfile
import time
from pathlib import Path

_REPO = Path(__file__).resolve().parents[1]


def load_abstracts(corpus: str, n: int) -> list[dict]:
    out = []
    with gzip.open(corpus, "rt", encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            if rec.get("abstract"):
                out.append(rec)
            if len(out) >= n:
                break
    return out


def build(records: list[dict], workdir: Path, jobs: int, cache: str | None):
    from kg.api import build_graph

    path = workdir / "input.jsonl"
    with open(path, "w", encoding="utf-8") as fh:
        for r in records:
            fh.write(json.dumps({k: r.get(k) for k in ("id", "title", "abstract", "year", "authors", "url")}) + "\n")
    return build_graph([str(path)], jobs=jobs, cache_dir=cache, analytics=False)


def best(fn, repeat: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t)
    return min(times), result


def reference_louvain(G, index) -> dict:
    """networkx's Louvain on kg's clustering graph, against kg's own, in the same run."""
    import networkx as nx

    from kg.graph.analytics import _lineage_pairs

    p2c, c2p = index
    core = sorted(c for c, ps in c2p.items() if len(ps) >= 2)
    H = nx.Graph()
    H.add_nodes_from(sorted(p2c))
    H.add_nodes_from(core)
    H.add_edges_from(((p, c) for p in sorted(p2c) for c in p2c[p] if len(c2p[c]) >= 2), weight=1.0)
    H.add_edges_from(sorted(_lineage_pairs(G, set(core))), weight=1.0)
    t = time.perf_counter()
    theirs = nx.community.louvain_communities(H, weight="weight", seed=0)
    t_nx = time.perf_counter() - t

    from kg.graph.louvain import louvain

    nodes = list(H)
    at = {n: i for i, n in enumerate(nodes)}
    t = time.perf_counter()
    ours = louvain(len(nodes), [(at[u], at[v], 1.0) for u, v in H.edges()], seed=0)
    t_kg = time.perf_counter() - t
    ours_sets = [{nodes[i] for i in com} for com in ours]
    return {
        "nodes": H.number_of_nodes(),
        "edges": H.number_of_edges(),
        "networkx_s": round(t_nx, 3),
        "kg_s": round(t_kg, 3),
        "same_partition": sorted(map(sorted, theirs)) == sorted(map(sorted, ours_sets)),
        "modularity_networkx": nx.community.modularity(H, theirs),
        "modularity_kg": nx.community.modularity(H, ours_sets),
    }


def stages(G, repeat: int, reference: bool) -> dict:
    from kg.export.graphml import write_graphml
    from kg.export.json_graph import write_json
    from kg.graph import analytics as A

    out: dict = {"nodes_before": G.number_of_nodes(), "edges_before": G.number_of_edges()}
    out["index_s"], index = best(lambda: A.paper_concept_index(G), repeat)
    out["cooccurrence_s"], added = best(lambda: A.add_cooccurrence(G, index=index), repeat)
    out["communities_s"], rows = best(lambda: A.add_communities(G, index=index), repeat)
    out["co_occurs_edges"], out["communities"] = added, len(rows)
    out["analytics_s"] = out["index_s"] + out["cooccurrence_s"] + out["communities_s"]
    with tempfile.TemporaryDirectory() as d:
        out["graphml_s"], _ = best(lambda: write_graphml(G, Path(d) / "graph.graphml"), repeat)
        out["json_s"], _ = best(lambda: write_json(G, Path(d) / "graph.json"), repeat)
        out["graphml_mb"] = round((Path(d) / "graph.graphml").stat().st_size / 1e6, 1)
        out["json_mb"] = round((Path(d) / "graph.json").stat().st_size / 1e6, 1)
    out["nodes"], out["edges"] = G.number_of_nodes(), G.number_of_edges()
    if reference:
        out["louvain_reference"] = reference_louvain(G, index)
    return {k: round(v, 3) if isinstance(v, float) else v for k, v in out.items()}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=str(_REPO.parent / "shared" / "corpora" / "arxiv_ai_2025_2026.jsonl.gz"))
    ap.add_argument("--sizes", type=int, nargs="+", default=[4000])
    ap.add_argument("--jobs", type=int, default=0, help="extraction processes (0: one per core)")
    ap.add_argument("--cache", default=None, help="extraction cache folder, reused across runs")
    ap.add_argument("--repeat", type=int, default=3, help="time each stage this many times, keep the best")
    ap.add_argument("--no-reference", dest="reference", action="store_false", help="skip networkx's Louvain")
    ap.add_argument("--out", default=str(_REPO / "bench" / "results" / "stages.json"))
    args = ap.parse_args(argv)

    from kg.api import fewer_gc_pauses

    results = []
    for n in args.sizes:
        records = load_abstracts(args.corpus, n)
        with tempfile.TemporaryDirectory() as d:
            G = build(records, Path(d), args.jobs, args.cache)
        gc.collect()
        with fewer_gc_pauses():  # as in a build
            row = {"abstracts": len(records), **stages(G, args.repeat, args.reference)}
        results.append(row)
        print(json.dumps(row), file=sys.stderr)
    print(f"{'N':>6} {'index':>7} {'cooc':>7} {'comm':>7} {'graphml':>8} {'json':>7}  nodes/edges")
    for r in results:
        print(
            f"{r['abstracts']:>6} {r['index_s']:>7.2f} {r['cooccurrence_s']:>7.2f} {r['communities_s']:>7.2f} "
            f"{r['graphml_s']:>8.2f} {r['json_s']:>7.2f}  {r['nodes']}/{r['edges']}"
        )
        ref = r.get("louvain_reference")
        if ref:
            print(
                f"       louvain: networkx {ref['networkx_s']:.2f}s, kg {ref['kg_s']:.2f}s, same partition "
                f"{ref['same_partition']}, modularity {ref['modularity_networkx']:.6f} vs {ref['modularity_kg']:.6f}"
            )
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
