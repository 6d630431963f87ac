"""Public entry points: the functions the CLI calls and that scripts and tests use."""

from __future__ import annotations

import contextlib
import gc
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import networkx as nx

from kg.errors import InputError


@dataclass
class BuildReport:
    papers: int = 0
    concepts: int = 0
    edges: int = 0
    warnings: list[str] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    outputs: list[str] = field(default_factory=list)
    cache_hits: int = 0
    extracted: int = 0


@contextlib.contextmanager
def fewer_gc_pauses():
    """Run a build with the cyclic garbage collector mostly out of the way.

    A build allocates millions of small objects that live until it ends, and Python's
    collector rescans the growing heap again and again (~15% of extraction time); kg's
    data holds no reference cycles that need collecting mid-build. Objects that exist before
    the build (vocabulary, lexicon) are frozen out of collection, and the young generation is
    collected 140x less often. The previous settings come back afterwards.
    """
    old = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(100_000, 50, 100)
    try:
        yield
    finally:
        gc.set_threshold(*old)
        gc.unfreeze()


@contextlib.contextmanager
def collector_off():
    """Run a step with the cyclic garbage collector off. Resolution holds every mention of the
    build and allocates millions of short-lived tuples, strings and dicts on top: even young-
    generation collections at fewer_gc_pauses' threshold cost it a sixth of its time at 4,000
    abstracts (`python bench/bench_resolve.py`); it makes no reference cycles (a collection
    after it finds nothing unreachable), so reference counting frees what it drops."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def build_graph(
    inputs: Sequence[str | os.PathLike],
    *,
    format: str | None = None,
    field_map: dict[str, str] | None = None,
    skip_bad: bool = False,
    vocab_file: str | None = None,
    warn: Callable[[str], None] | None = None,
    progress: Callable[[int, int], None] | None = None,
    report: BuildReport | None = None,
    jobs: int = 0,
    rules_file: str | os.PathLike | None = None,
    review_file: str | os.PathLike | None = None,
    cache_dir: str | os.PathLike | None = None,
    analytics: bool = True,
    tagger: bool = True,
) -> nx.MultiDiGraph:
    """Read paper lists, extract and resolve concepts, and return the knowledge graph.

    With `cache_dir`, per-paper extraction results are reused from earlier builds; the graph
    is the same as without it. With `analytics` (the default) the graph also gets CO_OCCURS
    edges between concepts sharing two or more papers, and `community`/`community_label`
    on every node (kg.graph.analytics). `tagger=False` leaves out the learned key-concept tagger
    (kg/extract/tagger.py): about a fifth faster, at about 0.04 lower recall.
    """
    from kg.extract.vocabulary import load_vocabulary
    from kg.graph.build import build_graph as assemble
    from kg.read import read_papers
    from kg.resolve.resolver import Resolver
    from kg.resolve.review import read_rules, write_review

    report = report if report is not None else BuildReport()

    def _warn(msg: str) -> None:
        report.warnings.append(msg)
        if warn:
            warn(msg)

    load_vocabulary(vocab_file)  # loaded before the collector freezes what exists
    with fewer_gc_pauses():
        t0 = time.perf_counter()
        papers = list(read_papers(inputs, format=format, field_map=field_map, skip_bad=skip_bad, warn=_warn))
        if not papers:
            raise InputError(
                "no papers found in " + ", ".join(str(i) for i in inputs),
                hint="check the path, or pass --format for files with an unusual extension",
            )
        t1 = time.perf_counter()
        extracted = _extract_with_cache(papers, vocab_file, jobs, cache_dir, progress, report, tagger)
        t2 = time.perf_counter()
        rules = read_rules(rules_file) if rules_file else None
        with collector_off():
            resolution = Resolver(load_vocabulary(vocab_file), rules=rules).resolve(extracted)
        del extracted  # the mentions live on in the resolution's links: the lists that held them go
        if review_file:
            write_review(resolution, review_file)
        t3 = time.perf_counter()
        G = assemble(papers, resolution)
        n_concepts = len(resolution.concepts)
        del resolution  # the graph holds what the analytics and the writers read
        t4 = time.perf_counter()
        if analytics:
            from kg.graph.analytics import add_analytics

            add_analytics(G)
        t5 = time.perf_counter()
        report.papers = len(papers)
        report.concepts = n_concepts
        report.edges = G.number_of_edges()
        report.timings.update(read=t1 - t0, extract=t2 - t1, resolve=t3 - t2, build=t4 - t3, analytics=t5 - t4)
    return G


def _extract_with_cache(papers, vocab_file, jobs, cache_dir, progress, report, tagger=True):
    """Mentions for every paper, in input order, extracting only what the cache lacks."""
    from kg.extract.pipeline import auto_jobs, extract

    cache = None
    if cache_dir is not None:
        from kg.extract.cache import ExtractionCache, fingerprint

        cache = ExtractionCache(cache_dir, fingerprint(vocab_file, tagger))
    try:
        found = [cache.get(p) if cache else None for p in papers]
        todo = [p for p, f in zip(papers, found) if f is None]
        done = len(papers) - len(todo)
        fresh = {}
        jobs = auto_jobs(len(todo), jobs)
        for i, (paper, mentions) in enumerate(extract(todo, vocab_file=vocab_file, jobs=jobs, tagger=tagger), 1):
            fresh[paper.id] = mentions
            if progress:
                progress(done + i, len(papers))
        if cache and todo:
            cache.put_many((p, fresh[p.id]) for p in todo)
        report.cache_hits, report.extracted = done, len(todo)
        return [(p, f if f is not None else fresh[p.id]) for p, f in zip(papers, found)]
    finally:
        if cache:
            cache.close()


def write_outputs(G: nx.MultiDiGraph, out_dir: str | os.PathLike, formats: Sequence[str] = ("graphml", "json")) -> list[Path]:
    """Write `G` to `out_dir` in each format (graph.graphml, graph.json, ...); return the paths."""
    from kg.export import write
    from kg.export.atomic import atomic_batch

    out_dir = Path(out_dir)
    with atomic_batch(), fewer_gc_pauses():  # renamed into place only once every file is written
        return [write(G, out_dir, fmt) for fmt in formats]
