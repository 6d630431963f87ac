"""How often kg finds a paper's own system from its abstract alone, on unlabelled arXiv abstracts.

    python bench/title_named.py [--limit 4000]

Many titles open with the name of the paper's system ("OctoMed: Data Recipes for ..."). Of the
first LIMIT corpus records, those whose title opens with a coined name (a capital after the
first letter, or a digit) that the abstract also writes are built *without their titles*, so
only the abstract can say what the paper brings; the figure is the share of them whose PROPOSES
links include that name (or one of its aliases). No annotation is needed, so thousands of
abstracts can test the contribution rules; the misses it lists (`--show N`) are a development
sample, not a held-out one. Writes bench/results/title_named.json.
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import json
import re
import sys
from pathlib import Path

_REPO = Path(__file__).resolve().parents[1]
CORPUS = _REPO.parent / "shared" / "corpora" / "arxiv_ai_2025_2026.jsonl.gz"
_TITLE_NAME = re.compile(r"^([A-Za-z][\w.+-]*[A-Z0-9][\w.+-]*)\s*:")


def title_named(records) -> list[tuple[str, str, str]]:
    """(id, name, abstract) of the records whose title opens with a coined name the abstract writes."""
    out = []
    for rec in records:
        m = _TITLE_NAME.match(rec.get("title") or "")
        if m and m.group(1) in (rec.get("abstract") or ""):
            out.append((rec["id"], m.group(1), rec["abstract"]))
    return out


def score(selected, jobs: int = 2) -> tuple[int, list[tuple[str, str, list[str]]]]:
    """(papers found in the graph, misses as (id, name, what was proposed instead))."""
    from kg.api import build_graph
    from kg.models import Paper

    if not selected:
        return 0, []
    papers = [Paper(id=rid, abstract=abstract) for rid, _name, abstract in selected]
    name_of = {rid: name for rid, name, _a in selected}
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "abstracts.jsonl"
        path.write_text("".join(json.dumps({"id": p.id, "abstract": p.abstract}) + "\n" for p in papers), encoding="utf-8")
        G = build_graph([str(path)], jobs=jobs, analytics=False, warn=lambda _m: None)
    misses, n = [], 0
    for pid, data in G.nodes(data=True):
        if data.get("kind") != "Paper" or pid not in name_of:
            continue
        n += 1
        proposed = [G.nodes[c] for _p, c, d in G.out_edges(pid, data=True) if d["type"] == "PROPOSES"]
        forms = {f.lower() for c in proposed for f in [c["name"], *c.get("aliases", [])]}
        if name_of[pid].lower() not in forms:
            misses.append((pid, name_of[pid], sorted(c["name"] for c in proposed)))
    return n, sorted(misses)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=str(CORPUS))
    ap.add_argument("--limit", type=int, default=4000, help="first N corpus records")
    ap.add_argument("--show", type=int, default=0, help="print this many misses")
    args = ap.parse_args()
    with gzip.open(args.corpus, "rt", encoding="utf-8") as fh:
        selected = title_named(json.loads(line) for line in itertools.islice(fh, args.limit))
    n, misses = score(selected)
    found = n - len(misses)
    print(f"{n} abstracts whose title names their system: the name proposed for {found} ({found / max(n, 1):.3f})", file=sys.stderr)
    for rid, name, proposed in misses[: args.show]:
        print(f"  {rid}  {name}  proposed instead: {', '.join(proposed) or '-'}", file=sys.stderr)
    out = _REPO / "bench" / "results" / "title_named.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"limit": args.limit, "papers": n, "found": found, "misses": misses}, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
