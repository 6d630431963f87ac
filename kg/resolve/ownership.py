"""Which of a paper's links are its own: a learned second reading of the evidence.

The contribution rules (kg/extract/contributions.py) mark what a sentence announces: "we
propose X", "X, a benchmark ...". Many of a paper's own names are never announced: the parts
of its system named in passing ("two stages: Knowledge Recall reconstructs ..., while
Capability Refinement ..."), the effect it names ("converge on a Situational Anchor Effect"),
a coined measure ("the peak Risk Score reaches only 0.69"). Annotators count these as the
paper's contributions. Each name the resolver keeps and the rules leave as a mention is read
again here, as a whole: the shape of the name, whether the field knows it, where and how often
the abstract uses it, whether the sentence speaks in the paper's voice. Boosted trees over
those features, learned from annotated abstracts by ``tools/train_ownership.py`` and shipped
in ``data/ownership.json``, make it PROPOSES over a bar.

It only changes a kept link's role, never which links a paper keeps, so recall and validity
do not move; it reads one paper at a time, so a paper's roles never depend on the others.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from kg.extract.contributions import announces_before, background_before, own_voice, said_of_own
from kg.extract.names import coined_shape
from kg.resolve.ranking import TreeEnsemble, model_json, sigmoid

_EXTRACTORS = ("names", "definition", "tagger", "phrases")  # the ones read: not the title's, terms' or nouns'
_ROLES = ("USES", "EVALUATES_ON", "COMPARES_WITH")  # against MENTIONS
_TYPES = ("Model", "Method", "Framework", "Benchmark", "Dataset", "Task", "Metric")  # against Concept
OWN_FEATURES = (
    *(f"extractor:{e}" for e in _EXTRACTORS),
    *(f"role:{r}" for r in _ROLES),
    *(f"type:{t}" for t in _TYPES),
    "coined_word",  # "GovernanceAlgebra", "SciMem" (the rest are title-case runs: "Knowledge Crystallization Cycle")
    "words",
    "field_df",  # log(1 + abstracts of the mining corpus that use it)
    "uses",  # log(1 + how often the abstract writes it)
    "first",  # where the abstract first writes it, 0..1
    "in_title",
    "announced_before",  # "we propose ... X"
    "background_before",  # "using X", "such as X", "outperforms X", "existing X"
    "own_voice",  # "we ... X" with no verb of use or comparison between
    "said_of_own",  # "our ... X", "<the paper's own name> ... X"
    "sentence_subject",  # X opens its sentence
    "list_item",  # "(1) X", "two stages: X"
    "kind_appositive",  # "X, a framework ..."
    "definite",  # "the X"
    "indefinite",  # "a X", "a novel X"
    "quoted",
    "after_from",  # "collected from X", "inputs from X": a source
    "after_preposition",  # "for X", "in X", "on X", "via X"
    "paper_proposes",  # how many links the rules made the paper's own (log)
    "near_own_name",  # shares a word with one of them ("SciMem" ... "SciMem Retrieval")
    "model_family",  # a known model family's name or release ("Llama-3.1", "LLaMa-3.1")
)
_READ_EXTRACTORS = frozenset(_EXTRACTORS)
_CAPITALS = re.compile(r"^[A-Z0-9][A-Z0-9&+./-]*s?$")  # "GRPO", "VAD-CFR", "LLMs": an acronym
_TITLE_WORDS = re.compile(r"^[A-Z][\w'-]*(?:\s+(?:(?:of|for|and|with|via|in|on|to|the|a|an)\s+)?[A-Z][\w'-]*)+$")
_LIST_BEFORE = re.compile(r"(?:\(\s*(?:\d+|[ivx]+|[a-h])\s*\)|\b(?:\d|[ivx]+)\)|[:;]|\b(?:first|second|third|finally),?)\s*(?:an?\s+|the\s+)?$", re.I)
_KIND_AFTER = re.compile(
    r"\s*(?:\([^)]{1,20}\)\s*)?,\s*(?:a|an)\s+(?:[\w-]+\s+){0,4}?(?:framework|method|benchmark|dataset|model|approach|"
    r"system|architecture|algorithm|pipeline|agent|suite|metric|protocol|library|toolkit|paradigm|mechanism|module|"
    r"technique|strategy|loss|objective|corpus|environment|platform|measure|score|index|task|component|stage)s?\b",
    re.I,
)
_INDEFINITE = re.compile(r"\b(?:an?|novel|new)\s+$", re.I)
_DEFINITE = re.compile(r"\bthe\s+$", re.I)
_WORD = re.compile(r"[A-Za-z][\w-]*")
_LAST_WORD = re.compile(r"([A-Za-z]+)\s+(?:(?:an?|the)\s+)?$")
_PREPOSITIONS = frozenset("for in on via with by to of at into over under across through using".split())


def reads(text: str, extractor: str) -> bool:
    """Whether the reader reads a link: a name written as a run of capitalised words ("Knowledge
    Crystallization Cycle") or one coined word ("GovernanceAlgebra", "SciMem"), not an acronym
    in capitals, found in the abstract. In the annotated papers, no other link the rules left as a mention came near
    the bar: a field's lower-case words, known concepts, acronyms (six over it, one a
    contribution), the title's phrases (none of 1,971)."""
    if extractor not in _READ_EXTRACTORS:
        return False
    if " " in text:
        return _TITLE_WORDS.match(text) is not None
    return coined_shape(text) and _CAPITALS.match(text) is None


@dataclass(frozen=True)
class PaperFacts:
    """What the ownership features read of a paper besides the link itself."""

    title: str
    abstract: str
    own_names: tuple[str, ...]  # the surfaces of the links the rules made its own

    # read for every link of the paper: worked out once
    @functools.cached_property
    def own(self) -> frozenset[str]:
        return frozenset(self.own_names)

    @functools.cached_property
    def own_words(self) -> frozenset[str]:
        return frozenset(w for name in self.own for w in _WORD.findall(name) if len(w) > 3)

    @functools.cached_property
    def title_lower(self) -> str:
        return self.title.lower()


def own_features(text: str, extractor: str, role: str, ctype: str, start: int, sentence: str, *,
                 paper: PaperFacts, field_df: int, family: str | None = None) -> list[float]:
    """OWN_FEATURES of one link the reader reads (see `reads`): `text` as written, found by
    `extractor` at `start` in `sentence`; `family`, the model family it belongs to, if any."""
    abstract = paper.abstract
    at = max(sentence.find(text), 0)
    uses = abstract.count(text)
    first = start / max(1, len(abstract))
    before = sentence[max(0, at - 40) : at]
    last = _LAST_WORD.search(before)
    last_word = last.group(1).lower() if last else ""
    single = " " not in text
    own = paper.own
    row = [float(extractor == e) for e in _EXTRACTORS]
    row += [float(role == r) for r in _ROLES]
    row += [float(ctype == t) for t in _TYPES]
    row += [
        float(single),
        min(len(text.split()), 6) / 6,
        math.log1p(field_df),
        math.log1p(uses),
        first,
        float(text.lower() in paper.title_lower),
        float(announces_before(sentence, at)),
        float(background_before(sentence, at)),
        float(own_voice(sentence, at)),
        float(said_of_own(sentence, at, own - {text})),
        float(not sentence[:at].strip(" (\"'“") or sentence[:at].strip() in ("The", "Our")),
        float(_LIST_BEFORE.search(before) is not None),
        float(_KIND_AFTER.match(sentence, at + len(text)) is not None),
        float(_DEFINITE.search(before) is not None),
        float(_INDEFINITE.search(before) is not None),
        float(before.endswith(("\"", "“", "'", "‘"))),
        float(last_word == "from"),
        float(last_word in _PREPOSITIONS),
        math.log1p(len(own)),
        float(any(w in paper.own_words for w in _WORD.findall(text) if len(w) > 3) and text not in own),
        float(family is not None),
    ]
    return row


class OwnershipReader:
    """P(a kept link names the paper's own contribution), from learned boosted trees."""

    def __init__(self, trees: TreeEnsemble | None, threshold: float, roles: tuple[str, ...]):
        self.trees = trees
        self.threshold = threshold
        self.roles = frozenset(roles)  # the roles it may turn into PROPOSES
        self._columns = [OWN_FEATURES.index(name) for name in trees.inputs] if trees is not None else []

    @classmethod
    def load(cls, path: str | Path | None = None) -> OwnershipReader:
        data = model_json("ownership.json", path)
        trees = data["trees"]
        return cls(TreeEnsemble(trees["inputs"], trees["base"], trees["trees"]), data["threshold"], tuple(data["roles"]))

    def probabilities(self, rows: list[list[float]]) -> list[float]:
        """The probability of each OWN_FEATURES row."""
        if not rows or self.trees is None:
            return [0.0] * len(rows)
        X = np.array(rows, dtype=np.float64)[:, self._columns]
        return sigmoid(self.trees.margins(X)).tolist()
