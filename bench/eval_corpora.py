"""Score kg's extraction on the annotated public sets in ../shared/corpora (SciERC, SciREX).

    python bench/eval_corpora.py [--corpora ../shared/corpora] [--split test]

SciERC (span level): kg's raw mentions (before the per-paper cap) against gold entity
spans, Generic excluded; exact = same character span, partial = overlapping spans; by gold
type for recall; precision over all kg mentions. For context, the supervised DyGIE++ scores
68.5 exact span+type micro-F1 on SciERC test (kg is unsupervised and untyped here).
SciREX (paper level): the graph's linked concepts of each abstract against the salient
entities the gold marks as mentioned in the abstract, matched on normalization keys
(partial: one key a whole-word part of the other).
Writes bench/results/corpora.json.
"""

from __future__ import annotations

import argparse
import collections
import gzip
import json
import sys
from pathlib import Path


def _records(path: Path):
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            yield json.loads(line)


def scierc(path: Path, split: str) -> dict:
    from kg.extract.pipeline import extract
    from kg.models import Paper

    recs = [r for r in _records(path) if split == "all" or r["split"] == split]
    papers = [Paper(id=r["id"], abstract=r["abstract"]) for r in recs]
    gold_by_type = collections.Counter()
    hit_exact = collections.Counter()
    hit_partial = collections.Counter()
    n_pred = pred_exact = pred_partial = 0
    for rec, (_paper, mentions) in zip(recs, extract(papers)):
        gold = [(e["char_start"], e["char_end"], e["type"]) for e in rec["entities"] if e["type"] != "Generic"]
        spans = {(m.start, m.end) for m in mentions}
        n_pred += len(spans)
        for s, e, t in gold:
            gold_by_type[t] += 1
            if (s, e) in spans:
                hit_exact[t] += 1
            if any(a < e and s < b for a, b in spans):
                hit_partial[t] += 1
        for a, b in spans:
            if any((a, b) == (s, e) for s, e, _ in gold):
                pred_exact += 1
            if any(a < e and s < b for s, e, _ in gold):
                pred_partial += 1
    total = sum(gold_by_type.values())

    def f1(p, r):
        return round(2 * p * r / (p + r), 3) if p + r else 0.0

    r_ex, r_pa = sum(hit_exact.values()) / total, sum(hit_partial.values()) / total
    p_ex, p_pa = pred_exact / n_pred, pred_partial / n_pred
    return {
        "abstracts": len(recs),
        "gold_spans": total,
        "kg_mentions": n_pred,
        "recall_exact": round(r_ex, 3),
        "recall_partial": round(r_pa, 3),
        "precision_exact": round(p_ex, 3),
        "precision_partial": round(p_pa, 3),
        "f1_exact_untyped": f1(p_ex, r_ex),
        "f1_partial_untyped": f1(p_pa, r_pa),
        "recall_partial_by_type": {t: round(hit_partial[t] / n, 3) for t, n in sorted(gold_by_type.items())},
        "reference": "DyGIE++ (supervised) 68.5 exact span+type micro-F1 on SciERC test, Generic included",
    }


def scirex(path: Path) -> dict:
    from kg.api import build_graph
    from kg.resolve.normalize import norm_key

    recs = [r for r in _records(path) if r.get("abstract_ok")]
    tmp = Path(sys.argv[0]).resolve().parent / "results" / "scirex_input.jsonl"
    tmp.parent.mkdir(parents=True, exist_ok=True)
    with open(tmp, "w", encoding="utf-8") as fh:
        for r in recs:
            fh.write(json.dumps({"id": r["id"], "title": r["title"], "abstract": r["abstract"]}) + "\n")
    G = build_graph([str(tmp)])
    gold_n = found = found_partial = linked = 0
    by_type = collections.Counter()
    by_type_found = collections.Counter()
    for r in recs:
        if r["id"] not in G:
            continue
        forms = set()
        for _p, c in G.out_edges(r["id"]):
            a = G.nodes[c]
            forms |= {norm_key(f) for f in (a["name"], *a.get("aliases", []), a.get("definition", "")) if f}
            linked += 1
        for ent in r["salient_entities"]:
            if not ent.get("mentioned_in_abstract"):
                continue
            key = norm_key(ent["display"])
            gold_n += 1
            by_type[ent.get("type") or "?"] += 1
            if key in forms:
                found += 1
                by_type_found[ent.get("type") or "?"] += 1
            if key in forms or any(f" {key} " in f" {f} " or f" {f} " in f" {key} " for f in forms):
                found_partial += 1
    tmp.unlink()
    return {
        "abstracts": len(recs),
        "gold_salient_in_abstract": gold_n,
        "recall": round(found / gold_n, 3),
        "recall_partial": round(found_partial / gold_n, 3),
        "recall_by_type": {t: round(by_type_found[t] / n, 3) for t, n in sorted(by_type.items())},
        "linked_per_paper": round(linked / len(recs), 2),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    repo = Path(__file__).resolve().parents[1]
    ap.add_argument("--corpora", default=str(repo.parent / "shared" / "corpora"), help="folder of the corpora")
    ap.add_argument("--split", default="test", help="SciERC split: train, dev, test or all")
    ap.add_argument("--out", default=str(repo / "bench" / "results" / "corpora.json"))
    args = ap.parse_args()
    root = Path(args.corpora)
    result = {"scierc": scierc(root / "scierc.jsonl.gz", args.split), "scirex": scirex(root / "scirex_train_abstracts.jsonl.gz")}
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
