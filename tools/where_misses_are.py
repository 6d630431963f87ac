"""Where kg's misses are: each gold key concept kg does not link, by what became of it.

    python tools/where_misses_are.py                      # the seeds and every read held-out set from 30
    python tools/where_misses_are.py seeds heldout30      # some sets
    python tools/where_misses_are.py --json misses.json   # every miss too

Why: recall is the gap, and the figures in docs/quality.md ("where the full misses are") say
whether the phrase was never a candidate (the extractors' work) or a candidate the resolver
refused (the ranker's, its bars and the per-paper cap). Each set is built from its input as
`kg build` builds it (no cache, no analytics), with a resolver that also keeps every scored
candidate; its found counts are `kg eval`'s (a test checks it on the seeds).
A gold concept is found when a linked concept carries one of its forms' keys, partly found when
one holds the other's words (`kg eval`'s partial match); the rest are full misses:

- refused, uncorroborated: a weak phrase nothing corroborates, under its own bar;
- refused, under the threshold: under the ranker's bar for every link;
- refused, cut by the cap: over the bars, but the paper's cap was full;
- overlapping a candidate: no candidate with its key, but one with a part of it or around it;
- never a candidate (single words counted apart).

"exact choice" is the recall a choice that linked every refused candidate with a gold key would
reach before the cap: what the candidates allow.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kg.evaluate import _alnum, _find_paper, _forms, _gold_key, _partial, load_gold  # noqa: E402
from kg.extract.pipeline import extract  # noqa: E402
from kg.extract.vocabulary import load_vocabulary  # noqa: E402
from kg.graph.build import build_graph  # noqa: E402
from kg.graph.inspect import papers as paper_ids  # noqa: E402
from kg.read import read_papers  # noqa: E402
from kg.resolve.resolver import Resolver  # noqa: E402
from tools.gold_sets import gold_set  # noqa: E402
from tools.score_gold_sets import read_sets  # noqa: E402

KINDS = ("refused, uncorroborated", "refused, under the threshold", "refused, cut by the cap",
         "overlapping a candidate", "never a candidate")


class _KeepingCandidates(Resolver):
    """The shipped resolver, that also keeps each paper's scored candidates:
    paper id -> [(the mention's key, probability, uncorroborated)]."""

    def __init__(self, vocab):
        super().__init__(vocab)
        self.kept: dict[str, list[tuple[str, float, bool]]] = {}

    def _scored_candidates(self, keyed):
        keyed = list(keyed)
        per_paper = super()._scored_candidates(keyed)
        for (paper, _out), rows in zip(keyed, per_paper):
            self.kept[paper.id] = [(_gold_key(lk.mention.text), p, u) for lk, p, u, _curated in rows]
        return per_paper


def misses(name: str) -> dict:
    """One set's counts, and its misses as (paper, type, first form, kind)."""
    inputs, gold_path = gold_set(name)
    papers = list(read_papers([str(inputs)]))
    resolver = _KeepingCandidates(load_vocabulary())
    G = build_graph(papers, resolver.resolve(extract(papers, jobs=1)))
    threshold, uncorroborated_bar = resolver.ranker.threshold, resolver.ranker.unsupported_threshold
    index = {_alnum(G.nodes[p].get("abstract", ""), 200): p for p in paper_ids(G)}
    counts: collections.Counter[str] = collections.Counter()
    rows = []
    for gp in load_gold(gold_path)["papers"]:
        pid = _find_paper(G, index, gp)
        linked = {f for _p, c in G.out_edges(pid) for f in _forms(G, c)} if pid else set()
        candidates = resolver.kept.get(pid, [])
        for kc in gp["key_concepts"]:
            counts["gold"] += 1
            keys = {_gold_key(f) for f in kc["forms"] if f}
            if keys & linked:
                counts["found"] += 1
                continue
            if any(_partial(k, f) for k in keys for f in linked):
                counts["partly found"] += 1
                continue
            exact = [(p, u) for key, p, u in candidates if key in keys]
            if exact:
                p, uncorroborated = max(exact)
                kind = KINDS[0] if uncorroborated and p < uncorroborated_bar else KINDS[1] if p < threshold else KINDS[2]
            elif any(_partial(k, key) for k in keys for key, _p, _u in candidates):
                kind = KINDS[3]
            else:
                kind = KINDS[4]
                counts["never a candidate, single words"] += " " not in _gold_key(kc["forms"][0])
            counts[kind] += 1
            rows.append((pid, kc.get("type", ""), kc["forms"][0], kind))
    return {"counts": dict(counts), "misses": rows}


def default_sets() -> list[str]:
    """The seeds and the read held-out sets from 30: the sets no model trains on."""
    return ["seeds"] + [n for n in read_sets() if n.startswith("heldout") and int(n[7:]) >= 30]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("sets", nargs="*", help="seeds, arxiv40, heldoutN (default: the seeds and read held-out sets from 30)")
    ap.add_argument("--json", help="write every set's counts and misses here")
    args = ap.parse_args(argv)
    names = args.sets or default_sets()
    reports = {name: misses(name) for name in names}
    total: collections.Counter[str] = collections.Counter()
    for r in reports.values():
        total.update(r["counts"])
    gold = total["gold"] or 1
    print(f"{len(names)} sets, {total['gold']} gold key concepts")
    print(f"  found                              {total['found']:6d}  {total['found'] / gold:.3f}")
    print(f"  partly found                       {total['partly found']:6d}")
    for kind in KINDS:
        print(f"  {kind:34} {total[kind]:6d}")
    print(f"    of which single words            {total['never a candidate, single words']:6d}")
    refused = sum(total[k] for k in KINDS[:3])
    print(f"  exact choice among the candidates         {(total['found'] + refused) / gold:.3f}")
    if args.json:
        Path(args.json).write_text(json.dumps(reports, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
