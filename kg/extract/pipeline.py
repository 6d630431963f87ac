"""The extraction pipeline: abstracts in, per-paper concept mentions out.

A blank English spaCy pipeline with kg's tokenizer for abstracts (kg/extract/tokenizer.py:
names such as Qwen2.5-VL, DeepSeek-R1 and Pass@1 stay whole, sentences are split by rule), and kg's
components (kg/extract/components/, one module each). No statistical model, so it runs at close to
tokenizer speed and never downloads anything.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from kg.models import WEAK_EXTRACTORS, Mention, Paper

PIPELINE_VERSION = "211"  # bump when extraction output changes: it keys the build cache


def make_nlp(vocab_file: str | None = None, tagger: bool | str = True):
    """Return kg's spaCy pipeline; `tagger=False` leaves out the learned tagger (kg/extract/tagger.py),
    for the rules alone, and a path runs it with those weights instead of the shipped ones."""
    import spacy

    import kg.extract.components  # noqa: F401  (registers the factories)
    from kg.extract.tokenizer import AbstractTokenizer

    nlp = spacy.blank("en")
    nlp.tokenizer = AbstractTokenizer(nlp.vocab)  # also marks sentence starts
    nlp.add_pipe("kg_prepare")
    nlp.add_pipe("kg_definitions", config={"vocab_file": vocab_file})
    nlp.add_pipe("kg_names", config={"vocab_file": vocab_file})
    nlp.add_pipe("kg_terms", config={"vocab_file": vocab_file})
    nlp.add_pipe("kg_phrases", config={"vocab_file": vocab_file})
    nlp.add_pipe("kg_contributions", config={"vocab_file": vocab_file})
    if tagger:
        weights = tagger if isinstance(tagger, str) else None
        nlp.add_pipe("kg_tagger", config={"vocab_file": vocab_file, "weights_file": weights})
    return nlp


_URL = re.compile(r"(?:https?://|www\.)[^\s<>\"]+|\b(?:[\w-]+\.)+(?:com|org|io|ai|net|edu|dev)/[^\s<>\"]*")


# extractors whose spans' bounds come from word classes or a learned tagger, not from a name's shape
_UNSURE_BOUNDS = ("terms", "phrases", "nouns", "tagger")


def mentions_from_doc(doc, paper_id: str) -> list[Mention]:
    """Turn a processed doc's candidates into Mentions with roles and evidence sentences."""
    from kg.extract.components import sentences
    from kg.extract.generic import (
        cut_from_a_name,
        everyday_sense,
        in_complexity,
        is_bare_modifier,
        is_not_a_concept,
    )
    from kg.extract.names import coined_shape
    from kg.extract.phrases import ends_in_modifier, lexicon
    from kg.extract.roles import SentenceRoles

    cands = doc.user_data.get("kg", [])
    # drop candidates inside a longer one (KV inside "KV cache"), keeping definitions' short forms
    # (and, marked `inside`, the stand-ins for a weak phrase the resolver may refuse)
    cands = sorted(cands, key=lambda c: (c.start, -(c.end - c.start)))
    kept = []
    cover_end, cover = -1, None
    text = doc.user_data["kg_text"]
    lex = lexicon()
    # words of a web address ("github.com/JaneDoe/FooNet") are no mentions
    urls = [m.span() for m in _URL.finditer(text)] if ("://" in text or "www." in text or ".io/" in text or ".com/" in text) else ()
    for c in cands:
        if urls and any(a <= c.start < b for a, b in urls):
            continue
        inside = False
        if c.end <= cover_end and c.extractor != "definition" and not c.proposed and not (
            # "LLM judges" is a phrase about LLMs: the name inside keeps its own link
            c.extractor == "names" and cover.extractor == "phrases"
        ):
            if cover.extractor not in WEAK_EXTRACTORS or cover.proposed or c.extractor == "phrases" or (
                c.end - c.start == cover.end - cover.start
            ):
                continue
            # a sure candidate inside a weak phrase ("reward functions" in "new reward functions
            # design") stands in for it: the resolver links it only if it refuses the phrase
            inside = True
        if text[c.start - 1 : c.start] == "(" and in_complexity(text, c.start):
            continue  # "$O(V+E)$": a complexity's variables
        if c.extractor in _UNSURE_BOUNDS and not c.proposed and cut_from_a_name(text, c.start, lex):
            continue  # "the European| Union digital accessibility rules"
        if " " not in c.text and everyday_sense(text, c.start, c.end):
            continue  # "has attracted growing attention": the word, not the mechanism
        if c.extractor != "definition" and is_not_a_concept(c.text):
            continue  # "Paper Award" from the phrase finder, as "Best Paper Award" from the names
        if c.extractor != "definition" and is_bare_modifier(
            c.text, text[c.end : c.end + 40], None if c.vocab_key else lex
        ):
            continue
        if c.extractor in WEAK_EXTRACTORS and not c.proposed and ends_in_modifier(c.text, text[c.end : c.end + 40], lex):
            continue  # "coordinated multi-agent| framework": the piece before the noun
        kept.append((c, inside))
        if c.end > cover_end:
            cover_end, cover = c.end, c
    sents = sentences(doc)
    out = []
    long_roles: dict[str, str] = {}
    si = 0
    roles = None
    lead, lead_type = doc.user_data.get("kg_title_lead") or ("", "")
    # where the abstract uses the name, that use is the evidence: the title's phrase stays a mention
    lead_in_title_only = bool(lead) and not any(c.text.lower() == lead.lower() for c, _inside in kept)
    # "CARGO: Carbon-Aware Gossip Orchestration ...": the title spells the name out
    abbreviated, spelled_out = doc.user_data.get("kg_title_abbreviation") or ("", "")
    for c, inside in sorted(kept, key=lambda ci: (ci[0].start, ci[0].end)):
        while si < len(sents) - 1 and sents[si][1] <= c.start:
            si += 1
            roles = None
        s_start, s_end, s_text = sents[si]
        if roles is None:
            roles = SentenceRoles(text, s_start, s_end)
            sentence = s_text.strip()  # one string per sentence, shared by its mentions
        if c.proposed:
            role = "PROPOSES"
        elif c.text == lead and not c.vocab_key:
            role = "PROPOSES"  # "Edit-As-Act: ..." titles the paper's own, found by any extractor
            if c.type in (None, "", "Concept"):
                c.type = lead_type
        elif c.extractor == "definition" and c.text != c.long_form and c.long_form in long_roles:
            role = long_roles[c.long_form]  # "(GRPO)" plays the role of the words it abbreviates
        elif c.type is None and c.extractor == "names" and coined_shape(c.text) and roles.evaluated_on(c.start):
            role, c.type = "EVALUATES_ON", "Benchmark"  # "we evaluate on BRIGHT and MMEB": a coined name evaluated on
        else:
            role = roles.role(c.start, c.type or "Concept")
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
                sentence=sentence,
                long_form=c.long_form or (spelled_out if c.text == abbreviated and not c.vocab_key else ""),
                vocab_key=c.vocab_key,
                inside=inside,
            )
        )
    url_name = doc.user_data.get("kg_url_name")
    if url_name is not None:
        # the paper's code lives in a repository named after its system, and the abstract
        # names it nowhere else: the address is the evidence, the offsets are into it (as a
        # title name's are into the title)
        name, start, end, ctype, url = url_name
        out.append(Mention(paper_id, name, start, end, ctype, "PROPOSES", "names", 0.8, url))
    title_name = doc.user_data.get("kg_title_name")
    if title_name is not None:
        # "OctoMed: Data Recipes for ...": a name only the title gives; its evidence is the
        # title, and its offsets are the title's (the only mentions not in the abstract)
        name, start, end, ctype = title_name
        long_form = spelled_out if name == abbreviated else ""
        out.append(Mention(paper_id, name, start, end, ctype, "PROPOSES", "title", 0.9, doc.user_data["kg_title"], long_form))
    own = doc.user_data.get("kg_title_proposed", ())  # "... via Centroid-Guided Firefly Optimization"
    for phrase, start, end, ctype in doc.user_data.get("kg_title_phrases", ()):
        if title_name is None or phrase != title_name[0]:
            role = "PROPOSES" if (start, end) in own or phrase == lead and lead_in_title_only else "MENTIONS"
            if role == "PROPOSES" and ctype == "Concept":
                ctype = lead_type if phrase == lead else "Method"  # most contributions are methods, as in the abstract's rules
            out.append(Mention(paper_id, phrase, start, end, ctype, role, "title", 0.6, doc.user_data["kg_title"]))
    return out


def extract(
    papers: Iterable[Paper], *, vocab_file: str | None = None, batch_size: int = 64, jobs: int = 1,
    tagger: bool | str = True,
) -> Iterator[tuple[Paper, list[Mention]]]:
    """Yield each paper with the mentions found in its abstract, in input order.

    With jobs > 1, abstracts are extracted in that many worker processes; extraction is
    per paper, so the result is identical to jobs=1 (corpus-level steps run afterwards).
    `tagger=False` runs the rules without the learned tagger (`kg build --no-tagger`); a path to a
    weights file runs it with those (tools/train_ranker.py's taggers trained without a set).
    """
    if jobs > 1:
        yield from _extract_parallel(papers, vocab_file=vocab_file, jobs=jobs, tagger=tagger)
        return
    yield from _extract_with(make_nlp(vocab_file, tagger), papers, batch_size)


# kg's components read only the tables in Doc.user_data, never the Doc's own tokens (the tagger,
# added after this list, was left off it until session 35: every default build built a spaCy Doc)
KG_COMPONENTS = frozenset(
    {"kg_prepare", "kg_definitions", "kg_names", "kg_terms", "kg_phrases", "kg_contributions", "kg_tagger"}
)


class _Tables:
    """What kg's components read of a Doc: its ``user_data`` (text, token and sentence tables)."""

    __slots__ = ("user_data",)

    def __init__(self, user_data: dict):
        self.user_data = user_data


def _add_paper_context(user_data: dict, paper: Paper) -> None:
    """What extraction reads beside the abstract (and the cache keys on): the paper's own title
    and the addresses of its code."""
    if paper.title and not paper.title_is_derived:
        user_data["kg_title"] = paper.title
    if paper.code_urls:
        user_data["kg_code_urls"] = paper.code_urls


def _extract_with(nlp, papers: Iterable[Paper], batch_size: int = 64) -> Iterator[tuple[Paper, list[Mention]]]:
    from kg.extract.tokenizer import AbstractTokenizer

    if type(nlp.tokenizer) is AbstractTokenizer and KG_COMPONENTS.issuperset(nlp.pipe_names):
        yield from _extract_tables(nlp, papers)
        return
    papers_iter = iter(papers)

    def docs():
        for paper in papers_iter:
            doc = nlp.make_doc(paper.abstract)
            doc.user_data["kg_text"] = paper.abstract  # spaCy rebuilds Doc.text on each access
            _add_paper_context(doc.user_data, paper)
            yield doc, paper

    for doc, paper in nlp.pipe(docs(), as_tuples=True, batch_size=batch_size):
        yield paper, mentions_from_doc(doc, paper.id)


def _extract_tables(nlp, papers: Iterable[Paper]) -> Iterator[tuple[Paper, list[Mention]]]:
    """The same results as running ``nlp.pipe`` over the papers' Docs, without building a spaCy
    Doc: kg's tokenizer writes the tables the components read, and each component runs on
    them in pipeline order (building the Doc's tokens and lexemes was a fifth of the time)."""
    from kg.extract.tokenizer import scan

    procs = [proc for _name, proc in nlp.pipeline]
    max_length = nlp.max_length
    for paper in papers:
        text = paper.abstract
        if len(text) > max_length:
            nlp.make_doc(text)  # raises spaCy's error for over-long texts, as nlp.pipe would
        toks, sents = scan(text)
        doc = _Tables({"kg_text": text, "kg_tokens": toks, "kg_sents": sents})
        _add_paper_context(doc.user_data, paper)
        for proc in procs:
            doc = proc(doc)
        yield paper, mentions_from_doc(doc, paper.id)


_WORKER_NLP = None
CHUNK = 200
AUTO_MIN_PAPERS = 2 * CHUNK  # below this, starting workers costs more than it saves


def auto_jobs(papers: int, requested: int = 0) -> int:
    """Worker processes for `papers` abstracts: `requested`, or with 0, one per available
    core (up to 8) when there is enough work to share."""
    if requested > 0:
        return requested
    import os

    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, min(cores, 8)) if papers >= AUTO_MIN_PAPERS else 1


def _work(chunk: list[Paper]) -> list[list[tuple]]:
    # plain tuples cross the process boundary ~10x faster than dataclass instances
    return [[m.row() for m in mentions] for _paper, mentions in _extract_with(_WORKER_NLP, chunk)]


def _init_worker(vocab_file: str | None, tagger: bool | str = True) -> None:
    global _WORKER_NLP
    _WORKER_NLP = make_nlp(vocab_file, tagger)  # one pipeline per worker process, for all its chunks


def _extract_parallel(papers, *, vocab_file, jobs, tagger: bool | str = True):
    import multiprocessing
    import os

    from kg.extract.vocabulary import load_vocabulary

    load_vocabulary(vocab_file)  # read once here: forked workers inherit it
    papers = list(papers)
    chunks = [papers[i : i + CHUNK] for i in range(0, len(papers), CHUNK)]
    ctx = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
    with ctx.Pool(jobs, initializer=_init_worker, initargs=(vocab_file, tagger)) as pool:
        for chunk, results in zip(chunks, pool.imap(_work, chunks)):
            for paper, rows in zip(chunk, results):
                yield paper, [Mention(*row) for row in rows]
