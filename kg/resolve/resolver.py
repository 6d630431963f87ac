"""Resolution: surface forms from many papers become one concept node each.

Corpus-level, because a short form defined in one paper ("Group Relative Policy
Optimization (GRPO)") resolves papers that only write "GRPO". Conflicting definitions
of one acronym stay separate concepts: each paper uses its own definition, papers that
define nothing use the corpus's most frequent one.
"""

from __future__ import annotations

import collections
import functools
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from kg.extract.generic import GENERIC_HEADS
from kg.extract.names import family_of
from kg.extract.vocabulary import TERM_MIN_DF, Vocabulary, is_acronym
from kg.models import CONCEPT_TYPES, ROLES, Concept, ConceptLink, Mention, Paper
from kg.resolve.families import model_lineage, variant_base, version_base
from kg.resolve.normalize import norm_key, singular_surface, slug
from kg.resolve.ranking import Evidence, LinkRanker
from kg.resolve.review import MergeRules

_ROLE_RANK = {r: i for i, r in enumerate(ROLES)}
_TYPE_RANK = {t: i for i, t in enumerate(CONCEPT_TYPES)}
MAX_CONCEPTS_PER_PAPER = 15
MINED_TERM_MIN_DF = 8
PHRASE_MIN_DF = TERM_MIN_DF
# ... and above this many, a phrase the paper writes once is a stock collocation ("computational
# costs", "model sizes") far more often than one of the paper's concepts
PHRASE_STOCK_DF = 100


@dataclass
class PaperLink:
    """The strongest evidence that one paper relates to one concept."""

    paper_id: str
    concept_id: str
    role: str
    mention: Mention
    score: float


@dataclass
class Resolution:
    concepts: dict[str, Concept] = field(default_factory=dict)
    links: list[PaperLink] = field(default_factory=list)
    concept_links: list[ConceptLink] = field(default_factory=list)
    merges: list[dict] = field(default_factory=list)  # for the merge review file


def _count(counts: dict, item, weight: float = 1) -> None:
    counts[item] = counts.get(item, 0) + weight


@functools.lru_cache(maxsize=1 << 18)
def concept_id(key: str) -> str:
    return "concept:" + slug(key)


class Resolver:
    def __init__(
        self,
        vocab: Vocabulary,
        max_per_paper: int = MAX_CONCEPTS_PER_PAPER,
        rules: MergeRules | None = None,
        ranker: LinkRanker | None = None,
    ):
        self.vocab = vocab
        self.ranker = ranker or LinkRanker.load()
        self.max_per_paper = max_per_paper
        self.rules = rules or MergeRules()
        self._canon: dict[str, str] = {}

    # -- keys -----------------------------------------------------------------
    def canon(self, text: str) -> str:
        """Key of a long form or phrase, through the vocabulary's aliases."""
        key = self._canon.get(text)
        if key is None:
            key = self._canon[text] = self._canon_uncached(text)
        return key

    def _canon_uncached(self, text: str) -> str:
        raw = norm_key(text)
        if raw in self.rules.merge:
            return self.rules.target(raw)
        entry = self.vocab.lookup(text)
        key = entry.key if entry else raw
        return self.rules.target(key)

    def _short(self, text: str) -> str:
        return singular_surface(text)

    def resolve(self, papers: Iterable[tuple[Paper, list[Mention]]]) -> Resolution:
        papers = list(papers)
        # 1. definitions, per paper and corpus-wide
        per_paper: dict[str, dict[str, str]] = {}
        corpus: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
        for paper, mentions in papers:
            defs = {}
            for m in mentions:
                if m.extractor == "definition" and m.long_form and m.text != m.long_form:
                    long_key = self.canon(m.long_form)
                    defs[self._short(m.text)] = long_key
            per_paper[paper.id] = defs
            for short, long_key in defs.items():
                corpus[short][long_key] += 1
        majority = {s: sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))[0][0] for s, c in corpus.items()}

        # 2. a key for every mention
        # plain dicts of counts: a Counter per key costs more than the counting itself
        surfaces: dict[str, dict[str, int]] = collections.defaultdict(dict)
        types: dict[str, dict[str, float]] = collections.defaultdict(dict)
        short_forms: dict[str, dict[str, int]] = collections.defaultdict(dict)
        long_forms: dict[str, dict[str, int]] = collections.defaultdict(dict)
        keyed: list[tuple[Paper, list[tuple[str, Mention]]]] = []
        for paper, mentions in papers:
            out = []
            defs = per_paper[paper.id]
            for m in mentions:
                key = self.key_for(m, defs, majority)
                if not key:
                    continue
                out.append((key, m))
                _count(surfaces[key], m.text)
                if m.type:
                    weight = 3.0 if m.role == "PROPOSES" else (2.0 if m.vocab_key else 1.0)
                    _count(types[key], m.type, weight)
                if m.extractor == "definition":
                    if m.text == m.long_form:
                        _count(long_forms[key], m.text)
                    else:
                        _count(short_forms[key], self._short(m.text))
                elif is_acronym(m.text) and key != norm_key(m.text):
                    _count(short_forms[key], self._short(m.text))
            keyed.append((paper, out))

        # weak evidence needs corroboration: measured on judged abstracts, a ranker alone let in
        # too many one-off phrases ("persistent issues", "framework mirrors")
        term_papers: dict[str, set] = collections.defaultdict(set)
        for paper, out in keyed:
            for key, _m in out:
                term_papers[key].add(paper.id)
        filtered = []
        for paper, out in keyed:
            per = collections.Counter(k for k, _ in out)
            title = f" {norm_key(paper.title)} " if paper.title and not paper.title_is_derived else ""
            filtered.append(
                (paper, [(k, m) for k, m in out if self._corroborated(k, m, per[k], len(term_papers[k]), title)])
            )
        keyed = filtered

        res = Resolution()
        # 3. paper -> concept links: strongest role, best evidence; the ranker orders them under the cap
        used: set[str] = set()
        for _paper, candidates in self.candidates(keyed):
            scored = [(lk, self.ranker.probability(ev) + (1.0 if lk.role == "PROPOSES" else 0.0)) for lk, ev in candidates]
            # contributions first, then the likeliest key concepts
            scored.sort(key=lambda c: (-c[1], c[0].mention.start, c[0].concept_id))
            keep = [lk for lk, p in scored[: self.max_per_paper] if p >= self.ranker.threshold]
            keep.sort(key=lambda lk: lk.concept_id)
            res.links.extend(keep)
            used.update(lk.concept_id for lk in keep)

        # 4. concept nodes
        key_of_id = {}
        for key in surfaces:
            key_of_id[concept_id(key)] = key
        for cid in sorted(used):
            key = key_of_id[cid]
            res.concepts[cid] = self._concept(
                cid, key, surfaces[key], types.get(key, {}), short_forms.get(key, {}), long_forms.get(key, {})
            )

        # 5. lineage and vocabulary parents
        self._lineage(res)
        self._link_contained_parents(res)
        return res

    def _link_contained_parents(self, res: Resolution) -> None:
        """A paper that writes "DG-GRPO" or "KV cache compression" mentions GRPO and KV cache too."""
        parents: dict[str, list[str]] = collections.defaultdict(list)
        for cl in res.concept_links:
            child, parent = res.concepts[cl.source], res.concepts[cl.target]
            if cl.type in ("VARIANT_OF", "IS_A") and cl.evidence != "model name":
                forms = {norm_key(f) for f in (parent.name, *parent.aliases) if f}
                child_key = f" {norm_key(child.name)} ".replace("-", " ")
                child_forms = [f" {norm_key(f)} " for f in (child.name, *child.aliases)]
                if any(f" {f} " in cf for f in forms for cf in [child_key, *child_forms]):
                    parents[cl.source].append(cl.target)
        have = {(lk.paper_id, lk.concept_id) for lk in res.links}
        extra = []
        for lk in res.links:
            for parent in parents.get(lk.concept_id, ()):
                if (lk.paper_id, parent) not in have:
                    have.add((lk.paper_id, parent))
                    extra.append(PaperLink(lk.paper_id, parent, "MENTIONS", replace(lk.mention, extractor="contained"), round(lk.score * 0.8, 3)))
        res.links.extend(extra)

    def _corroborated(self, key: str, m: Mention, in_paper: int, in_corpus: int, title: str) -> bool:
        """Weak evidence (mined terms, lexicon phrases) needs support to become a link."""
        if m.extractor not in ("terms", "phrases") or m.role == "PROPOSES":
            return True
        if m.extractor == "terms":
            entry = self.vocab.entries.get(m.vocab_key)
            if entry is not None and entry.df >= MINED_TERM_MIN_DF:
                return True  # the field uses it often: the mining corpus is the corroboration
        if in_paper >= 2 or in_corpus >= 2:
            return True
        # other papers of the field use it: an established term, unless its head is generic
        # ("action space" and "key insight" alike): those need the paper's own support
        if key.rsplit(" ", 1)[-1] not in GENERIC_HEADS and (
            PHRASE_MIN_DF <= self.vocab.phrase_df.get(norm_key(m.text), 0) < PHRASE_STOCK_DF
        ):
            return True
        if title and f" {key} " in title:
            return True  # the paper's own title names it
        # a phrase headed by a method or task word ("behavior cloning" is not, "policy distillation" is)
        return m.type in ("Method", "Task") and " " in key

    def candidates(self, keyed) -> Iterable[tuple[Paper, list[tuple[PaperLink, Evidence]]]]:
        """Each paper's candidate links (one per concept, its strongest mention) and their evidence."""
        phrase_df = self.vocab.phrase_df
        for paper, out in keyed:
            title = f" {norm_key(paper.title)} " if paper.title and not paper.title_is_derived else ""
            size = max(1, len(paper.abstract))
            best: dict[str, PaperLink] = {}
            evidence: dict[str, Evidence] = {}
            for key, m in out:
                cid = concept_id(key)
                cur = best.get(cid)
                if cur is None or (_ROLE_RANK[m.role], -m.score, m.start) < (_ROLE_RANK[cur.role], -cur.score, cur.mention.start):
                    best[cid] = PaperLink(paper.id, cid, m.role, m, m.score)
                ev = evidence.get(cid)
                if ev is None:
                    entry = self.vocab.entries.get(key)
                    ev = evidence[cid] = Evidence(
                        role=m.role, extractor=m.extractor, type=m.type, score=m.score, first=m.start / size,
                        curated=bool(entry and entry.curated), words=len(key.split()),
                        generic_head=key.rsplit(" ", 1)[-1] in GENERIC_HEADS,
                    )
                ev.uses += 1
                ev.extractors.add(m.extractor)
                if m.start / size < ev.first:
                    ev.first = m.start / size
                if m.vocab_key:
                    ev.in_vocabulary = True
                text_key = norm_key(m.text)
                df = phrase_df.get(text_key, 0)
                if df > ev.field_df:
                    ev.field_df = df
                if title and not ev.in_title:
                    ev.in_title = f" {key} " in title or f" {text_key} " in title
            scored = []
            for cid, link in best.items():
                ev = evidence[cid]
                m = link.mention
                ev.role, ev.extractor, ev.type, ev.score, ev.acronym = link.role, m.extractor, m.type, m.score, is_acronym(m.text)
                link.score = round(min(1.0, link.score + 0.05 * (ev.uses - 1)), 3)
                scored.append((link, ev))
            yield paper, scored

    def key_for(self, m: Mention, defs: dict[str, str], majority: dict[str, str]) -> str:
        if self.rules.split:
            raw = norm_key(m.text)
            if raw in self.rules.split:
                return raw  # the user keeps this form out of every alias and acronym merge
        if m.vocab_key:
            return self.rules.target(m.vocab_key)
        if m.long_form:
            return self.canon(m.long_form)
        if is_acronym(m.text):
            short = self._short(m.text)
            if short in defs:
                return defs[short]
            if short in majority:
                return majority[short]
            vkey = self.vocab.acronyms.get(m.text) or self.vocab.acronyms.get(short)
            if vkey:
                return self.rules.target(vkey)
        return self.canon(m.text)

    def _concept(self, cid, key, surf, types, shorts, longs) -> Concept:
        entry = self.vocab.entries.get(key)
        if entry and entry.curated:
            # the short form readers search for ("GRPO", "CoT") when the corpus uses one
            used_short = [a for a in entry.aliases if is_acronym(a) and (a in shorts or a in surf)]
            name = used_short[0] if used_short else entry.name
            ctype = entry.type
        else:
            if shorts:
                name = sorted(shorts.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
            else:
                name = sorted(surf.items(), key=lambda kv: (-kv[1], len(kv[0]), kv[0]))[0][0]
            if types:
                ctype = sorted(types.items(), key=lambda kv: (-kv[1], _TYPE_RANK.get(kv[0], 99)))[0][0]
            else:
                ctype = entry.type if entry else "Concept"
        definition = ""
        if longs:
            definition = sorted(longs.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
        elif entry and entry.curated and name != entry.name:
            definition = entry.name
        aliases = set(surf) | set(shorts) | set(longs)  # forms seen in this corpus only
        aliases.discard(name)
        return Concept(cid, name, ctype, tuple(sorted(aliases)), definition)

    def _lineage(self, res: Resolution) -> None:
        short_index: dict[str, str] = {}
        for cid, c in res.concepts.items():
            for form in (c.name, *c.aliases):
                if is_acronym(form) and c.type in ("Method", "Concept", "Framework"):
                    short_index.setdefault(form, cid)
        links: dict[tuple[str, str], ConceptLink] = {}
        for cid in sorted(list(res.concepts)):
            c = res.concepts[cid]
            if c.type == "Model":
                fam = family_of(c.name, self.vocab.families)
                chain = model_lineage(c.name, fam)
                for child, parent in zip(chain, chain[1:]):
                    child_id, parent_id = concept_id(self.canon(child)), concept_id(self.canon(parent))
                    if parent_id not in res.concepts:
                        res.concepts[parent_id] = Concept(parent_id, parent, "Model")
                    if child_id in res.concepts and child_id != parent_id:
                        links[(child_id, parent_id)] = ConceptLink(child_id, parent_id, "VARIANT_OF", "model name")
            base = variant_base(c.name, short_index)
            if base and base != cid:
                links[(cid, base)] = ConceptLink(cid, base, "VARIANT_OF", "compound name")
            versioned = version_base(c.name)
            if versioned and c.type != "Model":
                base_id = concept_id(self.canon(versioned))
                base_c = res.concepts.get(base_id)
                if base_c is not None and base_id != cid:
                    links[(cid, base_id)] = ConceptLink(cid, base_id, "VARIANT_OF", "versioned name")
                    if c.type == "Concept":
                        res.concepts[cid] = replace(c, type=base_c.type)
            entry = self.vocab.entries.get(self.canon(c.name))
            if entry and entry.parent:
                parent_id = concept_id(entry.parent)
                if parent_id in res.concepts and parent_id != cid:
                    links.setdefault((cid, parent_id), ConceptLink(cid, parent_id, "IS_A", "vocabulary"))
        res.concept_links = [links[k] for k in sorted(links)]
