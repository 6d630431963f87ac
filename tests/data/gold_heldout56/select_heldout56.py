#!/usr/bin/env python3
"""Deterministically select the 40 abstracts of the fifty-sixth held-out gold standard.

Rule: iterate /work/shared/corpora/arxiv_ai_2025_2026.jsonl.gz in file order, skipping its first
20,000 records (the development builds whose output kg's developers read, and the abstracts the
term and lexicon tables are mined from); keep records with a non-empty abstract and
int(sha1(id).hexdigest()[:8], 16) % 1000 == 241, skipping any record whose id is in another
gold set of tests/data (any tests/data/gold*/*.jsonl) and any seed paper (an abstract whose
first 80 characters, whitespace-normalised and lower-cased, start an abstract of seeds/*.txt);
take the first 40, continuing with residue 242, 243, ... (a full pass each) if one residue has
too few. Writes heldout56_40.jsonl next to this file. The rule is ../heldout_sets.py's select().
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from heldout_sets import select, write_selection  # noqa: E402

if __name__ == "__main__":
    write_selection(HERE, 56, select(HERE, 241))
