"""Normalization keys: one string per concept surface form, so variants compare equal.

"Chain-of-Thought", "chain of thought" and "chains of thought" share the key
"chain of thought"; "LLMs" and "LLM" share "llm". Acronym expansion happens later,
in the resolver, because it depends on the definitions a corpus gives.
"""

from __future__ import annotations

import functools
import re
import unicodedata

_DASHES = re.compile(r"[\u2010-\u2015\u2212_/]+|(?<=\w)-(?=\w)|--+")
_STRIP = re.compile(r"[^\w\s.+@#]")
_SPACES = re.compile(r"\s+")
_BRITISH = re.compile(
    r"(?<=[a-z]{3})is(ations?)\b|"
    r"\b(optim|normal|regular|general|minim|maxim|token|quant|visual|summar|categor|vector|serial|local|"
    r"central|initial|special|standard|parameter|character|real|util|organ|recogn|synthes|emphas)"
    r"is(e|es|ed|ing|er|ers)\b",
    re.I,
)
_EDGE_PUNCT = re.compile(r"^[\s.]+|[\s.]+$")

# Words whose trailing "s" is not a plural.
_NOT_PLURAL = set(
    """analysis basis bias loss less process class gas lens thesis axis hypothesis synthesis
    status corpus focus consensus virus bus plus minus chaos ness mass across this its
    diffusion attention fusion news physics mathematics statistics economics robotics
    ethics linguistics dynamics genomics kinematics semantics pragmatics phonetics optics
    series species means always perhaps various previous numerous analytics graphics logistics
    electronics informatics acoustics aerodynamics thermodynamics mechanics bioinformatics
    econometrics metaphysics""".split()
)
_IRREGULAR = {
    "indices": "index", "matrices": "matrix", "vertices": "vertex", "criteria": "criterion",
    "phenomena": "phenomenon", "data": "data", "media": "media", "hypotheses": "hypothesis",
    "analyses": "analysis", "theses": "thesis", "axes": "axis",
    # "knowledge bases", "databases" and "code bases" far outnumber the bases of a vector space
    "bases": "base", "diagnoses": "diagnosis", "prognoses": "prognosis", "syntheses": "synthesis",
    "crises": "crisis", "parentheses": "parenthesis", "viruses": "virus", "buses": "bus", "campuses": "campus",
    "children": "child", "people": "people", "men": "man", "women": "woman",
    "biases": "bias", "caches": "cache", "niches": "niche", "aliases": "alias", "statuses": "status",
    "corpora": "corpus", "lenses": "lens", "heuristics": "heuristic",
}


def singular(word: str) -> str:
    """Return the singular of an English noun (lowercase in, lowercase out), by rule."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if not word.isalpha():
        return word  # "@@as", "x86s": not English nouns
    if len(word) <= 3 or not word.endswith("s") or word in _NOT_PLURAL or word.endswith(("ss", "us", "is")):
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes", "zzes")):
        return word[:-2]
    return word[:-1]


def singular_surface(word: str) -> str:
    """Singular of a word as written: "LLMs" -> "LLM", "Models" -> "Model", "GPUs" -> "GPU"."""
    if len(word) > 2 and word.endswith("s") and word[-2].isupper():
        return word[:-1]  # acronym plural: LLMs, VLMs, MLLMs
    if sum(c.isupper() for c in word) >= 2 or any(c.isdigit() for c in word):
        return word  # a name: CRABS, TEDS, GPUS-free forms are not English plurals
    low = word.lower()
    sing = singular(low)
    if sing == low:
        return word
    return word[: len(sing)] if word[: len(sing)].lower() == sing else sing


def _americanize(m: re.Match) -> str:
    if m.group(1):
        return "iz" + m.group(1)
    return m.group(2) + "iz" + m.group(3)


# Cheap tests that rule a regular expression out before it scans: norm_key runs once per
# distinct surface form and title, and the regexes were most of its time.
def _may_be_british(lower_ascii: str) -> bool:
    """Whether _BRITISH can match an ASCII text (given lowercased): both branches need "is" + a, e or i."""
    return "isa" in lower_ascii or "ise" in lower_ascii or "isi" in lower_ascii


def _edge_punct(char: str) -> bool:
    """Whether a first or last character lets _EDGE_PUNCT match: only [\\s.] runs at the edges do."""
    return char == "." or char.isspace()


@functools.lru_cache(maxsize=1 << 19)
def norm_key(text: str) -> str:
    """Return the normalization key of a surface form: casefolded, dashes as spaces, singular."""
    text = unicodedata.normalize("NFKC", text)
    if "(s)" in text:
        text = text.replace("(s)", "s")  # "large language model(s)" is "large language models"
    if "^" in text:
        text = _CARET_DIGIT.sub("", text)  # "τ^2-Bench" is "τ²-Bench" is "τ2-Bench"
    if "'s" in text or "’s" in text:
        text = _POSSESSIVE.sub("", text)  # "Large Language Model's (LLMs)"
    ascii_text = text.isascii()
    if not ascii_text or _may_be_british(text.lower()):
        text = _BRITISH.sub(_americanize, text)  # optimisation -> optimization: one key for both
    if not ascii_text or "-" in text or "_" in text or "/" in text:  # what _DASHES can match in ASCII
        text = _DASHES.sub(" ", text)
    text = _STRIP.sub(" ", text)
    words = _SPACES.sub(" ", text).strip().split(" ")
    if not words or words == [""]:
        return ""
    last = words[-1]
    is_name = sum(c.isupper() for c in last) >= 2 or any(c.isdigit() for c in last)
    if len(last) > 2 and last.endswith("s") and last[-2].isupper():
        words[-1] = last[:-1]  # acronym plural: LLMs
    words = [w.casefold() for w in words]
    if not is_name:
        words[-1] = singular(words[-1])
    for i in range(1, len(words) - 1):  # "chains of thought" -> "chain of thought"
        if words[i] == "of":
            words[i - 1] = singular(words[i - 1])
    key = " ".join(words)
    return _EDGE_PUNCT.sub("", key) if _edge_punct(key[:1]) or _edge_punct(key[-1:]) else key


_CARET_DIGIT = re.compile(r"\^(?=\d)")
_POSSESSIVE = re.compile(r"(?<=\w)['’]s\b")
_NOT_SLUG = re.compile(r"[^\w.+@#]+")


def slug(key: str) -> str:
    """Return an id-friendly form of a key: "chain of thought" -> "chain-of-thought"."""
    return _NOT_SLUG.sub("-", key).strip("-") or "x"


FUNCTION_WORDS = frozenset("a an the of for from with to in on by via and or".split())


def content_words(key: str) -> frozenset[str]:
    """The words of a key that carry meaning: "learning from feedback" and "learning with
    feedback" have the same."""
    return frozenset(w for w in key.split() if w not in FUNCTION_WORDS)


# "pretrained", "finetuning", "multimodal": bound prefixes written glued or apart ("pre-trained",
# "fine tuning", "multi-modal"); the remainders listed keep "present", "prevent" or "research" whole
_GLUED_PREFIX = re.compile(r"\b(pre|post|fine|multi|non|semi)(?=(?:train|tun|modal|linear|supervis|process|defin|fill)\w*\b)")


def spelling_key(key: str, contrasted: frozenset[str] = frozenset()) -> str:
    """What keys written differently for one concept share: the words run together ("u net" and
    "unet", "multi class" and "multiclass", "llama 3" and "llama3"), a "based" between two words
    left out ("diffusion based model" is a "diffusion model"), unless the word before it is in
    `contrasted` (the field also writes "model-free": "model-based reasoning" is a kind)."""
    if " based " in key:
        words = key.split(" ")
        key = " ".join(w for i, w in enumerate(words) if not (w == "based" and 0 < i < len(words) - 1 and words[i - 1] not in contrasted))
    return drop_point_zero(key.replace(" ", ""))


# a release's ".0" after a name's number (not "2.05", "2.0.1" or a share "0.0")
_POINT_ZERO = re.compile(r"(?<=[^\d.][1-9])\.0(?![\d.])|(?<=[^\d.][1-9]\d)\.0(?![\d.])")


def drop_point_zero(text: str) -> str:
    """"AlpacaEval 2.0" is "AlpacaEval 2", "OSWorld2.0" "OSWorld2": one release written two ways."""
    return _POINT_ZERO.sub("", text) if ".0" in text else text


def unglue(key: str) -> str:
    """A key with glued bound prefixes written apart: "pretrained model" -> "pre trained model"."""
    if "pre" in key or "fine" in key or "multi" in key or "non" in key or "semi" in key or "post" in key:
        return _GLUED_PREFIX.sub(r"\1 ", key)
    return key

