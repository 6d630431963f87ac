"""The learned key-concept tagger: features, decoding, the shipped weights, the pipeline component."""

import json

import pytest

from kg.extract.tagger import (
    KeyConceptTagger,
    load_tagger,
    model_path,
    phrase_key,
    repeats,
    shape,
    token_features,
)


def test_shape_and_phrase_key():
    assert shape("Qwen2.5-VL") == "Xxxd.d-XX" and shape("sampling") == "xx"
    # runs of any one class are cut to two, punctuation too
    assert shape("MMMU-Pro") == "XX-Xxx" and shape("1000...") == "dd.." and shape("a---b") == "x--x"
    assert phrase_key(["Node", "samplings"]) == "node sampling"
    assert phrase_key(["vision-language", "models"]) == "vision language model"


def test_greedy_decoding_with_a_hand_made_table():
    # "node" starts a span, "sampling" continues one only after a B, "the" is outside
    weights = {
        "w=node": [0.0, 5.0, 0.0],
        "w=sampling": [0.0, 1.0, 4.0],
        "w=the": [3.0, 0.0, 0.0],
    }
    tagger = KeyConceptTagger(weights, {}, {})
    assert tagger.spans(["the", "node", "sampling", "the"]) == [(1, 2, 3.0)]
    # without a B before it, "sampling" can only start a span (an I never follows an O)
    assert tagger.spans(["the", "sampling"]) == [(1, 1, 1.0)]
    assert tagger.spans([]) == []


def test_repeats_counts_words_and_pairs_the_abstract_writes_again():
    words = "Spatial pruning helps . spatial pruning and pruning , of of of it".split()
    rep, brep = repeats(words)
    # "pruning" three times, "spatial" twice (case aside); ".", ",", short words and "it" count 0
    assert rep == [2, 3, 1, 0, 2, 3, 1, 3, 0, 0, 0, 0, 0]
    # "spatial pruning" twice: both its words; "of of" twice too, but short words make no pair
    assert brep == [1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0]


def _slow_spans(tagger, words):
    """Greedy decoding as the trainer scores it: token_features() summed feature by feature."""
    prev = "O"
    labels, margins = [], []
    for i in range(len(words)):
        feats = token_features(words, i, prev, tagger.lex, tagger.df)
        scores = [sum(tagger.weights.get(f, [0.0, 0.0, 0.0])[k] for f in feats) for k in range(3)]
        if prev == "O":
            scores[2] = float("-inf")
        best = max(range(3), key=lambda k: (scores[k], -k))
        prev = "OBI"[best]
        labels.append(prev)
        margins.append(scores[best] - max(s for k, s in enumerate(scores) if k != best))
    slow = []
    for i, label in enumerate(labels):
        if label == "B":
            slow.append([i, i, margins[i]])
        elif label == "I":
            slow[-1][1] = i
            slow[-1][2] = min(slow[-1][2], margins[i])
    return [tuple(s) for s in slow]


@pytest.mark.parametrize(
    "sentence, at_least",
    [
        ("We propose spatial pruning for vision-language models , and node sampling ( NS ) .", 2),
        # one to three words: every neighbour is padding on one side or both
        ("GRPO", 1),
        ("KV cache", 1),
        ("on diffusion models", 1),
        ("Transformers", 0),
        # words and pairs the abstract writes again
        ("Spatial pruning speeds up decoding . We study spatial pruning and pruning schedules for decoding .", 1),
    ],
)
def test_the_fast_scorer_equals_the_sum_of_the_features(sentence, at_least):
    """spans() sums cached vectors for all tokens at once; the trainer sums token_features()
    one feature at a time: the same spans and margins."""
    tagger = load_tagger()
    words = sentence.split()
    slow = _slow_spans(tagger, words)
    fast = tagger.spans(words)
    assert [(a, b) for a, b, _m in fast] == [(a, b) for a, b, _m in slow] and len(slow) >= at_least
    assert [round(m, 9) for _a, _b, m in fast] == [round(m, 9) for _a, _b, m in slow]


def test_the_shipped_weights_never_saw_the_seeds_or_a_blind_set():
    data = json.loads(model_path().read_text(encoding="utf-8"))
    assert "seeds" not in data["trained_on"] and "heldout30" not in data["trained_on"]
    assert list(data["trained_on"]) == ["arxiv40", *(f"heldout{n}" for n in range(1, 30))]
    assert len(data["weights"]) > 10_000 and all(len(w) == 3 for w in data["weights"].values())


class _FixedTagger:
    """Tags fixed token spans with fixed margins."""

    def __init__(self, spans):
        self._spans = spans

    def spans(self, words):
        return self._spans


@pytest.fixture
def component(monkeypatch):
    import kg.extract.tagger as tagger_module
    from kg.extract.components.tagger import make_tagger
    from kg.extract.pipeline import make_nlp

    nlp = make_nlp()

    def build(spans):
        monkeypatch.setattr(tagger_module, "load_tagger", lambda vocab_file=None, weights_file=None: _FixedTagger(spans))
        tag = make_tagger(nlp, "kg_tagger", None)

        def run(text):
            doc = nlp.make_doc(text)
            for name, proc in nlp.pipeline:
                if name != "kg_tagger":
                    doc = proc(doc)
            return tag(doc)

        return run

    return build


def test_the_component_adds_sure_spans_only(component):
    text = "We study payoff matrices of games . Results improve ."
    # tokens: We0 study1 payoff2 matrices3 of4 games5 .6 Results7 improve8 .9
    run = component([(2, 3, 7.5), (5, 5, 0.5), (6, 7, 9.0)])
    got = {(c.text, c.extractor) for c in run(text).user_data["kg"] if c.extractor == "tagger"}
    # the unsure span (margin 0.5) and the one across a sentence end are left out
    assert got == {("payoff matrices", "tagger")}


def test_a_weak_phrase_the_tagger_marks_is_its_candidate(component):
    text = "Our agents learn through structured reflection loops."
    doc = component([])(text)
    phrase = [c for c in doc.user_data["kg"] if c.text == "reflection loops"]
    assert [c.extractor for c in phrase] == ["phrases"]  # weak: it would need corroboration
    # tokens: Our0 agents1 learn2 through3 structured4 reflection5 loops6 .7
    doc = component([(5, 6, 8.0)])(text)
    marked = [c for c in doc.user_data["kg"] if c.text == "reflection loops"]
    assert [c.extractor for c in marked] == ["tagger"]


@pytest.mark.parametrize("margin, extractor", [(8.0, "tagger"), (2.0, "tagger"), (1.0, "tagger"), (0.5, "phrases")])
def test_an_unsure_span_still_corroborates_a_weak_phrase_with_the_same_bounds(component, margin, extractor):
    text = "Our agents learn through structured reflection loops."
    # tokens: Our0 agents1 learn2 through3 structured4 reflection5 loops6 .7
    doc = component([(5, 6, margin)])(text)
    assert [c.extractor for c in doc.user_data["kg"] if c.text == "reflection loops"] == [extractor]


def test_an_unsure_span_alone_is_no_candidate(component):
    # "structured reflection" is no phrase of the rules: unsure (margin 0.5), the tagger adds nothing
    doc = component([(4, 5, 0.5)])("Our agents learn through structured reflection loops.")
    assert [c.text for c in doc.user_data["kg"] if c.extractor == "tagger"] == []
    doc = component([(4, 5, 1.0)])("Our agents learn through structured reflection loops.")
    assert [c.text for c in doc.user_data["kg"] if c.extractor == "tagger"] == ["structured reflection"]


def test_the_real_tagger_corroborates_exactly_the_phrases_it_marks_unsure(monkeypatch):
    """End to end with the shipped weights: a weak phrase becomes the tagger's when the tagger
    marks its exact bounds with a margin of at least TAGGER_CORROBORATES_MARGIN, and only then,
    even where spans that unsure are no candidates of their own (a bar of 4, as before version 198)."""
    import kg.extract.components.tagger as tagger_component  # the module that reads the margins

    monkeypatch.setattr(tagger_component, "TAGGER_MIN_MARGIN", 4.0)
    from kg.extract.pipeline import extract
    from kg.extract.tokenizer import scan
    from kg.read.records import Paper

    texts = [  # corpus sentences: weak phrases here are marked by the tagger, sure or unsure
        "Particularly, the motion stream employs a multi-scale block embedded with a denoising module.",
        "Particularly, the motion stream employs a multi-scale block embedded with a denoising module "
        "to enhance representation learning.",
        "This paper focuses on analyzing mathematics tutoring discourse using talk moves - a framework "
        "of dialogue acts grounded in Accountable Talk theory.",
        "We propose an innovative solution that leverages capsule networks, prototype learning and privileged information.",
        "Moreover, our pipeline incorporates techniques such as online loop closure and global bundle adjustment.",
        "Our conditioning mechanism avoids automatic differentiation and reaches SOTA quality in 8 neural function evaluations.",
        "This approach expands the applicability of sparse-angle tomography in industrial settings.",
        "The model is likely to rely on substantial data to learn the necessary visual-semantic alignments.",
        "Current models often suffer from context dilution and goal misalignment, failing to balance "
        "individual scaffolding with collective learning progress.",
        "We propose an innovative solution called Proto-Caps that leverages the benefits of capsule networks, "
        "prototype learning and the use of privileged information.",
        "However, existing approaches typically require resource-intensive re-training or additional parameters "
        "to accommodate for the new tasks, which makes the model inefficient for on-device deployment.",
        "We perform experiments on both convolutional and transformer-based models.",
        "Invisible watermarking of AI-generated images can help with copyright protection, enabling detection and "
        "identification of AI-generated media.",
        "The proposed network consists of a convolutional autoencoder along with a fully-connected layer.",
        "However, most NLP progress has been made using romanized text.",
        "For inference, GLEN utilizes collision-free inference, using identifier weights to rank documents without additional overhead.",
        "The Att-Adapter leverages the decoupled cross attention module to naturally harmonize the multiple domain attributes "
        "with text conditioning.",
        # the weights of session 43's second re-mining mark "Brown-Conrady lens model" unsure (the sentences
        # above exercised the rule with earlier weights)
        "A deep learning network based on the ResNet architecture was trained on this synthetic dataset to predict "
        "camera calibration parameters following the Brown-Conrady lens model.",
    ]
    tagger = load_tagger()
    corroborated = 0
    for text in texts:
        toks = [t for t in scan(text)[0] if not t.text.isspace()]
        unsure = {(toks[a].idx, toks[b].end) for a, b, m in tagger.spans([t.text for t in toks])
                  if tagger_component.TAGGER_CORROBORATES_MARGIN <= m < tagger_component.TAGGER_MIN_MARGIN}
        with monkeypatch.context() as mp:
            mp.setattr(tagger_component, "TAGGER_CORROBORATES_MARGIN", tagger_component.TAGGER_MIN_MARGIN)
            [(_p, alone)] = list(extract([Paper(id="x", abstract=text)]))
        weak = {(m.start, m.end) for m in alone if m.extractor == "phrases"}
        [(_p, mentions)] = list(extract([Paper(id="x", abstract=text)]))
        got = {(m.start, m.end) for m in mentions if m.extractor == "tagger"} - {(m.start, m.end) for m in alone if m.extractor == "tagger"}
        assert got == weak & unsure, text
        corroborated += len(got)
    assert corroborated >= 1  # the sentences exercise the rule with the weights shipped


@pytest.mark.parametrize(
    "spans, proposed",
    [
        # tokens: We0 introduce1 frozen-encoder2 model3 composition4 ,5 a6 novel7 approach8 .9
        ([(2, 4, 8.0)], [("frozen-encoder model composition", "Method")]),
        # one word, or a span that is not the whole object, is no contribution of its own
        ([(4, 4, 8.0)], []),
        ([(2, 3, 8.0)], []),
    ],
)
def test_a_tagged_article_less_object_of_we_introduce_is_proposed(component, spans, proposed):
    doc = component(spans)("We introduce frozen-encoder model composition, a novel approach.")
    got = [(c.text, c.type) for c in doc.user_data["kg"] if c.extractor == "tagger" and c.proposed]
    assert got == proposed


def test_a_tagged_phrase_the_paper_defines_as_something_is_proposed(component):
    # tokens: We0 define1 cross-format2 robustness3 as4 the5 extent6 .7
    doc = component([(2, 3, 8.0)])("We define cross-format robustness as the extent.")
    got = [(c.text, c.proposed) for c in doc.user_data["kg"] if c.text == "cross-format robustness"]
    assert got == [("cross-format robustness", True)]
    # "we define X" with no "as": no definition of the paper's own
    doc = component([(2, 3, 8.0)])("We define cross-format robustness here.")
    got = [(c.text, c.proposed) for c in doc.user_data["kg"] if c.text == "cross-format robustness"]
    assert got == [("cross-format robustness", False)]


def test_a_word_brings_its_cluster_and_a_rare_word_a_cluster_of_its_own():
    from kg.extract.tagger import word_clusters, word_features

    clusters = word_clusters()
    assert len(clusters) > 5000
    coarse, fine = clusters["pruning"]
    feats = word_features("Pruning", {}, {})
    assert f"cf={fine}" in feats[0] and f"cc={coarse}" in feats[0]
    assert f"cf-1={fine}" in feats[-1] and f"cf+1={fine}" in feats[1]
    assert "cf=-" in word_features("Zqxjvbnm", {}, {})[0]  # too rare to be clustered


def test_extraction_runs_the_tagger_of_a_weights_file_instead_of_the_shipped_one(tmp_path):
    """tools/train_ranker.py extracts each set it trains on with a tagger trained without it."""
    from kg.extract.pipeline import extract
    from kg.read.records import Paper

    text = ("We study synthetic social group networks. Memory systems such as FooMemX keep entity merging "
            "and temporal-state overwrite apart across single-user dialogue.")
    papers = [Paper(id="p", title="", abstract=text)]

    def rows(tagger):
        return [m.row() for _p, ms in extract(papers, tagger=tagger) for m in ms]

    nothing = tmp_path / "tagger.json"
    nothing.write_text(json.dumps({"weights": {}}), encoding="utf-8")
    assert rows(str(nothing)) == rows(False)  # a tagger that marks nothing changes nothing
    assert rows(str(model_path())) == rows(True) != rows(False)


def test_the_ranker_s_tagger_folds_cover_the_tagger_s_sets_once():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    from train_ranker import TAGGER_FOLDS
    from train_tagger import TRAINING_SETS

    names = [n for fold in TAGGER_FOLDS for n in fold]
    assert sorted(names) == sorted(TRAINING_SETS) and len(names) == len(set(names)) and "seeds" not in names
