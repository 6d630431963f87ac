"""Coined names listed with a contribution's name ("we release A and B", "two algorithms, A and
B"): objects of the same announcing verb, so the paper's own too; for kg_contributions."""

from __future__ import annotations

import re

from kg.extract.components.candidates import Candidate, _span_candidate
from kg.extract.components.coined import _name_shaped, _release
from kg.extract.titles import plain_words

# ", B", " and B", ", and B": a coined name coordinated with the one before it, ending where
# the list goes on or the clause turns
_LISTED_NAME = (
    r"(?:the\s+)?([A-Z][^\s,;:()\[\]\"]{1,39}?)(?=\s*(?:[,;.:(]|$)|\s+(?:and|or|which|that|as|to|for|with)\b|\s+[-\u2013\u2014]\s)"
)
_CONJUNCT = re.compile(r"(?:\s*\([^()]{1,40}\))?(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+)" + _LISTED_NAME)

# ", with 1,780 assertions, and B", ", a benchmark of ..., and B": the last coined name of a list
# whose items each carry a description
_CONJUNCT_PAST_DESCRIPTION = re.compile(
    r",\s+(?:a|an|with|which|that)\s[^;:.()]{1,120}?,\s+and\s+" + _LISTED_NAME
)


_FIRST_LISTED = re.compile(r"(?:the\s+)?([A-Z][^\s,;:()\[\]\"]{1,39}?)(?=\s*(?:[,;.:(]|$)|\s+(?:and|or)\b)")


def _new_listed_name(name: str, at: int, s0: int, first_seen: dict[str, int], families: tuple[str, ...]) -> bool:
    """Whether a listed word at `at` is a coined name this sentence brings: name-shaped, not
    hyphenated English, not a known family's release, not used before the sentence (at `s0`)."""
    return (
        _name_shaped(name) and not plain_words(name) and not _release(name, families)
        and first_seen.get(name, at) >= s0
    )


def _listed_names(
    store: list[Candidate], text: str, at: int, s0: int, first_seen: dict[str, int], families: tuple[str, ...]
) -> list[Candidate]:
    """The coined names a list opens with at `at` ("ST-GRPO and J-GRPO, which ..."), first
    one included; nothing when the list does not open with one."""
    m = _FIRST_LISTED.match(text, at)
    if m is None:
        return []
    name = m.group(1).rstrip(".")
    if not _new_listed_name(name, m.start(1), s0, first_seen, families):
        return []
    first = _span_candidate(store, m.start(1), m.start(1) + len(name), name)
    return [] if first is None else [first, *_conjuncts(store, text, first, s0, first_seen, families)]


def _conjuncts(
    store: list[Candidate], text: str, pick: Candidate, s0: int, first_seen: dict[str, int], families: tuple[str, ...]
) -> list[Candidate]:
    """The coined names listed right after a contribution's name, joined to it by commas and
    "and": each is an object of the same announcing verb. A name the vocabulary knows, a
    release of a known family or one the abstract used before the sentence ends the list."""
    found = []
    if plain_words(pick.text):
        return found  # "Model-level, Ontic, Causal-Mechanistic, and ...": a list of English words
    end = pick.end
    while (m := _CONJUNCT.match(text, end) or _CONJUNCT_PAST_DESCRIPTION.match(text, end)) is not None:
        name = m.group(1).rstrip(".")
        if not _new_listed_name(name, m.start(1), s0, first_seen, families):
            break
        c = _span_candidate(store, m.start(1), m.start(1) + len(name), name)
        if c is None:
            break
        found.append(c)
        end = c.end
    return found
