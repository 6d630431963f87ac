"""Resolution: surface forms from many papers become one concept node each.

Corpus-level, because a short form defined in one paper ("Group Relative Policy
Optimization (GRPO)") resolves papers that only write "GRPO". Conflicting definitions
of one acronym stay separate concepts: each paper uses its own definition, papers that
define nothing use the corpus's most frequent one.
"""

from __future__ import annotations

import collections
import functools
import itertools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace

import numpy as np

from kg.extract.contributions import announces_before
from kg.extract.generic import GENERIC_HEADS
from kg.extract.names import family_of
from kg.extract.phrases import KIND_HEADS, KIND_OF_TERM_SCORE, modifier_shares
from kg.extract.typing_rules import type_from_head
from kg.extract.vocabulary import TERM_MIN_DF, Vocabulary, is_acronym, is_curated
from kg.models import CONCEPT_TYPES, ROLES, WEAK_EXTRACTORS, Concept, ConceptLink, Mention, Paper
from kg.resolve.families import model_lineage, variant_base, version_base
from kg.resolve.normalize import (
    FUNCTION_WORDS,
    content_words,
    drop_point_zero,
    norm_key,
    singular_surface,
    slug,
    spelling_key,
    unglue,
)
from kg.resolve.ownership import OwnershipReader, PaperFacts, own_features, reads
from kg.resolve.ranking import BATCH, Evidence, LinkRanker, WordFacts, word_facts
from kg.resolve.review import MergeRules
from kg.resolve.typer import Seen, TypeReader, type_features

_ROLE_RANK = {r: i for i, r in enumerate(ROLES)}
_TYPE_RANK = {t: i for i, t in enumerate(CONCEPT_TYPES)}
# a paper's links at most, contributions first. 18 since session 39, with the ranker's bars on
# probabilities read beside the rest of the paper (tools/train_ranker.py): as many links a paper
# as 17 gave before, since the bars now cut more where a paper's candidates promise many
MAX_CONCEPTS_PER_PAPER = 18
SHARED_BONUS = 0.02  # ranking bonus of a curated concept that two or more papers of the build name
MINED_TERM_MIN_DF = 8
PHRASE_MIN_DF = TERM_MIN_DF
# generic heads that name a part or kind of a model when the field writes the phrase often:
# "search space", "fusion modules", "selection mechanism", "projection layer" (not "key modules",
# which the field never writes); datasets and benchmarks stay out ("curated datasets")
_PART_HEADS = frozenset("layer module mechanism architecture algorithm space".split())
PART_HEAD_MIN_DF = 20


@dataclass(slots=True)
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
    merges: list[dict] = field(default_factory=list)  # keys merged by corpus-level steps: key, into, reason, forms


@functools.lru_cache(maxsize=1 << 18)
def concept_id(key: str) -> str:
    return "concept:" + slug(key)


# pure functions of one surface form, called for every mention: computed once per distinct form
_acronym = functools.lru_cache(maxsize=1 << 18)(is_acronym)
_short_form = functools.lru_cache(maxsize=1 << 18)(singular_surface)

_KIND_HEADS = KIND_HEADS | {"benchmark", "dataset"}
_DIGIT = re.compile(r"\d")


def _stems(key: str) -> frozenset[str]:
    return frozenset(w[:5] for w in content_words(unglue(key)))


def _same_expansion(paper_long: str, known_long: str) -> bool:
    """Whether a paper's expansion of a curated short form says the known one: the same content
    words up to their endings ("retrieve-augmented generation" for RAG, "low-rank adapter" for
    LoRA), or all but one of them, the reader having cut the first ("entity recognition (NER)",
    "language language model (LLM)"). "Region adjacency graph (RAG)" is another concept."""
    paper, known = _stems(paper_long), _stems(known_long)
    return paper == known or (len(paper) >= 2 and paper < known and len(known) - len(paper) == 1)


def _title_key(paper: Paper) -> str:
    """The paper's own title as " key ", for substring tests; "" when it has none of its own."""
    return f" {unglue(norm_key(paper.title))} " if paper.title and not paper.title_is_derived else ""


def _in_paper(rule: str | tuple[str, str], defs: dict[str, str]) -> str:
    """A mention's key from its `Resolver._key_rule`: an acronym takes its paper's own definition."""
    if rule.__class__ is str:
        return rule
    short, fallback = rule
    return defs[short] if short in defs else fallback


@dataclass
class _Tallies:
    """Per key: how often each surface form, type, short and long form was seen."""

    # plain dicts of counts: a Counter per key costs more than the counting itself
    surfaces: dict[str, dict[str, int]] = field(default_factory=lambda: collections.defaultdict(dict))
    types: dict[str, dict[str, float]] = field(default_factory=lambda: collections.defaultdict(dict))
    short_forms: dict[str, dict[str, int]] = field(default_factory=lambda: collections.defaultdict(dict))
    long_forms: dict[str, dict[str, int]] = field(default_factory=lambda: collections.defaultdict(dict))


class _Tails:
    """The shorter phrases a paper's keys end in, worked out only when a weak mention asks:
    "belief refinement" is used again inside "posterior-guided belief refinement"."""

    __slots__ = ("keys", "tails")

    def __init__(self, keys):
        self.keys, self.tails = keys, None

    def has(self, key: str) -> bool:
        if self.tails is None:
            self.tails = {" ".join(w[i:]) for w in (k.split() for k in self.keys if k.count(" ") >= 2) for i in range(1, len(w) - 1)}
        return key in self.tails


def _most_frequent(counts: dict[str, int]) -> str:
    """The most frequent form, the first in sort order on a tie."""
    return min(counts.items(), key=lambda kv: (-kv[1], kv[0]))[0]


def _most_written(keys, tallies: _Tallies, curated: set[str], field: dict | None = None) -> str:
    """The key a group of keys for one concept goes by: a vocabulary entry's, else the one the
    corpus writes most; on a tie the one the field writes (`field`), then the first in order."""
    surfaces = tallies.surfaces
    return min(keys, key=lambda k: (k not in curated, -sum(surfaces[k].values()), field is not None and k not in field, k))


def _merge_keys(tallies: _Tallies, target: dict[str, str], moved: dict[str, str], log: list, reason: str) -> None:
    """Move the tallies of every key in `target` to the key it maps to, and note the move in
    `moved` (composed with earlier moves) and in `log` with its reason; the mentions follow in
    one pass (`_moved_keys`)."""
    surfaces = tallies.surfaces
    log.extend(
        {"key": key, "into": best, "reason": reason, "forms": sorted(surfaces.get(key, ())), "into_forms": sorted(surfaces.get(best, ()))}
        for key, best in sorted(target.items())
    )
    for key, best in moved.items():
        moved[key] = target.get(best, best)
    moved.update(target)
    for key, best in sorted(target.items()):
        for table in (tallies.surfaces, tallies.types, tallies.short_forms, tallies.long_forms):
            if key in table:
                merged = table.setdefault(best, {})
                for form, n in table.pop(key).items():
                    merged[form] = merged.get(form, 0) + n


_INNER_CAPITAL = re.compile(r"[a-z][A-Z]")
_GLUED_CAPITAL = re.compile(r"[a-z]{2}[A-Z][a-z]")  # "StressTest", not "CoT", "LoRA" or "GenAI"


def _spelling_shape(surfaces) -> str:
    """"name" when some form has a capital inside a word ("ReEstimate"), "words" when every form
    is lower case ("re-estimates"), else ""."""
    if any(_INNER_CAPITAL.search(form) for form in surfaces):
        return "name"
    return "words" if all(form.islower() for form in surfaces) else ""


def _compact(form: str) -> str:
    """A surface form run together, case kept, a plural "s" dropped: "U-Nets" -> "UNet"."""
    form = drop_point_zero(form.replace(" ", "").replace("-", ""))
    return form[:-1] if form.endswith("s") and len(form) > 3 else form


def _glued_forms(surfaces) -> set[str]:
    """The run-together forms of the surfaces that glue capitalised words ("WebDataset")."""
    return {_compact(form) for form in surfaces if _GLUED_CAPITAL.search(form)}


def _same_glued_name(glued_a: set[str], glued_b: set[str], surfaces_a, surfaces_b) -> bool:
    """Whether two keys of one spelling group may merge as far as glued names go: when either
    writes a glued name, the other must write the same letters in the same case."""
    if not glued_a and not glued_b:
        return True
    return bool((glued_a | glued_b) & {_compact(f) for f in surfaces_a} & {_compact(f) for f in surfaces_b})


def _acronym_spells_out(key: str, shorts) -> bool:
    """Whether a short form of the key has a capital for each of its words ("ABM" for "agent based
    model")."""
    words = key.count(" ") + 1
    return any(sum(ch.isupper() for ch in short) == words for short in shorts)


def _moved_keys(keyed, moved: dict[str, str]):
    """Every paper's (key, mention) pairs with merged keys replaced by the keys they joined."""
    if not moved:
        return keyed
    return [(paper, [(moved.get(k, k), m) for k, m in out]) for paper, out in keyed]


# the field's own names: a paper about "generative AI" or "natural language inference" is not
# thereby about AI or natural language, so no link to them comes from containment alone
_FIELD_ROOTS = frozenset({"artificial intelligence", "machine learning", "natural language"})


class Resolver:
    def __init__(
        self,
        vocab: Vocabulary,
        max_per_paper: int = MAX_CONCEPTS_PER_PAPER,
        rules: MergeRules | None = None,
        ranker: LinkRanker | None = None,
        ownership: OwnershipReader | None | bool = True,
        typer: TypeReader | None | bool = True,
    ):
        self.vocab = vocab
        self.ranker = ranker or LinkRanker.load()
        # the second reading of a kept link's role (kg.resolve.ownership); False: the rules' roles alone
        self.ownership = OwnershipReader.load() if ownership is True else (ownership or None)
        # the second reading of a concept's type (kg.resolve.typer); False: its mentions' votes alone
        self.typer = TypeReader.load() if typer is True else (typer or None)
        self.max_per_paper = max_per_paper
        self.rules = rules or MergeRules()
        self._canon: dict[str, str] = {}
        self._key_facts: dict[str, tuple[str, bool, int, bool, WordFacts]] = {}
        self._text_df: dict[str, tuple[str, int]] = {}
        self._unsupported: set[int] = set()  # ids of this resolution's uncorroborated weak mentions
        self._long_keys: dict[tuple[str, str], str] = {}  # (short form, long form) -> key
        self._renamed_long_forms: dict[str, str] = {}  # a long form -> the short form's concept it names
        self._spellings: dict[str, str] = {}  # a spelling_key -> the key the corpus uses
        self._moved: dict[str, str] = {}  # a key merged into another -> that key
        self._merges: list[dict] = []  # the merges of keys, with their reasons, for Resolution.merges
        self._majority: dict[str, str] = {}  # a short form -> the key of its most frequent definition
        self._known: dict[str, dict] = {}  # the corpus's keys after the merges
        self._expansions: dict[str, str] | None = None  # a vocabulary short form, lower case -> its key
        self._curated_spelled: list[tuple[str, str]] | None = None  # (curated key, a form's spelling)
        self._capitals: dict[str, str] | None = None  # a mixed-case vocabulary short form in capitals -> its key
        self._vocab_shorts: dict[str, str] | None = None  # a curated method's short form ("GRPO") -> its key
        self._usual_expansion: dict[str, str] = {}  # a short form spelled out several ways -> the usual key
        # words the field also writes with "-free" ("model-free", "reference-free"): their
        # "-based" names a kind, not the plain compound
        self._contrasted = frozenset(k.split(" ", 1)[0] for k in vocab.phrase_df if k.count(" ") >= 2 and k.split(" ", 2)[1] == "free") | {
            w[: -len("-free")] for w in modifier_shares() if w.endswith("-free")
        }

    # -- keys -----------------------------------------------------------------
    def canon(self, text: str) -> str:
        """Key of a long form or phrase, through the vocabulary's aliases."""
        key = self._canon.get(text)
        if key is None:
            key = self._canon[text] = self._canon_uncached(text)
        return key

    def _canon_uncached(self, text: str) -> str:
        raw = unglue(norm_key(text))  # "pretrained models" is "pre-trained models"
        if raw in self.rules.merge:
            return self.rules.target(raw)
        entry = self.vocab.lookup(text)
        key = entry.key if entry else raw
        return self.rules.target(key)

    def long_key(self, short: str, long_form: str) -> str:
        """Key of a defined long form. "reinforcement learning with human feedback (RLHF)" is the
        vocabulary's RLHF although it says "with" for "from": a curated short form whose
        expansion has the same content words as the paper's is the same concept."""
        key = self._long_keys.get((short, long_form))
        if key is not None:
            return key
        key = self.canon(long_form)
        if not is_curated(self.vocab.entries.get(key)):
            if family_of(short, self.vocab.families) and self._usual_expansion.get(short, key) == key:
                # "Generative Pre-trained Transformer-2 (GPT-2)": a release of a known model
                # family is known by its name, whatever the paper spells out, unless the corpus
                # spells the name out otherwise more often
                key = self._renamed_long_forms[long_form] = self.canon(short)
            else:
                vkey = self.vocab.acronyms.get(short) or self.vocab.acronyms.get(self._short(short))
                known = self.vocab.entries.get(vkey) if vkey else None
                # "Llama2/3, Qwen2.5 (LLMs)": a list the reader took for the expansion is none
                if known is not None and (_same_expansion(key, norm_key(known.name)) or "," in long_form or "/" in long_form):
                    key = self._renamed_long_forms[long_form] = self.rules.target(vkey)
        self._long_keys[(short, long_form)] = key
        return key

    def _short(self, text: str) -> str:
        return _short_form(text)

    def resolve(self, papers: Iterable[tuple[Paper, list[Mention]]]) -> Resolution:
        papers = list(papers)
        self._spellings, self._moved, self._merges = {}, {}, []  # of this corpus only
        self._long_keys.clear()  # a long form's key may depend on how the corpus spells it out
        self._renamed_long_forms.clear()
        # 1. definitions, per paper and corpus-wide
        per_paper, majority = self._definitions(papers)
        self._majority = majority
        # 2. a key for every mention
        keyed, tallies = self._keyed(papers, per_paper, majority)
        # 3. one key per concept however the corpus spells, orders or expands it
        self._one_order_per_model(tallies)
        self._one_spelling_per_concept(tallies)
        self._one_expansion_per_short_form(tallies)
        self._long_forms_written_alone(tallies)
        keyed = _moved_keys(keyed, self._moved)
        self._known = tallies.surfaces  # the keys left after the merges
        keyed = self._corroborated_only(keyed)

        res = Resolution(merges=self._merges)
        # 4. paper -> concept links: strongest role, best evidence; the ranker orders them under the cap
        used: set[str] = set()
        last = self.ranker.rank_last
        threshold, unsupported_threshold = self.ranker.threshold, self.ranker.unsupported_threshold
        per_paper = self._scored_candidates(keyed)
        paper_of = [paper for paper, _out in keyed]
        del keyed  # every mention's key: what the candidates were built from, read no more
        self._unsupported = set()  # object ids: meaningless once this resolution's mentions are gone
        # a curated concept other papers of the build also name is what links papers: under the
        # cap it goes before a one-off phrase of about the same likelihood ("KV caches" against
        # a paper's sixth tagged phrase)
        sharing = collections.Counter(lk.concept_id for cands in per_paper for lk, _p, _u, curated in cands if curated)
        owned: list[tuple[PaperLink, list[float]]] = []
        for k, candidates in enumerate(per_paper):
            per_paper[k] = None  # each paper's candidates go once chosen from (memory at 32k abstracts)
            scored = []
            curated_ids = {lk.concept_id for lk, _p, _u, curated in candidates if curated}
            for lk, p, unsupported, curated in candidates:
                p += 1.0 if lk.role == "PROPOSES" else 0.0
                if unsupported and p < unsupported_threshold:
                    continue  # under its own bar it takes no place under the cap either
                order = p + (SHARED_BONUS if curated and sharing[lk.concept_id] >= 2 else 0.0)
                if lk.concept_id in last and lk.role != "PROPOSES":
                    order -= 1.0  # kept only where the paper has room left
                scored.append((lk, p, order))
            # contributions first, then the likeliest key concepts (the bonus orders, never admits)
            scored.sort(key=lambda c: (-c[2], c[0].mention.start, c[0].concept_id))
            keep = [lk for lk, p, _order in scored[: self.max_per_paper] if p >= threshold]
            if self.ownership is not None:
                # the links the rules did not make the paper's own, read again (a batch at a time)
                owned.extend(self.ownership_rows(paper_of[k], keep, curated_ids))
                if len(owned) >= BATCH:
                    self.read_ownership(owned)
                    owned = []
            keep.sort(key=lambda lk: lk.concept_id)
            res.links.extend(keep)
            used.update(lk.concept_id for lk in keep)
        if owned:
            self.read_ownership(owned)

        # 5. concept nodes
        key_of_id = {}
        for key in tallies.surfaces:
            key_of_id[concept_id(key)] = key
        for cid in sorted(used):
            key = key_of_id[cid]
            res.concepts[cid] = self._concept(
                cid,
                key,
                tallies.surfaces[key],
                tallies.types.get(key, {}),
                tallies.short_forms.get(key, {}),
                tallies.long_forms.get(key, {}),
            )

        if self.typer is not None:
            self._read_types(res, tallies, key_of_id)

        # 6. lineage and vocabulary parents
        self._lineage(res)
        self._link_contained_parents(res)
        return res

    def _definitions(self, papers) -> tuple[dict[str, dict[str, str]], dict[str, str]]:
        """Each paper's short form -> long form key, and the corpus's most frequent one per short form."""
        per_paper: dict[str, dict[str, str]] = {}
        corpus: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
        # how the corpus spells out each model family's own name: only its usual expansion is
        # the family ("Segment Anything Model (SAM)"), another one is another concept
        # ("Sharpness-Aware Minimization (SAM)")
        spelled: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
        for _paper, mentions in papers:
            for m in mentions:
                if m.extractor == "definition" and m.long_form and m.text != m.long_form:
                    spelled[m.text][self.canon(m.long_form)] += 1
        self._usual_expansion = {
            short: _most_frequent(c) for short, c in spelled.items() if len(c) > 1
        }
        for paper, mentions in papers:
            defs = {}
            for m in mentions:
                if m.extractor == "definition" and m.long_form and m.text != m.long_form:
                    long_key = self.long_key(m.text, m.long_form)
                    defs[self._short(m.text)] = long_key
            per_paper[paper.id] = defs
            for short, long_key in defs.items():
                corpus[short][long_key] += 1
        # min over (count desc, key): the keys are distinct, so the same pick as sorting
        majority = {s: _most_frequent(c) for s, c in corpus.items()}
        return per_paper, majority

    def _keyed(self, papers, per_paper, majority) -> tuple[list, _Tallies]:
        """Every paper's (key, mention) pairs, and the tallies of forms per key."""
        tallies = _Tallies()
        surfaces, types = tallies.surfaces, tallies.types
        short_forms, long_forms = tallies.short_forms, tallies.long_forms
        # a mention's key depends on its paper only through the paper's acronym definitions:
        # the rest, and the facts about its text, are worked out once per distinct mention form
        forms: dict[tuple[str, str, str], tuple] = {}
        keyed: list[tuple[Paper, list[tuple[str, Mention]]]] = []
        for paper, mentions in papers:
            out = []
            defs = per_paper[paper.id]
            for m in mentions:
                text = m.text
                sig = (text, m.vocab_key, m.long_form)
                found = forms.get(sig)
                if found is None:
                    found = forms[sig] = self._form_facts(text, m.vocab_key, m.long_form, majority)
                rule, short, text_key = found
                key = rule if rule.__class__ is str else _in_paper(rule, defs)
                if not key:
                    continue
                out.append((key, m))
                counts = surfaces[key]
                counts[text] = counts.get(text, 0) + 1
                if m.type:
                    weight = 3.0 if m.role == "PROPOSES" else (2.0 if m.vocab_key else 1.0)
                    counts = types[key]
                    counts[m.type] = counts.get(m.type, 0) + weight
                if m.extractor == "definition":
                    if text == m.long_form:
                        counts, form = long_forms[key], text
                    else:
                        counts, form = short_forms[key], _short_form(text)
                    counts[form] = counts.get(form, 0) + 1
                elif short is not None and key != text_key:
                    counts = short_forms[key]
                    counts[short] = counts.get(short, 0) + 1
                    if m.long_form:
                        # "CARGO" in a paper titled "CARGO: Carbon-Aware Gossip Orchestration ...":
                        # the title spelled it out, as a definition would have
                        counts = long_forms[key]
                        counts[m.long_form] = counts.get(m.long_form, 0) + 1
            keyed.append((paper, out))
        return keyed, tallies

    def _one_order_per_model(self, tallies: _Tallies) -> None:
        """"Claude Sonnet 3.5" is "Claude 3.5 Sonnet", "GPT4o" is "GPT-4o": the names of one model
        family written with the same words in another order, or with the version glued on or set
        apart, are one concept, keyed as the corpus writes it most."""
        groups: dict[tuple, list[str]] = collections.defaultdict(list)
        families = self.vocab.families
        lowered = tuple(f.lower() for f in families)
        for key, surfaces in tallies.surfaces.items():
            if not key.startswith(lowered) or not _DIGIT.search(key):
                continue
            # "LLaMA 3" is written in the family's own case somewhere too
            family = next(filter(None, (family_of(form, families) for form in sorted(surfaces))), None)
            if family:
                # "GPT4o" is "GPT-4o", "Qwen 2.5" is "Qwen2.5": the family apart from its version
                fam = family.lower()
                rest = key[len(fam) :].split() if key.startswith(fam) else key.split()[1:]
                if rest:
                    groups[(fam, *sorted(rest))].append(key)
        target: dict[str, str] = {}
        entries = self.vocab.entries
        for keys in groups.values():
            if len(keys) > 1:
                # a vocabulary entry keeps its key; else the form the corpus writes most
                curated = {k for k in keys if is_curated(entries.get(k))}
                best = _most_written(keys, tallies, curated)
                target.update((k, best) for k in keys if k != best and k not in curated)
        _merge_keys(tallies, target, self._moved, self._merges, "model name order")

    def _one_spelling_per_concept(self, tallies: _Tallies) -> None:
        """"U-Net" is "UNet", "multi-class" is "multiclass", "Llama 3" is "Llama3", "diffusion-based
        models" are "diffusion models": keys with one `spelling_key` are one concept, keyed as the
        corpus writes it most (a vocabulary entry keeps its key; a user's split rule keeps a key
        apart)."""
        # keys sharing a plain or a spelled-out `spelling_key` are one group ("vq vae" and
        # "vqvae" share the plain one, "proprietary llm" and "proprietary large language model"
        # the spelled-out one)
        owner: dict[str, str] = {}  # a spelling -> the first key seen with it
        root: dict[str, str] = {}  # union-find over keys

        def find(key: str) -> str:
            while root[key] != key:
                root[key] = root[root[key]]
                key = root[key]
            return key

        spelled = {}
        for key in tallies.surfaces:
            root[key] = key
            spelled[key] = sps = (spelling_key(key, self._contrasted), self._spelling(key))
            for sp in sps:
                other = owner.setdefault(sp, key)
                if other != key:
                    a, b = find(other), find(key)
                    if a != b:
                        root[b] = a
        # a key spelled as a curated entry's other form joins the entry: "WikiText2" the
        # entry whose forms include "WikiText-2" (forms that are acronyms only when a digit or
        # a hyphen makes them no English word, as the vocabulary's own case-blind keys)
        for entry_key, sp in self._curated_spellings():
            other = owner.get(sp)
            if other is not None and entry_key in root:
                a, b = find(entry_key), find(other)
                if a != b:
                    root[b] = a
        groups: dict[str, list[str]] = collections.defaultdict(list)
        for key in tallies.surfaces:
            groups[find(key)].append(key)
        entries, split, field = self.vocab.entries, self.rules.split, self.vocab.phrase_df
        target: dict[str, str] = {}
        spellings = self._spellings
        for keys in groups.values():
            if len(keys) == 1:
                for sp in spelled[keys[0]]:
                    spellings.setdefault(sp, keys[0])
                continue
            curated = {k for k in keys if is_curated(entries.get(k))}
            # on a tie, the spelling the field writes: "german language", not "german lan guage"
            best = _most_written(keys, tallies, curated, field)
            for k in keys:
                for sp in spelled[k]:
                    spellings[sp] = best
            shape, glued = _spelling_shape(tallies.surfaces[best]), _glued_forms(tallies.surfaces[best])
            based = {k for k in keys if " based " in k and _acronym_spells_out(k, tallies.short_forms.get(k, ()))}
            target.update(
                (k, best) for k in keys
                if k != best and k not in curated and k not in split
                # a name with a capital inside is never plain lower-case words ("ReEstimate" and
                # "re-estimates"), and glued words are the same letters in the same case written
                # apart ("MemoryBank" and "Memory Bank"; "StressTest" is not "stress tests")
                and {shape, _spelling_shape(tallies.surfaces[k])} != {"name", "words"}
                and _same_glued_name(glued, _glued_forms(tallies.surfaces[k]), tallies.surfaces[best], tallies.surfaces[k])
                # "agent-based models (ABM)": the acronym keeps "based" in the name
                and not (based and (k in based) != (best in based))
            )
        _merge_keys(tallies, target, self._moved, self._merges, "spelling")

    def _curated_spellings(self) -> list[tuple[str, str]]:
        """(entry key, `spelling_key` of one of its other forms) of every curated entry, once."""
        if self._curated_spelled is None:
            out = []
            for entry in self.vocab.entries.values():
                if not entry.curated:
                    continue
                own = {spelling_key(entry.key, self._contrasted), self._spelling(entry.key)}
                for form in entry.aliases:
                    if _acronym(form) and not ("-" in form or any(ch.isdigit() for ch in form)):
                        continue
                    form_key = norm_key(form)
                    # as written, and with the vocabulary's short forms in it spelled out
                    # ("Graph RAG" is "graph retrieval augmented generation")
                    for sp in {spelling_key(form_key, self._contrasted), self._spelling(form_key)}:
                        if sp and sp not in own:
                            out.append((entry.key, sp))
            self._curated_spelled = sorted(set(out))
        return self._curated_spelled

    def _one_expansion_per_short_form(self, tallies: _Tallies) -> None:
        """"Continual pre-training (CPT)", "continued pre-training (CPT)": expansions of one short
        form whose words agree up to their endings are one concept, keyed as the corpus writes it
        most; "self-supervised" and "semi-supervised learning (SSL)" stay apart."""
        groups: dict[tuple, list[str]] = collections.defaultdict(list)
        for key, shorts in tallies.short_forms.items():
            if " " in key:
                # seven letters: "geometr(ic|y)", "comput(ed|erized)"; "generative" is not
                # "general". In any order ("harmless, helpful and honest"), but "table to text"
                # is not "text to table". A person is not the field: "speech-language
                # pathologists" are not pathology
                words = unglue(key)
                stems = [w[:7] for w in words.split() if w not in FUNCTION_WORDS]
                stems = tuple(stems if " to " in words else sorted(stems))
                for short in shorts:
                    groups[(short, stems, words.endswith("ist"))].append(key)
        entries, split = self.vocab.entries, self.rules.split
        target: dict[str, str] = {}
        for _group, keys in sorted(groups.items()):
            keys = [k for k in dict.fromkeys(keys) if k not in target]
            if len(keys) < 2:
                continue
            curated = {k for k in keys if is_curated(entries.get(k))}
            best = _most_written(keys, tallies, curated)
            target.update((k, best) for k in keys if k != best and k not in curated and k not in split)
        _merge_keys(tallies, target, self._moved, self._merges, "expansion of one short form")

    def _long_forms_written_alone(self, tallies: _Tallies) -> None:
        """"Segment Anything Model" written without its short form is the SAM other papers define
        with it, when it is the expansion most of them give ("Sharpness-Aware Minimization (SAM)"
        elsewhere does not make every "sharpness-aware minimization" SAM)."""
        renamed = set(self._renamed_long_forms.values())
        entries, split = self.vocab.entries, self.rules.split
        target: dict[str, str] = {}
        for key in sorted(renamed):
            longs = tallies.long_forms.get(key)
            if not longs:
                continue
            usual = self.canon(_most_frequent(longs))
            if usual != key and usual in tallies.surfaces and usual not in split and not is_curated(entries.get(usual)):
                target[usual] = key
        _merge_keys(tallies, target, self._moved, self._merges, "long form written alone")

    def _spelled(self, key: str) -> str:
        """The key the corpus's mentions use for a key written another way: "qwen 2.5" ->
        "qwen2.5", "resnet" -> "residual network"."""
        if key in self._moved:
            return self._moved[key]
        if key in self._known:
            return key  # a key of the corpus's own, merged into no other
        key = self._spellings.get(spelling_key(key, self._contrasted)) or self._spellings.get(self._spelling(key), key)
        return self._moved.get(key, key)

    def _spelling(self, key: str) -> str:
        """The `spelling_key` of a key with the vocabulary's short forms inside it spelled out:
        "proprietary llm" and "proprietary large language model", "generative ai" and
        "generative artificial intelligence" share one."""
        if " " in key:
            expand = self._expansions
            if expand is None:
                expand = self._expansions = {
                    short.lower(): long_key for short, long_key in self.vocab.acronyms.items() if len(short) >= 2
                }
            words = key.split(" ")
            if any(w in expand for w in words):
                key = " ".join(expand.get(w, w) for w in words)
        return spelling_key(key, self._contrasted)

    def _form_facts(self, text: str, vocab_key: str, long_form: str, majority: dict[str, str]) -> tuple:
        """(key rule, and for an acronym its singular short form and norm key, else None) of a mention form."""
        rule = self._key_rule(text, vocab_key, long_form, majority)
        if _acronym(text):
            return rule, _short_form(text), norm_key(text)
        return rule, None, None

    def _corroborated_only(self, keyed):
        """Each paper's (key, mention) pairs, the uncorroborated weak ones marked unsupported
        (`self._unsupported`, by object id) and after the others."""
        # weak evidence needs corroboration: measured on judged abstracts, a ranker alone let in
        # too many one-off phrases ("persistent issues", "framework mirrors"). Since version 189
        # the ranker sees them too, with the rarity of their words, and takes one only over a
        # higher bar (LinkRanker.unsupported_threshold)
        per_paper = [collections.Counter([k for k, _m in out]) for _paper, out in keyed]
        term_papers: dict[str, set] = collections.defaultdict(set)
        for (paper, _out), per in zip(keyed, per_paper):
            for key in per:
                term_papers[key].add(paper.id)
        filtered = []
        unsupported = self._unsupported = set()
        for (paper, out), per in zip(keyed, per_paper):
            title = _title_key(paper)
            inside = _Tails(per)
            kept = [
                (k, m) for k, m in out
                # the first test is _corroborated's own, inlined: most mentions need no more
                if m.extractor not in WEAK_EXTRACTORS or m.role == "PROPOSES"
                or self._corroborated(k, m, per[k] + inside.has(k), len(term_papers[k]), title)
            ]
            if any(m.inside for _k, m in kept):
                # a mention inside a longer weak phrase stands in for it only when that is refused
                covers = [(m.start, m.end) for _k, m in kept if not m.inside and m.extractor != "title"]
                kept = [
                    (k, m) for k, m in kept
                    if not m.inside or not any(a <= m.start and m.end <= b and b - a > m.end - m.start for a, b in covers)
                ]
            if len(kept) < len(out):
                # the refused phrases themselves (not the shorter ones inside them) as unsupported
                # candidates: a refused key has one mention in the paper, so none is also kept
                kept_ids = {id(m) for _k, m in kept}
                refused = [(k, m) for k, m in out if id(m) not in kept_ids and not m.inside]
                unsupported.update(id(m) for _k, m in refused)
                kept += refused
            filtered.append((paper, kept))
        return filtered

    def _corroborated(self, key: str, m: Mention, in_paper: int, in_corpus: int, title: str) -> bool:
        """Weak evidence (mined terms, lexicon phrases) needs support to become a link."""
        if m.extractor not in WEAK_EXTRACTORS or m.role == "PROPOSES":
            return True
        if m.extractor == "terms":
            entry = self.vocab.entries.get(m.vocab_key)
            if entry is not None and entry.df >= MINED_TERM_MIN_DF:
                return True  # the field uses it often: the mining corpus is the corroboration
        if in_paper >= 2 or in_corpus >= 2:
            return True
        if m.extractor == "phrases" and m.score == KIND_OF_TERM_SCORE:
            return True  # a kind of a vocabulary term ("spatial pruning"): the term corroborates it
        # other papers of the field use it: an established term, unless its head is generic
        # ("action space", "key insight", "computational costs" alike): those need the paper's
        # own support. However common ("low-resource languages", "question-answer pairs"): once
        # the generic heads are out, a phrase the field writes that often is a concept, and a
        # large build corroborates it anyway. A single hyphenated word's field count says how
        # common the word is, not that it names a concept ("under-explored", "up-to-date"): it
        # needs the paper's support too.
        df = self._df_of(m.text)[1]
        if " " in m.text and PHRASE_MIN_DF <= df and (
            not self._facts_of(key)[3] or df >= PART_HEAD_MIN_DF and key.rsplit(" ", 1)[-1] in _PART_HEADS
        ):
            return True
        if title and f" {key} " in title:
            return True  # the paper's own title names it
        # "we introduce a search-guided object-grounded reasoning framework": a hyphenated
        # phrase in the paper's announcement describes what it brings (unless it is only the
        # announcement's kind word: "a test-time method")
        if "-" in m.text and " " in m.text and not (m.text.count(" ") == 1 and key.rsplit(" ", 1)[-1] in _KIND_HEADS):
            at = m.sentence.find(m.text)
            if at > 0 and announces_before(m.sentence, at):
                return True
        # a phrase headed by a method or task word ("behavior cloning" is not, "policy distillation" is)
        return m.type in ("Method", "Task") and " " in key

    def _facts_of(self, key: str) -> tuple[str, bool, int, bool, WordFacts]:
        """(concept id, curated vocabulary entry, words, generic head, its words' rarity and
        clusters) of a key: the same in every paper."""
        facts = self._key_facts.get(key)
        if facts is None:
            entry = self.vocab.entries.get(key)
            facts = self._key_facts[key] = (
                concept_id(key), bool(entry and entry.curated), len(key.split()), key.rsplit(" ", 1)[-1] in GENERIC_HEADS,
                word_facts(key),
            )
        return facts

    def _df_of(self, text: str) -> tuple[str, int]:
        """(norm key, field document frequency) of a surface form."""
        found = self._text_df.get(text)
        if found is None:
            text_key = norm_key(text)
            found = self._text_df[text] = (text_key, self.vocab.phrase_df.get(text_key, 0))
        return found

    def _scored_candidates(self, keyed) -> list[list[tuple[PaperLink, float, bool, bool]]]:
        """Each paper's candidates as (link, probability, unsupported, curated), scored as they
        come, BATCH at a time, so that a build never holds the evidence of all of them (at 32k
        abstracts, some 690,000 candidates). The batches are those of one call over all of them.
        With the ranker's InPaper, each probability is then read again beside its paper's others."""
        per_paper: list[list[tuple[PaperLink, float, bool, bool]]] = []
        pending: list[tuple[list, PaperLink, Evidence]] = []

        def score(entries: list[tuple[list, PaperLink, Evidence]]) -> None:
            probabilities = self.ranker.probabilities([ev for _rows, _lk, ev in entries])
            for (rows, lk, ev), p in zip(entries, probabilities):
                rows.append((lk, p, ev.unsupported, ev.curated))

        for _paper, cands in self.candidates(keyed):
            rows: list[tuple[PaperLink, float, bool, bool]] = []
            per_paper.append(rows)
            pending.extend((rows, lk, ev) for lk, ev in cands)
            if len(pending) >= BATCH:
                cut = len(pending) - len(pending) % BATCH
                score(pending[:cut])
                del pending[:cut]
        score(pending)
        if self.ranker.in_paper is not None:
            # each probability read again beside the rest of its paper, all papers at once
            sizes = [len(rows) for rows in per_paper]
            n = sum(sizes)
            again = self.ranker.in_paper.probabilities(
                np.fromiter((p for rows in per_paper for _lk, p, _u, _c in rows), dtype=np.float64, count=n),
                np.repeat(np.arange(len(per_paper)), sizes),
                np.fromiter((u for rows in per_paper for _lk, _p, u, _c in rows), dtype=bool, count=n),
                np.fromiter((lk.role == "PROPOSES" for rows in per_paper for lk, _p, _u, _c in rows), dtype=bool, count=n),
            )
            at = 0
            for rows in per_paper:
                rows[:] = [(lk, q, u, c) for (lk, _p, u, c), q in zip(rows, again[at : at + len(rows)])]
                at += len(rows)
        return per_paper

    def ownership_rows(self, paper: Paper, keep: list[PaperLink], curated_ids: set[str]) -> Iterator[tuple[PaperLink, list[float]]]:
        """(link, OWN_FEATURES row) of each kept link the ownership reader may make the paper's own:
        a name no vocabulary knows, of the shape it reads (kg.resolve.ownership.reads), that the
        rules gave another role."""
        roles = self.ownership.roles
        facts = None
        for lk in keep:
            m = lk.mention
            if lk.role not in roles or m.vocab_key or lk.concept_id in curated_ids or not reads(m.text, m.extractor):
                continue
            if facts is None:
                facts = PaperFacts(paper.title or "", paper.abstract, tuple(sorted(
                    other.mention.text for other in keep if other.role == "PROPOSES"
                )))
            yield lk, own_features(
                m.text, m.extractor, lk.role, m.type, m.start, m.sentence, paper=facts, field_df=self._df_of(m.text)[1],
                family=family_of(m.text, self.vocab.families) or family_of(m.text.lower(), self.vocab.families),
            )

    def read_ownership(self, owned: list[tuple[PaperLink, list[float]]]) -> None:
        """Makes PROPOSES the links the ownership reader finds to be their paper's own."""
        reader = self.ownership
        for (lk, _row), p in zip(owned, reader.probabilities([row for _lk, row in owned])):
            if p >= reader.threshold:
                lk.role = "PROPOSES"

    def type_rows(self, res: Resolution, tallies: _Tallies, key_of_id: dict[str, str]) -> Iterator[tuple[str, str, WordFacts, list[float]]]:
        """(concept id, key, its word facts, type_features) of each concept the type reader reads:
        all but the vocabulary's curated entries, from the links the build keeps to each."""
        seen: dict[str, list[Seen]] = collections.defaultdict(list)
        for lk in res.links:
            m = lk.mention
            seen[lk.concept_id].append(Seen(m.text, m.sentence, lk.role, m.extractor))
        for cid, c in res.concepts.items():
            key = key_of_id[cid]
            entry = self.vocab.entries.get(key)
            if entry and entry.curated:
                continue
            votes = tallies.types.get(key, {})
            wf = (self._key_facts.get(key) or self._facts_of(key))[4]
            yield cid, key, wf, type_features(key, c.name, votes, c.type, entry.type if entry else "", bool(c.definition), seen.pop(cid, []), wf)

    def _read_types(self, res: Resolution, tallies: _Tallies, key_of_id: dict[str, str]) -> None:
        """Gives each concept the type reader reads the type it finds likeliest, a batch of
        concepts at a time (their rows are some hundred numbers each: memory at 32k abstracts)."""
        rows = self.type_rows(res, tallies, key_of_id)
        while batch := list(itertools.islice(rows, BATCH)):
            types = self.typer.types_of(
                [self.typer.row(features, key, wf) for _cid, key, wf, features in batch],
                [res.concepts[cid].type for cid, *_facts in batch],
            )
            for (cid, *_facts), ctype in zip(batch, types):
                if res.concepts[cid].type != ctype:
                    res.concepts[cid] = replace(res.concepts[cid], type=ctype)

    def candidates(self, keyed) -> Iterable[tuple[Paper, list[tuple[PaperLink, Evidence]]]]:
        """Each paper's candidate links (one per concept, its strongest mention) and their evidence."""
        key_facts, text_df, unsupported = self._key_facts, self._text_df, self._unsupported
        for paper, out in keyed:
            title = _title_key(paper)
            size = max(1, len(paper.abstract))
            best: dict[str, Mention] = {}
            evidence: dict[str, Evidence] = {}
            for key, m in out:
                facts = key_facts.get(key) or self._facts_of(key)
                cid = facts[0]
                cur = best.get(cid)
                if cur is None or (_ROLE_RANK[m.role], -m.score, m.start) < (_ROLE_RANK[cur.role], -cur.score, cur.start):
                    best[cid] = m
                first = m.start / size
                ev = evidence.get(cid)
                if ev is None:
                    _cid, curated, words, generic, wf = facts
                    ev = evidence[cid] = Evidence(
                        role=m.role, extractor=m.extractor, type=m.type, score=m.score, first=first,
                        curated=curated, words=words, generic_head=generic, word_facts=wf, unsupported=True,
                    )
                ev.uses += 1
                ev.extractors.add(m.extractor)
                if ev.unsupported and id(m) not in unsupported:
                    ev.unsupported = False
                if first < ev.first:
                    ev.first = first
                if m.vocab_key:
                    ev.in_vocabulary = True
                text_key, df = text_df.get(m.text) or self._df_of(m.text)
                if df > ev.field_df:
                    ev.field_df = df
                if title and not ev.in_title:
                    ev.in_title = f" {key} " in title or f" {text_key} " in title
            scored = []
            for cid, m in best.items():
                ev = evidence[cid]
                ev.role, ev.extractor, ev.type, ev.score, ev.acronym = m.role, m.extractor, m.type, m.score, _acronym(m.text)
                link = PaperLink(paper.id, cid, m.role, m, round(min(1.0, m.score + 0.05 * (ev.uses - 1)), 3))
                scored.append((link, ev))
            yield paper, scored

    def key_for(self, m: Mention, defs: dict[str, str], majority: dict[str, str]) -> str:
        """The concept key of a mention, given its paper's definitions and the corpus majority."""
        return _in_paper(self._key_rule(m.text, m.vocab_key, m.long_form, majority), defs)

    def _key_rule(self, text: str, vocab_key: str, long_form: str, majority: dict[str, str]) -> str | tuple[str, str]:
        """A mention's key as far as it does not depend on its paper.

        Either the key, or (short form, key) for an acronym: the paper's own definition of the
        short form wins over that key (`_in_paper`).
        """
        if self.rules.split:
            raw = norm_key(text)
            if raw in self.rules.split:
                return raw  # the user keeps this form out of every alias and acronym merge
        if vocab_key:
            return self.rules.target(vocab_key)
        if long_form:
            if text != long_form:
                return self.long_key(text, long_form)
            # the long form itself resolves as its short form did ("... with human feedback" = RLHF)
            return self._renamed_long_forms.get(long_form) or self.canon(long_form)
        if _acronym(text):
            short = self._short(text)
            if short in majority:
                return short, majority[short]
            vkey = self.vocab.acronyms.get(text) or self.vocab.acronyms.get(short) or self._shouted(short)
            return short, (self.rules.target(vkey) if vkey else self.canon(text))
        return self.canon(text)

    def _shouted(self, short: str) -> str | None:
        """The vocabulary key of a mixed-case short form written in capitals: "IOU" is IoU,
        "LORA" LoRA, "COT" CoT."""
        if not short.isupper():
            return None
        table = self._capitals
        if table is None:
            table = collections.defaultdict(set)
            for form, key in self.vocab.acronyms.items():
                # not the plurals: "CLS" is a token, not "CLs"
                if form != form.upper() and not form.endswith("s"):
                    table[form.upper()].add(key)
            table = self._capitals = {form: next(iter(keys)) for form, keys in table.items() if len(keys) == 1}
        return table.get(short)

    def _link_contained_parents(self, res: Resolution) -> None:
        """A paper that writes "DG-GRPO" or "KV cache compression" mentions GRPO and KV cache too."""
        parents: dict[str, list[str]] = collections.defaultdict(list)
        for cl in res.concept_links:
            child, parent = res.concepts[cl.source], res.concepts[cl.target]
            if cl.type in ("VARIANT_OF", "IS_A") and cl.evidence != "model name":
                forms = {norm_key(f) for f in (parent.name, *parent.aliases) if f}
                if forms & _FIELD_ROOTS:
                    continue  # "generative AI" names a kind of AI, but "AI" says nothing of the paper
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

    def _concept(self, cid, key, surf, types, shorts, longs) -> Concept:
        entry = self.vocab.entries.get(key)
        if entry and entry.curated:
            # the short form readers search for ("GRPO", "CoT") when the corpus uses one
            used_short = [a for a in entry.aliases if _acronym(a) and (a in shorts or a in surf)]
            name = used_short[0] if used_short else entry.name
            ctype = entry.type
        else:
            # min() picks the first of the best, as the head of a (stable) sort did, without sorting
            if shorts:
                name = _most_frequent(shorts)
            else:
                name = min(surf.items(), key=lambda kv: (-kv[1], len(kv[0]), kv[0]))[0]
            if types:
                ctype = min(types.items(), key=lambda kv: (-kv[1], _TYPE_RANK.get(kv[0], 99)))[0]
            else:
                # no mention was typed (weak phrases are not): the head word says what it is
                ctype = entry.type if entry else type_from_head(key)
        definition = ""
        if longs:
            definition = _most_frequent(longs)
        elif entry and entry.curated and name != entry.name:
            definition = entry.name
        aliases = set(surf) | set(shorts) | set(longs)  # forms seen in this corpus only
        aliases.discard(name)
        return Concept(cid, name, ctype, tuple(sorted(aliases)), definition)

    def _vocabulary_base(self, name: str, res: Resolution) -> str | None:
        """"PA-GRPO" in a build where no paper writes GRPO alone: the vocabulary's method is the
        base all the same, so a paper's links do not depend on what the rest of the corpus writes."""
        if self._vocab_shorts is None:
            self._vocab_shorts = {
                alias: entry.key
                for entry in sorted(self.vocab.entries.values(), key=lambda e: e.key)
                if entry.curated and entry.type in ("Method", "Framework")
                for alias in entry.aliases
                if _acronym(alias) and alias not in ("AI", "ML")
            }
        key = variant_base(name, self._vocab_shorts)
        if key is None:
            return None
        cid = concept_id(key)
        if cid not in res.concepts:
            entry = self.vocab.entries[key]
            short = next(a for a in entry.aliases if self._vocab_shorts.get(a) == key)
            res.concepts[cid] = Concept(cid, short, entry.type, (), entry.name)
        return cid

    def _lineage(self, res: Resolution) -> None:
        short_index: dict[str, str] = {}
        model_index: dict[str, str] = {}  # "ViT" -> the node "Vision Transformer (ViT)" made
        # a short form several concepts share ("RAG": retrieval-augmented generation in hundreds
        # of papers, region adjacency graph in one) names, in "MCTS-RAG", the one most papers use
        papers = collections.Counter(lk.concept_id for lk in res.links)
        for cid, c in sorted(res.concepts.items(), key=lambda kv: (-papers[kv[0]], kv[0])):
            index = model_index if c.type == "Model" else short_index if c.type in ("Method", "Concept", "Framework") else None
            if index is not None:
                for form in (c.name, *c.aliases):
                    if _acronym(form):
                        index.setdefault(form, cid)
        links: dict[tuple[str, str], ConceptLink] = {}
        for cid in sorted(list(res.concepts)):
            c = res.concepts[cid]
            chain: list[str] = []
            if c.type == "Model":
                fam = family_of(c.name, self.vocab.families)
                chain = model_lineage(c.name, fam)
                for child, parent in zip(chain, chain[1:]):
                    child_id = cid if child == c.name else model_index.get(child) or concept_id(self._spelled(self.canon(child)))
                    parent_id = model_index.get(parent) or concept_id(self._spelled(self.canon(parent)))
                    if parent_id not in res.concepts:
                        res.concepts[parent_id] = Concept(parent_id, parent, "Model")
                    if child_id in res.concepts and child_id != parent_id:
                        links[(child_id, parent_id)] = ConceptLink(child_id, parent_id, "VARIANT_OF", "model name")
            base = variant_base(c.name, short_index)
            if base is None and c.type in ("Method", "Framework"):
                base = self._vocabulary_base(c.name, res)
            # a variant varies a method, model, benchmark ... ("DG-GRPO", "MCTS-RAG"); "Qwen2.5-VL"
            # and "R1-VL" are no kinds of "visual-language (VL)", and "TF-IDF" is a term of its own
            if (
                base and base != cid and res.concepts[base].type != "Concept"
                and not (c.type == "Model" and res.concepts[base].type != "Model")
                and not is_curated(self.vocab.lookup(c.name))
            ):
                links[(cid, base)] = ConceptLink(cid, base, "VARIANT_OF", "compound name")
            versioned = version_base(c.name)
            if versioned and len(chain) < 2:
                # "ResNet-50" varies the "ResNet" papers define as "residual networks (ResNet)"; a
                # model's name does when no release or family name stands above it ("LatNet-50")
                short = self._short(versioned) if _acronym(versioned) else ""
                base_id = concept_id(self._spelled(self._majority.get(short) or self.canon(versioned)))
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
