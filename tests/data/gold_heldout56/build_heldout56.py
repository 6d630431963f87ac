#!/usr/bin/env python3
"""Build heldout56_40_gold.json from annotations_part1.py + annotations_part2.py and validate it.

  python3 build_heldout56.py          # (re)build the JSON file, then validate
  python3 build_heldout56.py --check  # validate the existing JSON file only

The rules are shared by every held-out set: ../heldout_sets.py.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from heldout_sets import build_main  # noqa: E402

if __name__ == "__main__":
    build_main(HERE, 56, "2026-12-08 (session 43)")
