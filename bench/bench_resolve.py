"""What the cyclic garbage collector costs resolution, measured against the same step with it off.

    python bench/bench_resolve.py --size 4000 --repeat 3

Extracts the first N abstracts of the corpus once, then resolves them --repeat times in each of
two settings, alternating: the collector as the rest of a build runs it (`fewer_gc_pauses`) and
switched off (`collector_off`, what `build_graph` uses for this step). Prints the best time of
each, their ratio and how many unreachable objects a collection finds after a resolution with the
collector off (cycles it would have had to free; 0 means reference counting frees everything),
and writes bench/results/resolve.json.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_build import _REPO, load_abstracts  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=str(_REPO.parent / "shared" / "corpora" / "arxiv_ai_2025_2026.jsonl.gz"))
    ap.add_argument("--size", type=int, default=4000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--out", default=str(_REPO / "bench" / "results" / "resolve.json"))
    args = ap.parse_args()

    from kg.api import collector_off, fewer_gc_pauses
    from kg.extract.pipeline import extract
    from kg.extract.vocabulary import load_vocabulary
    from kg.models import Paper
    from kg.resolve.resolver import Resolver

    records = load_abstracts(args.corpus, args.size)
    papers = [Paper(id=r["id"], title=r.get("title") or "", abstract=r["abstract"]) for r in records]
    vocab = load_vocabulary()
    extracted = list(extract(papers, jobs=2))
    times: dict[str, list[float]] = {"fewer_gc_pauses": [], "collector_off": []}
    with fewer_gc_pauses():
        for _ in range(args.repeat):
            for name, setting in (("fewer_gc_pauses", contextlib.nullcontext), ("collector_off", collector_off)):
                with setting():
                    t = time.perf_counter()
                    Resolver(vocab).resolve(extracted)
                    times[name].append(time.perf_counter() - t)
    gc.collect()
    with collector_off():
        Resolver(vocab).resolve(extracted)
        unreachable = gc.collect()
    best = {name: min(ts) for name, ts in times.items()}
    result = {
        "n": len(papers),
        "seconds": {name: [round(t, 3) for t in ts] for name, ts in times.items()},
        "best_s": {name: round(t, 3) for name, t in best.items()},
        "ratio_off_to_fewer": round(best["collector_off"] / best["fewer_gc_pauses"], 3),
        "unreachable_after_resolve": unreachable,
    }
    print(
        f"n={len(papers)}  resolve best of {args.repeat}: fewer_gc_pauses {best['fewer_gc_pauses']:.2f} s, "
        f"collector_off {best['collector_off']:.2f} s, ratio {result['ratio_off_to_fewer']}; "
        f"unreachable objects after a resolution {unreachable}",
        file=sys.stderr,
    )
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
