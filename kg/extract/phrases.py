"""Technical noun phrases outside any vocabulary: "derivation graphs", "convex regions".

A lexicon tagger (each word's most frequent part of speech in ML abstracts, mined once by
tools/mine_lexicon.py) marks nouns and adjectives; a phrase is a run of them ending in a
noun, trimmed of generic modifiers. Words the tagger also read as verbs often enough
(data/verb_share.tsv) end or start no phrase where the context makes them verbs ("the model
excels", "to reuse past experience"). Phrases are weak evidence: the resolver keeps one
only when the paper repeats it, another paper uses it too, or the paper proposes it.
"""

from __future__ import annotations

import functools
import re
from importlib import resources

from kg.extract.generic import (
    CLASSIFYING_MODIFIERS,
    GENERIC_HEADS,
    GENERIC_MODIFIERS,
    PERSON_HEADS,
    is_generic_phrase,
)
from kg.resolve.normalize import norm_key, singular

NOMINAL = {"NOUN", "PROPN", "ADJ"}
_PLAIN_WORD = re.compile(r"^[A-Za-z][A-Za-z0-9]*(?:&[A-Z]+)?(?:-[A-Za-z0-9]+)*$")  # "H&E-stained": capitals joined by "&"
_HYPHEN_ADJ = re.compile(r"-(?:based|aware|free|level|wise|driven|guided|specific|like|agnostic|grained|scale|efficient|time|order)$")
GENERIC_COMPOUNDS = frozenset(
    """trade-off trade-offs state-of-the-art real-world large-scale fine-grained coarse-grained well-known
    end-to-end long-term short-term plug-and-play training-free one-shot few-shot zero-shot
    open-source high-quality low-cost high-level low-level multi-step step-by-step off-the-shelf
    next-generation percentage-point time-consuming""".split()
)
_DESCRIBING_COMPOUNDS = GENERIC_COMPOUNDS - CLASSIFYING_MODIFIERS


def _word_table(name: str) -> list[tuple[str, str]]:
    """(word, value) rows of a shipped two-column data file, comments skipped."""
    path = resources.files("kg.extract").joinpath("data", name)
    if not path.is_file():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    return [tuple(line.split("\t")) for line in lines if line and not line.startswith("#")]


@functools.lru_cache(maxsize=1)
def lexicon() -> dict[str, str]:
    return dict(_word_table("lexicon.tsv"))


@functools.lru_cache(maxsize=1)
def verb_shares() -> dict[str, float]:
    """Share of verb readings of words the lexicon tags otherwise ("excels", "necessitate"),
    mined with the lexicon by tools/mine_lexicon.py."""
    return {word: float(share) for word, share in _word_table("verb_share.tsv")}


def head_word(text: str) -> str:
    """The singular last word of a phrase, hyphen parts split: "vision-language models" -> "model"."""
    words = text.lower().replace("-", " ").split()
    return singular(words[-1]) if words else ""


@functools.lru_cache(maxsize=1)
def modifier_shares() -> dict[str, float]:
    """Share of uses in front of a noun of hyphenated words that mostly modify one
    ("multi-agent", "vision-language"), mined by tools/mine_modifier_share.py."""
    return {word: float(share) for word, share in _word_table("modifier_share.tsv")}


# a phrase that ends in a word standing this often in front of a noun, right before a noun, is
# cut off: "coordinated multi-agent| framework", "satellite-specific vision-language| framework"
MODIFIER_SHARE_CUT = 0.75


def ends_in_modifier(text: str, after: str, lex: dict[str, str]) -> bool:
    """Whether a phrase of several words ends in a hyphenated word that mostly modifies a
    noun, and a noun follows it in the abstract (`after` is the text after the phrase)."""
    if " " not in text:
        return False
    last = text.rsplit(" ", 1)[1].lower()
    if "-" not in last or modifier_shares().get(last, 0.0) < MODIFIER_SHARE_CUT:
        return False
    nxt = _FOLLOWING_WORD.match(after)
    return nxt is not None and tag_word(nxt.group(1), lex) in ("NOUN", "PROPN")


_FOLLOWING_WORD = re.compile(r"[ \t]+([A-Za-z][A-Za-z]*)\b")

# a word read as a verb this often is the verb of a clause where the context says so
VERB_AFTER_SUBJECT = 0.15  # "the model excels", "improvements transfer"
# a singular subject's verb in -s is cut only where the lexicon never saw the word and knows its
# stem only as a verb ("the paper depicts"): words it knows as nouns too ("influences", "drops",
# "ranks") are as often a compound's head ("frame drops", "decomposition ranks")
VERB_AFTER_SINGULAR = 1.0
VERB_AFTER_CUE = 0.1  # "to reuse past experience", "which controls worst-case risk"
_VERB_CUES = frozenset("to can may will could would should must might which that who also often not".split())
# after these, a word is the verb whatever the lexicon says ("we count tool calls")
_SUBJECT_PRONOUNS = frozenset("we they".split())
# adverbs between a subject and its verb that do not end in -ly: "we then separate planning"
_ADVERBS = frozenset("then also further first next now thus instead still only even therefore".split())


def tag_word(word: str, lex: dict[str, str]) -> str:
    """Part of speech of a word from the lexicon, or from its shape when unknown."""
    low = word.lower()
    tag = lex.get(low)
    if tag:
        return tag
    if low == "cannot":
        return "AUX"  # "models cannot capture": the lexicon's mining tokenizer splits it, so it is unknown
    if "-" in low:
        if _HYPHEN_ADJ.search(low):
            return "ADJ"
        last = low.rsplit("-", 1)[-1]
        last_tag = lex.get(last)
        # "under-explored", "LLM-generated", "drop-in": a past participle or a preposition last makes
        # an adjective ("decision-making" and "fact-checking" stay nouns)
        if last_tag == "ADJ" or last_tag == "ADP" or (last_tag == "VERB" and last.endswith("ed")):
            return "ADJ"
        return "NOUN" if last.isalpha() else "X"
    if not word.isalpha():
        return "PROPN" if any(c.isalpha() for c in word) else "NUM"
    if low.endswith(("ly",)):
        return "ADV"
    if low.endswith(("ed",)):
        return "VERB"
    return "NOUN"


# nouns a sentence mostly uses as verbs at the start of a phrase: "we use masked diffusion"
_VERB_LIKE_NOUNS = frozenset("use uses study studies need needs aim aims lack lacks help helps show shows".split())
_PHRASE_START = frozenset({"NOUN", "ADJ", "PROPN", "VBN"})
_PHRASE_END = frozenset({"NOUN", "VBG"})
_PARTICIPLES = frozenset({"VBN", "VBG"})
_PHRASE_TAGS: dict[str, str] = {}  # word -> its tag when it can be part of a phrase, else ""


# participles that are almost always the verb of a clause, never part of a term's name
_CLAUSE_PARTICIPLES = frozenset(
    """used based proposed called named designed introduced presented obtained achieved observed
    compared evaluated tested shown given required needed reported released collected conducted
    performed applied adopted employed developed trained considered found studied explored
    demonstrated validated improved enhanced increased reduced limited related associated compared
    using including following leading resulting showing achieving relying yielding enabling
    improving reducing allowing requiring performing providing leveraging combining comparing
    according regarding involving containing spanning ranging outperforming demonstrating
    highlighting revealing suggesting indicating ensuring addressing capturing considering
    exhibiting facing lacking having being getting taking giving becoming remaining
    comprising consisting featuring encompassing incorporating integrating covering targeting""".split()
)


def _phrase_tag(word: str, lex: dict[str, str]) -> str:
    """NOUN/ADJ/PROPN for nominal words; VBN/VBG for participles that can name a technique
    ("masked diffusion", "message passing"); "" for words that end a phrase."""
    if not _PLAIN_WORD.match(word) or any(c.isdigit() for c in word) or len(word) == 1:
        return ""  # a single letter is a variable, a pronoun or half of "A/B", no word of a term
    tag = tag_word(word, lex)
    if tag in NOMINAL:
        return tag
    if tag == "VERB" and word.islower() and word not in _CLAUSE_PARTICIPLES and len(word) > 4:
        if word.endswith("ed"):
            return "VBN"
        if word.endswith("ing"):
            return "VBG"
    return ""


_SINGLE_NOUNS: dict[str, str] = {}


def single_noun(word: str, lex: dict[str, str]) -> str:
    """The singular of a plain lower-case noun that could name a concept on its own
    ("chess", "hallucinations" -> "hallucination"), or "" for any other word."""
    if lex is lexicon():
        key = _SINGLE_NOUNS.get(word)
        if key is None:
            if len(_SINGLE_NOUNS) > 500_000:
                _SINGLE_NOUNS.clear()
            key = _SINGLE_NOUNS[word] = _single_noun(word, lex)
        return key
    return _single_noun(word, lex)


def _single_noun(word: str, lex: dict[str, str]) -> str:
    if len(word) < 4 or not word.isalpha() or not word.islower():
        return ""
    tags = _PHRASE_TAGS if lex is lexicon() else {}
    tag = tags.get(word)
    if tag is None:
        tag = tags[word] = _phrase_tag(word, lex)
    if tag != "NOUN":
        return ""
    key = singular(word)
    return "" if key in GENERIC_HEADS or key in GENERIC_MODIFIERS or key in GENERIC_SINGLE_NOUNS or key in PERSON_HEADS else key


# nouns too common in any abstract to be a concept by themselves (GENERIC_HEADS has the rest)
GENERIC_SINGLE_NOUNS = frozenset(
    """paper work thing things way lot number amount part end means fact regard respect addition
    contrast order turn place time times hand terms account basis light view point example instance
    cases case""".split()
)


# the score of a phrase naming a kind of a vocabulary term ("spatial pruning"): the term it
# ends in corroborates it, so the resolver keeps it without repeats (plain phrases score 0.45)
KIND_OF_TERM_SCORE = 0.5


# head words that only say what kind of thing the words before them name
KIND_HEADS = frozenset(
    "method approach framework task process technique strategy pipeline scheme paradigm procedure".split()
)


_PHRASE_INFO: dict[str, tuple] = {}  # word -> _word_info(word), for the shipped lexicon


def _word_info(word: str, lex: dict[str, str], tags: dict[str, str]) -> tuple:
    """What noun_phrases asks of a word, worked out once: (tag, lower case, dropped at a phrase's
    start, a generic modifier, may end a phrase, a kind word such as "method", singular of its
    last hyphen part, share of its verb readings)."""
    tag = tags.get(word)
    if tag is None:
        tag = tags[word] = _phrase_tag(word, lex)
        if len(tags) > 500_000:
            tags.clear()
    low = word.lower()
    # "training-free", "state-of-the-art": at a phrase's start these only describe it
    generic = (low in GENERIC_MODIFIERS or low in _DESCRIBING_COMPOUNDS) and low not in CLASSIFYING_MODIFIERS
    return (
        tag,
        low,
        generic or tag not in _PHRASE_START or low in _VERB_LIKE_NOUNS,
        generic,
        tag in _PHRASE_END,
        singular(low) in KIND_HEADS,
        singular(low.split("-")[-1]),  # the head word, when the word ends a phrase
        verb_shares().get(low, 0.0) or _unknown_verb_share(low, lex),
    )


def _unknown_verb_share(low: str, lex: dict[str, str]) -> float:
    """"proceeds", "disagrees": a word the lexicon never saw, in -s, whose stem it knows only as a verb."""
    if low in lex or not low.endswith("s") or low.endswith(("ss", "ings")):
        return 0.0
    return 1.0 if lex.get(low[:-1]) == "VERB" or (low.endswith("es") and lex.get(low[:-2]) == "VERB") else 0.0


def _phrase_of(run: list[tuple], max_words: int, compounds: dict[str, int] | None = None):
    """The phrase in one run of nominal words (word, start, end, info), as noun_phrases yields
    it, or None."""
    if len(run) == 1 and "-" not in run[0][0]:
        return None  # one plain word is never a phrase, however it is trimmed
    a, b = 0, len(run)
    while a < b and run[a][3][2]:
        a += 1
    # "guarantees accurate inference", "offloads parsing": a plural rarely modifies the word
    # after it, so a run's first word in the plural is a clause's verb or its own subject,
    # unless the field writes the two together ("sports analytics", "systems engineering").
    # Where only generic words would be left ("links| model behaviour"), the run stays whole:
    # the field's own term inside it is cut out later
    while (
        b - a >= 2 and _plural(run[a][3]) and not _written_together(run[a][3], run[a + 1][3], compounds)
        and not is_generic_phrase([i[3][6] for i in run[a + 1 : b]])
    ):
        a += 1
        # after the subject, its verb: "women| undergoing| annual mammography", "methods| embed|
        # persistent watermarks", "experiments| delivered| promising results"
        while a < b and (run[a][3][2] or run[a][3][0] in _PARTICIPLES or run[a][3][7] >= VERB_AFTER_SUBJECT):
            a += 1
    while a < b and not run[b - 1][3][4]:
        b -= 1
    # "preference prediction tasks", "peer review process": the kind word adds nothing
    while b - a > 2 and run[b - 1][3][5] and run[b - 2][3][4]:
        b -= 1
    # "incidents occurring", "the model excels", "improvements transfer": after a plural or
    # generic subject, a participle or a word often read as a verb is the clause's verb
    if b - a >= 2:
        last, subject = run[b - 1][3], run[b - 2][3]
        plural = subject[6] != subject[1].rsplit("-", 1)[-1]
        if ((plural and last[0] == "VBG") or (
            (plural or subject[6] in GENERIC_HEADS) and not last[1].endswith("ing") and last[7] >= VERB_AFTER_SUBJECT
        ) or (
            # "the paper depicts", "training proceeds": a singular subject agrees with a verb in -s
            not plural and subject[0] == "NOUN" and last[6] != last[1] and last[7] >= VERB_AFTER_SINGULAR
        )) and not _written_together(subject, last, compounds):  # "tool calls" is a compound
            b -= 1
            while a < b and not run[b - 1][3][4]:
                b -= 1
    if a == b:
        return None
    items = run[a:b][-max_words:]
    k = 0
    while k < len(items) and items[k][3][3]:
        k += 1
    if k:
        items = items[k:]
    if not items:
        return None
    words = [i[3][1] for i in items]
    if len(words) == 1 and ("-" not in words[0] or words[0] in GENERIC_COMPOUNDS):
        return None
    head = items[-1][3][6]  # "capabilities" is as generic as "capability"
    if head in GENERIC_HEADS and len(words) < 2 or head in PERSON_HEADS:
        return None
    # "significant improvements", and with a classifying modifier "full model", "multi-step process"
    if is_generic_phrase([*(w for w in words[:-1] if w not in CLASSIFYING_MODIFIERS), head]):
        return None
    if any(w in _DESCRIBING_COMPOUNDS for w in words):
        return None
    # "adversarial robustness", "action space": a generic head makes a term only as often as
    # a description ("key insight"); like participle phrases, these need support
    weak = head in GENERIC_HEADS and len(words) < 3 or any(i[3][0] in _PARTICIPLES for i in items)
    return items[0][1], items[-1][2], words, weak


_AUXILIARIES = frozenset("has have had having been is are was were be".split())
# words that open a verb's object or complement: a participle before them is a clause's verb
_OBJECT_STARTS = frozenset("a an the its their our his her this these those from into".split())


def noun_phrases(
    tokens: list[tuple[str, int, int]], lex: dict[str, str], max_words: int = 4, compounds: dict[str, int] | None = None
):
    """Yield (start, end, words, weak) of candidate phrases in one sentence's tokens.

    `weak` phrases contain a participle ("gated fusion", "message passing"; a lexicon without
    context cannot tell them from clause fragments, "models trained") or end in a generic head
    ("action space", but also "key insight"): the resolver keeps them only with corpus or
    in-paper support. A run is split at a word that is its clause's verb ("methods use| convex
    regions"), unless `compounds` (phrase key -> abstracts of the field using it) says the field
    writes it with the word before it ("prompt updates")."""
    shipped = lex is lexicon()
    tags = _PHRASE_TAGS if shipped else {}
    infos = _PHRASE_INFO if shipped else {}
    run: list[tuple] = []
    after_aux = after_cue = after_we = False  # what the word before a run's start says of it
    for word, start, end in tokens:
        info = infos.get(word)
        if info is None:
            info = infos[word] = _word_info(word, lex, tags)
            if len(infos) > 500_000:
                infos.clear()
        tag = info[0]
        if (
            tag and (tag != "VBG" or (run and run[-1][3][0] in NOMINAL))
            # "have (recently) gained attention", "to reuse past experience": the verb, not a phrase's start
            and (run or not (
                (after_aux and tag == "VBN") or (after_cue and info[7] >= VERB_AFTER_CUE and tag != "VBG")
                or after_we  # "we count tool calls", "a behaviour we term sparse expert drift"
            ))
        ):
            run.append((word, start, end, info))
            after_aux = after_cue = after_we = False
            continue
        low = info[1]
        after_aux = low in _AUXILIARIES or (after_aux and low.endswith("ly"))
        after_cue = low in _VERB_CUES or (after_cue and low.endswith("ly"))
        after_we = low in _SUBJECT_PRONOUNS or (after_we and (low.endswith("ly") or low in _ADVERBS))
        if run:
            if run[-1][3][0] == "VBG" and info[1] in _OBJECT_STARTS:
                run.pop()  # "a framework shifting from X", "an architecture extending a Y": a verb
            elif word == "-" and start == run[-1][2]:
                run.pop()  # "shared time- and frequency-...": the first half of a suspended compound
            if len(run) == 1 and "-" not in run[0][0]:
                run = []  # one plain word is never a phrase: skip the call
                continue
            yield from _phrases_of(run, max_words, compounds)
            run = []
    if run:
        yield from _phrases_of(run, max_words, compounds)


# a word inside a run, read as a verb this often, is a clause's verb where its subject agrees
# with it; less often it names a kind of what follows ("test set", "review comments")
VERB_BEFORE_OBJECT = 0.25
# a subject and verb the field writes together this often are a compound noun ("test splits")
COMPOUND_MIN_DF = 3


def _clause_verb(subject: tuple, word: tuple, compounds: dict[str, int] | None) -> bool:
    """Whether a noun-tagged word inside a run is the verb of a clause whose subject is the
    word before it and whose object follows: "methods use| convex regions", "a validator
    enforces| goal-directedness" (infos as _word_info gives them)."""
    if word[0] != "NOUN" or word[1].endswith("ing"):
        return False
    if word[7] < VERB_BEFORE_OBJECT or subject[0] not in ("NOUN", "PROPN"):
        return False
    if subject[6] != subject[1].rsplit("-", 1)[-1]:  # a plural subject: "methods use"
        agrees = word[6] == word[1]
    else:  # "a validator enforces"
        agrees = word[1].endswith("s") and word[6] != word[1]
    return agrees and not _written_together(subject, word, compounds)


def _plural(info: tuple) -> bool:
    """Whether a word (as _word_info gives it) is a plain lower-case noun in the plural whose
    singular the lexicon knows ("guarantees"; not "diabetes", "high-stakes", "Coralscapes")."""
    return (
        info[0] == "NOUN" and info[6] != info[1] and "-" not in info[1]
        and lexicon().get(info[6]) in ("NOUN", "VERB")
    )


def _written_together(first: tuple, second: tuple, compounds: dict[str, int] | None) -> bool:
    """Whether the field writes two words as a compound noun (infos as _word_info gives them)."""
    return compounds is not None and compounds.get(norm_key(f"{first[1]} {second[1]}"), 0) >= COMPOUND_MIN_DF


def _phrases_of(run: list[tuple], max_words: int, compounds: dict[str, int] | None):
    """The phrases of one run, split where a word in its middle is a clause's verb."""
    for i in range(1, len(run) - 1):
        if _clause_verb(run[i - 1][3], run[i][3], compounds):
            if i > 1 or "-" in run[0][0]:
                got = _phrase_of(run[:i], max_words, compounds)
                if got:
                    yield got
            yield from _phrases_of(run[i + 1 :], max_words, compounds)
            return
    got = _phrase_of(run, max_words, compounds)
    if got:
        yield got


# a phrase that starts with a classifying modifier keeps it only when the field writes it so
CLASSIFIED_MIN_DF = 10


def established_part(text: str, words: list[str], df: dict[str, int]) -> int | None:
    """How many leading classifying modifiers ("hybrid", "zero-shot") to trim from a phrase
    noun_phrases yields: none when the field uses the phrase ("hybrid attention"), else until
    it does not start with one ("full picture" -> nothing left: None)."""
    k = 0
    while k < len(words) - 1 and words[k] in CLASSIFYING_MODIFIERS:
        if df.get(norm_key(" ".join(words[k:])), 0) >= CLASSIFIED_MIN_DF:
            break
        k += 1
    if k and len(words) - k == 1 and "-" not in words[-1]:
        return None
    return k


_TITLE_WORD = re.compile(r"^[A-Z][a-z]{2,}(?:-[A-Z]?[a-z]+)*$")
_AFTER_OPENER = re.compile(r"[:\"“‘(\[]\s*$")


_TITLE_SHAPES: dict[str, int] = {}  # token text -> _title_shape(text)


def _title_shape(text: str) -> int:
    """0: not a capitalised word; 1: one, but a stop word ("The", "Table"); 2: may start a name."""
    shape = 0 if not _TITLE_WORD.match(text) else 1 if text in STOP_TITLE else 2
    if len(_TITLE_SHAPES) > 500_000:
        _TITLE_SHAPES.clear()
    _TITLE_SHAPES[text] = shape
    return shape


def proper_nouns(tokens, sents, lex: dict[str, str]):
    """Yield (start, end, words, name_end) of capitalised words and runs mid-sentence: "Sudoku",
    "Metropolis Hastings", with the lowercase words that make a name a concept ("Brier score";
    `name_end` is where the capitalised part ends).

    A capital inside a sentence marks a name unless the word is a common English word
    (the lexicon knows it as something other than a proper noun) standing alone.
    """
    shape_of = _TITLE_SHAPES.get
    for _a, _b, i, j in sents:
        k = i + 1  # the first word of a sentence is capitalised anyway
        while k < j:
            t = tokens[k]
            shape = shape_of(t.text)
            if shape is None:
                shape = _title_shape(t.text)
            if shape != 2 and not (shape == 1 and t.text in _PART_WORDS and _opens_name(tokens, k, j)):
                k += 1
                continue
            run = [t]
            k0 = k
            m = k + 1
            while m < j:
                u = tokens[m]
                if u.idx != run[-1].end + 1:
                    break
                shape = shape_of(u.text)
                if shape is None:
                    shape = _title_shape(u.text)
                if not shape:
                    break
                run.append(u)
                m += 1
            k = m
            if run[0] is tokens[i + 1] and _leads_run(tokens[i], run[0], lex):
                run.insert(0, tokens[i])  # "Supervised Causal Learning has shown ...": the run starts the sentence
            if len(run) == 1:
                tag = lex.get(t.text.lower())
                if tag not in (None, "PROPN") or "-" in t.text:
                    continue
            # one word, not the end of a longer name ("Intersection over Union loss")
            tail = _eponym_tail(tokens, m, j, run[-1].end, lex) if len(run) == 1 and tokens[k0 - 1].text not in ("over", "of") else 0
            yield run[0].idx, (tokens[tail - 1].end if tail else run[-1].end), [r.text for r in run] + [
                tokens[x].text for x in range(m, tail or m)
            ], run[-1].end


# what a person's name is the name of: "Brier score", "Kendall tau", "Hamming distance",
# "Markov chain", "Fourier transform"; alone the name is a truncation
EPONYM_HEADS = frozenset(
    """score scores distance distances divergence divergences correlation correlations coefficient
    coefficients tau rho test tests mixture mixtures noise distribution distributions filter filters
    transform transforms transformation transformations chain chains kernel kernels loss index indices
    equation equations matrix matrices prior priors sampler samplers bound bounds inequality
    inequalities entropy regression estimator estimators theorem theorems decomposition norm norms
    criterion statistic statistics curve curves splatting integral integrals operator operators
    heuristic heuristics angle angles expansion expansions series""".split()
)
# and what it names right after it only: "Givens rotations", "Grassmann manifold", "Reynolds
# number", "Fitts law", "Owen value"; not as the end of a longer phrase ("Lorsa scaling law")
EPONYM_NEXT = frozenset(
    """rotation rotations reflection reflections space spaces manifold manifolds polynomial polynomials
    game games number numbers geometry lemma conjecture law laws value values""".split()
)


def _eponym_tail(tokens, m: int, j: int, end: int, lex: dict[str, str]) -> int:
    """The index after the lowercase words that make a one-word name a concept ("Brier" +
    "score", "Gaussian" + "mixture"), or 0 when none follow."""
    for x in range(m, min(m + 2, j)):
        u = tokens[x]
        low = u.text
        if u.idx != end + 1 or not low.isalpha() or not low.islower():
            return 0
        if low in EPONYM_HEADS or x == m and low in EPONYM_NEXT:
            after = tokens[x + 1] if x + 1 < j else None  # "Gaussian mixture models"
            return x + 2 if after is not None and after.idx == u.end + 1 and after.text in ("model", "models") else x + 1
        if lex.get(low) != "NOUN":
            return 0
        end = u.end
    return 0


def _leads_run(first, second, lex: dict[str, str]) -> bool:
    """Whether a sentence's capitalised first word belongs to the capitalised run after it: a
    content word ("Supervised", "Neural"), not a function word or a generic word ("Recent", "Project")."""
    word = first.text
    if second.idx != first.end + 1 or not word[:1].isupper() or not word[1:].islower() or word in STOP_TITLE:
        return False
    low = word.lower()
    tag = lex.get(low)
    if low in GENERIC_MODIFIERS or low in GENERIC_HEADS:  # "Recent Vision Transformers", "Project Page"
        return False
    return tag in ("ADJ", "NOUN", "PROPN") or tag == "VERB" and low.endswith("ed")


# words that number a part of a paper ("Theorem 2", "Algorithm 1"), yet may open a name
# ("Theorem Precedence Graphs", "Algorithm Distillation")
_PART_WORDS = frozenset("Theorem Lemma Definition Algorithm Stage Phase Level".split())


def _opens_name(tokens, k: int, j: int) -> bool:
    """Whether the capitalised word after token k, right after it, may start a name."""
    if k + 1 >= j:
        return False
    u = tokens[k + 1]
    return u.idx == tokens[k].end + 1 and (_TITLE_SHAPES.get(u.text) or _title_shape(u.text)) == 2


STOP_TITLE = frozenset(
    """The This These Those That Our We It Its In On For With From By To And Or But However Moreover
    Furthermore Finally First Second Third Then Thus Hence Specifically Notably Additionally Table Figure
    Section Appendix Eq Equation Theorem Lemma Definition Algorithm Fig Step Stage Phase Part Level""".split()
)


# a short form a modifier can make a kind of: capitals ("RAG", "LLMs", "CoT", "QA")
_SHORT_FORM = re.compile(r"^[A-Z][A-Za-z]*[A-Z][a-z]?s?$")
_MODIFIER_TAGS = frozenset({"NOUN", "ADJ"})


def _describes_state(low: str, lex: dict[str, str]) -> bool:
    """A participle ("fine-tuned", "frozen") or a comparative ("longer", "fewer"): how the
    short form's thing is, not a kind of it."""
    if low.endswith("ed") or low == "frozen":
        return True
    return low.endswith("er") and any(lex.get(stem) == "ADJ" for stem in (low[:-2], low[:-1], low[:-3]))


def modified_short_forms(tokens: list[tuple[str, int, int]], lex: dict[str, str]):
    """Yield (start, end) of one or two modifiers and the short form after them: "agentic RAG",
    "video QA", "medical LLMs". The noun phrase finder ends phrases at nouns only, so it never
    proposes these; the field's counts of them decide which are terms."""
    shipped = lex is lexicon()
    tags = _PHRASE_TAGS if shipped else {}
    infos = _PHRASE_INFO if shipped else {}
    for i in range(1, len(tokens)):
        word = tokens[i][0]
        if not ("A" <= word[:1] <= "Z" and _SHORT_FORM.match(word)):
            continue
        if i + 1 < len(tokens) and tokens[i + 1][1] == tokens[i][2] + 1 and tag_word(tokens[i + 1][0], lex) == "NOUN":
            after = singular(tokens[i + 1][0].lower())
            if after not in KIND_HEADS and after not in GENERIC_HEADS:
                continue  # "multi-turn LLM agents": the short form modifies the noun after it
        for k in (1, 2):
            if i - k < 0:
                break
            before = tokens[i - k : i]
            got = []
            for w, _s, _e in before:
                info = infos.get(w)
                if info is None:
                    info = infos[w] = _word_info(w, lex, tags)
                got.append(info)
            # each word a noun or adjective of the lexicon, the first one allowed to open a phrase;
            # no participle describing a state ("fine-tuned LLMs", "frozen CLIP") and no plural
            # ("models LLM jailbreaks": a verb)
            if any(info[0] not in _MODIFIER_TAGS or info[3] or _describes_state(info[1], lex) or info[6] != info[1].rsplit("-", 1)[-1] for info in got) or got[0][2]:
                break
            if got[0][1].endswith("ing"):
                break  # "training LLMs", "fine-tuning VLMs": mostly a verb and its object
            if any(e != s2 - 1 for (_w, _s, e), (_w2, s2, _e2) in zip(tokens[i - k : i], tokens[i - k + 1 : i + 1])):
                break  # a word and the short form with more than one space or a bracket between
            yield tokens[i - k][1], tokens[i][2]
