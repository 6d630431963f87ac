"""kg_terms: the vocabulary's terms (curated, and mined from the field's abstracts) where an abstract
writes them, matched word by word over the token tables."""

from __future__ import annotations

import functools
import re

from spacy.language import Language
from spacy.tokens import Doc

from kg.extract.components.candidates import Candidate, _store
from kg.extract.generic import GENERIC_HEADS, PERSON_HEADS, is_generic_phrase
from kg.extract.vocabulary import load_vocabulary
from kg.resolve.normalize import singular

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
