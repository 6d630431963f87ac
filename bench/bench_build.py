"""Benchmark kg's build against spaCy's blank tokenizer on the same distinct real abstracts.

    python bench/bench_build.py --corpus ../shared/corpora/arxiv_ai_2025_2026.jsonl.gz --sizes 1000 4000

Prints a table and writes bench/results/build.json. The reference is spaCy's blank English
tokenizer + sentencizer over the same abstracts, measured in the same run (first pass, cold
cache), so the ratio holds across machines. Startup (imports, vocabulary load) is excluded
from the marginal throughput.
"""

from __future__ import annotations

import argparse
import gzip
import json
import resource
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


def reference_rate(texts: list[str]) -> float:
    import spacy

    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    t = time.perf_counter()
    for _ in nlp.pipe(texts, batch_size=64):
        pass
    return len(texts) / (time.perf_counter() - t)


def kg_stages(records: list[dict], workdir: Path, jobs: int = 1) -> dict:
    from kg.api import BuildReport, build_graph, write_outputs
    from kg.extract.pipeline import make_nlp

    make_nlp()  # warm imports and vocabulary: startup is not part of the marginal rate
    path = workdir / "input.jsonl"
    with open(path, "w", encoding="utf-8") as fh:
        for r in records:
            fh.write(
                json.dumps({k: r.get(k) for k in ("id", "title", "abstract", "year", "authors", "url")})
                + "\n"
            )
    report = BuildReport()
    t = time.perf_counter()
    G = build_graph([str(path)], report=report, jobs=jobs)
    t_build = time.perf_counter() - t
    t = time.perf_counter()
    write_outputs(G, workdir / "out")
    report.timings["export"] = time.perf_counter() - t
    total = t_build + report.timings["export"]
    return {
        "papers": report.papers,
        "concepts": report.concepts,
        "edges": report.edges,
        "seconds": round(total, 3),
        "abstracts_per_s": round(report.papers / total, 1),
        "extract_per_s": round(report.papers / report.timings["extract"], 1),
        "stages_s": {k: round(v, 3) for k, v in report.timings.items()},
    }


def auto_jobs(n: int) -> int:
    from kg.extract.pipeline import auto_jobs as resolve_jobs

    return resolve_jobs(n)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=str(_REPO.parent / "shared" / "corpora" / "arxiv_ai_2025_2026.jsonl.gz"))
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 4000])
    ap.add_argument("--out", default=str(_REPO / "bench" / "results" / "build.json"))
    ap.add_argument(
        "--jobs", type=int, nargs="+", default=[0, 1],
        help="--jobs values to measure (0 = the default: one worker per core for 400+ abstracts)",
    )
    args = ap.parse_args()
    rows = []
    for n in args.sizes:
        records = load_abstracts(args.corpus, n)
        ref = reference_rate([r["abstract"] for r in records])
        for jobs in args.jobs:
            with tempfile.TemporaryDirectory() as tmp:
                kg = kg_stages(records, Path(tmp), jobs)
            peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            worker_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
            row = {
                "n": len(records),
                "jobs": jobs if jobs else f"auto ({auto_jobs(len(records))})",
                "tokenizer_per_s": round(ref, 1),
                **kg,
                "ratio_to_tokenizer": round(kg["abstracts_per_s"] / ref, 3),
                "peak_rss_mb": round(peak_mb),
                "peak_worker_rss_mb": round(worker_mb),
            }
            rows.append(row)
            _print(row)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(rows, indent=2) + "\n")
    return 0


def _print(row: dict) -> None:
    print(
        f"n={row['n']:>6} jobs={row['jobs']}  tokenizer {row['tokenizer_per_s']:>7}/s  kg {row['abstracts_per_s']:>7}/s "
        f"(extract {row['extract_per_s']}/s)  ratio {row['ratio_to_tokenizer']}  "
        f"stages {row['stages_s']}  peak {row['peak_rss_mb']} MB (workers {row['peak_worker_rss_mb']} MB)",
        file=sys.stderr,
    )


if __name__ == "__main__":
    raise SystemExit(main())
