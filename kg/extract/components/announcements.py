"""kg_contributions' first pass: in each clause that announces a contribution ("we propose X"),
the candidate it introduces and the names announced with it; and _DocContext, the one
abstract's text, candidates and lookups that every pass of the component reads."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

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
    _well_known,
)
from kg.extract.components.conjuncts import _conjuncts
from kg.extract.contributions import (
    NAMING_VERBS,
    Contribution,
    find_contributions,
    own_kind_appositive,
    quoted_term,
    title_run,
    type_from_clause,
)
from kg.extract.generic import GENERIC_HEADS, is_generic_phrase
from kg.extract.phrases import KIND_HEADS, lexicon
from kg.extract.phrases import head_word as _head_key  # one definition, shared with the title rules
from kg.extract.vocabulary import TERM_MIN_DF, Vocabulary
from kg.resolve.normalize import norm_key, singular


@dataclass(slots=True)
class _DocContext:
    """One abstract's text, candidates and indexes, built once per doc so that every pass's lookups bisect."""

    text: str
    store: list[Candidate]
    sents: list[tuple[int, int, str]]
    sent_starts: list[int]
    named: list[Candidate]  # names and definitions, by start
    named_starts: list[int]
    phrases: list[Candidate]  # phrases, terms and vocabulary matches, by start
    phrase_starts: list[int]
    definitions: dict[str, list[Candidate]]  # long form -> its definitions
    applied: dict[str, str | None]  # long form -> clause type last applied to its group
    first_seen: dict[str, int]  # a name's text -> the start of its first mention
    vocab: Vocabulary
    families: tuple[str, ...]

    def propose(self, c: Candidate, clause_type: str | None, said_type: str | None = None) -> None:
        """Marks `c` (with its definition's other forms) the paper's own, through the doc's indexes."""
        _mark_proposed(c, clause_type, self.definitions, self.applied, said_type)

    def refresh_named(self) -> None:
        """Indexes the names a pass added to the store ("we introduce Mirror, ...": a name no
        extractor found), so that the passes after it see them."""
        known = {id(c) for c in self.named}
        new = [c for c in self.store if c.extractor in ("names", "definition") and id(c) not in known]
        if not new:
            return
        self.named = sorted(self.named + new, key=lambda c: c.start)
        self.named_starts = [c.start for c in self.named]
        for c in new:
            if c.start < self.first_seen.get(c.text, c.start + 1):
                self.first_seen[c.text] = c.start

    def first_named(self, lo: int, hi: int) -> Candidate | None:
        """The longest name starting first in [lo, hi), or None."""
        return _first_from(self.named, self.named_starts, lo, hi)

    def first_phrase(self, lo: int, hi: int) -> Candidate | None:
        """The longest phrase starting first in [lo, hi), or None."""
        return _first_from(self.phrases, self.phrase_starts, lo, hi)

    def named_in(self, lo: int, hi: int) -> list[Candidate]:
        """The names starting in [lo, hi), by start: a slice, not a scan."""
        starts = self.named_starts
        return self.named[bisect.bisect_left(starts, lo) : bisect.bisect_left(starts, hi)]

    def inside_phrase(self, c: Candidate, known_only: bool = False) -> bool:
        """Part of a longer term ("KV" in "reordering KV caches"): a word of that term, not a name.
        With `known_only`, only a term of the vocabulary counts ("KV" in "KV caching")."""
        i = bisect.bisect_right(self.phrase_starts, c.start)
        for p in self.phrases[max(0, i - 8) : i]:
            if (
                p.start <= c.start and p.end >= c.end and p.end - p.start > c.end - c.start
                and (not known_only or p.extractor in ("vocabulary", "terms"))
            ):
                return True
        return False

    def first_new(self, lo: int, hi: int, s0: int) -> Candidate | None:
        """The first name in [lo, hi) that is not a concept the vocabulary already knows."""
        named, named_starts, full_text, families = self.named, self.named_starts, self.text, self.families
        i = bisect.bisect_left(named_starts, lo)
        while i < len(named) and named_starts[i] < hi:
            c = named[i]
            # a word of a web address ("huggingface.co/Org/Model") is no name, a released
            # model of a known family ("GPT-5.4") is someone else's
            if (
                not (c.vocab_key or c.known or _release(c.text, families))
                and full_text[c.start - 1 : c.start] != "/"
                and not _MODIFIER_SUFFIX.search(c.text)  # "a CLIP-based framework (CLIP-KOA)"
                and not self.inside_phrase(c, known_only=True)  # "a KV caching strategy" names no KV
                and not _COUNT_BEFORE.search(full_text, max(lo, c.start - 12), c.start)  # "covering 5,400 API calls"
            ):
                # past a preposition, the clause's object was unnamed: what follows is what
                # it is for or about; after "derived from", "leveraging the ... model", what
                # it is made from or with
                return None if self.complement_name(c, lo, s0) or _SOURCE_BEFORE.search(full_text, lo, c.start) else c
            i += 1
        return None

    def past_complement(self, lo: int, at: int) -> bool:
        """Whether a preposition stands between the clause's start and `at` ("we propose
        using X" is the verb's object)."""
        full_text = self.text
        m = _COMPLEMENT.search(full_text, lo, at)
        return m is not None and not (full_text[lo : m.start()].strip() == "" and m.group(0).lower() in ("using", "applying"))

    def complement_name(self, c: Candidate, lo: int, s0: int) -> bool:
        """"we introduce a training strategy for DSC", "a method ... in CT angiography (CTA)":
        a name past a preposition of the clause says what the contribution is for or about;
        it is the contribution only when it is new there and not the short form of a term
        the field already writes."""
        if not self.past_complement(lo, c.start):
            return False
        if self.first_seen[c.text] < s0:
            return True
        # "the Linear SEParability (LSEP) of ...": a long form in capitals is a coined name
        return (
            c.extractor == "definition" and bool(c.long_form) and not _all_capitalised(c.long_form)
            and self.vocab.phrase_df.get(norm_key(c.long_form), 0) >= TERM_MIN_DF
        )

    def definitions_in(self, lo: int, hi: int) -> list[Candidate]:
        """The definitions starting in [lo, hi), by start."""
        return [c for c in self.named_in(lo, hi) if c.extractor == "definition"]

    def text_of(self, end: int) -> str:
        """The 60 characters from `end`: the words that may say what a name there is."""
        return self.text[end : end + 60]


def _doc_context(doc: Doc, vocab: Vocabulary, families: tuple[str, ...]) -> _DocContext:
    """The doc's candidates sorted and indexed once, for every pass of kg_contributions."""
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
    first_seen: dict[str, int] = {}
    for c in named:
        first_seen.setdefault(c.text, c.start)
    sents = sentences(doc)
    return _DocContext(
        full_text, store, sents, [s0 for s0, _s1, _t in sents], named, named_starts, phrases, phrase_starts,
        definitions, {}, first_seen, vocab, families,
    )


def _first_from(cands: list[Candidate], starts: list[int], lo: int, hi: int) -> Candidate | None:
    """The longest of the candidates starting first in [lo, hi), or None: one bisection."""
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


def _mark_announced(ctx: _DocContext) -> None:
    """Marks what each clause announcing a contribution introduces: the marks the later passes go by."""
    for k, (s0, _end, sent_text) in enumerate(ctx.sents):
        for contrib in find_contributions(sent_text, first=k == 0):
            _mark_clause(ctx, s0, sent_text, contrib)


def _mark_clause(ctx: _DocContext, s0: int, sent_text: str, contrib: Contribution) -> None:
    """Marks a clause's pick (unless unnamed) and the names announced with it, typed as the clause says."""
    lo = s0 + contrib.start
    quoted = quoted_term(sent_text, contrib.start)
    found = _pick_of(ctx, s0, sent_text, contrib, quoted)
    if found is None:
        return
    pick, direct_pick = found
    full_text = ctx.text
    if pick.extractor == "names" and (lead := _CAPITALISED_LEAD.search(full_text, lo, pick.start)) is not None and (
        lead.group(1).lower() not in _DESCRIBING
        and lexicon().get(lead.group(1).lower()) in ("ADJ", "NOUN", "PROPN")  # not "While DPIR ..."
    ):
        # "we present Parallel CFR, the first ...", "a unified Hybrid QUBO framework": the
        # capitalised word before the name is part of the paper's name for it
        pick = _at_span(ctx.store, lead.start(1), pick.end, full_text[lead.start(1) : pick.end])
    # "a scalable and adaptable framework": an unnamed contribution, not a concept; names
    # later in the announcement may still be ("a pipeline ..., resulting in MedFabric")
    unnamed = (
        not quoted
        # "we refer to this as the self-undermining property": named in so many words
        and pick.start != s0 + contrib.called_at
        and pick.extractor not in ("names", "definition")
        and pick.text.islower()  # "the Right-to-Act protocol" is named
        and (
            _head_key(pick.text) in GENERIC_HEADS
            # "we establish a formal link", "we design a decoupled thinking trace": a
            # phrase after "a" describes one instance and names no new concept ("we
            # introduce derivation graphs, which ..." does)
            or (pick.text not in ctx.definitions and _INDEFINITE.match(full_text, lo) is not None)
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
        picks += _conjuncts(ctx.store, full_text, pick, s0, ctx.first_seen, ctx.families)
    if contrib.named_only:  # a weaker cue names one thing ("X is a corpus for OCR and DU")
        for chosen in picks:
            ctx.propose(chosen, ctype, _appositive_type(full_text, chosen.end))
        return
    _add_announced_with(ctx, s0, sent_text, contrib, pick, picks)
    for chosen in picks:
        ctx.propose(
            chosen, ctype if chosen is pick else contrib.type, _appositive_type(full_text, chosen.end)
        )


def _pick_of(
    ctx: _DocContext, s0: int, sent_text: str, contrib: Contribution, quoted: tuple[int, int] | None
) -> tuple[Candidate, bool] | None:
    """The clause's pick and whether it is the verb's object (then typed by the words by it); None: skip it."""
    lo, hi = s0 + contrib.start, s0 + contrib.end
    pick, direct_pick = _named_object(ctx, s0, sent_text, contrib, quoted)
    if pick is None and contrib.called_at >= 0:
        pick = _called_name(ctx, s0 + contrib.called_at)
    if pick is None:
        pick = ctx.first_new(lo, hi, s0)
        glued = _GLUED_MODIFIER.match(ctx.text, pick.end) if pick is not None else None
        if glued is not None and _OBJECT_START.fullmatch(ctx.text, lo, pick.start):
            # "we introduce SEG-aware logit calibration": the name only modifies the
            # term the paper introduces, which is the whole phrase; "an FP8-based
            # training recipe" introduces neither FP8 nor a named term
            pick = _glued_term(ctx, pick, glued)
            if pick is None:
                return None
    # unnamed: "we introduce derivation graphs, which ..."; but "we propose an RL
    # framework for idea generation" names a known concept and no new one: nothing
    if pick is None and not contrib.named_only:
        pick = _unnamed_pick(ctx, lo, hi)
    if pick is None:
        return None
    return pick, direct_pick


def _named_object(
    ctx: _DocContext, s0: int, sent_text: str, contrib: Contribution, quoted: tuple[int, int] | None
) -> tuple[Candidate | None, bool]:
    """The clause's name (the verb's object, after a kind word, quoted, title case); if the verb's object."""
    store = ctx.store
    pick = None
    direct_pick = False
    direct = _DIRECT_NAME.match(sent_text, contrib.start)
    # "we introduce Cosmos 3, a family of world models": the release number is the name's, not its shape
    base = _SPACED_RELEASE_AT_END.sub("", direct.group(1)) if direct else ""
    if direct and not quoted and (
        _name_shaped(base)
        # "we introduce Mouse, a specialized benchmark": a capitalised word the
        # appositive says is a benchmark, model, ... is a name, however plain
        or (base.isalpha() and base[0].isupper() and direct.start(1) > 0
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
        return pick, direct_pick
    if quoted:
        return _quoted_candidate(store, s0 + quoted[0], s0 + quoted[1], sent_text[quoted[0] : quoted[1]]), False
    run = title_run(sent_text, contrib.start)
    if run:
        pick = _run_candidate(
            store, s0 + run[0], s0 + run[1], sent_text[run[0] : run[1]],
            described=_DESCRIBED.match(sent_text, run[1]) is not None,
        )
    return pick, False


def _called_name(ctx: _DocContext, at: int) -> Candidate | None:
    """The name after "called", "referred to as" at `at`, unless one the field knows well."""
    pick = ctx.first_named(at, at + 4)
    if pick is not None and _well_known(pick, ctx.vocab):
        # "a scheme referred to as Chain-of-Thought (CoT)" is not new, nor is a piece of it
        # ("we define this phenomenon as Mode Collapse" brings no "Mode")
        return None
    token = _TOKEN.match(ctx.text, at)
    if pick is None and token and (_name_shaped(token.group(1)) or token.group(1)[0].isupper()):
        # "a process reward model called Web-Shepherd": whatever follows "called" is the name
        pick = _span_candidate(ctx.store, at + token.start(1) - at, token.end(1), token.group(1))
    if pick is None and not any(at <= c.start < at + 4 for c in ctx.store):
        pick = _coined_term(ctx, at)
    return pick


# "a failure mode we term output stalling:", 'a phenomenon we call "pigeonholing."': a term in
# lower case, up to four words, that ends where the clause does
_COINED_TERM = re.compile(
    r"\s*[\"“‘']?([a-z][a-z0-9]*(?:-[a-z0-9]+)*(?:\s+[a-z][a-z0-9]*(?:-[a-z0-9]+)*){0,3}?)"
    r"(?=[\"”’']?\s*(?:[,;:.)(]|$)|\s+(?:and|or|to|for|which|that|where|in|on|with|by|of|because|when|whereby|as)\s)"
)
_NOT_A_TERM_START = frozenset(
    "a an the this these that those it them its our their his her such referred called termed named dubbed denoted known".split()
)
# the naming word right before the term; group 1: a word saying the name is in common use
_NAMING_WORD_BEFORE = re.compile(
    r"(?:\b(often|commonly|usually|also|generally|typically|widely|sometimes|frequently|traditionally)\s+)?"
    rf"\b(?:{NAMING_VERBS}|coined|denoted?|as)\s+(?:the\s+)?[\"“‘']?$",
    re.I,
)
_PUNCTUATION_NEXT = re.compile(r"[\"”’']?\s*[,;:.)(]")


def _coined_term(ctx: _DocContext, at: int) -> Candidate | None:
    """The lower-case term a naming verb gives ("we term output stalling"), which no extractor
    found: the words are the paper's coinage, too rare for the term and phrase finders."""
    m = _COINED_TERM.match(ctx.text, at)
    if m is None or m.group(1).startswith("entit"):
        return None
    naming = _NAMING_WORD_BEFORE.search(ctx.text, max(0, m.start(1) - 40), m.start(1))
    if naming is None or naming.group(1) is not None:
        return None  # "we herein address ...": no naming word; "often termed polyphones": the field's word
    words = m.group(1).split()
    if words[0] in _NOT_A_TERM_START or is_generic_phrase(words) or ctx.vocab.lookup(m.group(1)) is not None:
        return None
    if len(words) == 1 and not _PUNCTUATION_NEXT.match(ctx.text, m.end(1)):
        return None  # "a new concept named partitioning with explanations": where the name ends is unclear
    return _quoted_candidate(ctx.store, m.start(1), m.end(1), m.group(1))


def _glued_term(ctx: _DocContext, pick: Candidate, glued: re.Match[str]) -> Candidate | None:
    """The term a name made a modifier belongs to, which the clause introduces; None: it introduces none."""
    term = ctx.first_phrase(glued.end(), glued.end() + 1)
    named_term = ctx.first_named(glued.end(), glued.end() + 1)
    if named_term is not None:
        return named_term  # "kNN-based Latent Space Broadening (LSB)"
    if term is None or _head_key(term.text) in _UNNAMED_HEADS or _modifies_kind_word(ctx.text, term.end):
        return None
    return _at_span(ctx.store, pick.start, term.end, ctx.text[pick.start : term.end], "phrases", term.score)


def _unnamed_pick(ctx: _DocContext, lo: int, hi: int) -> Candidate | None:
    """The phrase a clause with no name introduces; None for a complement, known concept or modifier."""
    full_text, vocab = ctx.text, ctx.vocab
    pick = ctx.first_phrase(lo, hi)
    if pick is not None and ctx.past_complement(lo, pick.start):
        pick = None  # "a dataset created with LLM assistance": not what is introduced
    name = ctx.first_named(lo, hi)
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
    return pick


def _add_announced_with(
    ctx: _DocContext, s0: int, sent_text: str, contrib: Contribution, pick: Candidate, picks: list[Candidate]
) -> None:
    """Adds to `picks` the further coined names the announcement brings with its pick: the paper's own too."""
    # further coined names in the same announcement: "... X, with two modules, A and B"
    # (the list may sit inside the clause: "three techniques: A, (ii) B, and (iii) C")
    # "to", "for" and "in" end them too ("a framework (X) to improve KOA grading",
    # "a dataset for gastrointestinal (GI) endoscopy"), unless the sentence
    # enumerates: "(i) A to ensure ..., (ii) B"
    cues = _REUSE_CUE if _ENUMERATED.search(sent_text) else _REUSE_OR_PURPOSE
    _add_coined_after(ctx, s0, sent_text, contrib, pick, picks, cues)
    if cues is _REUSE_CUE:
        _add_item_heads(ctx, s0, sent_text, pick, picks)


def _add_coined_after(
    ctx: _DocContext, s0: int, sent_text: str, contrib: Contribution, pick: Candidate, picks: list[Candidate],
    cues: re.Pattern[str],
) -> None:
    """Adds to `picks` the coined names new in the sentence between the pick and the first of `cues`."""
    full_text, store, first_seen, families = ctx.text, ctx.store, ctx.first_seen, ctx.families
    stop = cues.search(sent_text, min(contrib.end, pick.end - s0))
    stop_at = s0 + stop.start() if stop else s0 + len(sent_text)
    window = ctx.named_in(pick.end, stop_at)
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
            c is not pick and _coined(c, families) and first_seen[c.text] >= s0 and not ctx.inside_phrase(c)
            and c.text not in pick.text.split("-")  # "KOA" after "CLIP-KOA" is its domain
            and full_text[c.end : c.end + 2] not in ("'s", "’s")  # "Kronecker's product"
            and not _MODIFIER_AFTER.match(full_text, c.end)  # "a U-Net-based network"
        ):
            # "i) the LESS Attention Block that ...": in an enumeration, the capitalised run the name starts
            run = title_run(full_text, c.start) if cues is _REUSE_CUE else None
            if run and run[1] > c.end:
                c = _at_span(store, c.start, run[1], full_text[c.start : run[1]])
            picks.append(c)


def _add_item_heads(ctx: _DocContext, s0: int, sent_text: str, pick: Candidate, picks: list[Candidate]) -> None:
    """Adds to `picks` the new title-case runs heading enumerated items after the pick: parts of it."""
    full_text, first_seen = ctx.text, ctx.first_seen
    # "a framework: (1) Rubric Evaluation, which utilizes LLMs ...; and (2) Canonical
    # Alignment Evaluation to ...": each item of the enumeration heads a part, even
    # past a cue, until the sentence turns to what the work is compared or run on
    rel = max(0, pick.end - s0)
    turn = _EVALUATED.search(sent_text, rel)
    for item in _ITEM_HEAD.finditer(sent_text, rel, turn.start() if turn else len(sent_text)):
        run = title_run(full_text, s0 + item.end())
        if run is None:
            continue
        c = _at_span(ctx.store, run[0], run[1], full_text[run[0] : run[1]])
        if c not in picks and not (c.known or c.vocab_key) and first_seen.get(c.text, c.start) >= s0:
            picks.append(c)


# the verb's object, one name-like token (with a release number written apart: "Cosmos 3"), then
# ", a ..." or "(": "we present Seed1.5-VL, a ..."
_DIRECT_NAME = re.compile(
    r"\s*([A-Za-z\u0391-\u03c9][^\s,;:()\[\]\"]{1,39}?(?:\s[1-9](?:\.\d{1,2})?)?)"
    r"(?:,\s*(?!and\b|or\b|as\s+well\b|respectively\b)[a-z]|\s+\((?!\s*(?:e\.g|i\.e|see)\b)|\s+(?:which|that)\b|[.;]\s|[.;]?$)"
)
_SPACED_RELEASE_AT_END = re.compile(r"\s[1-9](?:\.\d{1,2})?$")
_APPOSITIVE_NP = re.compile(r",\s*(?:a|an|the|our)\s+((?:[\w-]+\s+){0,5}?[\w-]+?)(?=\s*(?:[,;:.()]|\s(?:that|which|for|of|to|with|in|on|designed|built|based|trained|capable|where|whose|by|across|from|via|and)\b))")
# "Orion, a novel and efficient reasoning framework that ...": "and" joining the describing words
_APPOSITIVE_COORDINATED = re.compile(
    r",\s*(?:a|an|the|our)\s+((?:[\w-]+\s+){0,7}?[\w-]+?)(?=\s*(?:[,;:.()]|\s(?:that|which|for|of|to|with|in|on|"
    r"designed|built|based|trained|capable|where|whose|by|across|from|via)\b))"
)
_DESCRIBED = re.compile(r",\s*(?:a|an)\s")  # "X, a ...": the text says what X is
_SPELLED_OUT = re.compile(r"\s*\((?=[^()]*\s)[^()]{3,120}\)")  # two words or more
_INDEFINITE = re.compile(r"\s*(?:a|an|the\s+first|one)\s", re.I)
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
# a count right before a name: what the study counts ("5,400 API calls", "12 GPUs"), not what it brings
_COUNT_BEFORE = re.compile(r"(?<![\w.-])\d(?:[\d.]|,(?=\d))*\s+$")
_KIND_THEN_NAME = re.compile(
    r"\b(?:method|framework|model|benchmark|dataset|approach|algorithm|system|agent|pipeline|architecture|"
    r"technique|paradigm|toolkit|library|strategy|suite|corpus)(?:\s+|,\s*)([A-Za-z][\w.+-]*[\w+])(?=\s*[,.;:(]|\s+(?:that|which|to|for|with)\b)"
)
_TOKEN = re.compile(r"\s*([A-Za-z][\w.+-]*[\w+])")
# "SEG-aware logit calibration", "our IRB-approved evaluation": a name made a modifier (not
# "ULTRAEDITBENCH-the largest dataset")
_GLUED_MODIFIER = re.compile(r"-(?!(?:the|a|an|and|or|which|that)\s)[a-z]{3,}\s+")
# a capitalised English word right before a name, after the clause's verb (and article)
_CAPITALISED_LEAD = re.compile(r"(?:^|(?<=\s))([A-Z][a-z]{2,})\s$")
# words that only describe what a paper introduces: "a novel", "our Unified MoE"
_DESCRIBING_WORDS = ("novel", "new", "enhanced", "simple", "general", "unified", "principled")
_DESCRIBING = frozenset((*_DESCRIBING_WORDS, "the", "our", "this"))
_OBJECT_START = re.compile(rf"\s*(?:(?:a|an|the|our)\s+)?(?:(?:{'|'.join(_DESCRIBING_WORDS)})\s+)?")
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
