#!/usr/bin/env python3
"""Deterministically select the 40 abstracts of the ninth held-out gold standard.

Rule: iterate /work/shared/corpora/arxiv_ai_2025_2026.jsonl.gz in file order, skipping its first
20,000 records (the development builds whose output kg's developers read, and the abstracts the
term and lexicon tables are mined from); keep records with a non-empty abstract and
int(sha1(id).hexdigest()[:8], 16) % 1000 == 389, skipping any record whose id is in another
gold set of tests/data (any tests/data/gold*/*.jsonl) and any seed paper (an abstract whose
first 80 characters, whitespace-normalised and lower-cased, start an abstract of seeds/*.txt);
take the first 40, continuing with residue 390, 391, ... (a full pass each) if one residue has
too few. Writes heldout9_40.jsonl next to this file.
"""
import gzip
import hashlib
import json
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]  # the repository
CORPUS = ROOT.parent / "shared" / "corpora" / "arxiv_ai_2025_2026.jsonl.gz"
N, MOD, REM = 40, 1000, 761
SKIP_FIRST = 20000  # development builds (4k, 8k) and the terms.tsv / lexicon.tsv mining window


def _prefix(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()[:80]


def excluded() -> tuple[set, set]:
    ids = set()
    for path in HERE.parent.glob("gold*/*.jsonl"):
        if path.parent != HERE:
            ids.update(json.loads(line).get("id") for line in path.read_text(encoding="utf-8").splitlines() if line.strip())
    seeds = set()
    for path in (ROOT / "seeds").glob("*.txt"):
        for block in re.split(r"\n\s*\n", path.read_text(encoding="utf-8")):
            if len(block) > 200:
                seeds.add(_prefix(block))
    return ids, seeds


def select() -> list[dict]:
    ids, seeds = excluded()
    out, rem = [], REM
    while len(out) < N:
        with gzip.open(CORPUS, "rt", encoding="utf-8") as fh:
            for lineno, line in enumerate(fh):
                if lineno < SKIP_FIRST:
                    continue
                rec = json.loads(line)
                rid = rec.get("id") or ""
                if not rec.get("abstract") or rid in ids or int(hashlib.sha1(rid.encode()).hexdigest()[:8], 16) % MOD != rem:
                    continue
                if any(s.startswith(_prefix(rec["abstract"])[:60]) for s in seeds):
                    continue
                out.append({"id": rid, "title": rec.get("title"), "abstract": rec["abstract"]})
                if len(out) >= N:
                    break
        rem += 1
    return out


if __name__ == "__main__":
    recs = select()
    with open(HERE / "heldout9_40.jsonl", "w", encoding="utf-8") as fh:
        for r in recs:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(len(recs), "records")
