"""Normalization, lineage and corpus-level resolution on small fixed inputs."""

import math

import pytest

from kg.extract.pipeline import extract
from kg.extract.vocabulary import load_vocabulary
from kg.graph.build import build_graph
from kg.models import Paper
from kg.resolve.families import model_lineage, variant_base, version_base
from kg.resolve.normalize import norm_key, spelling_key
from kg.resolve.ranking import LinkRanker
from kg.resolve.resolver import Resolver


@pytest.mark.parametrize(
    "a, b",
    [
        ("Chain-of-Thought", "chains of thought"),
        ("LLMs", "LLM"),
        ("Large Language Models", "large language model"),
        ("test-time scaling", "Test Time Scaling"),
        ("vision–language models", "Vision-Language Model"),
        ("knowledge bases", "knowledge base"),
        ("differential diagnoses", "differential diagnosis"),
        ("computer viruses", "computer virus"),
        ("τ^2-Bench", "τ²-Bench"),  # a LaTeX exponent left in the text, and the superscript
        ("PAR^2-RAG", "PAR2-RAG"),
    ],
)
def test_norm_key_equates_variants(a, b):
    assert norm_key(a) == norm_key(b)


def test_the_spelling_key_drops_only_a_releases_point_zero():
    # the key keeps what the text writes (the vocabulary matcher and the mined tables read it);
    # the spelling key, which groups keys written differently, reads "2.0" as "2"
    assert norm_key("AlpacaEval 2.0") == "alpacaeval 2.0"
    keys = ("osworld2.0", "osworld 2", "web 2.0", "x 12.0", "qwen2.05", "v2.0.1", "score 0.0", "10.0")
    assert [spelling_key(k) for k in keys] == [
        "osworld2", "osworld2", "web2", "x12", "qwen2.05", "v2.0.1", "score0.0", "10.0",
    ]


def test_a_release_written_with_and_without_its_point_zero_is_one_node():
    papers = [
        Paper("p1", "We evaluate on AlpacaEval 2.0 and OSWorld 2.0 with our agent."),
        Paper("p2", "Results on AlpacaEval 2 and OSWorld2.0 confirm the gains of our agent."),
    ]
    G = build_graph(papers, Resolver(load_vocabulary()).resolve(list(extract(papers))))
    linked = [{c for _p, c in G.out_edges(p)} for p in ("p1", "p2")]
    releases = {c for c in linked[0] if c.startswith(("concept:alpacaeval", "concept:osworld"))}
    assert linked[0] == linked[1] and len(releases) == 2  # each paper links the same two release nodes


def test_norm_key_keeps_non_plurals():
    assert norm_key("analysis") == "analysis"
    assert norm_key("diffusion") == "diffusion"
    assert norm_key("strategies") == "strategy"


@pytest.mark.parametrize(
    "name, family, chain",
    [
        ("Qwen3-4B-Base", "Qwen", ["Qwen3-4B-Base", "Qwen3", "Qwen"]),
        ("Qwen2.5-VL-7B", "Qwen", ["Qwen2.5-VL-7B", "Qwen2.5-VL", "Qwen2.5", "Qwen"]),
        ("Llama-3.1-8B-Instruct", "Llama", ["Llama-3.1-8B-Instruct", "Llama-3.1", "Llama"]),
        ("DeepSeek-R1", "DeepSeek", ["DeepSeek-R1", "DeepSeek"]),
        ("Gemini 2.5 Pro", "Gemini", ["Gemini 2.5 Pro", "Gemini 2.5", "Gemini"]),
    ],
)
def test_model_lineage(name, family, chain):
    assert model_lineage(name, family) == chain


def test_variant_and_version_bases():
    assert variant_base("DG-GRPO", {"GRPO": "concept:grpo"}) == "concept:grpo"
    assert variant_base("VTS-CoT", {"CoT": "concept:cot"}) == "concept:cot"
    assert variant_base("ShotKV", {"KV": "x"}) is None
    assert version_base("ARC-AGI-2") == "ARC-AGI"
    assert version_base("AIME25") == "AIME"


ABSTRACTS = [
    "We train with Group Relative Policy Optimization (GRPO) and chain-of-thought prompting on MATH500.",
    "GRPO with long Chain-of-Thought (CoT) traces improves Qwen3-4B-Base.",
    "We propose DG-GRPO, a variant that stabilises CoT training of Qwen3-8B.",
    "Large language models (LLMs) use a Key-Value (KV) cache; we compress the KV cache.",
    "Entropy minimization (EM) sharpens LLMs.",
    "We fit mixtures with expectation-maximization (EM).",
    "EM works well for sharpening predictions of LLMs.",
]


@pytest.fixture(scope="module")
def graph():
    papers = [Paper(id=f"p{i}", abstract=t) for i, t in enumerate(ABSTRACTS)]
    res = Resolver(load_vocabulary()).resolve(extract(papers, tagger=False))
    return build_graph(papers, res), res


def graph_of(papers, ranker=None):
    """The graph of a few fixed abstracts, resolved with the shipped vocabulary (and ranker)."""
    return build_graph(papers, Resolver(load_vocabulary(), ranker=ranker).resolve(extract(papers, tagger=False)))


def resolved(papers):
    """A resolver that has resolved a few fixed abstracts: its `_spelled` says which key each
    spelling of a concept ended up under."""
    resolver = Resolver(load_vocabulary())
    resolver.resolve(extract(papers, tagger=False))
    return resolver


def linked(G, cid):
    return sorted(p for p, _ in G.in_edges(cid) if G.nodes[p]["kind"] == "Paper")


def test_one_node_per_concept_across_forms(graph):
    G, _ = graph
    # p2 writes only "DG-GRPO": it mentions GRPO inside its variant's name
    assert linked(G, "concept:group-relative-policy-optimization") == ["p0", "p1", "p2"]
    assert G.edges["p2", "concept:group-relative-policy-optimization", "MENTIONS"]["extractor"] == "contained"
    assert linked(G, "concept:chain-of-thought") == ["p0", "p1", "p2"]
    assert linked(G, "concept:kv-cache") == ["p3"]
    assert G.nodes["concept:group-relative-policy-optimization"]["name"] == "GRPO"


def test_conflicting_acronyms_stay_apart(graph):
    G, _ = graph
    assert linked(G, "concept:entropy-minimization") == ["p4", "p6"]  # p6 uses the corpus majority (tie: sorted)
    assert linked(G, "concept:expectation-maximization") == ["p5"]


def test_a_curated_acronym_defined_in_other_function_words_is_the_same_concept():
    # "with" for the vocabulary's "from": one node, the vocabulary's, with its type
    papers = [
        Paper(id="a", abstract="Reward models matter for reinforcement learning with human feedback (RLHF) at scale."),
        Paper(id="b", abstract="We study RLHF for code generation and RLHF for dialogue."),
    ]
    G = graph_of(papers)
    assert linked(G, "concept:reinforcement-learning-from-human-feedback") == ["a", "b"]
    assert G.nodes["concept:reinforcement-learning-from-human-feedback"]["type"] == "Method"
    assert "concept:reinforcement-learning-with-human-feedback" not in G


def test_a_model_release_defined_by_a_long_form_is_known_by_its_name():
    papers = [
        Paper(id="a", abstract="We fine-tune Generative Pre-trained Transformer-2 (GPT-2) on code."),
        Paper(id="b", abstract="GPT-2 and GPT-2 again are the baselines we compare with."),
    ]
    G = graph_of(papers)
    gpt2 = [n for n, a in G.nodes(data=True) if a.get("name") == "GPT-2"]
    assert gpt2 == ["concept:gpt-2"] and linked(G, "concept:gpt-2") == ["a", "b"]


def test_a_model_name_in_another_word_order_is_the_same_model():
    papers = [
        Paper(id="a", abstract="We compare Claude 3.5 Sonnet with GPT-4o on math."),
        Paper(id="b", abstract="Claude 3.5 Sonnet and Gemini 1.5 Flash are strong."),
        Paper(id="c", abstract="We use Claude Sonnet 3.5 and Gemini Flash 1.5 as judges."),
    ]
    G = graph_of(papers)
    # keyed as the corpus writes it most: two papers against one
    assert linked(G, "concept:claude-3.5-sonnet") == ["a", "b", "c"]
    assert G.nodes["concept:claude-3.5-sonnet"]["aliases"] == ["Claude Sonnet 3.5"]
    assert linked(G, "concept:gemini-1.5-flash") == ["b", "c"] and "concept:gemini-flash-1.5" not in G


def test_case_blind_names_of_curated_entries():
    from kg.extract.vocabulary import load_vocabulary as load

    vocab = load()
    assert vocab.lookup("Math-500").key == vocab.lookup("MATH-500").key == "math500"
    assert vocab.lookup("Rouge-L").key == "rouge"
    assert vocab.lookup("em") is None  # a short form without a digit or hyphen stays case-exact


@pytest.mark.parametrize(
    "glued, apart",
    [("pretrained models", "pre-trained models"), ("multimodal reasoning", "multi-modal reasoning"),
     ("model finetuning", "model fine-tuning"), ("nonlinear dynamics", "non-linear dynamics")],
)
def test_glued_bound_prefixes_are_one_concept(glued, apart):
    resolver = Resolver(load_vocabulary())
    assert resolver.canon(glued) == resolver.canon(apart)


@pytest.mark.parametrize("word", ["present work", "prevent attacks", "research", "preference", "nonce"])
def test_words_that_only_start_like_a_prefix_stay_whole(word):
    from kg.resolve.normalize import unglue

    assert unglue(norm_key(word)) == norm_key(word)


@pytest.mark.parametrize(
    "a, b",
    [("Large Language Model's", "large language models"), ("large language model(s)", "large language models"),
     ("Model’s outputs", "model output")],
)
def test_possessives_and_optional_plurals_share_a_key(a, b):
    resolver = Resolver(load_vocabulary())
    assert resolver.canon(a) == resolver.canon(b)


def test_acronym_expansions_the_reader_misread_resolve_to_the_vocabulary():
    papers = [
        Paper(id="a", abstract="We evaluate open models (Llama2/3, Qwen2.5 (LLMs)) on math."),
        Paper(id="b", abstract="Large Language Model's (LLMs) reasoning and retrieve-augmented generation (RAG) help."),
        Paper(id="c", abstract="LLMs with retrieval-augmented generation (RAG) answer questions."),
    ]
    G = graph_of(papers)
    llm = [n for n, a in G.nodes(data=True) if a.get("kind") == "Concept" and a.get("name") == "LLM"]
    assert llm == ["concept:large-language-model"] and linked(G, llm[0]) == ["a", "b", "c"]
    assert linked(G, "concept:retrieval-augmented-generation") == ["b", "c"]


def test_a_model_family_in_another_case_and_glued_version_is_one_model():
    papers = [
        Paper(id="a", abstract="We compare LLaMA 3 with GPT-4o."),
        Paper(id="b", abstract="Llama3 and Llama-3 and GPT4o are baselines, as is ViT-L/14 from Vision Transformers (ViTs)."),
    ]
    G = graph_of(papers)
    names = sorted(a["name"] for n, a in G.nodes(data=True) if a.get("kind") == "Concept" and linked(G, n))
    assert names.count("GPT-4o") + names.count("GPT4o") == 1
    assert sum(1 for n in names if n.lower().replace(" ", "").replace("-", "") == "llama3") == 1
    assert "concept:vit" not in G  # the lineage parent of ViT-L/14 is the defined ViT node


def test_a_variant_of_a_shared_short_form_belongs_to_the_concept_most_papers_use():
    papers = [
        Paper(id="a", abstract="We segment images with a region adjacency graph (RAG) over superpixels."),
        Paper(id="b", abstract="Retrieval-augmented generation (RAG) grounds answers in documents."),
        Paper(id="c", abstract="We study retrieval-augmented generation (RAG) for medicine."),
        Paper(id="d", abstract="We introduce MCTS-RAG, which searches before it answers."),
    ]
    G = graph_of(papers)
    variant = next(n for n, a in G.nodes(data=True) if a.get("name") == "MCTS-RAG")
    parents = {t for _s, t, k in G.out_edges(variant, keys=True) if k == "VARIANT_OF"}
    assert parents == {"concept:retrieval-augmented-generation"}
    assert linked(G, "concept:region-adjacency-graph") == ["a"]


def test_a_model_is_no_variant_of_a_concept_and_a_known_compound_of_no_short_form():
    papers = [
        Paper(id="a", abstract="We align visual-language (VL) features across views."),
        Paper(id="b", abstract="We fine-tune Qwen2.5-VL and R1-VL on charts."),
        Paper(id="c", abstract="A transfer function (TF) models the channel; TF-IDF ranks documents."),
    ]
    G = graph_of(papers)
    vl = next(n for n, a in G.nodes(data=True) if a.get("kind") == "Concept" and "VL" in (a["name"], *a.get("aliases", [])))
    assert linked(G, vl) == ["a"]  # no "contained" link from the VL models
    tfidf = "concept:term-frequency-inverse-document-frequency"
    assert not any(k == "VARIANT_OF" for _s, _t, k in G.out_edges(tfidf, keys=True))


def test_hardware_is_a_concept_not_a_method():
    papers = [Paper(id="a", abstract="Our method runs at 40 FPS on a single GPU and on GPUs of any size.")]
    G = graph_of(papers)
    assert G.nodes["concept:graphics-processing-unit"]["type"] == "Concept"
    assert G.nodes["concept:graphics-processing-unit"]["name"] == "GPU"


def test_lineage_edges(graph):
    G, _ = graph
    assert G.has_edge("concept:qwen3-4b-base", "concept:qwen3", key="VARIANT_OF")
    assert G.has_edge("concept:qwen3", "concept:qwen", key="VARIANT_OF")
    assert G.has_edge("concept:dg-grpo", "concept:group-relative-policy-optimization", key="VARIANT_OF")
    assert G.edges["p2", "concept:dg-grpo", "PROPOSES"]["evidence"].startswith("We propose DG-GRPO")


@pytest.mark.parametrize(
    "a, b",
    [("Group Relative Policy Optimisation", "group relative policy optimization"), ("tokenisers", "tokenizer"),
     ("regularised training", "regularized training")],
)
def test_british_spellings_share_a_key(a, b):
    assert norm_key(a) == norm_key(b)


@pytest.mark.parametrize("word", ["supervised", "advertising", "raised", "sizes"])
def test_americanizing_leaves_other_words(word):
    assert norm_key(word) == {"sizes": "size"}.get(word, word)


def _phrase(text, sentence=None):
    from kg.models import Mention

    return Mention("p", text, 0, len(text), "", "MENTIONS", "phrases", 0.45, sentence or text, "", "")


def test_a_use_inside_a_longer_phrase_of_the_paper_repeats_a_phrase():
    from kg.models import Paper

    resolver = Resolver(load_vocabulary())
    paper = Paper("p", "abstract")
    out = [(norm_key(t), _phrase(t)) for t in ("posterior-guided belief refinement", "belief refinement", "fuzzy lattice")]
    # the long phrase is unsupported on its own; "belief refinement" is used twice, once inside it
    [(_p, kept)] = resolver._corroborated_only([(paper, out)])
    assert [(k, id(m) in resolver._unsupported) for k, m in kept] == [
        ("belief refinement", False), ("posterior guided belief refinement", True), ("fuzzy lattice", True),
    ]


@pytest.mark.parametrize(
    "text, sentence, kept",
    [
        # a hyphenated phrase the paper's announcement uses names a part of what it brings
        ("posterior-guided belief refinement", "We propose X, which uses posterior-guided belief refinement.", True),
        ("posterior-guided belief refinement", "Prior work uses posterior-guided belief refinement.", False),
        ("posterior-guided belief refinement", "Posterior-guided belief refinement is what we propose.", False),
        ("belief refinement", "We propose X, which uses belief refinement.", False),  # no hyphen
        ("test-time method", "We introduce a test-time method for this.", False),  # the kind word only
        ("agentic divide-and-conquer framework", "We propose an agentic divide-and-conquer framework.", True),
    ],
)
def test_a_hyphenated_phrase_of_the_announcement_needs_no_other_support(text, sentence, kept):
    resolver = Resolver(load_vocabulary())
    assert resolver._corroborated(norm_key(text), _phrase(text, sentence), 1, 1, "") is kept


@pytest.mark.parametrize(
    "text, in_paper, kept",
    [
        ("message passing", 1, True),  # a phrase the field uses (37 abstracts of the mining corpus)
        ("under-explored", 1, False),  # one hyphenated word: its field count is no corroboration
        ("under-explored", 2, True),  # ... the paper's own repetition is
        # however often the field writes it: a technical head needs no second paper
        ("low-resource languages", 1, True),
        # a part of a model the field names often, despite its generic head ...
        ("search space", 1, True), ("fusion modules", 1, True),
        # ... not a generic head otherwise, or a phrase the field never writes
        ("computational costs", 1, False), ("curated datasets", 1, False), ("key modules", 1, False),
    ],
)
def test_weak_phrases_need_corroboration(text, in_paper, kept):
    resolver = Resolver(load_vocabulary())
    assert resolver._corroborated(norm_key(text), _phrase(text), in_paper, 1, "") is kept


def test_only_a_kind_of_a_term_is_corroborated_by_its_score():
    """A kind of a vocabulary term (KIND_OF_TERM_SCORE) needs no repeat; a mined term the field
    writes too rarely (df under MINED_TERM_MIN_DF) still does, whatever its own score."""
    from dataclasses import replace

    from kg.extract.phrases import KIND_OF_TERM_SCORE
    from kg.resolve.resolver import MINED_TERM_MIN_DF

    resolver = Resolver(load_vocabulary())
    entry = resolver.vocab.entries["3d coordinate"]
    assert not entry.curated and entry.df < MINED_TERM_MIN_DF
    term = replace(_phrase("3D coordinates"), extractor="terms", score=0.5, vocab_key=entry.key)
    assert not resolver._corroborated("3d coordinate", term, 1, 1, "")
    kind = replace(_phrase("node sampling"), score=KIND_OF_TERM_SCORE)
    assert resolver._corroborated("node sampling", kind, 1, 1, "")
    assert not resolver._corroborated("node sampling", replace(kind, score=0.45), 1, 1, "")


def test_a_variant_of_a_vocabulary_method_mentions_it_in_any_build():
    # no other paper writes GRPO alone: the vocabulary's method is the variant's base all the
    # same, and the paper mentions it, as it would in a large build
    papers = [Paper(id="a", abstract="We propose Dyna-GRPOX, an online reinforcement learning method. "
                                     "Dyna-GRPOX improves math reasoning.")]
    G = graph_of(papers)
    assert "concept:group-relative-policy-optimization" not in G
    papers = [Paper(id="a", abstract="We propose Dyna-GRPO, an online reinforcement learning method. "
                                     "Dyna-GRPO improves math reasoning. We evaluate on NExT-GQA, a video benchmark.")]
    G = graph_of(papers)
    grpo = "concept:group-relative-policy-optimization"
    assert linked(G, grpo) == ["a"] and G.nodes[grpo]["name"] == "GRPO"
    assert G.edges["a", grpo, "MENTIONS"]["extractor"] == "contained"
    assert G.has_edge("concept:dyna-grpo", grpo)
    # a benchmark named after a dataset is no variant of a method with the same short form
    assert not any(G.nodes[c].get("name") == "GQA" for c in G)


def test_a_kind_of_a_vocabulary_term_needs_no_repeat():
    # one paper, one use each: "node sampling" names a kind of the vocabulary's "sampling", the
    # plain one-off phrase "ledger mirrors" has nothing to corroborate it
    papers = [Paper(id="a", abstract="Our approach begins with node sampling. It keeps the relevant ledger mirrors.")]
    trees_alone = LinkRanker.load()
    trees_alone.in_paper = None  # each candidate's probability as the trees give it
    G = graph_of(papers, trees_alone)
    assert linked(G, "concept:node-sampling") == ["a"]
    assert "concept:ledger-mirrors" not in G and "concept:ledger-mirror" not in G
    # read beside the rest of a text that offers nothing else, the weak phrase passes its bar
    # (kg.resolve.ranking.InPaper): in the shortest abstracts annotators name most candidates
    assert linked(graph_of(papers), "concept:ledger-mirror") == ["a"]


def test_spellings_that_split_words_differently_are_one_concept():
    papers = [
        Paper(id="a", abstract="We segment cells with a ZU-Net and study multi-class classification of cells."),
        Paper(id="b", abstract="A ZU-Net baseline helps multi-class classification of tissue."),
        Paper(id="c", abstract="Our ZUNet variant improves multiclass classification of slides."),
    ]
    G = graph_of(papers)
    # keyed as most of the corpus writes it, the other spelling an alias (a name the vocabulary
    # does not know: a known one takes the vocabulary's spelling)
    assert linked(G, "concept:zu-net") == ["a", "b", "c"] and "concept:zunet" not in G
    assert G.nodes["concept:zu-net"]["aliases"] == ["ZUNet"]
    assert linked(G, "concept:multi-class-classification") == ["a", "b", "c"]
    assert "concept:multiclass-classification" not in G


def test_a_line_break_hyphen_takes_the_spelling_the_field_writes():
    papers = [
        Paper(id="a", abstract="Transfer to the German lan-guage is hard for German language models."),
        Paper(id="b", abstract="We evaluate on the German language with German language benchmarks."),
    ]
    resolver = Resolver(load_vocabulary())
    res = resolver.resolve(extract(papers, tagger=False))
    assert resolver._spelled("german lan guage") == "german language"
    assert "concept:german-lan-guage" not in res.concepts


def test_a_split_rule_keeps_a_spelling_apart():
    from kg.resolve.review import MergeRules

    papers = [
        Paper(id="a", abstract="We segment cells with a U-Net and a U-Net."),
        Paper(id="b", abstract="Our UNet variant helps, and UNet is fast."),
    ]
    rules = MergeRules(split={"unet"})
    res = Resolver(load_vocabulary(), rules=rules).resolve(extract(papers, tagger=False))
    assert {"concept:u-net", "concept:unet"} <= set(res.concepts)


def test_a_lineage_parent_is_the_node_the_corpus_spells_its_own_way():
    papers = [
        Paper(id="a", abstract="We fine-tune Llama 3 and compare Llama 3 with Qwen2.5 on math."),
        Paper(id="b", abstract="Llama3-8B and Qwen 2.5-7B are our students; Qwen2.5 is the teacher."),
    ]
    G = graph_of(papers)
    models = {a["name"] for n, a in G.nodes(data=True) if a.get("kind") == "Concept" and a.get("type") == "Model"}
    assert "Llama3" not in models and "Qwen 2.5" not in models
    parents = {t for _s, t, k in G.out_edges("concept:llama3-8b", keys=True) if k == "VARIANT_OF"}
    assert parents == {"concept:llama-3"}


def test_a_versioned_name_varies_the_short_form_papers_define():
    papers = [
        Paper(id="a", abstract="Deep lattice networks (LatNet) train very deep models."),
        Paper(id="b", abstract="We fine-tune LatNet-50 and LatNet-18 on CIFAR-10."),
    ]
    G = graph_of(papers)
    assert "concept:latnet" not in G
    for child in ("concept:latnet-50", "concept:latnet-18"):
        assert ("concept:lattice-network" in {t for _s, t, k in G.out_edges(child, keys=True) if k == "VARIANT_OF"})
    assert linked(G, "concept:lattice-network") == ["a", "b"]  # b through its variants' names


def test_a_long_form_written_alone_is_the_short_form_most_papers_define_with_it():
    papers = [
        Paper(id="a", abstract="We prompt the Segment Anything Model (SAM) with boxes."),
        Paper(id="b", abstract="The Segment Anything Model (SAM) segments cells."),
        Paper(id="c", abstract="We adapt the Segment Anything Model to CT scans."),
        Paper(id="d", abstract="Sharpness-Aware Minimization (SAM) flattens the loss; sharpness-aware minimization helps."),
        Paper(id="e", abstract="We compare sharpness-aware minimization with Adam."),
    ]
    G = graph_of(papers)
    assert linked(G, "concept:sam") == ["a", "b", "c"]
    assert "concept:segment-anything-model" not in G
    # the other expansion of SAM is another concept, defined or written alone
    assert linked(G, "concept:sharpness-aware-minimization") == ["d", "e"]


def test_a_glued_name_is_not_the_plain_words_it_spells():
    papers = [
        Paper(id="a", abstract="We stream shards with WebDataset for training."),
        Paper(id="b", abstract="Models trained on web datasets and curated web datasets differ."),
        Paper(id="c", abstract="Filtering web datasets helps."),
    ]
    resolver = resolved(papers)
    assert resolver._spelled("webdataset") == "webdataset"
    assert resolver._spelled("web dataset") == "web dataset"


def test_an_untyped_phrase_takes_the_type_its_head_word_gives():
    # "gated fusion" holds a participle, so no mention of it is typed: its head says Method
    papers = [
        Paper(id="a", abstract="We combine gated fusion with attention; gated fusion helps."),
        Paper(id="b", abstract="Gated fusion of features improves robustness."),
    ]
    G = graph_of(papers)
    assert G.nodes["concept:gated-fusion"]["type"] == "Method"


def test_a_based_compound_is_the_plain_compound_unless_its_acronym_spells_based():
    papers = [
        Paper(id="a", abstract="Diffusion models generate images; diffusion models are slow."),
        Paper(id="b", abstract="We distill diffusion-based models into one step."),
        Paper(id="c", abstract="Agent-based models (ABM) simulate markets, and ABM are cheap."),
        Paper(id="d", abstract="LLM agents and agent models plan; agent models act."),
    ]
    resolver = resolved(papers)
    assert resolver._spelled("diffusion based model") == "diffusion model"
    assert resolver._spelled("agent based model") == "agent based model"
    assert resolver._spelled("agent model") == "agent model"


def test_a_known_short_form_inside_a_compound_is_its_long_form():
    papers = [
        Paper(id="a", abstract="Proprietary LLMs lead; proprietary LLMs are closed."),
        Paper(id="b", abstract="We compare proprietary large language models with open ones."),
        Paper(id="c", abstract="Generative AI and generative artificial intelligence tools spread."),
    ]
    resolver = resolved(papers)
    assert resolver._spelled("proprietary large language model") == "proprietary llm"
    assert resolver._spelled("generative artificial intelligence") == resolver._spelled("generative ai")


def test_a_compound_with_a_known_short_form_still_merges_its_plain_spellings():
    # "vae" spells out to "variational autoencoder", yet "VQ-VAE" and "VQVAE" are one spelling
    papers = [
        Paper(id="a", abstract="We train a VQ-VAE tokenizer; the VQ-VAE codes images."),
        Paper(id="b", abstract="A VQVAE baseline is weaker."),
    ]
    resolver = resolved(papers)
    assert resolver._spelled("vqvae") == resolver._spelled("vq vae")


def test_a_mixed_case_short_form_written_in_capitals_is_the_same_concept():
    papers = [
        Paper(id="a", abstract="We report IoU and mIoU on ADE20K; IoU rises."),
        Paper(id="b", abstract="The IOU of our masks is high, and we fine-tune with LORA."),
        Paper(id="c", abstract="LoRA adapters are cheap."),
    ]
    G = graph_of(papers)
    assert linked(G, "concept:intersection-over-union") == ["a", "b"]
    assert linked(G, "concept:low-rank-adaptation") == ["b", "c"]
    assert "concept:iou" not in G and "concept:lora" not in G


def test_glued_words_merge_only_with_the_same_letters_in_the_same_case():
    papers = [
        Paper(id="a", abstract="We release StressTest, and StressTest probes agents."),
        Paper(id="b", abstract="Stress tests of banks and stress tests of agents differ."),
        Paper(id="c", abstract="MemoryBank stores facts; MemoryBank is small."),
        Paper(id="d", abstract="A Memory Bank module helps."),
    ]
    resolver = resolved(papers)
    assert resolver._spelled("stresstest") == "stresstest" and resolver._spelled("stress test") == "stress test"
    assert resolver._spelled("memory bank") == resolver._spelled("memorybank")


def test_a_based_compound_the_field_contrasts_with_free_is_a_kind():
    # the field writes "model-free": "model-based reasoning" is not just "model reasoning"
    papers = [
        Paper(id="a", abstract="We study model-based reasoning in planning; model-based reasoning helps."),
        Paper(id="b", abstract="Model reasoning traces are long, and model reasoning is costly."),
    ]
    resolver = resolved(papers)
    assert resolver._spelled("model based reasoning") == "model based reasoning"


def test_expansions_of_one_short_form_that_agree_up_to_endings_are_one_concept():
    papers = [
        Paper(id="a", abstract="Geometric problem solving (GPS) needs diagrams; GPS is hard."),
        Paper(id="b", abstract="Geometry problem solving (GPS) benchmarks test GPS skills."),
        Paper(id="c", abstract="Self-supervised learning (SSL) learns features; SSL is popular."),
        Paper(id="d", abstract="Semi-supervised learning (SSL) uses few labels; SSL helps."),
    ]
    resolver = resolved(papers)
    assert resolver._spelled("geometric problem solving") == resolver._spelled("geometry problem solving")
    assert resolver._spelled("self supervised learning") != resolver._spelled("semi supervised learning")


def test_expansions_of_one_short_form_keep_people_and_word_order_apart():
    # "pathologists" and "pathology" agree in seven letters, but they name a person and a field;
    # "table to text" has the words of "text to table" in another order
    papers = [
        Paper(id="a", abstract="Speech-language pathologists (SLPs) assess children; SLPs are scarce."),
        Paper(id="b", abstract="Speech-language pathology (SLP) services vary; SLP access is uneven."),
        Paper(id="c", abstract="Computed radiography (CR) scans help; CR is common."),
        Paper(id="d", abstract="Computerized radiography (CR) images are used; CR again."),
        Paper(id="e", abstract="Text-to-table (TT) generation is new; TT is hard."),
        Paper(id="f", abstract="Table-to-text (TT) generation is old; TT is easy."),
    ]
    resolver = resolved(papers)
    assert resolver._spelled("speech language pathologist") != resolver._spelled("speech language pathology")
    assert resolver._spelled("text to table") != resolver._spelled("table to text")
    assert resolver._spelled("computed radiography") == resolver._spelled("computerized radiography")


def test_a_kind_of_a_concept_links_the_concept_but_not_the_field_itself():
    papers = [
        Paper(id="a", abstract="We study generative AI for art. Generative AI tools help artists."),
        Paper(id="b", abstract="We study multimodal reasoning. Multimodal reasoning needs grounding."),
        Paper(id="c", abstract="Artificial intelligence (AI) changes science. AI helps doctors."),
        Paper(id="d", abstract="Reasoning is hard for small models. We improve reasoning with hints."),
    ]
    # every candidate kept (the shipped ranker leaves the broad "reasoning" out of d)
    G = graph_of(papers, LinkRanker({}, threshold=0.0))
    # "multimodal reasoning" is reasoning: b links it through the name it contains
    assert linked(G, "concept:reasoning") == ["b", "d"]
    # "generative AI" is a kind of AI too, but a link to the whole field says nothing of a paper
    assert linked(G, "concept:artificial-intelligence") == ["c"]


def test_a_sure_concept_inside_a_refused_phrase_stands_in_for_it():
    """A vocabulary term or a sure tagged span inside a weak phrase is linked when the resolver
    refuses the phrase, and left out when the phrase itself is linked."""
    once = (
        "The backbone text embedding models remain frozen. Compared to conventional paradigms, our approach "
        "maintains direct entity-to-image linkage capability."
    )
    [(_p, mentions)] = extract([Paper(id="p", abstract=once)])
    assert [(m.text, m.extractor, m.inside) for m in mentions] == [
        ("text embedding models", "phrases", False),
        ("embedding models", "vocabulary", True),
        ("direct entity-to-image linkage capability", "phrases", False),
        ("entity-to-image linkage", "tagger", True),
    ]
    rules_alone = LinkRanker.load()
    rules_alone.unsupported_threshold = math.inf  # no unsupported phrase passes the ranker's bar
    res = Resolver(load_vocabulary(), ranker=rules_alone).resolve(extract([Paper(id="p", abstract=once)]))
    # both phrases are said once and have no other support: the concepts inside stand in
    assert sorted(res.concepts[lk.concept_id].name for lk in res.links) == ["embedding model", "entity-to-image linkage"]
    twice = "The backbone text embedding models remain frozen. We tune text embedding models."
    res = Resolver(load_vocabulary()).resolve(extract([Paper(id="p", abstract=twice)]))
    # said twice, the phrase is corroborated: it is the link, and "embedding models" is not
    assert [res.concepts[lk.concept_id].name for lk in res.links] == ["text embedding models"]


def test_kl_alone_is_the_kl_divergence_unless_the_paper_defines_it_otherwise():
    papers = [
        Paper(id="a", abstract="We regularize the policy with a KL penalty toward the reference model."),
        Paper(id="b", abstract="The Kullback-Leibler divergence between the two posteriors bounds the error."),
        Paper(id="c", abstract="We prove convergence via the Kurdyka-Lojasiewicz (KL) property of the objective."),
    ]
    res = Resolver(load_vocabulary()).resolve(extract(papers, tagger=False))
    by_paper = {}
    for lk in res.links:
        by_paper.setdefault(lk.paper_id, set()).add(lk.concept_id)
    assert "concept:kullback-leibler-divergence" in by_paper["a"] & by_paper["b"]
    # a paper's own definition of the short form wins over the vocabulary's
    assert by_paper["c"] == {"concept:kurdyka-lojasiewicz"}


def test_a_mined_term_is_keyed_as_the_other_extractors_key_its_forms():
    """The miner wrote a few keys in the plural ("multimodal models"): the term must still be the
    node of "multi-modal model", not a second one."""
    vocab = load_vocabulary()
    assert vocab.lookup("multimodal models").key == "multi modal model"
    papers = [
        Paper(id="a", abstract="Multimodal models now read charts."),
        Paper(id="b", abstract="We probe multi-modal models on charts and multi-modal models on maps."),
    ]
    res = Resolver(vocab).resolve(extract(papers, tagger=False))
    ids = {lk.paper_id: lk.concept_id for lk in res.links if "modal" in lk.concept_id}
    assert ids == {"a": "concept:multi-modal-model", "b": "concept:multi-modal-model"}


def test_a_key_spelled_as_a_curated_entrys_other_form_joins_the_entry():
    # the vocabulary lists "WikiText-2" under WikiText; "WikiText2" is that form run together
    papers = [
        Paper(id="a", abstract="We report perplexity on WikiText-2 and C4."),
        Paper(id="b", abstract="Perplexity on WikiText2 drops by a third."),
    ]
    res = Resolver(load_vocabulary()).resolve(extract(papers, tagger=False))
    assert {lk.paper_id for lk in res.links if lk.concept_id == "concept:wikitext"} == {"a", "b"}
    assert not any("wikitext2" in cid for cid in res.concepts)


def test_a_definition_that_spells_out_a_curated_form_joins_the_entry():
    # the vocabulary's GraphRAG lists "Graph RAG"; spelled out, that is the paper's long form
    papers = [
        Paper(id="a", abstract="We build on Graph Retrieval Augmented Generation (GraphRAG) for multi-hop questions."),
        Paper(id="b", abstract="GraphRAG indexes a corpus as a knowledge graph."),
    ]
    res = Resolver(load_vocabulary()).resolve(extract(papers, tagger=False))
    assert {lk.paper_id for lk in res.links if lk.concept_id == "concept:graphrag"} == {"a", "b"}


def test_common_metrics_written_in_several_ways_are_one_typed_node():
    papers = [
        Paper(id="a", abstract="Detection reaches an AUC-ROC of 0.91 and a QWK of 0.8 on essays."),
        Paper(id="b", abstract="Our detector improves AUROC by five points; agreement is measured by quadratic weighted kappa."),
    ]
    G = graph_of(papers)
    assert linked(G, "concept:area-under-the-curve") == ["a", "b"]
    assert linked(G, "concept:quadratic-weighted-kappa") == ["a", "b"]
    assert G.nodes["concept:quadratic-weighted-kappa"]["type"] == "Metric"


def test_a_name_the_title_spells_out_is_one_node_with_the_titles_phrase():
    """"CARGO: Carbon-Aware Gossip Orchestration in ...": the title defines the name as the
    abstract's "Carbon-Aware Gossip Orchestration (CARGO)" would; one node, the paper's own."""
    papers = [
        Paper(
            id="p1", title="CARGO: Carbon-Aware Gossip Orchestration in Smart Shipping",
            abstract="Fleets train models together. We propose CARGO, a framework that schedules gossip "
            "rounds by carbon intensity. CARGO cuts emissions by 30% on three shipping routes.",
        )
    ]
    G = build_graph(papers, Resolver(load_vocabulary()).resolve(list(extract(papers))))
    holding = {
        form: c for _p, c in G.out_edges("p1") for form in (G.nodes[c]["name"], *G.nodes[c].get("aliases", []))
        if form in ("CARGO", "Carbon-Aware Gossip Orchestration")
    }
    assert set(holding) == {"CARGO", "Carbon-Aware Gossip Orchestration"}
    [node] = set(holding.values())
    assert [d["type"] for _p, _c, d in G.out_edges("p1", data=True) if _c == node] == ["PROPOSES"]
    # named as the abstract writes it, with the title's words as its definition
    assert (G.nodes[node]["name"], G.nodes[node]["definition"]) == ("CARGO", "Carbon-Aware Gossip Orchestration")
