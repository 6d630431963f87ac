"""Score kg on every annotated gold set at once: the README's table of gold sets, reproduced.

    python tools/score_gold_sets.py                    # every read set, two at a time
    python tools/score_gold_sets.py seeds heldout22    # some of them
    python tools/score_gold_sets.py --json scores.json # the full reports too

Each set is built from its input as `kg build` builds it (without analytics, which no figure
reads) and scored as `kg eval GOLD --judged ...` scores it, with every round of validity
judging in its folder: the first judges' files and the later rounds', a later round's verdict
on a name winning (rounds in their numeric order); the second judges' files (`*_second.json`)
are kept for the agreement figures and left out here, as in the README.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from multiprocessing import get_context
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.gold_sets import gold_set  # noqa: E402


def read_sets() -> list[str]:
    """Every gold set with key concepts that has been scored: the seeds, arXiv-40, held-out 1-N.
    A new blind set gets its judgement files when it is scored, once; until then it is left
    out, so that running this tool cannot score it by accident."""
    names = ["seeds", "arxiv40", "heldout1"]
    n = 2
    while gold_set(f"heldout{n}")[1].is_file():
        if judgement_files(f"heldout{n}"):
            names.append(f"heldout{n}")
        n += 1
    return names


def judgement_files(name: str) -> list[Path]:
    """A set's judgement files in the order they were made: the first round, then round 2, 3, ..."""
    folder = gold_set(name)[1].parent
    files = [f for f in folder.glob("*judged*.json") if "_second" not in f.name and "linked_for" not in f.name]
    if name in ("seeds", "arxiv40"):  # their folder holds both sets' files
        files = [f for f in files if f.name.startswith(name)]

    def order(f: Path) -> tuple[int, str]:
        m = re.search(r"round(\d+)", f.name)
        return (int(m.group(1)) if m else 0, f.name)

    return sorted(files, key=order)


def score(name: str) -> dict:
    """kg eval's report for one gold set, built and judged as the README's rows are."""
    from kg.api import build_graph
    from kg.evaluate import evaluate, load_gold, merge_judgements

    inputs, gold = gold_set(name)
    G = build_graph([str(inputs)], analytics=False)
    judged = merge_judgements(*(json.loads(f.read_text(encoding="utf-8")) for f in judgement_files(name)))
    return evaluate(G, load_gold(gold), judged)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sets", nargs="*", help="seeds, arxiv40, heldoutN (default: every read set)")
    ap.add_argument("--jobs", type=int, default=2, help="sets scored at once (default 2)")
    ap.add_argument("--json", help="write every set's full report to this file")
    args = ap.parse_args(argv)
    names = args.sets or read_sets()
    unknown = [n for n in names if not gold_set(n)[1].is_file()]
    if unknown:
        print(f"error: no gold file for {', '.join(unknown)} (names are seeds, arxiv40, heldoutN)", file=sys.stderr)
        return 2
    if args.jobs > 1 and len(names) > 1:
        with get_context("spawn").Pool(args.jobs) as pool:
            reports = pool.map(score, names)
    else:
        reports = [score(n) for n in names]
    print(f"{'set':10} {'recall':>7} {'partial':>7} {'valid':>6} {'judged':>6} {'unj':>4} {'contrib':>7} {'per paper':>9}")
    for name, r in zip(names, reports):
        valid = r["precision_judged"] if r["precision_judged"] is not None else float("nan")
        contrib = r["contributions_found"] if r["contributions_found"] is not None else float("nan")
        print(f"{name:10} {r['recall']:7.3f} {r['recall_partial']:7.3f} {valid:6.3f} {r['judged_links']:6d} "
              f"{r['unjudged_links']:4d} {contrib:7.2f} {r['concepts_per_paper']:9.1f}")
    if args.json:
        Path(args.json).write_text(json.dumps(dict(zip(names, reports)), indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
