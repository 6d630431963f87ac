"""What a paper's title says about its concepts.

A title is the densest statement of what a paper is about: it often opens with the name of
the paper's own system ("OctoMed: Data Recipes for ...") or a title-case name for its idea
("Self-Commitment Latency: A Reward-Free Probe ..."), and its noun phrases are key concepts the
abstract may never write ("... through Multi-Source Data Fusion"). These tests tell such names
and terms from a title's hooks ("Beyond Accuracy:", "Mixed Signals:") and from pieces of a
longer title name. The contributions component (kg.extract.components) uses them; links they
make have extractor "title" and offsets into the title.
"""

from __future__ import annotations

import re

from kg.extract.generic import GENERIC_HEADS, is_generic_phrase, is_not_a_concept
from kg.extract.phrases import head_word, lexicon, noun_phrases, tag_word
from kg.extract.tokenizer import scan
from kg.extract.typing_rules import type_from_head
from kg.extract.vocabulary import is_curated
from kg.resolve.normalize import norm_key

TITLE_HEAD = re.compile(r"^\s*((?:[A-Z0-9][\w-]*\s+){1,4}[A-Z0-9][\w-]*)\s*:\s")
_TITLE_HOOK_WORDS = frozenset(
    "a an the of for to in on at by with without from into over under via vs versus and or not no is are be "
    "can do does have has towards toward beyond through when where what why how which who while anything "
    "everything something nothing all more less after before".split()
)


def names_a_thing(head: str, vocab) -> bool:
    """A title's lead-in that names a thing ("Activation Manifold Projection", "Script Gap"),
    not a hook ("Beyond Accuracy", "Where Culture Fades", "Evaluating Explanations")."""
    words = head.split()
    if any(w.lower() in _TITLE_HOOK_WORDS for w in words):
        return False
    lex = lexicon()
    first, last = words[0].lower(), words[-1].lower()
    if lex.get(first) in ("VERB", "ADV", "PRON", "DET") or (
        first.endswith(("ing", "ly")) and "-" not in first and lex.get(first) != "NOUN"
    ):
        return False  # "Exploring ...", "Demystifying OPD", "Symbolically ..." ("Shopping Reasoning Bench" names)
    if lex.get(last, "NOUN") not in ("NOUN", "PROPN"):
        return False
    key = norm_key(head)
    return vocab.lookup(head) is None and not is_generic_phrase(key.split())


_TITLE_PHRASE_START = re.compile(
    r"(?:^|[:,;(]|\s-|\b(?:for|of|with|via|in|on|to|from|by|through|towards?|using|under|into|as)\s"
    # the second of two things joined by "and" ("... of brain tumors and feature extraction"), not
    # the end of a list that may share its head ("Joint Frame, Channel, and Feature Adaptation")
    r"|(?<![,;]\s)(?<![,;])\b(?:and|or)\s"
    # "Leveraging Modal Asymmetry for ...", "...: Evaluating Deep Research Agents": the object of
    # a verb that opens the title or a part of it (not "Speculative Decoding| Model Pairs")
    r"|(?:^|:\s*|\b(?:for|via|by|through|towards?)\s+)(?-i:[A-Z][a-z]+ing)\s)\s*$",
    re.I,
)
# the title goes on with the same name: "Speculative Tree| Decoding", "Joint Frame|, Channel, and
# Feature Adaptation", "Self-adaptive Generation| of Task Plan Explanations"
_TITLE_PHRASE_GOES_ON = re.compile(r"\s*(?:[A-Z]|,|(?:and|or|of|&)\s)")


def title_phrases(title: str, text: str) -> list[tuple[str, int, int, str]]:
    """(phrase, start, end, type) of the terms a title names that its abstract never writes
    ("Multi-Source Data Fusion" in "Signals from the Floods: ... through Multi-Source Data
    Fusion"): titles are dense with a paper's key concepts."""
    lex = lexicon()
    found = []
    abstract_low = None
    toks, sents = scan(title)
    for _a, _b, i, j in sents:
        for start, end, words, _weak in noun_phrases([(t.text, t.idx, t.end) for t in toks[i:j]], lex):
            phrase = title[start:end]
            if (
                len(words) < 2 or is_generic_phrase(words) or head_word(phrase) in GENERIC_HEADS
                or (words[0].endswith("ing") and "-" not in words[0])  # "Setting Temperature", "Training LLM Agents"
                or not _TITLE_PHRASE_START.search(title, 0, start)  # "Language Models" of "Large Language Models"
                or _TITLE_PHRASE_GOES_ON.match(title, end)
                or is_not_a_concept(phrase)
            ):
                continue
            if abstract_low is None:
                abstract_low = f" {_plain_form(text)} "
            if f" {_plain_form(phrase).rstrip('s')}" in abstract_low:
                continue  # the abstract writes it (in any case, number or hyphenation)
            found.append((phrase, start, end, type_from_head(head_word(phrase)) or "Concept"))
    return found


# a term stands alone in a title between its edges and prepositions ("From TF-IDF to
# Transformers", "... with Curriculum Learning and Native Tool Use"), not inside a longer name
# ("Reinforcement Learning from Verifiable Rewards" aside, "Multi-stage Reinforcement Learning")
_TERM_BEFORE = re.compile(
    r"(?:^|[:,;(]|\b(?:for|of|with|via|in|on|to|from|by|through|towards?|using|under|into|as|and|or|vs\.?|versus|"
    r"beyond|without|meets?)\s)\s*$",
    re.I,
)
_TERM_AFTER = re.compile(
    r"\s*(?:$|[:,;)?]|(?:for|with|via|in|on|to|by|through|towards?|using|under|into|as|and|or|vs\.?|versus|is|are|"
    r"can|meets?|without)\b)",
    re.I,
)


_BRACKET = re.compile(r"[()\[\]{}]")


def title_terms(title: str, text: str, vocab) -> list[tuple[str, int, int, str]]:
    """(term, start, end, type) of the curated vocabulary's terms a title names on their own and
    the abstract never writes ("From TF-IDF to Transformers: ..."): the paper is about them."""
    toks, _sents = scan(title)
    prefixes, aliases = vocab.prefixes, vocab.aliases
    keys = [norm_key(t.text) for t in toks]  # each word's own key, singular: the prefixes' form
    spans = []  # (words, start token, entry) of every term a title word opens
    for i in range(len(toks)):
        key = ""
        for n in range(1, min(4, len(toks) - i) + 1):
            key = f"{key} {keys[i + n - 1]}" if key else keys[i]
            if key not in prefixes and key not in aliases:
                break  # no vocabulary phrase goes on from here
            entry = vocab.lookup(title[toks[i].idx : toks[i + n - 1].end])
            if is_curated(entry):
                spans.append((n, i, entry))
    found, used = [], set()
    low_text = None
    for n, i, entry in sorted(spans, key=lambda s: (-s[0], s[1])):
        if any(x in used for x in range(i, i + n)):
            continue
        start, end = toks[i].idx, toks[i + n - 1].end
        if not (title[start].isalnum() and title[end - 1].isalnum()) or _BRACKET.search(title, start, end):
            continue  # "LLM(-Agent": not a term's own span
        used.update(range(i, i + n))  # the longest term wins: "Vision Transformers", not "Transformers"
        if not (_TERM_BEFORE.search(title, 0, start) and _TERM_AFTER.match(title, end)):
            continue
        if low_text is None:
            low_text = text.lower()
        if title[start:end].lower() in low_text or entry.name.lower() in low_text:
            continue  # the abstract writes it: its own mention is the evidence
        found.append((title[start:end], start, end, entry.type or "Concept"))
    return sorted(found, key=lambda f: f[1])


def _plain_form(text: str) -> str:
    """Lower case, hyphens as spaces, one space between words: a cheap form for containment tests."""
    return " ".join(_PLAIN_SPLIT.split(text.lower()))


_PLAIN_SPLIT = re.compile(r"[\s\-\u2010-\u2013]+")


def coined_head(head: str) -> bool:
    """A title lead-in with a coined word ("ASP-Assisted", "L0-Reasoning", "MFA") and no verb
    ("Vision Transformers Exhibit ...", "RANSAC Revisited")."""
    lex = lexicon()
    words = head.split()
    if any(tag_word(w, lex) == "VERB" for w in words if "-" not in w) or (
        words[0].endswith("ing") and "-" not in words[0]  # "Rethinking Few-Shot Fusion"
    ) or tag_word(words[-1], lex) == "NUM":  # "SemEval-2025 Task 3"
        return False
    return any(
        (("-" in w and not plain_words(w)) or any(c.isdigit() for c in w) or (len(w) > 1 and w.isupper())
         or any(c.isupper() for c in w[1:]))
        for w in words
    )


def plain_words(name: str) -> bool:
    """A hyphenation of ordinary words ("Inside-Out", "Logic-in-Frames"), not a coined name."""
    lex = lexicon()
    parts = name.split("-")
    return len(parts) > 1 and all(p.isalpha() and (p.islower() or p.istitle()) and p.lower() in lex for p in parts)
