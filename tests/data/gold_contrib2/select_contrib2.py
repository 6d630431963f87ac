#!/usr/bin/env python3
"""Deterministically select 100 unseen arXiv abstracts for the second contribution development set.

Rule: iterate /work/shared/corpora/arxiv_ai_2025_2026.jsonl.gz in file order; keep records
with an abstract and int(sha1(id).hexdigest()[:8], 16) % 200 == 57 whose id is in no other
gold set of tests/data; take the first 100. Writes contrib2_100.jsonl next to this file.
"""
import gzip
import hashlib
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parents[2].parent / "shared" / "corpora" / "arxiv_ai_2025_2026.jsonl.gz"
N, MOD, REM = 100, 200, 57


def taken_ids() -> set:
    ids = set()
    for path in HERE.parent.glob("gold*/*.jsonl"):
        if path.parent == HERE:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                ids.add(json.loads(line).get("id"))
    return ids


def select() -> list[dict]:
    taken, out = taken_ids(), []
    with gzip.open(CORPUS, "rt", encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            rid = rec.get("id") or ""
            if rec.get("abstract") and rid not in taken and int(hashlib.sha1(rid.encode()).hexdigest()[:8], 16) % MOD == REM:
                out.append({"id": rid, "title": rec.get("title"), "abstract": rec["abstract"]})
                if len(out) >= N:
                    break
    return out


if __name__ == "__main__":
    recs = select()
    with open(HERE / "contrib2_100.jsonl", "w", encoding="utf-8") as fh:
        for r in recs:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(len(recs), "records")
