"""kg_prepare: the token and sentence tables every later component reads, read out of the Doc
when a tokenizer other than kg's built it (kg's own tokenizer builds them as it tokenizes)."""

from __future__ import annotations

from spacy.language import Language
from spacy.tokens import Doc

from kg.extract.tokenizer import Tok


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
