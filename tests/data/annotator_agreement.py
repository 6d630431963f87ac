#!/usr/bin/env python3
"""How well two blind annotations of the same held-out set agree, scored the way `kg eval` scores kg.

    python3 tests/data/annotator_agreement.py

Held-out 8, 9 and 10 each had a second blind annotation made as a backup (same instructions,
same records, a different annotator who saw neither the first annotation nor kg's output), and
held-out 42 one made in session 34 to measure the agreement again, after its score; they are
kept in `gold_heldoutN/second_annotation/`. Here the second annotation plays kg's
part: a first-annotation key concept is found when one of its normalised forms equals a form
of any second-annotation concept of the same paper (the exact-match recall of `kg eval`).
Precision is the share of second-annotation concepts that match a first-annotation one, and
contributions the share of the first annotation's contributions the second one names.
"""
from __future__ import annotations

import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent
sys.path.insert(0, str(DATA.parents[1]))
sys.path.insert(0, str(DATA))

from heldout_sets import _parts  # noqa: E402

from kg.resolve.normalize import norm_key  # noqa: E402

SETS = (8, 9, 10, 42)


def _annotation(folder: Path) -> dict:
    """Both annotation files of a folder as one dict, record id -> (key concepts, contributions)."""
    first, second = _parts(folder)
    return {**first, **second}


def _forms(concept: str) -> set[str]:
    return {norm_key(f) for f in concept.split("|")[1:] if f}


def agreement(first: dict, second: dict) -> dict[str, int]:
    """Counts of the second annotation scored against the first."""
    c = dict(keys=0, found=0, second=0, second_matching=0, contributions=0, contributions_found=0)
    for pid, (keys, contributions) in first.items():
        other_keys, other_contributions = second[pid]
        other = [_forms(k) for k in other_keys]
        other_all = set().union(*other)
        mine = set().union(*(_forms(k) for k in keys))
        c["keys"] += len(keys)
        c["found"] += sum(bool(_forms(k) & other_all) for k in keys)
        c["second"] += len(other)
        c["second_matching"] += sum(bool(f & mine) for f in other)
        named = {norm_key(f) for forms in other_contributions for f in forms}
        c["contributions"] += len(contributions)
        c["contributions_found"] += sum(bool({norm_key(f) for f in forms} & named) for forms in contributions)
    return c


def main() -> int:
    total: dict[str, int] = {}
    print("set  recall  precision  contributions")
    for n in SETS:
        folder = DATA / f"gold_heldout{n}"
        c = agreement(_annotation(folder), _annotation(folder / "second_annotation"))
        for k, v in c.items():
            total[k] = total.get(k, 0) + v
        print(f"h{n:<3} {c['found'] / c['keys']:.3f}   {c['second_matching'] / c['second']:.3f}      "
              f"{c['contributions_found'] / c['contributions']:.3f}")
    print(f"all  {total['found'] / total['keys']:.3f}   {total['second_matching'] / total['second']:.3f}      "
          f"{total['contributions_found'] / total['contributions']:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
