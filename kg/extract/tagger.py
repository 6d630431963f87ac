"""A learned tagger of key-concept spans: what annotators mark, not what a rule can name.

Most concepts kg misses on unseen abstracts are one-off descriptive phrases a reader names as
the paper's key concepts ("payoff matrices", "spatial pruning identifies ...") that no corpus
count corroborates. A small averaged perceptron, trained by ``tools/train_tagger.py`` on the
annotated arXiv abstracts in ``tests/data`` (never the seeds, never a blind set), tags the
tokens of an abstract B/I/O; a span it is sure of (its smallest margin between the chosen
label and the next best) is a candidate concept of its own.

Features are those of a plain NER tagger: the word and its shape, prefix, suffixes and
part of speech (kg's mined lexicon), the two words on each side with their parts of speech and
the next words' shapes, the part-of-speech pairs the word makes with its neighbours, the label
before, whether the field writes the word or its bigrams (kg's phrase table), and the clusters
of words the corpus uses alike that the word and its neighbours fall in (kg's word-cluster
table, `tools/mine_word_clusters.py`: what the tagger learned of "pruning" carries to
"quantization", which the annotated abstracts may never write), and how often the abstract
writes the word and the pairs it is in (a key concept is often written again). Scoring
sums, per token, a few cached weight vectors per word and position, so it costs about as much
as one more pass over the tokens.
"""

from __future__ import annotations

import collections
import functools
import json
import re
from importlib import resources
from pathlib import Path

import numpy as np

from kg.resolve.normalize import singular

LABELS = ("O", "B", "I")
_PAD = "<pad>"
_MAX_CACHED_WORDS = 500_000
_SHAPE_CHARS = str.maketrans(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
    "X" * 26 + "x" * 26 + "d" * 10,
)
# runs of one character class cut to two; letters and digits, nearly every run, without a
# group in the replacement (expanding one per match cost a tenth of the tagger's time on new words)
_RUNS = ((re.compile("x{3,}"), "xx"), (re.compile("X{3,}"), "XX"), (re.compile("d{3,}"), "dd"))
_OTHER_REPEATS = re.compile(r"([^xXd])\1+")


def shape(word: str) -> str:
    """"Qwen2.5-VL" -> "Xxxd.d-XX": character classes, runs cut to two."""
    s = word.translate(_SHAPE_CHARS)
    for run, two in _RUNS:
        s = run.sub(two, s)
    return _OTHER_REPEATS.sub(r"\1\1", s)


def _bucket(df: int) -> int:
    """How often the field writes a phrase, by order of magnitude (0 = never)."""
    return min(4, len(str(df))) if df else 0


def phrase_key(words: list[str]) -> str:
    """The phrase table's key of a few tokens: lower case, hyphens as spaces, the last word singular."""
    parts = " ".join(words).lower().replace("-", " ").split()
    if not parts:
        return ""
    parts[-1] = singular(parts[-1])
    return " ".join(parts)


@functools.lru_cache(maxsize=1)
def word_clusters() -> dict[str, tuple[str, str]]:
    """word -> (coarse, fine) cluster of the words the corpus uses alike
    (kg/extract/data/word_clusters.tsv, from tools/mine_word_clusters.py); empty when absent."""
    path = Path(str(resources.files("kg.extract").joinpath("data", "word_clusters.tsv")))
    if not path.is_file():
        return {}
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            w, coarse, fine = line.split("\t")
            out[w] = (coarse, fine)
    return out


def word_features(word: str, lex: dict[str, str], df: dict[str, int]) -> dict[int, list[str]]:
    """The feature names a word brings to the token at each offset from it (0: the word itself)."""
    low = word.lower()
    pos = lex.get(low, "?")
    coarse, fine = word_clusters().get(low, ("-", "-"))  # "-": a word too rare to be clustered
    if word == _PAD:
        return {
            -2: [f"w-2={_PAD}", f"pos-2={_PAD}"],
            -1: [f"w-1={_PAD}", "pos-1=?", f"sh-1={_PAD}"],
            1: [f"w+1={_PAD}", "pos+1=?", f"sh+1={_PAD}"],
            2: [f"w+2={_PAD}", f"pos+2={_PAD}"],
        }
    sh = shape(word)
    return {
        0: [
            f"w={low}", f"sh={sh}", f"p3={low[:3]}", f"s3={low[-3:]}", f"s4={low[-4:]}", f"pos={pos}",
            f"hy={'-' in word}", f"cap={word[:1].isupper()}", f"dfu={_bucket(df.get(phrase_key([word]), 0))}",
            f"cc={coarse}", f"cf={fine}",
        ],
        # as the word one before the scored token (-1), one after it (+1), two away (-2, +2)
        -1: [f"w-1={low}", f"pos-1={pos}", f"sh-1={sh}", f"cf-1={fine}"],
        1: [f"w+1={low}", f"pos+1={pos}", f"sh+1={sh}", f"cf+1={fine}"],
        -2: [f"w-2={low}", f"pos-2={pos}"],
        2: [f"w+2={low}", f"pos+2={pos}"],
    }


def repeats(words: list[str]) -> tuple[list[int], list[int]]:
    """How often the abstract writes each token's word (0 for short or non-word tokens, else 1-3,
    three or more) and whether a pair of neighbouring words it is in comes twice (0/1)."""
    low = [w.lower() for w in words]
    counts = collections.Counter(low)
    pairs = collections.Counter(zip(low, low[1:]))
    rep = [min(3, counts[w]) if len(w) > 2 and w[:1].isalpha() else 0 for w in low]
    twice = [pairs[p] >= 2 and rep[k] > 0 and rep[k + 1] > 0 for k, p in enumerate(zip(low, low[1:]))]
    brep = [int((k > 0 and twice[k - 1]) or (k < len(twice) and twice[k])) for k in range(len(low))]
    return rep, brep


def token_features(
    words: list[str], i: int, prev: str, lex: dict[str, str], df: dict[str, int], doc: tuple | None = None
) -> list[str]:
    """Every feature name of token `i` given the label before it (for training; the tagger sums
    the same features from its caches). `doc` is repeats(words), worked out once per abstract."""
    rep, brep = doc if doc is not None else repeats(words)
    at = lambda k: words[k] if 0 <= k < len(words) else _PAD  # noqa: E731
    feats = ["bias"]
    for off in (0, -1, 1, -2, 2):
        feats += word_features(at(i + off), lex, df)[off]
    pos = lex.get(words[i].lower(), "?")
    before = lex.get(words[i - 1].lower(), "?") if i > 0 else _PAD
    after = lex.get(words[i + 1].lower(), "?") if i + 1 < len(words) else _PAD
    feats += [f"prev={prev}", f"prev+pos={prev}{pos}", f"pos-1pos={before}|{pos}", f"pospos+1={pos}|{after}"]
    feats += [
        f"dfn={_bucket(df.get(phrase_key([words[i], words[i + 1]]), 0)) if i + 1 < len(words) else 0}",
        f"dfp={_bucket(df.get(phrase_key([words[i - 1], words[i]]), 0)) if i > 0 else 0}",
        f"rep={rep[i]}", f"brep={brep[i]}",
    ]
    return feats


class KeyConceptTagger:
    """Greedy B/I/O decoding with a trained weight table (feature -> weights of O, B, I).

    Every feature of a token but the label before it is known before decoding starts, so
    spans() sums them for all tokens at once with numpy, for each of the three labels that can
    come before, in the order the trainer sums them (the same floats, bit for bit); the greedy
    pass then only picks one precomputed row per token."""

    def __init__(self, weights: dict[str, list[float]], lex: dict[str, str], df: dict[str, int]):
        self.weights = weights
        self.lex = lex
        self.df = df
        self._word: dict[str, tuple] = {}
        tags = [*sorted(set(lex.values()) | {"?"}), _PAD]
        self._tag_id = {t: k for k, t in enumerate(tags)}
        # a row per cached word (row 0: the padding beyond either end) and its part of speech
        self._vec = np.zeros((4096, 15))
        self._tags = np.full(4096, self._tag_id[_PAD], dtype=np.intp)
        pad = word_features(_PAD, lex, df)
        self._vec[0, 3:] = [w for off in (-1, 1, -2, 2) for w in self._sum(pad[off])]
        self._bias = np.array(self._sum(["bias"]))
        self._dfn = np.array([self._sum([f"dfn={k}"]) for k in range(5)])
        self._dfp = np.array([self._sum([f"dfp={k}"]) for k in range(5)])
        self._rep = np.array([self._sum([f"rep={k}"]) for k in range(4)])
        self._brep = np.array([self._sum([f"brep={k}"]) for k in range(2)])
        # the label before with the token's part of speech; the parts of speech of the token and its neighbours
        self._ctx = np.array([[self._sum([f"prev={prev}", f"prev+pos={prev}{pos}"]) for pos in tags] for prev in LABELS])
        self._pos3 = np.array([
            [[self._sum([f"pos-1pos={before}|{pos}", f"pospos+1={pos}|{after}"]) for after in tags] for pos in tags]
            for before in tags
        ])
        self._firsts = frozenset(k.split(" ", 1)[0] for k in df if " " in k)  # words a table phrase starts with

    def _sum(self, feats: list[str]) -> tuple[float, float, float]:
        o = b = i = 0.0
        get = self.weights.get
        for f in feats:
            w = get(f)
            if w is not None:
                o += w[0]
                b += w[1]
                i += w[2]
        return (o, b, i)

    def _word_vecs(self, word: str) -> tuple:
        """What scoring needs of a word, cached: its row in the weight matrix (0: its weight
        vectors at offsets 0, -1, +1, -2, +2, 15 floats, and its part of speech), its bigram-key
        form as first word when a phrase of the table starts with it, else None (1), its form as
        last word, and whether it starts with a letter or digit (2; None when not)."""
        vecs = self._word.get(word)
        if vecs is None:
            if len(self._word) >= _MAX_CACHED_WORDS:
                self._word.clear()
            feats = word_features(word, self.lex, self.df)
            row = len(self._word) + 1
            if row == len(self._vec):
                self._vec = np.resize(self._vec, (2 * row, 15))
                self._tags = np.resize(self._tags, 2 * row)
            self._vec[row] = [w for off in (0, -1, 1, -2, 2) for w in self._sum(feats[off])]
            self._tags[row] = self._tag_id[self.lex.get(word.lower(), "?")]
            alnum = word[:1].isalnum()  # a bracket or a comma starts no phrase of the table
            first = word.lower().replace("-", " ")
            vecs = self._word[word] = (
                row,
                first if alnum and first.split(" ", 1)[0] in self._firsts else None,
                phrase_key([word]) if alnum else None,
            )
        return vecs

    def _bigram_buckets(self, words: list[str], info: list[tuple]) -> list[int]:
        """How often the field writes each pair of neighbouring words (0 = never): n-1 buckets."""
        df_get = self.df.get
        pairs = [0] * (len(words) - 1)
        for k, (left, right) in enumerate(zip(info, info[1:])):
            first, last = left[1], right[2]
            if first is None or last is None:
                continue
            key = f"{first} {last}"
            if "  " in key or key[-1] == " ":
                key = phrase_key([words[k], words[k + 1]])
            got = df_get(key)
            if got:
                pairs[k] = _bucket(got)
        return pairs

    def scores(self, words: list[str]) -> np.ndarray:
        """The O, B and I scores of every token after each label before it: shape (3, n, 3)."""
        known = self._word.get
        info = [known(w) or self._word_vecs(w) for w in words]
        rows = np.array([0, 0, *(inf[0] for inf in info), 0, 0], dtype=np.intp)
        vec, tag = self._vec[rows], self._tags[rows]  # two rows of padding at each end
        # each token's own weights, then its neighbours' as the word one before, one after,
        # two before and two after it
        static = self._bias + vec[2:-2, 0:3]
        static += vec[1:-3, 3:6]
        static += vec[3:-1, 6:9]
        static += vec[:-4, 9:12]
        static += vec[4:, 12:15]
        pairs = self._bigram_buckets(words, info)
        out = static + self._ctx[:, tag[2:-2]]  # (3, n, 3): the label before is the first axis
        out += self._dfn[pairs + [0]]
        out += self._dfp[[0, *pairs]]
        out += self._pos3[tag[1:-3], tag[2:-2], tag[3:-1]]
        rep, brep = repeats(words)
        out += self._rep[rep] + self._brep[brep]
        return out

    def spans(self, words: list[str]) -> list[tuple[int, int, float]]:
        """(first token, last token, margin) of each span tagged in a sequence of words."""
        if not words:
            return []
        rows = self.scores(words).tolist()  # rows[label before][token] = [O, B, I]
        out: list[tuple[int, int, float]] = []
        cur = None
        prev = 0
        for i in range(len(words)):
            o, b, t = rows[prev][i]
            if prev == 0:
                # an I only continues a span; the first best label wins ties, as in training
                if b > o:
                    label, margin = 1, b - o
                else:
                    label, margin = 0, o - b
            elif o >= b and o >= t:
                label, margin = 0, o - max(b, t)
            elif b >= t:
                label, margin = 1, b - max(o, t)
            else:
                label, margin = 2, t - max(o, b)
            if label == 1:
                if cur:
                    out.append(tuple(cur))
                cur = [i, i, margin]
            elif label == 2:
                cur[1] = i
                if margin < cur[2]:
                    cur[2] = margin
            elif cur:
                out.append(tuple(cur))
                cur = None
            prev = label
        if cur:
            out.append(tuple(cur))
        return out


def model_path() -> Path:
    return Path(str(resources.files("kg.extract").joinpath("data", "tagger.json")))


@functools.lru_cache(maxsize=4)
def load_tagger(vocab_file: str | None = None, weights_file: str | None = None) -> KeyConceptTagger | None:
    """The shipped tagger (or the one of `weights_file`), or None when its weight file is absent."""
    from kg.extract.phrases import lexicon
    from kg.extract.vocabulary import load_vocabulary

    path = Path(weights_file) if weights_file else model_path()
    if not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    return KeyConceptTagger(data["weights"], lexicon(), load_vocabulary(vocab_file).phrase_df)
