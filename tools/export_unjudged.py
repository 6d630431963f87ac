"""Write the read sets' links that no judging round has judged yet, for a blind judge (a judging round).

    python tools/export_unjudged.py 68            # every read set; writes <set>_round68_links_for_judging.json
    python tools/export_unjudged.py 68 --dry-run  # only count them

Why: the README's "judged valid" column counts every link kg makes on the read sets, and a rule
or a re-mined table changes some of them. Each set is built as `tools/score_gold_sets.py` builds
it; a link whose concept name already has a verdict in one of the set's judgement files is left
out. The rest go, per set, next to its gold file, in the format `tools/export_for_judging.py`
writes. A judge writes `<set>_judged_round68.json` beside each (rules in
tests/data/gold_heldout/README.md, "Precision judgement of extractor output"); score_gold_sets.py
reads those files in round order.
"""

from __future__ import annotations

import argparse
import json
import sys
from multiprocessing import get_context
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.export_for_judging import papers_for_judging  # noqa: E402
from tools.gold_sets import gold_set  # noqa: E402
from tools.score_gold_sets import judgement_files, read_sets  # noqa: E402


def unjudged(name: str) -> list[dict]:
    """The set's papers with the links no judgement file has a verdict on."""
    from kg.api import build_graph
    from kg.evaluate import merge_judgements

    inputs, _gold = gold_set(name)
    G = build_graph([str(inputs)], analytics=False)
    judged = merge_judgements(*[json.loads(f.read_text(encoding="utf-8")) for f in judgement_files(name)])
    known = {(p["paper"], c) for p in judged["papers"] for c in p["valid"]}
    known |= {(p["paper"], i["concept"]) for p in judged["papers"] for i in p["invalid"]}
    return papers_for_judging(G, skip=known, keep_empty=False)


def output_path(name: str, round_: int) -> Path:
    """Next to the set's gold file, named after the set: "heldout7_round68_links_for_judging.json"."""
    return gold_set(name)[1].parent / f"{name}_round{round_}_links_for_judging.json"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("round", type=int, help="the judging round's number (one more than the last in tests/data)")
    ap.add_argument("sets", nargs="*", help="gold sets (default: every read set)")
    ap.add_argument("--dry-run", action="store_true", help="count the unjudged links, write nothing")
    args = ap.parse_args()
    names = args.sets or read_sets()
    taken = [output_path(name, args.round) for name in names if output_path(name, args.round).exists()]
    if taken and not args.dry_run:
        print(f"error: {taken[0].relative_to(ROOT)} exists: round {args.round} was exported already; pick the next round",
              file=sys.stderr)
        return 1
    with get_context("spawn").Pool(2) as pool:
        found = pool.map(unjudged, names)
    total = 0
    for name, papers in zip(names, found):
        n = sum(len(p["linked"]) for p in papers)
        total += n
        if not n:
            continue
        path = output_path(name, args.round)
        if not args.dry_run:
            path.write_text(json.dumps(papers, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"{name:10} {n:4} links  {path.relative_to(ROOT)}")
    print(f"{total} unjudged links in {len(names)} sets{' (dry run)' if args.dry_run else ''}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
