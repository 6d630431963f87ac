"""The resolve stage's shortcuts give exactly what the plain code they replace gave."""

import functools
import unicodedata

import pytest

from kg.extract.vocabulary import load_vocabulary
from kg.models import Mention
from kg.resolve import normalize
from kg.resolve.normalize import norm_key
from kg.resolve.resolver import Resolver
from kg.resolve.review import MergeRules


def _reference_norm_key(text: str) -> str:
    """norm_key as written before the regex pre-checks: every regex always runs."""
    text = unicodedata.normalize("NFKC", text)
    text = text.replace("(s)", "s")
    text = normalize._POSSESSIVE.sub("", text)
    text = normalize._BRITISH.sub(normalize._americanize, text)
    text = normalize._DASHES.sub(" ", text)
    text = normalize._STRIP.sub(" ", text)
    words = normalize._SPACES.sub(" ", text).strip().split(" ")
    if not words or words == [""]:
        return ""
    last = words[-1]
    is_name = sum(c.isupper() for c in last) >= 2 or any(c.isdigit() for c in last)
    if len(last) > 2 and last.endswith("s") and last[-2].isupper():
        words[-1] = last[:-1]
    words = [w.casefold() for w in words]
    if not is_name:
        words[-1] = normalize.singular(words[-1])
    for i in range(1, len(words) - 1):
        if words[i] == "of":
            words[i - 1] = normalize.singular(words[i - 1])
    return normalize._EDGE_PUNCT.sub("", " ".join(words))


TRICKY = [
    "", " ", ".", "..", " . ", "a.", ".a", "a .", "optimisation", "Optimisations", "OPTIMISE",
    "regularising terms", "tokeniser", "organisation of data", "analysis", "isotropic", "crisis",
    "test-time scaling", "KV_cache", "input/output", "a--b", "a -- b", "-x-", "vision\u2013language models",
    "x \u2212 y", "Chain-of-Thought", "chains of thought", "LLMs", "GPUs", "x86s", "\u0130stanbul ise",
    "\u0131se", "optimi\u017fation", "\u212aV cache", "caf\u00e9 models", "e\u0301tude", "\ufb01ne-tuning",
    "a\u00a0b", "a\u3000b.", "\u2024", "\uff0emodel\uff0e", "x\x1cy", "a\x85", "\u2028line", "model\t", "\tmodel.",
    "C++ code", "@user #tag", "v1.5.", "Qwen2.5-VL-7B", "GPT-4o's outputs", "(ours)", "'quoted'", "model(s)", "Model’s output",
]


@pytest.mark.parametrize("text", TRICKY)
def test_norm_key_pre_checks_change_nothing(text):
    assert norm_key.__wrapped__(text) == _reference_norm_key(text)


def test_norm_key_pre_checks_on_word_runs():
    words = " ".join(TRICKY).split()
    for n in (1, 2, 3):
        for i in range(len(words) - n + 1):
            text = " ".join(words[i : i + n])
            assert norm_key.__wrapped__(text) == _reference_norm_key(text), text


def _reference_target(merge: dict[str, str], key: str) -> str:
    seen = set()
    while key in merge and key not in seen:
        seen.add(key)
        key = merge[key]
    return key


@pytest.mark.parametrize("key", ["a", "b", "c", "x", "loop1", "loop2", ""])
def test_merge_target_fast_path(key):
    merge = {"a": "b", "b": "c", "loop1": "loop2", "loop2": "loop1"}
    assert MergeRules(merge=merge).target(key) == _reference_target(merge, key)


def _mention(text, long_form="", vocab_key="", extractor="names"):
    return Mention("p", text, 0, len(text), "Method", "USES", extractor, 0.9, text, long_form, vocab_key)


@functools.lru_cache(maxsize=1)
def _resolver():
    return Resolver(load_vocabulary())


@pytest.mark.parametrize(
    "mention, defs",
    [
        (_mention("GRPO"), {"GRPO": "group relative policy optimization"}),
        (_mention("GRPO"), {}),
        (_mention("LLMs"), {"LLM": "large language model"}),
        (_mention("CoT", long_form="chain of thought"), {"CoT": "something else"}),
        (_mention("policy gradients"), {}),
        (_mention("XYZQ"), {"XYZQ": ""}),
    ],
)
def test_key_rule_agrees_with_paper_definitions(mention, defs):
    """A memoised rule plus the paper's definitions gives the key the per-mention path gives."""
    r = _resolver()
    majority = {"GRPO": "generalized reward policy optimization"}
    key = r.key_for(mention, defs, majority)
    if mention.long_form or not defs:
        assert key == r.key_for(mention, {}, majority)
    short = r._short(mention.text)
    if short in defs and not mention.long_form and not mention.vocab_key:
        assert key == defs[short]
