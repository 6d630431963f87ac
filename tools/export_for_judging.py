"""Write every concept a built graph links to each paper, for a person to judge valid/invalid.

    kg build tests/data/gold_heldout2/heldout2_40.jsonl --out out_h2
    python tools/export_for_judging.py out_h2 > linked_for_judging.json

The judge reads each abstract and marks each linked concept valid or invalid (the verdict
format `kg eval --judged` reads is described in tests/data/gold_heldout/README.md).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def papers_for_judging(G, skip=frozenset(), keep_empty: bool = True) -> list[dict]:
    """Each paper of a built graph with the concepts it links (name, surface, type, role), in a
    fixed order; a (paper id, concept name) in `skip` is left out, and without `keep_empty` so is
    a paper left with none."""
    from kg.graph.schema import PAPER_ROLES

    out = []
    for pid in sorted(n for n, a in G.nodes(data=True) if a.get("kind") == "Paper"):
        a = G.nodes[pid]
        linked = []
        for _u, cid, _key, d in sorted(G.out_edges(pid, keys=True, data=True), key=lambda e: (e[1], str(e[2]))):
            c = G.nodes[cid]
            name = c.get("name", cid)
            if d.get("type") not in PAPER_ROLES or (pid, name) in skip:
                continue
            linked.append({"concept": name, "surface": d.get("surface", ""), "type": c.get("type", ""), "role": d["type"]})
        if linked or keep_empty:
            out.append({"paper": pid, "title": a.get("title", ""), "abstract": a.get("abstract", ""), "linked": linked})
    return out


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from kg.graph.io import load_graph

    json.dump(papers_for_judging(load_graph(argv[0])), sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
