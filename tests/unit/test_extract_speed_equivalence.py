"""The extraction fast paths give exactly what the plain paths give."""

from kg.extract import pipeline
from kg.extract.phrases import _title_shape, _word_info, lexicon, noun_phrases
from kg.extract.tokenizer import scan
from kg.models import Paper

TEXTS = [
    "We propose GRPO-Lite, a Group Relative Policy Optimization (GRPO) variant for large language "
    "models (LLMs). It outperforms DeepSeek-R1 on AIME25 and MATH500.Unlike prior work, our method "
    "uses Key-Value (KV) cache compression, i.e. reordering KV caches.",
    "  Two  spaces,\ttabs\n\nand a new paragraph.  The model's and/or chain-of-thought gains 3.5% "
    "(e.g., Pass@1) with Qwen2.5-VL-7B; Metropolis Hastings sampling helps. C++ and x/y's ratio 3:1.",
    "",
    "A Semantic-Aware Router is proposed to route queries, named SAR. Message passing neural networks "
    "and masked diffusion models are studied on the Sudoku benchmark.",
]


def test_scan_gives_the_tables_the_tokenizer_stores():
    nlp = pipeline.make_nlp()
    for text in TEXTS:
        doc = nlp.make_doc(text)
        toks, sents = scan(text)
        assert toks == doc.user_data["kg_tokens"] and sents == doc.user_data["kg_sents"]
        assert doc.text == text


def test_tables_path_equals_the_spacy_pipe_path():
    nlp = pipeline.make_nlp()
    papers = [Paper(id=f"p{i}", title="GRPO-Lite: Fast Policy Optimization", abstract=t) for i, t in enumerate(TEXTS)]

    def docs():
        for paper in papers:
            doc = nlp.make_doc(paper.abstract)
            doc.user_data["kg_title"] = paper.title
            yield doc, paper

    def via_pipe():  # the plain spaCy route, taken for a tokenizer the fast path does not know
        for doc, paper in nlp.pipe(docs(), as_tuples=True):
            yield paper, pipeline.mentions_from_doc(doc, paper.id)

    fast = list(pipeline._extract_tables(nlp, papers))
    assert fast == list(via_pipe())
    assert sum(len(ms) for _p, ms in fast) > 10
    assert any(m.extractor == "tagger" for _p, ms in fast for m in ms)  # the tagger ran on the tables


def test_the_default_pipelines_take_the_tables_path(monkeypatch):
    """Every component of the default pipeline (with or without the tagger) reads the tables, so
    extract() never builds a spaCy Doc; a Doc built anyway fails this test."""
    from kg.extract.tokenizer import AbstractTokenizer

    for tagger in (True, False):
        assert pipeline.KG_COMPONENTS.issuperset(pipeline.make_nlp(tagger=tagger).pipe_names)

    def no_doc(self, text):
        raise AssertionError("a spaCy Doc was built")

    monkeypatch.setattr(AbstractTokenizer, "__call__", no_doc)
    papers = [Paper(id="p0", title="GRPO-Lite", abstract=TEXTS[0])]
    assert list(pipeline.extract(papers, jobs=1))[0][1]


def test_memoized_word_facts_match_their_rules():
    from kg.extract.phrases import _TITLE_WORD, STOP_TITLE

    for word in ["Sudoku", "The", "model", "Chain-of-Thought", "GRPO", "Metropolis", "Table"]:
        expected = 0 if not _TITLE_WORD.match(word) else 1 if word in STOP_TITLE else 2
        assert _title_shape(word) == expected
    lex = lexicon()
    assert _word_info("models", lex, {})[1:] == ("models", False, False, True, False, "model", 0.0)
    toks = [(w, i * 10, i * 10 + len(w)) for i, w in enumerate("we use masked diffusion models".split())]
    assert [(s, e, words) for s, e, words, _weak in noun_phrases(toks, lex)] == [
        (20, 46, ["masked", "diffusion", "models"])
    ]
