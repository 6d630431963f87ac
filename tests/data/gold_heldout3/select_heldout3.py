#!/usr/bin/env python3
"""Deterministically select the 40 abstracts of the third held-out gold standard.

Rule: iterate /work/shared/corpora/arxiv_ai_2025_2026.jsonl.gz in file order; keep
records with a non-empty abstract and int(sha1(id).hexdigest()[:8], 16) % 800 == 733,
skipping any record whose id appears in tests/data/gold/arxiv40.jsonl,
tests/data/gold_heldout/heldout40.jsonl or tests/data/gold_heldout2/heldout2_40.jsonl,
and any seed paper (a record whose abstract
starts like one of the abstracts in seeds/*.txt, compared on the first 80 characters
after whitespace normalisation and lower-casing); take the first 40. If fewer than 40
records satisfy the rule, continue with residue 734, then 735, ... (each residue a full
pass over the corpus in file order) until 40 records are selected.
Prints one id per line (use --full to print id, title, abstract as JSONL).
"""
import gzip
import hashlib
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = Path(__file__).resolve().parents[3]          # /work/main
CORPUS = str(ROOT.parent / "shared" / "corpora" / "arxiv_ai_2025_2026.jsonl.gz")
EXCLUDE_FILES = [HERE.parent / "gold" / "arxiv40.jsonl",
                 HERE.parent / "gold_heldout" / "heldout40.jsonl",
                 HERE.parent / "gold_heldout2" / "heldout2_40.jsonl"]
SEED_DIR = ROOT / "seeds"
N = 40
MOD, REM = 800, 733
PREFIX = 80


def norm(text):
    return " ".join(text.split()).lower()[:PREFIX]


def excluded_ids(paths=EXCLUDE_FILES):
    ids = set()
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    ids.add(json.loads(line)["id"])
    return ids


def seed_prefixes(seed_dir=SEED_DIR):
    out = set()
    for p in sorted(seed_dir.glob("*.txt")):
        for line in p.read_text(encoding="utf-8").splitlines():
            if len(line.strip()) >= PREFIX:
                out.add(norm(line))
    return out


def hashed(rid):
    return int(hashlib.sha1(rid.encode()).hexdigest()[:8], 16) % MOD


def select(path=CORPUS, n=N, verbose=False):
    skip = excluded_ids()
    seeds = seed_prefixes()
    out, rem = [], REM
    while len(out) < n:
        got = 0
        with gzip.open(path, "rt", encoding="utf-8") as f:
            for line in f:
                if not line.strip():
                    continue
                rec = json.loads(line)
                rid = rec["id"]
                abstract = rec.get("abstract") or ""
                if not abstract.strip() or hashed(rid) != rem:
                    continue
                if rid in skip or norm(abstract) in seeds:
                    if verbose:
                        print(f"residue {rem}: skipped {rid}", file=sys.stderr)
                    continue
                out.append(rec)
                got += 1
                if len(out) >= n:
                    break
        if verbose:
            print(f"residue {rem}: took {got}", file=sys.stderr)
        rem += 1
    return out


if __name__ == "__main__":
    full = "--full" in sys.argv[1:]
    for rec in select(verbose="-v" in sys.argv[1:]):
        if full:
            print(json.dumps({"id": rec["id"], "title": rec.get("title"),
                              "abstract": rec.get("abstract")}, ensure_ascii=False))
        else:
            print(rec["id"])
