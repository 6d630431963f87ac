"""kg's abstract tokenizer: names stay whole, offsets and text are exact, sentences split by rule."""

from pathlib import Path

import pytest

from kg.extract.pipeline import make_nlp
from kg.extract.tokenizer import scan


@pytest.fixture(scope="module")
def nlp():
    return make_nlp()


def words(nlp, text):
    return [t.text for t in nlp.make_doc(text)]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Qwen2.5-VL-7B beats GPT-4o.", ["Qwen2.5-VL-7B", "beats", "GPT-4o", "."]),
        ("DeepSeek-R1 (e.g., Pass@1)", ["DeepSeek-R1", "(", "e.g.", ",", "Pass@1", ")"]),
        ("Chain-of-Thought gains 3.5%", ["Chain-of-Thought", "gains", "3.5", "%"]),
        ("the model's and/or KV-cache", ["the", "model", "'s", "and", "/", "or", "KV-cache"]),
        ("a 3:1 ratio, arXiv:2501.1234", ["a", "3:1", "ratio", ",", "arXiv", ":", "2501.1234"]),
        ("Smith et al. show ℓ₂-norm", ["Smith", "et", "al.", "show", "ℓ₂-norm"]),
        ("pre- and post-training", ["pre", "-", "and", "post-training"]),
        # "&" joins capitals ("H&E", "Q&A"), not words
        ("H&E-stained slides, Q&A pairs & more", ["H&E-stained", "slides", ",", "Q&A", "pairs", "&", "more"]),
    ],
)
def test_tokens(nlp, text, expected):
    assert words(nlp, text) == expected


def test_text_and_offsets_are_exact(nlp):
    text = "  Two  spaces,\ttabs\n\nand a new paragraph.  "
    doc = nlp.make_doc(text)
    assert doc.text == text
    for spacy_tok, tok in zip(doc, doc.user_data["kg_tokens"]):
        assert text[tok.idx : tok.end] == tok.text == spacy_tok.text
        assert spacy_tok.idx == tok.idx


def test_sentences_split_after_full_stops_not_abbreviations(nlp):
    doc = nlp.make_doc("We use RL, i.e. GRPO, on AIME25. It works (mostly). Results vs. baselines hold.")
    assert [s.text for s in doc.sents] == [
        "We use RL, i.e. GRPO, on AIME25.",
        "It works (mostly).",
        "Results vs. baselines hold.",
    ]
    sents = doc.user_data["kg_sents"]
    assert len(sents) == 3 and sents[0][:2] == (0, 32)


def test_glued_sentences_are_split(nlp):
    doc = nlp.make_doc("on the test set.Unlike prior work we win.")
    assert [s.text for s in doc.sents] == ["on the test set.", "Unlike prior work we win."]


def test_empty_text(nlp):
    doc = nlp.make_doc("")
    assert len(doc) == 0 and doc.user_data["kg_tokens"] == [] and doc.user_data["kg_sents"] == []


def test_auto_jobs_uses_cores_only_for_enough_work(monkeypatch):
    import os

    from kg.extract.pipeline import AUTO_MIN_PAPERS, auto_jobs

    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: {0, 1, 2}, raising=False)
    assert auto_jobs(AUTO_MIN_PAPERS - 1) == 1
    assert auto_jobs(AUTO_MIN_PAPERS) == 3
    assert auto_jobs(10, requested=2) == 2


def test_plural_possessive_is_split_and_a_boundary(nlp):
    doc = nlp.make_doc("large language models' outputs")
    assert [t.text for t in doc] == ["large", "language", "models", "'", "outputs"]
    assert [t.punct for t in doc.user_data["kg_tokens"]] == [False, False, False, True, False]


def test_builds_restore_the_garbage_collector_settings():
    import gc

    from kg.api import fewer_gc_pauses

    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    with fewer_gc_pauses():
        assert gc.get_threshold()[0] == 100_000 and gc.get_freeze_count() > frozen
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
    with pytest.raises(ValueError), fewer_gc_pauses():
        raise ValueError("a failed build")
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_resolution_runs_with_the_collector_off_and_restores_it():
    import gc

    from kg.api import build_graph, collector_off
    from kg.resolve import resolver

    assert gc.isenabled()
    with collector_off():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(ValueError), collector_off():
        raise ValueError("a failed step")
    assert gc.isenabled()
    gc.disable()  # a caller that runs without the collector keeps it off
    try:
        with collector_off():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
    seen = []
    original = resolver.Resolver.resolve

    def watched(self, extracted):
        seen.append(gc.isenabled())
        return original(self, extracted)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(resolver.Resolver, "resolve", watched)
        build_graph([str(Path(__file__).resolve().parents[2] / "seeds")], analytics=False, jobs=1)
    assert seen == [False] and gc.isenabled()


def test_mention_rows_round_trip():
    from kg.models import Mention

    m = Mention("p1", "GRPO", 3, 7, "Method", "USES", "names", 0.9, "We use GRPO.", "", "grpo")
    assert m.row()[:3] == ("p1", "GRPO", 3)
    assert Mention(*m.row()) == m


def test_a_hyphen_before_a_last_function_word_is_a_dash():
    # "performance-and", "Llama-3-on": a dash typed as a hyphen; compounds keep theirs
    text = "safety performance-and in cases, Llama-3-on this, state-of-the-art add-on built-in plug-and-play"
    toks, _sents = scan(text)
    assert [t.text for t in toks] == [
        "safety", "performance", "-", "and", "in", "cases", ",", "Llama-3", "-", "on", "this", ",",
        "state-of-the-art", "add-on", "built-in", "plug-and-play",
    ]
    # "to" after a lower-case word and before one, and "in" before "which", are a dash's too;
    # "go-to", "peer-to-peer" and "end-to-end" keep theirs
    text = "resistance-to provide the go-to method, peer-to-peer and end-to-end, learning-in which, plug-in modules"
    assert [t.text for t in scan(text)[0]] == [
        "resistance", "-", "to", "provide", "the", "go-to", "method", ",", "peer-to-peer", "and", "end-to-end", ",",
        "learning", "-", "in", "which", ",", "plug-in", "modules",
    ]

