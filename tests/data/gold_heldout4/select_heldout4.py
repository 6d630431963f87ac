#!/usr/bin/env python3
"""Deterministically select the 40 abstracts of the fourth held-out gold standard.

Rule: iterate /work/shared/corpora/arxiv_ai_2025_2026.jsonl.gz in file order; keep records
with a non-empty abstract and int(sha1(id).hexdigest()[:8], 16) % 900 == 417, skipping any
record whose id is in another gold set of tests/data (any tests/data/gold*/*.jsonl) and any
seed paper (an abstract whose first 80 characters, whitespace-normalised and lower-cased,
start an abstract of seeds/*.txt); take the first 40, continuing with residue 418, 419, ...
(a full pass each) if one residue has too few. Writes heldout4_40.jsonl next to this file.
The rule is ../heldout_sets.py's select().
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from heldout_sets import select, write_selection  # noqa: E402

if __name__ == "__main__":
    write_selection(HERE, 4, select(HERE, 417, mod=900, skip_first=0))
