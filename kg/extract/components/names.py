"""kg_names: names an abstract writes (coined, capitalised, eponyms such as "Nash equilibrium"),
less authors cited and people named by a possessive, which are no concepts."""

from __future__ import annotations

import re

from spacy.language import Language
from spacy.tokens import Doc

from kg.extract.components.candidates import Candidate, _coverage, _store
from kg.extract.components.definitions import _known_long_form
from kg.extract.generic import GENERIC_MODIFIERS, is_not_a_concept
from kg.extract.names import Name, coined_shape, family_of, find_names
from kg.extract.phrases import EPONYM_HEADS, EPONYM_NEXT, lexicon
from kg.extract.phrases import head_word as _head_key  # one definition, shared with the title rules
from kg.extract.typing_rules import type_from_context, type_from_head, type_from_list, type_from_name
from kg.extract.vocabulary import load_vocabulary
from kg.resolve.normalize import norm_key


@Language.factory("kg_names", default_config={"vocab_file": None})
def make_names(nlp: Language, name: str, vocab_file: str | None):
    from kg.extract.phrases import lexicon, proper_nouns

    vocab = load_vocabulary(vocab_file)
    lex = lexicon()

    def names(doc: Doc) -> Doc:
        text = doc.user_data["kg_text"]
        store = _store(doc)
        defined = doc.user_data.get("kg_definitions", {})
        definition_starts = {c.start for c in store if c.extractor == "definition"}
        for n in find_names(text, vocab):
            if n.start in definition_starts or is_not_a_concept(n.text) or _person(text, n.start, n.end, vocab):
                continue
            poss = _POSSESSIVE_EPONYM.match(text, n.end) if n.text.isalpha() and not n.text.isupper() else None
            if (
                poss is not None and text[poss.end() : poss.end() + 1] != "-"  # not "MathVista's test-hard subset"
                and not family_of(n.text, vocab.families) and vocab.lookup(n.text) is None
            ):
                # "McNemar's test", "DeLong's test": a person's law or statistic, with its kind
                n = Name(text[n.start : poss.end()], n.start, poss.end())
            glued = _GLUED_ARTICLE.match(n.text)
            if glued and _describes_next(text, n.end):
                # "we propose BARREL-a novel framework": a dash for a space before the article
                n = Name(glued.group(1), n.start, n.start + len(glued.group(1)))
            entry = vocab.lookup(n.text) if n.text not in vocab.acronyms else vocab.entries.get(vocab.acronyms[n.text])
            ctype = entry.type if entry and n.text not in defined else None
            if ctype == "Concept" and not entry.curated:
                ctype = None  # a mined term has no type of its own: "Gemini 2.5 Pro" is still a Model
            if ctype is None and family_of(n.text, vocab.families):
                ctype = "Model"
            if ctype is None:
                ctype = (
                    type_from_name(n.text) or type_from_context(text[n.end : n.end + 25])
                    or type_from_list(text, n.start, n.end)
                )
            # a short form the paper defined is known when the vocabulary knows its long form:
            # "LLMs" after "large language models (LLMs)" is nobody's contribution
            # "WSI" after "whole slide images (WSIs)": the short form in either number
            long_form = defined.get(n.text) or defined.get(n.text + "s") or (
                defined.get(n.text[:-1]) if n.text.endswith("s") else None
            )
            known = long_form is not None and _known_long_form(vocab, long_form)
            store.append(
                Candidate(n.text, n.start, n.end, ctype, "names", 0.9 if ctype else 0.8,
                          vocab_key=entry.key if entry and n.text not in defined else "", known=known)
            )
        taken = {c.start for c in store}
        covered = _coverage(text, store)
        for start, end, words, name_end in proper_nouns(doc.user_data["kg_tokens"], doc.user_data["kg_sents"], lex):
            if start in taken or covered[start]:
                continue
            surface = text[start:end]
            entry = vocab.lookup(surface)
            if end != name_end and entry is not None:
                continue  # "Markov decision process": the vocabulary's own match covers the name
            if end != name_end and covered[end - 1]:
                end = name_end
                surface = text[start:end]
                words = surface.split()
                entry = vocab.lookup(surface)
            if end == name_end and len(words) == 1 and entry is None:
                # "Pareto frontier", "Cohen's kappa": the words the field writes after the name
                end = _eponym_phrase_end(text, start, end, vocab)
                if end < 0:
                    continue  # "Markov decision process": the vocabulary's own match covers the name
                if end != name_end:
                    surface = text[start:end]
                    words = surface.split()
            if is_not_a_concept(surface) or _CITED.match(text, name_end) or _person(text, start, name_end, vocab) and end == name_end:
                continue  # ... "Zhang et al. (2024)": an author cited, not a concept
            if end == name_end and entry is None and _cut_short(text, end, words, lex):
                continue
            ctype = entry.type if entry else (type_from_head(_head_key(surface)) if len(words) > 1 else None)
            if ctype == "Concept" and _EPONYM_STATISTIC.search(surface):
                ctype = "Metric"  # "Cohen's κ", "Krippendorff's alpha": a statistic reported
            if ctype is None:
                ctype = type_from_list(text, start, end)  # "benchmarks (Minecraft and Overcooked)"
            store.append(Candidate(surface, start, end, ctype, "names", 0.75, vocab_key=entry.key if entry else ""))
            covered[start:end] = b"\x01" * max(0, end - start)
        _join_led_names(store, text, vocab.families)
        return doc

    return names


# a word after a capitalised run, perhaps after one lower-case word (_cut_short). Any word, not
# only a lower-case one: "a fine-tuned Standard Arabic| BERT model", "Dual Encoder-based| ED"
# (14 such name pieces in 4,000 corpus abstracts with a lower-case word alone)
_WORD_AFTER_RUN = re.compile(r"\s+(?:[a-z][\w-]*\s+)?([A-Za-z]+)\b")
# what a data collection's name ends with: "VU Amsterdam Metaphor Corpus"
_COLLECTION_HEADS = frozenset("Corpus Dataset Benchmark Treebank Suite Collection Database".split())
_LEADING_CAPS = re.compile(r"[A-Z]{2,6}")
# the capitalised kind words a coined name may go on with: "the ADR Sensor", "SEA-Omni Benchmark
# Suite", "NeuDiff Agent"; not before another capitalised word ("ADR Sensor Fusion Network")
_KIND_AFTER_NAME = re.compile(
    r"(?: (?:Benchmark|Suite|Dataset|Corpus|Sensor|Explorer|Detector|Agent|Engine|Module|Planner|Controller|"
    r"Generator|Retriever|Router|Encoder|Decoder|Skill|Toolkit|Library|Platform|Simulator|Gym|Arena|Leaderboard))+"
    r"(?![\w-]| [A-Z])"
)


def _join_led_names(store: list[Candidate], text: str, families) -> None:
    """One name where a coined name goes on in capitalised words found apart or not at all: a
    collection an acronym leads ("CIFAR Synthetic Evidence Corpus", "VU Amsterdam Metaphor
    Corpus"), a coined name with its kind ("the ADR Sensor", "SEA-Omni Benchmark Suite")."""
    names = {c.start: c for c in store if c.extractor == "names"}
    joined: set[int] = set()  # starts of the names already part of a longer one
    for c in list(names.values()):
        if c.start in joined or text[c.end : c.end + 1] != " ":
            continue
        after = names.get(c.end + 1)
        if (
            after is not None and _LEADING_CAPS.fullmatch(c.text)
            and " " in after.text and after.text.rsplit(" ", 1)[1] in _COLLECTION_HEADS
        ):
            store.remove(c)
            store.remove(after)
            joined.add(after.start)
            store.append(Candidate(text[c.start : after.end], c.start, after.end, after.type, "names", after.score))
            continue
        kind = _KIND_AFTER_NAME.match(text, c.end)
        if kind is None or c.known or c.vocab_key or not coined_shape(c.text) or family_of(c.text, families):
            continue  # "GPT-4 Agent": an agent built on a model the field knows
        if after is not None and after.end <= kind.end():
            store.remove(after)  # "Explorer" found alone
            joined.add(after.start)
        store.remove(c)
        last = text[c.start : kind.end()].rsplit(" ", 1)[1].lower()
        store.append(Candidate(text[c.start : kind.end()], c.start, kind.end(), type_from_head(last) or c.type, "names", c.score))


# what follows an author's name where a paper cites a work: "Zhang et al.", "Claridge (2025)",
# "Kocmi & Federmann, 2023", "Yamada (forthcoming)"
_CITED = re.compile(
    r"\s*(?:,\s*)?(?:et\s+al\b|and\s+colleagues\b)"
    r"|\s*\((?:(?:19|20)\d\d[a-z]?|forthcoming|in\s+press)\)"
    r"|,\s*(?:19|20)\d\d[a-z]?\)"
    r"|\s+(?:&|and)\s+[A-Z][a-z]+(?:\s+\(|,\s*)(?:19|20)\d\d\b"
)
# a plain capitalised word with a possessive is a person ("Pearl's causal ladder", "Shannon's
# rate-distortion theory") unless the abstract also writes it alone or the vocabulary knows it
_POSSESSIVE = re.compile(r"['’]s?\b")
_PLAIN_CAPITALISED = re.compile(r"[A-Z][a-z]+")


def _person(text: str, start: int, end: int, vocab) -> bool:
    """Whether a single plain capitalised word is an author cited or a person whose theory,
    model or view the abstract names by a possessive: never a concept on its own."""
    surface = text[start:end]
    if not _PLAIN_CAPITALISED.fullmatch(surface):
        return False  # "BERT (2019)", "ImageNet (2009)": a name with a year is still a name
    if _CITED.match(text, end):
        return True
    if not _POSSESSIVE.match(text, end):
        return False
    if vocab.lookup(surface) is not None or family_of(surface, vocab.families):
        return False
    return all(_POSSESSIVE.match(text, m.end()) for m in re.finditer(rf"\b{surface}\b", text))


def _cut_short(text: str, end: int, words: list[str], lex: dict[str, str]) -> bool:
    """A capitalised run that ends in an adjective right before another word is the start of a
    longer name, not a name: "a Source-Attributed Invisible| watermarking Framework",
    "Apple Black| rot", "Upper Confidence Bound-based| strategy selection"."""
    if len(words) < 2 or _WORD_AFTER_RUN.match(text, end) is None:
        return False
    last = words[-1].lower()
    return lex.get(last) == "ADJ" or last.endswith("-based")


EPONYM_PHRASE_MIN_DF = 5  # abstracts of the mining corpus that write the name with the same words
# a person's law, test or coefficient: "Goodhart's law", "Cohen's kappa", "Fisher's exact test",
# "Euler's formula", "Alzheimer's disease", "Spearman's rank correlation", "Bellman's equation"
_POSSESSIVE_EPONYM = re.compile(
    r"['’]s?\s+(?:(?:exact\s+|rank\s+)?(?:formula|theory|disease|law|laws|kappa|alpha|rho|tau|theorem|lemma|principle|paradox|rule|"
    r"effect|test|inequality|hypothesis|conjecture|constant|criterion|method|algorithm|distance|coefficient|"
    r"correlation|equation|index|razor)\b"
    # ... or its statistic's symbol: "Cohen's κ", "Kendall's τ_b", "Pearson's r", "Cohen's d"
    r"|[\u03b1-\u03c9](?:_[a-z0-9]+)?(?![\w-])|(?-i:[rdW])(?![\w-]))",
    re.I,
)
_EPONYM_STATISTIC = re.compile(r"['’]s?\s+(?:kappa|alpha|rho|tau|[\u03b1-\u03c9](?:_[a-z0-9]+)?|[rdW])$", re.I)
# what a name is the name of, not a concept made with it: "Cityscapes dataset", "YouTube videos"
_NAME_KIND_TAILS = frozenset(
    """dataset datasets benchmark benchmarks corpus corpora data model models framework frameworks method methods
    approach approaches system systems platform platforms video videos image images user users api apis
    repository repositories library libraries toolkit tool tools project projects team teams challenge
    competition task tasks paper papers website websites page pages post posts account accounts""".split()
)
_LOWER_WORDS = re.compile(r" ([a-z][a-z-]*[a-z])(?: ([a-z][a-z-]*[a-z]))?(?: ([a-z][a-z-]*[a-z]))?")


def _eponym_phrase_end(text: str, start: int, end: int, vocab) -> int:
    """Where a one-word proper name's phrase ends: after a possessive law or coefficient, or
    after the lowercase words the field writes with it often ("Pareto frontier", "Nash
    equilibrium" in the mining corpus); -1 inside a vocabulary term, which its own match covers;
    else the name's own end."""
    m = _POSSESSIVE_EPONYM.match(text, end)
    if m is not None:
        return m.end()
    m = _LOWER_WORDS.match(text, end)
    if m is None:
        return end
    for g in (3, 2, 1):  # the longest the field writes: "Markov decision process", not "Markov decision"
        if not m.group(g):
            continue
        if m.group(g) in _NAME_KIND_TAILS:
            continue
        phrase = text[start : m.end(g)]
        if vocab.lookup(phrase) is not None:
            return -1  # a vocabulary term ("Gaussian noise"): its own match covers it
        if vocab.phrase_df.get(norm_key(phrase), 0) >= EPONYM_PHRASE_MIN_DF:
            return m.end(g)
    # "Poisson process", "Petri net", "Pareto front": alone the name is cut short, however rarely
    # the field writes the phrase; not where the name ends a longer one ("Intersection over Union loss")
    if (m.group(1) in EPONYM_HEADS or m.group(1) in EPONYM_NEXT or m.group(1) in _EPONYM_KINDS) and not text.endswith((" over ", " of "), 0, start):
        return m.end(1)
    return end


# what else a person's name names, beside phrases.EPONYM_HEADS ("Brier score", "Markov chain")
_EPONYM_KINDS = frozenset(
    "process processes net nets front fronts frontier frontiers equilibrium equilibria optimality efficiency".split()
)


_GLUED_ARTICLE = re.compile(r"^(.*[A-Za-z0-9])-an?$")
_WORD_AFTER = re.compile(r"\s+([A-Za-z][\w-]*)")


def _describes_next(text: str, end: int) -> bool:
    """Whether the word after `end` opens a description ("novel", "simple", "fundamentally new",
    or a capitalised name: "MTCMB-a Multi-Task Benchmark")."""
    m = _WORD_AFTER.match(text, end)
    if m is None:
        return False
    word = m.group(1)
    return word[0].isupper() or word in GENERIC_MODIFIERS or word.endswith("ly") or lexicon().get(word) == "ADJ"
