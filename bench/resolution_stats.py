"""How resolution joins a corpus: concept nodes, concepts shared by papers, and the merges made.

    python bench/resolution_stats.py                      # all 32,708 corpus abstracts, 2 workers
    python bench/resolution_stats.py --limit 4000 --sample 150 --sample-out merges.json

Prints one table and writes bench/results/resolution.json: papers, concept nodes, paper ->
concept links, concepts linked from two or more papers (what makes papers connect), the merges
of differently written keys by reason (resolver `Resolution.merges`), and how many groups of
nodes still have keys of the same letters run together ("u-net" / "unet"; what is left is
what the resolver keeps apart on purpose, such as "WebDataset" and "web datasets").
`--sample N` writes N random merges (fixed seed) with the forms on each side, for a judge.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_build import _REPO  # noqa: E402

CORPUS = _REPO.parent / "shared" / "corpora" / "arxiv_ai_2025_2026.jsonl.gz"


def resolution_stats(papers, jobs: int = 2) -> tuple[dict, list[dict]]:
    from kg.extract.pipeline import extract
    from kg.extract.vocabulary import load_vocabulary
    from kg.graph.build import build_graph
    from kg.resolve.resolver import Resolver

    extracted = list(extract(papers, jobs=jobs))
    resolver = Resolver(load_vocabulary())
    res = resolver.resolve(extracted)
    G = build_graph(papers, res)
    per_concept = collections.Counter(
        c for p, c, k in G.edges(keys=True) if G.nodes[p].get("kind") == "Paper"
    )
    concepts = [n for n, a in G.nodes(data=True) if a.get("kind") == "Concept"]
    # nodes whose keys are the same letters run together ("u-net" and "unet"): split spellings
    groups = collections.defaultdict(list)
    for n in concepts:
        groups[n.removeprefix("concept:").replace("-", "")].append(n)
    merges = getattr(res, "merges", [])  # older versions kept no list
    stats = {
        "papers": len(papers),
        "concepts": len(concepts),
        "paper_links": sum(per_concept.values()),
        "concepts_shared_by_2_or_more_papers": sum(1 for n in concepts if per_concept[n] >= 2),
        "merges": dict(sorted(collections.Counter(m["reason"] for m in merges).items())),
        "same_letters_on_separate_nodes": sum(1 for v in groups.values() if len(v) > 1),
    }
    return stats, merges


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--input", default=str(CORPUS), help="a paper list kg reads (default: the arXiv corpus)")
    parser.add_argument("--limit", type=int, default=0, help="only the first N papers")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--sample", type=int, default=0, help="write N random merges for judging")
    parser.add_argument("--sample-out", default="bench/results/merge_sample.json")
    parser.add_argument("--out", default="bench/results/resolution.json")
    args = parser.parse_args(argv)

    from kg.read import read_papers

    papers = list(read_papers([args.input]))
    if args.limit:
        papers = papers[: args.limit]
    stats, merges = resolution_stats(papers, args.jobs)
    width = max(map(len, stats))
    for name, value in stats.items():
        print(f"{name:<{width}}  {value}")
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps({"input": args.input, **stats}, indent=1) + "\n", encoding="utf-8")
    if args.sample:
        rng = random.Random(10)
        picked = rng.sample(merges, min(args.sample, len(merges)))
        rows = [{"id": i, **m} for i, m in enumerate(picked)]
        Path(args.sample_out).write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
        print(f"{len(rows)} merges sampled to {args.sample_out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
