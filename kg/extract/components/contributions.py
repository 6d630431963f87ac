"""kg_contributions: which candidates the paper itself introduces ("we propose X", "our X", a title
"X: A Benchmark for ..."), marked proposed and typed by how the paper announces them."""

from __future__ import annotations

import bisect
import re

from spacy.language import Language
from spacy.tokens import Doc

from kg.extract.acronyms import abbreviates
from kg.extract.components.announcements import (
    _ENUMERATED,
    _GLUED_MODIFIER,
    _ITEM_HEAD,
    _appositive_type,
    _doc_context,
    _DocContext,
    _mark_announced,
)
from kg.extract.components.candidates import Candidate, _at_span
from kg.extract.components.coined import _all_capitalised, _coined, _release, _unknown
from kg.extract.components.conjuncts import _listed_names
from kg.extract.components.parts import (
    _LIST_ITEM_AFTER,
    _LIST_ITEM_BEFORE,
    COUNT_WORDS,
    ORDINAL_PART,
    OWN_KINDS,
    _propose_listed_parts,
    _propose_name_variants,
    own_sentences,
)
from kg.extract.components.repository import _repo_key, repository_name
from kg.extract.components.title_name import _TITLE_NAME, _own_kind_subtitle, _title_only_name, own_title_lead
from kg.extract.contributions import (
    COUNTED_KINDS,
    MEASURE_KINDS,
    TITLE_CASED,
    composed_of,
    find_contributions,
    in_own_measure_list,
    own_kind_appositive,
    own_voice,
    said_of_own,
    title_run,
    trains_named_model,
    type_from_clause,
    word_end_before,
)
from kg.extract.generic import GENERIC_HEADS, GENERIC_MODIFIERS, is_not_a_concept
from kg.extract.phrases import head_word as _head_key  # one definition, shared with the title rules
from kg.extract.phrases import lexicon, tag_word
from kg.extract.titles import (
    TITLE_HEAD,
    coined_head,
    names_a_thing,
    title_case_terms,
    title_method_terms,
    title_phrases,
    title_terms,
)
from kg.extract.typing_rules import type_from_head
from kg.extract.vocabulary import TERM_MIN_DF, load_vocabulary
from kg.resolve.normalize import norm_key, singular


@Language.factory("kg_contributions", default_config={"vocab_file": None})
def make_contributions(nlp: Language, name: str, vocab_file: str | None):
    vocab = load_vocabulary(vocab_file)
    families = vocab.families

    def contributions(doc: Doc) -> Doc:
        ctx = _doc_context(doc, vocab, families)
        _mark_announced(ctx)
        ctx.refresh_named()
        title = _TITLE_NAME.match(doc.user_data.get("kg_title", ""))  # "Insight-V++: Towards ..."
        _mark_parts(ctx, title)
        _mark_said_own(ctx, title)
        _mark_our_kind_phrases(ctx)
        _mark_counted_measures(ctx)
        _propose_listed_parts(
            ctx.named, ctx.sents, ctx.sent_starts, ctx.first_seen, families, ctx.definitions, ctx.applied
        )
        _propose_name_variants(ctx.named, families, vocab, ctx.definitions, ctx.applied)
        _type_as_announced(ctx.store)
        if title:
            title_only = _title_only_name(title, ctx.text, vocab)
            if title_only is not None:
                doc.user_data["kg_title_name"] = title_only
        lead = own_title_lead(doc.user_data.get("kg_title", ""), ctx.text, vocab)
        if lead is not None:
            doc.user_data["kg_title_lead"] = lead  # marked where the mentions are made: the tagger's too
        _mark_repository_name(ctx, doc)
        _mark_title_terms(ctx, doc)
        _mark_title_abbreviation(ctx, doc)
        _mark_title_definition(ctx, doc.user_data.get("kg_title", ""))
        _mark_title_head(ctx, doc)
        _mark_title_named_announcement(ctx, doc)
        return doc

    return contributions


def _mark_parts(ctx: _DocContext, title: re.Match[str] | None) -> None:
    """Marks the parts the paper's own contributions (or the title's name) are said to bring or be made of."""
    # "V1 comprises two components: V1-Infer, ... and V1-PairRL": parts of a contribution
    proposed_names = {c.text for c in ctx.store if c.proposed}
    title_lead = title.group(1) if title else None
    # "We introduce GUIPruner, ... It synergizes ...": "it" is the paper's own work after a sentence about it
    after_own = [False, *own_sentences(ctx.sents, sorted(c.start for c in ctx.store if c.proposed))]
    for (s0, _end, sent_text), it_is_own in zip(ctx.sents, after_own):
        _mark_brought(ctx, s0, sent_text, proposed_names, title_lead)
        _mark_enumerated(ctx, s0, sent_text, proposed_names, it_is_own)
        _mark_made_of(ctx, s0, sent_text, proposed_names, it_is_own)
        _mark_list_items(ctx, s0, sent_text, proposed_names)


def _mark_brought(
    ctx: _DocContext, s0: int, sent_text: str, proposed_names: set[str], title_lead: str | None
) -> None:
    """Marks the coined names the paper's own system is said to bring, counted: they are its parts."""
    brings = _BRINGS_COUNTED.match(sent_text) if _BRINGS_VERB.search(sent_text) else None
    if brings is not None and (brings.group(1) in proposed_names or brings.group(1) == title_lead):
        # "To overcome ..., Insight-V++ introduces two novel algorithms, ST-GRPO and
        # J-GRPO": the coined names the paper's own system brings, counted
        for c in _listed_names(ctx.store, ctx.text, s0 + brings.end(), s0, ctx.first_seen, ctx.families):
            ctx.propose(c, type_from_clause(brings.group(2)))


def _mark_enumerated(ctx: _DocContext, s0: int, sent_text: str, proposed_names: set[str], it_is_own: bool) -> None:
    """Marks the new coined names heading the items the paper's own system (the subject), or the
    paper in its own voice about it, enumerates."""
    if not proposed_names or not _ENUMERATED.search(sent_text):
        return
    enumerated = _SUBJECT.match(sent_text)
    if enumerated is not None and _own_subject(enumerated, proposed_names, it_is_own):
        items_from = enumerated.end()
    elif (
        (we := _WE_ABOUT_OWN.match(sent_text)) and (first := _ITEM_HEAD.search(sent_text, we.end()))
        and own_voice(sent_text, first.start())
        and any(word_end_before(sent_text, name, first.start()) >= 0 for name in proposed_names)
    ):
        # "We formalize NFD through: (1) a Three-Layer Cognitive Architecture ...; (2) the
        # Knowledge Crystallization Cycle ...": the paper, of its own system
        items_from = we.end()
    else:
        return
    full_text, first_seen, families = ctx.text, ctx.first_seen, ctx.families
    # "ScalingAttention decouples ... via: (1) WEST (Weight-Encoded Sparse Topology), which
    # ...; (2) FAST (...)": the coined names the paper's own system enumerates
    for item in _ITEM_HEAD.finditer(sent_text, items_from):
        article = _item_article_length(sent_text, item.end())
        c = ctx.first_named(s0 + item.end() + article, s0 + item.end() + article + 1)
        if (
            c is not None and not c.proposed
            # after "a" or "the", only a title-case run names the item: "(ii) an RFT stage" does not
            and (not article or " " in c.text and _all_capitalised(c.text))
            and _coined(c, families) and first_seen[c.text] >= s0
            and full_text[c.end : c.end + 1] != "-"  # "(1) ROI-level prompts": the name modifies
        ):
            ctx.propose(c, _appositive_type(full_text, c.end) or c.type)


# a sentence in the paper's voice: "We formalize NFD through: (1) ...", "We then describe ..."
_WE_ABOUT_OWN = re.compile(r"\s*We\s+(?:\w+ly\s+|also\s+|further\s+|then\s+|first\s+)?[a-z]+\b")
_ITEM_ARTICLE = re.compile(r"(?:a|an|the)\s+")


def _item_article_length(sentence: str, at: int) -> int:
    """The length of "a " / "the " opening an enumerated item at `at` (0 when none)."""
    article = _ITEM_ARTICLE.match(sentence, at)
    return article.end() - at if article else 0


# "The framework introduces three core innovations: (1) ...": the paper's own whole, by its kind
_OWN_KIND_SUBJECT = re.compile(rf"\s*(?:The|Our)\s+(?:{OWN_KINDS}|agent|benchmark|toolkit)\s")


def _own_subject(subject: re.Match[str], proposed_names: set[str], it_is_own: bool) -> bool:
    """Whether a sentence's subject is the paper's own work: its name, "it" right after a sentence
    about that work, or "the framework" once it has one."""
    name = subject.group(1)
    return (
        name in proposed_names or it_is_own and name.lower() == "it"
        or bool(proposed_names) and bool(_OWN_KIND_SUBJECT.match(subject.string))
    )


def _mark_made_of(ctx: _DocContext, s0: int, sent_text: str, proposed_names: set[str], it_is_own: bool) -> None:
    """Marks the new terms and listed title-case runs the paper's own system is said to be made of."""
    part_of = _PARTS_OF.match(sent_text) if proposed_names or it_is_own else None
    if part_of is None:
        return
    if part_of.group(1) in proposed_names or it_is_own and (
        # "It consists of ...", "It introduces ...": not "Additionally, it leverages the Centralized
        # Feature Pyramid (CFP)", which the paper's name would carry, but a pronoun does not
        part_of.group(1).lower() == "it" and not _BORROWS.match(sent_text, part_of.start(1))
        # "The framework comprises ...": not "The model integrates TextCNN ..., and BiGCN"
        or _OWN_KIND_SUBJECT.match(sent_text) and _CONSISTS.match(sent_text, part_of.start(1))
    ):
        full_text, store, first_seen = ctx.text, ctx.store, ctx.first_seen
        # "STaR employs difficulty-aware reinforcement learning (DRL)": a term the paper
        # defines where its contribution is made of it is a part of that contribution
        for c in ctx.definitions_in(s0 + part_of.end(), s0 + len(sent_text)):
            if not c.known and first_seen[c.text] >= s0:
                ctx.propose(c, _appositive_type(full_text, c.end) or c.type)
        # "SAGE consists of VariantQual, a rubric-based verifier ..., and VariantGen, a variant
        # generator ...": each part a new name, each said what it is
        if _MADE_OF_VERB.match(sent_text, part_of.start(1)):
            item_start = s0 + part_of.end()
            for c in ctx.named_in(item_start, s0 + len(sent_text)):
                before = full_text[item_start : c.start]
                if before.strip(" ") and not _NEXT_ITEM.fullmatch(before):
                    continue
                if (
                    not c.proposed and _coined(c, ctx.families) and first_seen[c.text] >= s0
                    # "DIPS combines a compact discretization scheme, Numerically Grounded Token
                    # Initialization for ..., and Three-Phase Curriculum Optimization": a part said
                    # what it is, or spelt in title case like a name
                    and (_APPOSITIVE_NEXT.match(full_text, c.end) or TITLE_CASED.fullmatch(c.text))
                ):
                    ctx.propose(c, _appositive_type(full_text, c.end) or c.type)
                    item_start = c.end
        # "... comprising: Holistic Full Body Prompts to ..., and Body Part Alignment Prompts
        # to ...": the capitalised runs a list of its parts opens with
        listing = _PARTS_LIST.search(sent_text, part_of.end())
        for item in _LIST_ITEM_START.finditer(sent_text, listing.end() - 1) if listing else ():
            run = title_run(sent_text, item.end())
            if run is not None and len(sent_text[run[0] : run[1]].split()) >= 2:
                c = _at_span(store, s0 + run[0], s0 + run[1], sent_text[run[0] : run[1]])
                if not (c.known or c.vocab_key) and first_seen.get(c.text, c.start) >= s0:
                    ctx.propose(c, _appositive_type(full_text, c.end) or c.type)


def _mark_list_items(ctx: _DocContext, s0: int, sent_text: str, proposed_names: set[str]) -> None:
    """Marks the new names heading the items of a list of the paper's own parts: they are its parts."""
    opening = _list_opening(s0, sent_text, proposed_names)
    if opening is None:
        return
    owner, lo, list_type = opening
    full_text, first_seen = ctx.text, ctx.first_seen
    for c in ctx.named_in(lo, s0 + len(sent_text)):
        # a name no vocabulary knows, heading an item of the list: "(1) ReaGen-27k, a dataset"
        # is typed, and still new; "tools from the NCBI and UniProt databases" are not items
        new = not (c.known or c.vocab_key)
        item = _LIST_ITEM_BEFORE.search(full_text, max(lo, c.start - 12), c.start) and _LIST_ITEM_AFTER.match(
            full_text, c.end
        )
        if (
            c.text != owner and new and item and first_seen[c.text] >= s0 and not ctx.inside_phrase(c)
            and not _in_parentheses(full_text, lo, c.start)  # "(East Asian, White, ...)" are examples
        ):
            ctx.propose(c, type_from_clause(ctx.text_of(c.end)) or list_type)


def _list_opening(s0: int, sent_text: str, proposed_names: set[str]) -> tuple[str, int, str | None] | None:
    """Where a list of the paper's own parts opens, the whole it lists and its items' type; None: no list."""
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
                return None
            comp = ("", colon + 1)
            lo = s0 + colon
    return comp[0], lo, list_type


# a title's words before its colon: "Bounded Path Context: A Controlled Study of ..."
_TITLE_BEFORE_COLON = re.compile(r"^\s*([^:]{3,80}?)\s*:\s")


def _mark_title_definition(ctx: _DocContext, title: str) -> None:
    """"Bounded Path Context: A Controlled Study ..." over "Bounded Path Context (BPC) decouples
    ...": a term the abstract defines with a short form and the title opens with is the paper's
    own, whatever verb introduces it (on the read sets, 8 of the 9 such terms were annotated
    contributions; the ninth is marked by other rules anyway)."""
    head = _TITLE_BEFORE_COLON.match(title) if ":" in title else None
    if head is None or " " not in head.group(1):
        return
    long_form = head.group(1).lower()
    for forms in ctx.definitions.values():
        for c in forms:
            if not c.proposed and c.long_form and c.long_form.lower() == long_form and _unknown(c, ctx.families):
                ctx.propose(c, c.type or None)


def _mark_said_own(ctx: _DocContext, title: re.Match[str] | None) -> None:
    """Marks the names the text says are the paper's own ("our X", "X, a novel metric", the title)."""
    # "our X" and "X: A Benchmark for ..." titles name the paper's own contribution
    proposed_here = {c.text for c in ctx.named if c.proposed}
    # "We present Parallel CFR, the first ...": what is said of the longer name is not said of its tail
    tails_of_proposed = {(c.start, c.end) for c in ctx.named if c.proposed}
    for c in ctx.named:
        if c.proposed:
            proposed_here.add(c.text)
            continue
        if any(start < c.start and end == c.end for start, end in tails_of_proposed):
            continue
        _mark_if_said_own(ctx, c, title, proposed_here)


def _mark_if_said_own(
    ctx: _DocContext, c: Candidate, title: re.Match[str] | None, proposed_here: set[str]
) -> None:
    """Marks `c` by the first rule that finds it said to be the paper's own, if one does."""
    text, families, first_seen = ctx.text, ctx.families, ctx.first_seen
    if (title and c.text == title.group(1) and (_coined(c, families) or _own_kind_subtitle(title, c, families))) or (
        # "our CultureBench", "our newly proposed AdvancedMath benchmark": said in so
        # many words, any name no vocabulary knows is the paper's own
        c.extractor in ("names", "definition") and _unknown(c, families)
        and not _GLUED_MODIFIER.match(text, c.end)  # "our IRB-approved evaluation": the evaluation is
        and (
            _OUR.search(text, max(0, c.start - 70), c.start) or _PROPOSED_BEFORE.search(text, max(0, c.start - 50), c.start)
            # "formalized with a novel Tool Interaction Graph": whatever the verb
            or _NOVEL_BEFORE.search(text, max(0, c.start - 20), c.start) and _NAME_ENDS_PHRASE.match(text, c.end)
            # "a new policy-iteration algorithm iPI, that ...": the kind, then its name
            or _NEW_KIND_NAMED.search(text, max(0, c.start - 80), c.start) and _NAME_ENDS_PHRASE.match(text, c.end)
        )
    ):
        ctx.propose(c, type_from_clause(text[c.end : c.end + 60]))
    elif text.endswith((", ", "a ", "an ", "new ", "novel "), 0, c.start) and _unknown(c, families) and (
        kind := _NEW_KIND_COMMA.search(text, max(0, c.start - 80), c.start)
        or _OWN_FEATURE.search(text, max(0, c.start - 90), c.start)
    ):
        # "... and a new dataset, NYC-MMCDX, demonstrate", "Our approach features a
        # Discrete Ratio Selector, which ...": the paper's own, said in so many words
        ctx.propose(c, type_from_clause(kind.group(0)) or c.type)
    elif (
        # "The first stage, Z-NERD, introduces ...": a numbered part of the paper's method, named
        proposed_here and text.startswith(",", c.end) and _unknown(c, families)
        and ORDINAL_PART.fullmatch(text, ctx.sent_starts[bisect.bisect_right(ctx.sent_starts, c.start) - 1], c.start)
    ):
        ctx.propose(c, _last_word_type(c) or "Method")
        proposed_here.add(c.text)  # what it introduces next is the paper's own too (_OWN_NAME_BRINGS)
    elif (
        (own := _OWN_NAME_BRINGS.search(text, max(0, c.start - 60), c.start))
        and own.group(1) in proposed_here and own.group(1) != c.text and _unknown(c, families)
    ):
        # 'D-VLAX introduces "Plane Decoupling," ...': what the paper's own system brings
        ctx.propose(c, _last_word_type(c))
    elif (
        _capitalised_part(c) and text.endswith((" a ", " an ", " A ", " An "), 0, c.start)
        and _unknown(c, families) and not _BASELINE_AFTER.match(text, c.end)
    ):
        # "Complementing this constraint, a Dual-scale Prototype Alignment Module
        # enforces ...": a capitalised name of a part, brought in with "a", is new here
        ctx.propose(c, _last_word_type(c))
    elif (
        (_STATEMENT_NAME.search(c.text) or _STATEMENT_NEXT.match(text, c.end))
        and first_seen[c.text] == c.start and _unknown(c, families)
        and "'" not in c.text and "’" not in c.text  # "Goodhart's Law" is someone else's
        and (
            _WE_STATE.search(text, ctx.sent_starts[bisect.bisect_right(ctx.sent_starts, c.start) - 1], c.start)
            or text.endswith((" a ", " an "), 0, c.start) and _STATEMENT_NAME.search(c.text)  # not "a Fitts law task"
        )
    ):
        # "We prove three formal properties: (1) the Byte-Identity Theorem, ...": a named
        # result the paper states in its own voice is its own; so is one it brings in with
        # "a" ("the evaluation reveals an Efficiency-Stability Paradox: ...")
        ctx.propose(c, "Concept")
    elif not (c.known or c.vocab_key) and (_NOVEL_APPOSITIVE.match(text, c.end) or _OWN_APPOSITIVE.match(text, c.end)):
        # "..., and TeachQuiz, a novel end-to-end metric that ...": new, so the paper's own
        kind = _appositive_type(text, c.end)
        ctx.propose(c, kind, kind)
    elif first_seen[c.text] == c.start and _coined(c, families):
        _mark_if_own_in_sentence(ctx, c, proposed_here)


def _mark_if_own_in_sentence(ctx: _DocContext, c: Candidate, proposed_here: set[str]) -> None:
    """Marks a coined name's first mention its sentence says is the paper's (appositive, short form)."""
    text, vocab = ctx.text, ctx.vocab
    k = bisect.bisect_right(ctx.sent_starts, c.start) - 1
    s0, _s1, sent_text = ctx.sents[k]
    subject = _SUBJECT.match(sent_text)
    own_subject = subject.end(1) if subject is not None and subject.group(1) in proposed_here else -1
    if own_kind_appositive(sent_text, c.start - s0, c.end - s0, own_subject):
        kind = _appositive_type(text, c.end)
        ctx.propose(c, kind, kind)
    elif (
        # "we extract keypoints ... to serve as descriptor-based control nodes (DCN)":
        # a short form the paper defines in its own voice, for a long form the
        # field has never written, names a part of its contribution
        c.extractor == "definition" and c.long_form and c.text != c.long_form
        and c.text not in vocab.acronyms  # "a wisdom-large language model (LLM) framework"
        and vocab.phrase_df.get(norm_key(c.long_form), 0) < TERM_MIN_DF
        and not is_not_a_concept(c.long_form)  # "Institute for Management and Innovation (IMI)"
        and (
            # "we fine-tune a Chinese Implicit Toxicity Defense model (CITD) with ...": a model it trains
            trains_named_model(sent_text, c.start - s0, c.long_form)
            # not "understanding-generation (UG) pairs"; but "a Bidirectional Calibration
            # Gating (BCG) module" names a part by its kind
            or (not _MODIFIES_NEXT.match(text, c.end) or _PART_KIND_NEXT.match(text, c.end))
            and (
                own_voice(sent_text, c.start - s0) or in_own_measure_list(sent_text, c.start - s0)
                # "Our key component, the Self-Gated Prompting Module (SGPM), ...", "FocusDepth
                # aligns them with a Multi-Scale Fusion (MSF)": the paper's own voice is its
                # "our" or its own system's name too
                or said_of_own(sent_text, c.start - s0, proposed_here)
            )
            # "The core Multi-Scale Fusion (MSF) in FocusDepth", "Weighted Bayesian Topics over
            # Time (WBToT), is proposed as a solution"
            or _named_as_own_after(text, c.end, proposed_here)
            # "ConflictScore-Count (CS-C)" after "We introduce ConflictScore": named after its own
            or any(c.long_form.startswith(f"{name}-") for name in proposed_here if len(name) >= 3)
        )
    ):
        ctx.propose(c, _appositive_type(text, c.end) or c.type)


# after a short form the paper defines: "(MSF) in FocusDepth" (group 1: the owner's name, to
# check against the paper's own) or "(WBToT), is proposed" (no group)
_OWN_AFTER = re.compile(
    r"\)(?:\s+(?:in|of|within)\s+(?:the\s+)?([\w][\w.+-]*)\b"
    r"|,?\s+(?:is|are)\s+(?:first\s+|then\s+|also\s+|newly\s+)?(?:constructed|proposed|introduced|developed|designed|built|"
    r"presented|created|curated|collected)\b)"
)


def _named_as_own_after(text: str, end: int, proposed_here: set[str]) -> bool:
    """Whether what follows a defined short form makes it the paper's own: a part "in" one of
    its proposals, or a thing the sentence says is constructed or proposed."""
    after = _OWN_AFTER.match(text, end)
    return after is not None and (after.group(1) is None or after.group(1) in proposed_here)


def _mark_our_kind_phrases(ctx: _DocContext) -> None:
    """Marks the lower-case phrases the field does not write that "our" puts before a kind word."""
    text, vocab = ctx.text, ctx.vocab
    for c in ctx.phrases:
        if (
            not c.proposed and " " in c.text and c.text[:1].islower() and not (c.vocab_key or c.known)
            and not c.text.startswith("own ")
            and _OUR_BEFORE.search(text, max(0, c.start - 5), c.start) and _OWN_KIND_NEXT.match(text, c.end)
            and _head_key(c.text) not in GENERIC_HEADS and vocab.lookup(c.text) is None
            and vocab.phrase_df.get(norm_key(c.text), 0) < TERM_MIN_DF
        ):
            # "our counterfactual tuning task", "our cross-tokenizer distillation method": a
            # phrase the field does not write names the paper's own thing of that kind
            ctx.propose(c, type_from_clause(text[c.end : c.end + 20]) or c.type)


# "we propose two human-aligned metrics, appearance similarity and temporal similarity": the
# paper's own measures or tasks, counted, then listed
_COUNTED_MEASURES = re.compile(
    r"\b(?:we|this\s+(?:paper|work))\s+(?:also\s+|further\s+|then\s+)?"
    r"(?:propose|introduce|define|design|develop|present)s?\s+(?P<count>two|three|four)\s+(?:[\w-]+\s+){0,2}?"
    rf"(?P<kind>{MEASURE_KINDS}|axes|indices|criteria|tasks)\s*[:,]\s*",
    re.I,
)
_ITEM_ARTICLE = re.compile(r"(?:the|an?)\s+")
# after an item: its short form in brackets, then a comma or "and"
_AFTER_ITEM = re.compile(r"(?:\s*\([^()]{1,40}\))?(?:\s*,\s*(?:and\s+)?|\s+and\s+)")
_ITEM_CLAUSE = re.compile(r"(?:which|that|where|measuring|capturing|quantifying)\b")
_NEXT_AFTER_CLAUSE = re.compile(r",\s*(?:and\s+)?")


def _mark_counted_measures(ctx: _DocContext) -> None:
    """Marks the lower-case phrases a counted announcement of the paper's own measures or tasks
    lists, when the list holds exactly as many as it counts."""
    text = ctx.text
    for s0, _s1, sent_text in ctx.sents:
        counted = _COUNTED_MEASURES.search(sent_text)
        if counted is None:
            continue
        end, wanted = s0 + len(sent_text), COUNT_WORDS[counted.group("count").lower()]
        at, items = s0 + counted.end(), []
        while len(items) < wanted and at < end:
            if article := _ITEM_ARTICLE.match(text, at):
                at = article.end()
            c = ctx.first_phrase(at, at + 1) or ctx.first_named(at, at + 1)  # "appearance similarity (AS)"
            if c is None or not c.text[:1].islower() or len(c.text.split()) > 4:
                break
            items.append(c)
            after = _AFTER_ITEM.match(text, c.end)
            if after is None:
                break
            at = after.end()
            if _ITEM_CLAUSE.match(text, at):
                # "correction lag, which captures the delay between A and B, and post-feedback
                # performance": the next item follows the clause's comma
                comma = _NEXT_AFTER_CLAUSE.search(text, at, end)
                if comma is None:
                    break
                at = comma.end()
        if len(items) == wanted:
            kind = "Task" if counted.group("kind").lower() == "tasks" else "Metric"
            for c in items:
                if not c.proposed:
                    ctx.propose(c, kind)


def _mark_repository_name(ctx: _DocContext, doc: Doc) -> None:
    """Marks the name the code's repository is named after, or keeps the repository's name when none is."""
    vocab, families, store = ctx.vocab, ctx.families, ctx.store
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
                ctx.propose(first, type_from_clause(ctx.text_of(first.end)))
        elif not any(c.proposed for c in store) and "kg_title_name" not in doc.user_data:
            doc.user_data["kg_url_name"] = repo


def _mark_title_terms(ctx: _DocContext, doc: Doc) -> None:
    """Keeps the title's phrases for the doc and marks the first new mention of a method the title coins."""
    text, vocab, store = ctx.text, ctx.vocab, ctx.store
    title_text = doc.user_data.get("kg_title", "")
    lex = lexicon()
    cased = title_case_terms(title_text, lex) if title_text else []  # read by both title rules below
    if title_text:
        phrases = title_phrases(title_text, text, cased)
        terms = [t for t in title_terms(title_text, text, vocab) if not any(
            p[1] < t[2] and t[1] < p[2] for p in phrases
        )]
        doc.user_data["kg_title_phrases"] = sorted(phrases + terms, key=lambda p: p[1]) if terms else phrases
    for term, t_start, t_end, coined in title_method_terms(title_text, lex, cased) if title_text else ():
        # "... via Centroid-Guided Firefly Optimization": the title's coined method is the paper's own
        key = norm_key(term)
        if vocab.lookup(term) is not None or vocab.phrase_df.get(key, 0) >= (TERM_MIN_DF if coined else 1):
            continue  # a term of the field
        uses = [c for c in store if norm_key(c.text) == key and not (c.known or c.vocab_key)]
        if uses:
            first = min(uses, key=lambda c: c.start)
            if not first.proposed:
                ctx.propose(first, _last_word_type(first))
        elif any((p[1], p[2]) == (t_start, t_end) for p in doc.user_data.get("kg_title_phrases", ())):
            doc.user_data.setdefault("kg_title_proposed", set()).add((t_start, t_end))


def _mark_title_abbreviation(ctx: _DocContext, doc: Doc) -> None:
    """"CARGO: Carbon-Aware Gossip Orchestration in Smart Shipping": a title whose name before
    the colon abbreviates the phrase right after it defines the name, as "Carbon-Aware Gossip
    Orchestration (CARGO)" would in the abstract. Kept for the mentions (pipeline.py), which
    give the abstract's uses of the name that long form, so that the name and the title's
    phrase are one concept. Not when the abstract defines the name itself or the vocabulary
    knows it."""
    title = doc.user_data.get("kg_title", "")
    head = _TITLE_NAME.match(title) if ":" in title else None
    if head is None:
        return
    name = head.group(1)
    after = len(title) - len(title[head.end() :].lstrip())  # the subtitle's first character
    phrase = next((p[0] for p in doc.user_data.get("kg_title_phrases", ()) if p[1] == after), None)
    if phrase is None or not abbreviates(name, phrase):
        return
    if ctx.vocab.lookup(name) is not None or name in ctx.vocab.acronyms:
        return
    if any(c.text == name for forms in ctx.definitions.values() for c in forms):
        return  # the abstract's own definition wins
    doc.user_data["kg_title_abbreviation"] = (name, phrase)


# a title that opens with a name in title case before its first function word: "Metric-Guided
# Feature Fusion of Visual Foundation Models ...", "Virtual Scanning for NSCLC Histology"
# (not "Intersectional Fairness in LLMs", "Energy-Based Transformers as Predictors ...": a topic
# or a thing studied)
_TITLE_LEAD_PATTERN = r"^\s*((?:[A-Z][\w-]*\s+){1,4}?[A-Z][\w-]*)\s+(?:for|of|via|with|through|towards?%s)\s"
_TITLE_LEAD = re.compile(_TITLE_LEAD_PATTERN % "")


def _mark_title_lead(ctx: _DocContext, doc: Doc, title: str) -> None:
    """Marks the abstract's first use of the name a title opens with before a function word,
    when the field does not write it: the paper's own."""
    lead = _TITLE_LEAD.match(title)
    if lead is None or " " not in lead.group(1) or not names_a_thing(lead.group(1), ctx.vocab):
        return
    key = norm_key(lead.group(1))
    uses = [c for c in ctx.store if norm_key(c.text) == key and not (c.known or c.vocab_key)]
    first = min(uses, key=lambda c: c.start) if uses else None
    if (
        first is not None and not any(c.proposed for c in uses)
        and ctx.vocab.phrase_df.get(key, 0) < TERM_MIN_DF
        and type_from_head(_head_key(lead.group(1))) != "Task"  # "Road Segmentation for ...": the problem
        and first.start >= doc.user_data["kg_sents"][0][1]  # the opening sentence sets the scene
    ):
        ctx.propose(first, type_from_clause(title[lead.end(1) :][:60]))


def _mark_title_head(ctx: _DocContext, doc: Doc) -> None:
    """Marks the first mention of the noun phrase a title opens with, or keeps it as the title's name."""
    text, vocab, store = ctx.text, ctx.vocab, ctx.store
    title = doc.user_data.get("kg_title", "")
    head = TITLE_HEAD.match(title)
    if head is None:
        _mark_title_lead(ctx, doc, title)
    elif names_a_thing(head.group(1), vocab):
        # "Self-Commitment Latency: A Reward-Free Probe for ...": a title opening with a
        # noun phrase in title case names what the paper brings
        key = norm_key(head.group(1))
        uses = [c for c in store if norm_key(c.text) == key and not (c.known or c.vocab_key)]
        if uses:
            ctx.propose(min(uses, key=lambda c: c.start), type_from_clause(head.string[head.end() :][:60]))
        elif key not in norm_key(text) and coined_head(head.group(1)):
            # only the title names it: a coined word must say it is a name ("Self-Improving
            # Pretraining"), plain title words are too often a hook ("Mixed Signals")
            subtitle = head.string[head.end() :]
            doc.user_data["kg_title_name"] = (
                head.group(1), head.start(1), head.end(1), type_from_clause(subtitle[:60]) or "Method",
            )


# the title's name for what the paper brings, before the words that say what it is for or does:
# "Variational Feature Compression for ...", "Discriminative Span as a Predictor of ...",
# "Non-linear Interventions on Large Language Models"
_TITLE_NAME_BEFORE = re.compile(_TITLE_LEAD_PATTERN % "|as|on|in")


# words that praise or situate a field's term rather than name a new one
_PRAISING = GENERIC_MODIFIERS | frozenset({"adaptive", "transferable", "unsupervised", "supervised", "data-driven"})
# words too common in announcements to tie one to the title's name
_NOT_NAMING_WORDS = GENERIC_MODIFIERS | frozenset(
    "model agent language large neural network method approach framework system data learning task paper work study".split()
)


def _mark_title_named_announcement(ctx: _DocContext, doc: Doc) -> None:
    """"We propose a feature extraction framework that ...", titled "Variational Feature
    Compression for ...": when the abstract announces its contribution without naming it and no
    other rule found the paper's own, the name the title opens with is that contribution."""
    data = doc.user_data
    if any(c.proposed for c in ctx.store) or any(
        k in data for k in ("kg_title_name", "kg_url_name", "kg_title_lead", "kg_title_proposed")
    ):
        return
    title = data.get("kg_title", "")
    lead = TITLE_HEAD.match(title) or _TITLE_NAME_BEFORE.match(title)
    if lead is None or " " not in lead.group(1) or not names_a_thing(lead.group(1), ctx.vocab):
        return
    name = lead.group(1)
    key = norm_key(name)
    if ctx.vocab.phrase_df.get(key, 0) >= TERM_MIN_DF or type_from_head(_head_key(name)) == "Task":
        return  # a term of the field, or the problem the paper works on ("Road Segmentation for ...")
    words = {singular(w.lower()) for w in re.split(r"[\s-]+", name) if len(w) > 3} - _NOT_NAMING_WORDS
    first, rest = name.split(" ", 1)
    last = name.rsplit(" ", 1)[1]
    if not words or first.lower().endswith("ing") or any(
        tag_word(w, lexicon()) == "VERB" for w in name.split() if "-" not in w
    ):
        return  # "Rethinking RL Scaling", "Sensitivity Meets Sparsity": a hook, not a name
    if last.isupper() or _head_key(name) in GENERIC_HEADS:
        return  # "Kernel PCA", "Multi-Modal Framing Analysis": a known method's variant, a kind of study
    if first.lower() in _PRAISING and (ctx.vocab.lookup(rest) is not None or ctx.vocab.phrase_df.get(norm_key(rest), 0) >= TERM_MIN_DF):
        return  # "Efficient Unstructured Pruning", "Adaptive Image Restoration": a field's term, described
    # the announcement describes what the title names: "we propose a deliberative curation
    # protocol", "we introduce a general formulation of intervention"
    for k, (_s0, _e, sent) in enumerate(ctx.sents):
        for c in find_contributions(sent, first=k == 0):
            said = {singular(w) for w in re.findall(r"[a-z]+", sent[c.start : c.start + 120].lower())}
            if not c.named_only and words & said:
                data["kg_title_name"] = (
                    name, lead.start(1), lead.end(1), type_from_clause(title[lead.end(1) :][:60]) or "Method"
                )
                return


_PART_KIND_HEADS = frozenset(
    """module mechanism block network layer loss strategy objective encoder decoder head unit component
    pipeline algorithm scheme regularizer estimator sampler optimizer memory router selector adapter
    engine controller planner fusion attention agent generator verifier retriever evaluator critic""".split()
)


# the paper's own system as the subject, then what it brings: 'X introduces "Plane Decoupling"'
_OWN_NAME_BRINGS = re.compile(
    r"(?:^|[.;:]\s+|\b)([A-Z][\w.-]*),?\s+(?:also\s+|further\s+|first\s+)?(?:introduces|features|incorporates|proposes|"
    r"devises|designs|constructs|builds|curates|creates|develops|establishes|collects)\s+(?:\((?:i|1|a)\)\s+)?"
    r"(?:an?\s+|the\s+)?(?:novel\s+|new\s+)?[\"“'‘]?$"
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
# "(1)", "(a)", "(iii)": the mark of a list item, no parenthesis a name sits inside
_ITEM_MARK = re.compile(r"\(\w{1,4}\)")


def _in_parentheses(text: str, lo: int, at: int) -> bool:
    """Whether `at` sits inside a parenthesis opened after `lo` ("(1)"-style item marks aside)."""
    span = _ITEM_MARK.sub("", text[lo:at])
    return span.count("(") > span.count(")")


# "During training, X employs ...", "X further incorporates ...": the subject, then a verb of making up
# the adverb a sentence may put between its subject and its verb ("X also comprises")
_ADVERB = r"(?:also\s+|further\s+|first\s+|then\s+|additionally\s+)?"
_PARTS_OF = re.compile(
    r"^(?:[^,]{0,100},\s*)?(?:The\s+|Our\s+)?(\S+?)\s+" + _ADVERB +
    r"(?:employs|uses|comprises|consists\s+of|includes|incorporates|integrates|introduces|features|combines|"
    r"contains|adopts|leverages|utilizes|synergizes|unifies|relies\s+on|is\s+built\s+on|is\s+composed\s+of)\b"
)
# the verbs of _PARTS_OF that say the whole is made of what follows ("uses X" does not)
_MADE_OF_VERB = re.compile(
    r"\S+?\s+" + _ADVERB +
    r"(?:comprises|consists\s+of|includes|incorporates|integrates|combines|contains|is\s+composed\s+of)\b"
)
# the verbs of _PARTS_OF by which a whole named only by its kind ("the framework") is made of, or
# brings, what follows
_CONSISTS = re.compile(r"\S+?\s+(?:also\s+|further\s+)?(?:comprises|consists\s+of|is\s+composed\s+of|introduces)\b")
# the verbs of _PARTS_OF that say the whole takes in something that exists ("uses X")
_BORROWS = re.compile(
    r"\S+?\s+" + _ADVERB +
    r"(?:employs|uses|adopts|leverages|utilizes|relies\s+on|is\s+built\s+on)\b"
)
# what stands before the next part: its article, after the last part's description and a comma
_NEXT_ITEM = re.compile(r"(?:[^;.()]*,\s*(?:and\s+)?|\s*)(?:an?\s+|the\s+)?")
_APPOSITIVE_NEXT = re.compile(r",\s+(?:an?|the)\s+[a-z]")  # "VariantGen, a variant generator"
_SUBJECT = re.compile(r"\s*(?:The\s+|Our\s+)?(\S+?)\s+(?:also\s+|further\s+|then\s+)?[a-z]+s\b")  # "GraphVLM investigates"
_TESTED_ON = re.compile(r"\b(?:evaluat\w*|validat\w*|test\w*|benchmark\w*|compar\w*|outperform\w*|surpass\w*|baselines?|datasets?)\b", re.I)
# "a new dataset", "a novel policy-iteration algorithm": a kind the text says is new
_NEW_KIND = (
    r"\b(?:a|an)\s+(?:novel|new)\s+(?:[\w-]+\s+){0,3}?(?:dataset|benchmark|corpus|model|method|framework|metric|"
    r"task|architecture|algorithm|approach|system|toolkit|suite|environment|simulator|loss)"
)
_NEW_KIND_COMMA = re.compile(_NEW_KIND + r"\s*,\s*$")  # "a new dataset, NYC-MMCDX,"
_NEW_KIND_NAMED = re.compile(_NEW_KIND + r"\s+$")  # "a new policy-iteration algorithm iPI"
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
# "... two new metrics:", "... three components:": a counted or plural kind word opens a list
_ANNOUNCED_LIST = re.compile(COUNTED_KINDS + r"\s*:")
_BRINGS_VERB = re.compile(r"(?:introduc|propos|present|featur|incorporat|compris|includ|contain|offer)es\b")  # cheap test first
_BRINGS_COUNTED = re.compile(
    r"^(?:[^,]{0,60},\s*){0,2}(?:The\s+|Our\s+)?(\S+?)\s+(?:also\s+|further\s+|then\s+)?"
    r"(?:introduces|proposes|presents|features|incorporates|comprises|includes|contains|offers)\s+(" + COUNTED_KINDS + r")\s*[,:]\s*"
)
_COUNTED_LIST = re.compile(COUNTED_KINDS + r"\b[^.;:]{0,80}:")  # "three paradigms for integrating X with Y:"
_PROPOSED_BEFORE = re.compile(
    # "the proposed training recipe (REPA-E)"; not "the proposed solution on the LIDC-IDRI dataset"
    r"\b(?:(?:the|our)\s+(?:newly\s+)?proposed|(?:our|an?)\s+newly\s+(?:collected|constructed|curated|created|built|"
    r"developed|designed|introduced|released))\s+(?:(?!(?:on|in|with|for|from|to|over|across|against|than|and|or|using|"
    r"via|by|at|of|as|into|under|the|a|an|this|these|its|their)\b)[\w-]+(?:\s+|\s*,\s*)){0,3}?\(?$",
    re.I,
)


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
# a named statement ("Byte-Identity Theorem", "Fractured Understanding Hypothesis") and the
# paper stating it
_STATEMENT_NAME = re.compile(r"\s(?:Theorem|Lemma|Hypothesis|Principle|Conjecture|Paradox|Property|Law|Bound|Dilemma|Gap)$")
_STATEMENT_NEXT = re.compile(r"\s+(?:theorem|lemma|hypothesis|principle|conjecture|paradox|property|law)\b")
_WE_STATE = re.compile(
    r"\b(?:[Ww]e|I)\s+(?:\w+ly\s+|also\s+|further\s+|then\s+|first\s+)?(?:prove|establish|derive|state|formulate|"
    r"propose|introduce|identify|posit|conjecture|put\s+forward|call|term|label|show|present|uncover|discover|"
    r"document|reveal|observe|report|find|formali[sz]e|define|name|coin|dub)\b"
)
_NOVEL_BEFORE = re.compile(r"\b(?:a|an|the)\s+(?:novel|new)\s+$", re.I)
# the name ends its noun phrase: "a novel BEV VQA benchmark" names a benchmark about BEV
_NAME_ENDS_PHRASE = re.compile(
    r"(?:\s*\([^()]*\))?(?:\s*(?:[,;:.)]|$)|\s+(?:that|which|to|for|with|in|on|and|is|are|was|were|by|via|using|as)\b)"
)  # (its short form in parentheses may come first: "the novel Concept Explainer (TraNCE) for CNNs")
