"""The coined name a title opens with ("OctoMed: Data Recipes for ..."): the paper's own system,
even when the abstract never writes it; for kg_contributions."""

from __future__ import annotations

import re

from kg.extract.components.candidates import Candidate
from kg.extract.components.coined import _MODIFIER_SUFFIX, _name_shaped, _release, _unknown
from kg.extract.contributions import type_from_clause
from kg.extract.generic import is_not_a_concept
from kg.extract.phrases import lexicon
from kg.extract.titles import plain_words
from kg.resolve.normalize import norm_key


def _title_only_name(title: re.Match, text: str, vocab) -> tuple[str, int, int, str] | None:
    """(name, start, end, type) of the coined name a title opens with ("OctoMed: Data Recipes
    for ...") when the abstract never writes it: the paper's own system, named only there."""
    name = title.group(1)
    if name.lower() in text.lower() or plain_words(name):
        return None  # in the abstract the other rules decide; "Inside-Out: ..." is a hook
    if not _name_shaped(name) and not (
        # "Kestrelo: A Framework for ...": a word neither a dictionary nor the field writes,
        # said to be a framework
        name[:1].isupper() and name.isalpha() and name.lower() not in lexicon() and norm_key(name) not in vocab.phrase_df
        and _SUBTITLE_KIND.match(title.string, title.end()) and type_from_clause(title.string[title.end() :][:60])
    ):
        return None
    if _not_own(name, vocab):
        return None  # "GPT-4o: ..." studies a known model
    return name, title.start(1), title.end(1), _subtitle_kind(name, title.string[title.end() :])


def _not_own(name: str, vocab) -> bool:
    """A title's lead the paper cannot have coined: a known concept, acronym or model release
    ("Whisper: ...", "GPT-4o: ..."), a place or venue, or a modifier ("CLIP-based")."""
    return (
        vocab.lookup(name) is not None or name in vocab.acronyms or _release(name, vocab.families)
        or is_not_a_concept(name) or _MODIFIER_SUFFIX.search(name) is not None
    )


def _subtitle_kind(name: str, subtitle: str) -> str:
    """What a title's own name is, by its shape or its subtitle ("X: A Benchmark for ...")."""
    return "Benchmark" if name.lower().endswith("bench") else type_from_clause(subtitle[:60]) or "Method"


# "X: A ...", "X: An ...": the subtitle says what X is, the way a paper titles its own artifact
_SUBTITLE_KIND = re.compile(r"\s*(?:A|An)\s")


def _own_kind_subtitle(title: re.Match, c: Candidate, families) -> bool:
    """"ChartXBench: A Benchmark for ...": a name no vocabulary knows, which the title opens with
    and its subtitle describes, is the paper's own, even where its type (a benchmark, a dataset)
    could otherwise be another paper's that it evaluates on."""
    return _unknown(c, families) and bool(_SUBTITLE_KIND.match(title.string, title.end()))


_TITLE_NAME = re.compile(r"^\s*([^\s:]{2,40})\s*:")


# "NeuDiff Agent: A Governed AI Workflow ...", "LPM 1.0: Video-based ...": up to four words before the colon
_TITLE_LEAD = re.compile(r"^\s*((?:[^\s:]+\s+){0,3}[^\s:]+)\s*:\s")


def own_title_lead(title: str, text: str, vocab) -> tuple[str, str] | None:
    """(name, type) of the coined name a title opens with when the abstract writes it too
    ("Edit-As-Act: Goal-Regressive Planning ..." and "This perspective motivates Edit-As-Act, a
    framework ..."): the paper's own, whichever extractor finds it in the abstract. In the read
    sets, 353 of 355 such names the abstract repeats are annotated contributions."""
    lead = _TITLE_LEAD.match(title)
    if lead is None:
        return None
    name = lead.group(1).rstrip(",")
    words = name.split()
    if not any(_name_shaped(w) for w in words) or name.lower() == name:
        return None  # "Semantic Consensus: ...", "Look Light, Think Heavy: ...": a hook, not a name
    if plain_words(name) and text.count(name) < 2:
        return None  # "Inside-Out: ...": ordinary words, unless the abstract keeps using them as a name
    if _not_own(name, vocab):
        return None  # "Whisper: ...", "GPT-4o: ...": studies a known model
    return name, _subtitle_kind(name, title[lead.end() :])
