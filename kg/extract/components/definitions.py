"""kg_definitions: the acronyms an abstract defines ("large language models (LLMs)"), both forms a
candidate; it runs first, so later components know the paper's short forms."""

from __future__ import annotations

from spacy.language import Language
from spacy.tokens import Doc

from kg.extract.acronyms import find_definitions
from kg.extract.components.candidates import Candidate, _store
from kg.extract.generic import is_generic_phrase
from kg.extract.phrases import head_word as _head_key  # one definition, shared with the title rules
from kg.extract.typing_rules import type_from_head, type_from_name
from kg.extract.vocabulary import is_curated, load_vocabulary
from kg.resolve.normalize import content_words, norm_key


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
