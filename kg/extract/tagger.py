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
"quantization", which the annotated abstracts may never write). Scoring
sums, per token, a few cached weight vectors per word and position, so it costs about as much
as one more pass over the tokens.
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources
from pathlib import Path

from kg.resolve.normalize import singular

LABELS = ("O", "B", "I")
_PAD = "<pad>"
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


def token_features(words: list[str], i: int, prev: str, lex: dict[str, str], df: dict[str, int]) -> list[str]:
    """Every feature name of token `i` given the label before it (for training; the tagger sums
    the same features from its caches)."""
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
    ]
    return feats


class KeyConceptTagger:
    """Greedy B/I/O decoding with a trained weight table (feature -> weights of O, B, I)."""

    def __init__(self, weights: dict[str, list[float]], lex: dict[str, str], df: dict[str, int]):
        self.weights = weights
        self.lex = lex
        self.df = df
        self._zero = (0.0, 0.0, 0.0)
        self._word: dict[str, tuple] = {}
        self._ctx: dict[tuple[str, str], tuple[float, float, float]] = {}
        self._pos3: dict[tuple[str, str, str], tuple[float, float, float]] = {}
        self._bias = self._sum(["bias"])
        pad = word_features(_PAD, lex, df)
        self._pad = (self._zero, *(self._sum(pad[off]) for off in (-1, 1, -2, 2)), "?", "", "", False)
        self._dfn = [self._sum([f"dfn={k}"]) for k in range(5)]
        self._dfp = [self._sum([f"dfp={k}"]) for k in range(5)]
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
        """What scoring needs of a word, cached: its weight vectors at offsets 0, -1, +1, -2, +2 (0-4),
        its part of speech (5), its bigram-key forms as first and as last word (6, 7), and whether
        it starts with a letter or digit (8)."""
        vecs = self._word.get(word)
        if vecs is None:
            if len(self._word) > 500_000:
                self._word.clear()
            feats = word_features(word, self.lex, self.df)
            vecs = self._word[word] = (
                *(self._sum(feats[off]) if off in feats else self._zero for off in (0, -1, 1, -2, 2)),
                self.lex.get(word.lower(), "?"),
                word.lower().replace("-", " "),  # as the first word of a bigram key
                phrase_key([word]),  # as the last
                word[:1].isalnum(),
            )
        return vecs

    def _context(self, prev: str, pos: str) -> tuple[float, float, float]:
        key = (prev, pos)
        vec = self._ctx.get(key)
        if vec is None:
            vec = self._ctx[key] = self._sum([f"prev={prev}", f"prev+pos={prev}{pos}"])
        return vec

    def _pos_pairs(self, before: str, pos: str, after: str) -> tuple[float, float, float]:
        key = (before, pos, after)
        vec = self._pos3.get(key)
        if vec is None:
            vec = self._pos3[key] = self._sum([f"pos-1pos={before}|{pos}", f"pospos+1={pos}|{after}"])
        return vec

    def spans(self, words: list[str]) -> list[tuple[int, int, float]]:
        """(first token, last token, margin) of each span tagged in a sequence of words."""
        n = len(words)
        if not n:
            return []
        pad = self._pad
        known = self._word.get
        info = [known(w) or self._word_vecs(w) for w in words]
        pairs = [0] * (n - 1)
        df_get, firsts = self.df.get, self._firsts
        for k in range(n - 1):
            left, right = info[k], info[k + 1]
            if not (left[8] and right[8]):
                continue  # a bracket or a comma: no phrase of the table
            first = left[6]
            if first.split(" ", 1)[0] not in firsts:
                continue  # no phrase of the table starts with the word
            key = f"{first} {right[7]}"
            if "  " in key or key[-1] == " ":
                key = phrase_key([words[k], words[k + 1]])
            got = df_get(key, 0)
            pairs[k] = _bucket(got) if got else 0
        dfn, dfp = self._dfn, self._dfp
        bias = self._bias
        out: list[tuple[int, int, float]] = []
        cur = None
        prev = "O"
        for i in range(n):
            me = info[i]
            l1 = info[i - 1][1] if i >= 1 else pad[1]
            r1 = info[i + 1][2] if i + 1 < n else pad[2]
            l2 = info[i - 2][3] if i >= 2 else pad[3]
            r2 = info[i + 2][4] if i + 2 < n else pad[4]
            ctx = self._context(prev, me[5])
            pp = self._pos3.get((info[i - 1][5] if i >= 1 else _PAD, me[5], info[i + 1][5] if i + 1 < n else _PAD))
            if pp is None:
                pp = self._pos_pairs(info[i - 1][5] if i >= 1 else _PAD, me[5], info[i + 1][5] if i + 1 < n else _PAD)
            nx = dfn[pairs[i] if i + 1 < n else 0]
            pv = dfp[pairs[i - 1] if i >= 1 else 0]
            c = me[0]
            o = bias[0] + c[0] + l1[0] + r1[0] + l2[0] + r2[0] + ctx[0] + nx[0] + pv[0] + pp[0]
            b = bias[1] + c[1] + l1[1] + r1[1] + l2[1] + r2[1] + ctx[1] + nx[1] + pv[1] + pp[1]
            if prev == "O":
                # an I only continues a span; the first best label wins ties, as in training
                if b > o:
                    label, margin = "B", b - o
                else:
                    label, margin = "O", o - b
            else:
                t = bias[2] + c[2] + l1[2] + r1[2] + l2[2] + r2[2] + ctx[2] + nx[2] + pv[2] + pp[2]
                if o >= b and o >= t:
                    label, margin = "O", o - max(b, t)
                elif b >= t:
                    label, margin = "B", b - max(o, t)
                else:
                    label, margin = "I", t - max(o, b)
            if label == "B":
                if cur:
                    out.append(tuple(cur))
                cur = [i, i, margin]
            elif label == "I":
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


@functools.lru_cache(maxsize=2)
def load_tagger(vocab_file: str | None = None) -> KeyConceptTagger | None:
    """The shipped tagger, or None when its weight file is absent."""
    from kg.extract.phrases import lexicon
    from kg.extract.vocabulary import load_vocabulary

    path = model_path()
    if not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    return KeyConceptTagger(data["weights"], lexicon(), load_vocabulary(vocab_file).phrase_df)
