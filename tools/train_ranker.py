"""Learn the link ranker's weights (kg/resolve/data/ranker.json) from annotated abstracts.

    python3 tools/train_ranker.py            # trains on the read gold sets, writes the trees
    python3 tools/train_ranker.py --logistic # the weighted sum instead

Every candidate link of every dev paper (no cap, no threshold) becomes one example: its
evidence features (kg.resolve.ranking.features) and whether the concept is one of the
paper's gold key concepts (exact match on any normalized form, as `kg eval` counts recall).
The model is gradient-boosted trees (tools/boosted_trees.py), or with --logistic an
L2-regularised logistic regression fitted by Newton's method; numbers are rounded so the file,
and every build using it, is the same on every machine.

It trains on the seeds and the tagger's sets (arXiv-40 and held-out 1-29 since session 31;
the seeds, arXiv-40 and held-out 1-15 before, 11,757 candidate links at version 140), never on a set still blind: a new held-out set is scored before it
joins. Session 18 measured the gain of the wider training on sets outside it: trained on the
seeds, arXiv-40 and held-out 1-6 instead of the two dev sets alone, recall on held-out 7-10
rose by +0.011, +0.002, +0.002 and +0.007 at the same judged validity. Session 19 retrained it on
version 88's candidates (title-case terms, tagger spans): trained on the former sets alone
(seeds, arXiv-40, held-out 1-10), recall on held-out 11-15 moved by -0.002/0/0/+0.006/+0.005 and
judged validity by +0.001/+0.004/0/0/+0.001. The tagger's evidence gets no weight (UNWEIGHTED).
Session 20 retrained it on version 106's candidates (the tagger with word clusters), on the same
sets: recall on held-out 16-20, which it never saw, +0.002/0/0/+0.005/+0.002 against the weights
trained on version 88's; adding held-out 16-18 to its training did not help held-out 19-20.
Session 24 made the tagger's evidence out of sample (TAGGER_FOLDS: each set the tagger trains
on is extracted with a tagger trained on the other three quarters; about 90 s in all): on the
seeds and held-out 16-28, which neither model trains on, recall 0.7045 -> 0.7076 at judged
validity 0.9123 -> 0.9113, with tagged phrases no longer ahead of the names of baselines.
Session 31 trained the tagger on held-out 16-29 too, and this model with it, on the seeds and
the tagger's sets (21,000 candidate links; four folds of the tagger's sets in their order): on
held-out 30-38 and the seeds, recall 0.7370 -> 0.7360 and judged validity 0.916 -> 0.918 (of the
links judged then) against the former weights with the new tagger.
Session 33 gave it the rarity of a candidate's words (tools/mine_word_df.py) and the corpus
clusters of its first and last words, and let the weak phrases nothing corroborates reach it,
marked unsupported, over a bar of their own (UNSUPPORTED_THRESHOLD): simulated on held-out 30-41
with the same cap, the words alone moved the area under the ROC curve 0.767 -> 0.789. Against the
former model on the same tables, mean recall on the seeds and held-out 30-41 0.7315 -> 0.7435 at
judged validity 0.9142 -> 0.9128 (twelve of the thirteen sets up); on held-out 42, blind, 0.689 ->
0.686 at the same validity (docs/quality.md, session 33).
Session 34 replaced the weighted sum by boosted regression trees over the same features
(tools/boosted_trees.py; --logistic still writes the sum): both retrained on the same candidates,
mean recall on the seeds and held-out 30-42 0.7398 -> 0.7477, judged validity 0.9129 -> 0.9155, at
the same links per paper (the bar lowered from 0.15 to 0.12, where the trees keep as many links).
Session 35 gave it how often annotators named the candidates that end or start with a candidate's
words (NamedShares, counted here out of fold and shipped in ranker.json): on the seeds and
held-out 30-43, the same tables, tagger and folds, mean recall 0.7381 -> 0.7465 at judged validity
0.9144 -> 0.9189 (of the links judged then); on held-out 44, blind, +0.015 recall and +0.007
validity against the starting code on the same tables.
Session 36 gave it the tagger's margin for a candidate's exact bounds as one more input (the
trees split first on it): with the tagger's own candidates from a margin of 1, mean recall on
the seeds and held-out 30-44 +0.0050 with the input and +0.0048 without, judged validity 0.9162
against 0.9155. Nothing the rest of the evidence does not carry, so the tagger's evidence still
gets no input of its own (UNWEIGHTED).
Session 39 made it read each probability again beside the rest of the paper (InPaper in
kg.resolve.ranking, fitted here on the rows' out-of-fold probabilities: out_of_fold, fit_in_paper)
and moved the bars onto that probability, with the resolver's cap at 18: on the seeds and
held-out 30-49, the same tables and trees, mean recall 0.7500 -> 0.7576 at judged validity
0.9164 -> 0.9144 and the same links a paper; blind, -0.008 on held-out 50 and +0.017 on 51.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kg.evaluate import _alnum, _find_paper, _forms  # noqa: E402
from kg.extract.pipeline import extract  # noqa: E402
from kg.extract.vocabulary import load_vocabulary  # noqa: E402
from kg.graph.build import build_graph  # noqa: E402
from kg.graph.inspect import papers as paper_ids  # noqa: E402
from kg.read import read_papers  # noqa: E402
from kg.resolve.normalize import norm_key  # noqa: E402
from kg.resolve.ranking import (  # noqa: E402
    FEATURE_NAMES,
    IN_PAPER_INPUTS,
    SHARE_FEATURES,
    LinkRanker,
    NamedShares,
    TreeEnsemble,
    features,
    in_paper_inputs,
    paper_sums,
    sigmoid,
)
from kg.resolve.resolver import Resolver  # noqa: E402
from tools.boosted_trees import fit_trees  # noqa: E402
from tools.gold_sets import gold_set  # noqa: E402
from tools.train_tagger import TRAINING_SETS as TAGGER_SETS  # noqa: E402

# the seeds and the tagger's sets; held-out 30 and later measure the two models from outside
DEV_SETS = {name: gold_set(name) for name in ["seeds", *TAGGER_SETS]}
# the tagger trains on these sets but for the seeds: on each, the ranker sees the spans of a
# tagger trained on the others (four folds), as it will see them on new abstracts. With the
# shipped tagger's in-sample spans instead, the ranker learned to trust them too much: tagged
# phrases went before the names of baselines and benchmarks under the cap
_TAGGER_NAMES = tuple(TAGGER_SETS)
_QUARTER = -(-len(_TAGGER_NAMES) // 4)
TAGGER_FOLDS = tuple(_TAGGER_NAMES[k : k + _QUARTER] for k in range(0, len(_TAGGER_NAMES), _QUARTER))
# its own evidence still gets no weight: whether the tagger found a candidate, beside its score
UNWEIGHTED = ("found_by:tagger", "best_by:tagger")
# the trees (tools/boosted_trees.py): simulated on held-out 30-42 and the seeds, trained on
# arXiv-40 and held-out 1-29, 200 rounds of 15 leaves at rate 0.05 ranked as well as sklearn's
# HistGradientBoostingClassifier with the same settings (area under the ROC curve 0.830 against
# the logistic model's 0.814), and 60 rounds at rate 0.15 as well again (0.829, the same recall
# under the cap) in a third of the scoring time; 8 or 10 leaves did a little worse
TREES = {"rounds": 60, "rate": 0.15, "leaves": 15, "min_leaf": 20, "l2": 1.0}
# below this a candidate is left out even when the paper has room. Since session 39 the bars are
# on InPaper's probability, with the resolver's cap at 18 (it was 17 with 0.12 and 0.3 on the
# trees' own). Judged on the seeds and held-out 30-49 (rounds 91-92), at about the same links a
# paper: mean recall 0.7500 -> 0.7576, judged valid 0.9164 -> 0.9146. Over 0.26 and 0.3 with the
# cap at 17 instead, recall 0.7622 at judged valid 0.9082: the weak phrases read again in sparse
# papers are gold more often, but the links they add are only about 62% valid
THRESHOLD = 0.22
LOGISTIC_THRESHOLD = 0.15  # the same for the logistic model (--logistic; set before InPaper, not tuned since)
# the bar for a weak phrase nothing corroborates (resolver._corroborated). Judged on the seeds
# and held-out 30-41 (rounds 76-77), version 189: mean recall 0.7319 without them (judged valid
# 0.9191), 0.7358 / 0.9179 over 0.4, 0.7393 / 0.9163 over 0.35, 0.7435 / 0.9128 over 0.3 and
# 0.7519 / 0.9077 over 0.25; the links each step adds are about 60% valid. On InPaper's
# probability (session 39), 0.4
UNSUPPORTED_THRESHOLD = 0.4
LOGISTIC_UNSUPPORTED_THRESHOLD = 0.3
L2 = 3.0
IN_PAPER_L2 = 1.0  # five weights over some 30,000 rows: barely any pull
# a concept that is a candidate (not a contribution) of this many annotated papers and a gold key
# concept of fewer than this share of them goes last under the cap: the field's broad words
RANK_LAST_MIN_PAPERS = 12
RANK_LAST_MAX_GOLD = 0.08
# the named shares (kg.resolve.ranking.NamedShares, whose prior and strength the table ships
# with): words of fewer candidates are left out of the table
SHARES_MIN_CANDIDATES = 2


class _Recorder(Resolver):
    """A resolver that keeps every candidate and remembers its evidence."""

    def __init__(self, vocab):
        super().__init__(
            vocab, max_per_paper=10**9, ranker=LinkRanker({}, threshold=0.0, unsupported_threshold=0.0), ownership=False,
            typer=False,  # the candidates are recorded before roles and types are read again
        )
        self.evidence = {}

    def candidates(self, keyed):
        for paper, cands in super().candidates(keyed):
            for link, ev in cands:
                self.evidence[(link.paper_id, link.concept_id)] = ev
            yield paper, cands


def built_with_gold(inputs: Path, gold_path: Path, resolver: Resolver, tagger: bool | str = True):
    """The graph of an annotated set, resolved by `resolver`, and its gold papers by paper id."""
    papers = list(read_papers([str(inputs)]))
    G = build_graph(papers, resolver.resolve(extract(papers, jobs=1, tagger=tagger)))
    gold = json.loads(gold_path.read_text(encoding="utf-8"))
    index = {_alnum(G.nodes[p].get("abstract", ""), 200): p for p in paper_ids(G)}
    found = ((_find_paper(G, index, gp), gp) for gp in gold["papers"])
    return G, {pid: gp for pid, gp in found if pid}


def examples(inputs: Path, gold_path: Path, tagger: bool | str = True) -> list[tuple[dict[str, float], int, str, bool, tuple[str, str], str]]:
    """(features, is a gold key concept, concept id, a contribution, its last and first word, paper id)
    for every candidate link of the annotated papers, found with the shipped tagger or the
    weights file `tagger`; the features without the named shares, which need the other sets."""
    resolver = _Recorder(load_vocabulary())
    G, gold_of = built_with_gold(inputs, gold_path, resolver, tagger)
    keys_of = {pid: [{norm_key(f) for f in kc["forms"] if f} for kc in gp["key_concepts"]] for pid, gp in gold_of.items()}
    out = []
    for (pid, cid), ev in sorted(resolver.evidence.items()):
        if pid in keys_of:
            forms = _forms(G, cid)
            wf = ev.word_facts
            out.append((features(ev), int(any(forms & keys for keys in keys_of[pid])), cid, ev.role == "PROPOSES",
                        (wf.head_word, wf.first_word), pid))
    return out


def fold_taggers(folder: Path, reuse: bool = False) -> dict[str, str]:
    """Set name -> weights file of a tagger trained on the tagger's other folds (a test checks
    that the folds cover the tagger's sets once); with `reuse`, the files already in `folder`."""
    from tools.train_tagger import TRAINING_SETS, trained_on, write

    out = {}
    for k, fold in enumerate(TAGGER_FOLDS):
        path = folder / f"tagger_fold{k}.json"
        if reuse and path.is_file():
            print(f"tagger without {', '.join(fold)}: {path}", file=sys.stderr)
            out.update(dict.fromkeys(fold, str(path)))
            continue
        write(trained_on({n: s for n, s in TRAINING_SETS.items() if n not in fold}, quiet=True), path)
        print(f"tagger without {', '.join(fold)} trained", file=sys.stderr)
        out.update(dict.fromkeys(fold, str(path)))
    return out


def named_shares(rows) -> dict:
    """The NamedShares table of these candidate rows (contributions aside), as ranker.json keeps
    it: words of SHARES_MIN_CANDIDATES candidates or more, in sorted order."""
    counts: dict[str, dict[str, list[int]]] = {"head": {}, "first": {}}
    for _f, y, _cid, proposed, (head, first), _pid in rows:
        if proposed:
            continue
        for table, word in (("head", head), ("first", first)):
            got = counts[table].setdefault(word, [0, 0])
            got[0] += 1
            got[1] += y
    return {
        "prior": NamedShares.prior, "strength": NamedShares.strength,
        **{table: {w: got for w, got in sorted(words.items()) if got[0] >= SHARES_MIN_CANDIDATES}
           for table, words in counts.items()},
    }


def add_named_shares(rows_of: dict[str, list]) -> dict:
    """Add the named shares to every row's features, out of sample: a tagger set's rows read the
    table of the tagger's other folds, the seeds' rows that of every tagger set. Returns the
    table of every tagger set, which ships (never counted on the seeds, kg's default input)."""
    tagged = [name for name in rows_of if name in _TAGGER_NAMES]
    shipped = named_shares([row for name in tagged for row in rows_of[name]])
    table_of = dict.fromkeys(rows_of, shipped)
    for fold in TAGGER_FOLDS:
        table = named_shares([row for name in tagged if name not in fold for row in rows_of[name]])
        table_of.update(dict.fromkeys(fold, table))
    for name, rows in rows_of.items():
        shares = NamedShares.from_doc(table_of[name])
        for f, _y, _cid, _p, (head, first), _pid in rows:
            f.update(zip(SHARE_FEATURES, shares.values(head, first)))
    return shipped


def rank_last(rows) -> list[str]:
    """The concepts annotators name least when kg offers them: candidates (not contributions) of
    RANK_LAST_MIN_PAPERS papers or more, gold in under RANK_LAST_MAX_GOLD of them."""
    seen: dict[str, list[int]] = {}
    for _f, y, cid, proposed, *_words in rows:
        if not proposed:
            counts = seen.setdefault(cid, [0, 0])
            counts[0] += 1
            counts[1] += y
    return sorted(cid for cid, (n, gold) in seen.items() if n >= RANK_LAST_MIN_PAPERS and gold < RANK_LAST_MAX_GOLD * n)


def _fitted(X: np.ndarray, y: np.ndarray, logistic: bool):
    """The model main() ships, fitted on these rows, as a function of a feature matrix to probabilities."""
    if logistic:
        w = fit(X, y, L2)
        return lambda Z: sigmoid(Z @ w)
    base, trees = fit_trees(X, y, **TREES)
    doc = tree_doc([str(j) for j in range(X.shape[1])], base, trees)
    ensemble = TreeEnsemble(doc["inputs"], doc["base"], doc["trees"])
    columns = [int(j) for j in doc["inputs"]]
    return lambda Z: sigmoid(ensemble.margins(Z[:, columns]))


def out_of_fold(sets: list[str], X: np.ndarray, y: np.ndarray, logistic: bool) -> np.ndarray:
    """Each row's probability from the model fitted without its fold (the tagger's folds, the
    seeds a fold of their own), as the shipped model will score papers it never saw."""
    folds = [*TAGGER_FOLDS, *([name] for name in dict.fromkeys(sets) if name not in _TAGGER_NAMES)]
    fold_of = {name: k for k, fold in enumerate(folds) for name in fold}
    fold = np.array([fold_of[name] for name in sets])
    p = np.zeros(len(y))
    for k in range(len(folds)):
        held = fold == k
        if held.any():
            p[held] = _fitted(X[~held], y[~held], logistic)(X[held])
    return p


def fit_in_paper(sets: list[str], rows, p: np.ndarray) -> dict:
    """InPaper's weights and the range of paper sums they are read in (kg.resolve.ranking): a
    logistic model of each candidate's out-of-fold probability beside the sum of its paper's,
    contributions aside, learned on the same rows; the range is the sums' 1st to 99th percentile."""
    own = np.array([row[3] for row in rows])
    paper = {}
    index = np.array([paper.setdefault((name, row[5]), len(paper)) for name, row in zip(sets, rows)])
    sums = paper_sums(p, index, own)
    low, high = (round(float(v), 2) for v in np.percentile(sums, [1, 99]))
    unsupported = np.array([row[0].get("unsupported", 0.0) > 0 for row in rows])
    X = in_paper_inputs(p, np.clip(sums, low, high)[index], unsupported)[~own]
    y = np.array([row[1] for row in rows], dtype=float)[~own]
    return {"inputs": list(IN_PAPER_INPUTS), "weights": [round(float(v), 4) for v in fit(X, y, IN_PAPER_L2)], "sum_range": [low, high]}


def fit(X: np.ndarray, y: np.ndarray, l2: float) -> np.ndarray:
    """Logistic regression by Newton's method (the bias is not regularised)."""
    w = np.zeros(X.shape[1])
    reg = np.full(X.shape[1], l2)
    reg[0] = 0.0
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-X @ w))
        grad = X.T @ (p - y) + reg * w
        hess = (X.T * (p * (1 - p))) @ X + np.diag(reg)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "kg/resolve/data/ranker.json"))
    ap.add_argument("--folds", help="keep the fold taggers in this folder and reuse those found there "
                    "(they are stale once the tagger's sets, tables or features change)")
    ap.add_argument("--logistic", action="store_true", help="write the logistic model instead of the trees")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(args.folds or tmp)
        folder.mkdir(parents=True, exist_ok=True)
        weights_of = fold_taggers(folder, reuse=bool(args.folds))
        rows_of = {}
        for name, (inputs, gold) in DEV_SETS.items():
            rows_of[name] = examples(inputs, gold, weights_of.get(name, True))
            print(f"{name}: {len(rows_of[name])} candidates, {sum(r[1] for r in rows_of[name])} gold key concepts", file=sys.stderr)
    shares = add_named_shares(rows_of)
    rows = [row for name in DEV_SETS for row in rows_of[name]]
    sets = [name for name in DEV_SETS for _row in rows_of[name]]
    names = [n for n in FEATURE_NAMES if n not in UNWEIGHTED]
    X = np.array([[f.get(n, 0.0) for n in names] for f, *_rest in rows])
    y = np.array([row[1] for row in rows], dtype=float)
    in_paper = fit_in_paper(sets, rows, out_of_fold(sets, X, y, args.logistic))
    doc = {
        "about": "kg link ranker: " + (
            "logistic weights" if args.logistic else "boosted trees (tools/boosted_trees.py)"
        ) + " over kg.resolve.ranking.features; written by tools/train_ranker.py",
        "trained_on": {name: str(inputs.relative_to(ROOT)) for name, (inputs, _g) in DEV_SETS.items()},
        "examples": len(rows),
        "positives": int(y.sum()),
    }
    if args.logistic:
        w = fit(X, y, L2)
        weights = {n: round(float(v), 4) for n, v in zip(names, w) if round(float(v), 4) != 0.0}
        doc.update(l2=L2, threshold=LOGISTIC_THRESHOLD, unsupported_threshold=LOGISTIC_UNSUPPORTED_THRESHOLD, weights=weights)
        made = f"{len(weights)} weights"
    else:
        base, trees = fit_trees(X, y, **TREES)
        doc.update(TREES, threshold=THRESHOLD, unsupported_threshold=UNSUPPORTED_THRESHOLD, trees=tree_doc(names, base, trees))
        made = f"{len(trees)} trees"
    doc["in_paper"] = in_paper
    doc["rank_last"] = rank_last(rows)
    doc["named_shares"] = shares
    Path(args.out).write_text(ranker_json(doc), encoding="utf-8")
    print(f"wrote {args.out}: {made} from {len(rows)} examples", file=sys.stderr)
    return 0


def ranker_json(doc: dict) -> str:
    """ranker.json's text: indented, but one line per tree and per word of the named shares (a
    diff shows which trees and words changed)."""
    shares = doc.get("named_shares")
    if isinstance(shares, dict):  # a word a line
        tables = {
            table: "{}" if not shares[table] else "{\n" + ",\n".join(f"   {json.dumps(w, ensure_ascii=False)}: {json.dumps(v)}" for w, v in shares[table].items()) + "\n  }"
            for table in ("head", "first")
        }
        inner = json.dumps({**shares, "head": "@HEAD@", "first": "@FIRST@"}, indent=1).replace("\n", "\n ")
        text = ranker_json({**doc, "named_shares": "@SHARES@"})
        return text.replace('"@SHARES@"', inner.replace('"@HEAD@"', tables["head"]).replace('"@FIRST@"', tables["first"]))
    trees = doc.get("trees")
    if trees is None:
        return json.dumps(doc, indent=1) + "\n"
    text = json.dumps({**doc, "trees": "@TREES@"}, indent=1)
    body = ",\n".join("   " + json.dumps(tree, separators=(",", ":")) for tree in trees["trees"])
    inner = (
        "{\n  \"inputs\": " + json.dumps(trees["inputs"]) + ",\n  \"base\": " + json.dumps(trees["base"])
        + ",\n  \"trees\": [\n" + body + "\n  ]\n }"
    )
    return text.replace('"@TREES@"', inner) + "\n"


def tree_doc(names: list[str], base: float, trees: list[list[list]]) -> dict:
    """The trees as ranker.json keeps them: only the inputs they split on, in FEATURE_NAMES order,
    each node [input, threshold, left, right, value] (left -1 at a leaf), numbers rounded so
    the file, and every build using it, is the same on every machine."""
    used = sorted({node[0] for tree in trees for node in tree if node[2] >= 0})
    index = {j: k for k, j in enumerate(used)}
    return {
        "inputs": [names[j] for j in used],
        "base": round(base, 6),
        "trees": [
            [[index[n[0]], round(n[1], 6), n[2], n[3], 0.0] if n[2] >= 0 else [-1, 0.0, -1, -1, round(n[4], 6)] for n in tree]
            for tree in trees
        ],
    }


if __name__ == "__main__":
    raise SystemExit(main())
