"""Whether a name is the paper's own coinage or someone else's: known to the vocabulary, a release
of a known model family ("GPT-4o"), a modifier ("CLIP-based"); read by the contributions rules."""

from __future__ import annotations

import re

from kg.extract.components.candidates import Candidate
from kg.extract.names import _VERSION_WORD, family_of


def _unknown(c: Candidate, families) -> bool:
    """A name neither the vocabulary nor a model family explains: it can be the paper's own."""
    return not (c.known or c.vocab_key or _release(c.text, families))


_MODIFIER_SUFFIX = re.compile(
    r"-(?:based|style|like|driven|guided|powered|aware|inspired|augmented|enhanced|assisted|centric|specific|"
    r"free|only|level|generated|derived|oriented|tuned)$",
    re.I,
)


_MODIFIER_AFTER = re.compile(_MODIFIER_SUFFIX.pattern[:-1] + r"\b", re.I)


def _all_capitalised(text: str) -> bool:
    """Every word starts with a capital: "Linear SEParability", not "CT angiography"."""
    return all(w[:1].isupper() for w in text.split())


_GREEK_AND_LATIN = re.compile(r"(?=.*[\u0391-\u03c9])(?=.*[A-Za-z0-9]).{3,}")


def _name_shaped(token: str) -> bool:
    """A coined-looking token: a capital after the first letter, a digit, "E-mem" (capital,
    hyphen) or a Greek letter with Latin ones ("δ-mem", "μP"); not a plain word such as
    "Furthermore" or "Transformers"."""
    return any(ch.isupper() for ch in token[1:]) or any(ch.isdigit() for ch in token) or (
        token[0].isupper() and "-" in token
    ) or _GREEK_AND_LATIN.match(token) is not None


_RELEASE = re.compile(rf"[-\s.]?(?:[vV]?\d|o\d|{_VERSION_WORD}(?![A-Za-z]))")


def _release(name: str, families: tuple[str, ...]) -> bool:
    """A released version of a known model family ("GPT-5.4", "Llama-3-8B", "Phi3"), not a
    name coined on top of one ("MambaTrack", "DINO-QPM")."""
    family = family_of(name, families)
    return family is not None and (name == family or _RELEASE.match(name, len(family)) is not None)


def _well_known(c: Candidate, vocab) -> bool:
    """A name the curated vocabulary or a model family explains ("RL", "LLMs", "GPT-4o")."""
    if c.known or _release(c.text, vocab.families):
        return True
    entry = vocab.entries.get(c.vocab_key) if c.vocab_key else None
    return entry is not None and entry.curated


def _coined(c: Candidate, families: tuple[str, ...] = ()) -> bool:
    """A name no vocabulary knows and no model family explains: likely the paper's own
    ("VIST-GPT" is coined on top of a family, "GPT-4o" is a release of it)."""
    if c.known or c.vocab_key:
        return False
    if c.type not in ("Model", "Benchmark", "Dataset", "Metric") or c.extractor == "definition":
        return True
    return c.type == "Model" and bool(families) and not _release(c.text, families) and not _MODIFIER_SUFFIX.search(c.text)
