"""Which candidate concepts a paper keeps: a small learned model over the evidence.

An abstract yields ~22 candidate concepts; readers expect 5–15. Hand-set rules (keep a
phrase if the paper repeats it, if the field uses it, if the title names it …) each looked
at one signal; the model weighs them together: boosted regression trees over the evidence
(``TreeEnsemble``), or a weighted sum of it for a weights file without trees. It is learned from
annotated abstracts by ``tools/train_ranker.py`` and shipped in ``data/ranker.json``; every feature is
a property of one paper and the field vocabulary, never of the other papers in the build. (The
resolver's cap alone looks past the paper: a curated concept two papers of the build name goes
before a one-off phrase of about the same probability, ``resolver.SHARED_BONUS``.)

Besides the evidence, the model reads the candidate's words: how rare the field finds them
(``word_df.tsv``) and which corpus clusters they fall in, since a key concept usually holds a
word the field seldom writes. A weak phrase nothing corroborates is ranked too, marked
``unsupported``, and kept only over a higher bar (``LinkRanker.unsupported_threshold``).

The trees score each candidate alone; ``InPaper`` then reads each probability again beside the
paper's other candidates (``LinkRanker.in_paper``), since annotators name about as many key
concepts in every abstract: a candidate at 0.25 is gold about three times as often in a paper
whose candidates add up to few key concepts as in one whose candidates promise many.
"""

from __future__ import annotations

import functools
import json
import math
import re
import unicodedata
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

import numpy as np

from kg.models import CONCEPT_TYPES, ROLES
from kg.resolve.normalize import singular

EXTRACTORS = ("names", "definition", "terms", "phrases", "nouns", "vocabulary", "tagger")
ABSTRACTS_LINE = "<abstracts>"  # word_df.tsv's line with how many abstracts it counts
_WORD = re.compile(r"[^\W_]+")
CLUSTERS = 64  # the word-cluster table's coarse clusters (tools/mine_word_clusters.py --coarse)


def key_words(text: str) -> list[str]:
    """The words of a text as the resolver keys them: case-folded, letters and digits, singular."""
    return [singular(w) for w in _WORD.findall(unicodedata.normalize("NFKC", text).casefold())]


@functools.lru_cache(maxsize=1)
def _word_df() -> tuple[int, dict[str, int]]:
    """(abstracts counted, word -> abstracts using it) of kg/extract/data/word_df.tsv
    (tools/mine_word_df.py); (0, {}) when absent."""
    path = Path(str(resources.files("kg.extract").joinpath("data", "word_df.tsv")))
    if not path.is_file():
        return 0, {}
    total, df = 0, {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            word, n = line.split("\t")
            if word == ABSTRACTS_LINE:
                total = int(n)
            else:
                df[word] = int(n)
    return total, df


@functools.lru_cache(maxsize=1)
def _key_word_clusters() -> dict[str, int]:
    """Key word -> coarse cluster of the words the corpus uses alike: the word's own cluster, or
    for a singular the corpus clusters only in the plural ("workflow"), the plural's."""
    from kg.extract.tagger import word_clusters

    clustered = sorted((word, int(coarse)) for word, (coarse, _fine) in word_clusters().items()
                       if coarse.isdigit() and int(coarse) < CLUSTERS)
    out = dict(clustered)  # the form itself first ("data", "analysis") ...
    for word, cluster in clustered:
        out.setdefault(singular(word), cluster)  # ... then a plural for its singular
    return out


@dataclass(frozen=True, slots=True)
class WordFacts:
    """How specific a concept key's words are: the field's word counts and word clusters."""

    rarest: float = 0.0  # the rarity of its rarest word: log((N + 1) / (df + 1)) / 10
    head: float = 0.0  # of its last word
    first: float = 0.0  # of its first word
    mean: float = 0.0
    head_cluster: int = -1  # -1: a word too rare to be clustered
    modifier_cluster: int = -1  # of its first word when it has two or more
    head_word: str = ""  # its last word as key_words() writes it
    first_word: str = ""


def word_facts(key: str) -> WordFacts:
    """The rarity and clusters of a concept key's words ("mediation analysis": "mediation" is rare)."""
    total, df = _word_df()
    words = key_words(key)
    if not words or not total:
        return WordFacts()
    top = math.log(total + 1)
    rarity = [(top - math.log(df.get(w, 0) + 1)) / 10 for w in words]
    clusters = _key_word_clusters()
    return WordFacts(
        max(rarity), rarity[-1], rarity[0], sum(rarity) / len(rarity),
        clusters.get(words[-1], -1), clusters.get(words[0], -1) if len(words) > 1 else -1, words[-1], words[0],
    )


@dataclass(frozen=True)
class NamedShares:
    """How often annotators name a candidate that ends (head) or starts (first) with a word: of
    the candidates of the annotated abstracts tools/train_ranker.py trains on (contributions
    aside), a word -> (candidates, gold key concepts) table each. "performance", "result" and
    "capability" end a hundred candidates and few key concepts; most that end in "detection" or
    "distillation" are named. The share is smoothed toward `prior` by `strength` candidates, so
    a word seen twice moves it little and a word never seen gets the prior."""

    head: dict[str, tuple[int, int]]
    first: dict[str, tuple[int, int]]
    prior: float = 0.15
    strength: float = 5.0

    @classmethod
    def from_doc(cls, doc: dict) -> NamedShares:
        head, first = ({word: (int(n), int(gold)) for word, (n, gold) in doc[t].items()} for t in ("head", "first"))
        return cls(head, first, float(doc["prior"]), float(doc["strength"]))

    def values(self, head_word: str, first_word: str) -> tuple[float, float, float, float]:
        """(head_named, head_seen, first_named, first_seen) of a candidate's last and first word."""
        out = []
        for table, word in ((self.head, head_word), (self.first, first_word)):
            n, gold = table.get(word, (0, 0))
            out += [(gold + self.prior * self.strength) / (n + self.strength), math.log1p(n) / 5]
        return tuple(out)


SHARE_FEATURES = ("head_named", "head_seen", "first_named", "first_seen")


@dataclass(slots=True)
class Evidence:
    """What one paper says about one candidate concept (slots: a build holds one per candidate)."""

    role: str  # the strongest role of its mentions
    extractor: str  # the extractor of the strongest mention
    type: str  # the type that mention carries
    score: float  # the extractor's confidence in that mention
    extractors: set[str] = field(default_factory=set)  # every extractor that found it
    uses: int = 0  # mentions in the paper
    first: float = 1.0  # where the first mention starts, as a share of the abstract
    in_title: bool = False
    field_df: int = 0  # abstracts of the mining corpus that use the phrase (phrase_df)
    in_vocabulary: bool = False  # some mention matched a vocabulary entry
    curated: bool = False  # ... a curated one
    words: int = 1
    acronym: bool = False
    generic_head: bool = False
    word_facts: WordFacts = WordFacts()
    # a weak phrase nothing corroborates (resolver._corroborated): ranked, with a higher bar
    unsupported: bool = False


def features(ev: Evidence, shares: NamedShares | None = None) -> dict[str, float]:
    """The model's inputs by name (absent names are 0; so are the shares without a table)."""
    f = {"bias": 1.0}
    for e in sorted(ev.extractors):  # a fixed order: float sums must not depend on hashing
        f[f"found_by:{e}"] = 1.0
    f[f"best_by:{ev.extractor}"] = 1.0
    f[f"role:{ev.role}"] = 1.0
    f[f"type:{ev.type}"] = 1.0
    df = ev.field_df
    f.update({
        "score": ev.score,
        "log_uses": math.log1p(ev.uses),
        "repeated": float(ev.uses >= 2),
        "in_title": float(ev.in_title),
        "log_field_df": math.log1p(df) / 5,
        "field_term": float(3 <= df < 100),
        "field_stock": float(df >= 100),
        "field_unseen": float(df == 0),
        "in_vocabulary": float(ev.in_vocabulary),
        "curated": float(ev.curated),
        "words": min(ev.words, 5) / 5,
        "acronym": float(ev.acronym),
        "generic_head": float(ev.generic_head),
        "first": ev.first,
        "early": float(ev.first < 0.2),
    })
    wf = ev.word_facts
    single = float(ev.words == 1)
    f.update({
        "rarest_word": wf.rarest, "head_rarity": wf.head, "first_rarity": wf.first, "mean_rarity": wf.mean,
        "single_word": single, "single_rarity": single * wf.first,
        "unsupported": float(ev.unsupported), "unsupported_rarity": wf.rarest if ev.unsupported else 0.0,
    })
    f[f"head_cluster:{wf.head_cluster}"] = 1.0
    if wf.modifier_cluster >= 0:
        f[f"modifier_cluster:{wf.modifier_cluster}"] = 1.0
    if shares is not None:
        f.update(zip(SHARE_FEATURES, shares.values(wf.head_word, wf.first_word)))
    return f


FEATURE_NAMES = (
    "bias",
    *(f"found_by:{e}" for e in EXTRACTORS),
    *(f"best_by:{e}" for e in EXTRACTORS),
    *(f"role:{r}" for r in ROLES),
    *(f"type:{t}" for t in CONCEPT_TYPES),
    "score", "log_uses", "repeated", "in_title", "log_field_df", "field_term", "field_stock",
    "field_unseen", "in_vocabulary", "curated", "words", "acronym", "generic_head", "first", "early",
    "rarest_word", "head_rarity", "first_rarity", "mean_rarity", "single_word", "single_rarity",
    "unsupported", "unsupported_rarity", *SHARE_FEATURES,
    *(f"head_cluster:{c}" for c in range(-1, CLUSTERS)),
    *(f"modifier_cluster:{c}" for c in range(CLUSTERS)),
)


def _numeric_columns(evidence: list[Evidence], shares: NamedShares | None) -> dict[str, np.ndarray]:
    """features()'s numbers that are not one-hot, a column each."""
    n = len(evidence)

    def attr(name: str) -> np.ndarray:
        return np.fromiter((getattr(ev, name) for ev in evidence), dtype=np.float64, count=n)

    def fact(name: str) -> np.ndarray:
        return np.fromiter((getattr(ev.word_facts, name) for ev in evidence), dtype=np.float64, count=n)

    df, uses, words, first, unsupported = (attr(a) for a in ("field_df", "uses", "words", "first", "unsupported"))
    rarest, first_rarity = fact("rarest"), fact("first")
    single = (words == 1).astype(np.float64)
    if shares is None:
        share_columns = dict.fromkeys(SHARE_FEATURES, np.zeros(n))
    else:
        rows = [shares.values(ev.word_facts.head_word, ev.word_facts.first_word) for ev in evidence]
        share_columns = dict(zip(SHARE_FEATURES, np.array(rows, dtype=np.float64).reshape(n, len(SHARE_FEATURES)).T))
    return {
        **share_columns,
        "bias": np.ones(n), "score": attr("score"), "log_uses": _log1p(uses), "repeated": uses >= 2,
        "in_title": attr("in_title"), "log_field_df": _log1p(df) / 5, "field_term": (df >= 3) & (df < 100),
        "field_stock": df >= 100, "field_unseen": df == 0, "in_vocabulary": attr("in_vocabulary"),
        "curated": attr("curated"), "words": np.minimum(words, 5) / 5, "acronym": attr("acronym"),
        "generic_head": attr("generic_head"), "first": first, "early": first < 0.2, "rarest_word": rarest,
        "head_rarity": fact("head"), "first_rarity": first_rarity, "mean_rarity": fact("mean"), "single_word": single,
        "single_rarity": single * first_rarity, "unsupported": unsupported, "unsupported_rarity": unsupported * rarest,
    }


def _log1p(counts: np.ndarray) -> np.ndarray:
    """math.log1p of each count, as features() computes it: numpy's own log1p may differ in the last
    bit on some processors (its vectorised code on AVX-512), and the trees were trained on these."""
    values, at = np.unique(counts, return_inverse=True)
    return np.array([math.log1p(v) for v in values.tolist()], dtype=np.float64)[at]


_ONE_HOT_OF = {"best_by": "extractor", "role": "role", "type": "type"}


def feature_matrix(evidence: list[Evidence], names: tuple[str, ...], shares: NamedShares | None = None) -> np.ndarray:
    """features(ev)[name] (0 when absent) for each piece of evidence and name, built a column at a
    time: the same numbers as features(), without a dict per candidate (a test keeps them equal)."""
    X = np.zeros((len(evidence), len(names)))
    if not evidence:
        return X
    numeric = _numeric_columns(evidence, shares) if any(":" not in name for name in names) else {}
    values: dict[str, np.ndarray] = {}  # one-hot kind -> each candidate's value (a bit per extractor)
    for k, name in enumerate(names):
        kind, _, value = name.partition(":")
        if not value:
            X[:, k] = numeric[name]
            continue
        if kind not in values:
            if kind == "found_by":
                bit = {e: 1 << i for i, e in enumerate(EXTRACTORS)}
                values[kind] = np.array([sum(bit.get(e, 0) for e in ev.extractors) for ev in evidence], dtype=np.int64)
            elif kind in _ONE_HOT_OF:
                values[kind] = np.array([getattr(ev, _ONE_HOT_OF[kind]) for ev in evidence], dtype=object)
            else:  # head_cluster, modifier_cluster
                values[kind] = np.array([getattr(ev.word_facts, kind) for ev in evidence], dtype=np.int64)
        if kind == "found_by":
            X[:, k] = (values[kind] >> EXTRACTORS.index(value)) & 1 if value in EXTRACTORS else 0.0
        else:
            X[:, k] = values[kind] == (value if kind in _ONE_HOT_OF else int(value))
    return X


BATCH = 4096  # candidates scored at once: memory stays bounded on a million of them


class TreeEnsemble:
    """Boosted regression trees over named features (written by tools/boosted_trees.py): the
    margin of P(key concept) is `base` plus one leaf value per tree. Trees let the evidence
    interact, which a sum of weights cannot: a tagged phrase the field never writes is a
    different bet from one it does. Rows are scored in batches with numpy, every tree at once."""

    def __init__(self, inputs: list[str], base: float, trees: list[list[list[float]]]):
        self.inputs = tuple(inputs)
        self.base = float(base)
        nodes = [node for tree in trees for node in tree]
        self.roots = np.cumsum([0] + [len(tree) for tree in trees[:-1]], dtype=np.int64)
        offset = np.repeat(self.roots, [len(tree) for tree in trees])
        self.feature = np.array([max(int(n[0]), 0) for n in nodes], dtype=np.int64)
        self.threshold = np.array([n[1] for n in nodes], dtype=np.float64)
        leaf = np.array([int(n[2]) < 0 for n in nodes])
        self.left = np.where(leaf, -1, np.array([int(n[2]) for n in nodes]) + offset)
        self.right = np.where(leaf, -1, np.array([int(n[3]) for n in nodes]) + offset)
        self.value = np.array([n[4] for n in nodes], dtype=np.float64)
        self.inner = self.left >= 0

    def margins(self, X: np.ndarray) -> np.ndarray:
        """The margin of each row of X (columns in `inputs` order)."""
        out = np.empty(len(X))
        for start in range(0, len(X), BATCH):
            rows = X[start : start + BATCH]
            n, width = len(rows), rows.shape[1]
            flat = np.ascontiguousarray(rows).ravel()
            # one walker per (row, tree), moved down a level at a time while it is at an inner node
            at = np.tile(self.roots, n)
            row_start = np.repeat(np.arange(n) * width, len(self.roots))
            walking = np.flatnonzero(self.inner[at])
            while walking.size:
                node = at[walking]
                x = flat[row_start[walking] + self.feature[node]]
                at[walking] = node = np.where(x <= self.threshold[node], self.left[node], self.right[node])
                walking = walking[self.inner[node]]
            out[start : start + n] = self.base + self.value[at].reshape(n, -1).sum(axis=1)
        return out


def sigmoid(z: np.ndarray) -> np.ndarray:
    """The probability of each margin (clipped: no overflow in exp), as every model here reads it."""
    return 1.0 / (1.0 + np.exp(-np.clip(z, -50.0, 50.0)))


IN_PAPER_INPUTS = ("bias", "logit", "log_paper_sum", "unsupported", "unsupported_logit")


def paper_sums(probability: np.ndarray, paper: np.ndarray, proposes: np.ndarray) -> np.ndarray:
    """The sum of each paper's candidate probabilities, contributions aside (`paper` numbers each
    candidate's paper 0, 1, ...): what InPaper reads a probability beside, and what the trainer
    fits it on."""
    return np.bincount(paper, weights=np.where(proposes, 0.0, probability))


def in_paper_inputs(probability: np.ndarray, paper_sum: np.ndarray, unsupported: np.ndarray) -> np.ndarray:
    """InPaper's inputs (IN_PAPER_INPUTS, a column each): the candidate's own probability as a
    logit, log(1 + the sum of its paper's probabilities, contributions aside), and whether it is
    a weak phrase nothing corroborates (alone and with the logit: those are calibrated apart)."""
    p = np.clip(probability, 1e-4, 1.0 - 1e-4)
    logit = np.log(p / (1.0 - p))
    u = unsupported.astype(np.float64)
    return np.column_stack([np.ones(len(p)), logit, np.log1p(paper_sum), u, u * logit])


class InPaper:
    """The probability of a candidate given the rest of its paper: a logistic model of the trees'
    probability and the sum of the paper's probabilities (the key concepts its candidates
    promise), learned out of fold by tools/train_ranker.py. Where the paper's candidates promise
    few key concepts, its weaker candidates are likelier ones; where they promise many, less."""

    def __init__(self, weights: list[float], sum_range: tuple[float, float] = (0.0, math.inf)):
        if len(weights) != len(IN_PAPER_INPUTS):
            raise ValueError(f"in_paper needs {len(IN_PAPER_INPUTS)} weights ({', '.join(IN_PAPER_INPUTS)}), got {len(weights)}")
        self.weights = np.array(weights, dtype=np.float64)
        # a paper's sum is read within the range the model learned from: a two-sentence text
        # with two candidates is no abstract whose candidates promise few key concepts
        self.sum_range = (float(sum_range[0]), float(sum_range[1]))

    def probabilities(self, probability, paper, unsupported, proposes) -> list[float]:
        """Each candidate's probability read again (sequences or arrays, one item a candidate);
        `paper` numbers each candidate's paper (0, 1, ...). A contribution's probability is left
        as it is and counts toward no paper's sum."""
        p = np.asarray(probability, dtype=np.float64)
        if not len(p):
            return []
        own = np.asarray(proposes, dtype=bool)
        index = np.asarray(paper, dtype=np.int64)
        sums = np.clip(paper_sums(p, index, own), *self.sum_range)
        z = in_paper_inputs(p, sums[index], np.asarray(unsupported, dtype=bool)) @ self.weights
        return np.where(own, p, sigmoid(z)).tolist()


def model_json(name: str, path: str | Path | None = None) -> dict:
    """A learned model's file: the shipped kg/resolve/data/`name`, or the file at `path`."""
    if path is None:
        return json.loads(resources.files("kg.resolve").joinpath("data", name).read_text(encoding="utf-8"))
    return json.loads(Path(path).read_text(encoding="utf-8"))


class LinkRanker:
    """P(a candidate is one of the paper's key concepts), from learned feature weights or trees."""

    def __init__(
        self, weights: dict[str, float], threshold: float, rank_last: frozenset[str] = frozenset(),
        unsupported_threshold: float | None = None, trees: TreeEnsemble | None = None,
        shares: NamedShares | None = None, in_paper: InPaper | None = None,
    ):
        self.weights = weights
        # the probabilities read again beside the rest of the paper (none: left as they are)
        self.in_paper = in_paper
        self.trees = trees
        self.shares = shares
        self.threshold = threshold
        # the bar for a weak phrase nothing corroborates: higher, as fewer of those are valid
        # (none passes a weights file that sets no bar: such a file was trained without them)
        self.unsupported_threshold = math.inf if unsupported_threshold is None else unsupported_threshold
        # concepts the annotated papers link often and almost never name as key concepts
        # ("reasoning", "AI", "generalization"): under the cap they come after every other candidate
        self.rank_last = rank_last
        # the weighted sum's inputs: the features the weights name, in FEATURE_NAMES order
        self._weighted = tuple(name for name in FEATURE_NAMES if weights.get(name))
        self._weight_vector = np.array([weights[name] for name in self._weighted], dtype=np.float64)

    @classmethod
    def load(cls, path: str | Path | None = None) -> LinkRanker:
        data = model_json("ranker.json", path)
        trees = data.get("trees")
        return cls(
            data.get("weights", {}), data["threshold"], frozenset(data.get("rank_last", ())), data.get("unsupported_threshold"),
            TreeEnsemble(trees["inputs"], trees["base"], trees["trees"]) if trees else None,
            NamedShares.from_doc(data["named_shares"]) if "named_shares" in data else None,
            InPaper(data["in_paper"]["weights"], data["in_paper"]["sum_range"]) if "in_paper" in data else None,
        )

    def probabilities(self, evidence: list[Evidence]) -> list[float]:
        """probability() of each piece of evidence, scored a batch at a time (memory stays bounded)."""
        out: list[float] = []
        for start in range(0, len(evidence), BATCH):
            part = evidence[start : start + BATCH]
            if self.trees is not None:
                z = self.trees.margins(feature_matrix(part, self.trees.inputs, self.shares))
            else:
                z = feature_matrix(part, self._weighted, self.shares) @ self._weight_vector
            out.extend(sigmoid(z).tolist())
        return out

    def probability(self, ev: Evidence) -> float:
        """P(key concept) of one candidate: the trees', or the logistic of the weighted features."""
        return self.probabilities([ev])[0]
