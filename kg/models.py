"""Frozen record types at the boundaries between stages.

read -> Paper; extract -> Mention; resolve -> Concept (+ concept links); build -> networkx graph.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Concept types kg assigns. Order is the tie-break preference when evidence is mixed.
CONCEPT_TYPES = (
    "Model",
    "Benchmark",
    "Dataset",
    "Method",
    "Framework",
    "Task",
    "Metric",
    "Concept",
)

# Paper -> concept roles, strongest first: a paper that proposes X and mentions X keeps PROPOSES.
ROLES = ("PROPOSES", "EVALUATES_ON", "COMPARES_WITH", "USES", "MENTIONS")

# Concept -> concept relations.
CONCEPT_RELATIONS = ("VARIANT_OF", "IS_A", "CO_OCCURS")

RELATION_TYPES = ROLES + CONCEPT_RELATIONS


@dataclass(frozen=True, slots=True)
class Paper:
    """One abstract and its metadata, as read from an input list."""

    id: str
    abstract: str  # clean plain text: markup removed, symbols kept
    title: str = ""
    venue: str = ""
    year: int | None = None
    url: str = ""
    code_urls: tuple[str, ...] = ()
    authors: tuple[str, ...] = ()
    source: str = ""  # "file:line" where the record starts
    title_is_derived: bool = False


# the extractors whose mentions are weak evidence: the resolver links them only when something
# corroborates them, and a sure mention inside one stands in for it when it is refused
WEAK_EXTRACTORS = ("terms", "phrases")


@dataclass(frozen=True, slots=True)
class Mention:
    """A surface form of a concept found in one paper's abstract."""

    paper_id: str
    text: str  # surface form as written
    start: int  # character offsets in Paper.abstract (in Paper.title for extractor "title")
    end: int
    type: str  # one of CONCEPT_TYPES
    role: str  # one of ROLES
    extractor: str  # which component found it
    score: float
    sentence: str  # the evidence sentence
    long_form: str = ""  # for acronym definitions (and a name its title spells out): the expansion this paper gives
    vocab_key: str = ""  # the vocabulary entry that matched, when one did
    # a mention inside a longer weak phrase: it counts only if the resolver refuses every mention containing it
    inside: bool = False

    def row(self) -> tuple:
        """The field values in order: a plain tuple pickles and JSON-encodes far faster."""
        return tuple(getattr(self, f) for f in self.__slots__)


@dataclass(frozen=True, slots=True)
class Concept:
    """One resolved concept node."""

    id: str
    name: str
    type: str
    aliases: tuple[str, ...] = ()
    definition: str = ""  # long form, when the concept is an acronym


@dataclass(frozen=True, slots=True)
class ConceptLink:
    """A concept -> concept edge, e.g. a model version to its family."""

    source: str
    target: str
    type: str  # one of CONCEPT_RELATIONS
    evidence: str = ""
    weight: float = 1.0
    extra: dict = field(default_factory=dict, hash=False, compare=False)
