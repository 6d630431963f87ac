"""kg_tagger: spans the learned tagger (kg/extract/tagger.py) is sure of, and the weak phrases it
corroborates by marking the same bounds; it runs last, so it sees every rule's candidates."""

from __future__ import annotations

from spacy.language import Language
from spacy.tokens import Doc

from kg.extract.components.candidates import Candidate, _mark_proposed, _store
from kg.extract.components.names import _CITED
from kg.extract.contributions import announced_bare_object
from kg.extract.generic import GENERIC_HEADS, GENERIC_MODIFIERS, is_generic_phrase, is_not_a_concept
from kg.extract.phrases import head_word as _head_key  # one definition, shared with the title rules
from kg.extract.typing_rules import type_from_head, type_from_name
from kg.models import WEAK_EXTRACTORS

# a span the tagger is this sure of (its smallest margin between the chosen label and the next
# best) is a candidate concept: on held-out 12, which it never trained on, margins of 4 / 6 / 8
# / 10 gave recall +0.061 / +0.046 / +0.040 / +0.029 for 2.7 / 2.1 / 1.7 / 1.4 new links an abstract
# (the version-80 tagger; for the retrained one 5 / 6 / 7 / 8 moved recall by under 0.01).
# Session 24, with the ranker trained on out-of-sample tagger spans: 3 / 4 / 5 against 6 gave
# +0.0045 / +0.0031 / +0.0015 recall on the seeds and held-out 16-28 at judged validity
# -0.0012 / -0.0007 / -0.0002 before the new links were judged, and +0.003 on the sets it trains
# on (28 of 31 sets up or level at 4). Session 36, with the boosted-tree ranker retrained on the
# same tables for each: 1 against 4 gave +0.0048 recall on the seeds and held-out 30-44 (up on 14
# of the 16 sets) at judged validity 0.9148 -> 0.9155, every link judged, 0.09 more links a paper
# (2, with the tagger's margin a ranker input too, +0.0026): the trees rank the extra spans with
# every other candidate, and those they link are valid as often. The tagger's own candidates now
# start where its corroboration of a weak phrase does.
TAGGER_MIN_MARGIN = 1.0
TAGGER_MAX_TOKENS = 6
# a weak phrase whose exact bounds the tagger also marks, with at least this margin, is
# corroborated (session 21, against the sure spans' 6 alone: recall +0.010 on the seven read
# sets the tagger never trained on, judged validity flat; margins 0 / 1 / 2 / 4 gave
# +0.0098 / +0.0101 / +0.0061 / +0.0021)
TAGGER_CORROBORATES_MARGIN = 1.0


@Language.factory("kg_tagger", default_config={"vocab_file": None, "weights_file": None})
def make_tagger(nlp: Language, name: str, vocab_file: str | None, weights_file: str | None = None):
    from kg.extract.tagger import load_tagger

    tagger = load_tagger(vocab_file, weights_file)

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
                if same.extractor in WEAK_EXTRACTORS:
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
