"""Benchmark `kg load` (the Bolt driver path) with the old settings and the new default, in one run.

    python bench/bench_neo4j_load.py                       # 4,000 and 32,000 arXiv abstracts
    python bench/bench_neo4j_load.py --sizes 4000          # one size
    python bench/bench_neo4j_load.py --graph out/graph.json --graph other/graph.graphml

Starts its own Neo4j 5.26 server (the integration tests' launcher, tests/integration/
neo4j_server.py, fetched once with Maven) with the memory of docker-compose.yml: heap
512 MB-1 GB, page cache 512 MB, and the JVM's normal JIT and collector. Graphs are built
from the first N abstracts of the arXiv corpus with `kg.api.build_graph` and cached as
graph.json under /tmp/kg-bench-neo4j (a 32k build takes minutes; later runs reuse it).

For each graph and each setting, a fresh server home gets a warm-up (a small load and a
wipe, so the JIT has compiled the statements' code; `--warm-up 0` skips it), then a first
load (empty database) and a re-load of the same graph (an upsert that changes nothing); the table on stderr and
bench/results/neo4j_load.json give nodes, relationships, seconds, relationships/s and the
new/old ratio, and the relationship phase alone (from the last node batch to the last edge
batch) in relationships/s. Old = `fast=False, batch_size=1000, workers=1`: one property map per row,
MERGE statements only, one batch at a time (kg's loader before the fast path, statement for
statement); new = the loader's defaults. Both run in the same process on the same machine,
so the ratio holds when the machine is busy with other work. Graphs read from GraphML keep
list attributes as JSON text; prefer a graph.json.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "integration"))  # the Neo4j test server launcher
sys.path.insert(0, str(REPO))

CORPUS = REPO.parent / "shared" / "corpora" / "arxiv_ai_2025_2026.jsonl.gz"
CACHE = Path(tempfile.gettempdir()) / "kg-bench-neo4j"
RESULTS = REPO / "bench" / "results" / "neo4j_load.json"
# docker-compose.yml: heap 512m initial / 1g max, page cache 512m; G1 and the full JIT as
# the server's own launcher uses (the test flags trade throughput for start-up time).
SERVER_JVM_FLAGS = ["-Xms512m", "-Xmx1g", "-XX:+UseG1GC", "-Xss1m"]
SERVER_PAGECACHE_MB = 512
OLD = {"batch_size": 1000, "fast": False, "workers": 1}
NEW: dict = {}  # the loader's defaults


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# ---------------------------------------------------------------- graphs


def write_abstracts(corpus: Path, n: int, path: Path) -> int:
    """Write the first `n` records with an abstract to `path` as JSONL; return how many."""
    count = 0
    with gzip.open(corpus, "rt", encoding="utf-8") as src, open(path, "w", encoding="utf-8") as out:
        for line in src:
            record = json.loads(line)
            if not record.get("abstract"):
                continue
            keep = ("id", "title", "abstract", "year", "authors", "url")
            out.write(json.dumps({k: record.get(k) for k in keep}) + "\n")
            count += 1
            if count >= n:
                break
    return count


def built_graph(n: int, corpus: Path, cache: Path):
    """Return the graph of the first `n` abstracts, built once and then read from the cache."""
    from kg.export.json_graph import read_json, write_json

    path = cache / f"arxiv-{n}" / "graph.json"
    if path.exists():
        log(f"reading cached graph {path}")
        return read_json(path)
    from kg.api import build_graph

    path.parent.mkdir(parents=True, exist_ok=True)
    source = path.parent / "abstracts.jsonl"
    got = write_abstracts(corpus, n, source)
    log(f"building the graph of {got} abstracts (cached at {path} for later runs)")
    started = time.perf_counter()
    G = build_graph([source])
    log(f"  built in {time.perf_counter() - started:.0f}s")
    write_json(G, path)
    return G


def read_graph(path: Path):
    """Return the graph in `path`: a graph.json, a GraphML file, or a `kg build` output folder."""
    from kg.export.graphml import read_graphml
    from kg.export.json_graph import read_json

    if path.is_dir():
        path = path / "graph.json"
    return read_graphml(path) if path.suffix == ".graphml" else read_json(path)


# ---------------------------------------------------------------- server and loads


def start_server(home: Path):
    """Return a started Neo4j server (docker-compose memory) on a new data folder."""
    import neo4j_server

    # The launcher reads these module settings when it starts the JVM.
    neo4j_server.JVM_FLAGS = SERVER_JVM_FLAGS
    neo4j_server.PAGECACHE_MB = SERVER_PAGECACHE_MB
    server = neo4j_server.Neo4jServer(home)
    conn = server.start()
    return server, conn


def warm_up_graph(G, papers: int):
    """Return the part of `G` around its first `papers` papers: a small load to warm the JVM with."""
    first = sorted(n for n, d in G.nodes(data=True) if d.get("kind") == "Paper")[:papers]
    keep = set(first).union(*(G.successors(p) for p in first))
    return G.subgraph(keep).copy()


def warm_up(G, settings: dict, conn, papers: int) -> None:
    """Load and reload a small part of `G`, then empty the database: the JIT compiles the
    statements' code before the clock starts, as on a server that has been up a while."""
    import neo4j

    from kg.store.neo4j_loader import load_graph_into_neo4j

    small = warm_up_graph(G, papers)
    for _ in range(2):
        load_graph_into_neo4j(small, uri=conn.uri, user=conn.user, password=conn.password, **settings)
    with neo4j.GraphDatabase.driver(conn.uri, auth=(conn.user, conn.password)) as driver:
        while driver.execute_query(
            "MATCH (n) WITH n LIMIT 10000 DETACH DELETE n RETURN count(*) AS n"
        ).records[0]["n"]:
            pass


def measure(G, settings: dict, workdir: Path, name: str, warm_papers: int = 0) -> dict:
    """Return first-load and re-load figures of `G` with `settings`, on a fresh server."""
    from kg.store.neo4j_loader import load_graph_into_neo4j

    server, conn = start_server(workdir / name)
    try:
        if warm_papers:
            warm_up(G, settings, conn, warm_papers)
        figures = {}
        for phase in ("first_load", "reload"):
            last: dict[str, float] = {}

            def progress(kind: str, done: int, total: int, last=last) -> None:
                last[kind] = time.perf_counter()

            started = time.perf_counter()
            report = load_graph_into_neo4j(
                G, uri=conn.uri, user=conn.user, password=conn.password, progress=progress, **settings
            )
            seconds = time.perf_counter() - started
            # The relationship phase: from the last node batch written to the last edge batch
            # (a reload's deletion of stale edges included).
            nodes_done = max(last.get("papers", started), last.get("concepts", started))
            rel_seconds = last.get("relationships", nodes_done) - nodes_done
            figures[phase] = {
                "seconds": round(seconds, 2),
                "rels_per_s": round(G.number_of_edges() / seconds),
                "relationship_phase_seconds": round(rel_seconds, 2),
                "relationship_phase_rels_per_s": round(G.number_of_edges() / rel_seconds)
                if rel_seconds > 0
                else None,
                "nodes_total": report.nodes_total,
                "relationships_total": report.relationships_total,
                "relationships_created": report.relationships_created,
                "relationships_unchanged": report.relationships_unchanged,
            }
            if (report.nodes_total, report.relationships_total) != (
                G.number_of_nodes(),
                G.number_of_edges(),
            ):
                raise SystemExit(f"{name} {phase}: the database does not hold the graph: {report}")
            log(
                f"  {name:>4} {phase:<10} {seconds:7.1f}s  {figures[phase]['rels_per_s']:>7} rels/s"
                f"  (relationship phase {rel_seconds:.1f}s, {figures[phase]['relationship_phase_rels_per_s']} rels/s)"
            )
        return figures
    finally:
        server.stop()


def bench_graph(label: str, G, workdir: Path, warm_papers: int) -> dict:
    log(f"{label}: {G.number_of_nodes()} nodes, {G.number_of_edges()} relationships")
    old = measure(G, OLD, workdir, f"{label}-old", warm_papers)
    new = measure(G, NEW, workdir, f"{label}-new", warm_papers)
    return {
        "graph": label,
        "nodes": G.number_of_nodes(),
        "relationships": G.number_of_edges(),
        "warm_up_papers": warm_papers,
        "old_settings": {"batch_size": 1000, "workers": 1, "rows": "maps", "statements": "MERGE"},
        "old": old,
        "new": new,
        "ratio_new_old": {
            phase: round(new[phase]["rels_per_s"] / old[phase]["rels_per_s"], 2) for phase in old
        },
    }


def table(results: list[dict]) -> str:
    head = (
        f"{'graph':<14}{'nodes':>9}{'rels':>9}  {'phase':<11}{'old s':>8}{'old r/s':>9}{'new s':>8}{'new r/s':>9}"
        f"{'new/old':>8}{'old rel-phase r/s':>19}{'new rel-phase r/s':>19}"
    )
    lines = [head, "-" * len(head)]
    for r in results:
        for phase in ("first_load", "reload"):
            old, new = r["old"][phase], r["new"][phase]
            lines.append(
                f"{r['graph']:<14}{r['nodes']:>9}{r['relationships']:>9}  {phase:<11}"
                f"{old['seconds']:>8.1f}{old['rels_per_s']:>9}{new['seconds']:>8.1f}{new['rels_per_s']:>9}"
                f"{r['ratio_new_old'][phase]:>8.2f}"
                f"{old['relationship_phase_rels_per_s'] or '-':>19}{new['relationship_phase_rels_per_s'] or '-':>19}"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[4000, 32000], help="abstracts per graph")
    parser.add_argument(
        "--graph", type=Path, action="append", default=[], help="a graph.json / .graphml instead"
    )
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--cache", type=Path, default=CACHE, help="where built graphs are kept")
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument(
        "--warm-up",
        type=int,
        default=500,
        metavar="PAPERS",
        help="before timing, load and wipe the part of the graph around this many papers (0: cold server)",
    )
    parser.add_argument("--prepare-only", action="store_true", help="build and cache the graphs, then stop")
    args = parser.parse_args(argv)

    graphs = [(p.name if p.is_dir() else p.stem, lambda p=p: read_graph(p)) for p in args.graph]
    if not args.graph:
        graphs = [(f"arxiv-{n}", lambda n=n: built_graph(n, args.corpus, args.cache)) for n in args.sizes]
    if args.prepare_only:
        for _, get in graphs:
            get()
        return 0

    import neo4j_server

    neo4j_server.classpath()  # fetch and build the server once, outside the timings
    results = []
    with tempfile.TemporaryDirectory(prefix="kg-bench-neo4j-") as tmp:
        for label, get in graphs:
            G = get()
            results.append(bench_graph(label, G, Path(tmp), args.warm_up))
            del G
    log("")
    log(table(results))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    payload = {
        "server": {"jvm": SERVER_JVM_FLAGS, "pagecache_mb": SERVER_PAGECACHE_MB, "neo4j": "5.26 (Maven)"},
        "results": results,
    }
    args.out.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    log(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
