"""What kind of concept a node is: a learned second reading of its type.

Each extractor types its mentions by rule: a name's head word ("... optimization" is a Method),
the phrase around it ("the X dataset", "evaluated on X"), the vocabulary's entry. The resolver
gives a concept the type its mentions vote for most. The votes disagree with annotators on
about three concepts in ten, mostly Method against Concept and Task against Concept, where one
rule's word decides alone. This reader reads each concept once more, as a whole: the votes,
the head word's rule and the field's clusters of its words, the shape of its name, the words
its sentences put before and after it, its roles. One boosted-tree ensemble per type, learned
from annotated abstracts by ``tools/train_typer.py`` and shipped in ``data/typer.json``, gives
each type a probability, and the likeliest is the concept's type.

The vocabulary's curated entries keep their own type. The reader reads the whole build's links
to a concept, as the votes do, so a concept's type is the same whichever paper is read first.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

import numpy as np

from kg.extract.typing_rules import type_from_head
from kg.models import CONCEPT_TYPES
from kg.resolve.ranking import TreeEnsemble, WordFacts, model_json, sigmoid, word_facts

# the words a sentence writes just before a concept, by what they say of it
_BEFORE = {
    "on": "on across over".split(),  # "evaluated on X": a benchmark, a dataset
    "for": "for".split(),  # "a method for X": a task
    "using": "using via with by through".split(),  # "trained with X": a method, a model
    "than": "than outperforms outperform surpasses beats".split(),  # a baseline model
    "of": "of".split(),  # "the accuracy of X"
}
# the kind noun a sentence writes just after it: "X dataset", "X benchmark", "X score"
_AFTER = {
    "dataset": "dataset datasets corpus corpora".split(),
    "benchmark": "benchmark benchmarks suite".split(),
    "model": "model models llm llms".split(),
    "framework": "framework frameworks system systems pipeline".split(),
    "method": "method methods approach approaches algorithm algorithms technique techniques strategy".split(),
    "task": "task tasks problem problems".split(),
    "metric": "metric metrics score scores accuracy".split(),
}
_BEFORE_OF = {w: kind for kind, words in _BEFORE.items() for w in words}
_AFTER_OF = {w: kind for kind, words in _AFTER.items() for w in words}
_ROLES = ("PROPOSES", "USES", "EVALUATES_ON", "COMPARES_WITH")
_EXTRACTORS = ("names", "tagger", "vocabulary", "phrases", "definition", "title", "terms")
_SUFFIXES = {
    "ing": ("ing",),
    "tion": ("tion", "sion"),
    "ity": ("ity", "ness", "ence", "ance"),
    "er": ("er", "or"),
    "ics": ("ics",),
    "ment": ("ment",),
    "al": ("al", "ive", "ous", "ic"),
}
TYPE_FEATURES = (
    *(f"vote:{t}" for t in CONCEPT_TYPES),  # the share of the mentions' typed votes
    "votes",  # log(1 + their weight)
    *(f"rule:{t}" for t in CONCEPT_TYPES),  # the type the votes give
    *(f"head:{t}" for t in CONCEPT_TYPES),  # the type its last word gives (kg.extract.typing_rules)
    *(f"entry:{t}" for t in CONCEPT_TYPES),  # a mined vocabulary entry's type
    "words",
    "acronym",  # "GRPO", "LLMs"
    "digit",  # "Qwen2.5", "AIME25"
    "inner_capital",  # "GraphRAG", "SciMem"
    "title_case",  # "Knowledge Recall"
    "lower",  # "policy optimization"
    "hyphen",
    "defined",  # an acronym the corpus spells out
    "head_cluster",
    "first_cluster",
    "head_rarity",
    "first_rarity",
    *(f"suffix:{s}" for s in _SUFFIXES),
    *(f"before:{k}" for k in _BEFORE),  # the share of its links whose sentence writes such a word before it
    *(f"after:{k}" for k in _AFTER),
    *(f"role:{r}" for r in _ROLES),
    *(f"extractor:{e}" for e in _EXTRACTORS),
    "papers",  # log(1 + papers linking it)
)
# how annotators typed the concepts of the annotated abstracts that end in its last word, start
# with its first word, or end in a word of its last word's cluster (TypeShares)
SHARE_FEATURES = (
    *(f"{part}_share:{t}" for part in ("head", "first", "cluster") for t in CONCEPT_TYPES),
    *(f"{part}_seen" for part in ("head", "first", "cluster")),
)
FEATURES = TYPE_FEATURES + SHARE_FEATURES
_ACRONYM = re.compile(r"^[A-Z0-9][A-Z0-9&+./-]*s?$")
_INNER_CAPITAL = re.compile(r"[a-z][A-Z]")
_DIGIT = re.compile(r"\d")
_ONE_HOT = {t: tuple(float(t == u) for u in CONCEPT_TYPES) for t in CONCEPT_TYPES}
_NONE = (0.0,) * len(CONCEPT_TYPES)
_LAST_WORD = re.compile(r"([A-Za-z]+)\W*$")
_FIRST_WORD = re.compile(r"^\W*([A-Za-z]+)")


class Seen(NamedTuple):
    """One link's mention as the reader reads it: where its sentence puts it and what it does."""

    text: str
    sentence: str
    role: str
    extractor: str


def type_features(key: str, name: str, votes: dict[str, float], rule_type: str, entry_type: str,
                  defined: bool, seen: list[Seen], wf: WordFacts | None = None) -> list[float]:
    """TYPE_FEATURES of one concept: its key and display name, its mentions' typed votes and the
    type they give, a mined vocabulary entry's type ("" when none), whether the corpus spells it
    out, the mentions of its links, and its key's word_facts (worked out here when not given)."""
    total = sum(votes.values())
    row = [votes.get(t, 0.0) / total for t in CONCEPT_TYPES] if total else list(_NONE)
    row.append(math.log1p(total))
    row += _ONE_HOT.get(rule_type, _NONE)
    row += _ONE_HOT[type_from_head(key)]
    row += _ONE_HOT.get(entry_type, _NONE)
    wf = wf or word_facts(key)
    head = wf.head_word
    row += [
        min(len(name.split()), 6) / 6,
        float(_ACRONYM.match(name) is not None),
        float(_DIGIT.search(name) is not None),
        float(_INNER_CAPITAL.search(name) is not None),
        float(" " in name and all(w[:1].isupper() for w in name.split() if len(w) > 3)),
        float(name == name.lower()),
        float("-" in name),
        float(defined),
        float(wf.head_cluster),
        float(wf.modifier_cluster),
        wf.head,
        wf.first,
    ]
    row += [float(head.endswith(ends) and len(head) > len(ends[0]) + 2) for ends in _SUFFIXES.values()]
    before = dict.fromkeys(_BEFORE, 0)
    after = dict.fromkeys(_AFTER, 0)
    roles = dict.fromkeys(_ROLES, 0)
    extractors = dict.fromkeys(_EXTRACTORS, 0)
    for s in seen:
        if s.role in roles:
            roles[s.role] += 1
        if s.extractor in extractors:
            extractors[s.extractor] += 1
        at = s.sentence.find(s.text)
        if at < 0:
            continue
        last = _LAST_WORD.search(s.sentence[max(0, at - 30) : at])
        kind = _BEFORE_OF.get(last.group(1).lower()) if last else None
        if kind:
            before[kind] += 1
        first = _FIRST_WORD.match(s.sentence[at + len(s.text) : at + len(s.text) + 30])
        kind = _AFTER_OF.get(first.group(1).lower()) if first else None
        if kind:
            after[kind] += 1
    n = max(1, len(seen))
    row += [before[k] / n for k in _BEFORE]
    row += [after[k] / n for k in _AFTER]
    row += [roles[r] / n for r in _ROLES]
    row += [extractors[e] / n for e in _EXTRACTORS]
    row.append(math.log1p(len(seen)))
    return row


def share_inputs(key: str, wf: WordFacts | None = None) -> tuple[str, str, int]:
    """(last word, first word or "" for one word, the last word's cluster) of a concept key."""
    wf = wf or word_facts(key)
    return wf.head_word, wf.first_word if " " in key else "", wf.head_cluster


@dataclass(frozen=True)
class TypeShares:
    """How annotators typed the concepts that end in a word ("detection": mostly a Task), start
    with one ("multi-agent"), or end in a word of a cluster of the field's words: counts per type
    of CONCEPT_TYPES, from the annotated abstracts tools/train_typer.py trains on, of the words and
    clusters seen at least `min_count` times. Each share is smoothed toward the overall share by
    `strength` concepts, so a word seen a few times moves it little."""

    head: dict[str, tuple[int, ...]]
    first: dict[str, tuple[int, ...]]
    cluster: dict[int, tuple[int, ...]]
    prior: tuple[float, ...]
    strength: float = 5.0
    _memo: dict = field(default_factory=dict, repr=False, compare=False)  # (part, word) -> its shares

    @classmethod
    def counted(cls, rows: list[tuple[tuple[str, str, int], str]], min_count: int = 3, strength: float = 5.0) -> TypeShares:
        """The shares of ((last word, first word, cluster), type) pairs."""
        tables: list[dict] = [{}, {}, {}]
        totals = [0] * len(CONCEPT_TYPES)
        for words, ctype in rows:
            k = CONCEPT_TYPES.index(ctype)
            totals[k] += 1
            for table, w in zip(tables, words):
                if w not in ("", -1):
                    table.setdefault(w, [0] * len(CONCEPT_TYPES))[k] += 1
        kept = [{w: tuple(c) for w, c in sorted(t.items()) if sum(c) >= min_count} for t in tables]
        n = max(1, sum(totals))
        return cls(kept[0], kept[1], kept[2], tuple(round(c / n, 4) for c in totals), strength)

    @classmethod
    def from_doc(cls, doc: dict) -> TypeShares:
        return cls({w: tuple(c) for w, c in doc["head"].items()}, {w: tuple(c) for w, c in doc["first"].items()},
                   {int(w): tuple(c) for w, c in doc["cluster"].items()}, tuple(doc["prior"]), float(doc["strength"]))

    def doc(self) -> dict:
        return {"prior": list(self.prior), "strength": self.strength, "head": {w: list(c) for w, c in self.head.items()},
                "first": {w: list(c) for w, c in self.first.items()}, "cluster": {str(w): list(c) for w, c in self.cluster.items()}}

    def values(self, words: tuple[str, str, int]) -> list[float]:
        """SHARE_FEATURES of a concept's (last word, first word, cluster)."""
        out, seen = [], []
        for part, (table, w) in enumerate(zip((self.head, self.first, self.cluster), words)):
            shares = self._memo.get((part, w))
            if shares is None:
                counts = table.get(w) or (0,) * len(self.prior)
                n = sum(counts)
                shares = self._memo[(part, w)] = (
                    [(c + self.strength * p) / (n + self.strength) for c, p in zip(counts, self.prior)], math.log1p(n) / 5,
                )
            out += shares[0]
            seen.append(shares[1])
        return out + seen


# the rules' type a reading may not overturn: "evaluated on X" and "-Bench" say benchmark surely; out
# of fold (the session's first fit, 60 rounds), of the 21 benchmarks the reader made a concept,
# metric or method, it was right on 4, the rules on 11
_KEPT = {"Benchmark": frozenset({"Concept", "Metric", "Method"})}


class TypeReader:
    """P(each concept type | a concept), one learned boosted-tree ensemble per type."""

    def __init__(self, ensembles: dict[str, TreeEnsemble], shares: TypeShares):
        self.types = tuple(t for t in CONCEPT_TYPES if t in ensembles)
        self.ensembles = [ensembles[t] for t in self.types]
        self.shares = shares
        self._columns = [[FEATURES.index(name) for name in e.inputs] for e in self.ensembles]

    @classmethod
    def load(cls, path: str | Path | None = None) -> TypeReader:
        data = model_json("typer.json", path)
        ensembles = {t: TreeEnsemble(doc["inputs"], doc["base"], doc["trees"]) for t, doc in data["trees"].items()}
        return cls(ensembles, TypeShares.from_doc(data["shares"]))

    def row(self, features: list[float], key: str, wf: WordFacts | None = None) -> list[float]:
        """The FEATURES row of a concept: its type_features and its words' shares."""
        return features + self.shares.values(share_inputs(key, wf))

    def probabilities(self, rows: list[list[float]]) -> np.ndarray:
        """One row per FEATURES row, one column per type of `self.types`."""
        X = np.array(rows, dtype=np.float64).reshape(len(rows), len(FEATURES))
        return np.column_stack([sigmoid(e.margins(X[:, cols])) for e, cols in zip(self.ensembles, self._columns)])

    def types_of(self, rows: list[list[float]], rule_types: list[str]) -> list[str]:
        """The likeliest type of each row (ties to the earlier type of CONCEPT_TYPES), where the
        rules gave it `rule_types`: a benchmark stays one against a concept, metric or method."""
        if not rows:
            return []
        best = [self.types[k] for k in np.argmax(self.probabilities(rows), axis=1).tolist()]
        return [rule if _KEPT.get(rule) and read in _KEPT[rule] else read for read, rule in zip(best, rule_types)]
