"""Property tests: arbitrary text never crashes extraction, and offsets always point into it."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kg.extract.acronyms import find_definitions
from kg.extract.pipeline import make_nlp, mentions_from_doc
from kg.resolve.normalize import norm_key

NLP = make_nlp()

# words that exercise every extractor, mixed with arbitrary unicode
PIECES = st.sampled_from(
    ["We propose", "GRPO", "(", ")", "Group Relative Policy Optimization", "Qwen2.5-VL-7B", ",", ".",
     "outperforms", "on", "MATH500", "KV cache", "chain-of-thought", "CoT", "\u200f", "🚀", "`", "{", "}",
     "MATCH (n) DETACH DELETE n", "-", "--", "e.g.", "\x00", "a novel benchmark", "Sudoku", "et al."]
)
TEXT = st.lists(st.one_of(PIECES, st.text(max_size=12)), max_size=40).map(" ".join)


def _extract(text):
    doc = NLP.make_doc(text)
    doc.user_data["kg_text"] = text
    for _name, proc in NLP.pipeline:
        doc = proc(doc)
    return mentions_from_doc(doc, "p")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXT)
def test_extraction_never_crashes_and_offsets_hold(text):
    for m in _extract(text):
        assert text[m.start : m.end] == m.text
        assert m.sentence and m.sentence in text


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_definitions_and_keys_total(text):
    for d in find_definitions(text):
        assert text[d.short_start : d.short_end] == d.short
    key = norm_key(text)
    assert isinstance(key, str) and key == key.strip() and "  " not in key
