"""Which candidate concepts a paper keeps: a small logistic model over the evidence.

An abstract yields ~22 candidate concepts; readers expect 5–15. Hand-set rules (keep a
phrase if the paper repeats it, if the field uses it, if the title names it …) each looked
at one signal; the model weighs them together. Its weights are learned from annotated
abstracts by ``tools/train_ranker.py`` and shipped in ``data/ranker.json``; every feature is
a property of one paper and the field vocabulary, never of the other papers in the build. (The
resolver's cap alone looks past the paper: a curated concept two papers of the build name goes
before a one-off phrase of about the same probability, ``resolver.SHARED_BONUS``.)
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from kg.models import CONCEPT_TYPES, ROLES

EXTRACTORS = ("names", "definition", "terms", "phrases", "nouns", "vocabulary", "tagger")


@dataclass
class Evidence:
    """What one paper says about one candidate concept."""

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


def features(ev: Evidence) -> dict[str, float]:
    """The model's inputs by name (absent names are 0)."""
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
    return f


FEATURE_NAMES = (
    "bias",
    *(f"found_by:{e}" for e in EXTRACTORS),
    *(f"best_by:{e}" for e in EXTRACTORS),
    *(f"role:{r}" for r in ROLES),
    *(f"type:{t}" for t in CONCEPT_TYPES),
    "score", "log_uses", "repeated", "in_title", "log_field_df", "field_term", "field_stock",
    "field_unseen", "in_vocabulary", "curated", "words", "acronym", "generic_head", "first", "early",
)


class LinkRanker:
    """P(a candidate is one of the paper's key concepts), from learned feature weights."""

    def __init__(self, weights: dict[str, float], threshold: float, rank_last: frozenset[str] = frozenset()):
        self.weights = weights
        self.threshold = threshold
        # concepts the annotated papers link often and almost never name as key concepts
        # ("reasoning", "AI", "generalization"): under the cap they come after every other candidate
        self.rank_last = rank_last
        w = weights.get
        # the one-hot weights by value: probability() runs for every candidate of every paper
        self._found = {e: w(f"found_by:{e}", 0.0) for e in EXTRACTORS}
        self._best = {e: w(f"best_by:{e}", 0.0) for e in EXTRACTORS}
        self._role = {r: w(f"role:{r}", 0.0) for r in ROLES}
        self._type = {t: w(f"type:{t}", 0.0) for t in CONCEPT_TYPES}
        self._w = {name: w(name, 0.0) for name in FEATURE_NAMES if ":" not in name}

    @classmethod
    def load(cls, path: str | Path | None = None) -> LinkRanker:
        if path is None:
            text = resources.files("kg.resolve").joinpath("data/ranker.json").read_text(encoding="utf-8")
        else:
            text = Path(path).read_text(encoding="utf-8")
        data = json.loads(text)
        return cls(data["weights"], data["threshold"], frozenset(data.get("rank_last", ())))

    def probability(self, ev: Evidence) -> float:
        """The logistic of the weighted features; the same sum as over `features(ev)`, unrolled."""
        w, df, found = self._w, ev.field_df, self._found
        z = w["bias"] + sum(found.get(e, 0.0) for e in sorted(ev.extractors))
        z += self._best.get(ev.extractor, 0.0) + self._role.get(ev.role, 0.0) + self._type.get(ev.type, 0.0)
        z += (
            w["score"] * ev.score
            + w["log_uses"] * math.log1p(ev.uses)
            + (w["repeated"] if ev.uses >= 2 else 0.0)
            + (w["in_title"] if ev.in_title else 0.0)
            + w["log_field_df"] * math.log1p(df) / 5
            + (w["field_term"] if 3 <= df < 100 else 0.0)
            + (w["field_stock"] if df >= 100 else 0.0)
            + (w["field_unseen"] if df == 0 else 0.0)
            + (w["in_vocabulary"] if ev.in_vocabulary else 0.0)
            + (w["curated"] if ev.curated else 0.0)
            + w["words"] * min(ev.words, 5) / 5
            + (w["acronym"] if ev.acronym else 0.0)
            + (w["generic_head"] if ev.generic_head else 0.0)
            + w["first"] * ev.first
            + (w["early"] if ev.first < 0.2 else 0.0)
        )
        return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))
