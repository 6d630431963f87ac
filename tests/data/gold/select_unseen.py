#!/usr/bin/env python3
"""Deterministically select the 40 unseen arXiv abstracts for the gold standard.

Rule: iterate /work/shared/corpora/arxiv_llm_reasoning_2025_2026.jsonl.gz in file
order; keep records with int(sha1(id).hexdigest()[:8], 16) % 250 == 7; take the
first 40. Prints one id per line (use --full to print id, title, abstract as JSONL).
"""
import gzip
import hashlib
import json
import sys
from pathlib import Path

CORPUS = str(Path(__file__).resolve().parents[3].parent / "shared" / "corpora" / "arxiv_llm_reasoning_2025_2026.jsonl.gz")
N = 40
MOD, REM = 250, 7


def select(path=CORPUS, n=N):
    out = []
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            rec = json.loads(line)
            rid = rec["id"]
            if int(hashlib.sha1(rid.encode()).hexdigest()[:8], 16) % MOD == REM:
                out.append(rec)
                if len(out) >= n:
                    break
    return out


if __name__ == "__main__":
    full = "--full" in sys.argv[1:]
    for rec in select():
        if full:
            print(json.dumps({"id": rec["id"], "title": rec.get("title"),
                              "abstract": rec.get("abstract")}, ensure_ascii=False))
        else:
            print(rec["id"])
