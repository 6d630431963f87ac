"""clean_markup: every markup form the seed lists use, with exact expected text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kg.read.markup import URL_PLACEHOLDER, clean_markup
from kg.read.titles import MAX_TITLE, derive_title, first_sentence


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        # LaTeX text styles
        (r"focus on \textbf{sparse retrieval} tasks", "focus on sparse retrieval tasks"),
        (r"a \textit{compositional reasoning gap}: x", "a compositional reasoning gap: x"),
        (r"we propose \emph{RL-aware distillation} (RLAD)", "we propose RL-aware distillation (RLAD)"),
        (r"probability of $\texttt{[SEG]}$ during", "probability of [SEG] during"),
        (r"we propose $\textbf{VideoSEG-O3}$, the first", "we propose VideoSEG-O3, the first"),
        (r"the human $\textit{``coarse-to-fine''}$ process", "the human “coarse-to-fine” process"),
        (r"nested \textbf{bold \emph{and} italic}", "nested bold and italic"),
        # superscripts and subscripts in text mode stay glued to their word
        (r"PM\textsuperscript{4}Bench holds H\textsubscript{2}O", "PM4Bench holds H2O"),
        # math
        (r"requires $\mathcal{O}(M \cdot N)$ operations", "requires O(M · N) operations"),
        (r"on 9$\times$9 Sudoku", "on 9×9 Sudoku"),
        (r"over $130\times$ speedup", "over 130× speedup"),
        (r"the $\ell_2$ norm", "the ℓ₂ norm"),
        (r"$\ell_2$-guided Response Selection", "ℓ₂-guided Response Selection"),
        (r"a larger number ($2^{3L^2}$) of layers", "a larger number (2^{3L^2}) of layers"),
        (r"measured by low $\mathrm{ESS}_{\min}/N$, strongly", "measured by low ESS_min/N, strongly"),
        (r"gains of $+1.37$ for Qwen3", "gains of +1.37 for Qwen3"),
        (r"a span of $M$ tokens", "a span of M tokens"),
        (r"an $(L+1)$-layer network", "an (L+1)-layer network"),
        (r"reaching p95 $=1318$s on MATH500", "reaching p95 =1318s on MATH500"),
        (r"F1-Score $= 1.0$ at depth $100$", "F1-Score = 1.0 at depth 100"),
        (r"$\le$ $\geq$ $\to$ $\approx$ $\alpha$ $\beta$ $\pm$ $\infty$", "≤ ≥ → ≈ α β ± ∞"),
        (r"$x_{12}$ and $\mathbb{R}^d$", "x₁₂ and ℝ^d"),
        (r"at $90^\circ$", "at 90°"),
        (r"costs $5 and $10 today", "costs $5 and $10 today"),  # not math: spaces inside the dollars
        (r"$a*b*c$ and $x \sim y$", "a*b*c and x ∼ y"),
        (r"price \$5", "price $5"),
        # Markdown
        (r"we propose **SLQ**, a framework", "we propose SLQ, a framework"),
        (r"**(1)** ReaGen-27k, a dataset", "(1) ReaGen-27k, a dataset"),
        (
            r"*HInT* (*H*ypergraph *In*fusion for *T*able reasoning)",
            "HInT (Hypergraph Infusion for Table reasoning)",
        ),
        (r"as *topological slippages* caused", "as topological slippages caused"),
        (r"**the $\ell_2$ norm of hidden states**", "the ℓ₂ norm of hidden states"),
        (r"use `code` and __strong__", "use code and strong"),
        ("A* search and 2 * 3", "A* search and 2 * 3"),
        # quotes, dashes, escapes
        (r"the multi-round ``ground-then-answer'' nature", "the multi-round “ground-then-answer” nature"),
        (r"its ``action space''—the set", "its “action space”—the set"),
        (r"a `single' quote", "a ‘single’ quote"),
        (r"achieves 9\%-18\% accuracy", "achieves 9%-18% accuracy"),
        (r"vision--language models", "vision-language models"),
        (r"a teacher--old-policy mixture", "a teacher-old-policy mixture"),
        (r"pages 30--55", "pages 30–55"),
        (r"we propose VerifyXBench--a new benchmark", "we propose VerifyXBench – a new benchmark"),
        (r"during RL---guiding the student", "during RL—guiding the student"),
        (r"R\&D and \#1", "R&D and #1"),
        # accents and symbols kept
        (r"CPM\"obius and Schr\"{o}dinger, na\"ive", "CPMöbius and Schrödinger, naïve"),
        ("CPMöbius, V₁-Infer, Pass@1, 2.5× (<=11%)", "CPMöbius, V₁-Infer, Pass@1, 2.5× (<=11%)"),
        # stray markup
        (r"RLAD}consistently outperforms", "RLAD consistently outperforms"),
        (r"as in~\cite{smith2020} and \ref{fig:1}.", "as in and."),
        ("H<sub>2</sub>O &amp; <i>x</i>", "H2O & x"),
        (
            "<jats:title>Abstract</jats:title><jats:p>We propose <jats:italic>X</jats:italic>.</jats:p>",
            "We propose X.",
        ),
        # whitespace and invisible characters
        ("  two\n lines\tand\u00a0nbsp\u200b ", "two lines and nbsp"),
        ("", ""),
    ],
)
def test_clean_markup_text(raw, clean):
    assert clean_markup(raw)[0] == clean


@pytest.mark.parametrize(
    ("raw", "clean", "urls"),
    [
        (
            "Project page: https://ssi-bench.github.io.",
            f"Project page: {URL_PLACEHOLDER}.",
            ["https://ssi-bench.github.io"],
        ),
        (
            r"all model checkpoints at: \url{https://github.com/ CraftJarvis/OpenHA}.",
            "all model checkpoints at: <url>.",
            ["https://github.com/CraftJarvis/OpenHA"],
        ),
        (
            "improves Pass@1. [Project page & code](https://harmandotpy.github.io/v1-verification/).",
            "improves Pass@1. Project page & code.",
            ["https://harmandotpy.github.io/v1-verification/"],
        ),
        (
            "The code is available under: https://github.com/CnFaker/SLQ.",
            "The code is available under: <url>.",
            ["https://github.com/CnFaker/SLQ"],
        ),
        (
            r"see \href{https://a.org/x}{our site}, (https://b.org/y_(z)) and <https://c.org>",
            "see our site, (<url>) and <url>",
            ["https://a.org/x", "https://b.org/y_(z)", "https://c.org"],
        ),
        (r"at https://github.com/a/b\_c", "at <url>", ["https://github.com/a/b_c"]),
        ("twice: https://x.org/a and https://x.org/a", "twice: <url> and <url>", ["https://x.org/a"]),
        ("no link in xhttps://x.org here", "no link in xhttps://x.org here", []),
    ],
)
def test_clean_markup_urls(raw, clean, urls):
    assert clean_markup(raw) == (clean, urls)


def test_plain_text_is_only_whitespace_normalized():
    text = "Large Language Models (LLMs) exhibit paradoxical fragility in arithmetic."
    assert clean_markup(text) == (text, [])


_JUNK_CHARS = (
    set(chr(c) for c in range(0x20)) | {"\ufeff", "\u200b"} | {chr(c) for c in range(0xE000, 0xE010)}
)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.characters(), max_size=300))
def test_clean_markup_never_raises_on_any_text(text):
    clean, urls = clean_markup(text)
    assert isinstance(clean, str)
    assert clean == clean.strip()
    assert "  " not in clean
    assert not _JUNK_CHARS & set(clean)
    assert all(isinstance(url, str) and url for url in urls)


_MARKUPISH = st.text(alphabet=st.sampled_from(list("\\${}[]()*_`'~-<>&^ abcXYZ12.:/htpsw\n")), max_size=200)


@settings(max_examples=600, deadline=None)
@given(_MARKUPISH)
def test_clean_markup_never_raises_on_markup_soup(text):
    clean, urls = clean_markup(text)
    assert clean == clean.strip()
    assert "\ue000" not in clean and "\ue001" not in clean


# --- derived titles ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("abstract", "title"),
    [
        (
            "To attain GVR, we propose a novel paradigm called Reason with Thumbnails, Answer with Focus "
            "(RTAF), which feeds the model low-resolution images.",
            "RTAF — Reason with Thumbnails, Answer with Focus",
        ),
        ("Current evaluations fall short. We introduce KVFundaBench to evaluate this gap.", "KVFundaBench"),
        (
            "To address this, we propose TICL (Test-time Interventional Causal Learning), a novel method.",
            "TICL — Test-time Interventional Causal Learning",
        ),
        (
            "In this work, we propose One-shot Entropy Minimization (EM), a simple approach.",
            "EM — One-shot Entropy Minimization",
        ),
        ("We propose Universal Reasoner (UniR)—a lightweight module.", "UniR — Universal Reasoner"),
        ("We introduce V₁, a framework that unifies generation.", "V₁ — a framework that unifies generation"),
        (
            "This paper introduces the Noisy Quantization Model, which frames errors.",
            "Noisy Quantization Model",
        ),
        (
            "To address this, we introduce Entropy-Aware On-Policy Distillation.",
            "Entropy-Aware On-Policy Distillation",
        ),
        (
            "We introduce CausalProfiler, a synthetic benchmark generator for causal machine learning methods.",
            "CausalProfiler — a synthetic benchmark generator for causal machine learning…",
        ),
        (
            "we introduce a minimalist skill-composition task (MSCT) and show",
            "MSCT — minimalist skill-composition task",
        ),
        # look-alikes that are not a name and its definition
        (
            "We propose a framework that improves reasoning of large language models (LLMs).",
            "We propose a framework that improves reasoning of large language models (LLMs)",
        ),
        ("We propose ShotKV (Section 4) for caches.", "ShotKV"),
        # no named contribution: the first sentence, cut at a word boundary
        (
            "Embedding methods are efficient. We present a series of results.",
            "Embedding methods are efficient",
        ),
        (
            "Natural language data follows a power-law distribution, with most knowledge and skills appearing "
            "at very low frequency.",
            "Natural language data follows a power-law distribution, with most knowledge…",
        ),
        (
            "We introduce derivation graphs, which represent rules.",
            "We introduce derivation graphs, which represent rules",
        ),
        ("", "Untitled"),
    ],
)
def test_derive_title(abstract, title):
    assert derive_title(abstract) == title


def test_first_sentence_skips_abbreviations():
    text = "We use RL (e.g. GRPO) and compare with baselines, i.e. PPO. Then more."
    assert first_sentence(text) == "We use RL (e.g. GRPO) and compare with baselines, i.e. PPO."


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400))
def test_derive_title_is_never_empty_and_short(text):
    title = derive_title(text)
    assert title.strip()
    assert len(title) <= MAX_TITLE
