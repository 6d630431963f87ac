"""Concept types from the words around and inside a name.

General rules of how ML writing names things: "-Bench" and "...QA" are benchmarks, a phrase
ending in "optimization" is a method, "X dataset" is a dataset.
"""

from __future__ import annotations

import re

HEAD_TYPES: dict[str, str] = {}
for _type, _words in {
    "Method": """learning optimization optimisation tuning training fine-tuning finetuning distillation
        decoding sampling search attention regularization normalization quantization pruning
        compression augmentation alignment prompting estimation inference descent propagation
        adaptation aggregation embedding encoding retrieval-augmented scaling steering merging
        masking clipping dropout ensembling ensemble initialization loss objective
        algorithm method approach technique strategy mechanism policy networks
        fusion passing intervention routing reweighting weighting filtering rewriting selection
        calibration probing bootstrapping guidance
        attack parallelism optimizer minimization factorization smoothing carlo
        module refinement supervision decomposition modulation modeling modelling""".split(),
    "Model": """model llm lm vlm mllm lmm transformer network encoder decoder autoencoder
        backbone classifier generator discriminator agent""".split(),
    "Task": """generation classification detection segmentation recognition answering translation
        summarization retrieval prediction forecasting reasoning understanding extraction
        parsing tracking captioning grounding planning navigation manipulation synthesis
        completion discovery editing reconstruction localization matching ranking
        recommendation verification identification dialogue puzzle solving coding
        comprehension tagging registration assessment""".split(),
    "Metric": """accuracy score rate latency throughput perplexity error f1 precision recall auc
        speedup bleu rouge loss-rate ratio distance coefficient similarity metric""".split(),
    "Dataset": "dataset corpus corpora collection".split(),
    "Benchmark": "benchmark suite testbed leaderboard arena".split(),
    "Framework": "framework pipeline system toolkit platform library paradigm".split(),
}.items():
    for _w in _words:
        HEAD_TYPES[_w] = _type


def type_from_head(key: str) -> str:
    """Type implied by a phrase's last word: "policy optimization" -> Method."""
    head = key.rsplit(" ", 1)[-1]
    return HEAD_TYPES.get(head, "Concept")


# a shared task of a yearly evaluation campaign, after the campaign's year: "SemEval-2026 Task 9",
# "NLPCC 2025 Shared Task 7" (the name finder keeps it with the campaign, kg.extract.names)
CAMPAIGN_TASK = r" (?:Shared )?(?:Task|Subtask|Track) \d{1,2}[A-C]?"
CAMPAIGN_TASK_NAME = re.compile(rf"(?:19|20)\d\d{CAMPAIGN_TASK}$")
_BENCH_NAME = re.compile(
    rf"(?:Bench|bench|Eval|QA|Arena|Gym|-?Hard|Verified)$|^(?:[A-Z][A-Za-z]*?)-?\d{{2,4}}$|{CAMPAIGN_TASK_NAME.pattern}"
)
_METRIC_NAME = re.compile(r"^[A-Za-z][\w-]*@(?:\d+(?:\.\d+)?|[kKnN])$")  # Pass@8, nDCG@10, Recall@k
_DATASET_NAME = re.compile(r"(?:Set|Corpus|Data|DB)$|-\d+[Kk]$")
_MODEL_SIZE = re.compile(r"(?:^|[-_ ])\d+(?:\.\d+)?[BbMm](?:$|[-_ ])|-(?:Instruct|Base|Chat|Distill)\b")
_CONTEXT = [
    (re.compile(r"^\W{0,3}(?:benchmarks?|suite|leaderboard)\b", re.I), "Benchmark"),
    (re.compile(r"^\W{0,3}(?:datasets?|corpus|corpora)\b", re.I), "Dataset"),
    (re.compile(r"^\W{0,3}(?:models?|LLMs?|VLMs?|MLLMs?|backbones?|checkpoints?|series|family)\b"), "Model"),
    (re.compile(r"^\W{0,3}(?:framework|pipeline|system|toolkit|platform)\b", re.I), "Framework"),
    (re.compile(r"^\W{0,3}(?:algorithms?|methods?|approach|loss|objective|optimizer|technique)\b", re.I), "Method"),
    (re.compile(r"^\W{0,3}(?:metrics?|scores?)\b", re.I), "Metric"),
]
_BEFORE = [
    (re.compile(r"\b(?:benchmarks?|such as|including)\W{0,3}$", re.I), None),
    (re.compile(r"\b(?:the|a|an)\s+(?:\w+\s+)?(?:benchmark|dataset)\s*$", re.I), None),
]


def type_from_name(name: str) -> str | None:
    """Type implied by the shape of a name alone, or None."""
    if _METRIC_NAME.match(name):
        return "Metric"
    if _MODEL_SIZE.search(name):
        return "Model"
    if _BENCH_NAME.search(name):
        return "Benchmark"
    if _DATASET_NAME.search(name):
        return "Dataset"
    return None


def type_from_context(after: str) -> str | None:
    """Type implied by the words right after a name: "MATH500 benchmark", "Qwen3 models"."""
    for pattern, ctype in _CONTEXT:
        if pattern.search(after):
            return ctype
    return None


# Names listed under a kind word: "expert-annotated datasets (HealthFC, BioASQ-7b, SciFact)",
# "harmful benchmarks (AdvBench and StrongReject)", "MLLMs such as NVILA and Qwen2-VL",
# "out-of-distribution (GSM-HARD, AMC23) benchmarks". Named items of a list of "tasks" are the
# benchmarks that pose them ("downstream tasks (XNLI, XQuAD)").
_LIST_KINDS = (
    (r"benchmarks?|test\s+sets?|evaluation\s+sets?|tasks", "Benchmark"),
    (r"datasets?|corpora|data\s+sets?", "Dataset"),
    (r"models|LLMs|VLMs|MLLMs|LMMs|backbones|architectures|encoders", "Model"),
    (r"metrics|measures", "Metric"),
)
_ITEMS = r"(?:[^().;:!?]{0,120}?(?:,|\band\b|\bor\b)\s*)?"
_KINDS = "|".join(f"(?P<k{i}>{kinds})" for i, (kinds, _ctype) in enumerate(_LIST_KINDS))
_KIND_THEN_LIST = re.compile(rf"\b(?:{_KINDS})\s*(?:\(|,?\s*(?:such\s+as|including|like|e\.g\.,?)\s+){_ITEMS}$", re.I)
_LIST_THEN_KIND = re.compile(rf"^(?:\s*(?:,|\band\b|\bor\b)[^().;:!?]{{0,120}}?)?\s*\)\s*(?:{_KINDS})\b", re.I)
_LIST_CUES = ("(", "such as", "including", "like", "e.g.")


def type_from_list(text: str, start: int, end: int) -> str | None:
    """Type of a name at [start, end) of `text` from the kind word of a list it is an item of."""
    before = text[max(0, start - 160) : start]
    m = None
    if any(cue in before for cue in _LIST_CUES):
        m = _KIND_THEN_LIST.search(before)
    if m is None:
        after = text[end : end + 160]
        m = _LIST_THEN_KIND.match(after) if ")" in after else None
    if m is None:
        return None
    return _LIST_KINDS[int(m.lastgroup[1:])][1]
