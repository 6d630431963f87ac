"""Issue 8, hostile text, atomic outputs and a bounded fuzz of the whole build.

Text that breaks naive Cypher, XML or CSV goes through `kg build` into GraphML (which must
parse and hold it, less what XML cannot), graph.json (verbatim) and the embedded engine
(verbatim through `kg query`). A crash in the middle of writing leaves the previous file
whole and no temporary file behind.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from pathlib import Path

import networkx as nx
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kg.cli import main
from kg.export import write
from kg.export.atomic import atomic_open
from kg.export.flatten import xml_safe
from kg.export.graphml import read_graphml, write_graphml
from kg.export.json_graph import read_json, write_json

HOSTILE_ABSTRACTS = [
    'We propose O\'Reilly-Net "quoted" for GSM8K; it beats `BaseNet` and "Foo\'s" model.',
    "We propose BraceNet }) DETACH DELETE n // a comment, and evaluate it on MATH500.",
    "We introduce MATCH (n) RETURN n; /* c */ CALL db.labels() as an UNWIND-MERGE baseline using GRPO.",
    "We propose EmojiNet \U0001f916\U0001f9ea with RTL \u200f\u05e9\u05dc\u05d5\u05dd\u200f text and \u202eoverride on AIME25.",
    "We propose CtrlNet with control \x01\x02\x0b\x0c\x1b chars and \x7f, a \\N backslash, $rows {props} [list].",
    "We propose ZWJ\u200dNet with \ufeff inside, \U0001d4b3 math, \u00e9\u0301 accents and CJK \u6a21\u578b on HumanEval.",
    "We propose SET-REMOVE-Net: `MATCH (a)-[r]->(b) DELETE r` // and ' OR 1=1 -- on LiveCodeBench.",
]


def hostile_records() -> list[dict]:
    """Return JSONL records whose ids, titles, authors and URLs are as hostile as their abstracts."""
    records = []
    for i, text in enumerate(HOSTILE_ABSTRACTS):
        records.append(
            {
                "id": f"h{i}-'`\"{{}}//\u200f\U0001f916 MATCH (n) DETACH DELETE n",
                "title": f"T{i}: {text[:50]}",
                "abstract": text,
                "authors": [f"O'Brien, {i}", "Ren\u00e9 \u202eTest", "`x` {y}"],
                "url": f"https://example.org/{i}?q='\"&x=<y>",
                "venue": "NeurIPS } //",
                "year": 2024,
            }
        )
    return records


def invoke(*args) -> tuple[int, str]:
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output, result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"uncaught {result.exception!r}\n{result.output}")
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def hostile_out(tmp_path_factory):
    root = tmp_path_factory.mktemp("hostile")
    source = root / "hostile.jsonl"
    source.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in hostile_records()), encoding="utf-8"
    )
    code, output = invoke(
        "build", source, "--out", root / "out", "--no-cache", "--export", "csv", "--export", "gexf"
    )
    assert code == 0, output
    return root / "out"


def test_hostile_ids_titles_and_authors_survive_the_build(hostile_out):
    data = json.loads((hostile_out / "graph.json").read_text(encoding="utf-8"))
    papers = {n["id"]: n for n in data["nodes"] if n["kind"] == "Paper"}
    for record in hostile_records():
        paper = papers[record["id"]]  # ids are kept exactly
        assert paper["url"] == record["url"]
        assert paper["authors"][0] == record["authors"][0]
        assert paper["venue"] == "NeurIPS } //"
    assert len(papers) == len(HOSTILE_ABSTRACTS)


def test_hostile_graphml_parses_and_holds_the_text(hostile_out):
    G = read_graphml(hostile_out / "graph.graphml")
    J = read_json(hostile_out / "graph.json")
    assert sorted(G.nodes) == sorted(xml_safe(n) for n in J.nodes)
    for node, attrs in J.nodes(data=True):
        stored = G.nodes[xml_safe(node)]
        for key, value in attrs.items():
            if isinstance(value, str):
                assert stored[key] == xml_safe(value), (node, key)
            elif isinstance(value, list):
                assert json.loads(stored[key]) == [xml_safe(v) for v in value], (node, key)
    assert G.number_of_edges() == J.number_of_edges()
    evidence = sorted(d["evidence"] for *_, d in G.edges(data=True))
    assert evidence == sorted(xml_safe(d["evidence"]) for *_, d in J.edges(data=True))


def test_hostile_gexf_and_csv_parse(hostile_out):
    import csv

    G = nx.read_gexf(hostile_out / "graph.gexf")
    assert G.number_of_nodes() == read_json(hostile_out / "graph.json").number_of_nodes()
    with open(hostile_out / "nodes.csv", encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    ids = {r["id"] for r in rows}
    assert {r["id"] for r in hostile_records()} <= ids


def test_hostile_text_round_trips_through_the_embedded_engine(hostile_out):
    pytest.importorskip("ladybug")
    data = json.loads((hostile_out / "graph.json").read_text(encoding="utf-8"))
    code, output = invoke(
        "query",
        "--graph",
        hostile_out,
        "--format",
        "json",
        "MATCH (p:Paper) RETURN p.id AS id, p.title AS title, p.abstract AS abstract, p.url AS url, "
        "p.venue AS venue, p.authors AS authors ORDER BY id",
    )
    assert code == 0, output
    rows = {r["id"]: r for r in json.loads(output)}
    for node in (n for n in data["nodes"] if n["kind"] == "Paper"):
        row = rows[node["id"]]
        for key in ("title", "abstract", "url", "venue"):
            assert row[key] == node[key], (node["id"], key)
        assert sorted(row["authors"]) == sorted(node["authors"])
    code, output = invoke(
        "query",
        "--graph",
        hostile_out,
        "--format",
        "json",
        "MATCH (p:Paper)-[r]->(c:Concept) RETURN p.id AS p, c.id AS c, c.name AS name, r.evidence AS evidence",
    )
    assert code == 0, output
    got = sorted((r["p"], r["c"], r["name"], r["evidence"]) for r in json.loads(output))
    names = {n["id"]: n["name"] for n in data["nodes"] if n["kind"] == "Concept"}
    want = sorted(
        (e["source"], e["target"], names[e["target"]], e["evidence"])
        for e in data["edges"]
        if e["source"] in {r["id"] for r in hostile_records()}
    )
    assert got == want


@pytest.mark.parametrize("record", hostile_records()[:3], ids=["quotes", "braces", "keywords"])
def test_hostile_parameters_find_exactly_their_paper(hostile_out, record):
    pytest.importorskip("ladybug")
    code, output = invoke(
        "query",
        "--graph",
        hostile_out,
        "--format",
        "json",
        "MATCH (p:Paper {id: $id}) RETURN p.id AS id",
        "-p",
        f"id={record['id']}",
    )
    assert code == 0, output
    assert json.loads(output) == [{"id": record["id"]}]


# Values a JSON record can carry but the CSV the embedded engine loads from could not: a lone
# CR ended the row (kg query failed for the whole graph), and "\N" read back as NULL.
AWKWARD = ["a\rb", "cr at end\r", "\\N", "crlf\r\nand lf\n", "tab\there", "\u2028line sep\u2029"]


@pytest.mark.parametrize("value", AWKWARD, ids=["cr", "trailing-cr", "backslash-N", "crlf", "tab", "u2028"])
def test_awkward_ids_and_urls_round_trip_through_the_embedded_engine(tmp_path, value):
    pytest.importorskip("ladybug")
    source = tmp_path / "in.jsonl"
    source.write_text(
        json.dumps({"id": value, "url": value, "abstract": "We propose FooNet on GSM8K."})
        + "\n"
        + json.dumps({"id": "other", "abstract": "We evaluate BarNet on MATH500."})
        + "\n",
        encoding="utf-8",
    )
    code, output = invoke("build", source, "--out", tmp_path / "out", "--no-cache")
    assert code == 0, output
    code, output = invoke(
        "query",
        "--graph",
        tmp_path / "out",
        "--format",
        "json",
        "MATCH (p:Paper)-[r]->(c:Concept) RETURN p.id AS id, p.url AS url, count(c) AS n ORDER BY id",
    )
    assert code == 0, output
    rows = {r["id"]: r for r in json.loads(output)}
    expected_id = value.strip()  # ids and URLs are stripped; inner characters kept
    assert set(rows) == {expected_id, "other"}
    assert rows[expected_id]["url"] == value.strip() and rows[expected_id]["n"] >= 1
    G = read_graphml(write(read_json(tmp_path / "out" / "graph.json"), tmp_path / "gml", "graphml"))
    assert xml_safe(expected_id) in G.nodes


def test_graphml_keeps_carriage_returns(tmp_path):
    G = nx.MultiDiGraph()
    G.add_node(
        "c:1", kind="Concept", name="cr\rhere", type="Concept", aliases=["x\r\ny"], definition="a\r\nb\rc"
    )
    path = tmp_path / "g.graphml"
    write_graphml(G, path)
    H = read_graphml(path)
    assert H.nodes["c:1"]["name"] == "cr\rhere"
    assert H.nodes["c:1"]["definition"] == "a\r\nb\rc"
    assert json.loads(H.nodes["c:1"]["aliases"]) == ["x\r\ny"]
    assert H.nodes["c:1"]["label"] == "cr\rhere"


def test_hostile_graph_of_the_loader_tests_in_every_format(tmp_path):
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "integration"))
    from hostile_graph import make_graph

    G = make_graph(4)
    for fmt in ("graphml", "json", "csv", "gexf", "neo4j-csv"):
        write(G, tmp_path, fmt)
    H = read_graphml(tmp_path / "graph.graphml")
    assert sorted(H.nodes) == sorted(xml_safe(n) for n in G.nodes)
    for n, d in G.nodes(data=True):
        assert H.nodes[xml_safe(n)]["name" if "name" in d else "title"] == xml_safe(
            d.get("name") or d["title"]
        )
    J = read_json(tmp_path / "graph.json")
    assert dict(J.nodes(data=True)) == dict(G.nodes(data=True))
    assert sorted(J.edges(keys=True, data=True)) == sorted(G.edges(keys=True, data=True))
    nx.read_gexf(tmp_path / "graph.gexf")


# ---------------------------------------------------------------- atomic outputs


class Crash(Exception):
    pass


def leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.rglob("*") if p.name.endswith(".tmp") or ".tmp" in p.name)


@pytest.fixture
def built(tmp_path):
    source = tmp_path / "in.jsonl"
    source.write_text(
        "".join(
            json.dumps({"id": f"a{i}", "abstract": f"We propose Net{i} trained with GRPO on GSM8K."}) + "\n"
            for i in range(30)
        ),
        encoding="utf-8",
    )
    out = tmp_path / "out"
    code, output = invoke("build", source, "--out", out, "--no-cache", "--export", "csv")
    assert code == 0, output
    return source, out, {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}


def test_crash_inside_atomic_open_keeps_the_old_file(tmp_path):
    path = tmp_path / "f.txt"
    path.write_text("old content\n", encoding="utf-8")
    with pytest.raises(Crash), atomic_open(path) as handle:
        handle.write("new half")
        handle.flush()
        raise Crash
    assert path.read_text(encoding="utf-8") == "old content\n"
    assert os.listdir(tmp_path) == ["f.txt"]
    with pytest.raises(KeyboardInterrupt), atomic_open(path, "wb") as handle:
        handle.write(b"x" * 100_000)
        raise KeyboardInterrupt
    assert path.read_text(encoding="utf-8") == "old content\n" and os.listdir(tmp_path) == ["f.txt"]


def _crash_after(count: int, exc: type[BaseException]):
    """Return a write() replacement for file objects that raises after `count` calls."""
    calls = {"n": 0}

    def patched(original):
        def write(self_or_text, *args):
            calls["n"] += 1
            if calls["n"] > count:
                raise exc("simulated crash mid-write")
            return original(self_or_text, *args)

        return write

    return patched


@pytest.mark.parametrize("fmt", ["graphml", "json"])
@pytest.mark.parametrize("exc", [Crash, KeyboardInterrupt, OSError])
def test_crash_mid_write_keeps_the_previous_export(built, monkeypatch, fmt, exc):
    _, out, before = built
    import kg.export.atomic as atomic

    real = atomic.atomic_open

    @contextlib.contextmanager
    def crashing_open(path, mode="w", encoding="utf-8"):
        with real(path, mode, encoding) as handle:
            written = {"n": 0}
            original = handle.write

            def write(text):
                written["n"] += 1
                if written["n"] > 3:  # after part of the file is out
                    raise exc("simulated crash mid-write")
                return original(text)

            handle.write = write
            yield handle

    monkeypatch.setattr(
        f"kg.export.{'graphml' if fmt == 'graphml' else 'json_graph'}.atomic_open", crashing_open
    )
    G = read_json(out / "graph.json")
    with pytest.raises(exc):
        write(G, out, fmt)
    after = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}
    assert after == before
    assert leftovers(out) == []


def test_interrupted_build_exits_130_and_leaves_outputs(built, monkeypatch):
    source, out, before = built
    import kg.export.graphml as graphml

    def interrupted(G, path):
        with atomic_open(path) as handle:
            handle.write("<?xml version=")
            raise KeyboardInterrupt

    monkeypatch.setattr(graphml, "write_graphml", interrupted)
    source.write_text(source.read_text() + json.dumps({"id": "new", "abstract": "We propose NewNet."}) + "\n")
    result = CliRunner().invoke(main, ["build", str(source), "--out", str(out), "--no-cache"])
    assert result.exit_code == 130 and "Interrupted." in result.output and "Traceback" not in result.output
    assert {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()} == before
    assert leftovers(out) == []


def test_failed_export_of_the_second_file_leaves_the_first_unchanged(built, monkeypatch):
    source, out, before = built
    import kg.export.json_graph as json_graph

    def broken(G, path):
        with atomic_open(path) as handle:
            handle.write("{")
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(json_graph, "write_json", broken)
    source.write_text(source.read_text() + json.dumps({"id": "new", "abstract": "We propose NewNet."}) + "\n")
    result = CliRunner().invoke(main, ["build", str(source), "--out", str(out), "--no-cache"])
    assert result.exit_code != 0
    assert {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()} == before
    assert leftovers(out) == []


def test_atomic_batch_stages_every_file_then_renames(tmp_path):
    from kg.export.atomic import atomic_batch

    G = read_json_graph_fixture()
    write_json(G, tmp_path / "graph.json")
    write_graphml(G, tmp_path / "graph.graphml")
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    G.add_node("concept:new", kind="Concept", name="New", type="Concept")
    with pytest.raises(Crash), atomic_batch():
        write_graphml(G, tmp_path / "graph.graphml")
        raise Crash
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
    with atomic_batch():
        write_graphml(G, tmp_path / "graph.graphml")
        write_json(G, tmp_path / "graph.json")
        assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if not p.name.startswith(".")} == before
    assert "concept:new" in read_graphml(tmp_path / "graph.graphml")
    assert "concept:new" in read_json(tmp_path / "graph.json")
    assert leftovers(tmp_path) == []


def read_json_graph_fixture() -> nx.MultiDiGraph:
    G = nx.MultiDiGraph()
    G.add_node("p:1", kind="Paper", title="T", abstract="A")
    G.add_node("concept:x", kind="Concept", name="X", type="Method")
    G.add_edge("p:1", "concept:x", key="USES", type="USES", evidence="A")
    return G


# ---------------------------------------------------------------- bounded fuzz of the whole build

_WORDS = st.sampled_from(
    [
        "We",
        "propose",
        "GRPO",
        "Qwen2.5-7B",
        "on",
        "GSM8K",
        "(",
        ")",
        "chain-of-thought",
        "$x^2$",
        "\\cite{a}",
        "{",
        "}",
        "`",
        "//",
        "MATCH",
        "\u200f",
        "\U0001f916",
        "\x0b",
        "\r",
        "\\N",
        "\ud800",
        '"',
        "'",
        "<b>",
        "&amp;",
    ]
)
_ABSTRACT = st.one_of(
    st.text(min_size=1, max_size=200),
    st.lists(_WORDS, min_size=1, max_size=40).map(" ".join),
    st.lists(st.one_of(_WORDS, st.text(max_size=8)), min_size=1, max_size=30).map(" ".join),
)


def _exports(tmp: Path, records: list[tuple[str, str | None]], run: str) -> tuple[int, str, list[str]]:
    source = tmp / "in.jsonl"
    with open(source, "w", encoding="utf-8") as handle:
        for abstract, title in records:
            record = {"abstract": abstract} if title is None else {"abstract": abstract, "title": title}
            handle.write(json.dumps(record) + "\n")  # ASCII escapes: lone surrogates too
    out = tmp / run
    code, output = invoke("build", source, "--out", out, "--skip-bad", "--no-cache", "-q")
    if code != 0:
        return code, output, []
    return code, output, sorted(p.name for p in out.iterdir() if p.is_file())


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(records=st.lists(st.tuples(_ABSTRACT, st.none() | _ABSTRACT), min_size=1, max_size=6))
def test_fuzz_build_exports_parse_and_ids_are_stable(tmp_path_factory, records):
    tmp = tmp_path_factory.mktemp("fuzz")
    code, output, files = _exports(tmp, records, "a")
    if code != 0:
        # the only acceptable failure: nothing usable in the input, said in one line
        assert code == 2 and re.fullmatch(r"Error: [^\n]*no papers found[^\n]*\n", output), output
        return
    out = tmp / "a"
    J = read_json(out / "graph.json")
    G = read_graphml(out / "graph.graphml")
    assert sorted(G.nodes) == sorted(xml_safe(n) for n in J.nodes)
    assert G.number_of_edges() == J.number_of_edges()
    for node, attrs in J.nodes(data=True):
        for key, value in attrs.items():
            if isinstance(value, str):
                assert G.nodes[xml_safe(node)][key] == xml_safe(value)
    papers = sorted(n for n, d in J.nodes(data=True) if d["kind"] == "Paper")
    assert all(p.startswith("p-") for p in papers)
    # a second run over the same input: same ids, byte-identical files
    code2, _, files2 = _exports(tmp, records, "b")
    assert code2 == 0 and files2 == files
    for name in ("graph.json", "graph.graphml"):
        assert (tmp / "a" / name).read_bytes() == (tmp / "b" / name).read_bytes(), name
