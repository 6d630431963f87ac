"""What each extraction component costs, beside spaCy's blank tokenizer on the same abstracts.

    python bench/bench_components.py --size 4000

Runs kg's pipeline one abstract at a time in one process, timing kg's tokenizer (the token
and sentence tables), each component in pipeline order, and the step that turns candidates
into mentions with roles and evidence. Prints a table and writes
bench/results/components.json; each share is of the whole extraction, and the reference is
spaCy's blank English tokenizer + sentencizer over the same abstracts in the same run.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_build import _REPO, load_abstracts, reference_rate  # noqa: E402


def component_times(records: list[dict]) -> dict[str, float]:
    from kg.extract.pipeline import _Tables, make_nlp, mentions_from_doc
    from kg.extract.tokenizer import scan

    nlp = make_nlp()
    procs = list(nlp.pipeline)
    times = dict.fromkeys(["tokenizer (kg)", *(name for name, _ in procs), "mentions + roles"], 0.0)
    clock = time.perf_counter
    for i, rec in enumerate(records):
        text = rec["abstract"]
        t = clock()
        toks, sents = scan(text)
        times["tokenizer (kg)"] += clock() - t
        doc = _Tables({"kg_text": text, "kg_tokens": toks, "kg_sents": sents, "kg_title": rec.get("title") or ""})
        for name, proc in procs:
            t = clock()
            doc = proc(doc)
            times[name] += clock() - t
        t = clock()
        mentions_from_doc(doc, str(i))
        times["mentions + roles"] += clock() - t
    return times


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=str(_REPO.parent / "shared" / "corpora" / "arxiv_ai_2025_2026.jsonl.gz"))
    ap.add_argument("--size", type=int, default=4000)
    ap.add_argument("--out", default=str(_REPO / "bench" / "results" / "components.json"))
    args = ap.parse_args()
    records = load_abstracts(args.corpus, args.size)
    ref = reference_rate([r["abstract"] for r in records])
    times = component_times(records)
    total = sum(times.values())
    n = len(records)
    rows = [
        {"stage": name, "seconds": round(s, 3), "share": round(s / total, 3), "abstracts_per_s": round(n / s, 1) if s else None}
        for name, s in times.items()
    ]
    result = {
        "n": n,
        "tokenizer_reference_per_s": round(ref, 1),
        "extraction_per_s": round(n / total, 1),
        "ratio_to_tokenizer": round(n / total / ref, 3),
        "components": rows,
    }
    print(f"n={n}  spaCy tokenizer {ref:.0f}/s  kg extraction {n / total:.0f}/s (one process)", file=sys.stderr)
    for r in rows:
        print(f"  {r['stage']:<18} {r['seconds']:>7.2f} s  {r['share']:>6.1%}  {r['abstracts_per_s']:>8}/s", file=sys.stderr)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
