"""What a paper's title says about its concepts.

A title is the densest statement of what a paper is about: it often opens with the name of
the paper's own system ("OctoMed: Data Recipes for ...") or a title-case name for its idea
("Self-Commitment Latency: A Reward-Free Probe ..."), and its noun phrases are key concepts the
abstract may never write ("... through Multi-Source Data Fusion"). These tests tell such names
and terms from a title's hooks ("Beyond Accuracy:", "Mixed Signals:") and from pieces of a
longer title name. The contributions component (kg.extract.components.contributions) uses
them; links they make have extractor "title" and offsets into the title.
"""

from __future__ import annotations

import re

from kg.extract.generic import (
    GENERIC_HEADS,
    GENERIC_MODIFIERS,
    PERSON_HEADS,
    is_generic_phrase,
    is_not_a_concept,
)
from kg.extract.phrases import head_word, lexicon, noun_phrases, tag_word, verb_shares
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
# one word and "and" before a phrase: "Fast and| Generalizable NeRF Architecture Selection", "for
# Fair and| Performant Facial Recognition": the two words modify the same head
_ONE_WORD_CONJUNCT = re.compile(
    r"(?:^|[:;,]\s*|\b(?:for|of|with|via|in|on|to|from|by|through|towards?|using)\s+)([A-Z][\w-]*)\s+(?:and|&)\s+$"
)


def _describes(word: str, lex: dict[str, str]) -> bool:
    """An adjective or a word of praise: "Fast", "Cost-efficient", "Performant"."""
    low = word.lower()
    return low in _PRAISE or tag_word(low, lex) == "ADJ"


def title_phrases(title: str, text: str, cased: list | None = None) -> list[tuple[str, int, int, str]]:
    """(phrase, start, end, type) of the terms a title names that its abstract never writes
    ("Multi-Source Data Fusion" in "Signals from the Floods: ... through Multi-Source Data
    Fusion"): titles are dense with a paper's key concepts. `cased`: the title's
    title_case_terms when the caller has them already."""
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
            conjunct = _ONE_WORD_CONJUNCT.search(title, 0, start) if len(words) >= 3 else None
            if conjunct and _describes(conjunct.group(1), lex) and _describes(words[0], lex):
                # the shared head is the term, without the second describing word (not "Pose
                # and| Facial Expression Transfer": pose transfer is one of the two)
                start += len(words[0])
                start += len(title[start:end]) - len(title[start:end].lstrip())
                words = words[1:]
                phrase = title[start:end]
            if abstract_low is None:
                abstract_low = f" {_plain_form(text)} "
            if _writes_alone(abstract_low, _plain_form(phrase).rstrip("s"), lex):
                continue  # the abstract writes it (in any case, number or hyphenation)
            found.append((phrase, start, end, type_from_head(head_word(phrase)) or "Concept"))
    # title case wins over a lexicon's cut: "Wandering Solution Explorers", not "Solution Explorers"
    if cased is None:
        cased = title_case_terms(title, lex)
    found = [f for f in found if not any(c[1] <= f[1] and f[2] <= c[2] and (c[1], c[2]) != (f[1], f[2]) for c in cased)]
    found += [c for c in cased if not any(f[1] < c[2] and c[1] < f[2] for f in found)]
    return sorted(found, key=lambda f: f[1])


# what separates the terms of a title: punctuation and function words
_TITLE_SEPARATOR = re.compile(
    r"[:,;?!()\[\]\u2013\u2014]|\s-\s|(?<![\w-])(?:for|of|with|via|in|on|to|from|by|through|towards?|using|"
    r"under|into|as|and|or|vs\.?|versus|the|a|an|at|is|are|can|do|does|not|without|beyond|between|across|"
    r"over|its|their|our|we|how|what|why|when|where|which|who|while|based|meets?)(?![\w-])",
    re.I,
)
# words that praise a title's method rather than name it: left out of a title-case term
_PRAISE = frozenset(
    """scalable efficient effective robust better improved novel simple fast faster accurate lightweight
    practical powerful principled reliable generalizable comprehensive holistic advanced enhanced explainable
    interpretable generic versatile trustworthy performant""".split()
)
_QUANTIFIERS = frozenset("many few several some all any each every no".split())
OPENING_VERB_SHARE = 0.2  # "Scaling ...", "Rethinking ...", "Teaching ..." open a title as verbs
_DEFINED_AFTER = re.compile(r"\s*\((?-i:[A-Z])")  # "Robust Agent Compensation (RAC)": the praise is in the name
_LIST_JOIN = re.compile(r"\s*(?:,\s*(?:and\b|or\b|&)?|and\b|or\b|&)\s*$")
_OF_NAME = re.compile(r"\s*of\s+[A-Z]")
_TITLE_WORD = re.compile(r"[A-Z0-9][\w'.-]*[\w]|[A-Z]")


def title_case_terms(title: str, lex: dict[str, str]) -> list[tuple[str, int, int, str]]:
    """(term, start, end, type) of each run of capitalised words a title sets between its
    separators ("... for Sequential Decision Making", ": Awareness Shaping, and Mindset
    Dynamics"): title case marks where its terms begin and end, where a lexicon reads "Making"
    as a verb or a generic-modifier list trims "Diverse" or "General". An opening verb
    ("Balancing| Hallucination Mitigation") and a word of praise ("Scalable| Object Relation
    Encoding") are left out; a verb in the run ("Round-Trip Translation Reveals ..."), generic
    words only ("Case Study"), a generic head, or an opening gerund with one word after it
    ("Training Retrievers") make no term."""
    found = []
    edges = [0]
    for m in _TITLE_SEPARATOR.finditer(title):
        edges += [m.start(), m.end()]
    edges.append(len(title))
    segments = [(a, b) for a, b in zip(edges[::2], edges[1::2]) if title[a:b].strip()]
    # "Joint Frame, Channel, and Feature Adaptation", "Joint Transcription and Decryption": a
    # list with a one-word item shares its words; none of its items is a term of its own
    shared, run = set(), [0]
    for k in range(1, len(segments) + 1):
        if k < len(segments) and _LIST_JOIN.match(title, segments[k - 1][1], segments[k][0]):
            run.append(k)
            continue
        if len(run) > 1 and any(len(title[a:b].split()) == 1 for a, b in (segments[i] for i in run)):
            shared.update(run)
        run = [k]
    for k, (a, b) in enumerate(segments):
        if k in shared or (
            k + 1 < len(segments) and _OF_NAME.match(title, b) and len(title[slice(*segments[k + 1])].split()) == 1
        ):
            continue  # ... or a name going on with "of" and one word: "N-Qubit Theory| of Mind"
        words = list(_TITLE_WORD.finditer(title, a, b))
        if not words or title[a:b].strip() != title[words[0].start() : words[-1].end()]:
            continue  # a lower-case word or a symbol in the run: not title case
        opens = not title[:a].strip() or title[:a].rstrip().endswith((":", "?", "!"))
        first = words[0].group().lower()
        if len(words) > 1 and first.endswith("ing") and (
            lex.get(first) != "NOUN" or opens and verb_shares().get(first, 0.0) >= OPENING_VERB_SHARE
        ):
            words = words[1:]  # "Balancing| Hallucination Mitigation", a title's "Scaling| ..."
        elif opens and len(words) == 2 and first.endswith("ing") and "-" not in first:
            continue  # "Setting Temperature: Training Retrievers": a verb and its object, or a name?
        if len(words) > 2 and words[0].group().lower() in _QUANTIFIERS:
            words = words[1:]  # "How Many| Visual Tokens Do ...": a question's quantifier
        while len(words) > 2 and words[0].group().lower() in _PRAISE and not _DEFINED_AFTER.match(title, b):
            words = words[1:]  # "Scalable| Object Relation Encoding"; not "Diverse Planning Branching"
        if (
            not 2 <= len(words) <= 5
            or len(words) == 2 and words[0].group().lower() in GENERIC_MODIFIERS  # "Recent Advances"
            or any(w.group()[:1].islower() or "'" in w.group() for w in words) or words[0].group().isdigit()
        ):
            continue
        start, end = words[0].start(), words[-1].end()
        phrase = title[start:end]
        low = [w.group().lower() for w in words]
        if any(
            tag_word(w, lex) == "VERB" and not w.endswith("ing") or lex.get(w) in ("ADV", "PRON", "DET", "ADP", "CCONJ")
            for w in low
        ):
            continue  # "... Reveals", "LLM Judges Have Dark Current", "Fully Open"
        head = head_word(phrase)
        if (
            is_generic_phrase(low) or head in GENERIC_HEADS or head in PERSON_HEADS or is_not_a_concept(phrase)
            or lex.get(low[-1]) == "ADJ"
        ):
            continue
        found.append((phrase, start, end, type_from_head(head) or "Concept"))
    return found


# where a title sets its method: at its start before what it is for ("Hierarchical Spatio-Channel
# Clustering for ..."), or after the means it names ("... via Centroid-Guided Firefly Optimization")
_METHOD_BEFORE = re.compile(r"(?:^|:\s*|\b(?i:via|with|using|through|by)\s+)$")
# after one of these words a title names its means, coined or not: "... via Behavioral Task Sampling"
_MEANS_BEFORE = re.compile(r"\b(?i:via|through)\s+$")
_METHOD_AFTER = re.compile(r"\s*(?:$|[:,;?]|\s(?:for|in|on|towards?)\b)")
# what a title opening "X for ..." studies rather than brings ("Open-World Object Counting for ...")
_TASK_HEADS = frozenset(
    """recognition detection segmentation classification prediction matching counting estimation tracking parsing
    registration localization retrieval forecasting captioning answering translation summarization extraction""".split()
)
_NAME_LEAD = re.compile(r"\s*\S+\s*:\s*")
_COINED_COMPOUND = re.compile(r"\b[A-Z][a-z]+-[A-Z][a-z]+")  # "Centroid-Guided", "Self-Improving"


def title_method_terms(title: str, lex: dict[str, str], cased: list | None = None) -> list[tuple[str, int, int, bool]]:
    """(term, start, end) of the title-case terms a title sets where it names its own method and
    that a coined compound of words ("Centroid-Guided", "Self-Improving") marks as new: "Safe
    Image Generation with Iterative Self-Improving Codebooks". Not two names joined
    ("Nadaraya-Watson Kernel"), nor the task a title opens with ("Gaze-Guided Hand Motion
    Prediction for ..."). After "via" or "through" plain title-case words count
    too, flagged not coined: the caller keeps them only where the field never writes them
    ("... via Behavioral Task Sampling", not "... via Supervised Fine-Tuning"). `cased`: the
    title's title_case_terms when the caller has them."""
    found = []
    for term, start, end, _type in title_case_terms(title, lex) if cased is None else cased:
        coined = any(m.group().split("-")[0].lower() in lex for m in _COINED_COMPOUND.finditer(term))
        if not coined and not (" " in term and term.istitle() and _MEANS_BEFORE.search(title, 0, start)):
            continue  # plain words name the means only after "via" or "through"
        if not (_METHOD_BEFORE.search(title, 0, start) and _METHOD_AFTER.match(title, end)):
            continue
        if (not coined or not title[:start].strip(" :")) and head_word(term) in _TASK_HEADS:
            continue
        if _NAME_LEAD.fullmatch(title, 0, start):
            continue  # "HybridQ: Hybrid Classical-Quantum Generative Adversarial Network" spells out the name
        found.append((term, start, end, coined))
    return found


_NEXT_WORD = re.compile(r" ([a-z]+)")


def _writes_alone(abstract_low: str, plain: str, lex: dict[str, str]) -> bool:
    """Whether a plain abstract writes a phrase as a phrase of its own, not only as the start of
    a longer one: "sequential decision making agents" does not write the title's "Sequential
    Decision Making", whose own mention then comes from the title."""
    at = abstract_low.find(f" {plain}")
    while at >= 0:
        end = at + 1 + len(plain)
        after = _NEXT_WORD.match(abstract_low, end)
        if abstract_low[end].isalnum() or not after or lex.get(after.group(1)) not in ("NOUN", "PROPN"):
            return True  # it ends there (or its word goes on: "decision makings")
        at = abstract_low.find(f" {plain}", end)
    return False


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
