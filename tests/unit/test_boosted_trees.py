"""tools/boosted_trees.py and how tools/train_ranker.py writes its trees for the ranker to read."""

import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

from boosted_trees import fit_trees  # noqa: E402
from train_ranker import ranker_json, tree_doc  # noqa: E402

from kg.resolve.ranking import LinkRanker, TreeEnsemble  # noqa: E402


def xor_data(n=400, seed=3):
    """y = a XOR b with a noise column: no sum of weights separates it, two levels of a tree do."""
    rng = np.random.default_rng(seed)
    X = np.column_stack([rng.integers(0, 2, n), rng.integers(0, 2, n), rng.random(n)]).astype(float)
    return X, (X[:, 0] != X[:, 1]).astype(float)


def test_trees_learn_an_interaction_a_weighted_sum_cannot():
    X, y = xor_data()
    base, trees = fit_trees(X, y, rounds=30, rate=0.3, leaves=4, min_leaf=5)
    assert base == np.log(y.mean() / (1 - y.mean()))
    margins = TreeEnsemble(["a", "b", "noise"], base, trees).margins(X)
    assert ((margins > 0) == (y == 1)).all()


def test_a_fit_is_the_same_every_time():
    X, y = xor_data(seed=5)
    assert fit_trees(X, y, rounds=10, leaves=6) == fit_trees(X, y, rounds=10, leaves=6)


def test_leaves_keep_their_minimum_size():
    X, y = xor_data()
    _base, trees = fit_trees(X, y, rounds=1, rate=1.0, leaves=15, min_leaf=150)
    # 400 rows split at most twice into parts of 150 or more: a root and two leaves at most
    assert len(trees[0]) <= 3


def test_the_written_trees_read_back_as_fitted():
    X, y = xor_data()
    names = ["a", "b", "noise", "unused"]
    X = np.column_stack([X, np.zeros(len(X))])
    base, trees = fit_trees(X, y, rounds=5, rate=0.3, leaves=4, min_leaf=5)
    doc = {"threshold": 0.5, "trees": tree_doc(names, base, trees)}
    assert "unused" not in doc["trees"]["inputs"]  # only the inputs the trees split on
    text = ranker_json(doc)
    assert json.loads(text) == doc and text.count("\n") < 20  # one line per tree
    shares = {"prior": 0.15, "strength": 5.0, "head": {"détection": [3, 2], "model": [9, 6]}, "first": {}}
    with_shares = ranker_json({**doc, "named_shares": shares})
    assert json.loads(with_shares) == {**doc, "named_shares": shares}
    assert '   "détection": [3, 2],\n' in with_shares  # a word a line, as written
    path = Path(__file__).parent / "_ranker_trees.json"
    try:
        path.write_text(text, encoding="utf-8")
        read = LinkRanker.load(path).trees
    finally:
        path.unlink()
    columns = [names.index(n) for n in read.inputs]
    fitted = TreeEnsemble(names, base, trees).margins(X)
    assert np.allclose(read.margins(X[:, columns]), fitted, atol=1e-4)
