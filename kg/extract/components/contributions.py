"""kg_contributions: which candidates the paper itself introduces ("we propose X", "our X", a title
"X: A Benchmark for ..."), marked proposed and typed by how the paper announces them."""

from __future__ import annotations

import bisect
import re

from spacy.language import Language
from spacy.tokens import Doc

from kg.extract.components.candidates import (
    Candidate,
    _at_span,
    _mark_proposed,
    _quoted_candidate,
    _run_candidate,
    _span_candidate,
    _store,
    sentences,
)
from kg.extract.components.coined import (
    _MODIFIER_AFTER,
    _MODIFIER_SUFFIX,
    _all_capitalised,
    _coined,
    _name_shaped,
    _release,
    _unknown,
    _well_known,
)
from kg.extract.components.conjuncts import _conjuncts, _listed_names
from kg.extract.components.parts import (
    _LIST_ITEM_AFTER,
    _LIST_ITEM_BEFORE,
    _propose_listed_parts,
    _propose_name_variants,
)
from kg.extract.components.repository import _repo_key, repository_name
from kg.extract.components.title_name import _TITLE_NAME, _own_kind_subtitle, _title_only_name
from kg.extract.contributions import (
    composed_of,
    find_contributions,
    own_kind_appositive,
    own_voice,
    quoted_term,
    title_run,
    type_from_clause,
)
from kg.extract.generic import GENERIC_HEADS, is_not_a_concept
from kg.extract.phrases import KIND_HEADS, lexicon
from kg.extract.phrases import head_word as _head_key  # one definition, shared with the title rules
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
