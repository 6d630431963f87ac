"""Group the words of a large corpus by the company they keep (a development-time tool).

Why: the key-concept tagger (kg/extract/tagger.py) learns from a few hundred annotated
abstracts, so most words of an unseen abstract never occurred in its training data. Words the
corpus uses in the same contexts ("pruning", "quantization", "distillation") fall into the same
cluster, and a cluster feature lets what the tagger learned of one carry to the others, as
word-cluster features do for classic NER taggers.

How: kg's tokenizer over every abstract (seed and gold papers left out, as the other tables
do); the lower-cased words used at least --min-count times; their co-occurrence counts with the
--contexts most frequent words within two tokens on either side; positive pointwise mutual
information; a truncated SVD; unit-length rows; then k-means (a fixed seed, fixed iterations)
twice: --coarse and --fine clusters. Writes kg/extract/data/word_clusters.tsv (word, coarse,
fine). Needs numpy (a dependency of spaCy); deterministic on one machine.

Measured in session 21: k-means from other seeds moves single read sets by up to 0.02 recall
but the mean over the seven sets the tagger never trains on by under 0.003 (0.6983-0.7007 over
three seeds); three fine clusterings as features at once gave 0.6993-0.7070 over three seeds
(+0.004 on the mean, no narrower spread per set), not enough to keep.

    python tools/mine_word_clusters.py ../shared/corpora/arxiv_ai_2025_2026.jsonl.gz
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from mine_phrase_df import mining_abstracts  # noqa: E402

WINDOW = 2


def _kmeans(np, x, k: int, iterations: int, seed: int):
    """Plain Lloyd iterations from k rows drawn with a fixed seed (cosine on unit rows)."""
    rng = np.random.default_rng(seed)
    centres = x[rng.choice(len(x), size=k, replace=False)].copy()
    labels = np.zeros(len(x), dtype=np.int64)
    for _ in range(iterations):
        labels = np.argmax(x @ centres.T, axis=1)
        for j in range(k):
            members = x[labels == j]
            if len(members):
                c = members.sum(axis=0)
                centres[j] = c / (np.linalg.norm(c) or 1.0)
    return labels


def main() -> int:
    import numpy as np

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus")
    ap.add_argument("--min-count", type=int, default=20)
    ap.add_argument("--contexts", type=int, default=3000)
    ap.add_argument("--dims", type=int, default=100)
    ap.add_argument("--coarse", type=int, default=64)
    ap.add_argument("--fine", type=int, default=512)
    ap.add_argument("--out", default=str(ROOT / "kg" / "extract" / "data" / "word_clusters.tsv"))
    args = ap.parse_args()

    from kg.extract.tokenizer import scan

    docs: list[list[str]] = []
    counts: collections.Counter = collections.Counter()
    for text in mining_abstracts(args.corpus):
        words = [t.text.lower() for t in scan(text)[0] if not t.text.isspace()]
        docs.append(words)
        counts.update(words)
    vocab = sorted(w for w, n in counts.items() if n >= args.min_count)
    index = {w: i for i, w in enumerate(vocab)}
    contexts = [w for w, _n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[: args.contexts]]
    cindex = {w: i for i, w in enumerate(contexts)}
    m = np.zeros((len(vocab), len(contexts)), dtype=np.float64)
    for words in docs:
        ids_w = [index.get(w, -1) for w in words]
        ids_c = [cindex.get(w, -1) for w in words]
        n = len(words)
        for i, wi in enumerate(ids_w):
            if wi < 0:
                continue
            for j in range(max(0, i - WINDOW), min(n, i + WINDOW + 1)):
                if j != i and ids_c[j] >= 0:
                    m[wi, ids_c[j]] += 1.0
    total = m.sum()
    row = m.sum(axis=1, keepdims=True)
    col = m.sum(axis=0, keepdims=True)
    with np.errstate(divide="ignore", invalid="ignore"):
        pmi = np.log((m * total) / (row @ col))
    ppmi = np.where(np.isfinite(pmi) & (pmi > 0), pmi, 0.0)
    u, s, _vt = np.linalg.svd(ppmi, full_matrices=False)
    emb = u[:, : args.dims] * np.sqrt(s[: args.dims])
    emb /= np.linalg.norm(emb, axis=1, keepdims=True) + 1e-12
    coarse = _kmeans(np, emb, args.coarse, 25, seed=1)
    fine = _kmeans(np, emb, args.fine, 25, seed=2)
    with open(args.out, "w", encoding="utf-8") as out:
        out.write(f"# word clusters: {len(docs)} abstracts of {Path(args.corpus).name}, words used >= {args.min_count} "
                  f"times, {args.coarse} coarse and {args.fine} fine clusters (tools/mine_word_clusters.py)\n")
        for w, c, f in zip(vocab, coarse, fine):
            out.write(f"{w}\t{c}\t{f}\n")
    print(f"{len(vocab)} words -> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
