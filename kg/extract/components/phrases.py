"""kg_phrases: noun phrases no other component found, and single technical nouns the paper keeps
returning to; the weakest extractor, it gives way where the others found something."""

from __future__ import annotations

import bisect
import re

from spacy.language import Language
from spacy.tokens import Doc

from kg.extract.components.candidates import Candidate, _coverage, _store
from kg.extract.generic import CLASSIFYING_MODIFIERS, GENERIC_HEADS, GENERIC_MODIFIERS
from kg.extract.phrases import KIND_HEADS, _unknown_verb_share, tag_word
from kg.extract.phrases import head_word as _head_key  # one definition, shared with the title rules
from kg.extract.typing_rules import type_from_head
from kg.extract.vocabulary import TERM_MIN_DF, load_vocabulary
from kg.resolve.normalize import norm_key, singular

# "we call this phenomenon X", "we term this problem Y": a naming verb, "this" and a kind word
_NAMING_THIS = re.compile(r"\b(?:call|calls|term|terms|name|names|dub|dubs|coin|coins)\s+(?:this|these|such)\s+$", re.I)
_NAMED_KINDS = frozenset(
    "phenomenon phenomena problem effect issue behavior behaviour approach method framework task setting paradigm "
    "process technique strategy mechanism pattern property failure mode regime".split()
)


# single nouns count only when the field uses them, but not everywhere: "chess", "hallucination"
SINGLE_NOUN_DF = (3, 1000)
# in the abstract, the title counting as one; at 3, 30% of the links it made were judged generic
# ("access", "team", "platform"): 4 keeps the nouns a paper is about at a third of that cost
SINGLE_NOUN_MIN_USES = 4


# a property a paper measures or seeks ("faithfulness", "steerability", "reproducibility") names
# a concept at fewer uses than other single nouns, even at one (the ranker decides); the generic
# ones are not single nouns at all. At 2 until session 37: at 1, recall on the read sets +0.005
PROPERTY_NOUN_ENDINGS = ("ness", "ity")
PROPERTY_NOUN_MIN_USES = 1


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


def _names_a_thing(text: str) -> bool:
    """Whether a phrase's head names a thing rather than a generic ("results") or a kind word
    ("method", "tasks"): the phrase rules below keep only such phrases."""
    head = _head_key(text)
    return head not in GENERIC_HEADS and head not in KIND_HEADS


def _around_a_term(inner, taken, start, text, lex, full_text, low_text) -> bool:
    """A phrase around one vocabulary or mined term, or one name it modifies ("PII leakage",
    "GPU memory fragmentation"), that names a thing of its own: not a clause ("models reasoning",
    "model training proceeds"), not a description by its head ("reasoning tasks"). A name's own
    bounds ("Parallel CFRX") are the name finder's, one of two alternatives ("CNN/RNN hybrids")
    is no phrase, and a shorter phrase the paper writes twice ("CNOT gate") is the concept."""
    if len(inner) != 1 or _plural_noun(text.split(None, 1)[0]):
        return False
    a, b, extractor = taken[inner[0]]
    if extractor == "names":
        if b >= start + len(text) or full_text[a - 1 : a] == "/":
            return False
        words = text.split()
        if any(low_text.count(" ".join(part).lower()) >= 2 for part in (words[:-1], words[1:]) if len(part) >= 2):
            return False
    elif extractor not in ("vocabulary", "terms"):
        return False
    last = text.rsplit(None, 1)[-1].lower()
    return _names_a_thing(text) and tag_word(last, lex) != "VERB" and not _unknown_verb_share(last, lex)


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
    return (
        all(taken[k][2] == "names" and taken[k][0] >= start for k in inner)
        and last < end
        and _names_a_thing(text)
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
        text = doc.user_data["kg_text"]
        covered = _coverage(text, store)
        seen: dict[str, list] = {}
        # single_noun's own memo, read directly: it holds results for the shipped lexicon only
        known = _SINGLE_NOUNS.get if lex is lexicon() else {}.get
        for t in doc.user_data["kg_tokens"]:
            if t.idx and text[t.idx - 1] == "\\":
                continue  # "\textbf", "\citep": a markup command, not a word
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
            uses = len(toks) + (key in title)
            if uses < (PROPERTY_NOUN_MIN_USES if key.endswith(PROPERTY_NOUN_ENDINGS) else SINGLE_NOUN_MIN_USES) or not (
                min_df <= word_df.get(key, 0) <= max_df
            ):
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
                # "human agency" written twice: the paper's concept, whether or not the field writes it
                if words[0] in CLASSIFYING_MODIFIERS and low_text.count(text.lower()) < 2:
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
                        elif (
                            # "Hamiltonian action", "PII leakage", "CNOT gate": a phrase the paper writes
                            # twice is a concept of its own, whatever name or term sits inside it
                            len(words) >= 2 and low_text.count(text.lower()) >= 2
                            and not any(taken[k][0] == start and taken[k][1] == end for k in inner)
                            and _names_a_thing(text)
                        ):
                            store.append(Candidate(text, start, end, type_from_head(_head_key(text)), "phrases", 0.45))
                        elif _around_a_term(inner, taken, start, text, lex, doc.user_data["kg_text"], low_text):
                            # "context window overflow", "directed acyclic graph": the paper's phrase
                            # around a field term or a name, where annotators often draw the bounds. It
                            # is weak: the term inside stands in for it (pipeline.mentions_from_doc; a
                            # name keeps its own link), and the resolver links the phrase only where
                            # the ranker prefers it
                            store.append(Candidate(text, start, end, None, "phrases", 0.45))
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
