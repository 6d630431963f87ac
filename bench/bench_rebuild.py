"""What a rebuild after new papers costs, against a clean build of the same input in the same run.

    python bench/bench_rebuild.py --size 4000 --new 100

Builds the corpus's first N abstracts with an extraction cache (which fills it), then the same
abstracts and the next --new ones with that cache (the rebuild: only the new abstracts are
extracted), then those N + new abstracts with no cache (the clean build). Each is `kg build` as
the library runs it: read, extract, resolve, build, analytics, export (GraphML and JSON). Why:
the cache skips only extraction; acronym learning, merges and the ranker read the whole corpus
on every build, so a rebuild must give the clean build's files byte for byte, and its time is
mostly those corpus-level steps. Prints each build's stages, the rebuild's time as a share of
the clean build's and whether their files are identical, and writes bench/results/rebuild.json.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_build import _REPO, load_abstracts  # noqa: E402


def timed_build(records: list[dict], workdir: Path, name: str, cache: Path | None) -> dict:
    """One build of `records` into workdir/name, its stage times and the digest of each file written.
    Every build reads workdir/input.jsonl: papers keep their source file and line in the graph."""
    from kg.api import BuildReport, build_graph, write_outputs

    path = workdir / "input.jsonl"
    with open(path, "w", encoding="utf-8") as fh:
        for r in records:
            fh.write(json.dumps({k: r.get(k) for k in ("id", "title", "abstract", "year", "authors", "url")}) + "\n")
    report = BuildReport()
    t = time.perf_counter()
    G = build_graph([str(path)], report=report, cache_dir=str(cache) if cache else None)
    t_build = time.perf_counter() - t
    t = time.perf_counter()
    written = write_outputs(G, workdir / name)
    report.timings["export"] = time.perf_counter() - t
    return {
        "papers": report.papers,
        "extracted": report.extracted,
        "from_cache": report.cache_hits,
        "seconds": round(t_build + report.timings["export"], 3),
        "stages_s": {k: round(v, 3) for k, v in report.timings.items()},
        "files": {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in written},
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=str(_REPO.parent / "shared" / "corpora" / "arxiv_ai_2025_2026.jsonl.gz"))
    ap.add_argument("--size", type=int, default=4000, help="abstracts built first (default 4000)")
    ap.add_argument("--new", type=int, default=100, help="abstracts added for the rebuild (default 100)")
    ap.add_argument("--out", default=str(_REPO / "bench" / "results" / "rebuild.json"))
    args = ap.parse_args()

    from kg.extract.pipeline import make_nlp

    make_nlp()  # imports and tables loaded once, before any timing
    records = load_abstracts(args.corpus, args.size + args.new)
    with tempfile.TemporaryDirectory() as tmp:
        work, cache = Path(tmp), Path(tmp) / "cache"
        first = timed_build(records[: args.size], work, "first", cache)
        rebuild = timed_build(records, work, "rebuild", cache)
        clean = timed_build(records, work, "clean", None)
    identical = rebuild["files"] == clean["files"]
    result = {
        "size": args.size, "new": args.new, "first": first, "rebuild": rebuild, "clean": clean,
        "rebuild_to_clean": round(rebuild["seconds"] / clean["seconds"], 3), "identical_files": identical,
    }
    for name in ("first", "rebuild", "clean"):
        r = result[name]
        print(f"{name:8} {r['papers']:6d} papers  {r['seconds']:7.2f} s  extracted {r['extracted']:5d}  "
              f"from cache {r['from_cache']:5d}  stages {r['stages_s']}")
    print(f"rebuild / clean {result['rebuild_to_clean']}; files identical: {identical}")
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(result, indent=2) + "\n")
    return 0 if identical else 1


if __name__ == "__main__":
    raise SystemExit(main())
