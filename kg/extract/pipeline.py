"""The extraction pipeline: abstracts in, per-paper concept mentions out.

A blank English spaCy pipeline whose tokenizer keeps hyphenated names whole
(Qwen2.5-VL, DeepSeek-R1, Chain-of-Thought), a rule-based sentencizer, and kg's
components (kg/extract/components.py). No statistical model, so it runs at close to
tokenizer speed and never downloads anything.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from kg.models import Mention, Paper

PIPELINE_VERSION = "1"  # bump when extraction output changes: it keys the build cache


def make_nlp(vocab_file: str | None = None):
    """Return kg's spaCy pipeline."""
    import spacy
    from spacy.util import compile_infix_regex

    import kg.extract.components  # noqa: F401  (registers the factories)

    nlp = spacy.blank("en")
    hyphen_rule = "(?:-|–|—|--|---|——|~)"
    infixes = [p for p in nlp.Defaults.infixes if hyphen_rule not in p]
    nlp.tokenizer.infix_finditer = compile_infix_regex(infixes).finditer
    nlp.add_pipe("sentencizer")
    nlp.add_pipe("kg_prepare")
    nlp.add_pipe("kg_definitions")
    nlp.add_pipe("kg_names", config={"vocab_file": vocab_file})
    nlp.add_pipe("kg_terms", config={"vocab_file": vocab_file})
    nlp.add_pipe("kg_phrases")
    nlp.add_pipe("kg_contributions")
    return nlp


def mentions_from_doc(doc, paper_id: str) -> list[Mention]:
    """Turn a processed doc's candidates into Mentions with roles and evidence sentences."""
    from kg.extract.components import sentences
    from kg.extract.roles import role_for

    cands = doc.user_data.get("kg", [])
    # drop candidates inside a longer one (KV inside "KV cache"), keeping definitions' short forms
    cands = sorted(cands, key=lambda c: (c.start, -(c.end - c.start)))
    kept = []
    cover_end = -1
    for c in cands:
        if c.end <= cover_end and c.extractor != "definition" and not c.proposed:
            continue
        kept.append(c)
        cover_end = max(cover_end, c.end)
    sents = sentences(doc)
    text = doc.user_data["kg_text"]
    out = []
    long_roles: dict[str, str] = {}
    si = 0
    for c in sorted(kept, key=lambda c: (c.start, c.end)):
        while si < len(sents) - 1 and sents[si][1] <= c.start:
            si += 1
        s_start, _s_end, s_text = sents[si]
        if c.proposed:
            role = "PROPOSES"
        elif c.extractor == "definition" and c.text != c.long_form and c.long_form in long_roles:
            role = long_roles[c.long_form]  # "(GRPO)" plays the role of the words it abbreviates
        else:
            role = role_for(text[s_start : c.start], c.type or "Concept")
        if c.extractor == "definition" and c.text == c.long_form:
            long_roles[c.long_form] = role
        out.append(
            Mention(
                paper_id=paper_id,
                text=c.text,
                start=c.start,
                end=c.end,
                type=c.type or "",
                role=role,
                extractor=c.extractor,
                score=c.score,
                sentence=s_text.strip(),
                long_form=c.long_form,
                vocab_key=c.vocab_key,
            )
        )
    return out


def extract(
    papers: Iterable[Paper], *, vocab_file: str | None = None, batch_size: int = 64, jobs: int = 1
) -> Iterator[tuple[Paper, list[Mention]]]:
    """Yield each paper with the mentions found in its abstract, in input order.

    With jobs > 1, abstracts are extracted in that many worker processes; extraction is
    per paper, so the result is identical to jobs=1 (corpus-level steps run afterwards).
    """
    if jobs > 1:
        yield from _extract_parallel(papers, vocab_file=vocab_file, jobs=jobs)
        return
    nlp = make_nlp(vocab_file)
    papers_iter = iter(papers)

    def docs():
        for paper in papers_iter:
            doc = nlp.make_doc(paper.abstract)
            doc.user_data["kg_text"] = paper.abstract  # spaCy rebuilds Doc.text on each access
            if paper.title and not paper.title_is_derived:
                doc.user_data["kg_title"] = paper.title
            yield doc, paper

    for doc, paper in nlp.pipe(docs(), as_tuples=True, batch_size=batch_size):
        yield paper, mentions_from_doc(doc, paper.id)


_WORKER_VOCAB: str | None = None
CHUNK = 200


def _work(chunk: list[Paper]) -> list[list[Mention]]:
    return [mentions for _paper, mentions in extract(chunk, vocab_file=_WORKER_VOCAB)]


def _init_worker(vocab_file: str | None) -> None:
    global _WORKER_VOCAB
    _WORKER_VOCAB = vocab_file
    make_nlp(vocab_file)  # warm the vocabulary and pipeline once per process


def _extract_parallel(papers, *, vocab_file, jobs):
    import multiprocessing
    import os

    papers = list(papers)
    chunks = [papers[i : i + CHUNK] for i in range(0, len(papers), CHUNK)]
    ctx = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
    with ctx.Pool(jobs, initializer=_init_worker, initargs=(vocab_file,)) as pool:
        for chunk, results in zip(chunks, pool.imap(_work, chunks)):
            yield from zip(chunk, results)
