#!/usr/bin/env python3
"""Deterministically select the 40 held-out arXiv abstracts for the held-out gold standard.

Rule: iterate /work/shared/corpora/arxiv_ai_2025_2026.jsonl.gz in file order; keep
records with int(sha1(id).hexdigest()[:8], 16) % 800 == 123, skipping any record whose
id appears in tests/data/gold/arxiv40.jsonl; take the first 40.
Prints one id per line (use --full to print id, title, abstract as JSONL).
"""
import gzip
import hashlib
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = str(Path(__file__).resolve().parents[3].parent / "shared" / "corpora" / "arxiv_ai_2025_2026.jsonl.gz")
EXCLUDE_FILE = HERE.parent / "gold" / "arxiv40.jsonl"
N = 40
MOD, REM = 800, 123


def excluded_ids(path=EXCLUDE_FILE):
    ids = set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                ids.add(json.loads(line)["id"])
    return ids


def select(path=CORPUS, n=N):
    skip = excluded_ids()
    out = []
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            rec = json.loads(line)
            rid = rec["id"]
            if rid in skip:
                continue
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
