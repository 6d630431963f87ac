"""What a paper introduces: "we propose X", "we introduce X, a benchmark ...", "X, a novel ...".

Finds the sentence and the clause that announce a contribution, then the name inside the
clause: a coined name, or an acronym defined there. The words of the clause type it:
"a benchmark" -> Benchmark, "a dataset" -> Dataset, "framework" -> Framework ...
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_VERBS = (
    r"propos\w*|introduc\w*|present\w*|develop\w*|design\w*|construct\w*|(?:build|builds|built)(?!\s+(?:up)?on\b)|"
    r"releas\w*|curat\w*|creat\w*|collect\w*|contribut\w*(?!\s+to\b)|establish\w*|formulat\w*|devis\w*|"
    r"offer\w*|put\s+forward|unveil\w*|open-source\w*|provid\w*|call\w*(?!\s+(?:for|on|upon)\b)|nam\w*|dub\w*|term\w*|"
    r"synthesi[sz]\w*|assembl\w*|envision\w*"
)
# who announces: "we", or the document itself ("this technical report presents X")
_SELF = (
    r"we|(?:this|the\s+present|our)\s+(?:technical\s+)?(?:paper|work|study|report|article|research|thesis|survey|"
    r"letter|manuscript|chapter|project|position\s+paper)|the\s+(?:paper|article|manuscript)"
)
# an adverb between the announcer and its verb: "we also propose", "we therefore introduce"
_ADVERB = r"(?:\w+ly\s+|also\s+|further\s+|then\s+|first\s+|therefore\s+|thus\s+|hence\s+|here\s+|now\s+|next\s+|instead\s+)?"
_ANNOUNCE = re.compile(
    rf"\b(?:(?:{_SELF})\s+(?P<aux>are\s+|will\s+|have\s+|has\s+)?{_ADVERB}"
    rf"|us\s+to\s+|by\s+)(?:{_VERBS})\b",
    re.I,
)
# "we compile a dataset, JudiFair", "we formalize a Decoupled Declarative Decision (D3) Framework",
# "we define a new metric, Force Gap": verbs that often take an ordinary object ("we define the
# reward as ...", "we compile 120k images"), so they announce only a name the sentence says is one
_NAMING_VERB = re.compile(
    rf"\b(?:{_SELF})\s+{_ADVERB}"
    r"(?:(?:compil|formali[sz]|defin)(?:e|es|ed)|identif(?:y|ies|ied))\b",
    re.I,
)
_NAMING_VERB_WORDS = ("compil", "formali", "defin", "identif")
# an announcement whose verb names ("we call", "we term", "we dub"): what follows is the name
_LOWER_NEXT = re.compile(r"\s+[\"“‘']?[a-z]")
NAMING_VERBS = r"call|calls|called|term|terms|termed|dub|dubs|dubbed|name|names|named"  # the verbs that give a name
_NAMING_ANNOUNCE = re.compile(rf"\b(?:{NAMING_VERBS})$", re.I)
_IDENTIFIED_RUN = re.compile(r"\s+((?:[A-Z][a-z][\w-]*\s+){1,5}[A-Z][a-z][\w-]*)(?=\s*[,\u2013\u2014(:]|\s+-\s)")
_KIND_THEN_COMMA = re.compile(
    r"\s+(?:an?|the|our)\s+(?:[\w-]+\s+){0,4}?(?:dataset|benchmark|corpus|framework|metric|model|method|suite|"
    r"collection|testbed|library|toolkit|pipeline|taxonomy|measure|score|index)s?,\s+(?=[A-Z])"
)
# "a Decoupled Declarative Decision (D3) Framework", "we identify Concept Vectors (CVs)"
_CAPITALISED_DEFINED = re.compile(r"\s+(?:(?:an?|the)\s+)?((?:[A-Z][\w-]*\s+){1,6})\([A-Za-z][\w-]*\)")
# "the resulting model, named X", "a benchmark dubbed X": naming is announcing
# "we formalize X as Y and introduce Z": a second verb of the same "we" announces too
# (verbs only: "and development of", "and open-source LLMs" are not announcements)
_COORDINATED = re.compile(
    r"\band(?:\s*,[^,.;]{1,50},)?\s+(?:\w+ly\s+|also\s+|then\s+|further\s+|finally\s+)?"
    r"(?:(?:from|with|using|on)\s+(?:it|them|this|these)\s+)?"  # "... and from it construct X"
    r"(?:(?:propos|introduc|releas|curat|creat|formulat|devis|synthesi[sz])(?:e|es|ed)|"
    r"(?:present|develop|design|construct|collect|establish|unveil)(?:s|ed)?|build|builds|built)\b",
    re.I,
)
# "we leverage our construction to propose X": the same "we" announces through a purpose clause
_PURPOSE_ANNOUNCE = re.compile(rf"\bwe\s+(?:[\w-]+\s+){{1,8}}?to\s+(?:{_VERBS})\b", re.I)
# "... is then strengthened by introducing the SMC and CMA modules": these verbs announce even without "we"
_STRONG_BY = re.compile(r"by\s+(?:propos|introduc|design|develop)", re.I)
# the authors' earlier work: right after an announcing verb, or before a naming word
_PRIOR_WORK = r"(?:prior|previous|earlier)\s+work"
_EARLIER = re.compile(rf"\s+(?:\w+\s+)?(?:previously|earlier|before|in\s+(?:our\s+)?{_PRIOR_WORK})\b", re.I)
_EARLIER_WORK = re.compile(rf"\b(?:previously|earlier|{_PRIOR_WORK})\b", re.I)
_WE = re.compile(rf"\b(?:{_SELF})\b", re.I)
# 'we introduce "reasoning prototypes"', 'the notion of “X”': the quotes mark the coined term
_QUOTED = re.compile(
    r"\s*(?:(?:a|the|an)\s+(?:new\s+|novel\s+)?(?:notion|concept|idea|term)\s+of\s+|(?:the\s+)?so-called\s+)?"
    r"(?:[\"“‘'`]{1,2})([^\"“”`.;:]{1,58}?[\w)+])[\s,]*[\"”’'`](?!\w)"
)
# a name after a weaker cue must come before the clause turns to what it is for or built on
_NAMED_CLAUSE_END = re.compile(r"\b(?:for|in|of|with|based|using|via|from|on|across|to|by|than|over)\b", re.I)
_SUBJECT_BRINGS = re.compile(
    r"^\s*(?:The\s+)?([A-Z][\w.+-]*[A-Z0-9][\w.+-]*)(?:\s+(?:framework|architecture|model|system|method|approach|"
    r"benchmark|dataset|pipeline|library|toolkit|agent))?\s+(?:presents|introduces|proposes|offers|provides)\s+"
    r"(?:a|an)\s+(?:[\w-]+\s+){0,2}?(?:novel|new)\b"
)
# an abstract opening with a coined name: "NeoN, a tool for ...", "EasyMath is a compact benchmark for ..."
_OPENING_KIND = re.compile(
    r"^\s*([A-Z][\w.+@-]*[A-Z0-9][\w.+@-]*)(?:\s*,\s*|\s+(?:is|are)\s+)(?:an?|the)\s+"
    r"(?!(?:widely|well|popular|standard|classic|common|existing|established|traditional)\b)(?:[\w-]+\s+){0,4}?"
    r"(?:tool|toolkit|framework|benchmark|dataset|corpus|library|system|platform|model|suite|pipeline|agent|method|"
    r"algorithm|architecture|testbed|environment|simulator|metric|package)s?\b"
)
# not "Named Entity Recognition"
_NAMING = re.compile(r"(?:,\s*|\b)(?:named(?!\s+entit)|dubbed|termed|coined)\s+", re.I)
# "we train a diffusion model called LocDiffusion", "our method, called LPOSS+": "called" names
# when the paper speaks of its own work ("a technique called dropout" is someone else's)
_USED = re.compile(
    r"\b(?:use[sd]?|using|employ\w*|adopt\w*|leverag\w*|utili[sz]\w*|appl(?:y|ies|ied|ying)|follow\w*|existing|prior|"
    r"previous\w*|recent\w*|proposed|known|popular|standard|widely)\b",
    re.I,
)
_CALLED_OWN = re.compile(r"\b(?:we|our)\b[^.;]{0,160}?(?<!so-)\bcalled\s+", re.I)
_PASSIVE_VERB = re.compile(r"\b(?:is|are)\s+(?:\w+\s+)?(?:proposed|introduced|presented|developed|designed|devised)\b", re.I)
# "A Semantic-Aware Router is proposed to ...": the passive announcement, name before the verb
_PASSIVE = re.compile(
    r"(?:^|[,;]\s*)(?:an?\s+|the\s+)?(?:novel\s+|new\s+)?([^,;]{2,80}?)\s+(?:is|are)\s+(?:then\s+|further\s+|also\s+)?"
    r"(?:proposed|introduced|presented|developed|designed)\b",
    re.I,
)
# "a novel hybrid framework, CE-RS-SBCIT, is introduced": a coined name between commas
_PASSIVE_NAMED = re.compile(
    r",\s*([A-Z][\w.+-]*[A-Z0-9][\w.+-]*),\s+(?:is|are)\s+(?:then\s+|further\s+|also\s+)?"
    r"(?:proposed|introduced|presented|developed|designed)\b"
)
_CORE = re.compile(
    r"\b(?:(?:central|key|core|crucial|fundamental)\s+to\s+(?:our|this)|at\s+the\s+(?:core|heart)\s+of\s+(?:our|this)|"
    r"the\s+(?:core|heart|key\s+(?:component|idea|ingredient))\s+of\s+(?:our|this)|"
    # "At its core is BANSA", "A key component is DASH-OPT": said of the paper's own work
    r"at\s+(?:its|their)\s+(?:core|heart)|(?:a|one)\s+key\s+(?:component|ingredient|element|module))\s+(?:[\w-]+\s+){0,2}?"
    r"(?:is|are|lies|lie)\s+",
    re.I,
)
_REFERRED = re.compile(r"\breferred\s+to\s+as\s+", re.I)
_OWN_NAMING = re.compile(
    r"\b(?:(?:which|that|what)\s+we\s+(?:call|term|name|dub|refer\s+to\s+as|denote\s+as)"
    r"|(?:herein(?:after)?|hereafter|henceforth)(?:\s+(?:referred\s+to\s+as|called|termed|named|denoted))?"
    r"|referred\s+to\s+as(?=\s+[^,;.]{1,40}?\s+in\s+this\s+(?:work|paper|study)))\s+",
    re.I,
)
# "We formalize this as next action prediction (NAP)", "a phenomenon we define as Content-Motion
# Drift", "I label this the Fractured Understanding Hypothesis": the paper naming what it found
# or studies (an article after "as" describes instead: "we cast it as an optimization problem")
_THIS_THING = (
    # ("this structural gap": one describing word may come between)
    r"(?:(?:this|the\s+(?:resulting\s+)?)\s*(?:[a-z-]+\s+)??(?:problem|task|setting|phenomenon|effect|failure\s+mode|property|"
    r"behaviou?r|pattern|quantity|gap)|this|it|these|them)"
)
_NAMES_THIS = re.compile(
    rf"\b(?:(?:[Ww]e|I)\s+(?:(?:define|denote|formali[sz]e|frame|study|refer\s+to|identify|characteri[sz]e)\s+{_THIS_THING}\s+as"
    rf"|(?:term|label|dub|call|name)\s+{_THIS_THING}(?:\s+as)?"
    # "we instantiate AtS as DeepFact-Bench, a ...": what the paper's idea becomes, named (a name
    # standing alone: not "we implement it as PyTorch modules")
    r"|(?:instantiate|implement|reali[sz]e|operationali[sz]e)\s+(?:(?:this|it|our|the)\s+)?[\w-]+(?:\s+[\w-]+)?\s+as(?=\s+[\w.-]+\s*(?:[,(;.]|$)))\s+"
    # "a failure mode we term output stalling", "a phenomenon we call 'pigeonholing'"
    r"|(?:phenomenon|effect|failure\s+mode|behaviou?r|pattern|gap|property)\s+(?:that\s+|which\s+)?we\s+"
    r"(?:(?:define|denote|describe|refer\s+to)\s+as|(?:term|call|name|dub)(?:\s+as)?)\s+)(?:the\s+)?(?!an?\s)",
)
_NAME_END = re.compile(r"[,;:.]|\s(?:and|to|for|which|that|where|in|on|with|by)\s")
_NAMES_THIS_VERBS = ("defin", "denot", "formali", "frame", "study", "term", "label", "dub", "call", "name", "describ", "refer",
                     "identif", "characteri", "instantiat", "implement", "reali", "operationali")
_NAMES_THIS_WORDS = ("this", " it ", "these", "them", "phenomenon", "effect", "failure mode", "behavior", "behaviour",
                     "pattern", "gap", "property", "problem", "task", "setting", "quantity", " as ")
_NAMING_WORDS = ("named", "dubbed", "termed", "coined")
_CORE_WORDS = ("core", "heart", "central", "key", "crucial", "fundamental")  # every _CORE match has one
# the same cue said of a name instead of "our"/"this" ("At the core of AGCD-Net is the Attention
# Guided Causal Intervention Module (AG-CIM)"): whose core it is, the caller decides
_CORE_OF_NAME = re.compile(
    r"\b(?:core|heart|backbone|centerpiece|cornerstone|key\s+component)\s+of\s+(\S+?)\s+(?:is|lies\s+in|lies)\s+"
    r"(?:(?:an?|the|our|its)\s+)?(?:(?:novel|new)\s+)?(?:[\w-]+\s+){0,3}?$"
)
# a counted kind word: "three key components", "five novel intrinsic, document-based metrics"
COUNTED_KINDS = r"\b(?P<count>two|three|four|five|six|several|multiple|\d+)\s+(?:[\w-]+,?\s+){0,3}?[a-z]+s"


def core_of_name(sentence: str, at: int) -> str | None:
    """The name whose core (heart, backbone ...) the sentence says the words at `at` are, or None."""
    m = _CORE_OF_NAME.search(sentence, max(0, at - 120), at)
    return m.group(1).rstrip(",") if m else None
# "The resulting dataset, Nemotron-Safety-Multilingual-v1, comprises ...", "The resulting
# algorithm CARL (...)": what the paper's own process produced, named
_RESULTING = re.compile(
    r"\b(?:the|our)\s+resulting\s+(?:[\w-]+\s+){0,2}?(?:dataset|model|benchmark|corpus|framework|system|agent|"
    r"policy|method|suite|collection|checkpoint|family|pipeline|library|toolkit|algorithm|approach|architecture|"
    r"metric|tool)s?(?:\s*,|\s*\(|\s+(?:called|named|dubbed),?|\s+(?=(?-i:[A-Z])))\s*",
    re.I,
)
_PASSIVE_WORDS = ("proposed", "introduced", "presented", "developed", "designed", "devised")
# "First, a Maritime Simulated Visibility Dataset (MSVD) is constructed using ...": verbs of
# building announce after an indefinite article, and only a name ("a graph is built from ...")
_BUILT_WORDS = ("constructed", "built", "created", "curated", "collected", "established", "compiled")
_PASSIVE_BUILT = re.compile(
    r"(?:^|[,;]\s*)an?\s+(?:novel\s+|new\s+)?([^,;]{2,80}?)\s+(?:is|are)\s+(?:then\s+|further\s+|also\s+|first\s+)?"
    rf"(?:{'|'.join(_BUILT_WORDS)})\b",
    re.I,
)
_BUILT_WITH = re.compile(r"\bbased\b|\busing\b")  # "a FAISS based index is constructed": built with a name
# "an Intrinsic Saliency guided Refinement Module (ISRM) is devised to ...": "devised" announces a
# new thing only after an indefinite article ("Open set recognition (OSR) is devised to ..." is
# the field's)
_PASSIVE_DEVISED = re.compile(
    r"(?:^|[,;]\s*)an?\s+(?:novel\s+|new\s+)?([^,;]{2,80}?)\s+(?:is|are)\s+(?:then\s+|further\s+|also\s+)?devised\b", re.I
)


def _has_any(low: str, words: tuple[str, ...]) -> bool:
    for w in words:
        if w in low:
            return True
    return False


_CALLED = re.compile(r"\b(?:called|named|dubbed|termed|namely|coined)\s+", re.I)
_APPOSITIVE = re.compile(
    r"^(?:To\s+[^,]{0,80},\s*)?(?:we\s+\w+\s+)?([A-Z][\w.+@\u2080-\u2089-]*(?:\s+[A-Z][\w.+@-]*){0,3})"
    r"(?:\s*[,:(]\s*|\s+(?:is|are)\s+)"
    r"(?:an?|the|our)\s+(?:\w+[- ]){0,4}?(?:novel|new|first|simple|unified|general|scalable|"
    r"lightweight|large-scale|comprehensive|training-free|plug-and-play|principled|efficient|systematic)\b"
)
# a coined short form (a lower-case letter, a digit or a hyphen in it: "FF-PNet", not "JR") that
# closes the announced noun phrase after its "based on" part
_NAMED_TAIL = re.compile(r"[^.;()]{0,120}?\(((?=[^)]*[a-z0-9-])[A-Za-z][\w.+-]{1,20})\)(?=\s*(?:[,.;]|$|which\b|that\b))")
# where an announcement's clause ends, also where it says what the contribution is built on
# ("a framework built on Flower")
_CLAUSE_END = re.compile(
    r"(?:[.;]\s|\bthat\b|\bwhich\b|\bwhere\b|\bwhose\b|\bto\s+(?!\w+\s+\()|\b(?:built|based)\s+(?:up)?on\b)", re.I
)

TYPE_WORDS = [
    (re.compile(r"\bbenchmarks?\b|\b-?bench\b|\bsuite\b|\btestbed\b|\bleaderboard\b|\barena\b", re.I), "Benchmark"),
    (re.compile(r"\bdatasets?\b|\bcorpus\b|\bcorpora\b|\bcollection\b", re.I), "Dataset"),
    (re.compile(r"\bframeworks?\b|\bpipelines?\b|\bsystems?\b|\btoolkit\b|\bplatform\b|\bparadigm\b|\blibrary\b|\bagent\b", re.I), "Framework"),
    (re.compile(r"\bmodels?\b|\barchitectures?\b|\bnetworks?\b|\bLLMs?\b|\bencoder\b|\bdecoder\b", re.I), "Model"),
    (re.compile(
        r"\bmethods?\b|\bapproach\w*\b|\balgorithms?\b|\btechniques?\b|\bstrateg\w+\b|\bloss\b|\bobjectives?\b|"
        r"\bmechanisms?\b|\bmodules?\b|\btraining\b|\boptimi[sz]ation\b|\brecipe\b|\bscheme\b|\bprotocol\b|"
        r"\bregulari[sz]\w+\b|\bpolicy\b|\bprompting\b|\bdecoding\b|\bsampling\b",
        re.I,
    ), "Method"),
    (re.compile(r"\bmetrics?\b|\bscores?\b|\bmeasures?\b", re.I), "Metric"),
    (re.compile(r"\btasks?\b|\bproblem\b|\bsetting\b", re.I), "Task"),
]


@dataclass(frozen=True, slots=True)
class Contribution:
    start: int  # span in the sentence where the named thing should be looked for
    end: int
    type: str | None  # from the clause words, when they say
    called_at: int  # offset right after "called"/"named", or -1
    named_only: bool = False  # weaker cue: only a coined name counts, never a plain phrase


# "Entropy-Aware On-Policy Distillation" right after the verb: a capitalised run names the
# contribution even when no part of it looks coined
_TITLE_WORD = r"[A-Z][\w]*(?:-[A-Za-z][\w]*)*"
_NEXT_TITLE_WORD = rf"\s+(?:(?:of|for|and|with|via|in|on|to)\s+)?{_TITLE_WORD}"  # small joining words between
_TITLE_RUN = re.compile(
    rf"\s*(?:[Aa]n?\s+|[Tt]he\s+)?((?:{_TITLE_WORD})(?:{_NEXT_TITLE_WORD}){{1,6}})(?=\s*[,.;:(]|\s+[a-z])"
)
# two or more capitalised words spelt like a name: "Three-Phase Curriculum Optimization"
TITLE_CASED = re.compile(rf"{_TITLE_WORD}(?:{_NEXT_TITLE_WORD})+")
# "V1 comprises two components: A, ... and B": the parts of a contribution are contributions
_COMPOSED = re.compile(
    r"^\s*(?:The\s+)?(\S+?)\s+(?:comprises|consists\s+of|is\s+composed\s+of|is\s+made\s+up\s+of|"
    r"includes|contains|integrates|features|has|comes\s+in)\s+(?:\w+\s+){0,3}?"
    r"(?:components|modules|stages|parts|subsets|steps|phases|innovations|elements|variants|versions|"
    r"flavou?rs|tracks|splits|subtasks|mechanisms|techniques|sub-?benchmarks|settings|designs|pillars)\b"
)


# "We propose centroid replacement, collapsing ...": a plain noun phrase with no article as the
# object of a proposing verb names what the paper brings (with an article, "we propose a
# novel framework", it only describes it)
_PROPOSES_BARE = re.compile(
    r"\b(?:we|(?:this|our)\s+(?:paper|work|study))\s+(?:\w+ly\s+|also\s+|further\s+|then\s+|first\s+|here\s+)?"
    r"(?:propose|proposes|introduce|introduces|coin|coins|term|define|defines)\s+$",
    re.I,
)
# where such an object ends: the clause goes on with what it does, is or is for
_DEFINED_AS = re.compile(r"\s+as\s")
_BARE_OBJECT_END = re.compile(r"\s*(?:[,.;:(]|\s(?:as|for|to|that|which|where|whereby|in|on|with|by|and)\b)")


def announced_bare_object(text: str, start: int, end: int) -> str:
    """"propose" when text[start:end] is the whole article-less object of "we propose/introduce",
    "define" when of "we define ... as" ("we define cross-format robustness as the extent to
    which ..."), else ""."""
    verb = _PROPOSES_BARE.search(text, max(0, start - 60), start)
    if verb is None:
        return ""
    if verb.group(0).rstrip().lower().endswith(("define", "defines")):
        return "define" if _DEFINED_AS.match(text, end) else ""
    return "propose" if _BARE_OBJECT_END.match(text, end) else ""


def announces_before(sentence: str, at: int) -> bool:
    """Whether "we propose/introduce ..." comes before offset `at` of the sentence: the words
    after it describe what the paper brings."""
    return _ANNOUNCE.search(sentence, 0, at) is not None


# "... via UCCT, a theory of semantic anchoring": a name with an appositive saying what kind of
# thing it is; in the paper's own voice and on the name's first use, the paper's contribution
_KIND_APPOSITIVE = re.compile(
    r",\s*(?:a|an)\s+(?:[\w-]+\s+){0,5}?(?:theory|framework|method|benchmark|dataset|model|approach|system|"
    r"architecture|algorithm|pipeline|agent|suite|metric|protocol|library|toolkit|paradigm|mechanism|module|"
    r"technique|strategy|loss|objective|corpus|environment|simulator|platform|formalism|measure|taxonomy|stack|"
    r"tool|recipe|scheme|network|engine|collection|testbed|leaderboard)s?\b",
    re.I,
)
_WE_TRAIN = re.compile(rf"\b(?:{_SELF})\s+(?:also\s+|then\s+|further\s+)?(?:pre-?)?train(?:ed)?\s+$", re.I)
# ... unless the sentence uses, runs or compares what it names: "we evaluate on MMLU, a benchmark"
# (a verb, not a word's second half: "a post-training pipeline", "a self-evaluating agent")
_BACKGROUND = re.compile(
    r"(?<![\w-])(?:use[sd]?|using|evaluat\w*|validat\w*|assess\w*|compar\w*|adopt\w*|employ\w*|leverag\w*|utili[sz]\w*|appl(?:y|ies|ied|ying)|"
    r"fine-tun\w*|train\w*|test\w*|benchmark\w*|follow\w*|such\s+as|including|like|e\.g\.|upon|extend\w*|"
    r"based\s+on|built\s+on|top\s+of|against|than|outperform\w*|surpass\w*|versus|vs\.|prior|existing|previous)\b",
    re.I,
)


def background_before(sentence: str, at: int) -> bool:
    """Whether a verb of use, evaluation or comparison, or a word for others' work, comes before
    offset `at` of the sentence ("using X", "such as X", "outperforms X", "existing X")."""
    return _BACKGROUND.search(sentence, 0, at) is not None


def own_voice(sentence: str, at: int) -> bool:
    """Whether the sentence speaks in the paper's voice before `at` ("we ..."), with no verb of
    use, evaluation or comparison in between."""
    we = _WE.search(sentence, 0, at)
    return we is not None and not _BACKGROUND.search(sentence, we.end(), at)


_OUR_WORD = re.compile(r"\bour\b", re.I)
# a preposition puts what follows outside the paper's own thing: "our models for projected
# gradient descent (PGD)", "performance in the Anomalous Diffusion (AnDi) Challenge"
_PREPOSITION = re.compile(
    r"\b(?:in|on|for|with|without|across|against|over|under|to|from|at|along|than|via|by|through|within|into|"
    r"between|among|beyond|toward|towards|after|before|behind|about|around|during|despite|per|like)\b",
    re.I,
)


def word_end_before(sentence: str, word: str, at: int) -> int:
    """Where the last whole-word `word` before `at` ends, or -1 ("Lean" is not in "Lean-Retry")."""
    k = sentence.rfind(word, 0, at)
    while k >= 0:
        end = k + len(word)
        if not (k and (sentence[k - 1].isalnum() or sentence[k - 1] == "-")) and not (
            end < len(sentence) and (sentence[end].isalnum() or sentence[end] == "-")
        ):
            return end
        k = sentence.rfind(word, 0, k)
    return -1


def said_of_own(sentence: str, at: int, own_names: set[str]) -> bool:
    """Whether the sentence says "our" or names one of the paper's own proposals before `at`,
    and goes on to it with no preposition and no verb of use, evaluation or comparison ("Our
    approach includes the Brain-Inspired Analogical Generator (BiAG)", "BiAG consists of three
    components: Weight Self-Attention Module (WSA), ...")."""
    cues = [m.end() for m in _OUR_WORD.finditer(sentence, 0, at)]
    cues += [end for name in own_names if (end := word_end_before(sentence, name, at)) >= 0]
    return any(
        not _BACKGROUND.search(sentence, end, at) and not _PREPOSITION.search(sentence, end, at) for end in cues
    )


# "we ... measure position effects with three complementary metrics: Coverage, Directional
# Positional Bias (DPB), and ...": the list of measures a sentence in the paper's voice opens
MEASURE_KINDS = r"metrics|measures|indicators|scores"  # the plural kind words of a paper's measures
_MEASURE_LIST = re.compile(rf"\b(?:{MEASURE_KINDS})\s*:", re.I)


def in_own_measure_list(sentence: str, at: int) -> bool:
    """Whether `at` is inside a list of measures opened after "we" in the sentence, whatever
    the verb ("we evaluate ... with three metrics: ...")."""
    we = _WE.search(sentence, 0, at)
    return we is not None and _MEASURE_LIST.search(sentence, we.end(), at) is not None


# "we fine-tune a Chinese Implicit Toxicity Defense model (CITD) with ...": a model the paper
# trains and names is its own
_WE_TRAIN_A = re.compile(
    rf"\b(?:{_SELF})\s+(?:also\s+|then\s+|further\s+)?(?:pre-?train|train|fine-?tune)(?:ed|d)?\s+(?:a|an)\s+", re.I
)


def trains_named_model(sentence: str, at: int, long_form: str) -> bool:
    """Whether the sentence says "we train/fine-tune a <long_form>" before `at`, and the long
    form names a model."""
    if not long_form.lower().endswith(("model", "models")):
        return False
    return any(sentence.startswith(long_form, m.end()) for m in _WE_TRAIN_A.finditer(sentence, 0, at))


def own_kind_appositive(sentence: str, at: int, end: int, own_subject: int = -1) -> bool:
    """Whether the name at [at, end) of the sentence is followed by ", a <...> theory/framework/..."
    and announced in the paper's own voice ("we ... via X, a ..."), with no verb of use, evaluation
    or comparison between the voice and the name. `own_subject`, when not -1, is where a subject
    that names the paper's own work ends: it speaks for the paper too ("Urban-ImageNet is
    organized by HUSIC, a ... framework")."""
    kind = _KIND_APPOSITIVE.match(sentence, end)
    if kind is None:
        return False
    if own_subject >= 0 and not _BACKGROUND.search(sentence, own_subject, at):
        return True
    # "we train Bee-8B, an 8B model on ...": a model the paper trains and describes is its own
    return own_voice(sentence, at) or (
        kind.group(0).lower().rstrip("s").endswith("model") and _WE_TRAIN.search(sentence, 0, at) is not None
    )


def title_run(sentence: str, at: int) -> tuple[int, int] | None:
    """Span of a capitalised multiword name right after an announcing verb, or None."""
    m = _TITLE_RUN.match(sentence, at)
    return (m.start(1), m.end(1)) if m else None


def composed_of(sentence: str) -> tuple[str, int] | None:
    """(subject, offset after the verb) of a sentence that lists what its subject is made of."""
    m = _COMPOSED.match(sentence)
    return (m.group(1), m.end()) if m else None


def quoted_term(sentence: str, at: int) -> tuple[int, int] | None:
    """Span of a quoted term of one to six words right after an announcing verb, or None."""
    m = _QUOTED.match(sentence, at)
    if not m or not m.group(1)[0].isalnum() or len(m.group(1).split()) > 6:
        return None
    return m.start(1), m.end(1)


def type_from_clause(clause: str) -> str | None:
    """Type of the thing a contribution clause introduces, from its nouns."""
    first = None
    for pattern, ctype in TYPE_WORDS:
        m = pattern.search(clause)
        if m and (first is None or m.start() < first[0]):
            first = (m.start(), ctype)
    return first[1] if first else None


def _clause_end(sentence: str, start: int, named_tail: bool = False) -> int:
    """Where the clause an announcing verb opens at `start` ends (an offset in the sentence)."""
    rest = sentence[start:]
    end_m = _CLAUSE_END.search(rest, 2)
    tail = _NAMED_TAIL.match(rest, end_m.end()) if named_tail and end_m and end_m.group(0)[:1] in "bB" else None
    if tail:
        # "a novel backdoor attack based on adaptive optimization ... (BadApex), which":
        # the short form after the "based on" part names the whole announced thing
        end_m = _CLAUSE_END.search(rest, tail.end())
    return start + (end_m.start() if end_m else min(len(rest), 200))


def find_contributions(sentence: str, first: bool = False) -> list[Contribution]:
    """Return contribution clauses in one sentence (offsets relative to the sentence); `first`
    when it opens the abstract."""
    found = []
    for m in _ANNOUNCE.finditer(sentence):
        if m.group(0)[:2].lower() == "by" and not _WE.search(sentence, 0, m.start()) and not _STRONG_BY.match(m.group(0)):
            continue  # "SHAP improves interpretability by providing ...": nobody's announcement
        if "previously" in m.group(0).lower() or _EARLIER.match(sentence, m.end()):
            continue  # "two networks which we developed previously": the authors' earlier work
        start = m.end()
        end = _clause_end(sentence, start, named_tail=True)
        # include an appositive after the name: "X, a benchmark for ..."
        clause = sentence[start : min(len(sentence), end + 80)]
        called = _CALLED.search(sentence, start, end + 1)
        # "we will release our code and data": with an auxiliary, only a coined name is a contribution
        named_only = m.group("aux") is not None
        # "a failure mode we term output stalling": the naming verb's object is the name
        # (a capitalised name keeps the rules for runs: "we call Through the Looking Glass (TLG)")
        lower_next = None if called else _LOWER_NEXT.match(sentence, start)
        called_at = called.end() if called else lower_next.end() - 1 if (
            lower_next and _NAMING_ANNOUNCE.search(m.group(0))
        ) else -1
        found.append(Contribution(start, end, type_from_clause(clause), called_at, named_only))
    # _NAMING, _PASSIVE_VERB and the rest need one of a few words; in ASCII text, where ignoring
    # case is comparing lower-cased letters, a substring test rules most sentences out cheaply
    low = sentence.lower() if sentence.isascii() else None
    for m in _NAMING_VERB.finditer(sentence) if low is None or _has_any(low, _NAMING_VERB_WORDS) else ():
        # only where the name stands: "a dataset, JudiFair", "a Decoupled Declarative Decision (D3) Framework"
        named = _KIND_THEN_COMMA.match(sentence, m.end()) or _CAPITALISED_DEFINED.match(sentence, m.end())
        if "identif" in m.group(0).lower():
            if named and (named.re is _KIND_THEN_COMMA or named.start(1) > named.start() + 1):
                named = None  # "we identify the Transformer (TF) as ...": only a term it coins, with no article
            # "This paper identifies Semantic Intent Divergence – the phenomenon whereby ...": a
            # title-case name it coins for what it found, said apart
            named = named or _IDENTIFIED_RUN.match(sentence, m.end())
        if named:
            start = named.start() if named.re is _KIND_THEN_COMMA else named.start(1)
            end = _clause_end(sentence, start)
            found.append(Contribution(start, end, type_from_clause(sentence[m.end() : min(len(sentence), end + 80)]), -1, True))
    for m in _PURPOSE_ANNOUNCE.finditer(sentence) if low is None or (" to " in low and "we " in low) else ():
        if not any(c.start <= m.end() <= c.end + 1 for c in found):
            start = m.end()
            end = _clause_end(sentence, start)
            clause = sentence[start : min(len(sentence), end + 80)]
            found.append(Contribution(start, end, type_from_clause(clause), -1, named_only=True))
    we = _WE.search(sentence)
    if we:
        for m in _COORDINATED.finditer(sentence, we.end()):
            if (
                any(c.start <= m.start() < c.end for c in found) and not _ANNOUNCE.search(sentence, m.start(), m.end())
                and "," not in m.group(0)  # "X and, leveraging the same, introduce Y": a new verb
            ):
                continue  # "we propose X and Y": already inside that clause
            start = m.end()
            end = _clause_end(sentence, start)
            cut = _NAMED_CLAUSE_END.search(sentence, start, end)
            end = cut.start() if cut else end
            clause = sentence[start : min(len(sentence), end + 80)]
            found.append(Contribution(start, end, type_from_clause(clause), -1, named_only=True))
    if low is None or _has_any(low, _NAMING_WORDS):
        for m in _NAMING.finditer(sentence):
            if _EARLIER_WORK.search(sentence, max(0, m.start() - 40), m.start()):
                continue  # "which we developed previously (termed O-Net)": named in earlier work
            if not any(c.start <= m.end() < c.end for c in found):
                found.append(Contribution(m.end(), min(len(sentence), m.end() + 60), None, m.end()))
    if (low is None or "called" in low) and not any(c.called_at >= 0 for c in found):
        for m in _CALLED_OWN.finditer(sentence):
            if _USED.search(sentence, m.start(), m.end()):
                continue  # "we use an algorithm called SegGPT", "a recently proposed algorithm called IVON"
            if not any(c.start <= m.end() < c.end for c in found):
                found.append(Contribution(m.end(), min(len(sentence), m.end() + 60), None, m.end()))
    if low is None or "resulting" in low:
        for m in _RESULTING.finditer(sentence):
            if not any(c.start <= m.end() < c.end for c in found):
                end = min(len(sentence), m.end() + 60)
                found.append(Contribution(m.end(), end, type_from_clause(m.group(0)), -1, named_only=True))
    if low is None or _has_any(low, _CORE_WORDS):
        # "Central to our approach is the VideoPath-Instruct dataset": the heart of the paper's own work
        for m in _CORE.finditer(sentence):
            end = min(len(sentence), m.end() + 60)
            found.append(Contribution(m.end(), end, type_from_clause(sentence[m.end() : end + 20]), -1, named_only=True))
    if low is None or " we " in low or "here" in low or "in this " in low:
        # "a model which we call X", "the corpus (referred to as ADC-2026 in this work)": the
        # paper naming something is the paper introducing it
        for m in _OWN_NAMING.finditer(sentence):
            if not any(c.start <= m.end() < c.end for c in found):
                found.append(Contribution(m.end(), min(len(sentence), m.end() + 60), None, m.end()))
    if low is None or (
        ("we " in low or " I " in sentence or sentence.startswith("I ")) and _has_any(low, _NAMES_THIS_WORDS)
        and _has_any(low, _NAMES_THIS_VERBS)
    ):
        for m in _NAMES_THIS.finditer(sentence):
            if not any(c.start <= m.end() < c.end for c in found):
                stop = _NAME_END.search(sentence, m.end())
                found.append(Contribution(m.end(), stop.start() if stop else len(sentence), None, m.end()))
    if found and (low is None or "referred" in low):
        # "... proposes a method to extract them, referred to as X": named after the announcement
        for m in _REFERRED.finditer(sentence, found[0].start):
            if not any(c.start <= m.end() < c.end for c in found):
                found.append(Contribution(m.end(), min(len(sentence), m.end() + 60), None, m.end()))
    if (low is None or _has_any(low, _PASSIVE_WORDS)) and _PASSIVE_VERB.search(sentence):
        for m in _PASSIVE.finditer(sentence):
            found.append(Contribution(m.start(1), m.end(1), type_from_clause(m.group(1)), -1))
        for m in _PASSIVE_DEVISED.finditer(sentence):
            found.append(Contribution(m.start(1), m.end(1), type_from_clause(m.group(1)), -1))
        for m in _PASSIVE_NAMED.finditer(sentence):
            found.append(Contribution(m.start(1), m.end(1), type_from_clause(sentence[: m.start(1)][-60:]), -1))
    if low is None or _has_any(low, _BUILT_WORDS):
        for m in _PASSIVE_BUILT.finditer(sentence):
            if _BUILT_WITH.search(m.group(1)):
                continue  # built with the name, not named
            found.append(Contribution(m.start(1), m.end(1), type_from_clause(m.group(1)), -1, True))
    if not found:
        # "TGraphX presents a novel paradigm", "The WuNeng architecture introduces a novel approach":
        # a coined name that brings something new is the paper's own
        m = _SUBJECT_BRINGS.match(sentence)
        if m:
            found.append(Contribution(m.start(1), m.end(1), type_from_clause(sentence[m.end(1) : m.end() + 40]), -1, True))
    if not found and first:
        # an abstract that opens "NeoN, a tool for ..." or "EasyMath is a compact benchmark for
        # ...": the name it opens with is what the paper brings
        m = _OPENING_KIND.match(sentence)
        if m:
            found.append(Contribution(m.start(1), m.end(1), type_from_clause(sentence[m.end(1) : m.end()]), -1, True))
    if not found:
        m = _APPOSITIVE.match(sentence)
        if m:
            copular = not sentence[m.end(1) : m.end(1) + 3].lstrip().startswith((",", ":", "("))
            found.append(
                Contribution(m.start(1), m.end(1), type_from_clause(sentence[m.end(1) : m.end(1) + 120]), -1, copular)
            )
    return found
