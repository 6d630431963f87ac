"""Commands that build a graph and look inside it: build, export, stats, concepts, concept, paper."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import click

from kg.cli import main
from kg.cli.common import graph_option, handle_errors, warn
from kg.export import EXPORTERS

FORMATS = list(EXPORTERS)


def _parse_fields(pairs: tuple[str, ...]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        if "=" not in pair:
            raise click.BadParameter(f"{pair!r} is not KG_FIELD=SOURCE_FIELD, e.g. abstract=summary", param_hint="--field")
        k, v = pair.split("=", 1)
        out[k.strip()] = v.strip()
    return out


@main.command()
@click.argument("inputs", nargs=-1, required=True)
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("out"), show_default=True, help="Output directory.")
@click.option("--format", "input_format", type=click.Choice(["seedlist", "jsonl", "json", "csv", "tsv"]), help="Input format (default: from extension and content).")
@click.option("--field", "fields", multiple=True, metavar="KG=SOURCE", help="Map an input column to a kg field, e.g. --field abstract=summary. Repeatable.")
@click.option("--skip-bad", is_flag=True, help="Skip malformed records with a warning instead of stopping.")
@click.option("--vocab", "vocab_file", type=click.Path(dir_okay=False), help="Extra vocabulary TSV (name, type, aliases, parent).")
@click.option("--export", "exports", multiple=True, type=click.Choice(FORMATS), help="Extra export formats besides graphml and json.")
@click.option("--rules", "rules_file", type=click.Path(dir_okay=False), help="Merge rules to apply: 'merge<TAB>FORM<TAB>FORM' or 'split<TAB>FORM' lines.")
@click.option("--review", "review_file", type=click.Path(dir_okay=False), help="Write the merges made and close calls refused to this TSV file.")
@click.option("--no-analytics", is_flag=True, help="Skip CO_OCCURS edges and communities (faster on huge inputs).")
@click.option("--no-cache", is_flag=True, help="Extract every paper again instead of reusing OUT/.kg-cache.")
@click.option("--no-tagger", is_flag=True, help="Leave out the learned key-concept tagger: about a fifth faster, fewer concepts found.")
@click.option(
    "-j", "--jobs", default=0, show_default=True, type=click.IntRange(0, 64),
    help="Worker processes for extraction; 0: one per CPU core when there are 400+ abstracts.",
)
@click.option("-q", "--quiet", is_flag=True, help="Print nothing but errors.")
@handle_errors
def build(inputs, out_dir, input_format, fields, skip_bad, vocab_file, exports, rules_file, review_file, no_analytics, no_cache, no_tagger, jobs, quiet):
    """Build the knowledge graph of INPUTS (files, folders, globs or - for stdin).

    Writes OUT/graph.graphml and OUT/graph.json.
    """
    from kg.api import BuildReport, build_graph, write_outputs

    report = BuildReport()
    start = time.perf_counter()
    show_bar = not quiet and sys.stderr.isatty()
    bar = None

    def progress(done, total):
        nonlocal bar
        if bar is None:
            bar = click.progressbar(length=total, label="Extracting", file=sys.stderr)
        bar.update(1)

    try:
        G = build_graph(
            inputs,
            format=input_format,
            field_map=_parse_fields(fields) or None,
            skip_bad=skip_bad,
            vocab_file=vocab_file,
            warn=None if quiet else warn,
            progress=progress if show_bar else None,
            report=report,
            jobs=jobs,
            rules_file=rules_file,
            review_file=review_file,
            cache_dir=None if no_cache else Path(out_dir) / ".kg-cache",
            analytics=not no_analytics,
            tagger=not no_tagger,
        )
    finally:
        if bar is not None:
            bar.render_finish()
    t = time.perf_counter()
    paths = write_outputs(G, out_dir, ("graphml", "json", *exports))
    report.timings["export"] = time.perf_counter() - t
    if quiet:
        return
    skipped = sum(1 for w in report.warnings if w.endswith("skipped]"))
    click.echo(
        f"{report.papers} papers, {report.concepts} concepts, {report.edges} edges "
        f"in {time.perf_counter() - start:.1f}s"
        + (f" ({report.cache_hits} from cache)" if report.cache_hits else "")
        + (f" ({skipped} records skipped)" if skipped else "")
    )
    for p in paths:
        click.echo(f"  wrote {p}")


@main.command("export")
@graph_option
@click.option("--format", "fmt", type=click.Choice(FORMATS), required=True, help="Target format.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), help="Output directory (default: the graph's).")
@handle_errors
def export_cmd(graph_dir, fmt, out_dir):
    """Convert a built graph to another format."""
    from kg.export import write
    from kg.graph.io import load_graph

    G = load_graph(graph_dir)
    click.echo(f"wrote {write(G, out_dir or graph_dir, fmt)}")


def _emit(data, as_json: bool, render):
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        render(data)


@main.command()
@graph_option
@click.option("--top", default=10, show_default=True, help="How many shared concepts and thin papers to list.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@handle_errors
def stats(graph_dir, top, as_json):
    """Counts by type, the most shared concepts, the papers with fewest concepts."""
    from kg.graph.inspect import stats as compute
    from kg.graph.io import load_graph

    data = compute(load_graph(graph_dir), top=top)

    def render(d):
        click.echo(f"papers    {d['papers']}\nconcepts  {d['concepts']}\nedges     {d['edges']}\n")
        click.echo("concepts by type:")
        for k, v in d["concepts_by_type"].items():
            click.echo(f"  {k:<12}{v:>6}")
        click.echo("edges by type:")
        for k, v in d["edges_by_type"].items():
            click.echo(f"  {k:<14}{v:>6}")
        click.echo("most shared concepts:")
        for c in d["top_shared_concepts"]:
            click.echo(f"  {c['papers']:>4}  {c['name']} ({c['type']})")
        click.echo("papers with fewest concepts:")
        for p in d["fewest_concepts"]:
            click.echo(f"  {p['concepts']:>4}  {p['id']}  {p['title'][:70]}")

    _emit(data, as_json, render)


@main.command()
@graph_option
@click.option("--type", "ctype", help="Only concepts of this type (Model, Method, Benchmark ...).")
@click.option("--min-papers", default=1, show_default=True, help="Only concepts linked to at least this many papers.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@handle_errors
def concepts(graph_dir, ctype, min_papers, as_json):
    """List concepts with their type and paper count, most shared first."""
    from kg.graph.inspect import concepts as list_concepts
    from kg.graph.io import load_graph

    G = load_graph(graph_dir)
    rows = [
        {"id": c, "name": G.nodes[c]["name"], "type": G.nodes[c]["type"], "papers": G.nodes[c].get("paper_count", 0)}
        for c in list_concepts(G, ctype)
        if G.nodes[c].get("paper_count", 0) >= min_papers
    ]
    rows.sort(key=lambda r: (-r["papers"], r["name"].lower()))

    def render(rs):
        for r in rs:
            click.echo(f"{r['papers']:>5}  {r['type']:<10} {r['name']}")

    _emit(rows, as_json, render)


@main.command()
@click.argument("name")
@graph_option
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@handle_errors
def concept(name, graph_dir, as_json):
    """Show a concept (found by any alias) and its papers with evidence sentences."""
    from kg.graph.inspect import concept_papers, find_concept
    from kg.graph.io import load_graph

    G = load_graph(graph_dir)
    cid = find_concept(G, name)
    a = G.nodes[cid]
    data = {
        "id": cid, "name": a["name"], "type": a["type"], "aliases": a.get("aliases", []),
        "definition": a.get("definition", ""), "papers": concept_papers(G, cid),
    }

    def render(d):
        click.echo(f"{d['name']} ({d['type']})  {d['id']}")
        if d["definition"]:
            click.echo(f"  definition: {d['definition']}")
        if d["aliases"]:
            click.echo(f"  aliases: {', '.join(d['aliases'])}")
        click.echo(f"  {len(d['papers'])} papers:")
        for p in d["papers"]:
            click.echo(f"  - [{p['role']}] {p['title'][:80]}  ({p['paper']})")
            click.echo(f"      \"{p['evidence'][:200]}\"")

    _emit(data, as_json, render)


@main.command()
@click.argument("ref")
@graph_option
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@handle_errors
def paper(ref, graph_dir, as_json):
    """Show a paper (by id or a unique title/abstract fragment) with its concepts and roles."""
    from kg.graph.inspect import find_paper, paper_concepts
    from kg.graph.io import load_graph

    G = load_graph(graph_dir)
    pid = find_paper(G, ref)
    a = G.nodes[pid]
    data = {"id": pid, "title": a.get("title", ""), "venue": a.get("venue", ""), "year": a.get("year"), "concepts": paper_concepts(G, pid)}

    def render(d):
        click.echo(f"{d['title']}\n  {d['id']}  {d['venue']} {d['year'] or ''}")
        for c in d["concepts"]:
            click.echo(f"  {c['role']:<14} {c['type']:<10} {c['name']}")

    _emit(data, as_json, render)


@main.command("eval")
@click.argument("gold", type=click.Path(dir_okay=False))
@graph_option
@click.option("--judged", "judged_files", multiple=True, type=click.Path(dir_okay=False),
              help="Valid/invalid verdicts on linked concepts, for judged precision (repeatable: rounds of judging add up).")
@click.option("--json", "as_json", is_flag=True, help="Print the full JSON report.")
@handle_errors
def eval_cmd(gold, graph_dir, judged_files, as_json):
    """Score a built graph against an annotated GOLD file (recall, precision, contributions, merges)."""
    from kg.evaluate import evaluate, load_gold, merge_judgements
    from kg.graph.io import load_graph

    judged = merge_judgements(*(load_gold(f) for f in judged_files)) if judged_files else None
    report = evaluate(load_graph(graph_dir), load_gold(gold), judged)

    def render(r):
        for key in ("papers", "recall", "recall_partial", "concepts_per_paper", "type_accuracy", "precision_vs_gold_keys",
                    "precision_judged", "judged_links", "unjudged_links", "contributions", "contributions_found", "alias_groups_merged"):
            click.echo(f"{key:<24}{r[key]}")
        for m in r["merge_errors"]:
            click.echo(f"merge error: {m['group']} -> {m['nodes']}")
        if r["unmatched_papers"]:
            click.echo(f"unmatched gold papers: {len(r['unmatched_papers'])}")

    _emit(report, as_json, render)
