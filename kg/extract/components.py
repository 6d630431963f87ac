"""spaCy pipeline components that find concept candidates in an abstract.

Each component adds :class:`Candidate` records to ``doc.user_data["kg"]``; they run on a
blank English pipeline (tokenizer + sentencizer), so no statistical model is needed.
Order matters: definitions first, so later components know the paper's acronyms.
"""

from __future__ import annotations

import bisect
import functools
import re
from dataclasses import dataclass

from spacy.language import Language
from spacy.tokens import Doc

from kg.extract.acronyms import find_definitions
from kg.extract.contributions import (
    announced_bare_object,
    composed_of,
    find_contributions,
    own_kind_appositive,
    own_voice,
    quoted_term,
    title_run,
    type_from_clause,
)
from kg.extract.generic import (
    CLASSIFYING_MODIFIERS,
    GENERIC_HEADS,
    GENERIC_MODIFIERS,
    PERSON_HEADS,
    is_generic_phrase,
    is_not_a_concept,
)
from kg.extract.names import _VERSION_WORD, Name, family_of, find_names, looks_like_name
from kg.extract.phrases import KIND_HEADS, lexicon
from kg.extract.phrases import head_word as _head_key  # one definition, shared with the title rules
from kg.extract.titles import (
    TITLE_HEAD,
    coined_head,
    names_a_thing,
    plain_words,
    title_case_terms,
    title_method_terms,
    title_phrases,
    title_terms,
)
from kg.extract.tokenizer import Tok
from kg.extract.typing_rules import type_from_context, type_from_head, type_from_list, type_from_name
from kg.extract.vocabulary import TERM_MIN_DF, is_curated, load_vocabulary
from kg.resolve.normalize import content_words, norm_key, singular


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


@Language.factory("kg_prepare")
def make_prepare(nlp: Language, name: str):
    """Make sure the Doc carries kg's token and sentence tables (plain tuples, many times
    faster to read than spaCy's Token objects). kg's own tokenizer builds them as it
    tokenizes; with any other tokenizer (and a sentencizer) they are read out of the Doc here."""

    from spacy.attrs import IDX, IS_PUNCT, IS_SPACE, LENGTH, SENT_START

    def prepare(doc: Doc) -> Doc:
        if "kg_tokens" in doc.user_data:
            return doc
        text = doc.user_data.get("kg_text")
        if text is None:
            text = doc.user_data["kg_text"] = doc.text
        rows = doc.to_array([IDX, LENGTH, SENT_START, IS_PUNCT, IS_SPACE]).tolist() if len(doc) else []
        toks = [Tok(text[i : i + n], i, i + n, ss == 1, bool(p or sp)) for i, n, ss, p, sp in rows]
        sents = []
        start = 0
        for i, t in enumerate(toks):
            if t.sent_start and i > 0:
                sents.append((toks[start].idx, toks[i - 1].end, start, i))
                start = i
        if toks:
            sents.append((toks[start].idx, toks[-1].end, start, len(toks)))
        doc.user_data["kg_tokens"] = toks
        doc.user_data["kg_sents"] = sents  # (start_char, end_char, first token, end token)
        return doc

    return prepare


def sentences(doc: Doc):
    """(start_char, end_char, text) of each sentence."""
    return [(a, b, doc.user_data["kg_text"][a:b]) for a, b, _i, _j in doc.user_data["kg_sents"]]


@Language.factory("kg_definitions", default_config={"vocab_file": None})
def make_definitions(nlp: Language, name: str, vocab_file: str | None):
    vocab = load_vocabulary(vocab_file)

    def definitions(doc: Doc) -> Doc:
        defs = find_definitions(doc.user_data["kg_text"])
        doc.user_data["kg_definitions"] = {d.short: d.long for d in defs}
        doc.user_data["kg_definition_spans"] = defs
        for d in defs:
            if is_generic_phrase(norm_key(d.long).split()):
                continue  # "state-of-the-art (SOTA)": a short form for a description, no concept
            ctype = type_from_name(d.short) or type_from_head(_head_key(d.long))
            # "large language models (LLMs)"; "a human wisdom-large language model (LLM) framework"
            known = _known_long_form(vocab, d.long) or _known_acronym(vocab, d.short, d.long)
            _store(doc).append(
                Candidate(d.long, d.long_start, d.long_end, ctype, "definition", 0.95, long_form=d.long, known=known)
            )
            _store(doc).append(
                Candidate(d.short, d.short_start, d.short_end, ctype, "definition", 0.95, long_form=d.long, known=known)
            )
        return doc

    return definitions


# a long form this many abstracts of the field use (phrase_df) is an established concept
KNOWN_LONG_FORM_DF = 10


def _known_long_form(vocab, long_form: str) -> bool:
    """A long form the curated vocabulary knows, or that the field's abstracts already use
    ("named entity recognition (NER)", "whole slide images (WSIs)"): what it defines is no
    coinage of this paper."""
    if is_curated(vocab.lookup(long_form)):
        return True
    return vocab.phrase_df.get(norm_key(long_form), 0) >= KNOWN_LONG_FORM_DF


def _known_acronym(vocab, short: str, long_form: str) -> bool:
    """A curated short form whose known long form ends the one the paper wrote (the reader took
    words before the expansion into it), or says it in other function words."""
    entry = vocab.entries.get(vocab.acronyms.get(short, ""))
    if entry is None:
        return False
    key, known = norm_key(long_form), norm_key(entry.name)
    # "reinforcement learning with human feedback (RLHF)": the same content words say it too
    return f" {key}".endswith(f" {known}") or content_words(key) == content_words(known)


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
        return doc

    return names


_NEXT_WORD = re.compile(r" [a-z]{2,}\b")
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
    """A capitalised run that ends in an adjective right before a lower-case word is the start
    of a longer name, not a name: "a Source-Attributed Invisible| watermarking Framework",
    "Apple Black| rot", "Upper Confidence Bound-based| strategy selection"."""
    if len(words) < 2 or _NEXT_WORD.match(text, end) is None:
        return False
    last = words[-1].lower()
    return lex.get(last) == "ADJ" or last.endswith("-based")


EPONYM_PHRASE_MIN_DF = 5  # abstracts of the mining corpus that write the name with the same words
# a person's law, test or coefficient: "Goodhart's law", "Cohen's kappa", "Fisher's exact test",
# "Euler's formula", "Alzheimer's disease"
_POSSESSIVE_EPONYM = re.compile(
    r"['’]s?\s+(?:(?:exact\s+)?(?:formula|theory|disease|law|laws|kappa|alpha|rho|tau|theorem|lemma|principle|paradox|rule|"
    r"effect|test|inequality|hypothesis|conjecture|constant|criterion|method|algorithm|distance|coefficient)\b"
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
    return end


# "we call this phenomenon X", "we term this problem Y": a naming verb, "this" and a kind word
_NAMING_THIS = re.compile(r"\b(?:call|calls|term|terms|name|names|dub|dubs|coin|coins)\s+(?:this|these|such)\s+$", re.I)
_NAMED_KINDS = frozenset(
    "phenomenon phenomena problem effect issue behavior behaviour approach method framework task setting paradigm "
    "process technique strategy mechanism pattern property failure mode regime".split()
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


_ORDINARY_SENSE = re.compile(
    r"\b(?:attract\w*|draw\w*|drew|garner\w*|receiv\w*|gain\w*|pa(?:y|ys|id|ying)|deal\s+of|"
    r"increasing|growing|considerable|significant|much|more|less|little|widespread|wide|special|close)\s+$",
    re.I,
)


@functools.lru_cache(maxsize=1 << 17)
def _loose(word: str) -> str:
    return singular(word)


@functools.lru_cache(maxsize=1 << 17)
def _term_words(token: str) -> tuple[tuple[str, int, int, bool, bool], ...]:
    """A token as the term matcher reads it: lower-cased, hyphenated tokens split into parts
    (part, offset, length, may start a phrase, may end one) so a phrase may not start or end
    inside a hyphenated token."""
    low = token.lower()
    if "-" not in low or len(low) <= 2:
        return ((low, 0, len(low), True, True),)
    out = []
    pos = 0
    parts = low.split("-")
    for k, part in enumerate(parts):
        if part:
            out.append((part, pos, len(part), k == 0, k == len(parts) - 1))
        pos += len(part) + 1
    return tuple(out)


@Language.factory("kg_terms", default_config={"vocab_file": None})
def make_terms(nlp: Language, name: str, vocab_file: str | None):
    vocab = load_vocabulary(vocab_file)
    phrases, first_words, max_words = vocab.phrases, vocab.first_words, vocab.max_words
    prefixes = vocab.prefixes
    # a one-word key matches the singular of its word ("hallucinations"), where a longer key's
    # first word must match as written
    one_word_keys = frozenset(k for k in phrases if " " not in k)
    # token text -> (its words as the matcher reads them, the indexes of those that may start
    # a key); a word is (part, offset, length, may start, may end, singular of part)
    token_words: dict[str, tuple[tuple, tuple[int, ...]]] = {}

    def words_of(token: str) -> tuple[tuple, tuple[int, ...]]:
        got = token_words.get(token)
        if got is None:
            if len(token_words) > 500_000:
                token_words.clear()
            ws = tuple((*w, _loose(w[0])) for w in _term_words(token))
            got = token_words[token] = (ws, tuple(
                k for k, w in enumerate(ws) if w[3] and (w[0] in first_words or w[4] and w[5] in one_word_keys)
            ))
        return got

    def terms(doc: Doc) -> Doc:
        text = doc.user_data["kg_text"]
        if vocab.slashed_pattern is not None and "/" in text:
            slashed_forms(text, _store(doc))
        # word stream: hyphenated tokens split into parts, punctuation as a boundary (None);
        # a word's offsets are relative to its token's start, kept apart in `bases`
        words: list[tuple | None] = []
        bases: list[int] = []
        starts: list[int] = []  # indexes of the words that may start a key, in order
        bounds: list[int] = []  # indexes of the boundaries, in order
        # "Key-Value (KV) cache": read the defined phrase as its short form, so the
        # continuation matches "KV cache" in the vocabulary
        spans = {d.long_start: d for d in doc.user_data.get("kg_definition_spans", ())}
        skip_to = -1
        known = token_words.get
        for tok in doc.user_data["kg_tokens"]:
            pos = tok.idx
            if pos < skip_to:
                continue
            if spans and pos in spans:
                d = spans[pos]
                if text[d.short_end : d.short_end + 1] == ")":
                    short = d.short.lower()
                    if short in first_words:
                        starts.append(len(words))
                    words.append((short, 0, d.short_end + 1 - d.long_start, True, True, _loose(short)))
                    bases.append(d.long_start)
                    skip_to = d.short_end + 1
                    continue
            if tok.punct or tok.sent_start and words:
                bounds.append(len(words))
                words.append(None)
                bases.append(0)
                if tok.punct:
                    continue
            got = known(tok.text)
            ws, can_start = got if got is not None else words_of(tok.text)
            if can_start:
                at = len(words)
                starts.extend([at + k for k in can_start])
            if len(ws) == 1:
                words.append(ws[0])
                bases.append(pos)
            else:
                words.extend(ws)
                bases.extend([pos] * len(ws))
        if not starts:
            return doc
        store = _store(doc)
        n = len(words)
        bounds.append(n)
        b = 0
        i_next = 0
        for i in starts:
            if i < i_next:
                continue  # inside the key matched before
            w = words[i]
            while bounds[b] < i:
                b += 1
            # how many words some key could span from here (singular forms, a superset test)
            top = min(max_words, bounds[b] - i)
            acc = w[5]
            longest = 1 if acc in prefixes else 0
            while longest and longest < top:
                acc = acc + " " + words[i + longest][5]
                if acc not in prefixes:
                    break
                longest += 1
            matched = 0
            for length in range(longest, 0, -1):
                last = words[i + length - 1]
                if not last[4]:
                    continue
                span = words[i : i + length]
                parts = [x[0] for x in span]
                parts[-1] = last[5]
                for j in range(1, length - 1):
                    if parts[j] == "of":
                        parts[j - 1] = span[j - 1][5]
                key = " ".join(parts)
                entry_key = phrases.get(key)
                if entry_key is None:
                    continue
                entry = vocab.entries[entry_key]
                if not entry.curated and (
                    is_generic_phrase(parts) or parts[-1] in GENERIC_HEADS and length < 2 or parts[-1] in PERSON_HEADS
                ):
                    continue
                start = bases[i] + w[1]
                end = bases[i + length - 1] + last[1] + last[2]
                if entry_key in vocab.title_cased and not text[start].isupper():
                    continue  # "a natural question arises": not the Natural Questions dataset
                if length == 1 and _ORDINARY_SENSE.search(text[max(0, start - 40) : start]):
                    break  # "attracted attention", "great deal of attention": the word, not the concept
                if length > 1 and start in spans:
                    absorbed = spans[start]
                    store[:] = [c for c in store if not (c.extractor == "definition" and c.long_form == absorbed.long)]
                if entry.curated:
                    score = 0.8 if length > 1 else 0.6
                else:
                    score = 0.5
                store.append(
                    Candidate(
                        text[start:end], start, end, entry.type,
                        "vocabulary" if entry.curated else "terms", score, vocab_key=entry_key,
                    )
                )
                matched = length
                break
            i_next = i + (matched or 1)
        return doc

    def slashed_forms(text: str, store: list[Candidate]) -> None:
        """"CNN/DM": a vocabulary form written with a slash, which the word matcher never sees
        whole; the names on either side of the slash fall inside it."""
        for m in vocab.slashed_pattern.finditer(text):
            entry = vocab.entries[vocab.slashed[m.group(0).lower()]]
            store.append(Candidate(
                m.group(0), m.start(), m.end(), entry.type, "vocabulary" if entry.curated else "terms", 0.8,
                vocab_key=entry.key,
            ))

    return terms


# single nouns count only when the field uses them, but not everywhere: "chess", "hallucination"
SINGLE_NOUN_DF = (3, 1000)
SINGLE_NOUN_MIN_USES = 3  # in the abstract, the title counting as one


NAME_COMPOUND_MIN_DF = 3
# how many field abstracts must write a modifier before a short form ("agentic RAG")
SHORT_FORM_KIND_MIN_DF = 5


# a head added to a term makes a compound of terms when head and the term's last word are a
# stock term of the field ("knowledge graph", "success rate")
TAIL_TERM_MIN_DF = 100


def _term_inside(inner, taken, text) -> tuple[int, int] | None:
    """(start, end) of the one vocabulary or mined term inside a phrase, or None; none either
    when the phrase opens with a plural noun ("models reasoning" is a clause)."""
    if len(inner) != 1 or taken[inner[0]][2] not in ("vocabulary", "terms") or _plural_noun(text.split(None, 1)[0]):
        return None
    return taken[inner[0]][0], taken[inner[0]][1]


def _extends_term(inner, taken, start, end, text, word_df) -> bool:
    """A field term that adds modifiers to one candidate ("autoregressive decoding" around
    "decoding"), or a hyphenated modifier of a one-word term: the longer term is the concept
    the paper means. So is one that adds a head ("attack success rate" after "attack success",
    "legal knowledge graphs", whose tail is a term too)."""
    span = _term_inside(inner, taken, text)
    if span is None:
        return False
    a, b = span
    if a >= start and b == end:
        return word_df.get(norm_key(text), 0) >= TERM_MIN_DF or _hyphen_variant(text, taken[inner[0]])
    if a == start and b < end and " " not in text[b - start :].strip():
        full = word_df.get(norm_key(text), 0)
        if full >= TERM_MIN_DF and full >= word_df.get(norm_key(text[: b - start]), 0):
            return True  # the shorter term mostly occurs inside this one: it was a truncation
        tail = " ".join(text[: b - start].split()[-1:] + [text[b - start :].strip()])
        # a generic head makes a description ("reasoning tasks", "reasoning capabilities")
        return _head_key(text) not in GENERIC_HEADS and (full >= TERM_MIN_DF or word_df.get(norm_key(tail), 0) >= TAIL_TERM_MIN_DF)
    return False


def _paper_kind_of_term(inner, taken, start, end, text, low_text, title_low) -> bool:
    """"road segmentation" written twice, or in the title: the paper's own kind of a field term
    ("segmentation") is the concept it means."""
    span = _term_inside(inner, taken, text)
    if span is None or not (span[0] > start and span[1] == end):
        return False
    low = text.lower()
    return low_text.count(low) >= 2 or low in title_low


def _name_modifies(inner, taken, start, end, text, word_df) -> bool:
    """"LLM judges", "KG construction": names that only modify the plain noun the phrase ends
    in make a compound the field writes as a term of its own."""
    last = max(taken[k][1] for k in inner)
    head = _head_key(text)
    return (
        all(taken[k][2] == "names" and taken[k][0] >= start for k in inner)
        and last < end
        and head not in GENERIC_HEADS
        and head not in KIND_HEADS
        and word_df.get(norm_key(text), 0) >= NAME_COMPOUND_MIN_DF
    )


def _hyphen_variant(text: str, inner) -> bool:
    """ "One-to-Many alignment", "trust-region-bounded distillation": a one-word term after one
    hyphenated modifier (not a generic one: "real-world") names a variant of it, even one the
    field has not written before."""
    head_len = inner[1] - inner[0]
    before = text[: len(text) - head_len].split()
    return (
        " " not in text[len(text) - head_len :]
        and len(before) == 1
        and "-" in before[0]
        and before[0].lower() not in GENERIC_MODIFIERS
    )


# the word before a phrase: a coordinated modifier is half of one ("task-relevant and sensitive
# embeddings"), and after a subject the word is a verb ("we instead view retrieval as ...")
_WORD_BEFORE = re.compile(r"([A-Za-z]+|[,;(])[ \t]*$")
_NOT_BEFORE_VARIANT = frozenset("and or , we they it instead also to".split())


def _modified_term(inner, taken, start, end, text, lex, full_text) -> bool:
    """"spatial pruning", "node sampling", "static quantization": one plain modifier (an
    adjective or a noun, not a participle or a superlative) before a one-word vocabulary or
    mined term names a kind of it, one the paper may name only once."""
    span = _term_inside(inner, taken, text)
    if span is None or not (span[0] > start and span[1] == end) or " " in text[span[0] - start :]:
        return False
    mods = text[: span[0] - start].split()
    if len(mods) != 1:
        return False
    m = mods[0]
    if not (m.isalpha() and m.islower() and len(m) > 3) or m in GENERIC_MODIFIERS or m.endswith("ed") or _plural_noun(m):
        return False
    tag = lex.get(m)
    if tag not in ("ADJ", "NOUN") or tag == "ADJ" and m.endswith("est"):  # "highest factuality"
        return False
    before = _WORD_BEFORE.search(full_text, max(0, start - 24), start)
    return before is None or before.group(1).lower() not in _NOT_BEFORE_VARIANT


def _plural_noun(word: str) -> bool:
    from kg.extract.phrases import lexicon, tag_word

    low = word.lower()
    return singular(low) != low and tag_word(low, lexicon()) == "NOUN"


@Language.factory("kg_phrases", default_config={"vocab_file": None})
def make_phrases(nlp: Language, name: str, vocab_file: str | None):
    from kg.extract.phrases import (
        _SINGLE_NOUNS,
        KIND_OF_TERM_SCORE,
        established_part,
        lexicon,
        modified_short_forms,
        noun_phrases,
        single_noun,
    )

    lex = lexicon()
    word_df = load_vocabulary(vocab_file).phrase_df
    min_df, max_df = SINGLE_NOUN_DF

    def single_nouns(doc: Doc, store: list[Candidate]) -> None:
        """Single technical nouns the paper keeps returning to (SINGLE_NOUN_MIN_USES times, the
        title counting as one), at the uses no other candidate covers."""
        covered = _coverage(doc.user_data["kg_text"], store)
        seen: dict[str, list] = {}
        # single_noun's own memo, read directly: it holds results for the shipped lexicon only
        known = _SINGLE_NOUNS.get if lex is lexicon() else {}.get
        for t in doc.user_data["kg_tokens"]:
            key = known(t.text)
            if key is None:
                key = single_noun(t.text, lex)
            if key:
                if key in seen:
                    seen[key].append(t)
                else:
                    seen[key] = [t]
        if not seen:
            return
        title = {single_noun(w, lex) for w in re.findall(r"[a-z]+", doc.user_data.get("kg_title", ""))}
        for key, toks in seen.items():
            if len(toks) + (key in title) < SINGLE_NOUN_MIN_USES or not (min_df <= word_df.get(key, 0) <= max_df):
                continue
            for t in toks:
                if not covered[t.idx]:
                    store.append(Candidate(t.text, t.idx, t.end, type_from_head(key), "nouns", 0.4))

    def phrases(doc: Doc) -> Doc:
        store = _store(doc)
        taken = sorted((c.start, c.end, c.extractor) for c in store)
        starts = [a for a, _, _ in taken]
        longest = max((b - a for a, b, _ in taken), default=0)
        all_toks = doc.user_data["kg_tokens"]
        low_text = doc.user_data["kg_text"].lower()
        title_low = doc.user_data.get("kg_title", "").lower()
        for _a, _b, i, j in doc.user_data["kg_sents"]:
            toks = [(t.text, t.idx, t.end) for t in all_toks[i:j]]
            for start, end, words, weak in noun_phrases(toks, lex, compounds=word_df):
                text = doc.user_data["kg_text"][start:end]
                if len(words) >= 3 and singular(words[0]) in _NAMED_KINDS and _NAMING_THIS.search(
                    doc.user_data["kg_text"], max(0, start - 30), start
                ):
                    # "we call this phenomenon reward collapse": the name follows the kind word
                    text = text[len(words[0]) :].lstrip()
                    words = words[1:]
                    start = end - len(text)
                if words[0] in CLASSIFYING_MODIFIERS:
                    trim = established_part(text, words, word_df)
                    if trim is None:
                        continue
                    for _ in range(trim):
                        text = text[len(words[0]) :].lstrip()
                        words = words[1:]
                    start = end - len(text)
                # "high-fidelity semantic masks", "enforces recursive reasoning": when only the
                # shorter phrase is a term of the field, the leading words are the paper's
                # description of it (or a verb the lexicon took for a noun)
                while len(words) >= 3 and word_df.get(norm_key(text), 0) < TERM_MIN_DF:
                    rest = text[len(words[0]) :].lstrip()
                    if word_df.get(norm_key(rest), 0) < TERM_MIN_DF:
                        break
                    # "belief state model": two terms of the field overlapping ("belief state",
                    # "state model") make a compound of terms, not a described one
                    if word_df.get(norm_key(" ".join(words[:2])), 0) >= TERM_MIN_DF and "-" not in words[0]:
                        break
                    start, text, words = end - len(rest), rest, words[1:]
                # weaker than every other extractor: give way where they found something
                lo = bisect.bisect_left(starts, start - longest)
                hi = bisect.bisect_left(starts, end)
                inner = [k for k in range(lo, hi) if taken[k][1] > start]
                if (
                    inner and not _extends_term(inner, taken, start, end, text, word_df)
                    and not _name_modifies(inner, taken, start, end, text, word_df)
                    and not _paper_kind_of_term(inner, taken, start, end, text, low_text, title_low)
                ):
                    # "progressive object-grounded reasoning": the hyphenated variant of the term
                    if len(words) < 3 or "-" not in words[-2]:
                        # "spatial pruning" around "pruning": kept beside the term, as a kind of it
                        if _modified_term(inner, taken, start, end, text, lex, doc.user_data["kg_text"]):
                            store.append(Candidate(text, start, end, type_from_head(_head_key(text)), "phrases", KIND_OF_TERM_SCORE))
                        continue
                    rest = text[text.lower().rindex(words[-2], 0, len(text) - len(words[-1])) :]
                    rest_start = end - len(rest)
                    inner = [k for k in inner if taken[k][1] > rest_start]
                    if not inner or not _extends_term(inner, taken, rest_start, end, rest, word_df):
                        continue
                    start, text, words = rest_start, rest, words[-2:]
                # a weak phrase gets no type from its head: without one, the resolver keeps
                # it only when the paper repeats it or the field uses it
                ctype = None if weak else type_from_head(_head_key(text))
                store.append(Candidate(text, start, end, ctype, "phrases", 0.45))
            short_form_kinds(doc.user_data["kg_text"], toks, taken, starts, store)
        single_nouns(doc, store)
        return doc

    def short_form_kinds(text: str, toks, taken, starts, store: list[Candidate]) -> None:
        """"agentic RAG", "medical LLMs": a kind of what a short form names, when the field
        writes it so; the short form keeps its own mention."""
        for start, end in modified_short_forms(toks, lex):
            phrase = text[start:end]
            if word_df.get(norm_key(phrase), 0) < SHORT_FORM_KIND_MIN_DF:
                continue
            at = bisect.bisect_left(starts, start)
            if at < len(taken) and taken[at][0] == start:
                continue  # a name or term already starts there
            # a kind of a model is a model ("medical LLMs"), of a method a method ("agentic RAG")
            short_start = end - len(phrase.rsplit(None, 1)[-1])
            ctype = next((c.type for c in store if c.start == short_start and c.end == end), None)
            store.append(Candidate(phrase, start, end, ctype, "phrases", 0.45))

    return phrases


# a span the tagger is this sure of (its smallest margin between the chosen label and the next
# best) is a candidate concept: on held-out 12, which it never trained on, margins of 4 / 6 / 8
# / 10 gave recall +0.061 / +0.046 / +0.040 / +0.029 for 2.7 / 2.1 / 1.7 / 1.4 new links an abstract
# (the version-80 tagger; for the retrained one 5 / 6 / 7 / 8 moved recall by under 0.01)
TAGGER_MIN_MARGIN = 6.0
TAGGER_MAX_TOKENS = 6
# a weak phrase whose exact bounds the tagger also marks, with at least this margin, is
# corroborated (session 21, against the sure spans' 6 alone: recall +0.010 on the seven read
# sets the tagger never trained on, judged validity flat; margins 0 / 1 / 2 / 4 gave
# +0.0098 / +0.0101 / +0.0061 / +0.0021)
TAGGER_CORROBORATES_MARGIN = 1.0


@Language.factory("kg_tagger", default_config={"vocab_file": None})
def make_tagger(nlp: Language, name: str, vocab_file: str | None):
    from kg.extract.tagger import load_tagger

    tagger = load_tagger(vocab_file)

    def tag(doc: Doc) -> Doc:
        if tagger is None:
            return doc
        store = _store(doc)
        text = doc.user_data["kg_text"]
        toks = [t for t in doc.user_data["kg_tokens"] if not t.text.isspace()]
        if not toks:
            return doc
        spans = {(c.start, c.end): c for c in store}
        for a, b, margin in tagger.spans([t.text for t in toks]):
            if margin < TAGGER_CORROBORATES_MARGIN or b - a + 1 > TAGGER_MAX_TOKENS:
                continue
            first, last = toks[a], toks[b]
            start, end = first.idx, last.end
            same = spans.get((start, end))
            if same is not None:
                if same.extractor in ("phrases", "terms"):
                    # a weak phrase the tagger marks too, even when unsure of it: two extractors
                    # agree on its bounds, and that is its corroboration
                    same.extractor, same.score = "tagger", max(same.score, 0.55)
                    if margin >= TAGGER_MIN_MARGIN and " " in same.text and same.text[:1].islower() and (
                        announced_bare_object(text, start, end) == "define"
                    ):
                        _mark_proposed(same, None, {}, {})  # "we define cross-format robustness as ..."
                continue
            if margin < TAGGER_MIN_MARGIN:
                continue  # on its own, only a span the tagger is sure of is a candidate
            if first.punct or last.punct or any(t.text in ".!?;" or t.sent_start and k > a for k, t in enumerate(toks[a : b + 1], a)):
                continue
            if any(c.extractor in ("names", "definition") and start <= c.start and c.end <= end for c in store):
                continue  # "ZUNet baseline": a name inside keeps its own mention
            surface = text[start:end]
            words = surface.lower().split()
            if is_not_a_concept(surface) or is_generic_phrase(words) or _CITED.match(text, end) or (
                len(words) == 1 and (words[0] in GENERIC_MODIFIERS or _head_key(surface) in GENERIC_HEADS)
            ):
                continue
            ctype = type_from_name(surface) or type_from_head(_head_key(surface))
            cand = Candidate(surface, start, end, ctype, "tagger", 0.55)
            bare = announced_bare_object(text, start, end) if len(words) > 1 and surface[:1].islower() else ""
            if bare == "define" or bare and _head_key(surface) not in GENERIC_HEADS:
                # "we introduce frozen-encoder model composition, a novel approach": too rare for
                # the phrase table, the tagger's span is what the paper introduces; "we define
                # cross-format robustness as ...": the paper's own notion, whatever its head
                _mark_proposed(cand, None, {}, {})
            store.append(cand)
        return doc

    return tag


@Language.factory("kg_contributions", default_config={"vocab_file": None})
def make_contributions(nlp: Language, name: str, vocab_file: str | None):
    vocab = load_vocabulary(vocab_file)
    families = vocab.families

    def contributions(doc: Doc) -> Doc:
        store = _store(doc)
        full_text = doc.user_data["kg_text"]
        named = sorted((c for c in store if c.extractor in ("names", "definition")), key=lambda c: c.start)
        phrases = sorted((c for c in store if c.extractor in ("phrases", "terms", "vocabulary")), key=lambda c: c.start)
        # Sorted starts and an index of definitions by long form keep each lookup below
        # logarithmic: scans of the whole store made a long abstract quadratic.
        named_starts = [c.start for c in named]
        phrase_starts = [c.start for c in phrases]
        definitions: dict[str, list[Candidate]] = {}
        for c in store:
            if c.extractor == "definition" and c.long_form:
                definitions.setdefault(c.long_form, []).append(c)
        applied: dict[str, str | None] = {}  # long form -> clause type last applied to its group
        first_seen: dict[str, int] = {}
        for c in named:
            first_seen.setdefault(c.text, c.start)

        def first_from(cands: list[Candidate], starts: list[int], lo: int, hi: int) -> Candidate | None:
            i = bisect.bisect_left(starts, lo)  # the first candidate with lo <= start < hi
            if i >= len(cands) or starts[i] >= hi:
                return None
            # the longest of those starting there: "attention recalibration mechanism", not "attention"
            best = cands[i]
            j = i + 1
            while j < len(cands) and starts[j] == starts[i]:
                if cands[j].end > best.end:
                    best = cands[j]
                j += 1
            return best

        def inside_phrase(c: Candidate) -> bool:
            """Part of a longer term ("KV" in "reordering KV caches"): a word of that term, not a name."""
            i = bisect.bisect_right(phrase_starts, c.start)
            for p in phrases[max(0, i - 8) : i]:
                if p.start <= c.start and p.end >= c.end and p.end - p.start > c.end - c.start:
                    return True
            return False

        def first_new(lo: int, hi: int, s0: int) -> Candidate | None:
            """The first name in [lo, hi) that is not a concept the vocabulary already knows."""
            i = bisect.bisect_left(named_starts, lo)
            while i < len(named) and named_starts[i] < hi:
                c = named[i]
                # a word of a web address ("huggingface.co/Org/Model") is no name, a released
                # model of a known family ("GPT-5.4") is someone else's
                if (
                    not (c.vocab_key or c.known or _release(c.text, families))
                    and full_text[c.start - 1 : c.start] != "/"
                    and not _MODIFIER_SUFFIX.search(c.text)  # "a CLIP-based framework (CLIP-KOA)"
                ):
                    # past a preposition, the clause's object was unnamed: what follows is what
                    # it is for or about; after "derived from", "leveraging the ... model", what
                    # it is made from or with
                    return None if _complement_name(c, lo, s0) or _SOURCE_BEFORE.search(full_text, lo, c.start) else c
                i += 1
            return None

        def _past_complement(lo: int, at: int) -> bool:
            """Whether a preposition stands between the clause's start and `at` ("we propose
            using X" is the verb's object)."""
            m = _COMPLEMENT.search(full_text, lo, at)
            return m is not None and not (full_text[lo : m.start()].strip() == "" and m.group(0).lower() in ("using", "applying"))

        def _complement_name(c: Candidate, lo: int, s0: int) -> bool:
            """"we introduce a training strategy for DSC", "a method ... in CT angiography (CTA)":
            a name past a preposition of the clause says what the contribution is for or about;
            it is the contribution only when it is new there and not the short form of a term
            the field already writes."""
            if not _past_complement(lo, c.start):
                return False
            if first_seen[c.text] < s0:
                return True
            # "the Linear SEParability (LSEP) of ...": a long form in capitals is a coined name
            return (
                c.extractor == "definition" and bool(c.long_form) and not _all_capitalised(c.long_form)
                and vocab.phrase_df.get(norm_key(c.long_form), 0) >= TERM_MIN_DF
            )

        def definitions_in(lo: int, hi: int) -> list[Candidate]:
            return [c for c in named[bisect.bisect_left(named_starts, lo) : bisect.bisect_left(named_starts, hi)]
                    if c.extractor == "definition"]

        def text_of(end: int) -> str:
            return full_text[end : end + 60]

        for k, (s0, _end, sent_text) in enumerate(sentences(doc)):
            for contrib in find_contributions(sent_text, first=k == 0):
                lo, hi = s0 + contrib.start, s0 + contrib.end
                pick = None
                direct_pick = False
                quoted = quoted_term(sent_text, contrib.start)
                direct = _DIRECT_NAME.match(sent_text, contrib.start)
                if direct and not quoted and (
                    _name_shaped(direct.group(1))
                    # "we introduce Mouse, a specialized benchmark": a capitalised word the
                    # appositive says is a benchmark, model, ... is a name, however plain
                    or (direct.group(1).isalpha() and direct.group(1)[0].isupper() and direct.start(1) > 0
                        and own_kind_appositive(sent_text, direct.start(1), direct.end(1)))
                ):
                    # "we present Seed1.5-VL, a vision-language model": the object of the verb, with
                    # an appositive saying what it is, is the paper's own, whatever family it is of
                    pick = _span_candidate(store, s0 + direct.start(1), s0 + direct.end(1), direct.group(1))
                    direct_pick = pick is not None
                kind_name = None if direct_pick or quoted else _KIND_THEN_NAME.search(sent_text, contrib.start, contrib.end)
                if kind_name and _name_shaped(kind_name.group(1)):
                    # "a new tool learning method Chain-of-Tools": the name after the kind word
                    pick = _span_candidate(store, s0 + kind_name.start(1), s0 + kind_name.end(1), kind_name.group(1))
                if pick is not None:
                    pass
                elif quoted:
                    pick = _quoted_candidate(store, s0 + quoted[0], s0 + quoted[1], sent_text[quoted[0] : quoted[1]])
                else:
                    run = title_run(sent_text, contrib.start)
                    if run:
                        pick = _run_candidate(
                            store, s0 + run[0], s0 + run[1], sent_text[run[0] : run[1]],
                            described=_DESCRIBED.match(sent_text, run[1]) is not None,
                        )
                if pick is None and contrib.called_at >= 0:
                    at = s0 + contrib.called_at
                    pick = first_from(named, named_starts, at, at + 4)
                    if pick is not None and _well_known(pick, vocab):
                        pick = None  # "a scheme referred to as Chain-of-Thought (CoT)" is not new
                    token = _TOKEN.match(full_text, at)
                    if pick is None and token and (_name_shaped(token.group(1)) or token.group(1)[0].isupper()):
                        # "a process reward model called Web-Shepherd": whatever follows "called" is the name
                        pick = _span_candidate(store, at + token.start(1) - at, token.end(1), token.group(1))
                if pick is None:
                    pick = first_new(lo, hi, s0)
                    glued = _GLUED_MODIFIER.match(full_text, pick.end) if pick is not None else None
                    if glued is not None and _OBJECT_START.fullmatch(full_text, lo, pick.start):
                        # "we introduce SEG-aware logit calibration": the name only modifies the
                        # term the paper introduces, which is the whole phrase; "an FP8-based
                        # training recipe" introduces neither FP8 nor a named term
                        term = first_from(phrases, phrase_starts, glued.end(), glued.end() + 1)
                        named_term = first_from(named, named_starts, glued.end(), glued.end() + 1)
                        if named_term is not None:
                            pick = named_term  # "kNN-based Latent Space Broadening (LSB)"
                        elif term is None or _head_key(term.text) in _UNNAMED_HEADS or _modifies_kind_word(full_text, term.end):
                            continue
                        else:
                            pick = _at_span(store, pick.start, term.end, full_text[pick.start : term.end], "phrases", term.score)
                # unnamed: "we introduce derivation graphs, which ..."; but "we propose an RL
                # framework for idea generation" names a known concept and no new one: nothing
                if pick is None and not contrib.named_only:
                    pick = first_from(phrases, phrase_starts, lo, hi)
                    if pick is not None and _past_complement(lo, pick.start):
                        pick = None  # "a dataset created with LLM assistance": not what is introduced
                    name = first_from(named, named_starts, lo, hi)
                    if name is not None and (pick is None or name.start < pick.start) and _well_known(name, vocab):
                        pick = None
                    # "a novel deep learning framework", "two planning strategies": the known
                    # concept or the modifier before a kind word is not what the paper introduces
                    elif pick is not None and (
                        _well_known(pick, vocab)
                        or _modifies_kind_word(full_text, pick.end)
                        or (" " not in pick.text and pick.text.islower())  # "an up-to-date review"
                    ):
                        pick = None
                if pick is None:
                    continue
                # "a scalable and adaptable framework": an unnamed contribution, not a concept; names
                # later in the announcement may still be ("a pipeline ..., resulting in MedFabric")
                unnamed = (
                    not quoted
                    and pick.extractor not in ("names", "definition")
                    and pick.text.islower()  # "the Right-to-Act protocol" is named
                    and (
                        _head_key(pick.text) in GENERIC_HEADS
                        # "we establish a formal link", "we design a decoupled thinking trace": a
                        # phrase after "a" describes one instance and names no new concept ("we
                        # introduce derivation graphs, which ..." does)
                        or (pick.text not in definitions and _INDEFINITE.match(full_text, lo) is not None)
                    )
                )
                picks = [] if unnamed else [pick]
                ctype = _appositive_type(full_text, pick.end) or (
                    # "we introduce X, capable of ... on a range of benchmarks": only words near X type it
                    type_from_clause(full_text[pick.end : pick.end + 40]) if direct_pick else contrib.type
                )
                if picks:
                    # "we release MiniF2F-Hard and FIMO-Hard, ...": the names coordinated with the
                    # pick are objects of the same verb, whatever their kind
                    picks += _conjuncts(store, full_text, pick, s0, first_seen, families)
                if contrib.named_only:  # a weaker cue names one thing ("X is a corpus for OCR and DU")
                    for chosen in picks:
                        _mark_proposed(chosen, ctype, definitions, applied, _appositive_type(full_text, chosen.end))
                    continue
                # further coined names in the same announcement: "... X, with two modules, A and B"
                # (the list may sit inside the clause: "three techniques: A, (ii) B, and (iii) C")
                # "to", "for" and "in" end them too ("a framework (X) to improve KOA grading",
                # "a dataset for gastrointestinal (GI) endoscopy"), unless the sentence
                # enumerates: "(i) A to ensure ..., (ii) B"
                cues = _REUSE_CUE if _ENUMERATED.search(sent_text) else _REUSE_OR_PURPOSE
                stop = cues.search(sent_text, min(contrib.end, pick.end - s0))
                stop_at = s0 + stop.start() if stop else s0 + len(sent_text)
                window = named[bisect.bisect_left(named_starts, pick.end) : bisect.bisect_left(named_starts, stop_at)]
                # "STaR, a text-to-SQL agent": a name modifying the kind word of the pick's
                # appositive describes the pick ("..., a framework implementing Blind Peer Review:" names one)
                described = _APPOSITIVE_NP.match(full_text, pick.end)
                if described:
                    window = [c for c in window if not (c.end <= described.end() and _before_kind_word(full_text, c.end))]
                # a name the abstract already used before this sentence is background ("a method
                # that densifies the reward of GRPO" after "Group Relative Policy Optimization (GRPO)")
                # "GLACIA (Glacial LAke segmentation with ...)": the parenthesis after the pick spells it out
                spelled = _SPELLED_OUT.match(full_text, pick.end)
                for c in window:
                    if spelled is not None and c.end <= spelled.end() and c.extractor != "definition":
                        continue
                    if (
                        c is not pick and _coined(c, families) and first_seen[c.text] >= s0 and not inside_phrase(c)
                        and c.text not in pick.text.split("-")  # "KOA" after "CLIP-KOA" is its domain
                        and full_text[c.end : c.end + 2] not in ("'s", "’s")  # "Kronecker's product"
                        and not _MODIFIER_AFTER.match(full_text, c.end)  # "a U-Net-based network"
                    ):
                        # "i) the LESS Attention Block that ...": in an enumeration, the capitalised run the name starts
                        run = title_run(full_text, c.start) if cues is _REUSE_CUE else None
                        if run and run[1] > c.end:
                            c = _at_span(store, c.start, run[1], full_text[c.start : run[1]])
                        picks.append(c)
                if cues is _REUSE_CUE:
                    # "a framework: (1) Rubric Evaluation, which utilizes LLMs ...; and (2) Canonical
                    # Alignment Evaluation to ...": each item of the enumeration heads a part, even
                    # past a cue, until the sentence turns to what the work is compared or run on
                    rel = max(0, pick.end - s0)
                    turn = _EVALUATED.search(sent_text, rel)
                    for item in _ITEM_HEAD.finditer(sent_text, rel, turn.start() if turn else len(sent_text)):
                        run = title_run(full_text, s0 + item.end())
                        if run is None:
                            continue
                        c = _at_span(store, run[0], run[1], full_text[run[0] : run[1]])
                        if c not in picks and not (c.known or c.vocab_key) and first_seen.get(c.text, c.start) >= s0:
                            picks.append(c)
                for chosen in picks:
                    _mark_proposed(
                        chosen, ctype if chosen is pick else contrib.type, definitions, applied,
                        _appositive_type(full_text, chosen.end),
                    )
        # "V1 comprises two components: V1-Infer, ... and V1-PairRL": parts of a contribution
        proposed_names = {c.text for c in store if c.proposed}
        title = _TITLE_NAME.match(doc.user_data.get("kg_title", ""))  # "Insight-V++: Towards ..."
        title_lead = title.group(1) if title else None
        for s0, _end, sent_text in sentences(doc):
            part_of = _PARTS_OF.match(sent_text) if proposed_names else None
            brings = _BRINGS_COUNTED.match(sent_text) if _BRINGS_VERB.search(sent_text) else None
            if brings is not None and (brings.group(1) in proposed_names or brings.group(1) == title_lead):
                # "To overcome ..., Insight-V++ introduces two novel algorithms, ST-GRPO and
                # J-GRPO": the coined names the paper's own system brings, counted
                for c in _listed_names(store, full_text, s0 + brings.end(), s0, first_seen, families):
                    _mark_proposed(c, type_from_clause(brings.group(2)), definitions, applied)
            enumerated = _SUBJECT.match(sent_text) if proposed_names and _ENUMERATED.search(sent_text) else None
            if enumerated is not None and enumerated.group(1) in proposed_names:
                # "ScalingAttention decouples ... via: (1) WEST (Weight-Encoded Sparse Topology), which
                # ...; (2) FAST (...)": the coined names the paper's own system enumerates
                for item in _ITEM_HEAD.finditer(sent_text, enumerated.end()):
                    c = first_from(named, named_starts, s0 + item.end(), s0 + item.end() + 1)
                    if (
                        c is not None and not c.proposed and _coined(c, families) and first_seen[c.text] >= s0
                        and full_text[c.end : c.end + 1] != "-"  # "(1) ROI-level prompts": the name modifies
                    ):
                        _mark_proposed(c, _appositive_type(full_text, c.end) or c.type, definitions, applied)
            if part_of is not None and part_of.group(1) in proposed_names:
                # "STaR employs difficulty-aware reinforcement learning (DRL)": a term the paper
                # defines where its contribution is made of it is a part of that contribution
                for c in definitions_in(s0 + part_of.end(), s0 + len(sent_text)):
                    if not c.known and first_seen[c.text] >= s0:
                        _mark_proposed(c, _appositive_type(full_text, c.end) or c.type, definitions, applied)
                # "... comprising: Holistic Full Body Prompts to ..., and Body Part Alignment Prompts
                # to ...": the capitalised runs a list of its parts opens with
                listing = _PARTS_LIST.search(sent_text, part_of.end())
                for item in _LIST_ITEM_START.finditer(sent_text, listing.end() - 1) if listing else ():
                    run = title_run(sent_text, item.end())
                    if run is not None and len(sent_text[run[0] : run[1]].split()) >= 2:
                        c = _at_span(store, s0 + run[0], s0 + run[1], sent_text[run[0] : run[1]])
                        if not (c.known or c.vocab_key) and first_seen.get(c.text, c.start) >= s0:
                            _mark_proposed(c, _appositive_type(full_text, c.end) or c.type, definitions, applied)
            comp = composed_of(sent_text)
            list_type = None
            if comp is not None and comp[0] in proposed_names:
                lo = s0 + comp[1]
            else:
                # "we introduce two metrics: A (MCS), which ..., and B": the items an announcement lists
                listed = _ANNOUNCED_LIST.search(sent_text)
                announced = find_contributions(sent_text[: listed.start() + 1]) if listed else None
                if announced:
                    comp = ("", listed.end())
                    lo = s0 + listed.end() - 1  # from the colon, which opens the first item
                    list_type = type_from_clause(listed.group(0)) or announced[-1].type
                else:
                    # "This framework comprises three components: GuideLLM, ...; SolverLLM, ...",
                    # "Our contributions are threefold: (1) ...": the parts of the paper's own work
                    own = _OWN_PARTS.match(sent_text)
                    colon = sent_text.find(":", own.end()) if own else -1
                    subject = _SUBJECT.match(sent_text) if colon < 0 else None
                    if subject is not None and subject.group(1) in proposed_names:
                        # "GraphVLM investigates three complementary paradigms for ...: (1) VLM-as-Encoder,
                        # ...": a list the paper's own contribution opens, as its subject
                        counted = _COUNTED_LIST.search(sent_text, subject.end())
                        colon = counted.end() - 1 if counted else -1
                        if colon > 0 and _TESTED_ON.search(sent_text, subject.end(), colon):
                            colon = -1  # "X ... has been validated on four benchmark datasets: A, B"
                    if colon < 0:
                        continue
                    comp = ("", colon + 1)
                    lo = s0 + colon
            window = named[bisect.bisect_left(named_starts, lo) : bisect.bisect_left(named_starts, s0 + len(sent_text))]
            for c in window:
                # a name no vocabulary knows, heading an item of the list: "(1) ReaGen-27k, a dataset"
                # is typed, and still new; "tools from the NCBI and UniProt databases" are not items
                new = not (c.known or c.vocab_key)
                item = _LIST_ITEM_BEFORE.search(full_text, max(lo, c.start - 12), c.start) and _LIST_ITEM_AFTER.match(
                    full_text, c.end
                )
                if (
                    c.text != comp[0] and new and item and first_seen[c.text] >= s0 and not inside_phrase(c)
                    and not _in_parentheses(full_text, lo, c.start)  # "(East Asian, White, ...)" are examples
                ):
                    _mark_proposed(c, type_from_clause(text_of(c.end)) or list_type, definitions, applied)
        # "our X" and "X: A Benchmark for ..." titles name the paper's own contribution
        text = doc.user_data["kg_text"]
        sents = list(sentences(doc))
        sent_starts = [s0 for s0, _s1, _t in sents]
        proposed_here = {c.text for c in named if c.proposed}
        for c in named:
            if c.proposed:
                proposed_here.add(c.text)
                continue
            if (title and c.text == title.group(1) and (_coined(c, families) or _own_kind_subtitle(title, c, families))) or (
                # "our CultureBench", "our newly proposed AdvancedMath benchmark": said in so
                # many words, any name no vocabulary knows is the paper's own
                c.extractor in ("names", "definition") and _unknown(c, families)
                and (
                    _OUR.search(text, max(0, c.start - 70), c.start) or _PROPOSED_BEFORE.search(text, max(0, c.start - 50), c.start)
                    # "formalized with a novel Tool Interaction Graph": whatever the verb
                    or _NOVEL_BEFORE.search(text, max(0, c.start - 20), c.start) and _NAME_ENDS_PHRASE.match(text, c.end)
                )
            ):
                _mark_proposed(c, type_from_clause(text[c.end : c.end + 60]), definitions, applied)
            elif text.endswith((", ", "a ", "an ", "new ", "novel "), 0, c.start) and _unknown(c, families) and (
                kind := _NEW_KIND_COMMA.search(text, max(0, c.start - 80), c.start)
                or _OWN_FEATURE.search(text, max(0, c.start - 90), c.start)
            ):
                # "... and a new dataset, NYC-MMCDX, demonstrate", "Our approach features a
                # Discrete Ratio Selector, which ...": the paper's own, said in so many words
                _mark_proposed(c, type_from_clause(kind.group(0)) or c.type, definitions, applied)
            elif (
                (own := _OWN_NAME_BRINGS.search(text, max(0, c.start - 60), c.start))
                and own.group(1) in proposed_here and own.group(1) != c.text and _unknown(c, families)
            ):
                # 'D-VLAX introduces "Plane Decoupling," ...': what the paper's own system brings
                _mark_proposed(c, _last_word_type(c), definitions, applied)
            elif (
                _capitalised_part(c) and text.endswith((" a ", " an ", " A ", " An "), 0, c.start)
                and _unknown(c, families) and not _BASELINE_AFTER.match(text, c.end)
            ):
                # "Complementing this constraint, a Dual-scale Prototype Alignment Module
                # enforces ...": a capitalised name of a part, brought in with "a", is new here
                _mark_proposed(c, _last_word_type(c), definitions, applied)
            elif (
                (_STATEMENT_NAME.search(c.text) or _STATEMENT_NEXT.match(text, c.end))
                and first_seen[c.text] == c.start and _unknown(c, families)
                and "'" not in c.text and "’" not in c.text  # "Goodhart's Law" is someone else's
                and _WE_STATE.search(text, sent_starts[bisect.bisect_right(sent_starts, c.start) - 1], c.start)
            ):
                # "We prove three formal properties: (1) the Byte-Identity Theorem, ...": a named
                # result the paper states in its own voice is its own
                _mark_proposed(c, "Concept", definitions, applied)
            elif not (c.known or c.vocab_key) and (_NOVEL_APPOSITIVE.match(text, c.end) or _OWN_APPOSITIVE.match(text, c.end)):
                # "..., and TeachQuiz, a novel end-to-end metric that ...": new, so the paper's own
                kind = _appositive_type(text, c.end)
                _mark_proposed(c, kind, definitions, applied, kind)
            elif first_seen[c.text] == c.start and _coined(c, families):
                k = bisect.bisect_right(sent_starts, c.start) - 1
                s0, _s1, sent_text = sents[k]
                subject = _SUBJECT.match(sent_text)
                own_subject = subject.end(1) if subject is not None and subject.group(1) in proposed_here else -1
                if own_kind_appositive(sent_text, c.start - s0, c.end - s0, own_subject):
                    kind = _appositive_type(text, c.end)
                    _mark_proposed(c, kind, definitions, applied, kind)
                elif (
                    # "we extract keypoints ... to serve as descriptor-based control nodes (DCN)":
                    # a short form the paper defines in its own voice, for a long form the
                    # field has never written, names a part of its contribution
                    c.extractor == "definition" and c.long_form and c.text != c.long_form
                    and c.text not in vocab.acronyms  # "a wisdom-large language model (LLM) framework"
                    and vocab.phrase_df.get(norm_key(c.long_form), 0) < TERM_MIN_DF
                    and not is_not_a_concept(c.long_form)  # "Institute for Management and Innovation (IMI)"
                    # "understanding-generation (UG) pairs"; but "a Bidirectional Calibration
                    # Gating (BCG) module" names a part by its kind
                    and (not _MODIFIES_NEXT.match(text, c.end) or _PART_KIND_NEXT.match(text, c.end))
                    and own_voice(sent_text, c.start - s0)
                ):
                    _mark_proposed(c, _appositive_type(text, c.end) or c.type, definitions, applied)
        for c in phrases:
            if (
                not c.proposed and " " in c.text and c.text[:1].islower() and not (c.vocab_key or c.known)
                and not c.text.startswith("own ")
                and _OUR_BEFORE.search(text, max(0, c.start - 5), c.start) and _OWN_KIND_NEXT.match(text, c.end)
                and _head_key(c.text) not in GENERIC_HEADS and vocab.lookup(c.text) is None
                and vocab.phrase_df.get(norm_key(c.text), 0) < TERM_MIN_DF
            ):
                # "our counterfactual tuning task", "our cross-tokenizer distillation method": a
                # phrase the field does not write names the paper's own thing of that kind
                _mark_proposed(c, type_from_clause(text[c.end : c.end + 20]) or c.type, definitions, applied)
        _propose_listed_parts(named, sents, sent_starts, first_seen, families, definitions, applied)
        _propose_name_variants(named, families, vocab, definitions, applied)
        _type_as_announced(store)
        if title:
            title_only = _title_only_name(title, text, vocab)
            if title_only is not None:
                doc.user_data["kg_title_name"] = title_only
        repo = repository_name(doc.user_data.get("kg_code_urls", ()))
        if repo is not None and not (repo[0] in vocab.acronyms or vocab.lookup(repo[0]) or _release(repo[0], families)):
            # "Code: https://github.com/org/VoteFlow": authors name the repository after their system
            key = _repo_key(repo[0])
            uses = [
                c for c in store
                if _repo_key(c.text) == key and c.extractor in ("names", "definition") and not (c.known or c.vocab_key)
            ]
            if uses:
                first = min(uses, key=lambda c: c.start)
                if not first.proposed:
                    _mark_proposed(first, type_from_clause(text_of(first.end)), definitions, applied)
            elif not any(c.proposed for c in store) and "kg_title_name" not in doc.user_data:
                doc.user_data["kg_url_name"] = repo
        title_text = doc.user_data.get("kg_title", "")
        lex = lexicon()
        cased = title_case_terms(title_text, lex) if title_text else []  # read by both title rules below
        if title_text:
            phrases = title_phrases(title_text, text, cased)
            terms = [t for t in title_terms(title_text, text, vocab) if not any(
                p[1] < t[2] and t[1] < p[2] for p in phrases
            )]
            doc.user_data["kg_title_phrases"] = sorted(phrases + terms, key=lambda p: p[1]) if terms else phrases
        for term, t_start, t_end in title_method_terms(title_text, lex, cased) if title_text else ():
            # "... via Centroid-Guided Firefly Optimization": the title's coined method is the paper's own
            key = norm_key(term)
            if vocab.lookup(term) is not None or vocab.phrase_df.get(key, 0) >= TERM_MIN_DF:
                continue  # a term of the field
            uses = [c for c in store if norm_key(c.text) == key and not (c.known or c.vocab_key)]
            if uses:
                first = min(uses, key=lambda c: c.start)
                if not first.proposed:
                    _mark_proposed(first, _last_word_type(first), definitions, applied)
            elif any((p[1], p[2]) == (t_start, t_end) for p in doc.user_data.get("kg_title_phrases", ())):
                doc.user_data.setdefault("kg_title_proposed", set()).add((t_start, t_end))
        head = TITLE_HEAD.match(title_text)
        if head is not None and names_a_thing(head.group(1), vocab):
            # "Self-Commitment Latency: A Reward-Free Probe for ...": a title opening with a
            # noun phrase in title case names what the paper brings
            key = norm_key(head.group(1))
            uses = [c for c in store if norm_key(c.text) == key and not (c.known or c.vocab_key)]
            if uses:
                _mark_proposed(min(uses, key=lambda c: c.start), type_from_clause(head.string[head.end() :][:60]), definitions, applied)
            elif key not in norm_key(text) and coined_head(head.group(1)):
                # only the title names it: a coined word must say it is a name ("Self-Improving
                # Pretraining"), plain title words are too often a hook ("Mixed Signals")
                subtitle = head.string[head.end() :]
                doc.user_data["kg_title_name"] = (
                    head.group(1), head.start(1), head.end(1), type_from_clause(subtitle[:60]) or "Method",
                )
        return doc

    return contributions


# "a two-stage process:", "three complementary subtasks,", "two key modules": the parts of a whole
_PARTS = re.compile(
    r"\b(?:two|three|four|five|six|several|multiple|[2-9]-)[-\s]*(?:[\w-]+\s+){0,2}?"
    r"(?:stages?|steps?|modules?|components?|sub-?tasks?|phases?|branches?|mechanisms?|innovations?|"
    r"sub-?networks?|blocks?|units?|tracks?)\b",
    re.I,
)
_ITS_OWN = re.compile(r"\b(?:our|we)\b", re.I)
# what may follow a listed part's name: punctuation or a clause, after its kind word if it has
# one ("an Iterative Reasoning module for ...")
_PART_AFTER = re.compile(
    r"(?:\s+(?:module|block|layer|mechanism|component|unit|head|branch|network|encoder|decoder|loss|strategy|stage)s?\b)?"
    r"(?:\*\*)?\s*(?:[,(:;.)]|—|--|(?:which|that|for|to|and|where|with)\b)"
)
_ARTICLE_BEFORE = re.compile(r"(?:\b(?:an?|the)\s+(?:novel\s+|new\s+)?)$", re.I)


_PART_KIND_HEADS = frozenset(
    """module mechanism block network layer loss strategy objective encoder decoder head unit component
    pipeline algorithm scheme regularizer estimator sampler optimizer memory router selector adapter
    engine controller planner fusion attention""".split()
)


# the paper's own system as the subject, then what it brings: 'X introduces "Plane Decoupling"'
_OWN_NAME_BRINGS = re.compile(
    r"(?:^|[.;:]\s+|\b)([A-Z][\w.-]*)\s+(?:also\s+|further\s+|first\s+)?(?:introduces|features|incorporates|proposes|"
    r"devises|designs|constructs|builds|curates|creates|develops|establishes|collects)\s+(?:an?\s+|the\s+)?(?:novel\s+|new\s+)?[\"“'‘]?$"
)
_BASELINE_AFTER = re.compile(r"\s*(?:\([^()]{1,20}\)\s*)?baselines?\b")  # "a MultiGranularity Network (MGN) baseline"


def _capitalised_part(c: Candidate) -> bool:
    """"Dual-scale Prototype Alignment Module": two or more capitalised words ending in the kind
    of part it is."""
    words = c.text.split()
    return len(words) >= 2 and words[-1].lower() in _PART_KIND_HEADS and _all_capitalised(c.text)


def _last_word_type(c: Candidate) -> str | None:
    """Type of a part's name from its last word ("... Alignment Module" -> Method), else its own."""
    return type_from_head(c.text.rsplit(" ", 1)[-1].lower()) or c.type


def _unknown(c: Candidate, families) -> bool:
    """A name neither the vocabulary nor a model family explains: it can be the paper's own."""
    return not (c.known or c.vocab_key or _release(c.text, families))


def _part_shaped(c: Candidate) -> bool:
    """A part's name: a defined term, a coined word, or a title-case run ("Discriminative
    Analysis Module"); not a lone proper noun ("Kronecker", "Lynx") or a piece of one ("3CoT")."""
    if c.extractor == "definition":
        return True
    words = c.text.split()
    if len(words) >= 2:
        return all(w[:1].isupper() for w in words)
    return c.score >= 0.8 and c.text[:1].isalpha()  # a coined word (a lone proper noun scores 0.75)


def _propose_listed_parts(named, sents, sent_starts, first_seen, families, definitions, applied) -> None:
    """"VideoEraser integrates ... via a two-stage process: Selective Prompt Embedding Adjustment
    (SPEA) and Adversarial-Resilient Noise Guidance (ARNG)": the coined names listed as the parts
    of the paper's own contribution are its contributions too."""
    own = {c.text for c in named if c.proposed}
    proposed = [c for c in named if c.text in own]  # every mention of the paper's own things
    for c in named:
        if c.proposed or first_seen[c.text] != c.start or not _coined(c, families) or not _part_shaped(c):
            continue
        k = bisect.bisect_right(sent_starts, c.start) - 1
        s0, _s1, sent_text = sents[k]
        at = c.start - s0
        # an item of the list: "...: A (AA) and B", "(1) a Decomposition Synthesis Procedure that ..."
        head = _ARTICLE_BEFORE.sub("", sent_text[max(0, at - 16) : at])
        if not (_LIST_ITEM_BEFORE.search(head) and _PART_AFTER.match(sent_text, c.end - s0) or c.end - s0 >= len(sent_text) - 1):
            continue
        if _owned_parts(sent_text, s0, at, proposed) or (
            # "We propose a framework with two components. First, Temporal-Spatial Parallel
            # Decoding (TSPD) uses ...": the sentences after the announcement go through the parts
            _ORDINAL_OPEN.fullmatch(sent_text, 0, at)
            and any(_owned_parts(sents[j][2], sents[j][0], len(sents[j][2].rstrip(". ")), proposed) for j in range(k - 1, max(-1, k - 4), -1))
        ):
            _mark_proposed(c, c.type, definitions, applied)


def _type_as_announced(store: list[Candidate]) -> None:
    """"We propose FUSION, a dual-domain framework ... our FUSION improves ...": the kind the
    announcement says (framework, benchmark, dataset, model) types every later mention the
    paper marks as its own, which otherwise falls back to Method."""
    said: dict[str, str] = {}
    for c in sorted((c for c in store if c.proposed), key=lambda c: c.start):
        kind = said.setdefault(c.text, c.type or "")
        if kind in _ANNOUNCED_KINDS and c.type == "Method":
            c.type = kind


_ANNOUNCED_KINDS = frozenset(("Framework", "Benchmark", "Dataset", "Model"))


def _propose_name_variants(named, families, vocab, definitions, applied) -> None:
    """"CTF-Instruct" after "the CTF-Code benchmark", "AuditRepairBench-Lite" after
    "AuditRepairBench", "JudgeLRM-7B" after "JudgeLRM": a coined name built on the stem of the
    paper's own contribution's name, later in the abstract, is a part or a variant of it; so is
    any name that is the whole of that name, a hyphen and more ("Agent-World-8B", "SCALE-support"),
    wherever it stands and whatever its stem looks like."""
    stems: dict[str, dict[str, int]] = {}
    own: set[str] = set()
    for c in named:
        if c.proposed and c.extractor in ("names", "definition") and len(c.text) >= 3 and c.text[:1].isupper():
            own.add(c.text)
        if c.proposed and c.extractor == "names":
            stem = _name_stem(c.text, vocab)
            if stem:
                uses = stems.setdefault(stem, {})
                uses[c.text] = min(uses.get(c.text, c.start), c.start)
    if own:
        # the whole name of the paper's own thing, a hyphen, then more: "Agent-World-8B" after
        # "Agent-World", "RTT-GRPO" after "RTT", "SCALE-support" after "SCALE"
        for c in named:
            if c.proposed or c.extractor != "names" or c.known or c.vocab_key or vocab.lookup(c.text) is not None:
                continue
            if any(c.text.startswith(name + "-") and len(c.text) > len(name) + 1 for name in own):
                _mark_proposed(c, type_from_clause(c.text) or c.type, definitions, applied)
    if not stems:
        return
    for c in named:
        if c.proposed or c.extractor != "names" or "-" not in c.text or not _coined(c, families):
            continue
        stem = _name_stem(c.text, vocab)
        uses = stems.get(stem or "")
        if not uses or not any(at < c.start for name, at in uses.items() if name != c.text):
            continue
        after = c.text[len(stem) + 1 :].split("-", 1)[0]
        if len(after) >= 3 and after.isalpha() and after.isupper():
            continue  # "UI-TARS-72B" beside "UI-Vision": another system's name, not a variant
        _mark_proposed(c, type_from_clause(c.text) or c.type, definitions, applied)


def _name_stem(name: str, vocab) -> str | None:
    """The coined part a name opens with ("CTF" of "CTF-Code", "AuditRepairBench"), or None
    when that part is a plain word ("Multi", "Self"), too short to be telling, or a term the
    field shares ("CNN-ViT", "LLMs-as-a-jury")."""
    stem = name.split("-", 1)[0]
    if len(stem) < 2 or not stem.isalnum() or stem.isdigit():
        return None
    capitals = sum(ch.isupper() for ch in stem)
    if not (capitals >= 2 or (capitals >= 1 and any(ch.isdigit() for ch in stem))):
        return None
    if stem in vocab.acronyms or stem.rstrip("s") in vocab.acronyms or vocab.lookup(stem) is not None:
        return None
    return stem


# "First, ", "Second, we introduce ": a sentence that takes up the next part of a whole
_ORDINAL_OPEN = re.compile(r"(?:First|Second|Third|Fourth|Finally|Lastly|Next)(?:ly)?,\s+(?:we\s+\w+\s+)?(?:an?\s+|the\s+)?")


def _owned_parts(sent_text: str, s0: int, at: int, proposed) -> bool:
    """Whether the sentence announces, before offset `at` and in that sentence, the parts of the
    paper's own work ("our framework has two modules", "X comprises three stages")."""
    for m in _PARTS.finditer(sent_text, 0, at):
        owner = any(s0 <= p.start < s0 + m.start() for p in proposed) or _ITS_OWN.search(sent_text, 0, m.start())
        if owner and sent_text.count(".", m.end(), at) == 0:
            return True
    return False


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
    if vocab.lookup(name) is not None or name in vocab.acronyms or _release(name, vocab.families):
        return None  # "GPT-4o: ..." studies a known model
    if is_not_a_concept(name) or _MODIFIER_SUFFIX.search(name):
        return None
    subtitle = title.string[title.end() :]
    kind = "Benchmark" if name.lower().endswith("bench") else type_from_clause(subtitle[:60]) or "Method"
    return name, title.start(1), title.end(1), kind


# the verb's object, one name-like token, then ", a ..." or "(": "we present Seed1.5-VL, a ..."
_DIRECT_NAME = re.compile(
    r"\s*([A-Za-z][^\s,;:()\[\]\"]{1,39}?)"
    r"(?:,\s*(?!and\b|or\b|as\s+well\b|respectively\b)[a-z]|\s+\((?!\s*(?:e\.g|i\.e|see)\b)|\s+(?:which|that)\b|[.;]\s|[.;]?$)"
)
_APPOSITIVE_NP = re.compile(r",\s*(?:a|an|the|our)\s+((?:[\w-]+\s+){0,5}?[\w-]+?)(?=\s*(?:[,;:.()]|\s(?:that|which|for|of|to|with|in|on|designed|built|based|trained|capable|where|whose|by|across|from|via|and)\b))")
# "Orion, a novel and efficient reasoning framework that ...": "and" joining the describing words
_APPOSITIVE_COORDINATED = re.compile(
    r",\s*(?:a|an|the|our)\s+((?:[\w-]+\s+){0,7}?[\w-]+?)(?=\s*(?:[,;:.()]|\s(?:that|which|for|of|to|with|in|on|"
    r"designed|built|based|trained|capable|where|whose|by|across|from|via)\b))"
)
_DESCRIBED = re.compile(r",\s*(?:a|an)\s")  # "X, a ...": the text says what X is
_NOVEL_APPOSITIVE = re.compile(r",\s*(?:(?:a|an)\s+(?:[\w-]+\s+){0,2}?(?:novel|new)|the\s+first)\s")
# "On E2A-Bench, our benchmark of 63 editing tasks", "EditLang, a PDDL-inspired action language
# that we design": the appositive says the paper made it (not "Qwen3, our base model", not "On
# V2V4Real, our model requires ...")
_OWN_APPOSITIVE = re.compile(
    r",\s*(?:our\s+(?:own\s+|new\s+|novel\s+|proposed\s+)?(?!(?:base|backbone|baseline|teacher|student|reference|target|"
    r"default|main|primary)\b)(?:[\w-]+\s+){0,2}?(?:benchmark|dataset|corpus|method|framework|model|approach|system|"
    r"algorithm|technique|tool|toolkit|agent|pipeline|metric|suite|environment|testbed|language|library|platform)s?"
    # the appositive ends or goes on to what the thing holds, not into a verb ("On V2V4Real, our
    # model requires ..." fronts a phrase before the sentence's subject)
    r"(?=\s*[;:.)]|\s+(?:of|for|with|that|which|containing|comprising|covering|spanning)\b)"
    r"|an?\s+(?:[\w-]+\s+){0,4}?[\w-]+\s+(?:that|which)\s+we\s+(?:design|develop|build|built|construct|create|curate|"
    r"collect|introduce|propose|present|release|call|term|name)(?:ed|d)?\b)"
)
# "the proposed training recipe (REPA-E)", "the proposed BAQ (...) algorithm": the paper's own
_ITEM_MARK = re.compile(r"\(\w{1,4}\)")


def _in_parentheses(text: str, lo: int, at: int) -> bool:
    """Whether `at` sits inside a parenthesis opened after `lo` ("(1)"-style item marks aside)."""
    span = _ITEM_MARK.sub("", text[lo:at])
    return span.count("(") > span.count(")")


# "... two new metrics:", "... three components:": a counted or plural kind word opens a list
# "During training, X employs ...", "X further incorporates ...": the subject, then a verb of making up
_PARTS_OF = re.compile(
    r"^(?:[^,]{0,60},\s*)?(?:The\s+|Our\s+)?(\S+?)\s+(?:also\s+|further\s+|first\s+|then\s+|additionally\s+)?"
    r"(?:employs|uses|comprises|consists\s+of|includes|incorporates|integrates|introduces|features|combines|"
    r"contains|adopts|leverages|utilizes|relies\s+on|is\s+built\s+on|is\s+composed\s+of)\b"
)
_SUBJECT = re.compile(r"\s*(?:The\s+|Our\s+)?(\S+?)\s+(?:also\s+|further\s+|then\s+)?[a-z]+s\b")  # "GraphVLM investigates"
_TESTED_ON = re.compile(r"\b(?:evaluat\w*|validat\w*|test\w*|benchmark\w*|compar\w*|outperform\w*|surpass\w*|baselines?|datasets?)\b", re.I)
_SPELLED_OUT = re.compile(r"\s*\((?=[^()]*\s)[^()]{3,120}\)")  # two words or more
_INDEFINITE = re.compile(r"\s*(?:a|an|the\s+first|one)\s", re.I)
_NEW_KIND_COMMA = re.compile(
    r"\b(?:a|an)\s+(?:novel|new)\s+(?:[\w-]+\s+){0,3}?(?:dataset|benchmark|corpus|model|method|framework|metric|"
    r"task|architecture|algorithm|approach|system|toolkit|suite|environment|simulator|loss)\s*,\s*$"
)
_OWN_FEATURE = re.compile(
    r"\b(?:Our|This|The\s+proposed)\s+(?:[\w-]+\s+){0,2}?(?:framework|method|approach|system|model|architecture|"
    r"pipeline|agent)\s+(?:also\s+|further\s+)?(?:features|comprises|includes|incorporates|introduces|contains|"
    r"consists\s+of|is\s+composed\s+of|integrates|combines)\s+(?:a|an)\s+(?:novel\s+|new\s+)?$"
)
_OWN_PARTS = re.compile(
    r"(?:(?:This|Our|The\s+proposed)\s+(?:[\w-]+\s+){0,2}?(?:framework|method|approach|system|model|architecture|"
    r"pipeline|benchmark|dataset|agent|toolkit|suite|platform)\s+(?:also\s+)?(?:comprises|consists\s+of|includes|"
    r"contains|features|is\s+composed\s+of|integrates|combines|has)"
    r"|Our\s+(?:main\s+|key\s+)?contributions\s+(?:are|include))\b[^:.;]{0,60}(?=:)"
)
_PARTS_LIST = re.compile(r"\b(?:comprising|consisting\s+of|including|composed\s+of)\s*:|:\s*(?=\(?(?:i|1|a)\)\s)")
_LIST_ITEM_START = re.compile(r"(?:[:;,]|\band)\s*(?:\(?(?:i{1,3}|iv|v|\d|[a-e])\)\s*)?(?:and\s+)?")
_PART_KIND_NEXT = re.compile(
    r"\)?\s+(?:module|block|layer|mechanism|component|unit|head|branch|encoder|decoder|loss|regularizer|"
    r"objective|estimator|gate|gating)s?\b"
)
_MODIFIES_NEXT = re.compile(r"\)?\s+[a-z]")  # the short form goes on into a lowercase word
_COUNTED = r"\b(?:two|three|four|five|six|several|multiple|\d+)\s+(?:[\w-]+\s+){0,3}?[a-z]+s"  # "three key components"
_ANNOUNCED_LIST = re.compile(_COUNTED + r"\s*:")
_BRINGS_VERB = re.compile(r"(?:introduc|propos|present|featur|incorporat|compris|includ|contain|offer)es\b")  # cheap test first
_BRINGS_COUNTED = re.compile(
    r"^(?:[^,]{0,60},\s*){0,2}(?:The\s+|Our\s+)?(\S+?)\s+(?:also\s+|further\s+|then\s+)?"
    r"(?:introduces|proposes|presents|features|incorporates|comprises|includes|contains|offers)\s+(" + _COUNTED + r")\s*[,:]\s*"
)
_COUNTED_LIST = re.compile(_COUNTED + r"\b[^.;:]{0,80}:")  # "three paradigms for integrating X with Y:"
_PROPOSED_BEFORE = re.compile(
    # "the proposed training recipe (REPA-E)"; not "the proposed solution on the LIDC-IDRI dataset"
    r"\b(?:(?:the|our)\s+(?:newly\s+)?proposed|(?:our|an?)\s+newly\s+(?:collected|constructed|curated|created|built|"
    r"developed|designed|introduced|released))\s+(?:(?!(?:on|in|with|for|from|to|over|across|against|than|and|or|using|"
    r"via|by|at|of|as|into|under|the|a|an|this|these|its|their)\b)[\w-]+(?:\s+|\s*,\s*)){0,3}?\(?$",
    re.I,
)
# a preposition in an announcement clause: what follows is what the contribution is for or about
# (not the "of" of "the notion of X")
_COMPLEMENT = re.compile(
    r"(?<!notion\s)(?<!concept\s)(?<!concepts\s)(?<!paradigm\s)(?<!idea\s)"
    r"\b(?:for|of|on|in|into|to|towards?|about|from|with|by|via|using|applying|through|under|at|across|over|between|among|"
    r"within|against)\b",
    re.I,
)
# "a dataset derived from Turkish Wikipedia", "questions sourced from Stack Exchange", "leveraging the
# diffusion model Instruct Pix2Pix", "by integrating the Jaffe-McGlamery physical model": right
# before a name, what the contribution draws on, not the contribution
_SOURCE_BEFORE = re.compile(
    r"(?:\bfrom|\b(?:hosted|available|published|released)\s+(?:on|at|in|via)(?:\s+the)?"
    r"|\b(?:leverag|integrat|utili[sz]|employ|incorporat|combin|coupl)\w*(?:\s+(?:the|an?|our|its))?"
    r"(?:\s+[\w-]+){0,3}?)\s+$",
    re.I,
)
_KIND_THEN_NAME = re.compile(
    r"\b(?:method|framework|model|benchmark|dataset|approach|algorithm|system|agent|pipeline|architecture|"
    r"technique|paradigm|toolkit|library|strategy|suite|corpus)(?:\s+|,\s*)([A-Za-z][\w.+-]*[\w+])(?=\s*[,.;:(]|\s+(?:that|which|to|for|with)\b)"
)
_TOKEN = re.compile(r"\s*([A-Za-z][\w.+-]*[\w+])")
# "SEG-aware logit calibration": a name made a modifier (not "ULTRAEDITBENCH-the largest dataset")
_GLUED_MODIFIER = re.compile(r"-(?!(?:the|a|an|and|or|which|that)\s)[a-z]{3,}\s+")
_OBJECT_START = re.compile(r"\s*(?:(?:a|an|the|our)\s+)?(?:(?:novel|new|enhanced|simple|general|unified|principled)\s+)?")
_UNNAMED_HEADS = GENERIC_HEADS | KIND_HEADS | {"model", "network", "function", "loss", "recipe", "module", "mechanism", "system", "algorithm", "architecture"}
_MODIFIER_SUFFIX = re.compile(
    r"-(?:based|style|like|driven|guided|powered|aware|inspired|augmented|enhanced|assisted|centric|specific|"
    r"free|only|level|generated|derived|oriented|tuned)$",
    re.I,
)


_MODIFIER_AFTER = re.compile(_MODIFIER_SUFFIX.pattern[:-1] + r"\b", re.I)


def _all_capitalised(text: str) -> bool:
    """Every word starts with a capital: "Linear SEParability", not "CT angiography"."""
    return all(w[:1].isupper() for w in text.split())


# "X: A ...", "X: An ...": the subtitle says what X is, the way a paper titles its own artifact
_SUBTITLE_KIND = re.compile(r"\s*(?:A|An)\s")


def _own_kind_subtitle(title: re.Match, c: Candidate, families) -> bool:
    """"ChartXBench: A Benchmark for ...": a name no vocabulary knows, which the title opens with
    and its subtitle describes, is the paper's own, even where its type (a benchmark, a dataset)
    could otherwise be another paper's that it evaluates on."""
    return _unknown(c, families) and bool(_SUBTITLE_KIND.match(title.string, title.end()))


def _name_shaped(token: str) -> bool:
    """A coined-looking token: a capital after the first letter, a digit, or "E-mem" (capital,
    hyphen); not a plain word such as "Furthermore" or "Transformers"."""
    return any(ch.isupper() for ch in token[1:]) or any(ch.isdigit() for ch in token) or (
        token[0].isupper() and "-" in token
    )


def _appositive_type(text: str, end: int) -> str | None:
    """Type from an appositive right after a name: "X, a fine-grained task selection strategy"
    -> Method (the head noun, "strategy", not the first kind word, "task")."""
    for pattern in (_APPOSITIVE_NP, _APPOSITIVE_COORDINATED):
        m = pattern.match(text, end)
        if not m:
            return None
        words = m.group(1).split()
        for k in range(len(words) - 1, -1, -1):
            kind = type_from_clause(words[k])
            if kind:
                return kind
    return None


def _before_kind_word(text: str, end: int) -> bool:
    """One of the next words says what kind of thing this is: "text-to-SQL| agent",
    "Query-Aware Dynamic| RAG System"."""
    words = _PUNCT.split(text[end : end + 48], 1)[0].split()[:3]
    return any(type_from_clause(w) is not None or singular(w.lower()) in GENERIC_HEADS for w in words)


_PUNCT = re.compile(r"[,.;:()]")


def _modifies_kind_word(text: str, end: int) -> bool:
    """The phrase ending at `end` modifies a following kind word: "deep learning| framework",
    "planning| strategies for", "RL| training framework"."""
    m = _NEXT_WORD.match(text, end)
    if m is None:
        return False
    first = _FIRST_WORD.match(text, end)
    return singular(m.group(1).lower()) in GENERIC_HEADS or (
        first is not None and singular(first.group(1).lower()) in GENERIC_HEADS
    )


_FIRST_WORD = re.compile(r"\s+([A-Za-z]+)\b")


_NEXT_WORD = re.compile(r"\s+(?:[a-z][\w-]*\s+)?([A-Za-z]+)\b")


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


# the head of an enumerated item: after "(1) ", "(ii) ", ": ", ", ", "; ", "and ", "**",
# and followed by ",", "(", ":", "**" or "which"
_LIST_ITEM_BEFORE = re.compile(r"(?:\(\w{1,4}\)\s*|\b\w{1,4}\)\s*|[:;,]\s*|\band\s+|\*\*)(?:\*\*)?$")
_LIST_ITEM_AFTER = re.compile(r"(?:\*\*)?\s*(?:[,(:;]|—|--|which\b|that\b)")


# words after which names in an announcement are someone else's: "outperforms X", "based on Y"
_REUSE_CUE = re.compile(
    r"\b(?:outperform\w*|surpass\w*|than|compared|versus|vs\.|such as|like|including|based on|built on|"
    r"using|uses|via|on top of|over|against|from|across|on|extends|extending|leverag\w*|employ\w*|utiliz\w*|"
    r"adopt\w*|inspired|within|grounded in|(?:extension|variant|version|adaptation|generali[sz]ation) of)\b",
    re.I,
)


_REUSE_OR_PURPOSE = re.compile(_REUSE_CUE.pattern[:-3] + r"|to|for|in)\b", re.I)
_ITEM_HEAD = re.compile(r"(?:\(\s*(?:\d{1,2}|[ivx]{1,4}|[a-e])\s*\)|(?<![\w(])(?:\d{1,2}|[ivx]{1,4})\))\s*")
_EVALUATED = re.compile(r"\b(?:on|across|against|than|compared|versus|outperform\w*|surpass\w*)\b", re.I)
_ENUMERATED = re.compile(r"\((?:ii|2|b)\)|\b(?:ii|2)\)")


_OUR_BEFORE = re.compile(r"\b[Oo]ur $")
_OWN_KIND_NEXT = re.compile(
    r"\s+(?:task|method|module|loss|objective|strategy|framework|approach|mechanism|algorithm|technique|scheme|"
    r"pipeline|metric|benchmark|dataset|model|architecture)s?\b"
)
_OUR_KINDS = (
    r"(?:component|method|framework|model|approach|system|module|benchmark|dataset|algorithm|technique|"
    r"solution|contribution|tool|agent|pipeline)"
)
_OUR = re.compile(
    # the words between "our" and the name describe it: "our method on X" and "our results
    # with X" put X after a preposition, as someone else's; a kind word ends them ("our
    # method reduces FLOPs" says what the method does, not its name)
    rf"\bour\s+(?:proposed\s+|new\s+|novel\s+)?"
    r"(?:(?!(?:on|in|with|for|from|to|over|across|against|than|and|or|using|via|by|at|of|as|into|under|"
    rf"outperforms?|beats?|surpass\w*|versus|vs)\b)(?!{_OUR_KINDS}s?\s+[\w-]+\s)[\w-]+\s+){{0,2}}?"
    rf"(?:{_OUR_KINDS}s?\s*[,(]\s*)?$"
    # "our AI-driven wound size estimation framework, WoundAmbit,": a longer description, then its name
    r"|\bour\s+(?:(?!(?:outperforms?|beats?|surpass\w*|than|over|compared|versus|vs|against|with|to|from|on|in|by|"
    rf"using|via|and|or|is|are|was|were)\b)[\w-]+\s+){{2,5}}{_OUR_KINDS}\s*[,(]\s*$",
    re.I,
)
_TITLE_NAME = re.compile(r"^\s*([^\s:]{2,40})\s*:")
# a named statement ("Byte-Identity Theorem", "Fractured Understanding Hypothesis") and the
# paper stating it
_STATEMENT_NAME = re.compile(r"\s(?:Theorem|Lemma|Hypothesis|Principle|Conjecture|Paradox|Property|Law|Bound|Dilemma)$")
_STATEMENT_NEXT = re.compile(r"\s+(?:theorem|lemma|hypothesis|principle|conjecture|paradox|property|law)\b")
_WE_STATE = re.compile(
    r"\b(?:[Ww]e|I)\s+(?:\w+ly\s+|also\s+|further\s+|then\s+|first\s+)?(?:prove|establish|derive|state|formulate|"
    r"propose|introduce|identify|posit|conjecture|put\s+forward|call|term|label|show|present|uncover|discover)\b"
)
_NOVEL_BEFORE = re.compile(r"\b(?:a|an|the)\s+(?:novel|new)\s+$", re.I)
# the name ends its noun phrase: "a novel BEV VQA benchmark" names a benchmark about BEV
_NAME_ENDS_PHRASE = re.compile(
    r"(?:\s*\([^()]*\))?(?:\s*(?:[,;:.)]|$)|\s+(?:that|which|to|for|with|in|on|and|is|are|was|were|by|via|using|as)\b)"
)  # (its short form in parentheses may come first: "the novel Concept Explainer (TraNCE) for CNNs")


# ", B", " and B", ", and B": a coined name coordinated with the one before it, ending where
# the list goes on or the clause turns
_CONJUNCT = re.compile(
    r"(?:\s*\([^()]{1,40}\))?(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+)(?:the\s+)?"
    r"([A-Z][^\s,;:()\[\]\"]{1,39}?)(?=\s*(?:[,;.:(]|$)|\s+(?:and|or|which|that|as|to|for|with)\b|\s+[-\u2013\u2014]\s)"
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
    while (m := _CONJUNCT.match(text, end)) is not None:
        name = m.group(1).rstrip(".")
        if not _new_listed_name(name, m.start(1), s0, first_seen, families):
            break
        c = _span_candidate(store, m.start(1), m.start(1) + len(name), name)
        if c is None:
            break
        found.append(c)
        end = c.end
    return found


def _coined(c: Candidate, families: tuple[str, ...] = ()) -> bool:
    """A name no vocabulary knows and no model family explains: likely the paper's own
    ("VIST-GPT" is coined on top of a family, "GPT-4o" is a release of it)."""
    if c.known or c.vocab_key:
        return False
    if c.type not in ("Model", "Benchmark", "Dataset", "Metric") or c.extractor == "definition":
        return True
    return c.type == "Model" and bool(families) and not _release(c.text, families) and not _MODIFIER_SUFFIX.search(c.text)


def _mark_proposed(
    pick: Candidate,
    clause_type: str | None,
    definitions: dict[str, list[Candidate]],
    applied: dict[str, str | None],
    said_type: str | None = None,
) -> None:
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
