"""The name of the paper's code repository ("github.com/org/VoteFlow"), which authors name after
their system: kg_contributions reads it as the paper's own."""

from __future__ import annotations

import re

from kg.extract.names import looks_like_name
from kg.extract.phrases import lexicon
from kg.extract.typing_rules import type_from_name

# the repository of the paper's code, data or page: github.com/ORG/NAME, huggingface.co/datasets/ORG/NAME,
# ORG.github.io/NAME
_REPOSITORY = re.compile(
    r"(?:https?://)?(?:www\.)?(?:(?:github|gitlab)\.com/[\w.-]+/|huggingface\.co/(?:(datasets|spaces)/)?[\w.-]+/|"
    r"[\w-]+\.github\.io/)([A-Za-z][\w.+-]*?)(?:\.git)?(?=[/\s)}\]>,;]|\.?$|\.\s)"
)


def repository_name(urls) -> tuple[str, int, int, str, str] | None:
    """(name, start, end, type, url) of the first repository among a paper's code addresses
    named like a system ("VoteFlow", "MAVOS-DD"), not a plain word ("code", "project") or a
    list ("Awesome-LLM"); offsets are into the address."""
    for url in urls:
        m = _REPOSITORY.match(url)
        if m is None:
            continue
        name = m.group(2).rstrip(".")
        if not _named_like_a_system(name):
            continue
        kind = "Dataset" if m.group(1) == "datasets" else type_from_name(name) or "Method"
        return name, m.start(2), m.start(2) + len(name), kind, url
    return None


def _named_like_a_system(name: str) -> bool:
    """A coined name ("VoteFlow", "SE-RBFNet", "V2P-Bench", "CG-Taylor"), not a plain or short
    word ("code", "DUP"), a list ("Awesome-LLM") or a title written as a slug ("LRM-Safety-Study",
    "MultiHopQA-Reasoning", "Likelihood-OOD")."""
    if len(name) < 3 or name.lower().startswith("awesome") or not looks_like_name(name):
        return False
    if name.isupper() and len(name) < 4:
        return False
    parts = re.split(r"[-_]", name)
    if len(parts) > 2:
        return False
    lex = lexicon()

    def plain_word(part: str) -> bool:  # a proper noun is a name's part: "CG-Taylor"
        return len(part) >= 5 and lex.get(part.lower()) in ("NOUN", "VERB", "ADJ", "ADV")

    if any(p and plain_word(p) and p.lower() != "bench" for p in parts[1:]):
        return False
    return not (len(parts) == 2 and plain_word(parts[0]) and parts[0][1:].islower())


def _repo_key(text: str) -> str:
    return re.sub(r"[-_.\s]", "", text).lower()
