"""Words that make a phrase generic rather than a concept a researcher would name.

"significant improvements", "our method" and "extensive experiments" are built only from
these; a phrase with one real content word ("policy improvement") is kept.
"""

from __future__ import annotations

import re

GENERIC_MODIFIERS = frozenset(
    """novel new existing various different several many multiple significant substantial strong
    state-of-the-art sota current recent previous prior other such same diverse extensive
    pure unstable inconsistent
    comprehensive key main simple effective efficient robust better best large small high low
    first second third further additional specific particular general overall proposed our their
    own its this these those improved superior competitive promising remarkable notable considerable
    wide broad rich fundamental important critical crucial essential major minor underlying
    single unified standard typical traditional conventional original final initial alternative
    potential possible real practical theoretical empirical challenging open public available
    given certain whole entire limited increasing growing emerging modern powerful impressive
    excellent great good poor higher lower larger smaller faster slower consistent significant
    relevant corresponding respective extensive thorough systematic detailed rigorous careful
    several numerous few little much more most less least lightweight scalable flexible
    general-purpose plug-and-play well-known widely-used popular mainstream leading
    an a the and or of for in on with to by from at as via experimental future world resource
    human complex simple hybrid classical realistic complete structured textual strategic mutual
    clinical scientific few much quality output input answer target source risk cultural
    downstream upstream base further improved high-quality fine-grained coarse-grained
    real-world long-term short-term end-to-end accurate advanced baseline common rapid solid viable
    early deeper deep shallow long short external internal specialized remarkable tremendous
    exceptional outstanding unprecedented key core crucial vital valuable useful meaningful
    reasonable acceptable desirable appropriate suitable adequate sufficient necessary
    specific explicit implicit detailed broader wider greater stronger weaker minimal untapped
    widespread extended central clear correct full primary distinct intuitive seamless
    substantial significant
    actionable capable coherent comparable compelling complementary costly dedicated harder incorrect
    inherent individual precise preliminary principled reliable representative severe strongest tight
    top-performing unreliable ongoing long-standing negligible granular predefined subsequent
    transparent proactive near-optimal multifaceted nuanced holistic generated comparative
    heterogeneous optimal stable slow targeted continued extreme exponential orthogonal computational
    structural next unique similar irrelevant persistent average quantitative past
    desired everyday fewer foundational innovative insufficient intricate serious subtle
    successive drop-in established cost-effective cost-efficient user-friendly easy-to-use""".split()
)

# Modifiers above that name a kind in the field's established terms: "hybrid attention", "full
# fine-tuning", "explicit search", "multi-step reasoning". A phrase keeps
# one only when the field uses the phrase with it (phrases.CLASSIFIED_MIN_DF abstracts);
# otherwise it is a description ("full picture") and is trimmed like the rest.
CLASSIFYING_MODIFIERS = frozenset(
    """hybrid full strategic deep shallow explicit implicit structured textual classical
    clinical scientific mutual cultural downstream upstream internal external long short extended
    world target source risk early heterogeneous optimal stable slow targeted continued extreme
    exponential orthogonal computational structural next
    zero-shot few-shot one-shot multi-step fine-grained coarse-grained long-term short-term
    end-to-end high-level low-level average quantitative past human""".split()
)

GENERIC_HEADS = frozenset(
    """approach method result performance improvement experiment work paper study analysis
    framework way problem issue task model system technique setting case number amount set
    type kind part lot variety range example effect aspect need use state art ability
    capability insight finding contribution challenge limitation advantage benefit gap evidence
    fact process level factor role impact term baseline question scenario application domain
    information quality order source step strategy solution design component module
    mechanism pipeline scheme paradigm architecture algorithm tool resource space manner
    version variant property feature behavior behaviour pattern trend practice direction
    area field community researcher user people time cost gain margin accuracy efficiency
    effectiveness robustness scalability generality utility value metric score rate
    experiment evaluation benchmark dataset data code project page implementation detail
    literature survey review overview line body idea concept notion perspective view
    goal objective aim purpose outcome output input instance sample item element unit
    series sequence group family class category collection combination mixture research
    gain loss size length datum report description interaction annotation annotator life
    condition relevance appropriateness consistency structure style protocol decision
    prototype utility diagnosis format insight question process capability ability
    choice principle foundation path development formulation mode answer parameter layer
    context environment potential effort adoption reliability requirement correlation expertise
    suite recipe resource horizon overhead integrity creator speaker
    nature availability volume scope nuance disparity demand frontier engagement standard comparison
    change difference concern counterpart alternative one progress material drop methodology degradation
    driver replacement spot subset""".split()
)

# Heads naming people by their role: "domain experts" aside (an expert is also a part of a
# mixture-of-experts model), "healthcare providers", "human reviewers", "cancer patients" are
# who a paper is about or for, not concepts; judged generic 13 times in 17 links of the dev sets.
PERSON_HEADS = frozenset(
    """reviewer patient professional developer provider student consumer clinician practitioner
    worker participant stakeholder doctor physician nurse teacher customer employee citizen
    resident volunteer respondent person individual engineer scientist designer manager owner
    author reader viewer listener child adult""".split()
)


# Single words that are never concepts on their own, even capitalised at a sentence start.
STOP_NAMES = frozenset(
    """I II III IV V VI VII VIII IX X XI XII AND OR NOT ALL ANY THE OUR WE IT
    ICML NeurIPS NIPS ICLR ACL EMNLP NAACL CVPR ICCV ECCV AAAI IJCAI KDD WWW SIGIR COLING
    TMLR JMLR AISTATS UAI COLT CoRL RSS ICRA IROS arXiv GitHub HuggingFace URL PDF USA US UK EU
    TL DR TL;DR FAQ ID IDs OK AM PM SoTA SOTA SOTAs
    OpenAI Google Meta Microsoft Anthropic DeepMind NVIDIA Nvidia Alibaba Tencent Baidu ByteDance
    Amazon AWS Apple IBM Intel Huawei Samsung Stanford MIT Berkeley CMU Harvard Oxford Cambridge
    USPTO NIH NSF DARPA WHO
    China Chinese Korea Korean Japan Japanese India Indian Germany German France French Europe
    European America American Africa African Asia Asian Canada Australia Brazil Russia
    North South East West Northern Southern Eastern Western
    January February March April May June July August September October November December
    dB GB MB TB KB GHz MHz kHz Hz MP Apache""".split()
)


# last words that make a capitalised run an institution, an event or an award, not a concept:
# "Maastricht University", "Best Paper Award", "Allen Institute"
INSTITUTION_HEADS = frozenset(
    """University Universities Institute College School Hospital Clinic Award Awards Prize Foundation
    Inc Corp Corporation Company Laboratory Laboratories Center Centre Department Ministry Agency
    Council Association Society Conference Workshop Symposium Government Court Parliament""".split()
)
VENUES = frozenset(
    """ICML NeurIPS NIPS ICLR ACL EMNLP NAACL CVPR ICCV ECCV AAAI IJCAI KDD WWW SIGIR COLING
    TMLR JMLR AISTATS UAI COLT CoRL RSS ICRA IROS EACL AACL LREC INTERSPEECH ICASSP MICCAI WACV BMVC
    ACCV ICPR IJCNN ECAI ECML PKDD ICDM WSDM CIKM RecSys ECIR ISMIR SIGGRAPH BioNLP""".split()
)
# a venue with its year: "CVPR-2025", "NeurIPS 2024", "ICML'25"
_VENUE_YEAR = re.compile(r"^(.+?)[-\s'’]?(?:19|20)?\d{2}$")

_YEAR = re.compile(r"^(?:19|20)\d\d$")


def _is_venue(name: str) -> bool:
    """A venue's name, or a workshop's at one ("BioNLP@ACL")."""
    return name in VENUES or "@" in name and name.rsplit("@", 1)[1] in VENUES


_NUMBERED_PART = re.compile(
    r"^(?:Phase|Stage|Step|Round|Level|Part|Tier|Table|Figure|Fig|Section|Appendix|Eq|Equation|Experiment|"
    r"Setting|Case|Group|Iteration|Epoch|Turn|Track|Subtask|Scenario|Example)(?:[- ]|\.\s?)?(?:\d+[a-z]?|[IVX]+)$"
)


# where a paper's code or demo lives: "GitHub repository", "Project Page", "project website"
_RESOURCE = re.compile(
    r"^(?:project|code|source|demo|home|official|github|gitlab|hugging\s?face|curated|living|public|https?)\s+"
    r"(?:repository|repositories|repos?|homepages?|websites?|webpages?|pages?|urls?|links?)$",
    re.I,
)

# a date: "June 2026", "mid-2025", "March 14, 2025", "Q3 2024"
_DATE = re.compile(
    r"^(?:(?:early|late|mid)[- ]?)?(?:(?:January|February|March|April|May|June|July|August|September|October|"
    r"November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?(?: \d{1,2},?)? |Q[1-4] )?(?:19|20)\d\d$",
    re.I,
)

_NUMBER_RANGE = re.compile(r"^[\d.,]+[KMBT]?\s*[-–]\s*[\d.,]+[KMBT]?$")
_UNIT_PHRASES = frozenset(["percentage points", "percentage point", "basis points", "basis point", "percent points"])


_CC_BY = r"CC[- ]?BY(?:[- ](?:SA|NC|ND))*"
# a Creative Commons licence anywhere in a text ("CC-BY 4.0 label", "CC BY-NC"): its words are no concept
CC_LICENCE = re.compile(rf"\b{_CC_BY}\b")
# a licence the data or code is released under: "CC-BY-4.0", "CC BY-NC-SA 4.0", "Apache-2.0"
_LICENCE = re.compile(rf"^(?:{_CC_BY}(?:[- ]\d\.\d)?|CC0|Apache[- ]2(?:\.0)?|(?:A|L)?GPL-?v?\d?(?:\.\d)?|MIT)(?:\s+[Ll]icen[cs]es?)?$")


def _places() -> frozenset[str]:
    """Countries, regions, states and large cities (data/places.txt)."""
    from importlib import resources

    lines = resources.files("kg.extract").joinpath("data", "places.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip() for line in lines if line.strip() and not line.startswith("#"))


PLACES = _places()


def is_not_a_concept(text: str) -> bool:
    """Places, institutions, awards and venues that a capitalised run or a coined-looking word
    may name, and pointers to the paper's code or page: never a research concept."""
    words = text.split()
    if _NUMBERED_PART.match(text):
        return True  # "Phase-2", "Stage 1", "Table 3": a numbered part of the paper or its method
    if text[-1:].isdigit() and _DATE.match(text):
        return True  # "June 2026": when, not what
    if text in _UNIT_PHRASES or text[:1].isdigit() and _NUMBER_RANGE.match(text):
        return True  # "gains of 4.2 percentage points", "3.4M-25.6M parameters": figures and their units
    if _RESOURCE.search(text) or _LICENCE.match(text) or text in PLACES or ("BY" in text and CC_LICENCE.search(text)):
        return True
    if len(words) == 1:
        if text in STOP_NAMES:
            return True
        m = _VENUE_YEAR.match(text)
        return m is not None and _is_venue(m.group(1))
    if len(words) == 2 and _YEAR.match(words[1]) and _is_venue(words[0]):
        return True  # "NeurIPS 2024", "BioNLP@ACL 2026": where the paper appears
    # "Maastricht University"; "University of Toronto", "Institute for Management and Innovation"
    return words[-1] in INSTITUTION_HEADS or (words[0] in INSTITUTION_HEADS and len(words) > 2 and words[1] in ("of", "for"))


def is_generic_phrase(words: list[str]) -> bool:
    """True when every word of a lowercase phrase is a generic modifier or generic head."""
    return all(w in GENERIC_MODIFIERS or w in GENERIC_HEADS for w in words)


def is_mined_term_kept(words: list[str]) -> bool:
    """Filter for corpus-mined phrases: a technical head, not built from generic words only."""
    if len(words) < 2 or words[-1] in GENERIC_HEADS or is_generic_phrase(words):
        return False
    if words[0] in GENERIC_MODIFIERS:
        return False
    return not any(w in ("datum", "et", "al", "e.g", "i.e") or not w[0].isalnum() for w in words)


# last parts that make a hyphenated word an adjective: "decoder-only", "CLIP-style",
# "IRAC-aligned", "coarse-to-fine", "model-agnostic"
_MODIFIER_ENDS = frozenset(
    "only style like aware free based level wise specific agnostic driven centric oriented grained "
    "fine scale sized friendly intensive efficient heavy dependent independent invariant".split()
)
_MODIFIER_PREFIXES = ("pre-", "post-", "non-", "anti-", "semi-")
_NEXT_WORD = re.compile(r"[ \t]+[a-z][a-z-]*\b")
_NEXT_NAME = re.compile(r"[ \t]+[A-Z][A-Za-z]*[A-Z][A-Za-z]*\b")  # LLMs, VLMs, RadVLM


def is_bare_modifier(text: str, after: str, lex: dict[str, str] | None = None) -> bool:
    """A single hyphenated word used in front of a noun ("decoder-only transformer",
    "post-RoPE rotation", "hand-crafted features", "tool-enhanced LLMs"): a piece of a longer
    term, not a concept.

    `after` is the text that follows the word in the abstract. With `lex` (the part-of-speech
    lexicon), a compound of plain words in front of a noun counts too ("vision-language models",
    "human-AI interactions"): pass it only for words no vocabulary knows as a concept.
    """
    if " " in text or "-" not in text.strip("-"):
        return False
    nxt = _NEXT_WORD.match(after)
    if nxt is None:
        named = _NEXT_NAME.match(after)  # "decoder-only LLMs": only an adjective ending says so
        return named is not None and _adjective_end(text)
    if _adjective_end(text) or text.lower().startswith(_MODIFIER_PREFIXES):
        return True
    # "chain-of-thought", "text-to-SQL" and "k-NN" name things even in front of a noun
    if lex is None or not text[0].islower() or "-of-" in text or "-to-" in text:
        return False
    parts = text.split("-")
    if not all(len(p) > 1 and p.isalpha() and (p.islower() or p.isupper()) for p in parts):
        return False
    return lex.get(nxt.group().strip().lower()) in ("NOUN", "ADJ")


def _adjective_end(text: str) -> bool:
    last = text.rsplit("-", 1)[1]
    return last.islower() and (last in _MODIFIER_ENDS or (last.endswith("ed") and len(last) > 3))


def in_complexity(text: str, start: int) -> bool:
    """Whether `start` opens the variables of a complexity ("$O(V+E)$ validation"): no concept;
    but "O(OD)2" is a benchmark's name."""
    if not text.endswith("\\mathcal{O}(", 0, start) and not (
        text.endswith(("O(", "Θ(", "Ω("), 0, start) and not text[start - 3 : start - 2].isalnum()
    ):
        return False
    close = text.find(")", start, start + 40)
    return close > 0 and not text[close + 1 : close + 2].isalnum()


# A common word the vocabulary names a concept with, in its everyday sense: "has attracted
# growing attention", "paying limited attention to", "practical recommendations". Only a bare
# mention is read so ("attention heads" and "recommendation models" are the concepts).
_EVERYDAY_BEFORE = {
    "attention": re.compile(
        r"\b(?:pay|pays|paid|paying|draw|draws|drew|drawing|drawn|attract|attracts|attracted|attracting|receive|"
        r"receives|received|receiving|gain|gains|gained|gaining|garner|garners|garnered|garnering|warrant|warrants|"
        r"deserve|deserves|devote|devoted|little|less|limited|considerable|significant|substantial|growing|"
        r"increasing|increased|widespread|special|particular|careful|close|urgent|public|media|renewed|"
        r"users'|people's|human)\s+(?:(?:much|more|less|little|limited|considerable|significant|substantial|"
        r"growing|increasing|increased|widespread|special|particular|careful|close|urgent|renewed|great|"
        r"greater|wide|broad|extensive|further|sufficient|insufficient|scant|scarce)\s+)?$",
        re.I,
    ),
    "recommendation": re.compile(
        r"\b(?:practical|actionable|concrete|policy|design|clear|specific|key|general|best-practice|"
        r"evidence-based|methodological|regulatory)\s+$",
        re.I,
    ),
}


def everyday_sense(text: str, start: int, end: int) -> bool:
    """Whether the bare word at [start, end) is said in its everyday sense, not the field's."""
    word = text[start:end].lower()
    pattern = _EVERYDAY_BEFORE.get(word[:-1] if word.endswith("s") and word[:-1] in _EVERYDAY_BEFORE else word)
    return pattern is not None and pattern.search(text, max(0, start - 60), start) is not None


# a capitalised word right before, itself inside a sentence: "the European| Union digital ..."
_CAPITALISED_BEFORE = re.compile(r"(?<=[a-z0-9,;(] )([A-Z][a-z]+) $")
_RUN_OPENERS = frozenset("DET PRON ADP CCONJ SCONJ ADV AUX VERB".split())
_LANGUAGE_ENDINGS = ("ish", "ese", "ic", "ian", "an")  # English, Chinese, Arabic, Romanian, German
_ACRONYM_OPENS = re.compile(r"[A-Z]{2,}s?\b")


def cut_from_a_name(text: str, start: int, lex: dict[str, str]) -> bool:
    """Whether a phrase opening with a capitalised word at `start` goes on a capitalised run that
    began before it ("European| Union digital accessibility rules"): a piece of a name; not
    after a function word ("The| Transformer architecture") or at a sentence's start."""
    if not text[start : start + 1].isupper():
        return False
    m = _CAPITALISED_BEFORE.search(text, max(0, start - 30), start)
    if m is None or lex.get(m.group(1).lower()) in _RUN_OPENERS:
        return False
    # "English| VLM training corpora": a language names the variety of what its acronym leads
    return not (m.group(1).endswith(_LANGUAGE_ENDINGS) and _ACRONYM_OPENS.match(text, start))
