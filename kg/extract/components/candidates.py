"""The candidate record every component adds to a doc, and what several components share: the
doc's store of candidates (and the one at a span), its sentences, and marking a candidate as
the paper's own contribution."""

from __future__ import annotations

from dataclasses import dataclass

from spacy.tokens import Doc

from kg.extract.typing_rules import CAMPAIGN_TASK_NAME


@dataclass(slots=True)
class Candidate:
    text: str
    start: int
    end: int
    type: str | None  # None: let the resolver decide from other evidence
    extractor: str
    score: float
    long_form: str = ""
    proposed: bool = False
    vocab_key: str = ""
    known: bool = False  # the vocabulary knows what it names: never the paper's own contribution


def _store(doc: Doc) -> list[Candidate]:
    return doc.user_data.setdefault("kg", [])


def _coverage(text: str, store: list[Candidate]) -> bytearray:
    """Which offsets of `text` some candidate spans: a lookup per word instead of a scan of the store."""
    covered = bytearray(len(text) + 1)
    for c in store:
        covered[c.start : c.end] = b"\x01" * max(0, c.end - c.start)
    return covered


def sentences(doc: Doc):
    """(start_char, end_char, text) of each sentence."""
    return [(a, b, doc.user_data["kg_text"][a:b]) for a, b, _i, _j in doc.user_data["kg_sents"]]


def _span_candidate(store: list[Candidate], start: int, end: int, text: str) -> Candidate | None:
    """The candidate found at exactly this span, or a new name; None for a known concept."""
    for c in store:
        if c.start == start and c.end == end:
            return None if (c.vocab_key or c.known) else c
    c = Candidate(text, start, end, None, "names", 0.8)
    store.append(c)
    return c


def _at_span(store: list[Candidate], start: int, end: int, text: str, extractor: str = "names", score: float = 0.8) -> Candidate:
    """The candidate found at exactly this span, or a new one there."""
    for c in store:
        if c.start == start and c.end == end:
            return c
    c = Candidate(text, start, end, None, extractor, score)
    store.append(c)
    return c


def _quoted_candidate(store: list[Candidate], start: int, end: int, text: str) -> Candidate:
    """The candidate for a coined term in quotes: the one found there already, or a new one
    (the words inside may be too rare for the term and phrase extractors)."""
    return _at_span(store, start, end, text, "phrases", 0.6)


def _run_candidate(store: list[Candidate], start: int, end: int, text: str, described: bool = False) -> Candidate | None:
    """The candidate for a capitalised run after an announcing verb: one found there already,
    a new name when the run is longer than anything found at its start, else None."""
    for c in store:
        if c.start == start and c.end == end:
            return None if (c.vocab_key or c.known) else c  # a concept the vocabulary knows
        if c.start >= start and c.end <= end and c.extractor in ("names", "definition"):
            if (c.vocab_key or c.known) and described:
                continue  # "LLM Review, a peer-review framework": a known word of a new name
            return None  # a name inside the run ("GRPO Training"): the name is the contribution
        if c.extractor == "definition" and c.start < end + 3 and c.end > start:
            return None  # "the X Synthesis framework (XSF)": the definition knows where the name ends
    c = Candidate(text, start, end, None, "names", 0.8)
    store.append(c)
    return c


def _mark_proposed(
    pick: Candidate,
    clause_type: str | None,
    definitions: dict[str, list[Candidate]],
    applied: dict[str, str | None],
    said_type: str | None = None,
) -> None:
    if CAMPAIGN_TASK_NAME.search(pick.text):
        return  # "our system for SemEval-2025 Task 5": the task the system is for, not the paper's own
    # a definition's long and short form are one contribution
    group: list[Candidate] = []
    if pick.long_form and pick.long_form in definitions:
        # The group always changes together and marking is idempotent, so a repeat of the
        # last clause type changes nothing: skip it (a long abstract defining one term
        # thousands of times was quadratic here).
        if pick.long_form not in applied or applied[pick.long_form] != clause_type:
            group = definitions[pick.long_form]
            applied[pick.long_form] = clause_type
    for c in [pick, *(d for d in group if d is not pick)]:
        c.proposed = True
        if said_type and c is pick:
            c.type = said_type  # "X, a ... strategy": the paper says what X is
        elif clause_type and (c.type in (None, "Concept") or clause_type in ("Benchmark", "Dataset")):
            c.type = clause_type
        if c.text.lower().endswith("bench"):
            c.type = "Benchmark"
        elif c.type in (None, "Concept"):
            c.type = "Method"  # "we propose X." with no noun: most contributions are methods
