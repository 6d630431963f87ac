"""Named things: models, benchmarks, datasets, methods written as names.

A name is a word whose shape says it was coined — capitals inside it (GRPO, LoRA,
DeepSeek-R1, KVFundaBench), letters with digits (Qwen2.5-VL-7B, AIME25, GPT-4o) — or a
known model family followed by its version words ("Gemini 2.5 Pro", "Llama 3").
"""

from __future__ import annotations

import bisect
import functools
import re
from dataclasses import dataclass

from kg.extract.generic import CC_LICENCE, STOP_NAMES
from kg.extract.typing_rules import CAMPAIGN_TASK
from kg.extract.vocabulary import Vocabulary

# only words with a capital or a digit somewhere can be names: the lookahead skips the rest cheaply
# "τ^2-Bench", "PAR^2-RAG": a caret before a digit (a LaTeX exponent once the markup is gone) stays inside the word;
# a double hyphen is a dash typed in ASCII ("SinVAD--across", "optimizers--MIPROv2"): it ends a word
_TOKEN = re.compile(r"(?:(?<![\w@.+-])|(?<=--))(?=(?:[\w\u00C0-\u024F\u0370-\u03FF\u2080-\u2089.+@]|-(?!-)|\^(?=\d))*[A-Z0-9\u2080-\u2089])[A-Za-z0-9\u00C0-\u024F\u0370-\u03FF](?:[\w\u00C0-\u024F\u0370-\u03FF\u2080-\u2089.+@]|-(?!-)|\^(?=\d))*[\w+\u2080-\u2089]|(?<![\w@.+-])[A-Z](?![\w@-])")
# "-based", "-style" ... after a name: the name is the part before the hyphen
_SUFFIX_WORDS = re.compile(
    r"-(?:based|style|like|driven|guided|aware|free|trained|tuned|generated|specific|level|only|"
    r"powered|enhanced|centric|oriented|augmented|assisted|friendly|compatible|scale|inspired|"
    r"informed|induced|derived|related|dependent|agnostic|equipped|enabled|integrated|consistent|"
    r"type|format|formatted|labeled|annotated|supervised|pretrained|distilled|finetuned|"
    r"fine-tuned|generated|produced|written|translated|for|as|of|with|in|and|on|to|or|but|the|by|at|from|"
    r"is|are|which|that)$",
    re.I,
)
# "NLTK-tokenized", "LoRA-adapted": any past participle after a name's hyphen, written in lower
# case (a capitalised word there may belong to the name); "-med" is a word piece ("GLiNER-biomed")
_PARTICIPLE_SUFFIX = re.compile(r"-[a-z]{2,}(?<!m)ed$")


def _participle(word: str) -> bool:
    """"approved", "mined", "tokenized" (which the lexicon reads as an adjective); not "infrared"."""
    from kg.extract.phrases import lexicon

    return word.endswith(("ized", "ised", "ated")) or lexicon().get(word) == "VERB"


_VERSION_WORD = r"(?:\d(?:[\w.]*\w)?|Pro|Flash|Mini|mini|Ultra|Sonnet|Opus|Haiku|Turbo|Instruct|Chat|Base|Nano|Lite|Max|Plus|VL|Coder|Math|Vision|Omni|Thinking|Preview|Distill|Large|Small|Medium|XL|IT)"
# a release number written apart: "OlmoEarth v1.1", "DeepSeek v3.2", "FooNet V2"
_SPACED_RELEASE = re.compile(r"\s[vV]\d+(?:\.\d+)*(?![\w-])")
# an edition's year written apart: "BraTS 2021", "SemEval 2025", "AIME 2024"
_EDITION_YEAR = re.compile(r" (?:19|20)\d\d(?![\w-]|[.,]\d)")
# a model's size written apart, with its variant: "EuroLLM 1.7B Instruct" (a known family's are
# in its own pattern: "Llama 3.1 8B Instruct")
_SPACED_SIZE = re.compile(r" \d+(?:\.\d+)?[BM](?: (?:Instruct|Base|Chat|Thinking|Preview))?(?![\w-])")
# a release numbered apart: "RewardBench 2", "EXAONE 4.0", "PLaMo 2.1-VL" (a known family's are in its
# own pattern); not a score ("by 2.5 points", "2.5%"), a range ("Levels 1-3") or an item "(1)"
_SPACED_NUMBER = re.compile(
    r" (?:[1-9]\.\d{1,2}|[1-9](?!\)))(?:-[A-Z](?:[\w.]*\w)?)?(?![\w%×\]]|[.,]\d|-|\s*(?:%|x\b|points?\b|pp\b|times\b))"
)
# after an acronym a number is a score or a measure as often as a release ("MAE 9.0 days"): only
# "VQA 2.0" before a comma, a conjunction or a kind of resource is taken for one
_DOT_ZERO_RELEASE = re.compile(
    r" [1-9]\.0(?=[,;:.)]|$|\s+(?:and|or|benchmarks?|datasets?|corpus|corpora|standard|specification)\b)"
)
# a shared task of a yearly evaluation campaign: "SemEval-2026 Task 9", "NLPCC 2025 Shared Task 7"
_CAMPAIGN_TASK = re.compile(rf"{CAMPAIGN_TASK}(?![\w-])")
_ENDS_IN_YEAR = re.compile(r"(?:19|20)\d\d$")
# an edition word written apart: "OfficeQA Pro", "FooBench Lite", "GPQA Diamond", "BIG-Bench Hard"
# (a family's own are in _VERSION_WORD)
_EDITION_STARTS = tuple(f" {w}" for w in "Pro Plus Max Lite Mini Ultra Turbo Flash Nano Hard Verified Diamond".split())
_SPACED_EDITION = re.compile(rf"(?:{'|'.join(_EDITION_STARTS)})(?![\w-])")
_NUMERIC = re.compile(
    r"^[\d.,:%x×+\-/]+[a-z%]{0,2}$|^\d+(?:\.\d+)?(?:[KMBGT]B?|k|ms|s|h|x|X|GB|MB|TB|M|B|MP|dB|Hz|[KMG]Hz)$"
    r"|^\d+(?:\.\d+)?[BM]-A\d+(?:\.\d+)?[BM]$"  # "30B-A3B": a mixture-of-experts size, cut from its model's name
    # a quantity in a unit of power, energy, rate or voltage ("50MW", "64FPS", "24rpm"), or a score
    # run into its metric's initials ("77.78ACC", "79.30AUC")
    r"|^\d+(?:\.\d+)?(?:[kMGT]?W|[kMG]?Wh|mAh|[kmM]?V|FPS|fps|rpm|RPM|TFLOPS|GFLOPS|FLOPs?)$|^\d+\.\d+[A-Z]{2,5}$"
)
# "human-AI", "user-LLM", "single-LLM": who meets whom (or how many), written before a noun
_PAIRING = re.compile(r"^[a-z]{3,}-(?:AI|LLM|LM|VLM|MLLM)$")
_LOWER_NEXT = re.compile(r" [a-z]")


@dataclass(frozen=True, slots=True)
class Name:
    text: str
    start: int
    end: int


def coined_shape(text: str) -> bool:
    """"BRIGHT", "EuroLLM", "GSM8K": a capital after the first letter or a digit; not "English"."""
    return any(ch.isupper() for ch in text[1:]) or any(ch.isdigit() for ch in text)


@functools.lru_cache(maxsize=1 << 16)
def looks_like_name(word: str) -> bool:
    """True when a word's shape says it is a coined name rather than an English word."""
    if len(word) < 2 or word in STOP_NAMES or _INITIALS.match(word) or _MATH.search(word) or _NUMERIC.match(word) or (
        _PLAIN_COMPOUND.match(word) and not _BENCHMARK_COMPOUND.search(word)
    ):
        return False  # "High-Density", "Task-Dependent": capitalised English, not a coined name
    if (_ACRONYM_LETTERS.match(word) or _INNER_ACRONYM_LETTER.match(word)) and not _ends_in_word(word) and _is_word(word):
        return False  # "SEarch", "histOlogy": a word with an acronym's letters marked, not "VRBench", "nuScenes"
    uppers = sum(c.isupper() for c in word)
    has_digit = any(c.isdigit() for c in word)
    has_alpha = any(c.isalpha() for c in word)
    if not has_alpha:
        return False
    if _AT_K_METRIC.match(word):
        return True  # "pass@128", "maj@16", "success@10": a metric at a cut-off, however cased
    if uppers >= 2:
        # all-caps English shouting ("NOT") is excluded by STOP_NAMES; ordinals like "2D"/"3D" pass
        return True
    if uppers == 1 and has_digit:
        return word[0].isalpha()  # Qwen3, Sora-2; not 2D, 3D, 4K
    if uppers == 1 and not word[0].isupper() and word[0].isalpha():
        return True  # vLLM, mHC
    return any("\u2080" <= c <= "\u2089" for c in word) and uppers >= 1


_AT_K_METRIC = re.compile(r"^[A-Za-z]{2,}@(?:\d+(?:\.\d+)?|[kKnN])$")
_MATH = re.compile(r"^[A-Za-z][+\-*/=^]\d+$|_")  # L+1, L-1, ESS_min: formula pieces, not names
_INITIALS = re.compile(r"^(?:[A-Za-z]\.)+[A-Za-z]?$")  # U.S., e.g., i.e.
# "SEarch", "REwriting": capitals that spell out an acronym inside an ordinary word
_ACRONYM_LETTERS = re.compile(r"^[A-Z]{2,3}[a-z]{3,}$")
# "Spatial Transcriptomics and histOlogy Representation Model (STORM)": one capital inside a word
_INNER_ACRONYM_LETTER = re.compile(r"^[a-z]{2,}[A-Z][a-z]{3,}$")
def _ends_in_word(word: str) -> bool:
    """"VRBench", "XGBoost", "IFEval": a prefix glued to a capitalised word the lexicon knows;
    "SEarch", "REwriting" spell an acronym out of one word ("earch" is no word)."""
    from kg.extract.phrases import lexicon

    last_cap = max(i for i, c in enumerate(word) if c.isupper())
    return word[last_cap:].lower() in lexicon()


def _is_word(word: str) -> bool:
    """"SEarch" is the word "search" with an acronym's capitals; "XAInomaly" is no word."""
    from kg.extract.phrases import lexicon

    return word.lower() in lexicon()


_PLAIN_COMPOUND = re.compile(r"^[A-Z]?[a-z]+(?:-[A-Z]?[a-z]+)+$")
# "Spider-Bench", "Claw-Eval", "Spatial-Gym": English words made a name by a benchmark's suffix
_BENCHMARK_COMPOUND = re.compile(r"-(?:Bench|Eval|Gym|Arena)$")
_CAPITAL_BEFORE = re.compile(r"(?<![.!?:]\s)\b[A-Z][\w-]* $")  # a capitalised word just before, not a sentence's first
_NEGATION = re.compile(r"^(?:non|anti|pseudo|quasi)-", re.I)
# "low-NFE regime", "high-SNR": a degree said of a measure written as an acronym ("zero-RL",
# "semi-PD" and "multi-LLM" name things of their own)
_DEGREE_PREFIX = re.compile(r"^(?:low|high)-(?=[A-Z]{2,}s?$)")


_GLUED_SENTENCE = re.compile(r"\.(?=[A-Z][a-z])")  # "set.Unlike": a missing space after a full stop


@functools.lru_cache(maxsize=1 << 16)
def _trim(word: str) -> str:
    word = _GLUED_SENTENCE.split(word, 1)[0]
    word = _DEGREE_PREFIX.sub("", _NEGATION.sub("", word))
    while True:
        m = _SUFFIX_WORDS.search(word)
        if not m:
            m = _PARTICIPLE_SUFFIX.search(word)
            if not m or sum(c.isalpha() for c in word[: m.start()]) < 2 or not _participle(m.group(0)[1:]):
                break  # "T1-weighted" is the scan's name, not T1; "RGB-to-infrared" has no participle
        word = word[: m.start()]
    if word.endswith("'s") or word.endswith("’s"):
        word = word[:-2]
    word = _DASHED_ARTICLE.sub("", word)  # "ModRWKV-a decoupled framework": a dash typed as a hyphen
    return word.rstrip(".-")


_DASHED_ARTICLE = re.compile(r"(?<=\w)-an?$")


def find_names(text: str, vocab: Vocabulary) -> list[Name]:
    """Return the names in `text` with their offsets, longest first where they overlap."""
    names: list[Name] = []
    family_re = _family_pattern(vocab.families)
    # finditer's matches are sorted and disjoint: a bisect finds the one that could cover a
    # token (a scan of all of them made a long abstract quadratic).
    starts: list[int] = []
    ends: list[int] = []
    for m in family_re.finditer(text):
        word = _trim(m.group(0))  # "Llama-3-on this dataset", "GPT-4-based": the name before the hyphen
        names.append(Name(word, m.start(), m.start() + len(word)))
        starts.append(m.start())
        ends.append(m.start() + len(word))
    # "gpt-4o-mini", "openai/gpt-5.5": a family in lower case with its version, kept in order
    for m in _lower_family_pattern(vocab.families).finditer(text) if _LOWER_DIGIT.search(text) else ():
        word = _trim(m.group(0))
        i = bisect.bisect_right(starts, m.start()) - 1
        if i >= 0 and m.start() < ends[i]:
            continue
        k = bisect.bisect_left(starts, m.start())
        names.insert(k, Name(word, m.start(), m.start() + len(word)))
        starts.insert(k, m.start())
        ends.insert(k, m.start() + len(word))
    # "CC-BY-SA", "CC BY-NC 4.0": a licence, not a concept (nor "CC" a name)
    licences = [lic.span() for lic in CC_LICENCE.finditer(text)] if "BY" in text else ()
    for m in _TOKEN.finditer(text):
        raw = m.group(0)
        if licences and any(a <= m.start() < b for a, b in licences):
            continue
        word = _trim(raw)
        i = bisect.bisect_right(starts, m.start()) - 1
        if not word or (i >= 0 and m.start() < ends[i]):
            continue
        at = m.start() if raw.startswith(word) else m.start() + raw.find(word)  # "non-WhisTLE": after the "non-"
        if at > m.start() and _PLAIN_ACRONYM.match(word) and _NEGATION.match(raw):
            # "non-IID data": the negated property is the concept, not its opposite
            names.append(Name(text[m.start() : at + len(word)], m.start(), at + len(word)))
            continue
        if _PAIRING.match(word) and _LOWER_NEXT.match(text, m.start() + len(raw)):
            continue  # "human-AI co-creativity", "user-LLM interaction": the pairing modifies the noun
        if _BENCHMARK_COMPOUND.search(word) and _PLAIN_COMPOUND.match(word) and _CAPITAL_BEFORE.search(text, max(0, m.start() - 60), m.start()):
            continue  # "VL Reward-Bench": a longer name whose start the finder cannot tell, left to the phrases
        if looks_like_name(word) or word in vocab.acronyms:
            start = at
            if word not in vocab.acronyms and vocab.lookup(word) is None and not _PLAIN_ACRONYM.match(word):
                start = _name_opening(text, start, vocab.families)
            end = at + len(word)
            release = _SPACED_RELEASE.match(text, end) if text.startswith((" v", " V"), end) else None
            if release is None and text.startswith((" 19", " 20"), end):
                release = _EDITION_YEAR.match(text, end)
            if release is None and text.startswith(_EDITION_STARTS, end):
                release = _SPACED_EDITION.match(text, end)
            if release is None and text.startswith(" ", end) and coined_shape(word):
                release = _SPACED_SIZE.match(text, end) or _spaced_number(text, end, word, vocab)
            if release is not None:
                end = release.end()
                if release.re is _SPACED_NUMBER and text.startswith(" ", end):
                    size = _SPACED_SIZE.match(text, end)  # "MedGemma 1.5 4B"
                    end = size.end() if size else end
            if _ENDS_IN_YEAR.search(text, start, end):
                task = _CAMPAIGN_TASK.match(text, end)  # "SemEval-2025 Task 5": the task, not the campaign
                end = task.end() if task else end
            names.append(Name(text[start:end], start, end))
        elif "-" in word:
            # a name inside a compound: "GRPO-style", "LLM-as-a-judge" handled by vocabulary
            head = word.split("-", 1)[0]
            if looks_like_name(head):
                names.append(Name(head, at, at + len(head)))
    names.sort(key=lambda n: (n.start, -n.end))
    return names


def _spaced_number(text: str, end: int, word: str, vocab: Vocabulary) -> re.Match | None:
    """The release number written after a coined name ("MedGemma 1.5", "RewardBench 2"): the
    numbered release is a concept of its own, not the name beside a stray number."""
    if not text[end + 1 : end + 2].isdigit():
        return None
    m = _SPACED_NUMBER.match(text, end)
    if m is None or not _PLAIN_ACRONYM.match(word):
        return m
    key = vocab.acronyms.get(word)
    entry = vocab.entries.get(key) if key else None
    if (entry is not None and entry.type == "Metric") or not _DOT_ZERO_RELEASE.match(text, end):
        return None
    return m


# a capitalised word just before a coined name, inside a sentence: "Faster R-CNN", "Instruct Pix2Pix"
_OPENING_WORD = re.compile(r"(?<![\w.,;:!?(\[\-–—\"'“])\s*(?<=[\w,;(\s])\b([A-Z][a-z]{2,}) $")
_NOT_OPENING = frozenset(
    """The This These Those That Our We It Its In On For With From By To And Or But Than As At Via Using
    Both Each All Any Some Most Many Several While When Where Which Who How Table Figure Section Appendix
    Eq Equation Theorem Lemma Definition Algorithm Fig Step Stage Phase Part Level Like Unlike Compared""".split()
)


_PLAIN_ACRONYM = re.compile(r"^[A-Z]{2,4}s?$")  # "Arabic NLP", "Keras API": a field or a kind, not part of a name


def _name_opening(text: str, start: int, families: tuple[str, ...]) -> int:
    """Where a coined name starts when the capitalised word before it belongs to it: a proper
    noun or a word the lexicon does not know ("Swin UNETR", "Xilinx KV260", "Instruct Pix2Pix"),
    not an English word ("Dataset CI4R", "Explore ToM") or a model family ("Gemma 2B-2B")."""
    from kg.extract.phrases import lexicon

    m = _OPENING_WORD.search(text, max(0, start - 20), start)
    if m is None or m.group(1) in _NOT_OPENING or m.group(1) in STOP_NAMES or m.group(1) in families:
        return start
    if lexicon().get(m.group(1).lower()) not in (None, "PROPN"):
        return start
    before = text[: m.start(1)].rstrip()
    if not before or before[-1] in ".!?:\n":
        return start  # the sentence's first word is capitalised anyway
    return m.start(1)


_LOWER_DIGIT = re.compile(r"[a-z][.-]?\d")  # cheap test: no lower-case family with a version without one
_VERSION_AFTER_FAMILY = re.compile(r"\d|[.-][a-z0-9.-]*\d")


@functools.lru_cache(maxsize=8)  # one pattern per vocabulary's families
def _lower_family_pattern(families: tuple[str, ...]) -> re.Pattern:
    """A family written in lower case with its version, as model hubs and APIs spell it:
    "gpt-4o-mini", "llama3.1-8b", "gemini-2.5-pro", "openai/gpt-5.5". The version is required
    ("mistral-small-3.1", not "mistral" or "phi"), and it starts right after the family
    ("wang2024stylemamba", a citation key, is not Wan)."""
    alts = "|".join(re.escape(f.lower()) for f in families if not f.islower()) or "(?!)"
    return re.compile(rf"(?<![\w@./-])(?:[a-z][a-z0-9-]*/)?(?:{alts})(?=\d|[.-][a-z0-9.-]*\d)(?:[A-Za-z0-9.+]|-(?!-))*[A-Za-z0-9+](?![\w@/])")


@functools.lru_cache(maxsize=8)
def _family_pattern(families: tuple[str, ...]) -> re.Pattern:
    alts = "|".join(re.escape(f) for f in families) or "(?!)"
    # family, glued version ("Qwen2.5-VL-7B", "GPT-4o") or a spaced one ("Kimi K2", "DeepSeek V3")
    # and spaced version words ("Gemini 2.5 Pro"); a spaced version may carry its edition ("DeepSeek V4-Pro")
    return re.compile(
        rf"(?<![\w@.-])(?:{alts})(?:(?:[\w.+]|-(?!-))*[\w+]|\s+(?!F1\b)[A-Zv]\d(?:[\w.]*\w)?(?:-{_VERSION_WORD})*(?:(?![\w-])|(?=-(?:based|style|like|driven|powered|generated)\b)))?(?:\s+{_VERSION_WORD}(?![\w-]))*(?:-[\w.]*[\w])?(?![\w@])"
    )


@functools.lru_cache(maxsize=1 << 16)
def family_of(name: str, families: tuple[str, ...]) -> str | None:
    """The model family a name starts with ("Qwen2.5-VL-7B" -> "Qwen"), if any; a name written
    in lower case with a version after the family counts too ("gpt-4o-mini" -> "GPT")."""
    for fam in families:
        if name.startswith(fam):
            return fam
    if name[:1].islower():
        low = name.rsplit("/", 1)[-1]  # "openai/gpt-5.5": the hub's owner before the name
        for fam in families:
            f = fam.lower()
            if not fam.islower() and low.startswith(f) and _VERSION_AFTER_FAMILY.match(low, len(f)):
                return fam
    return None
