"""Extraction components on small fixed texts: exact expectations."""

import pytest

from kg.extract.acronyms import find_definitions
from kg.extract.contributions import find_contributions, type_from_clause
from kg.extract.names import find_names, looks_like_name
from kg.extract.pipeline import make_nlp, mentions_from_doc
from kg.extract.roles import role_for
from kg.extract.vocabulary import load_vocabulary


@pytest.fixture(scope="module")
def nlp():
    """The rule components alone: the learned tagger (tests/unit/test_tagger.py) would add its
    own candidates to these made-up sentences."""
    return make_nlp(tagger=False)


def pairs(text):
    return [(d.short, d.long) for d in find_definitions(text)]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("We use Group Relative Policy Optimization (GRPO) here.", [("GRPO", "Group Relative Policy Optimization")]),
        ("While Key-Value (KV) cache compression", [("KV", "Key-Value")]),
        ("where Chain-of-Thought (CoT) coherence", [("CoT", "Chain-of-Thought")]),
        ("recent Large Multimodal Models (LMMs) show", [("LMMs", "Large Multimodal Models")]),
        ("a paradigm called Reason with Thumbnails, Answer with Focus (RTAF), which", [("RTAF", "Reason with Thumbnails, Answer with Focus")]),
        ("results (Table 2) and accuracy (95%)", []),
        ("pure reinforcement learning (i.e., GRPO)", []),
        (
            "entropy minimization (EM) and expectation-maximization (EM)",
            [("EM", "entropy minimization"), ("EM", "expectation-maximization")],
        ),
        # a 2 or 4 between letters may read "to" or "for"; a digit the long form writes still matches itself
        ("We propose Language to Hierarchical Rewards (L2HR) here.", [("L2HR", "Language to Hierarchical Rewards")]),
        ("classic sequence to sequence (Seq2Seq) models", [("Seq2Seq", "sequence to sequence")]),
        ("a Stage 2 Model (S2M) is used", [("S2M", "Stage 2 Model")]),
        # a short form before a long expansion in parentheses (over 40 characters)
        (
            "we introduce GLAZE (Glacial LAke segmentation with Zonal Evidence), the first",
            [("GLAZE", "Glacial LAke segmentation with Zonal Evidence")],
        ),
        # a list expands a short form only when its items start with its letters in order
        ("data that are Findable, Accessible, Interoperable, Reusable (FAIR) by design",
         [("FAIR", "Findable, Accessible, Interoperable, Reusable")]),
        ("models including DenseNet121, 50-layer Residual Network (ResNet50), and VGG16", []),
        ("We evaluate multiple LLMs (Llama3-8B, GPT-4o-mini, and o1-mini) on it.", []),
        # a title-case name, then its short form after ", or": not an alternative of one capital or
        # one whose letters the name does not spell; a quote closing the name stays out of it
        ("We train with Group-Uncertainty Preference Optimization, or GUPO, an uncertainty-channel framework.",
         [("GUPO", "Group-Uncertainty Preference Optimization")]),
        ("In Visual Game Learning, or ViGaL for short, games teach reasoning.", [("ViGaL", "Visual Game Learning")]),
        ("We propose ''Energy-based Test-time Adaptation'', or ETA. It uses Key-Value (KV) caches.",
         [("ETA", "Energy-based Test-time Adaptation"), ("KV", "Key-Value")]),
        ("Should agents Fail Fast, or Ask? Scores on MMLU Pro, or TruthfulQA, and the Structured State-Space "
         "Model, or Mamba, differ.", []),
    ],
)
def test_acronym_definitions(text, expected):
    assert pairs(text) == expected


def test_definition_offsets_point_into_text():
    text = "We study Direct Preference Optimization (DPO) today."
    (d,) = find_definitions(text)
    assert text[d.long_start : d.long_end] == "Direct Preference Optimization"
    assert text[d.short_start : d.short_end] == "DPO"


def test_names_keep_versions_and_families():
    vocab = load_vocabulary()
    text = (
        "Built on Qwen2.5-VL-7B and Gemini 2.5 Pro, it beats GPT-4o, DeepSeek-R1 and o3-mini on AIME25, "
        "MATH500 and KVFundaBench with GRPO-style training and LoRA. It runs 3.5x faster in 2D (see Table 2)."
    )
    assert [n.text for n in find_names(text, vocab)] == [
        "Qwen2.5-VL-7B", "Gemini 2.5 Pro", "GPT-4o", "DeepSeek-R1", "o3-mini", "AIME25",
        "MATH500", "KVFundaBench", "GRPO", "LoRA",
    ]


def test_a_plain_capitalised_word_evaluated_on_is_no_benchmark(nlp):
    doc = nlp("We evaluate on MMLU-Pro and on an English dataset. We build English corpora.")
    got = {m.text: (m.role, m.type) for m in mentions_from_doc(doc, "p")}
    assert got["MMLU-Pro"] == ("EVALUATES_ON", "Benchmark")
    assert got["English"][0] != "PROPOSES" and got["English"][1] == "Concept"


def test_a_generic_expansion_makes_no_definition(nlp):
    doc = nlp("It achieves state-of-the-art (SOTA) results with Group Relative Policy Optimization (GRPO).")
    assert sorted(c.text for c in doc.user_data["kg"] if c.extractor == "definition") == [
        "GRPO", "Group Relative Policy Optimization",
    ]


@pytest.mark.parametrize(
    "text, expected",
    [
        # a coined name keeps its release number written apart, with its edition and size
        ("This paper introduces RewardBench 2 and EXAONE 4.0; MedGemma 1.5 4B beats PLaMo 2.1-VL.",
         ["RewardBench 2", "EXAONE 4.0", "MedGemma 1.5 4B", "PLaMo 2.1-VL", "2.1-VL"]),  # the pipeline keeps the longer
        # not a score, a share, a range, a factor or an item of a list
        ("FooNet 2.5 points higher, BarNet 2.5% more, BazNet 1-3, QuxNet 3x faster, and VLMQ 1) optimizes.",
         ["FooNet", "BarNet", "BazNet", "QuxNet", "VLMQ"]),
        # after an acronym only "N.0" before a comma, a conjunction or a kind of resource is a release:
        # "MAE 9.0 days" is a measure, "RMSE 6.6" a score
        ("VQA 2.0, BPMN 2.0 diagrams, MAE 9.0 days and RMSE 6.6 on SARC 2.0 corpus.",
         ["VQA 2.0", "BPMN", "MAE", "RMSE", "SARC 2.0"]),
    ],
)
def test_a_release_number_written_apart_belongs_to_its_name(text, expected):
    assert [n.text for n in find_names(text, load_vocabulary())] == expected


def test_a_campaigns_shared_task_is_one_benchmark_name_and_never_the_papers_own(nlp):
    text = "We participated in SemEval 2026 Task 9, NLPCC 2025 Shared Task 7 and BraTS 2021. In Stage 1 we train."
    assert [n.text for n in find_names(text, load_vocabulary())] == [
        "SemEval 2026 Task 9", "NLPCC 2025 Shared Task 7", "BraTS 2021",
    ]
    doc = nlp.make_doc("This paper presents our system for SemEval-2025 Task 5.")
    for _name, proc in nlp.pipeline:
        doc = proc(doc)
    got = [(m.text, m.type, m.role) for m in mentions_from_doc(doc, "p")]
    assert got == [("SemEval-2025 Task 5", "Benchmark", "EVALUATES_ON")]


def test_quantities_in_units_and_scores_run_into_a_metric_are_no_names():
    for word in ("50MW", "2.37MW", "64FPS", "24rpm", "77.78ACC", "79.30AUC"):
        assert not looks_like_name(word), word
    for word in ("H100", "3DGS", "12L-ECG", "GPT-4"):
        assert looks_like_name(word), word


def test_a_benchmarks_edition_written_apart_belongs_to_its_name():
    text = "It scores 46.8 on Terminal-Bench Hard, 70.1 on GPQA Diamond and 60.2 on SpreadsheetBench Verified."
    assert [n.text for n in find_names(text, load_vocabulary())] == [
        "Terminal-Bench Hard", "GPQA Diamond", "SpreadsheetBench Verified",
    ]


def test_english_words_with_a_benchmarks_suffix_are_a_name():
    text = "We evaluate on Spider-Bench, Claw-Eval 2.0 and Spatial-Gym. Gains on the VL Reward-Bench hold."
    # the last is a piece of a longer name whose start the finder cannot tell: left to the phrases
    assert [n.text for n in find_names(text, load_vocabulary())] == ["Spider-Bench", "Claw-Eval 2.0", "Spatial-Gym", "VL"]
    assert not looks_like_name("Task-Dependent") and looks_like_name("Spider-Bench")


def test_a_proposed_release_is_the_papers_own_not_the_benchmark_it_follows(nlp):
    text = "This paper introduces RewardBench 2, a new multi-skill reward modeling benchmark."
    assert proposed(nlp, text) == ["RewardBench 2"]
    assert proposed(nlp, "We introduce PLaMo 2.1-VL, a lightweight vision language model.") == ["PLaMo 2.1-VL"]


def test_a_dash_typed_as_a_hyphen_ends_a_name():
    text = "Teachers Qwen3-235B-A22B and DeepSeek-R1-on a shared corpus; we tune Llama-3-to it."
    assert [n.text for n in find_names(text, load_vocabulary())] == ["Qwen3-235B-A22B", "DeepSeek-R1", "Llama-3"]
    text = "We propose ModRWKV-a decoupled framework and SeaExam-an exam, beside Qwen2.5-VL."
    assert [n.text for n in find_names(text, load_vocabulary())] == ["ModRWKV", "SeaExam", "Qwen2.5-VL"]


@pytest.mark.parametrize("word, expected", [("GRPO", True), ("CoT", True), ("Sora-2", True), ("vLLM", True),
                                            ("High-Density", False), ("2D", False), ("ICML", False), ("Table", False),
                                            # a prefix glued to a capitalised word is a name; capitals
                                            # spelling an acronym out of one English word are not
                                            ("VRBench", True), ("XGBoost", True), ("IFEval", True),
                                            ("SEarch", False), ("REwriting", False),
                                            # ... nor is one capital marking an acronym's letter inside a
                                            # word, unless it starts a word of its own
                                            ("histOlogy", False), ("simPlification", False),
                                            ("nuScenes", True), ("rewardBench", True), ("mmWave", True)])
def test_looks_like_name(word, expected):
    assert looks_like_name(word) is expected


@pytest.mark.parametrize(
    "before, ctype, role",
    [
        ("Against state-of-the-art methods, our model outperforms ", "Model", "COMPARES_WITH"),
        ("compared to the non-GVR model ", "Model", "COMPARES_WITH"),
        ("our model, based on ", "Model", "USES"),
        ("we adopt pure reinforcement learning (i.e., ", "Method", "USES"),
        ("achieves 9% gains on ", "Benchmark", "EVALUATES_ON"),
        ("We uncover that its specialized ", "Method", "MENTIONS"),
        ("We study ", "Method", "MENTIONS"),
    ],
)
def test_roles(before, ctype, role):
    assert role_for(before, ctype) == role


def test_contribution_clauses():
    s = "We introduce KVFundaBench to systematically evaluate this gap."
    (c,) = find_contributions(s)
    assert s[c.start : c.end].strip() == "KVFundaBench"
    assert type_from_clause("a new benchmark for spatial reasoning") == "Benchmark"
    assert type_from_clause("a large-scale dataset of proofs") == "Dataset"
    assert find_contributions("Prior work studies attention.") == []


def test_pipeline_on_one_abstract(nlp):
    text = (
        "While Key-Value (KV) cache compression is essential for efficient LLM inference, reasoning suffers. "
        "We introduce KVFundaBench, a benchmark for this gap. "
        "Our method, trained with Group Relative Policy Optimization (GRPO), outperforms DeepSeek-R1 on MATH500."
    )
    got = {(m.text, m.role, m.type) for m in mentions_from_doc(nlp(text), "p1")}
    assert ("Key-Value (KV) cache compression", "MENTIONS", "Method") in got
    assert ("KVFundaBench", "PROPOSES", "Benchmark") in got
    assert ("GRPO", "USES", "Method") in got
    assert ("DeepSeek-R1", "COMPARES_WITH", "Model") in got
    assert ("MATH500", "COMPARES_WITH", "Benchmark") not in got
    evidence = {m.text: m.sentence for m in mentions_from_doc(nlp(text), "p1")}
    assert evidence["KVFundaBench"] == "We introduce KVFundaBench, a benchmark for this gap."


@pytest.mark.parametrize(
    "text",
    [
        "We propose Sparse Latent Queries (SLQ), which beats Qwen3-4B-Base on GSM8K.",
        # a negated name is the name after the "non-"
        "It outperforms all non-WhisTLEX baselines in 27 of 32 scenarios.",
    ],
)
def test_offsets_match_the_text(nlp, text):
    found = mentions_from_doc(nlp(text), "p")
    assert found
    for m in found:
        assert text[m.start : m.end] == m.text


def proposed(nlp, text, title=""):
    doc = nlp.make_doc(text)
    if title:
        doc.user_data["kg_title"] = title
    for _name, proc in nlp.pipeline:
        doc = proc(doc)
    return sorted({m.text for m in mentions_from_doc(doc, "p") if m.role == "PROPOSES"})


@pytest.mark.parametrize(
    "text, expected",
    [
        # a passive announcement names the thing before its verb
        ("Specifically, a Semantic-Aware Router is proposed to align text.", ["Semantic-Aware Router"]),
        # building verbs announce a name after "a", not a thing built with one
        ("First, a Maritime Simulated Visibility Dataset (MSVD) is constructed to simulate scenes.",
         ["MSVD", "Maritime Simulated Visibility Dataset"]),
        ("Then, a FAISS based vector index is constructed from the embeddings.", []),
        ("Then, a graph is built from the embeddings.", []),
        # an adverb between the announcer and the verb
        ("We therefore introduce Focusable Depth Estimation (FDE), a region-aware task.",
         ["FDE", "Focusable Depth Estimation"]),
        # naming is announcing, with or without "we"
        ("When applying it to an MLLM, the resulting model, named VILA-HD, improves perception.", ["VILA-HD"]),
        ("This motivates us to propose 4KPro, a new benchmark of image QA.", ["4KPro"]),
        ("We address this gap by introducing Bright-4B, a foundation model.", ["Bright-4B"]),
        # the list after a colon belongs to the announcement
        (
            "We introduce two metrics: Multi-Decoding Consistency (MDC), and Trace Stability Score (TSS), which help.",
            ["MDC", "Multi-Decoding Consistency", "TSS", "Trace Stability Score"],
        ),
        # a counted announcement that ends its sentence: the next sentences open with its items
        (
            "We study voting across model families. We propose three family-aware methods. Hierarchical Family "
            "Votingx (HFVX) aggregates within families. Learned Candidate Scoringx (LCSX) trains a classifier. "
            "Then GPT-4o still wins on GQA.",
            ["HFVX", "Hierarchical Family Votingx", "LCSX", "Learned Candidate Scoringx"],
        ),
        # ... or that the paper, or its own system, makes so many contributions; not someone else's
        (
            "We present BADGERX, a framework. BADGERX offers three contributions. First, SQL extraction. Second, a "
            "hybrid execution accuracy metricx (Hybrid-EXX) resolving brittleness. Third, a suite.",
            ["BADGERX", "Hybrid-EXX", "hybrid execution accuracy metricx"],
        ),
        (
            "We make two contributions. First, a retrieval gatex (RGX) for agents. Second, Sparse Token Routingx "
            "(STRX), which prunes tokens.",
            ["RGX", "STRX", "Sparse Token Routingx", "retrieval gatex"],
        ),
        ("We make two observations. First, a retrieval gatex (RGX) for agents is slow.", []),
        ("We present BADGERX. LEGACYX offers two contributions. First, a retrieval gatex (RGX) for agents.", ["BADGERX"]),
        # the core of the paper's own system, named
        (
            "We present SCRIPTX, a framework for control. The core of SCRIPTX is a Joint Action-State-Text "
            "Diffusion Transformerx (JAST-DiTX), which represents actions. The core of BERT is a stack.",
            ["JAST-DiTX", "Joint Action-State-Text Diffusion Transformerx", "SCRIPTX"],
        ),
        # ... with coordinated modifiers before the counted kind word
        (
            "We challenge this paradigm by introducing Adaptive Chunkerx, a framework that selects the best strategy "
            "for each document based on a set of five novel intrinsic, document-based metrics: Reference "
            "Completenessx (RCX), Chunk Cohesionx (CCX), and Size Compliancex (SCX), which assess quality.",
            ["Adaptive Chunkerx", "CCX", "Chunk Cohesionx", "RCX", "Reference Completenessx", "SCX", "Size Compliancex"],
        ),
        # a concept the vocabulary knows is used, not proposed
        ("We propose to steer large language models (LLMs) with GateSteer.", ["GateSteer"]),
        # a name the abstract defined before the announcement is background, not a contribution
        (
            "Group Relative Policy Optimization (GRPO) trains reasoners. "
            "We propose Sparse Reward Shaping (SRS), a method that densifies the reward of GRPO.",
            ["SRS", "Sparse Reward Shaping"],
        ),
        # a word of a longer term later in the announcement is not a second contribution
        (
            "We introduce cache coherent resampling, which realizes updates by reordering KV caches.",
            ["cache coherent resampling"],
        ),
        # a second verb of the same "we" announces too, but only a coined name, never a phrase
        (
            "We formalize input reconstruction as a discrete problem and introduce SODA, an efficient algorithm.",
            ["SODA"],
        ),
        ("We analyze the failure and present a detailed error analysis.", []),
        ("We survey prior work and propose open research directions for personalized NLP.", []),
        ("We study this gap and the development of MLLMs for remote sensing.", []),
        # "X is a <new|large-scale ...> corpus" opening a sentence introduces X
        ("SynthDocs is a large-scale synthetic corpus for OCR and DU.", ["SynthDocs"]),
        ("GRPO is a popular reinforcement learning algorithm.", []),
        # quotes mark a coined term, whatever its words
        ('We introduce "reasoning prototypes" by clustering activation differences.', ["reasoning prototypes"]),
        ("To close these gaps, we propose ``HIDE,'' a hint-based framework.", ["HIDE"]),
        # a capitalised run after the verb is the name, even when no word of it looks coined
        ("To address this, we introduce Entropy-Aware On-Policy Distillation. It works.", ["Entropy-Aware On-Policy Distillation"]),
        # a capitalised article opening a listed part is not part of its name
        ("We introduce the Foo-Aligned Grouping Transformer (FooAGT) with two key improvements: 1) The Grouping "
         "Attention (GA) mechanism uses MeTok; 2) The Neighborhood Feed-Forward Network (N-FFN) integrates group features.",
         ["Foo-Aligned Grouping Transformer", "FooAGT", "GA", "Grouping Attention", "N-FFN", "Neighborhood Feed-Forward Network"]),
        # the listed parts of a contribution are contributions; sources it draws on are not
        (
            "We introduce V1, a framework. V1 comprises two components: V1-Infer, an algorithm, and V1-PairRL, a method.",
            ["V1", "V1-Infer", "V1-PairRL"],
        ),
        ("We present BioTool. BioTool comprises 34 tools collected from the NCBI, Ensembl, and UniProt databases.", ["BioTool"]),
        ("Our core component,Trust Region Ratio Distillation (TRRD), replaces the KL term.", ["TRRD", "Trust Region Ratio Distillation"]),
        # a known concept or a released model in the clause is used, not proposed, and an unnamed
        # "framework" is no concept to link
        ("We propose an RL framework for scientific idea generation.", []),
        ("We present an evaluation of GPT-4o and Llama-3-8B on MATH500.", []),
        ("We propose a scalable and adaptable framework for ophthalmic imaging.", []),
        ("We propose MambaTrack, a tracker.", ["MambaTrack"]),
        # "we will release our code and data" announces no concept; a named release does
        ("We will release our code, data generation pipelines, and datasets.", []),
        ("We will release MemJack-Bench, a dataset of attacks.", ["MemJack-Bench"]),
        ("We release our code at https://github.com/CherYou/Bench.", []),
        # the verb's object with an appositive is the paper's own, even a release of a known family
        ("We present Qwen9-VL, a vision-language foundation model for documents.", ["Qwen9-VL"]),
        ("To address this, we propose Q-mem, a framework shifting from Batch Recall to Event Replay.", ["Q-mem"]),
        # an unnamed contribution: neither the known concept nor the modifier of a kind word is it
        ("We present a novel deep learning framework for clustering of cardiac fibers.", []),
        ("Specifically, we propose two discourse-driven planning strategies for summaries.", []),
        ("Second, we introduce a training-free attention recalibration mechanism that adjusts weights.", []),
        # "X, a novel ..." anywhere in a sentence names a new thing
        ("We evaluate along many axes, including QuizBack, a novel end-to-end metric that counts recall.", ["QuizBack"]),
        ("We compare with RankNet, a strong baseline for ranking.", []),
        # the document as the subject, kind word then name, "called" + any name, "the proposed ... (X)"
        ("This technical report presents FooLM-2, a context compression framework for long inputs.", ["FooLM-2"]),
        ("This work explores the trade-off between privacy and fairness and introduces RESQ, an integrated solution.", ["RESQ"]),
        ("In this paper, we present a new tool learning method Chain-of-Gadgets.", ["Chain-of-Gadgets"]),
        ("We propose the first process reward model called Web-Warden which assesses web trajectories.", ["Web-Warden"]),
        ("Using a large storytelling dataset, our Story-GPT model produces grounded narratives.", ["Story-GPT"]),
        ("Despite its simplicity, the proposed training recipe (REPA-X) shows remarkable performance.", ["REPA-X"]),
        ("We close this gap with Fab-3M, the first open dataset of three million fables.", ["Fab-3M"]),
        # a "-based" modifier is no name, and the name's own parts are its domain, not contributions
        ("In this study, we propose a CLIP-based framework (CLIP-KNEE) to improve the reliability of KNEE grading.", ["CLIP-KNEE"]),
        # the items an announcement lists after a colon; not the examples in parentheses
        ("We introduce two metrics: Decoding Consistency Score (DCS), which measures stability, and Granular "
         "Leakage Test (GLT), which measures leakage.", ["DCS", "Decoding Consistency Score", "GLT", "Granular Leakage Test"]),
        ("We introduce three retrieval tasks: (1) Race to Country retrieval, over groups (East Asian, White, Latino), "
         "and (2) Trait retrieval.", []),
        ("We evaluate on three benchmarks: GSM8K, MATH500 and AIME24.", []),
        ("This survey provides an up-to-date and forward-looking review of LLMs for two tasks: molecule generation.", []),
        # named after the announcement; a part the contribution is made of; a kind word, a comma, a name
        ("This paper proposes a method to extract them, referred to as Linked Entity Mining.", ["Linked Entity Mining"]),
        ("We propose a prompting scheme, referred to as Chain-of-Thought (CoT) prompting.", []),
        (
            "We propose SQLStar, an agent. During training, SQLStar employs curriculum-aware policy shaping (CAPS).",
            ["CAPS", "SQLStar", "curriculum-aware policy shaping"],
        ),
        ("We propose MedZ, a framework. MedZ uses large language models (LLMs) and reinforcement learning (RL).", ["MedZ"]),
        ("Here we introduce a two-stage training strategy, Warm-then-Cool, in which models first train.", ["Warm-then-Cool"]),
        # a known word in a capitalised run described by an appositive is part of the new name
        ("We introduce LLM Jury, a deliberation framework for creative writing.", ["LLM Jury"]),
        # what the contribution is for, and established terms it defines, are not contributions
        ("We introduce Endo-VQA-9, a new dataset for gastrointestinal (GI) endoscopy.", ["Endo-VQA-9"]),
        ("We introduce SlideRep, a dual representation of whole slide images (WSIs).", ["SlideRep"]),
        ("We further propose Language to Hierarchical Rewards (L2HR) as a solution.", ["L2HR", "Language to Hierarchical Rewards"]),
        # a name modifying the appositive's kind word describes the pick; a name before "'s" owns something
        ("We propose SQLStar, a text-to-SQL agent.", ["SQLStar"]),
        # each item of an enumeration heads a part, past a cue, until the sentence turns to evaluation
        (
            "We propose a two-part evaluation framework: (1) Rubric Fidelity Check, which utilizes LLMs to "
            "score answers; and (2) Canonical Coverage Audit to measure coverage.",
            ["Canonical Coverage Audit", "Rubric Fidelity Check"],
        ),
        ("We propose FooNetY and evaluate it on (1) Natural Questions and (2) Trivia Sets.", ["FooNetY"]),
        # "our" then a preposition: the name is what "our method" is run on, not ours
        ("We evaluate our method on BRIGHTX and MMEBX.", []),
        ("Our results on MicroRTSX show gains. Our model FooNetX is fast.", ["FooNetX"]),
        (
            "We introduce FooViT with three innovations: i) the FOO Attention Block that works through "
            "Kronecker's product; ii) a Continuous Channel Embedding Layer that keeps order.",
            ["Continuous Channel Embedding Layer", "FOO Attention Block", "FooViT"],
        ),
    ],
)
def test_contributions_in_context(nlp, text, expected):
    assert proposed(nlp, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a name past a preposition of the announcement is what the contribution is for or about
        (
            "Existing deep subspace clustering (DSC) methods are slow. We introduce a mini-batch "
            "training strategy for DSC by integrating a memory bank.",
            [],
        ),
        ("We propose a method for reconstructing shapes from planes in CT angiography (CTA).", []),
        # ... unless the paper coins it there: a long form in capitals
        ("We propose a regularizer for promoting the Linear SEParability (LSEP) of layers.", ["LSEP", "Linear SEParability"]),
        # ... and an unnamed phrase past a preposition is not what is introduced
        ("We introduce a dataset created with LLM assistance.", []),
        # the clause ends where it says what the contribution is built on
        ("We design a federated RAG framework built on Flowerkit, which supports SQL data.", []),
        # a name that only modifies the next word is not a further contribution
        ("We propose ROIsNet, a region-guided U-Net-based adversarial network.", ["ROIsNet"]),
        # "named entity recognition" names nothing; "contributes to" announces nothing
        ("Alignment helps tasks such as Named Entity Recognition and parsing.", []),
        ("This research contributes to robust sentiment analysis in low-resource NLP.", []),
        # "by providing" announces only in the paper's own voice
        ("SHAP and LIME improve interpretability by providing real-time sentiment explanations.", []),
        # the authors' earlier work is not this paper's contribution
        ("Two networks which we developed previously (termed O-NetX and Theta-NetX) are assessed.", []),
        # a passive announcement with the name in commas; a purpose clause of the same "we"
        ("Therefore, a novel hybrid framework, CE-RS-SBCITX, is introduced.", ["CE-RS-SBCITX"]),
        ("We leverage our construction to propose Cooperative Sheaf Networks (CSNs).", ["CSNs", "Cooperative Sheaf Networks"]),
        # the core of the paper's own work
        ("At its core is BANSAX, an acquisition function that measures disagreement.", ["BANSAX"]),
        ("A key component is DASH-OPTX for image-based retrieval.", ["DASH-OPTX"]),
        # "called" names what the paper's own voice describes, not what it uses
        ("We train a conditional latent diffusion model called LocDiffusionX that generates maps.", ["LocDiffusionX"]),
        ("Our method, called LPOSSX+, performs inference over the image.", ["LPOSSX+"]),
        ("We use an in-context learning algorithm called SegGPTX for few-shot segmentation.", []),
        ("We employ a recently proposed variational algorithm called IVONX for fine-tuning.", []),
        # "which we denote as", "the paper presents", "the novel X (Y)"
        ("Evaluating models on the revised labels, which we denote as RePOPEX, we observe shifts.", ["RePOPEX"]),
        ("The paper presents the Source Code Lexical Runtime (SCLR), a tool for tagging.", ["SCLR", "Source Code Lexical Runtime"]),
        ("We address this with the novel Nonlinear Concept Explainer (NCEX) for CNNs.", ["NCEX", "Nonlinear Concept Explainer"]),
        # a coined short form after a "based on" part names the whole announced thing
        ("We construct a new pyramid network based on feature and deformation fields (FF-PNetX).", ["FF-PNetX"]),
        ("We introduce a framework for auditing, based on a concept known as justified representation (JR).", []),
        # a coined name that brings something new; "our model (X)"; a coined word with acronym capitals
        ("TGraphXQ presents a novel paradigm by unifying CNNs with GNNs.", ["TGraphXQ"]),
        ("The WuNengX architecture introduces a novel approach to expressivity.", ["WuNengX"]),
        ("GPT-4 introduces a new era of assistants.", []),
        ("We train our model (VITEDX) to generate evidence chains.", ["VITEDX"]),
        ("In this study, we introduce the XAInomalyQ framework for anomaly detection.", ["XAInomalyQ"]),
        # the name after "we call this phenomenon"
        ("We call this phenomenon reward collapse.", ["reward collapse"]),
        # a kind word ends what "our" says about a name: the verb after it is no name
        ("Compared to full flows, our method reduces FLOPs for training.", []),
        ("Our retrieval model RetXQ beats the rest.", ["RetXQ"]),
        # a longer description of the paper's own thing, then its name
        ("We show how our AI-driven wound size estimation framework, WoundAmbitX, fits telehealth.", ["WoundAmbitX"]),
        ("Our method outperforms the current state-of-the-art framework, CoMPaSSX, by 13 points.", []),
        # the named parts of the paper's own thing
        ("We propose VidEraserX, a training-free framework. VidEraserX works via a two-stage process: "
         "Selective Prompt Embedding Adjustment (SPEA) and Adversarial-Resilient Noise Guidance (ARNG).",
         ["ARNG", "Adversarial-Resilient Noise Guidance", "SPEA", "Selective Prompt Embedding Adjustment", "VidEraserX"]),
        ("We introduce FinAuditX, a benchmark. FinAuditX defines three complementary subtasks, FinSMX for semantic "
         "consistency, FinREX for relational consistency, and FinMRX for numerical consistency.",
         ["FinAuditX", "FinMRX", "FinREX", "FinSMX"]),
        # ... not someone else's parts, a lone proper noun, or a count of steps in a comparison
        ("Preference learning hinges on datasets comprising three core components: Preference AnnotationsX, "
         "Instruction SetsX and Response PoolsX.", []),
        ("We propose SpiLiX. SpiLiX (4 time steps) outperforms E-SpikeX (8 time steps), a spiking Transformer.", ["SpiLiX"]),
        # a newly collected set is the paper's own; a newly developed one it uses is not
        ("We evaluate on three datasets: ADReSSoX, NCMMSCX, and a newly collected test set, CIR-EX.", ["CIR-EX"]),
        ("We utilize the newly developed Monkeypox Skin Lesion Dataset (MSLDX) to train our models.", []),
        # "called" far from "we", in the paper's own voice
        ("In this paper, we explore a novel keypoint learning paradigm in which we annotate only new keypoints, called IKLX.",
         ["IKLX"]),
        # a dash for a space before the article: "BARRELX-a novel framework"
        ("To address these issues, we propose BARRELX-a novel framework for reasoning.", ["BARRELX"]),
        ("We propose ULTRAEDITX-a fundamentally new editing solution.", ["ULTRAEDITX"]),
        # an abstract opening with a coined name and what kind of thing it is
        ("NeoNX, a tool for detecting Polish neologisms. It is fast.", ["NeoNX"]),
        ("EasyMathX is a compact benchmark for math reasoning. We test models.", ["EasyMathX"]),
        # the sentences after "a framework with two components" go through its parts
        ("We propose a trace-aware decoding framework with two components. First, Temporal-Spatial Parallel DecodingX "
         "(TSPDX) uses a controller to fix tokens. Second, we introduce Confidence ExtrapolationX (CEX), a module.",
         ["CEX", "Confidence ExtrapolationX", "TSPDX", "Temporal-Spatial Parallel DecodingX"]),
        ("Prior methods fall short in two ways. First, Visual Prompt TuningX (VPTX) needs labels.", []),
        # a later coined name on the stem of the paper's own name is a variant or a part of it ...
        ("We introduce JudgeLRMX, a family of judge models. Notably, JudgeLRMX-7B outperforms DeepSeek-R1.",
         ["JudgeLRMX", "JudgeLRMX-7B"]),
        # ... or the whole name of the paper's own thing, then more (whatever its stem)
        ("We propose Agent-WorldX, an agent training arena. Agent-WorldX-8B outperforms DeepSeek-R1.",
         ["Agent-WorldX", "Agent-WorldX-8B"]),
        ("We introduce SCALEX, a method for adapters. SCALEX-support extends it to sparse data.", ["SCALEX", "SCALEX-support"]),
        # ... not another name that merely starts with the same letters
        ("We introduce SCALEX, a method for adapters. SCALEXNet is a baseline.", ["SCALEX"]),
        # ... not an earlier name it is built from, nor another system's name on the same stem
        ("Using ActivityNetX-Captions, we construct ActivityNetX-Comp, a compositional benchmark.", ["ActivityNetX-Comp"]),
        ("We introduce UIX-Vision, a benchmark for desktop agents. Models like UIX-TARS-72B fail on it.", ["UIX-Vision"]),
        # "compile", "formalize", "define" announce only a name said to be one
        ("Applying this framework to courts, we compile an extensive dataset, JudiFairX, comprising 177,100 case facts.",
         ["JudiFairX"]),
        ("We formalize a Decoupled Declarative Decision (D3) Framework that enables generalization.",
         ["Decoupled Declarative Decision"]),
        ("We formalize the generalization error bound using RademacherX complexity.", []),
        ("Leveraging 2D models, we compile 120k high-quality RGBAX images for distillation.", []),
        # "devised" announces after an indefinite article only
        ("Furthermore, an Intrinsic Saliency guided Refinement ModuleX (ISRMX) is devised to refine features.",
         ["ISRMX", "Intrinsic Saliency guided Refinement ModuleX"]),
        ("Open set recognitionX (OSRX) is devised to detect novel classes.", []),
        # what the paper's own process produced, named: "the resulting dataset, X"
        ("The resulting dataset, SafetyMixX-Multilingual-v1, comprises 386,661 samples.", ["SafetyMixX-Multilingual-v1"]),
        ("Our resulting policy (NavPolX) transfers to real robots.", ["NavPolX"]),
        ("We evaluate the resulting system on the BioMQMX dataset of errors.", []),
        ("The resulting algorithm CARLX improves downstream control.", ["CARLX"]),
        # an appositive saying the paper made it: "our benchmark of", "a ... language that we design"
        ("On E2AX-Bench, our benchmark of 63 editing tasks, EditActX outperforms prior approaches.", ["E2AX-Bench"]),
        ("Agents plan in EditLangX, a PDDL-inspired action language that we design with explicit effects.", ["EditLangX"]),
        # ... not a phrase fronted before the subject "our model"
        ("On V2VX-Real, our model requires only 0.4 Mb of bandwidth.", []),
        ("By exploiting the strengths of RWKVX-7, our method achieves state-of-the-art results.", []),
        # what the paper's idea becomes, named
        ("We instantiate AtSX as DeepFactX-Bench, a versioned factuality benchmark.", ["DeepFactX-Bench"]),
        ("We implement the method as PyTorchX modules.", []),
        # what the contribution is made from or with is not the contribution
        ("We address this by constructing a comprehensive RAG dataset derived from WikipediaX and CulturaXX, "
         "comprising question-answer pairs.", []),
        ("This study presents a novel approach leveraging the diffusion model InstructPixX to develop prompting methods.", []),
        ("We introduce UQX, a testbed of 500 questions sourced from StackExchangeX.", ["UQX"]),
        ("Poisson Surface Reconstruction is a widely-used algorithm for surfaces. We study it.", []),
        ("Models are slow. EasyMathX is a compact benchmark for math reasoning.", []),
    ],
)
def test_what_an_announcement_does_not_introduce(nlp, text, expected):
    assert proposed(nlp, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a coined name on its first use, with an appositive saying what kind of thing it is,
        # in the paper's own voice
        ("We formalize this layer via UCCT, a theory of semantic anchoring. We translate UCCT into "
         "architecture with MACI, a coordination stack that implements debate.", ["MACI", "UCCT"]),
        # ... not when the sentence runs, uses or compares it
        ("We evaluate on MMLU-X, a benchmark of 57 subjects, and compare with DPO-Q, an alignment method.", []),
        ("We build upon LLaVA-Q, a vision-language model.", []),
        # ... nor on a later use
        ("UCCT models reasoning. We extend it via UCCT, a theory of anchoring.", []),
        # a short form the paper defines in its own voice for a long form the field never wrote
        ("We extract keypoints to serve as a minimal set of descriptor-based control nodes (DCN).",
         ["DCN", "descriptor-based control nodes"]),
        ("We evaluate keypoints against descriptor-based control nodes (DCN).", []),
        # a word that ends in a verb of use is no verb of use ("a post-training pipeline"); validating is
        ("We further develop a post-training pipeline where PS-SFTX (Perception-Structured Supervised Fine-Tunex) "
         "initializes reasoning.", ["PS-SFTX", "Perception-Structured Supervised Fine-Tunex"]),
        ("We validate the pre-trained model on Alzheimer's diseasex (ADX) and other diseases.", []),
        ("We run experiments to assess the performance of LLMs on CaseHOLDX, a legal benchmark dataset.", []),
        # ... also when the short form goes on with the kind of part it names, not with other words
        ("In FedX, we add a Bidirectional Calibration Gating (BCG) module to detect over-confidence.",
         ["BCG", "Bidirectional Calibration Gating"]),
        ("We study understanding-generation (UG) pairs in detail.", []),
        ("We fine-tune large language models (LLMs) with it.", []),
        # a curated short form stays known when the expansion the reader found has extra words before it
        ("We propose AlphaCast, a human wisdom-large language model (LLM) co-reasoning framework.", ["AlphaCast"]),
        ("We extract keypoints for an institute (the Institute for Management and Innovation (IMI)).", []),
        # the heart of the paper's own work
        ("Central to our approach is the VideoPath-Instruct dataset, comprising 4278 video pairs.",
         ["VideoPath-Instruct"]),
        ("The key idea of our method is to use GPT-4o.", []),
        # a second verb of the same "we" after a parenthetical
        ("We propose a novel technique, ObfusQAte and, leveraging the same, introduce ObfusQA, a framework "
         "with obfuscation levels.", ["ObfusQA", "ObfusQAte"]),
        # the parts a proposed contribution's list opens with
        ("We propose FedBPrompt, a federated method. FedBPrompt employs a prompt mechanism comprising: "
         "Holistic Full Body Prompts to suppress noise, and Body Part Alignment Prompts to capture details.",
         ["Body Part Alignment Prompts", "FedBPrompt", "Holistic Full Body Prompts"]),
        # "our X" and "the proposed X" say so of any new name, a benchmark's too
        ("Experiments on our CultureBench show consistent gains.", ["CultureBench"]),
        ("Experiments on MMLU and our newly proposed AdvancedMath benchmark show gains.", ["AdvancedMath"]),
        ("Evaluating the proposed solution on the LIDC-IDRI dataset shows gains.", []),
        # the parts the paper's own framework, or its list of contributions, opens with
        ("This framework comprises three specialized components: GuideLLM, a lightweight model; "
         "SolverLLM, a larger model; and JudgeLLM, an automated evaluator.", ["GuideLLM", "JudgeLLM", "SolverLLM"]),
        ("Our contributions are threefold: (1) UQ-Dataset and its pipeline; (2) UQ-Validators, "
         "validation strategies; and (3) UQ-Platform, an open platform.", ["UQ-Platform", "UQ-Validators"]),
        ("The model comprises three components: the encoder, the decoder and a head.", []),
        # a list the paper's own contribution opens as the sentence's subject, unless it is tested on it
        ("We propose GraphVLM, a benchmark. GraphVLM investigates three paradigms for integrating VLMs "
         "with graphs: (1) VLM-as-Encoder, which enriches GNNs; and (2) VLM-as-Predictor, which predicts.",
         ["GraphVLM", "VLM-as-Encoder", "VLM-as-Predictor"]),
        # the words spelling out a proposed name, and what it extends, are not new names
        ("We propose H-ADAPTS (Hashtag recommendAtion by Detecting and adAPting to Trend Shifts), "
         "a BERT-based recommender.", ["H-ADAPTS"]),
        ("We introduce PhyLAA-X, a novel physics-conditioned extension of Localized Artifact Attention (LAA-X).",
         ["PhyLAA-X"]),
        # an unnamed phrase after "a" describes one instance; a bare one names a new concept
        ("Motivated by this pattern, we establish a formal link between reasoning and latency.", []),
        ("In this work, we introduce derivation graphs, which represent how rules are applied.", ["derivation graphs"]),
        ("We develop a modular, extensible Python library (RDTL) with configurable pipelines.", ["RDTL"]),
        # naming something is introducing it
        ("The system ships with the adversarial corpus (referred to as ADC-2026 in this work).", ["ADC-2026"]),
        ("We detect unactivated layers (which we refer to as Voids) with a probe.", ["Voids"]),
        ("Prior work used a corpus referred to as C4 by its authors.", []),
        ("We propose RE-TCN, a network. RE-TCN has been validated on four benchmark datasets: "
         "NTU-RGB, Northwestern-UCLA, Kinetics and UAV-Human.", ["RE-TCN"]),
        # a model the paper trains and describes as a model
        ("We train Bee-8B, an 8B model on our data.", ["Bee-8B"]),
        ("We train Llama-3-8B, a strong open model, on our data.", []),
        # a plain capitalised word the appositive says is a benchmark is a name
        ("In this paper, we introduce Mouse, a specialized benchmark for slang.", ["Mouse"]),
        # ... with its release number written apart; a plain word and a number is no name without it
        ("We introduce Cosmos 3, a family of omnimodal world models.", ["Cosmos 3"]),
        ("We release Hunyuan3D 2.1, a 3D generation model.", ["Hunyuan3D 2.1"]),
        ("We present Section 3, a summary of our results.", []),
        # a name glued to a modifier only modifies what the paper introduces
        ("Additionally, we introduce SEG-aware logit calibration, which integrates feedback.",
         ["SEG-aware logit calibration"]),
        ("In addition, we introduce an FP8-based training recipe and show that it works.", []),
        ("We propose kNN-based Latent Space Broadening (LSB) to enhance efficiency.", ["LSB", "Latent Space Broadening"]),
        # "a novel" name, whatever the verb, when the name ends its noun phrase
        ("Intrinsic Load is formalized with a novel Tool Interaction Graph; load is measured.", ["Tool Interaction Graph"]),
        ("The challenge is based on a novel RAW fusion dataset with noisy frames.", []),
    ],
)
def test_a_new_name_with_a_kind_appositive_in_our_voice_is_proposed(nlp, text, expected):
    assert proposed(nlp, text) == expected


def test_a_participle_of_composition_ends_a_phrase(nlp):
    assert phrases_of(nlp, "We release a large-scale dataset comprising 4k videos.") == []


def proposed_types(nlp, text):
    doc = nlp.make_doc(text)
    for _name, proc in nlp.pipeline:
        doc = proc(doc)
    return {m.text: m.type for m in mentions_from_doc(doc, "p") if m.role == "PROPOSES"}


@pytest.mark.parametrize(
    "text, expected",
    [
        # the head of the appositive types the name, not its first kind word ("task")
        ("Based on this, we propose TaskPick, a fine-grained task selection strategy, for agents.", {"TaskPick": "Method"}),
        ("We propose Cross-view Matching, a novel cache update strategy that uses attention.", {"Cross-view Matching": "Method"}),
        ("We introduce PlotArena, a benchmark for chart reasoning.", {"PlotArena": "Benchmark"}),
        # a direct object without an appositive: a kind word far away in the clause does not type it
        ("We introduce Qwen9-Think-v1.5, capable of reasoning before responding, with gains on many benchmarks.",
         {"Qwen9-Think-v1.5": "Model"}),
        ("We propose MoRA, which adapts weights with a high-rank update.", {"MoRA": "Method"}),
        # describing words joined by "and" before the head
        ("We propose OrionX, a novel and efficient reasoning framework that enables query decomposition.",
         {"OrionX": "Framework"}),
        # the kind word before the name
        ("Applying this framework to courts, we compile an extensive dataset, JudiFairX, comprising 177,100 facts.",
         {"JudiFairX": "Dataset"}),
        # the announcement's kind types the later mentions the paper marks as its own
        ("We propose FusionNetX, a dual-domain deep learning framework. Experiments show that our FusionNetX "
         "improves results.", {"FusionNetX": "Framework"}),
    ],
)
def test_appositive_types_the_contribution(nlp, text, expected):
    assert proposed_types(nlp, text) == expected


def test_a_participle_before_an_object_is_a_verb(nlp):
    # "architecture extending a ...", "framework shifting from ...": clause fragments, not terms
    doc = nlp.make_doc("The model uses an architecture extending a simple encoder and a framework shifting from rules.")
    for _name, proc in nlp.pipeline:
        doc = proc(doc)
    texts = {m.text for m in mentions_from_doc(doc, "p")}
    assert "architecture extending" not in texts and "framework shifting" not in texts


def test_participle_phrases_and_single_nouns(nlp):
    from kg.extract.phrases import lexicon, noun_phrases, single_noun

    lex = lexicon()
    s = "We use masked diffusion and message passing with models using outputs."
    toks = [(t.text, t.idx, t.end) for t in nlp.make_doc(s).user_data["kg_tokens"]]
    got = [(s[a:b], weak) for a, b, _w, weak in noun_phrases(toks, lex)]
    assert got == [("masked diffusion", True), ("message passing", True)]
    assert single_noun("hallucinations", lex) == "hallucination"
    assert single_noun("chess", lex) == "chess"
    assert single_noun("methods", lex) == ""  # a generic head
    assert single_noun("Chess", lex) == ""  # capitalised words are the name finder's


def test_a_markup_command_is_not_a_single_noun(nlp):
    text = r"We use \textbf{chess}: \textbf{x}, \textbf{y}, \textbf{z} and \textbf{w} again."
    assert [c.text for c in nlp(text).user_data["kg"] if c.extractor == "nouns"] == []


def test_single_noun_needs_repetition_or_the_title(nlp):
    three_times = "We study chess with search. The chess engine wins chess games."
    four_times = "We study chess with search. Our chess engine wins chess games. We study chess."
    texts = lambda doc: {c.text for c in doc.user_data["kg"] if c.extractor == "nouns"}  # noqa: E731
    assert "chess" not in texts(nlp(three_times))
    assert texts(nlp(four_times)) >= {"chess"}
    doc = nlp.make_doc(three_times)
    doc.user_data["kg_title"] = "Learning chess from scratch"
    for _name, proc in nlp.pipeline:
        doc = proc(doc)
    assert "chess" in texts(doc)


def test_a_property_noun_is_a_single_noun_at_two_uses(nlp):
    """"traceability" (a property a paper measures: -ity, -ness) is a candidate when the abstract
    writes it twice; "provenance", about as common in the field, needs four uses like other nouns."""
    twice = "We measure {w} of retrieval agents on noisy archives. The {w} of such agents drops sharply when archives grow."
    four = twice + " Low {w} hurts users, and {w} is rarely audited."
    nouns = lambda text, w: [c.text for c in nlp(text.format(w=w)).user_data["kg"] if c.extractor == "nouns"]  # noqa: E731
    assert nouns(twice, "traceability") == ["traceability"] * 2
    assert nouns(twice, "provenance") == []
    assert nouns(four, "provenance") == ["provenance"] * 4


@pytest.mark.parametrize(
    "text, after, bare",
    [
        ("decoder-only", " transformers are", True),
        ("CLIP-style", " contrastive training", True),
        ("hand-crafted", " features", True),
        ("post-RoPE", " rotation", True),
        ("decoder-only", ", as in", False),  # used alone: the word is the concept
        ("Qwen2.5-VL", " model", False),  # a model name, not an adjective
        ("chain-of-thought", " reasoning", False),
        ("test-time scaling", " laws", False),  # not a single word
        ("tool-enhanced", " LLMs and", True),  # an adjective ending before a name
        ("RL-optimized", " RadVLM models", True),
        ("DeepSeek-R1", " LLMs", False),
    ],
)
def test_bare_hyphenated_modifiers(text, after, bare):
    from kg.extract.generic import is_bare_modifier

    assert is_bare_modifier(text, after) is bare


@pytest.mark.parametrize(
    "text, after, bare",
    [
        ("human-AI", " interactions", True),  # a compound of plain words in front of a noun
        ("vision-language", " models", True),
        ("human-AI", " is hard", False),  # followed by a verb: the compound is the subject
        ("chain-of-thought", " prompting", False),
        ("text-to-SQL", " generation", False),
        ("k-NN", " classifier", False),
        ("Human-AI", " interactions", False),  # capitalised: left to the name finder
    ],
)
def test_bare_compounds_need_the_lexicon(text, after, bare):
    from kg.extract.generic import is_bare_modifier
    from kg.extract.phrases import lexicon

    assert is_bare_modifier(text, after, lexicon()) is bare
    assert is_bare_modifier(text, after) is False  # without the lexicon the rule is off


def test_a_bare_modifier_is_not_a_mention(nlp):
    text = "We study decoder-only transformers and hand-crafted features with GRPO."
    got = {m.text for m in mentions_from_doc(nlp(text), "p")}
    assert "GRPO" in got and not {"decoder-only", "hand-crafted"} & got


@pytest.mark.parametrize(
    "text, expected, absent",
    [
        # a field term around a vocabulary word is the concept the paper means
        ("Gains vanish under autoregressive decoding in our tests.", "autoregressive decoding", "decoding"),
        ("We evaluate long-context retrieval on several suites.", "long-context retrieval", "retrieval"),
        # a plural noun before the word starts a clause, not a term
        ("Such language models reasoning at length fail.", "reasoning", "models reasoning"),
        # an evaluative adjective does not make a term
        ("It suffers from unstable reasoning on hard cases.", "reasoning", "unstable reasoning"),
        # a head after a term: the field writes the longer term ("attack success rate"), or the
        # head and the term's last word are a stock term ("knowledge graph")
        ("We report attack success rates of 90% on all models.", "attack success rates", "attack success"),
        ("We construct legal knowledge graphs from statutes.", "legal knowledge graphs", "legal knowledge"),
        # ... but not a generic head ("tasks", "capabilities")
        ("Models improve on reasoning tasks after training.", "reasoning", "reasoning tasks"),
    ],
)
def test_field_terms_extend_a_vocabulary_word(nlp, text, expected, absent):
    mentions = mentions_from_doc(nlp(text), "p")
    assert expected in {m.text for m in mentions if not m.inside}
    # the word inside is at most a stand-in, linked only if the resolver refuses the longer term
    assert absent not in {m.text for m in mentions if not m.inside}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("CVPR-2025", True), ("Korea", True), ("Maastricht University", True), ("Best Paper Award", True),
        ("AIME25", False), ("GRPO", False), ("Allen Institute for AI", False), ("Metropolis Hastings", False),
        ("University of Toronto", True), ("Institute for Management and Innovation", True), ("Center Loss", False),
        # numbered parts of a paper or a method
        ("Phase-2", True), ("Stage 1", True), ("Table 3", True), ("Level-II", True), ("Fig.1", True), ("Eq. 3", True),
        ("Step-Audio", False), ("ARC-AGI-2", False), ("Llama-3", False),
        # where the paper's code or page lives
        ("GitHub repository", True), ("Project Page", True), ("project website", True), ("code repository", True),
        ("knowledge repositories", False), ("web pages", False),
        # units, compass points, months and licences
        ("dB", True), ("GB", True), ("West", True), ("April", True), ("CC-BY-4.0", True), ("Apache-2.0 license", True),
        ("Westlaw", False), ("GPT-4o", False),
        # dates, and venues or a venue's workshop with a year written apart
        ("percentage points", True), ("June 2026", True), ("mid-2025", True), ("March 14, 2025", True), ("Q3 2024", True), ("2026", True),
        ("NeurIPS 2024", True), ("BioNLP 2026", True), ("BioNLP@ACL 2026", True),
        ("BraTS 2021", False), ("COCO 2017", False), ("Llama 2", False),
        # a range of figures, and a licence's name alone
        ("3.4M-25.6M", True), ("7B-70B", True), ("Apache", True), ("Apache Spark", False),
    ],
)
def test_places_institutions_and_venues_are_not_concepts(text, expected):
    from kg.extract.generic import is_not_a_concept

    assert is_not_a_concept(text) is expected


def test_capitals_joined_by_an_ampersand_stay_in_the_phrase(nlp):
    got = [m.text for m in mentions_from_doc(nlp("We pair Q&A pairs with stained slides and Q&A pairs again."), "p")]
    assert "Q&A pairs" in got and "A pairs" not in got


@pytest.mark.parametrize(
    "text, expected, absent",
    [
        # a person's name is the name of a score, a test, a transform: alone it is truncated
        ("We report the Brier score of each model.", "Brier score", "Brier"),
        ("Agreement is measured with Kendall tau across raters.", "Kendall tau", "Kendall"),
        ("We apply the Fourier transform to each frame.", "Fourier transform", "Fourier"),
        ("We fit latent Gaussian mixture models to the data.", "Gaussian mixture models", "Gaussian"),
        # not the end of a longer name
        ("We train with the Intersection over Union loss.", "Intersection over Union", "Union loss"),
        # a proper noun before a coined name belongs to it
        ("We compare against Swin UNETR on the test set.", "Swin UNETR", "UNETR"),
        ("We edit images with Instruct Pix2Pix as a baseline.", "Instruct Pix2Pix", "Pix2Pix"),
        # ... an English word or a language does not ("Dataset CI4R", "Arabic NLP")
        ("Results on the Dataset CI4R are strong.", "CI4R", "Dataset CI4R"),
        ("Progress in Arabic NLP has been slow.", "NLP", "Arabic NLP"),
        ("We split each Euler angle into three parts.", "Euler angle", "Euler"),
        # right after the name only: rotations, spaces, manifolds, numbers, laws ...
        ("We compose Householder reflections and Givens rotations.", "Givens rotations", "Givens"),
        ("We optimize on the Grassmann manifold here.", "Grassmann manifold", "Grassmann"),
        ("Flows at high Reynolds numbers are hard.", "Reynolds numbers", "Reynolds"),
        ("We compute the Owenx value of each feature.", "Owenx value", "Owenx"),
        # a surname with a capital inside, and its statistic
        ("Significance was assessed with McNemarx's test on both splits.", "McNemarx's test", "McNemarx"),
        ("We report accuracy on MathVistax's test-hard subset.", "MathVistax", "MathVistax's test"),
        # ... not at the end of a longer phrase
        ("We study the Lorsax scaling law here.", "scaling law", "Lorsax scaling law"),
        # a family with a spaced version ("Kimi K2", "DeepSeek V3"), not a metric after it
        ("KLongX surpasses Kimi K2 Thinking on PaperBench.", "Kimi K2 Thinking", "Kimi"),
        ("We report BERT F1 for every system.", "F1", "BERT F1"),
        # the vocabulary knows the detector by its full name
        ("We compare against Faster R-CNN on COCO.", "Faster R-CNN", "R-CNN"),
        # a name with the words the field writes after it, or a person's law or coefficient
        ("The method traces a robust Pareto frontier for compression.", "Pareto frontier", "Pareto"),
        ("Agreement is measured by Cohen's kappa across raters.", "Cohen's kappa", "Cohen"),
        # ... or the kind of thing a person's name names, however rare the phrase
        ("Arrivals follow a Poissonx process in our queue.", "Poissonx process", "Poissonx"),
        ("The workflow is modelled as a Petrix net first.", "Petrix net", "Petrix"),
        ("This illustrates Goodhart's Law in evaluation.", "Goodhart's Law", "Goodhart"),
        ("The layer leverages Eulerx's formula to rotate features.", "Eulerx's formula", "Eulerx"),
        # ... or the symbol of a person's statistic
        ("Raters agree by Fleissx' κ and Kendallx's τ_b here.", "Fleissx' κ", "Fleissx"),
        ("Raters agree by Fleissx' κ and Kendallx's τ_b here.", "Kendallx's τ_b", "Kendallx"),
        ("The effect is large (Cohenx's d = 5.47) on average.", "Cohenx's d", "Cohenx"),
        # a release number written apart, and an instruction-tuned release
        ("We present FooEarthX v1.1, a family of models.", "FooEarthX v1.1", "FooEarthX"),
        ("We evaluate Gemma 3 12B IT on the task.", "Gemma 3 12B IT", "Gemma 3 12B"),
        # an edition's year written apart
        ("We segment tumours on BraTSX 2021, a public dataset.", "BraTSX 2021", "BraTSX"),
        ("Scores on AIMEX 2024 rise.", "AIMEX 2024", "AIMEX"),
        # a participle glued to a name describes the noun after it
        ("Margins are summed over NLTKX-tokenized segments.", "NLTKX", "NLTKX-tokenized"),
        ("Our AWQX-quantized model wins.", "AWQX", "AWQX-quantized"),
        # a degree said of a measure written as an acronym
        ("It is strong in the low-NFEX regime.", "NFEX", "low-NFEX"),
    ],
)
def test_names_keep_the_words_that_belong_to_them(nlp, text, expected, absent):
    got = {m.text for m in mentions_from_doc(nlp(text), "p")}
    assert expected in got and absent not in got


@pytest.mark.parametrize(
    "word, expected",
    [("NLTK-tokenized", "NLTK"), ("CARLA-simulated", "CARLA"), ("GPT-4o-mined", "GPT-4o"),
     # a word piece that only ends like a participle, a scan named by its weighting, an -ing
     # word that belongs to a model's name, a word that is no verb
     ("GLiNER-biomed", "GLiNER-biomed"), ("T1-weighted", "T1-weighted"), ("Phi-4-reasoning", "Phi-4-reasoning"),
     ("RGB-to-infrared", "RGB-to-infrared"), ("low-SNR", "SNR"), ("zero-RL", "zero-RL")],
)
def test_a_name_is_trimmed_of_the_modifier_glued_to_it(word, expected):
    from kg.extract.names import _trim

    assert _trim(word) == expected


@pytest.mark.parametrize("text", ["BraTSX was released in 2021.", "BraTSX 2021.5 is no edition.", "BraTSX 20211 too."])
def test_a_number_after_a_name_that_is_no_year_apart_stays_out(nlp, text):
    assert "BraTSX" in {m.text for m in mentions_from_doc(nlp(text), "p")}


def test_a_vocabulary_form_written_with_a_slash_is_one_mention(nlp):
    """"CNN/DM": the word matcher stops at a slash, so slashed forms are found as written; the
    names on either side fall inside it."""
    got = [(m.text, m.extractor, m.vocab_key) for m in mentions_from_doc(nlp("We evaluate on CNN/DM and on cnn/dailymail."), "p")]
    assert got == [("CNN/DM", "vocabulary", "cnn dailymail"), ("cnn/dailymail", "vocabulary", "cnn dailymail")]
    # alternatives written with a slash are two names
    assert [m.text for m in mentions_from_doc(nlp("CNN/RNN hybrids are used."), "p")] == ["CNN", "RNN"]


def test_a_dataset_named_in_title_case_is_matched_only_as_written(nlp):
    """"Natural Questions" is a dataset; "a natural question arises" is not."""
    got = [(m.text, m.type) for m in mentions_from_doc(nlp("A natural question arises. We test on Natural Questions."), "p")]
    assert got == [("natural question", ""), ("Natural Questions", "Dataset")]  # the first, a plain phrase


def test_a_persons_statistic_is_a_metric(nlp):
    text = "Raters agree by Fleissx' κ and Krippendorffx's alpha; Goodhartx's law holds."
    types = {m.text: m.type for m in mentions_from_doc(nlp(text), "p")}
    assert types["Fleissx' κ"] == "Metric" and types["Krippendorffx's alpha"] == "Metric"
    assert types["Goodhartx's law"] != "Metric"


@pytest.mark.parametrize(
    "text, absent",
    [
        # a capitalised run that ends in an adjective before a lower-case word is cut short
        ("We introduce SAiWX, a Source-Attributed Invisible watermarking Framework.", "Source-Attributed Invisible"),
        ("Classes include Applex Black rot and Cedarx apple rust.", "Applex Black"),
        ("We use Upper Confidence Bound-based strategy selection.", "Upper Confidence Bound-based"),
        # ... or before any other word
        ("We inject errors with a fine-tuned Standard Arabic BERT model.", "Standard Arabic"),
        ("We study design choices for Dual Encoder-based ED systems.", "Dual Encoder-based"),
        # an author cited is no concept
        ("Following Zhangx et al. (2024), we tune Qwen3-8B.", "Zhangx"),
        ("As in Chuangx et al., we tune Qwen3-8B.", "Chuangx"),
    ],
)
def test_a_run_cut_short_by_a_lowercase_word_is_no_name(nlp, text, absent):
    assert absent not in {m.text for m in mentions_from_doc(nlp(text), "p")}


def test_authors_cited_and_people_named_by_a_possessive_are_no_concepts(nlp):
    # "Claridgex (2025)", "(Kocmix & Federmannx, 2023)", "Yamadax (forthcoming)": citations;
    # "Pearlx's ladder": a person whose theory is named. A name the abstract also writes alone
    # ("Cardinalx") or the vocabulary knows ("Llama") keeps its mention.
    text = ("We follow the GEMBA protocol (Kocmix & Federmannx, 2023). Claridgex (2025) studied it, as "
            "did Yamadax (forthcoming). It spans Pearlx's causal ladder. Cardinalx's answers beat Llama's. "
            "We release Cardinalx and compare it with BERT (2019).")
    got = {m.text for m in mentions_from_doc(nlp(text), "p")}
    assert not got & {"Kocmix", "Federmannx", "Claridgex", "Yamadax", "Pearlx"}
    assert {"GEMBA", "Cardinalx", "Llama", "BERT"} <= got  # a name with a year is still a name


def test_a_name_that_ends_in_an_adjective_stays_before_punctuation(nlp):
    assert "Segmentx Anything Fast" in {m.text for m in mentions_from_doc(nlp("We compare with Segmentx Anything Fast, a model."), "p")}


@pytest.mark.parametrize(
    "text",
    [
        "Our method won the Best Paper Award at CVPR-2025. Data come from students in Korea.",
        # countries, states and cities (data/places.txt)
        "Survey data come from residents of Florida, clinics in South Africa and hospitals around Milan.",
        "Participants were South African, Latin American or from Paris.",
    ],
)
def test_venue_and_place_names_are_not_linked(nlp, text):
    assert [m.text for m in mentions_from_doc(nlp(text), "p")] == []


def test_a_version_at_the_end_of_a_sentence_leaves_the_period(nlp):
    doc = nlp.make_doc("It outperforms systems including Claude 3.7. Beyond that, it beats Gemini 2.5 Pro.")
    for _name, proc in nlp.pipeline:
        doc = proc(doc)
    found = {m.text: m.type for m in mentions_from_doc(doc, "p")}
    # a mined term's untyped entry does not hide the model family
    assert found == {"Claude 3.7": "Model", "Gemini 2.5 Pro": "Model"}


def test_one_word_vocabulary_terms_match_their_plurals(nlp):
    # a one-word key is matched through the singular of its word; a longer key's first
    # word still has to be written as in the key
    doc = nlp("Models suffer from hallucinations. We compare Transformers and the embeddings of language models.")
    got = sorted((c.text, c.vocab_key) for c in doc.user_data["kg"] if c.extractor == "vocabulary")
    assert got == [
        ("Transformers", "transformer"),
        ("embeddings", "embedding"),
        ("hallucinations", "hallucination"),
        ("language models", "language model"),
    ]


def test_a_capitalised_run_may_start_the_sentence(nlp):
    doc = nlp("Supervised Causal Learning has shown promise. Recent Vision Transformers are strong. "
              "Project Page is online. Using Monte Carlo Tree Search, we plan.")
    got = sorted(c.text for c in doc.user_data["kg"] if c.extractor == "names")
    assert got == ["Monte Carlo Tree Search", "Supervised Causal Learning", "Vision Transformers"]


def test_a_hyphenated_modifier_makes_a_variant_of_a_one_word_term(nlp):
    doc = nlp("They face challenges in One-to-Many alignment. We study real-world alignment too.")
    texts = {m.text for m in mentions_from_doc(doc, "p")}
    assert "One-to-Many alignment" in texts and "real-world alignment" not in texts
    assert "alignment" in texts  # the second sentence's


def phrases_of(nlp, text, extractors=("phrases",)):
    """The distinct candidate texts of these extractors, sorted."""
    return sorted({c.text for c in nlp(text).user_data["kg"] if c.extractor in extractors})


def test_people_named_by_their_role_are_no_concepts(nlp):
    # who a paper is for or about, not what it is about; "experts" stays (a part of a
    # mixture-of-experts model too), and so does a concept they do ("peer review")
    text = ("Healthcare providers and human reviewers help cancer patients. Each layer mixes sparse experts. "
            "We study peer review with students, students and more students.")
    got = {m.text for m in mentions_from_doc(nlp(text), "p")}
    assert not got & {"Healthcare providers", "human reviewers", "cancer patients", "students"}
    assert {"sparse experts", "peer review"} <= got


def test_a_plain_modifier_makes_a_kind_of_a_one_word_term(nlp):
    # "spatial pruning" around the vocabulary's "pruning": a kind of it the field may never have
    # written before; kept beside the term, scored so that the resolver needs no repeat of it
    from kg.extract.phrases import KIND_OF_TERM_SCORE

    text = ("Our approach begins with node sampling, then spatial pruning identifies frames. "
            "It keeps the highest pruning budget. Features are task-relevant and sensitive embeddings. "
            "We instead view retrieval as matching, with assisted segmentation.")
    doc = nlp(text)
    kinds = sorted(c.text for c in doc.user_data["kg"] if c.score == KIND_OF_TERM_SCORE)
    # not a superlative ("highest"), half of a coordination ("and sensitive"), a verb after
    # its subject ("we instead view") or a participle ("assisted")
    assert kinds == ["node sampling", "spatial pruning"]
    terms = {c.text for c in doc.user_data["kg"] if c.extractor == "vocabulary"}
    assert {"sampling", "pruning"} <= terms


def test_a_phrase_around_a_term_said_once_is_a_weak_candidate_the_term_stands_in_for(nlp):
    # "context window overflow", "directed acyclic graph": the paper's phrase around a field
    # term, said once, is where annotators often draw the bounds; it comes weak (no type), and
    # the term inside is its stand-in, linked only if the resolver refuses the phrase
    text = ("Agents suffer context window overflow on long tasks. "
            "The planner searches a directed acyclic graph of subgoals.")
    doc = nlp(text)
    weak = {c.text for c in doc.user_data["kg"] if c.extractor == "phrases" and c.type is None}
    assert {"context window overflow", "directed acyclic graph"} <= weak
    got = {(m.text, m.inside) for m in mentions_from_doc(doc, "p")}
    assert {("context window overflow", False), ("context window", True),
            ("directed acyclic graph", False), ("acyclic graph", True)} <= got
    # not around a name, not a clause, not a description by its generic head
    text = "We propose an RL framework. Model training proceeds in stages. Models improve on reasoning tasks."
    assert not {c.text for c in nlp(text).user_data["kg"] if c.extractor == "phrases" and c.type is None}


def test_a_phrase_a_name_modifies_said_once_is_a_weak_candidate_beside_the_name(nlp):
    # "PII leakage", "GPU memory fragmentation": the name keeps its own mention (never a stand-in)
    doc = nlp("We study PII leakage in chat logs. The tool reduces GPU memory fragmentation.")
    weak = {c.text for c in doc.user_data["kg"] if c.extractor == "phrases" and c.type is None}
    assert weak == {"PII leakage", "GPU memory fragmentation"}
    got = [(m.text, m.inside) for m in mentions_from_doc(doc, "p")]
    assert got == [("PII", False), ("PII leakage", False), ("chat logs", False), ("GPU", False),
                   ("GPU memory fragmentation", False)]
    # a name's own bounds are the name finder's ("Parallel CFRX"); one of two alternatives
    # ("CNN/RNN hybrids") and the longer run of a phrase written twice ("CNOT gate count") are none
    for text, phrases in (("We present Parallel CFRX for games.", []), ("CNN/RNN hybrids are used.", []),
                          ("We apply a CNOT gate. The CNOT gate count matters.", ["CNOT gate"])):
        assert [c.text for c in nlp(text).user_data["kg"] if c.extractor == "phrases"] == phrases, text


def test_a_classifying_modifier_stays_when_the_field_writes_the_phrase_with_it(nlp):
    # "multi-step", "full", "strategic" describe in most phrases but name a kind in these:
    # the corpus counts decide (phrases.CLASSIFIED_MIN_DF); an evaluative modifier still goes
    text = ("Tasks require multi-step reasoning and strategic reasoning. We compare against standard "
            "full attention and full fine-tuning. The full picture is a multi-step process.")
    assert phrases_of(nlp, text) == ["full attention", "full fine-tuning", "multi-step reasoning", "strategic reasoning"]


def test_a_modal_ends_a_phrase_and_own_is_no_part_of_one(nlp):
    """"current models cannot capture", "their own rollouts": neither word belongs to a concept."""
    got = {m.text for m in mentions_from_doc(nlp("Victim models cannot capture context from their own policy rollouts."), "p")}
    assert "policy rollouts" in got
    assert not any("cannot" in t or t.startswith("own ") for t in got)


@pytest.mark.parametrize(
    "text, expected",
    [
        # a plural first word is the clause's subject or verb, and the verb after a subject goes too
        ("This offloads parsing to the server.", []),
        ("Existing methods embed persistent watermarks in images.", []),
        ("Participants noted occasional errors in transcripts.", ["occasional errors"]),
        # a plural the field writes as a modifier, a singular that only looks plural, and a run
        # that would leave generic words only, stay whole
        ("Patients with diabetes mellitus were screened.", ["diabetes mellitus"]),
        ("We study sports analytics with video.", ["sports analytics"]),
        # a singular subject's verb in -s that the lexicon never saw, with a stem it knows as a verb;
        # not a word it knows as a noun too
        ("Model training proceeds in two stages.", []),
        ("This survey systematizes graph learning methods.", ["graph learning"]),
        ("We count frame drops in video streams.", ["frame drops", "video streams"]),
    ],
)
def test_a_plural_opening_a_run_is_no_modifier(nlp, text, expected):
    assert phrases_of(nlp, text) == expected


def test_a_leading_describing_compound_is_trimmed_not_the_whole_phrase(nlp):
    # before, "training-free" anywhere in a phrase threw the phrase away
    assert phrases_of(nlp, "We propose a training-free spatio-temporal token merging method, named STTM.") == ["token merging"]


def test_a_phrase_around_a_term_is_cut_to_the_field_term_or_its_hyphenated_variant(nlp):
    # "enforces" is a verb the lexicon cannot tell from a noun: "recursive reasoning" is the
    # field's term inside the run; "object-grounded reasoning" is a variant of "reasoning"
    text = ("It enforces recursive reasoning over each step. We introduce a search-guided "
            "progressive object-grounded reasoning framework.")
    assert phrases_of(nlp, text) == ["object-grounded reasoning", "recursive reasoning"]


@pytest.mark.parametrize(
    "text, expected",
    [
        # a participle after an auxiliary is the verb ("have recently gained attention")
        ("Such methods have recently gained attention.", []),
        ("We use masked diffusion and learned embeddings.", ["learned embeddings", "masked diffusion"]),
        # after a plural or generic subject, a participle or a word often read as a verb is the verb
        ("Safety incidents occurring in deployment are rare.", ["Safety incidents"]),
        ("The model excels at algebra, and improvements transfer to geometry.", []),
        # inside a run, a word often read as a verb that agrees with the noun before it is the
        # clause's verb: the phrase is its object ("methods use| convex regions")
        ("Most methods use convex regions.", ["convex regions"]),
        ("A validator enforces goal-directedness.", ["goal-directedness"]),
        # ... unless the field writes the two words as a compound ("prompt updates", "test
        # splits": 8 and 12 abstracts), or the word before is an adjective
        ("We guide prompt updates downstream and use the validation and test splits.",
         ["prompt updates", "test splits"]),
        ("Peripheral updates such as BitFit help.", ["Peripheral updates"]),
        # a last word often read as a verb stays when the field writes the compound ("tool calls")
        ("The agent refines tool calls.", ["tool calls"]),
        # after "we" or "they", a word is the verb, not a phrase's start
        ("We pair descriptive textual prompts with images.", ["textual prompts"]),
        ("We find a behaviour we term sparse expert drift.", ["sparse expert drift"]),
        # after "to", a modal or a relative pronoun, a word often read as a verb starts no phrase
        ("We learn to reuse past experience, which controls worst-case risk.", ["past experience", "worst-case risk"]),
        # gerunds stay the heads of terms
        ("Model merging and data mixing are cheap.", ["Model merging", "data mixing"]),
    ],
)
def test_verbs_the_lexicon_reads_as_nouns_start_or_end_no_phrase(nlp, text, expected):
    assert phrases_of(nlp, text, ("phrases", "terms")) == expected


def test_evaluative_modifiers_make_no_concept_classifying_ones_need_the_field(nlp):
    text = ("The generated content shows the multifaceted nature of coherent responses. We study "
            "heterogeneous graphs and heterogeneous tasks. This yields reliable detection and continued pretraining.")
    assert phrases_of(nlp, text) == ["continued pretraining", "heterogeneous graphs"]


def test_a_hyphenated_adjective_is_no_concept_alone(nlp):
    # a past participle or a preposition last makes an adjective; "-making" compounds are nouns
    text = ("The area is under-explored and the fix is time-consuming. It is drop-in and helps with "
            "decision-making and fact-checking.")
    assert phrases_of(nlp, text) == ["decision-making", "fact-checking"]


def test_single_letters_and_suspended_compounds_make_no_phrase(nlp):
    text = ("We run A/B testing. It says I don't know. We use shared time- and frequency-aware attention "
            "with input-dependent parameters B and C.")
    assert phrases_of(nlp, text) == ["frequency-aware attention", "input-dependent parameters"]


def test_a_defined_short_form_is_known_in_either_number(nlp):
    doc = nlp("Whole slide images (WSIs) are large. We build graph-based WSI representations.")
    wsi = [c for c in doc.user_data["kg"] if c.text == "WSI"]
    assert len(wsi) == 1 and wsi[0].known


def test_coined_names_evaluated_on_are_benchmarks_and_at_k_names_metrics(nlp):
    doc = nlp("We evaluate our method on BRIGHTX and MMEBX, reporting Pass@8 and nDCG@10. We use ToolNetX.")
    got = {m.text: (m.type, m.role) for m in mentions_from_doc(doc, "p")}
    assert got["BRIGHTX"] == ("Benchmark", "EVALUATES_ON") and got["MMEBX"] == ("Benchmark", "EVALUATES_ON")
    assert got["Pass@8"][0] == "Metric" and got["nDCG@10"][0] == "Metric"
    assert got["ToolNetX"] == ("", "USES")
    # written in lower case too, at any cut-off; an address is no metric
    doc = nlp("It gains 31% pass@128 and maj@16 rises, but mail user@example.org or see user@host.")
    got = {m.text: m.type for m in mentions_from_doc(doc, "p")}
    assert got.get("pass@128") == "Metric" and got.get("maj@16") == "Metric"
    assert not any("@" in t and t not in ("pass@128", "maj@16") for t in got)


def test_a_name_after_a_clause_that_follows_the_evaluation_is_not_evaluated_on(nlp):
    """"Experiments on four datasets show that FooNetX outperforms ...": what the clause after
    "that" is about ran on the datasets; the datasets, listed after "on", are what it ran on."""
    doc = nlp(
        "Extensive experiments on four benchmark datasets demonstrate that FooNetX outperforms strong baselines. "
        "Results on FooBenchX and BarQAX, which span ten domains, are in the appendix."
    )
    got = {m.text: (m.type, m.role) for m in mentions_from_doc(doc, "p")}
    assert got["FooNetX"] == ("", "MENTIONS")
    assert got["FooBenchX"] == ("Benchmark", "EVALUATES_ON") and got["BarQAX"] == ("Benchmark", "EVALUATES_ON")


@pytest.mark.parametrize(
    "text, absent",
    [
        # a licence, however written
        ("FooCorpusX is released under CC-BY-SA and CC BY-NC 4.0 licences.", ("CC", "BY-NC", "CC-BY-SA")),
        # a mixture-of-experts size cut from its model's name
        ("We fine-tune three models (Qwen3-4B/8B/30B-A3B) here.", ("30B-A3B",)),
        # who meets whom, written before a noun
        ("We study human-AI co-creativity with single-LLM baselines.", ("human-AI", "single-LLM")),
    ],
)
def test_licences_sizes_and_pairings_are_no_names(nlp, text, absent):
    got = {m.text for m in mentions_from_doc(nlp(text), "p")}
    assert got and not got & set(absent)


def test_a_name_inside_a_known_term_an_announcement_brings_is_not_proposed(nlp):
    """"We develop a KV caching strategy": KV is a word of the vocabulary's "KV caching"."""
    assert "KV" not in {m.text for m in mentions_from_doc(nlp("We develop a KV caching strategy."), "p")}
    assert proposed(nlp, "We develop FooKVX, a caching strategy.") == ["FooKVX"]


def test_a_name_glued_to_a_participle_in_our_voice_is_not_the_paper_s_own(nlp):
    """"Our IRBX-approved evaluation": what is the paper's own is the evaluation, not the board."""
    got = {m.text: m.role for m in mentions_from_doc(nlp("Our IRBX-approved human evaluation shows gains."), "p")}
    assert got.get("IRBX") == "MENTIONS"
    assert proposed(nlp, "Our FooNetX model shows gains.") == ["FooNetX"]


@pytest.mark.parametrize(
    "text, name, expected",
    [
        ("Evaluations on expert-annotated datasets (HealthFCX, BioASQX-7b, SciFactX) show gains.", "SciFactX", "Dataset"),
        ("Evaluations on expert-annotated datasets (HealthFCX, BioASQX-7b, SciFactX) show gains.", "HealthFCX", "Dataset"),
        ("It wins on out-of-distribution (GSMX-HARD, AMCX23) benchmarks.", "GSMX-HARD", "Benchmark"),
        ("We see no gains on downstream tasks (XNLIX, XQuADX) in low-resource languages.", "XQuADX", "Benchmark"),
        ("It beats previous MLLMs such as NVILAX and Qwen2-VL.", "NVILAX", "Model"),
        # not a list under a kind word: a citation, a source, a lone parenthesis
        ("We use models trained on ImageNetX (Deng et al.) here.", "ImageNetX", ""),
        ("We collect MRI scans from datasets hosted on KaggleX and FigshareX.", "KaggleX", ""),
    ],
)
def test_names_listed_under_a_kind_word_take_its_type(nlp, text, name, expected):
    got = {m.text: m.type for m in mentions_from_doc(nlp(text), "p")}
    assert got[name] == expected


def test_phrase_heads_that_name_a_method_or_a_task():
    from kg.extract.typing_rules import type_from_head

    assert type_from_head("gated fusion") == "Method" and type_from_head("message passing") == "Method"
    assert type_from_head("multi-turn dialogue") == "Task" and type_from_head("visual puzzle") == "Task"
    assert type_from_head("visual evidence") == "Concept"
    # heads most typed entries of the vocabulary share (session 18)
    assert type_from_head("compression ratio") == "Metric" and type_from_head("edit distance") == "Metric"
    assert type_from_head("reading comprehension") == "Task" and type_from_head("matrix factorization") == "Method"
    assert type_from_head("jailbreak attack") == "Method"
    # parts, refinements and models of things are methods; a metric is a metric (session 20)
    assert type_from_head("hierarchical attention module") == "Method" and type_from_head("residual refinement") == "Method"
    assert type_from_head("ranking-based metric") == "Metric" and type_from_head("quality assessment") == "Task"


@pytest.mark.parametrize(
    "title, expected",
    [
        ("OctoMed: Data Recipes for Multimodal Medical Reasoning", ["OctoMed"]),
        ("HybridQ: Hybrid Classical-Quantum Generative Adversarial Network", ["HybridQ"]),
        ("Inside-Out: Hidden Factual Knowledge in LLMs", []),  # ordinary words: a hook, not a name
        ("GPT-4o: A Study of Its Reasoning", []),  # a known model the paper studies
        ("Reasoning Models: A Survey", []),  # no coined name
        # a word no dictionary has, which the subtitle says is a framework
        ("Kestrelox: A Framework for Uncertainty-Aware Policy Optimization", ["Kestrelox"]),
        ("Drainage: A Unifying Framework for Class Uncertainty", []),  # an English word
        ("Kestrelox: Lessons from Policy Optimization", []),  # the subtitle does not say what it is
    ],
)
def test_a_coined_name_only_the_title_gives_is_proposed_with_the_title_as_evidence(nlp, title, expected):
    text = "We study data recipes for reasoning models and report gains."
    doc = nlp.make_doc(text)
    doc.user_data["kg_title"] = title
    for _name, proc in nlp.pipeline:
        doc = proc(doc)
    found = [m for m in mentions_from_doc(doc, "p") if m.extractor == "title" and m.role == "PROPOSES"]
    assert [m.text for m in found] == expected
    for m in found:
        assert (m.role, m.sentence, title[m.start : m.end]) == ("PROPOSES", title, m.text)


def test_a_title_name_the_abstract_writes_is_left_to_the_abstract(nlp):
    text = "We present OctoMed, a medical reasoning model."
    doc = nlp.make_doc(text)
    doc.user_data["kg_title"] = "OctoMed: Data Recipes for Medical Reasoning"
    for _name, proc in nlp.pipeline:
        doc = proc(doc)
    found = [(m.text, m.extractor, m.start) for m in mentions_from_doc(doc, "p") if m.role == "PROPOSES"]
    assert found == [("OctoMed", "names", 11)]


@pytest.mark.parametrize(
    "text, expected",
    [
        # "a new dataset, X": the paper's own, named after its kind
        ("Experiments on two public datasets, HiBCDX and CDX3, and a new dataset, NYCMMCDX, show gains.", ["NYCMMCDX"]),
        # a part the paper's own approach is said to feature
        ("Our approach features a Discrete Ratio Selector, which predicts a compression target.",
         ["Discrete Ratio Selector"]),
        # a known architecture it only uses
        ("Our approach features a Transformer encoder and a ResNet-50 backbone.", []),
        # a capitalised name of a part, brought in with "a": new here, unless it is a baseline
        ("Next, a Dual-scale Prototype Alignment Module enforces semantic coherence.",
         ["Dual-scale Prototype Alignment Module"]),
        ("All models outperform a Multi Granularity Network (MGNX) baseline.", []),
        # what the paper's own system is said to bring
        ('We present D-VLAX, a framework. D-VLAX introduces "Plane Decoupling," isolating data.',
         ["D-VLAX", "Plane Decoupling"]),
        ("We present D-VLAX, a framework. GRPO introduces Group Baselines for variance.", ["D-VLAX"]),
        ("We propose COREX, a framework. COREX first constructs the Conflict Attribution CorpusX (CACX) with annotations.",
         ["CACX", "COREX", "Conflict Attribution CorpusX"]),
        ("We propose COREX, a framework. GPT-4 constructs the KILTX corpus.", ["COREX"]),
        # where the data is hosted is no contribution
        ("We collect brain scans from datasets hosted on KaggleX and FigshareX.", []),
    ],
)
def test_a_name_after_a_new_kind_or_an_own_feature_is_proposed(nlp, text, expected):
    assert proposed(nlp, text) == expected


@pytest.mark.parametrize(
    "title, expected",
    [
        # the title opens with the benchmark and its subtitle says what it is: the paper's own
        ("ChartXBench: A Benchmark for Chart Reasoning", ["ChartXBench"]),
        ("ChartXBench: An Evaluation Suite for Chart Reasoning", ["ChartXBench"]),
        # a benchmark the paper only evaluates on
        ("Scaling Chart Reasoning", []),
        # whatever the subtitle says, a coined name the title opens with and the abstract
        # writes is the paper's subject and its own (353 of 355 such names in the read sets)
        ("ChartXBench: Lessons Learned", ["ChartXBench"]),
    ],
)
def test_a_benchmark_the_title_opens_with_and_describes_is_proposed(nlp, title, expected):
    text = "ChartXBench holds 1,000 chart questions. We evaluate GPT-4o on ChartXBench."
    assert proposed(nlp, text, title) == expected


def test_a_phrase_cut_off_before_the_noun_its_last_word_modifies_is_no_mention(nlp):
    # "multi-agent" stands in front of a noun in most of its uses in the field
    # (data/modifier_share.tsv); "fine-tuning" mostly names a thing itself
    def mentions(text):
        doc = nlp(text)
        return sorted(m.text for m in mentions_from_doc(doc, "p") if m.extractor == "phrases")

    assert "coordinated multi-agent" not in mentions("We present a coordinated multi-agent framework for hypothesis generation.")
    assert "full fine-tuning" in mentions("Adapters match full fine-tuning on reasoning and beat full fine-tuning on code.")
    from kg.extract.phrases import ends_in_modifier, lexicon

    assert ends_in_modifier("coordinated multi-agent", " framework for", lexicon())
    assert not ends_in_modifier("coordinated multi-agent", ", and", lexicon())
    assert not ends_in_modifier("full fine-tuning", " methods", lexicon())


@pytest.mark.parametrize(
    "title, text, expected",
    [
        # the abstract uses the term the title opens with: that use is the contribution
        ("Self-Commitment Latency: A Reward-Free Probe", "This paper proposes an alternative, self-commitment "
         "latency, which measures how early a context commits to an answer.", [("self-commitment latency", "phrases")]),
        # only the title names it, with a coined word
        ("Self-Improving Pretraining: Using Post-Trained Models", "We study pretraining with rewards.",
         [("Self-Improving Pretraining", "title")]),
        # hooks, plain words, verbs
        ("Beyond Accuracy: A Cognitive Load Framework", "We study pretraining with rewards.", []),
        ("Mixed Signals: Decoding VLMs", "We study pretraining with rewards.", []),
        ("RANSAC Revisited: An Improved Algorithm", "We study pretraining with rewards.", []),
        ("Rethinking Few-Shot Fusion: A Study", "We study pretraining with rewards.", []),
    ],
)
def test_a_title_that_opens_with_a_name_for_a_thing_proposes_it(nlp, title, text, expected):
    doc = nlp.make_doc(text)
    doc.user_data["kg_title"] = title
    for _name, proc in nlp.pipeline:
        doc = proc(doc)
    got = [(m.text, m.extractor) for m in mentions_from_doc(doc, "p") if m.role == "PROPOSES"]
    assert [(t.lower(), e) for t, e in got] == [(t.lower(), e) for t, e in expected]


@pytest.mark.parametrize(
    "title, expected",
    [
        ("From TF-IDF to Transformers: Sentiment Models Compared", ["TF-IDF"]),
        ("FooNanoX: A Small Language Model with Curriculum Learning and Tool Use", ["Curriculum Learning"]),
        # a piece of a longer name is not the term ("Multi-stage Curriculum Learning")
        ("Multi-stage Curriculum Learning for Sentiment", []),
    ],
)
def test_a_known_term_only_the_title_names_is_mentioned(nlp, title, expected):
    doc = nlp.make_doc("We compare classic features and neural models for sentiment. Results improve.")
    doc.user_data["kg_title"] = title
    for _name, proc in nlp.pipeline:
        doc = proc(doc)
    found = [m for m in mentions_from_doc(doc, "p") if m.extractor == "title" and m.text in ("TF-IDF", "Curriculum Learning")]
    assert [m.text for m in found] == expected
    assert all(title[m.start : m.end] == m.text and m.role == "MENTIONS" for m in found)


def test_a_term_only_the_title_names_is_mentioned_with_the_title_as_evidence(nlp):
    title = "Signals from the Floods: Disaster Analysis through Multi-Source Data Fusion for Large Language Models"
    doc = nlp.make_doc("We study floods with tweets. Disaster analysis helps responders.")
    doc.user_data["kg_title"] = title
    for _name, proc in nlp.pipeline:
        doc = proc(doc)
    found = [(m.text, m.role, title[m.start : m.end]) for m in mentions_from_doc(doc, "p") if m.extractor == "title"]
    # "disaster analysis" is in the abstract, "Language Models" is a piece of "Large Language
    # Models", a term the vocabulary knows and the title names on its own; the coined means the
    # title names ("through Multi-Source ...") is the paper's own
    assert found == [("Multi-Source Data Fusion", "PROPOSES", "Multi-Source Data Fusion"),
                     ("Large Language Models", "MENTIONS", "Large Language Models")]


def test_two_describing_words_joined_by_and_leave_their_shared_head_in_a_title():
    from kg.extract.phrases import lexicon
    from kg.extract.titles import title_case_terms, title_phrases

    assert title_phrases("Fast and Generalizable NeRF Architecture Selection for Satellite Scenes", "We study NeRF.") == [
        ("NeRF Architecture Selection", 23, 50, "Method"), ("Satellite Scenes", 55, 71, "Concept"),
    ]
    assert title_phrases("Adaptive Calibration for Fair and Performant Facial Recognition", "We calibrate.") == [
        ("Adaptive Calibration", 0, 20, "Method"), ("Facial Recognition", 45, 63, "Task"),
    ]
    # a noun before "and" is a thing of its own: pose transfer and facial expression transfer
    assert title_phrases("Pose and Facial Expression Transfer", "We transfer poses.") == [
        ("Facial Expression Transfer", 9, 35, "Concept"),
    ]
    # a word of praise stays in a name the title defines ("Robust Agent Compensation (RAC)")
    assert title_case_terms("Robust Agent Compensation (RAC): Teaching Agents", lexicon())[0][0] == "Robust Agent Compensation"
    assert title_case_terms("Scalable Object Relation Encoding for Video", lexicon())[0][0] == "Object Relation Encoding"
    # a question's quantifier is no part of a term, and after "?" a title part opens anew
    assert title_phrases("How Many Visual Tokens Do Models Need? Scaling Visual Token Pruning with F3A", "We prune.") == [
        ("Visual Tokens", 9, 22, "Concept"), ("Visual Token Pruning", 47, 67, "Method"),
    ]


def test_title_phrases_skip_gerund_openers_and_generic_heads():
    from kg.extract.titles import title_phrases

    assert title_phrases("Setting Temperature: Training Retrievers for Search", "We study search.") == []
    assert title_phrases("A Comprehensive Study of Hallucination Mitigation", "We study LLMs.") == [
        ("Hallucination Mitigation", 25, 49, "Concept")
    ]
    # the abstract writes a lower-case title's phrase: the abstract's mention is its evidence
    assert title_phrases("a comprehensive study of hallucination mitigation", "We study hallucination mitigation.") == []
    # ... unless only as the start of a longer phrase ("... mitigation methods")
    assert title_phrases("a comprehensive study of hallucination mitigation", "We rank hallucination mitigation methods.") == [
        ("hallucination mitigation", 25, 49, "Concept")
    ]
    # the second of two things a title joins with "and"
    assert title_phrases("Segmentation of brain tumors and feature extraction for prognosis", "Gliomas are hard.") == [
        ("feature extraction", 33, 51, "Task")
    ]
    # the object of a verb that opens the title or a part of it; not a piece of a longer name
    assert title_phrases("AsyMoE: Leveraging Modal Asymmetry for Experts", "We propose AsyMoE.") == [
        ("Modal Asymmetry", 19, 34, "Concept")
    ]
    # the whole title-case run, not its piece "Speculative Decoding"
    assert title_phrases("TokenTiming: Universal Speculative Decoding Model Pairs", "We align tokens.") == [
        ("Universal Speculative Decoding Model Pairs", 13, 55, "Concept")
    ]
    # a piece of a longer title name: cut before a capital, a list sharing its words or "of"
    for title in ("Joint Frame, Channel, and Feature Adaptation for Video",
                  "Joint Transcription and Decryption of Ciphers", "N-Qubit Theory of Mind"):
        assert title_phrases(title, "") == [], title
    assert title_phrases("Speculative Tree Decoding", "") == [("Speculative Tree Decoding", 0, 25, "Method")]


def test_title_case_marks_a_titles_terms():
    from kg.extract.phrases import lexicon
    from kg.extract.titles import title_case_terms

    def terms(title):
        return [t[0] for t in title_case_terms(title, lexicon())]

    # "Making" is no verb here, "Balancing" an opening verb; a generic head ("Design") or a
    # generic modifier before one word ("Systematic Blindness") makes no term
    assert terms("Reinforced Language Models for Sequential Decision Making") == ["Sequential Decision Making"]
    assert terms("Mechanism Design: Systematic Blindness, Awareness Shaping, and Mindset Dynamics") == [
        "Awareness Shaping", "Mindset Dynamics"]
    assert terms("AI Alignment: Balancing Hallucination Mitigation and Safety in LLMs") == ["AI Alignment"]
    assert terms("Scalable Object Relation Encoding for Better 3D Spatial Reasoning") == [
        "Object Relation Encoding", "3D Spatial Reasoning"]
    assert terms("Advanced Long-Chain Visual Reasoning with Explainable Medical Image Classification") == [
        "Long-Chain Visual Reasoning", "Medical Image Classification"]
    # a modifier that classifies stays, one that praises goes ("Scalable" above)
    assert terms("Optimal Transport Temporal Token Compression for Video LLMs") == [
        "Optimal Transport Temporal Token Compression", "Video LLMs"]
    assert terms("Towards General Agent Intelligence") == ["General Agent Intelligence"]
    # an opening gerund and its object: a verb phrase or a name, left alone
    assert terms("Setting Temperature: Training Retrievers for Search") == []
    # a verb in the run, generic words only, a number, a lower-case word: no term
    for title in ("Round-Trip Translation Reveals What Benchmarks Miss", "Recent Advances in Agents: A Case Study",
                  "25 Years of Planning", "Learning to rank with sparse features"):
        assert terms(title) == [], title


def test_a_name_before_a_noun_makes_a_field_compound_and_keeps_its_own_mention(nlp):
    # the field writes "LLM judges" and "LLM routers" (phrase_df): a phrase of their own,
    # beside the name; a kind word or a generic head after the name makes none
    text = "Agreement between LLM judges and annotators is high. Our LLM routers rely on LLM-based methods."
    got = [m.text for m in mentions_from_doc(nlp(text), "p")]
    assert got.count("LLM judges") == 1 and got.count("LLM routers") == 1
    assert got.count("LLM") == 3  # in "LLM judges", "LLM routers" and "LLM-based" alike
    assert not any(t.startswith("LLM-based") for t in got)


@pytest.mark.parametrize(
    "text, expected, absent",
    [
        # a modifier before a short form names a kind of it, when the field writes it so
        # ("video QA" is a vocabulary term of its own)
        ("We build agentic RAG systems for video QA benchmarks.", {"agentic RAG", "video QA", "RAG"}, set()),
        ("Symbolic AI offers a transparent foundation.", {"Symbolic AI"}, set()),
        # the short form modifies the noun after it: no cut "multi-turn LLM"
        ("Multi-turn LLM agents are pivotal.", set(), {"Multi-turn LLM"}),
        # a participle describes a state, an -ing word is mostly a verb with its object
        ("We pair frozen LLMs with adapters, training LLMs on fine-tuned LLMs outputs.", set(),
         {"frozen LLMs", "training LLMs", "fine-tuned LLMs"}),
    ],
)
def test_a_modifier_before_a_short_form(nlp, text, expected, absent):
    got = {m.text for m in mentions_from_doc(nlp(text), "p")}
    assert expected <= got and not absent & got


def test_words_of_a_web_address_are_no_mentions(nlp):
    text = ("We propose FooNet for retrieval. Code is available at https://github.com/JaneDoe/FooNet "
            "and at github.com/JohnRoe/BarKit, and our Project Page is at https://foonet.github.io/.")
    got = {(m.text, m.role) for m in mentions_from_doc(nlp(text), "p")}
    assert got == {("FooNet", "PROPOSES"), ("retrieval", "MENTIONS")}


@pytest.mark.parametrize(
    "title, text, expected, absent",
    [
        # the paper's own kind of a field term, written twice or in its title, is the concept
        ("", "Extreme tail latency limits serving. We reduce tail latency by half.", "tail latency", "latency"),
        ("Spatiotemporal Forecasting with Graphs", "We propose PHGNet, a novel spatiotemporal forecasting framework.",
         "spatiotemporal forecasting", "forecasting"),
        # a describing modifier leaves the field term alone (a plain one makes a kind: below)
        ("", "Serving shows high latency once.", "latency", "high latency"),
    ],
)
def test_a_kind_of_a_term_the_paper_repeats_is_its_concept(nlp, title, text, expected, absent):
    doc = nlp.make_doc(text)
    if title:
        doc.user_data["kg_title"] = title
    for _name, proc in nlp.pipeline:
        doc = proc(doc)
    got = {m.text for m in mentions_from_doc(doc, "p") if not m.inside}  # stand-ins aside
    assert expected in got and absent not in got


def test_a_kind_of_a_term_said_once_stands_beside_the_term(nlp):
    # "tail latency" once: a plain modifier makes a kind of the vocabulary's "latency", scored
    # KIND_OF_TERM_SCORE so the resolver needs no repeat; the term keeps its own mention
    from kg.extract.phrases import KIND_OF_TERM_SCORE

    got = {(m.text, m.extractor, m.score) for m in mentions_from_doc(nlp("Serving shows tail latency once, and latency is high."), "p")}
    assert got == {("tail latency", "phrases", KIND_OF_TERM_SCORE), ("latency", "vocabulary", 0.6)}


@pytest.mark.parametrize(
    "phrase, kept",
    [
        # heads that judges found generic in most linked phrases: a change of amount, a worry, a stand-in
        ("performance drop", False), ("privacy concerns", False), ("proprietary counterparts", False),
        ("evaluation methodology", False), ("performance degradation", False), ("commercial ones", False),
        # technical heads stay
        ("reward hacking", True), ("attention heads", True), ("policy gradient", True),
        # a phrase that opens with a generic modifier is a description
        ("significant improvements", False), ("novel framework", False), ("unique challenges", False),
        ("similar tasks", False), ("irrelevant information", False), ("innovative approach", False),
        ("intricate relationships", False), ("drop-in replacement", False), ("rigid transformations", True),
    ],
)
def test_mined_terms_need_a_technical_head(phrase, kept):
    from kg.extract.generic import is_mined_term_kept
    from kg.resolve.normalize import norm_key

    assert is_mined_term_kept(norm_key(phrase).split()) is kept  # mined keys are singular


@pytest.mark.parametrize(
    "abstract, expected",
    [
        # the abstract names the system only in its code address: the repository is the name
        ("We propose a voting module for scene flow. Code is available at https://github.com/org/VoteFlowX.",
         [("VoteFlowX", "Method")]),
        ("We release a deepfake dataset at https://huggingface.co/datasets/lab/MAVOS-DDX.", [("MAVOS-DDX", "Dataset")]),
        # named in the text too: that mention is the contribution
        ("GINGERX writes grounded answers. Code: https://github.com/org/GINGERX", [("GINGERX", "Method")]),
        # a plain word, a title written as a slug, a known model: no name
        ("We propose a method. Code: https://github.com/org/code.", []),
        ("We survey safety. See https://github.com/org/LRM-Safety-Study.", []),
        ("We fine-tune it. Weights: https://github.com/QwenLM/Qwen2.5-VL.", []),
        # a paper that names its contribution keeps it; the repository adds nothing
        ("We propose TIGERX, a tokenizer. Code: https://github.com/org/TigerTokX.", [("TIGERX", "Method")]),
    ],
)
def test_a_repository_named_like_a_system_names_the_contribution(tmp_path, abstract, expected):
    import json as _json

    from kg.extract.pipeline import extract
    from kg.read import read_papers

    path = tmp_path / "p.jsonl"
    path.write_text(_json.dumps({"id": "p", "abstract": abstract}) + "\n", encoding="utf-8")
    [(_paper, mentions)] = list(extract(read_papers([str(path)])))
    assert sorted((m.text, m.type) for m in mentions if m.role == "PROPOSES") == expected
    for m in mentions:
        if m.role == "PROPOSES" and m.sentence.startswith("http"):
            assert m.sentence[m.start : m.end] == m.text  # offsets into the address, its evidence


@pytest.mark.parametrize(
    "text, title, expected",
    [
        # names coordinated with the announced one are objects of the same verb, whatever their kind
        ("First, we release MiniF2F-Hard and FIMO-Hard, expert-reannotated variants of two ATP benchmarks.", "",
         ["FIMO-Hard", "MiniF2F-Hard"]),
        ("We introduce three new datasets - Corpesia, Pairsia-sup, and Pairsia-unsup - to support training.", "",
         ["Corpesia", "Pairsia-sup", "Pairsia-unsup"]),
        # ... but not a release of a known family, nor hyphenated ordinary words
        ("We propose FooNet and GPT-4o as baselines.", "", ["FooNet"]),
        ("We define interpretability as producing Model-level, Ontic, Causal-Mechanistic, and Falsifiable explanations.",
         "", []),
        # what the system the title names brings, counted
        ("To overcome these limitations, particularly for long videos, Insight-V++ introduces two novel algorithms, "
         "ST-GRPO and J-GRPO, which enhance reasoning.", "Insight-V++: Towards Long-Chain Visual Reasoning",
         ["Insight-V++", "J-GRPO", "ST-GRPO"]),
        ("To overcome these limitations, particularly for long videos, the model introduces two novel algorithms, "
         "ST-GRPO and J-GRPO, which enhance reasoning.", "", []),
    ],
)
def test_names_listed_with_a_contribution_are_proposed(nlp, text, title, expected):
    assert proposed(nlp, text, title) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # the paper naming what it found or studies
        ("Such negations distort object integrity; a phenomenon we define as Content-Motion Drift.",
         ["Content-Motion Drift"]),
        ("I label this the Fractured Understanding Hypothesis.", ["Fractured Understanding Hypothesis"]),
        ("We formalize this as next action prediction (NAP): given screenshots, predict the next action.",
         ["NAP", "next action prediction"]),
        # an article after "as" describes; "study" without "as" names nothing
        ("We cast it as an optimization problem and solve it with Adam.", []),
        ("We study this problem in Depth Land.", []),
        # a term the paper coins where it identifies something; not a known thing it points at
        ("We identify Concept Vectors (CVs), which carry stable concept representations.", ["CVs", "Concept Vectors"]),
        ("We identify the Transformer (TF) as a bottleneck.", []),
        ("This paper identifies Semantic Intent Divergence – the phenomenon whereby agents drift.",
         ["Semantic Intent Divergence"]),
        ("We identify Catastrophic Forgetting, a known issue, in agents.", []),
        # a second verb of the same "we", after what it works from
        ("We introduce a data generator, and from it construct HorizonXBench, a benchmark of 4,245 items.",
         ["HorizonXBench"]),
        # named results the paper states in its own voice
        ("We prove three formal properties: (1) the Byte-Identity Theorem, establishing identity; (2) the "
         "Accumulation Monotonicity Theorem, showing growth.", ["Accumulation Monotonicity Theorem", "Byte-Identity Theorem"]),
        ("For unaligned experts, we prove a Safe Deviation property: no expert can profitably deviate.", ["Safe Deviation"]),
        ("By the Universal Approximation Theorem, we show that networks can fit the data.", []),
        ("We analyse proxy failures using Goodhart's Law and show two failure modes.", []),
        # a named statement the paper documents or brings in with "a"; an eponym's law is not one
        ("We further document a Superficial Complexity Paradox: complexity proxies fail.", ["Superficial Complexity Paradox"]),
        ("Evaluation on the suite reveals an Efficiency-Stability Paradox: reasoning helps and hurts.",
         ["Efficiency-Stability Paradox"]),
        ("We identify this Trust Gap: agents are evaluated for performance, not skepticism.", ["Trust Gap"]),
        ("Performance was assessed using a Fitts law task with two targets.", []),
        # the kind word, then the name: "a new policy-iteration algorithm iPI"
        ("We close this gap with a new policy-iteration algorithm iPI, that combines the best of both.", ["iPI"]),
        ("We evaluate a new model GPT-4o on the task.", []),
        # the new names the paper's own system consists of, each said what it is
        ("We propose SAGE for benchmark augmentation. SAGE consists of VariantQual, a rubric-based verifier trained "
         "on seed data, and VariantGen, a variant generator.", ["SAGE", "VariantGen", "VariantQual"]),
        ("We propose SAGE for benchmark augmentation. SAGE uses DeltaQual, a verifier, and DeltaGen, a generator.",
         ["SAGE"]),
        # ... or spelt in title case like names, after a long opening clause; a known name stays borrowed
        ("We propose DIPX, a planner. To make generation compatible with autoregressive language modeling, DIPX "
         "combines a compact discretization scheme, Numerically Grounded Token Initialization for new tokens, and "
         "Three-Phase Curriculum Optimization, which aligns validity.",
         ["DIPX", "Numerically Grounded Token Initialization", "Three-Phase Curriculum Optimization"]),
        ("We propose SAGAX, a framework. SAGAX integrates OpenStreetMap geometries, Google Street View imagery, "
         "and a lightweight model.", ["SAGAX"]),
        ("We propose DIPX, a planner. DIPX uses a compact scheme, Numerically Grounded Token Initialization for new "
         "tokens, and Three-Phase Curriculum Optimization.", ["DIPX"]),
        # the paper's own framework, by its kind, enumerates its parts; a sentence given to each part
        ("We present GraphX, a framework. The framework introduces three core innovations: (1) Ontology-Guided "
         "Knowledge Extraction that uses a schema; (2) Dual-Channel Graph Retrieval Fusion that balances retrieval.",
         ["Dual-Channel Graph Retrieval Fusion", "GraphX", "Ontology-Guided Knowledge Extraction"]),
        ("The framework introduces three core innovations: (1) Ontology-Guided Knowledge Extraction that uses a "
         "schema; (2) Dual-Channel Graph Retrieval Fusion that balances retrieval.", []),
        ("We present LiveStarX. It rests on three components. The first component is Streaming Verification "
         "Decoding (SVeD), an inference framework.", ["LiveStarX", "SVeD", "Streaming Verification Decoding"]),
        # "it" right after a sentence about the paper's own work is that work: the parts it is made of
        ("We introduce GUIPrunerX, a training-free framework. It synergizes Temporal-Adaptive Resolution (TAR), which "
         "resizes frames, and Stratified Structure-aware Pruning (SSP), which keeps foregrounds.",
         ["GUIPrunerX", "SSP", "Stratified Structure-aware Pruning", "TAR", "Temporal-Adaptive Resolution"]),
        ("We introduce DEFARX. This framework simulates inference. It consists of two key components: (1) Anti-Drift "
         "Rectification (ADR). ADR treats drift as a signal.", ["ADR", "Anti-Drift Rectification", "DEFARX"]),
        ("This paper argues that domain is part of knowledge. It introduces the Domain-Contextualized Concept Graph "
         "(DCG), a framework.", ["DCG", "Domain-Contextualized Concept Graph"]),
        ("We introduce CRT-YOLOX. Additionally, it leverages the Centralized Feature Pyramid (CFP) network.", ["CRT-YOLOX"]),
        ("Existing detectors are slow. It consists of two key components: (1) Anti-Drift Rectification (ADR). ADR "
         "treats drift as a signal.", []),
        ("We propose GoSkipX, a framework. This approach introduces two synergistic innovations: (1) Goal-Gradient "
         "Importance (GoGI), a metric, and (2) Adaptive Dynamic Skipping (ADS), a mechanism.",
         ["ADS", "Adaptive Dynamic Skipping", "GoGI", "GoSkipX", "Goal-Gradient Importance"]),
        ("We propose RiderNetX. The framework comprises Cross-Modal Deformable Fusion (CMDF), which aligns views.",
         ["CMDF", "Cross-Modal Deformable Fusion", "RiderNetX"]),
        ("We propose RumorNetX. The model integrates TextCNN, and Bidirectional Graph Convolutional Networks (BiGCN).",
         ["RumorNetX"]),
        # the paper's own measures, counted, then listed: exactly as many as it counts
        ("We propose two human-aligned metrics, appearance similarity and temporal similarity, which disentangle "
         "fidelity from alignment.", ["appearance similarity", "temporal similarity"]),
        ("We propose two metrics: appearance similarity (AS), which compares frames, and temporal similarity.",
         ["AS", "appearance similarity", "temporal similarity"]),
        # a list shorter than its count: only the first item, which the announcement itself names
        ("We propose three metrics: appearance similarity and temporal similarity.", ["appearance similarity"]),
        # a capitalised agent its system employs; the parts its counted aspects go through
        ("We propose MT-OSC, a condensation framework. MT-OSC employs a Condenser Agent that keeps the history short.",
         ["Condenser Agent", "MT-OSC"]),
        ("We propose GeoRoPE. GeoRoPE recalibrates interactions from two complementary aspects. First, Geo-Coordinate "
         "Calibration (GCC) rescales offsets. Second, Geo-Frequency Calibration (GFC) adjusts frequencies.",
         ["GCC", "GFC", "Geo-Coordinate Calibration", "Geo-Frequency Calibration", "GeoRoPE"]),
        # the coined names the paper's own system enumerates, whatever its verb
        ("We propose ScalingAttention, a framework. ScalingAttention decouples discovery from control via: (1) WEST "
         "(Weight-Encoded Sparse Topology), which extracts a mask; (2) FAST (Fidelity-Aware Sensitivity Tuning), which "
         "tunes sparsity.", ["FAST", "Fidelity-Aware Sensitivity Tuning", "ScalingAttention", "WEST",
                             "Weight-Encoded Sparse Topology"]),
        ("We propose BrainPromptX, a framework. BrainPromptX integrates prompts: (1) ROI-level prompts, (2) graph prompts.",
         ["BrainPromptX"]),
        # ... or the paper enumerates of it in its own voice, a title-case run after "a" or "the"; not a
        # kind of stage after "an", not when the paper proposes nothing, not after a verb of use
        ("We propose Native Field Developmentx (NFDX), a paradigm. We formalize NFDX through: (1) a Three-Layer "
         "Cognitive Architecturex organizing knowledge; (2) the Knowledge Crystallization Cyclex with definitions.",
         ["Knowledge Crystallization Cyclex", "NFDX", "Native Field Developmentx", "Three-Layer Cognitive Architecturex"]),
        ("We propose FaithAgentX. FaithAgentX employs a pipeline: (i) an SFT stage; (ii) an RFT stage for faithfulness.",
         ["FaithAgentX"]),
        ("We formalize agents through: (1) a Three-Layer Cognitive Architecturex; (2) the Knowledge Crystallization "
         "Cyclex.", []),
        ("We propose NFDX. We evaluate NFDX on: (1) the Long Horizon Arenax; (2) the Open Task Suitex.", ["NFDX"]),
        # a short form defined for a long form the field never writes, after "our" or the paper's own
        # system's name with no preposition or verb of use between, a part "in" that system, or a thing
        # said to be proposed or constructed
        ("We propose a generative method. Our approach includes the Brain-Inspired Analogical Generatorx (BIAGX), "
         "which derives class weights. BIAGX consists of three components: Weight Self-Attention Modulex (WSAX), "
         "and Semantic Conversion Modulex (SCMX).",
         ["BIAGX", "Brain-Inspired Analogical Generatorx", "SCMX", "Semantic Conversion Modulex", "WSAX",
          "Weight Self-Attention Modulex"]),
        ("We propose FocusDepthX, a framework. The core Multi-Scale Spatial-Aligned Fusionx (MSSAX) in FocusDepthX "
         "aligns features. Our key component, the Self-Gated Prompting Modulex (SGPMX), performs enhancement.",
         ["FocusDepthX", "MSSAX", "Multi-Scale Spatial-Aligned Fusionx", "SGPMX", "Self-Gated Prompting Modulex"]),
        ("A variation of the model, Weighted Bayesian Topicsx (WBTX), is proposed as a solution.",
         ["WBTX", "Weighted Bayesian Topicsx"]),
        ("We introduce ConflictScorex, a metric. Our framework splits claims into measures: ConflictScorex-Count "
         "(CSX-C), the share of conflicts, and Other Countx (OCX), the rest.",
         ["CSX-C", "ConflictScorex", "ConflictScorex-Count"]),
        ("We propose HCQX. We tested circuits in our HCQX models for fast gradient sign attackx (FGSAX), a known "
         "attack. Our central finding is that a gate after the Scaled Product Attentionx (SPAX) helps.", ["HCQX"]),
        ("We propose MCATX. MCATX has implications, especially in low-income regionsx (LIRX), where it helps. "
         "Lean-RetryX and Stratified Formalizationx (SFX) are compared.", ["MCATX"]),
        # the paper's own name counts as a whole word only: "LEANX" is not in "LEANX-Retryy"
        ("We propose LEANX, a prover. Baselines are LEANX-Retryy and Stratified Formalizationx (SFX), run twice.",
         ["LEANX", "LEANX-Retryy"]),
        # a new name its own system is said to be made with, described by kind; not one it is run on
        ("We present UrbanNetX, a dataset. UrbanNetX is organized by HUSICX, a hierarchical classification framework.",
         ["HUSICX", "UrbanNetX"]),
        ("We present FooNetX, a model. FooNetX is evaluated on BarQAX, a benchmark for QA.", ["FooNetX"]),
        # "our <phrase> <kind>": a phrase the field does not write names the paper's own thing
        ("Combined with our counterfactual tuning task, CETRecX improves recall.", ["counterfactual tuning"]),
        ("We train with our reinforcement learning framework and our own moderation strategy.", []),
        ("Results hold in four visuo-motor control tasks.", []),
        # listed parts of the paper's own framework, each with its kind word
        ("We propose SURE, a framework. SURE consists of three components: an Uncertainty-Aware Mixture-of-Experts "
         "module to handle noise, and a Transformer Gate module to capture interactions.",
         ["SURE", "Transformer Gate", "Uncertainty-Aware Mixture-of-Experts"]),
    ],
)
def test_what_the_paper_names_states_or_builds_from_is_proposed(nlp, text, expected):
    assert proposed(nlp, text) == expected


@pytest.mark.parametrize(
    "title, expected",
    [
        # a coined compound where the title names its means, or opening the title before its purpose
        ("When Fireflies Cluster; Enhancing Automatic Clustering via Centroid-Guided Firefly Optimization",
         ["Centroid-Guided Firefly Optimization"]),
        ("Hierarchical Spatio-Channel Clustering for Efficient Model Compression", ["Hierarchical Spatio-Channel Clustering"]),
        ("Safe Image Generation with Iterative Self-Improving Codebooks", ["Iterative Self-Improving Codebooks"]),
        # the task a title opens with, two names joined, a term of the field
        ("Open-World Object Counting for Crowded Scenes", []),
        ("Kernel Smoothing with the Nadaraya-Watson Kernel", []),
        ("Clustering Sensor Data via Supervised Fine-Tuning", []),
        # "Using" as titles write it; plain title-case words after "via" the field never writes
        ("Test-Time Adaptation in Imaging Using Trajectory-Aligned Time-Independent Flow",
         ["Trajectory-Aligned Time-Independent Flow"]),
        ("Improving Zero-Shot Offline RL via Behavioral Task Sampling", ["Behavioral Task Sampling"]),
        # but not after "with", not a task, not words the field writes together
        ("Better Sensor Clustering with Neural Chunk Routing", []),
        ("Robust Parsing via Key Phrase Extraction", []),
        ("Sensor Clustering via Contrastive Learning", []),
    ],
)
def test_the_coined_method_a_title_names_is_proposed(nlp, title, expected):
    text = "We study clustering of sensor data. Experiments on ten datasets show gains."
    assert proposed(nlp, text, title) == expected


@pytest.mark.parametrize(
    "title, text, expected",
    [
        # the abstract announces its contribution without a name; the title's lead names it
        ("Variational Feature Compression for Model-Specific Representations",
         "We propose a feature extraction framework that suppresses transfer. It keeps accuracy.",
         ["Variational Feature Compression"]),
        ("Agent Factories for High Level Synthesis: How Far Can Coding Agents Go?",
         "We introduce an agent factory, a two-stage pipeline that coordinates agents.", ["Agent Factories"]),
        # the announcement is of something else; nothing announced; a hook; a field's term praised
        ("Variational Feature Compression for Model-Specific Representations",
         "We propose a geometry-driven metric that predicts utility. It keeps accuracy.", []),
        ("Variational Feature Compression for Model-Specific Representations",
         "Feature extraction suppresses transfer. It keeps accuracy.", []),
        ("Sensitivity Meets Sparsity: Pruning Large Models",
         "We propose a sparsity-aware pruning method that keeps sensitivity.", []),
        ("Efficient Unstructured Pruning of Mamba Models",
         "We propose an unstructured pruning method for state-space models.", []),
    ],
)
def test_the_title_names_what_the_abstract_announces_unnamed(nlp, title, text, expected):
    assert proposed(nlp, text, title) == expected


def test_a_name_with_a_latex_exponent_left_in_it_is_one_name(nlp):
    # "$τ^2$-Bench", "PAR$^2$-RAG" once the markup is read; "O(n^2)" is no name
    text = "We propose PAR^2-RAG, a retrieval framework. It costs O(n^2) on τ^2-Bench."
    assert proposed(nlp, text) == ["PAR^2-RAG"]
    doc = nlp.make_doc(text)
    for _name, proc in nlp.pipeline:
        doc = proc(doc)
    names = sorted(m.text for m in mentions_from_doc(doc, "p") if m.extractor == "names")
    assert names == ["PAR^2-RAG", "τ^2-Bench"]


def test_a_model_family_written_in_lower_case_with_a_version_is_a_model(nlp):
    """Model hubs and APIs write "gpt-4o-mini", "llama-3.1-8b", "openai/gpt-5.5": names of a
    known family with a version, typed Model and given their family. A family word without a
    version ("mistral winds", "phi") and a citation key that merely starts like one stay out."""
    from kg.extract.names import family_of
    from kg.extract.vocabulary import load_vocabulary

    text = ("We compare gpt-4o-mini, llama-3.1-8b and openai/gpt-5.5 with mistral-small-3.1, "
            "unlike wang2024stylemamba, mistral winds or phi.")
    got = {m.text: m.type for m in mentions_from_doc(nlp(text), "p")}
    assert {t: got[t] for t in ("gpt-4o-mini", "llama-3.1-8b", "openai/gpt-5.5", "mistral-small-3.1")} == dict.fromkeys(
        ("gpt-4o-mini", "llama-3.1-8b", "openai/gpt-5.5", "mistral-small-3.1"), "Model"
    )
    assert not {"wang2024stylemamba", "mistral", "phi"} & set(got)
    families = load_vocabulary().families
    assert [family_of(n, families) for n in ("gpt-4o-mini", "openai/gpt-5.5", "mistral-small-3.1", "mistral", "gptx-2")] == [
        "GPT", "GPT", "Mistral", None, None
    ]


def test_a_double_hyphen_is_a_dash_between_words(nlp):
    """"SinVAD--across", "optimizers--MIPROv2": an em dash typed in ASCII ends a name."""
    from kg.extract.names import find_names
    from kg.extract.vocabulary import load_vocabulary

    got = [n.text for n in find_names("We beat SinVAD--across tasks--and optimizers--MIPROv2, GPT-4o--a judge.", load_vocabulary())]
    assert got == ["SinVAD", "MIPROv2", "GPT-4o"]


def test_a_name_counted_in_an_announcing_sentence_is_not_the_contribution(nlp):
    """"we present a study ... covering 5,400 API calls", "involving 5 HPO algorithms": a count
    before a name says what the study counts, not what it brings; a coined name after the verb
    still is the contribution."""
    def roles(text):
        return {m.text: m.role for m in mentions_from_doc(nlp(text), "p")}

    assert roles("We present a replication study of output dynamics, covering 5,400 API calls.")["API"] == "MENTIONS"
    assert roles("We present a comprehensive study involving 5 HPO algorithms over 5 datasets.")["HPO"] == "MENTIONS"
    assert roles("We present ZorbNet, covering 5,400 API calls.")["ZorbNet"] == "PROPOSES"


def test_an_edition_word_written_apart_belongs_to_the_name(nlp):
    """"OfficeQA Pro", "MLE-Bench Lite", "SD Turbo": an edition word after a coined name is part
    of it (and no concept alone); a capitalised word that only starts like one is not."""
    got = [(m.text, m.role) for m in mentions_from_doc(nlp("We introduce OfficeQA Pro, a benchmark. ZetaNet Maxwell and SD Turbo fail on MLE-Bench Lite."), "p")]
    assert ("OfficeQA Pro", "PROPOSES") in got and ("ZetaNet", "MENTIONS") in got
    assert {t for t, _r in got} >= {"SD Turbo", "MLE-Bench Lite"} and not {"Lite", "Turbo", "ZetaNet Maxwell"} & {t for t, _r in got}


def test_a_defined_term_the_title_opens_with_is_the_papers_own():
    """"Bounded Path Context: A Controlled Study ..." over "Bounded Path Context (BPC) decouples
    ...": no announcing verb, but the title says whose it is; a defined term the title does not
    open with stays a mention."""
    from kg.extract.pipeline import extract
    from kg.read.records import Paper

    abstract = "Agents route prompts. Bounded Path Context (BPC) decouples two roles. Key Value Routing (KVR) helps."
    [(_p, ms)] = list(extract([Paper(id="p", title="Bounded Path Context: A Controlled Study of Paths", abstract=abstract)], jobs=1))
    roles = {(m.text, m.role) for m in ms if m.extractor == "definition"}
    assert {("Bounded Path Context", "PROPOSES"), ("BPC", "PROPOSES"), ("KVR", "MENTIONS")} <= roles
    assert ("KVR", "PROPOSES") not in roles


@pytest.mark.parametrize(
    "title, text, expected",
    [
        # a coined name the title opens with, written in the abstract too: the paper's own
        ("NeuDiff Agent: A Governed AI Workflow", "NeuDiff Agent executes the pipeline under governance.", ["NeuDiff Agent"]),
        ("LPM 1.0: Video-based Character Performance", "LPM 1.0 generates video. LPM 1.0 runs in real time.", ["LPM 1.0"]),
        # ordinary words the abstract writes once: a hook; a known model: the paper studies it
        ("Inside-Out: Probing Hidden States", "We read models inside-out. Inside-Out probing helps.", []),
        ("Whisper: Courtside Edition", "We adapt Whisper to courtside speech.", []),
    ],
)
def test_a_coined_name_the_title_opens_with_is_proposed_whichever_extractor_finds_it(nlp, title, text, expected):
    assert proposed(nlp, text, title) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # the paper names what it found: the words after the naming verb, quoted or not
        ('Bad contexts cause collapse, a phenomenon we call "pigeonholing." It is common.', ["pigeonholing"]),
        ("Agents suffer from a failure mode we term output stalling: the agent returns nothing.", ["output stalling"]),
        ("We refer to this phenomenon as crystallization: a step beyond grokking.", ["crystallization"]),
        ("We refer to this as the self-undermining property of unilateral optimization.", ["self-undermining property"]),
        # the field's word, no naming word, or a name whose end the sentence does not show
        ("Homographs with several readings are often termed polyphones in speech.", []),
        ("We herein address these challenges with care.", []),
        ("We introduce a new concept named partitioning with explanations.", []),
    ],
)
def test_a_term_the_paper_names_in_lower_case_is_proposed(nlp, text, expected):
    assert proposed(nlp, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # what the paper identifies or characterises as a name it gives, a describing word between
        ("We identify this structural gap as Agent-Environment Misalignment: the agent changes.",
         ["Agent-Environment Misalignment"]),
        ("Through a probing analysis, we characterize this as belief inertia, a failure to update.", ["belief inertia"]),
        # an article after "as" describes: nothing is named
        ("We identify this problem as an optimization problem.", []),
        # a concept the field knows is not new, and no piece of it is ("Mode")
        ("We define this phenomenon as Mode Collapse.", []),
        ("We evaluate three state-of-the-art Named Entity Recognition (NER) models, ELMo-BiLSTM, UniversalNER, and GLiNER.",
         []),
    ],
)
def test_what_the_paper_identifies_as_a_name_is_proposed_unless_known(nlp, text, expected):
    assert proposed(nlp, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a Greek letter makes a coined name, lower case or not
        ("We propose δ-mem, a lightweight memory mechanism. δ-mem compresses past information.", ["δ-mem"]),
        ("We set α to 0.5, a small value.", []),
        # a name the announcement itself found ("Mirror": no extractor knew it) has its variants
        ("We introduce Mirror, an agentic framework for review. Mirror operates in two modes. "
         "Mirror-ER (expedited Review) automates review. Mirror-CR (Committee Review) simulates deliberation.",
         ["Mirror", "Mirror-CR", "Mirror-ER"]),
    ],
)
def test_coined_names_with_greek_letters_and_variants_of_a_name_the_announcement_found(nlp, text, expected):
    assert proposed(nlp, text) == expected


def _mention_texts(nlp, text):
    doc = nlp.make_doc(text)
    for _name, proc in nlp.pipeline:
        doc = proc(doc)
    return [m.text for m in mentions_from_doc(doc, "p")]


def test_human_classifies_a_term_the_field_writes_with_it(nlp):
    # "human" is kept only in phrases the field writes with it (phrases.CLASSIFIED_MIN_DF)
    assert "human feedback" in _mention_texts(nlp, "Models trained with human feedback improve steadily.")


def test_a_possessive_eponym_with_its_statistic_is_one_name(nlp):
    got = _mention_texts(nlp, "We report Spearman's correlation and apply Occam's razor to the models.")
    assert got == ["Spearman's correlation", "Occam's razor"]


@pytest.mark.parametrize(
    "text, expected, absent",
    [
        ("We study English verbs using the VU Amsterdam Metaphor Corpus.", "VU Amsterdam Metaphor Corpus", "VU"),
        ("We introduce the CIFAR Synthetic Evidence Corpus, a dataset of fakes.", "CIFAR Synthetic Evidence Corpus", "CIFAR"),
        # only a collection's name: an acronym before another capitalised run stays apart
        ("We run the XYZ Agent Framework on every task.", "XYZ", "XYZ Agent Framework"),
        # a coined name goes on with its capitalised kind words, found alone or not at all
        ("It has three parts: the ADRX Sensor for telemetry and the ADRX Explorer for red teaming.",
         "ADRX Explorer", "Explorer"),
        ("Evaluation on the SEA-Omnix Benchmark Suite reveals a gap.", "SEA-Omnix Benchmark Suite", "Benchmark Suite"),
        # a capital inside, not only second: "NeuDiff Agent", "AnnoPage Dataset"
        ("We deploy the NeuDiffx Agent in production.", "NeuDiffx Agent", "NeuDiffx"),
        ("We introduce the AnnoPagex Dataset, a collection of pages.", "AnnoPagex Dataset", "AnnoPagex"),
        # ... not a name the field knows ("GPT-4 Agent" stays GPT-4), nor before more capitals
        ("We wrap GPT-4 Agent around the tool.", "GPT-4", "GPT-4 Agent"),
        ("The ADRX Sensor Fusion Network wins.", "ADRX", "ADRX Sensor"),
        # a word that numbers a part may open a name
        ("We propose Theorem Precedence Graphs, which encode dependencies.", "Theorem Precedence Graphs",
         "Precedence Graphs"),
    ],
)
def test_a_coined_name_keeps_the_capitalised_words_that_belong_to_it(nlp, text, expected, absent):
    got = _mention_texts(nlp, text)
    assert expected in got and absent not in got


def test_a_short_form_cut_by_its_parenthesis_is_no_short_form():
    from kg.extract.acronyms import find_definitions

    # "(VAD-)CFR" abbreviates "VAD-CFR": "VAD-" alone names nothing
    assert find_definitions("We discover Volatility-Adaptive Discounted (VAD-)CFR, a new algorithm.") == []
    assert [d.short for d in find_definitions("We use Volatility-Adaptive Discounting (VAD) here.")] == ["VAD"]


def test_a_coding_agent_is_known_by_its_whole_name(nlp):
    got = _mention_texts(nlp, "Autonomous agents such as Claude Code now operate for hours.")
    assert "Claude Code" in got and "Claude" not in got


_SCANNING = (
    "Histology subtyping needs tissue. Virtual Scanning predicts the subtype from CT images alone, "
    "and it matches biopsy labels on two cohorts."
)


@pytest.mark.parametrize(
    "title, text, expected",
    [
        # a title that opens with a name the field does not write, used by the abstract
        ("Virtual Scanning for NSCLC Histology", _SCANNING, ["Virtual Scanning"]),
        # a topic ("... in LLMs") or a thing studied ("... as Predictors") is not the paper's own
        ("Virtual Scanning in NSCLC Histology", _SCANNING, []),
        ("Virtual Scanning as a Predictor of Histology", _SCANNING, []),
        # nor a task the title names, nor a name the opening sentence already takes for granted
        ("Glandular Segmentation for NSCLC Histology",
         "Histology subtyping needs tissue. Glandular Segmentation helps, and it runs on CT images.", []),
        ("Virtual Scanning for NSCLC Histology",
         "Virtual Scanning predicts the subtype from CT images alone. It matches biopsy labels on two cohorts.", []),
    ],
)
def test_a_title_opening_with_a_coined_name_proposes_it(nlp, title, text, expected):
    assert proposed(nlp, text, title) == expected


def test_praise_for_cost_or_ease_is_trimmed_from_a_phrase(nlp):
    got = _mention_texts(nlp, "We propose a cost-effective Generate-Judge-Refine pipeline and a user-friendly interface.")
    assert "Generate-Judge-Refine pipeline" in got
    assert not [t for t in got if t.startswith(("cost-effective", "user-friendly"))]


@pytest.mark.parametrize(
    "text, expected",
    [
        # a list of measures opened in the paper's voice, whatever the verb: its coined terms
        ("We evaluate ten MLLMs and measure position effects with three metrics: Coverage, Directional "
         "Positional Skewx (DPSX), and Middle-Edge Gapx (MEGX).",
         ["DPSX", "Directional Positional Skewx", "MEGX", "Middle-Edge Gapx"]),
        # a model the paper trains and names
        ("As a defense, we fine-tune a Chinese Implicit Toxicity Defensex model (CITDX) with red-team data.",
         ["CITDX", "Chinese Implicit Toxicity Defensex model"]),
        # ... not a thing it trains that is no model, nor a definition in a list of another's measures
        ("We fine-tune a Chinese Implicit Toxicity Defensex corpus (CITDX) with red-team data.", []),
        ("Prior work measured three metrics: Directional Positional Skewx (DPSX) and others.", []),
    ],
)
def test_coined_measures_and_trained_models_are_the_papers_own(nlp, text, expected):
    assert proposed(nlp, text) == expected


_STAGES = (
    "We propose XZ-Graphx, a two-stage framework for KG construction. The first stage, Z-NERDX, introduces "
    "(i) Orthogonal Semantic Decompositionx (OSDX), which isolates turns in text. The second stage, ZRX-Linkx, links entities."
)


def test_a_named_numbered_stage_and_what_it_introduces_are_the_papers_own(nlp):
    assert proposed(nlp, _STAGES) == [
        "OSDX", "Orthogonal Semantic Decompositionx", "XZ-Graphx", "Z-NERDX", "ZRX-Linkx",
    ]
    # the same part given a sentence with "is"
    assert "ZRX-Linkx" in proposed(nlp, _STAGES.replace("The second stage, ZRX-Linkx, links", "The second stage is ZRX-Linkx, which links"))
    # with nothing of its own proposed before, a numbered stage may be anyone's
    assert "Z-NERDX" not in proposed(nlp, "Pipelines have two stages. The first stage, Z-NERDX, finds entities.")


_MODULES = (
    "We present AutoScix, an agentic system for research. AutoScix is organized around three modules. "
    "SciMemx provides research memory. SciFlowx executes a lifecycle. SciDAGx augments skills. GPTX-9 writes."
)


def test_the_sentences_after_the_papers_whole_counts_its_parts_name_them(nlp):
    # the three sentences after the count open with the parts; the fourth is past the count
    assert proposed(nlp, _MODULES) == ["AutoScix", "SciDAGx", "SciFlowx", "SciMemx"]
    # someone else's system counting its parts, with or without a whole of the paper's own
    other = _MODULES.replace("We present AutoScix, an agentic system for research. ", "We study agentic systems. ")
    assert proposed(nlp, other) == []
    assert proposed(nlp, _MODULES.replace("AutoScix is organized", "BaseSysx is organized")) == ["AutoScix"]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("We introduce HealthBenchx-BR, with 1,780 clinical assertions, and PCDTx-QA, with 890 open questions.",
         ["HealthBenchx-BR", "PCDTx-QA"]),
        ("We release Oreox, a model for document parsing, and ColTrastx, a query-aware encoder.", ["ColTrastx", "Oreox"]),
        # only the list's last item, after "and"; a known name ends it
        ("We introduce Oreox, a model for document parsing, and BERT, a known encoder.", ["Oreox"]),
    ],
)
def test_a_list_of_described_names_after_an_announcement_is_the_papers_own(nlp, text, expected):
    assert proposed(nlp, text) == expected


def test_a_metric_name_the_vocabulary_knows_leaves_a_papers_own_short_form_alone(nlp):
    # "CTR" is also the click-through rate; the vocabulary keeps that under its long form only,
    # so a paper's own "change type recognition (CTR)" stays its own
    got = proposed(nlp, "In CodeReviewQAx, we decompose code refinement into change type recognition (CTR), "
                        "which names the kind of edit.")
    assert got == ["CTR", "change type recognition"]
    assert "click-through rate" in _mention_texts(nlp, "We report the click-through rate of each ranking.")


@pytest.mark.parametrize(
    "text, expected",
    [
        # a negated short form is a property, not the short form's concept ("IID" in "non-IID")
        ("FedX converges faster under non-IID conditions on CIFAR-10.", ["FedX", "CIFAR-10"]),
        # a coined model name keeps its size and variant written apart
        ("The EuroLLM 1.7B Instruct variant attained a higher BLEU score.", ["EuroLLM 1.7B Instruct", "BLEU score"]),
        # a complexity's variables are no concepts; a benchmark named "O(OD)2" keeps its name's piece
        ("Guarantees include $O(V+E)$ DAG validation and O(N log N) sorting.", ["DAG", "DAG validation"]),
        ("We introduce two benchmarks: O(OD)2 and OODG.", ["OD", "OODG"]),
    ],
)
def test_negated_short_forms_spaced_sizes_and_complexities(nlp, text, expected):
    assert _mention_texts(nlp, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a common word in its everyday sense is no mention of the field's concept
        ("LLM agents have attracted substantial attention. We pay attention to costs.", ["LLM agents"]),
        ("We conclude with actionable recommendations for practitioners.", []),
        # the field's sense stays: the mechanism, the task
        ("Multi-head attention helps. Attention is computed per token.", ["Multi-head attention", "Attention"]),
        ("Sequential recommendation with LLMs is hard.", ["Sequential recommendation", "LLMs"]),
    ],
)
def test_common_words_in_their_everyday_sense_are_not_mentions(nlp, text, expected):
    assert _mention_texts(nlp, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a phrase that opens inside a capitalised run is a piece of a name
        ("It follows the European Union digital accessibility rules.", []),
        ("We add an Answer Re-ranker built on BERT.", ["BERT"]),
        # not after a function word, at a sentence's start, or after a language before an acronym
        ("The Transformer architecture is used.", ["Transformer architecture"]),
        ("We translate established English VLM training and evaluation corpora.", ["English", "VLM", "VLM training"]),
        # intergovernmental bodies and cloud vendors are no concepts
        ("Rules of the United Nations and AWS apply.", []),
    ],
)
def test_pieces_of_capitalised_runs_and_institutions_are_not_mentions(nlp, text, expected):
    assert _mention_texts(nlp, text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a family's spaced version keeps its edition and gives way to a modifier suffix
        ("We compare DeepSeek V4-Pro with DeepSeek V3-based agents.", ["DeepSeek V4-Pro", "DeepSeek V3"]),
        # Inception-v3 is its own model, not a form of GoogLeNet (Inception-v1)
        ("We fine-tune InceptionV3 and compare with GoogLeNet.", ["InceptionV3", "GoogLeNet"]),
    ],
)
def test_spaced_family_versions_and_inception_releases(nlp, text, expected):
    assert _mention_texts(nlp, text) == expected


def test_inception_v3_is_not_googlenet(tmp_path):
    from kg.api import build_graph

    path = tmp_path / "papers.jsonl"
    path.write_text(
        '{"id": "a", "title": "T", "abstract": "We fine-tune InceptionV3 and compare with GoogLeNet."}\n', encoding="utf-8"
    )
    G = build_graph([str(path)], analytics=False)
    names = sorted(d["name"] for _n, d in G.nodes(data=True) if d.get("kind") != "Paper")
    assert "GoogLeNet" in names and "Inception-v3" in names


@pytest.mark.parametrize(
    "text, expected",
    [
        # a phrase the abstract writes twice is a concept of its own, whatever name sits inside it
        # (the name inside keeps its own mention, as in "LLM judges")
        ("We study PII leakage in LLM outputs. PII leakage grows with model size.",
         ["PII", "PII leakage", "LLM", "PII", "PII leakage"]),
        ("We apply a CNOT gate to the register. The CNOT gate count matters.", ["CNOT", "CNOT gate", "CNOT"]),
        # said once, it is a weak candidate beside the name (the ranker decides); a generic head
        # ("outputs") makes no concept of it
        ("We study PII leakage in LLM outputs. It grows with model size.", ["PII", "PII leakage", "LLM"]),
        ("LLMs solve reasoning tasks. Reasoning tasks are hard for LLMs.", ["LLMs", "reasoning", "Reasoning", "LLMs"]),
    ],
)
def test_a_phrase_written_twice_around_a_name_is_a_concept(nlp, text, expected):
    assert _mention_texts(nlp, text) == expected


def test_a_classifying_modifier_stays_in_a_phrase_the_abstract_writes_twice(nlp):
    # "human" stays only in phrases the field writes with it, or the paper writes twice
    assert _mention_texts(nlp, "We study human agency in AI tools. Human agency erodes when tools decide.") == [
        "human agency", "AI", "Human agency",
    ]
    assert _mention_texts(nlp, "We study human agency in AI tools.") == ["AI"]


@pytest.mark.parametrize(
    "text, expected",
    [
        # a capitalised English word right before the announced name is part of the paper's name for it
        ("We present Parallel CFRX, the first parallelization framework for depth-limited CFRX solving.",
         ["Parallel CFRX"]),
        ("In this work, we propose a unified Hybrid QUBOX framework that bridges two estimators.", ["Hybrid QUBOX"]),
        ("This study proposes Attention GhostUNetX++, a novel deep learning model.", ["Attention GhostUNetX++"]),
        # not a describing word or a connective; what the appositive says is not said of the tail
        ("We propose Novel GRPOX, a method for reasoning.", ["GRPOX"]),
        ("While PEIRCEX is a general-purpose framework, we demonstrate its capabilities.", ["PEIRCEX"]),
    ],
)
def test_a_capitalised_word_before_the_announced_name_is_part_of_it(nlp, text, expected):
    assert proposed(nlp, text) == expected



@pytest.mark.parametrize(
    "short, phrase, expected",
    [
        ("CARGO", "Carbon-Aware Gossip Orchestration", True),
        ("Step-CoT", "Stepwise Visual Chain-of-Thought", True),  # letters inside a hyphenated word
        ("CaReFlow", "Cyclic Adaptive Rectified Flow", True),
        ("GRAFNet", "Multiscale Retinal Processing", False),  # another thing the title names
        ("BERT", "Pre-training of Deep Bidirectional Transformers", False),  # spelled from the fourth word on
        ("Flow", "Cyclic Adaptive Rectified Flow", False),  # one capital: a word, not a short form
        ("KV", "Key Value Cache Compression For Long Context Reasoning", False),  # more words than letters and three
    ],
)
def test_a_short_form_abbreviates_a_whole_phrase_from_its_first_word(short, phrase, expected):
    from kg.extract.acronyms import abbreviates

    assert abbreviates(short, phrase) is expected


@pytest.mark.parametrize(
    "title, abstract, spelled_out",
    [
        # the abstract's uses of the name take the title's expansion
        ("CARGO: Carbon-Aware Gossip Orchestration in Smart Shipping",
         "We propose CARGO, a framework for fleets. CARGO cuts emissions.", "Carbon-Aware Gossip Orchestration"),
        # the abstract's own definition wins
        ("CARGO: Carbon-Aware Gossip Orchestration in Smart Shipping",
         "We propose Cargo Aware Routing Gossip Overlay (CARGO) for fleets. CARGO cuts emissions.", None),
        # the words after the colon are another thing the title names
        ("GRAFNet: Multiscale Retinal Processing via Guided Attention",
         "We propose GRAFNet for polyp segmentation. GRAFNet is fast.", None),
    ],
)
def test_a_title_that_spells_out_its_name_gives_the_names_mentions_that_long_form(title, abstract, spelled_out):
    from kg.extract.pipeline import extract
    from kg.read.records import Paper

    [(_p, ms)] = list(extract([Paper(id="p", title=title, abstract=abstract)], jobs=1))
    name = title.split(":")[0]
    long_forms = {m.long_form for m in ms if m.text == name and m.extractor != "definition"}
    assert long_forms == ({spelled_out} if spelled_out else {""})
