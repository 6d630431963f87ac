"""Gradient-boosted regression trees for a binary label, small and deterministic.

Used by tools/train_ranker.py to learn the link ranker's trees (kg/resolve/data/ranker.json),
which kg.resolve.ranking.TreeEnsemble evaluates. A logistic model adds its features' effects;
trees let them interact (a tagged phrase the field never writes is unlike a tagged phrase it
does), which on the read sets no model trains on ranked more of the annotators' key concepts
under the cap (docs/quality.md, session 34).

The method is the usual one: each round fits a tree to the gradient and hessian of the log loss
by histogram splits (each feature cut at up to BINS quantile thresholds), grown leaf by leaf
where the split gains most, with an L2 penalty on leaf values, and adds it shrunk by the
learning rate. Ties are broken by feature and threshold order, so a fit is the same on every
run; values and thresholds are rounded where the ensemble is written.
"""

from __future__ import annotations

import numpy as np

BINS = 32


def _cut_points(column: np.ndarray, bins: int) -> np.ndarray:
    """Thresholds to split one feature at: midpoints between its distinct values, or between
    quantiles when it has more than `bins` of them."""
    values = np.unique(column)
    if len(values) > bins:
        values = np.unique(np.quantile(column, np.linspace(0, 1, bins + 1)))
    return (values[:-1] + values[1:]) / 2


class _Bins:
    """Every feature's bins laid end to end, so that one bincount gives all their histograms."""

    def __init__(self, cuts: list[np.ndarray]):
        sizes = np.array([len(c) + 1 for c in cuts])
        self.offset = np.concatenate([[0], np.cumsum(sizes)[:-1]])
        self.total = int(sizes.sum())
        self.feature = np.repeat(np.arange(len(cuts)), sizes)  # position -> feature
        self.bin = np.arange(self.total) - self.offset[self.feature]  # position -> bin in its feature
        self.splittable = self.bin < sizes[self.feature] - 1  # a feature's last bin has nothing on its right
        self.segment_start = self.offset[self.feature]


def _best_split(binned, bins, grad, hess, rows, l2, min_leaf):
    """(gain, feature, bin) of the best split of `rows`, or None; ties go to the lowest feature
    and bin."""
    flat = (binned[rows] + bins.offset).ravel()
    width = binned.shape[1]
    sums = []
    for weights in (np.repeat(grad[rows], width), np.repeat(hess[rows], width), None):
        hist = np.bincount(flat, weights=weights, minlength=bins.total).astype(np.float64)
        cum = np.cumsum(hist)
        before = np.concatenate([[0.0], cum])[bins.segment_start]  # sums of the earlier features' bins
        sums.append(cum - before)
    g, h, n = sums
    g_all, h_all = grad[rows].sum(), hess[rows].sum()
    ok = bins.splittable & (n >= min_leaf) & (len(rows) - n >= min_leaf)
    if not ok.any():
        return None
    gain = g * g / (h + l2) + (g_all - g) ** 2 / (h_all - h + l2) - g_all * g_all / (h_all + l2)
    gain[~ok] = -np.inf
    k = int(np.argmax(gain))
    if gain[k] <= 1e-9:
        return None
    return float(gain[k]), int(bins.feature[k]), int(bins.bin[k])


def _grow(binned, cuts, bins, grad, hess, leaves, l2, min_leaf):
    """One tree as nodes [feature, threshold, left, right, value] (left = -1 at a leaf), and the
    leaf each row falls in."""
    nodes = [[-1, 0.0, -1, -1, 0.0]]
    members = {0: np.arange(len(grad))}
    open_splits = {}
    split = _best_split(binned, bins, grad, hess, members[0], l2, min_leaf)
    if split:
        open_splits[0] = split
    n_leaves = 1
    while open_splits and n_leaves < leaves:
        node = max(open_splits, key=lambda k: (open_splits[k][0], -k))
        _gain, j, k = open_splits.pop(node)
        rows = members.pop(node)
        go_left = binned[rows, j] <= k
        nodes[node][0], nodes[node][1] = j, float(cuts[j][k])
        for side, part in ((2, rows[go_left]), (3, rows[~go_left])):
            nodes[node][side] = len(nodes)
            members[len(nodes)] = part
            nodes.append([-1, 0.0, -1, -1, 0.0])
            child = _best_split(binned, bins, grad, hess, part, l2, min_leaf)
            if child:
                open_splits[len(nodes) - 1] = child
        n_leaves += 1
    leaf_of = np.empty(len(grad), dtype=np.int64)
    for node, rows in members.items():
        nodes[node][4] = float(-grad[rows].sum() / (hess[rows].sum() + l2))
        leaf_of[rows] = node
    return nodes, leaf_of


def fit_trees(
    X: np.ndarray, y: np.ndarray, *, rounds: int = 200, rate: float = 0.05, leaves: int = 15,
    min_leaf: int = 20, l2: float = 1.0, bins: int = BINS,
) -> tuple[float, list[list[list]]]:
    """(base margin, trees) for P(y = 1 | x) = 1 / (1 + exp(-(base + sum of the trees' leaf values)))."""
    cuts = [_cut_points(X[:, j], bins) for j in range(X.shape[1])]
    binned = np.column_stack([np.searchsorted(c, X[:, j], side="left") for j, c in enumerate(cuts)]).astype(np.int64)
    bins = _Bins(cuts)
    p0 = min(max(y.mean(), 1e-6), 1 - 1e-6)
    base = float(np.log(p0 / (1 - p0)))
    margin = np.full(len(y), base)
    trees = []
    for _ in range(rounds):
        p = 1.0 / (1.0 + np.exp(-margin))
        nodes, leaf_of = _grow(binned, cuts, bins, p - y, p * (1 - p), leaves, l2, min_leaf)
        for node in nodes:
            node[4] *= rate
        margin += np.array([nodes[k][4] for k in range(len(nodes))])[leaf_of]
        trees.append(nodes)
    return base, trees
